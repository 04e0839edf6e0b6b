/**
 * Seeded random Magic games between random legal agents (in parts of 100, each with its own time
 * limit) finish with a winner or a draw, throw nothing and never lose or duplicate a card. The
 * 1,000 games (TURNKIT_MTG_GAMES) are split in two files, one per test worker.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { Game } from "../../src/core/game.js";
import type { JsonObject } from "../../src/core/json.js";
import { allPlacedCards } from "../../src/core/objects.js";
import { isToken } from "../../src/core/tokens.js";
import { magic } from "../../src/presets/magic/index.js";

/** Games in all, over both files. */
export const GAMES = Number(process.env.TURNKIT_MTG_GAMES ?? 1000);
const MAX_ACTIONS = 20_000;
/** Games per test: each part has its own time limit, so a busy machine doesn't fail the whole thousand. */
const PART = 100;
/** The games with seeds `first` to `last`, in parts of PART. */
export function randomGames(first: number, last: number): void {
  const parts = Array.from({ length: Math.max(0, Math.ceil((last - first + 1) / PART)) }, (_, i) => ({
    from: first + i * PART,
    to: Math.min(last, first + (i + 1) * PART - 1),
  }));
  const reasons = new Map<string, number>();
  describe(`magic: random games ${first} to ${last}`, () => {
    const preset = magic();
    // ~1,200 responses a game with the sample decks: 30 to 90 s a part at a load of 10 to 15 on 2 cores.
    it.each(parts)(
      "seeded games $from to $to end with a winner or a draw and conserve every card",
      ({ from, to }) => {
        for (let seed = from; seed <= to; seed++) {
          // Mostly two-player games; every 10th has 3 players (every 20th 4), some attacking one player.
          const players = seed % 20 === 0 ? 4 : seed % 10 === 0 ? 3 : 2;
          const options: JsonObject = seed % 7 === 0 ? { archenemy: true, rulesVersion: "20241108" } : {};
          if (seed % 30 === 0) options.attackOneDefender = true;
          const game = Game.create(preset, { seed, players, options, logging: "none" }).run();
          const ids = Object.keys(game.state.objects).sort();
          const agent = randomAgent(seed);
          let actions = 0;
          while (!game.over && actions < MAX_ACTIONS) {
            game.act(agent.choose(game));
            actions++;
          }
          expect(game.over, `seed ${seed} did not finish in ${MAX_ACTIONS} actions`).toBe(true);
          // Tokens are not cards (CR 111.1): created and gone during the game, they are not conserved.
          const placed = allPlacedCards(game).filter((id) => !isToken(game, game.state.objects[id]!));
          expect(new Set(placed).size, `seed ${seed}: a card is in two places`).toBe(placed.length);
          expect(placed.sort(), `seed ${seed}: cards lost`).toEqual(ids);
          const reason = game.result!.reason.replace(/P\d lost: /g, "");
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
      },
    );

    it(`the ${last - first + 1} games are all decided, some by a life total of 0`, () => {
      expect([...reasons.values()].reduce((a, b) => a + b, 0)).toBe(last - first + 1);
      expect([...reasons.keys()].some((r) => r.includes("life total 0"))).toBe(true);
    });
  });
}
