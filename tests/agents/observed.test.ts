/**
 * `observedView` (src/agents/observed.ts), the part of a view the stdio host builds per step,
 * against the view itself: over random games of every preset, for every player at every step, it
 * equals the same fields of `viewFor`, and the default features and canonical options computed
 * from it equal those computed from the full view.
 */
import { describe, expect, it } from "vitest";
import { canonicalOptions } from "../../src/agents/encoding.js";
import { defaultFeatures, observedFeatures } from "../../src/agents/observe.js";
import { type ObservedCard, type ObservedView, observedView } from "../../src/agents/observed.js";
import type { Game } from "../../src/core/game.js";
import type { Json } from "../../src/core/json.js";
import { nextInt, seedRng } from "../../src/core/rng.js";
import type { HiddenCard, PlayerView, VisibleCard } from "../../src/core/view.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { newGameOf } from "../../src/testing/invariants.js";

const GAMES = 3;
const ACTIONS = 250;

/** The fields of a view card that `ObservedCard` keeps, as the view gives them. */
function cardPart(c: VisibleCard | HiddenCard): ObservedCard {
  if ("hidden" in c)
    return {
      hidden: true,
      ...(c.id !== undefined ? { id: c.id } : {}),
      ...(c.tapped !== undefined ? { tapped: c.tapped } : {}),
    };
  return { id: c.id, tapped: c.tapped, faceDown: c.faceDown, under: c.under.map(cardPart) };
}

/** The fields of a full view that `ObservedView` keeps (player variables: numbers and true/false). */
function part(v: PlayerView): ObservedView {
  const plain = (vars: Record<string, Json>) =>
    Object.fromEntries(
      Object.entries(vars).filter(([, x]) => typeof x === "number" || typeof x === "boolean"),
    );
  const d = v.decision;
  return {
    viewer: v.viewer,
    preset: v.preset,
    turn: { id: v.turn.id, player: v.turn.player, extra: v.turn.extra },
    path: v.path,
    players: v.players.map((p) => ({ id: p.id, name: p.name, vars: plain(p.vars) })),
    zones: Object.fromEntries(
      Object.entries(v.zones).map(([id, z]) => [
        id,
        { kind: z.kind, owner: z.owner, count: z.count, cards: z.cards.map(cardPart) },
      ]),
    ),
    decision:
      d === null
        ? null
        : "options" in d
          ? { player: d.player, kind: d.kind, options: d.options.map((o) => ({ id: o.id, label: o.label })) }
          : { player: d.player, kind: d.kind },
    result: v.result ? { winner: v.result.winner } : null,
  };
}

for (const id of presetIds()) {
  const preset = getPreset(id);
  describe(`${id}: the observed part of a view`, () => {
    it("equals the view's fields, and gives the same features and canonical options", () => {
      let checked = 0;
      let looking = 0;
      for (let g = 1; g <= GAMES; g++) {
        const game: Game = newGameOf(preset, g, g % 2 ? "random" : "sample").run();
        const players = game.state.players.length;
        const opts = { players, options: game.state.options };
        const slow = defaultFeatures(preset, opts);
        const fast = observedFeatures(preset, opts);
        const rng = seedRng(`observed:${g}`);
        for (let i = 0; i <= ACTIONS; i++) {
          const d = game.state.decision;
          const zoneOf = (o: string) => game.state.zones[game.state.objects[o]!.zone]!;
          if (d?.reveals?.some((o) => zoneOf(o).visibility === "hidden")) looking++;
          for (const p of game.state.players) {
            const full = game.viewFor(p.id);
            const lean = observedView(game, p.id);
            expect(lean).toStrictEqual(part(full));
            expect(fast(lean)).toEqual(slow(full));
            expect(canonicalOptions(lean)).toEqual(canonicalOptions(full));
            checked++;
          }
          if (game.over) break;
          game.act({ player: d!.player, choice: d!.options[nextInt(rng, d!.options.length)]!.id });
        }
      }
      expect(checked).toBeGreaterThan(GAMES * 2);
      // A search of a deck (a decision that lets its player look at cards in a hidden zone) is met.
      if (id === "yugioh") expect(looking).toBeGreaterThan(0);
    });
  });
}

describe("observedView", () => {
  it("refuses a player the game doesn't have", () => {
    const game = newGameOf(getPreset("lab"), 1, "sample").run();
    expect(() => observedView(game, 7)).toThrow(/no player 7/);
  });
});
