/**
 * `mayActivate` is `canActivate(...).ok` without the words (the fast path option lists use): at
 * every decision of random games of every preset, for every activated ability of every player's
 * cards, both answer the same.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/index.js";
import { canActivate, mayActivate } from "../../src/core/activation.js";
import { Game } from "../../src/core/game.js";
import { getPreset, presetIds } from "../../src/presets/index.js";

const SEEDS = [1, 2, 3, 4];

/** A seeded pick in [0, n) for random decks (a linear congruential generator; any will do). */
function pick(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return a % n;
  };
}
const MAX_ACTIONS = 250;

describe("mayActivate agrees with canActivate", () => {
  for (const id of presetIds())
    it(id, () => {
      let allowed = 0;
      const preset = getPreset(id);
      for (const seed of SEEDS) {
        // Sample decks on odd seeds, the preset's random decks (its whole library) on even ones.
        const decks = seed % 2 === 0 ? preset.randomDecks?.(preset.players.min, pick(seed)) : undefined;
        const game = Game.create(preset, { seed, ...(decks ? { decks } : {}) }).run();
        const agent = randomAgent(seed);
        for (let n = 0; n < MAX_ACTIONS && !game.over; n++) {
          for (const { id: player } of game.state.players)
            for (const zone of Object.values(game.state.zones))
              for (const objId of zone.cards) {
                const obj = game.state.objects[objId]!;
                const card = game.rules.card(obj.card);
                for (const ability of card.abilities ?? []) {
                  if (ability.kind !== "activated") continue;
                  const ref = { obj, card, ability, controller: player };
                  const full = canActivate(game, ref, player);
                  expect(mayActivate(game, ref, player), `${card.name} ${ability.id} for ${player}`).toBe(
                    full.ok,
                  );
                  if (full.ok) allowed++;
                }
              }
          game.act(agent.choose(game));
        }
      }
      // Where the library has activated abilities, random games reach moments that allow some.
      const library = preset.cards ?? [];
      if (library.some((c) => c.abilities?.some((a) => a.kind === "activated")))
        expect(allowed).toBeGreaterThan(0);
    });
});
