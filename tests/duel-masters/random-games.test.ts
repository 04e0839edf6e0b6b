/**
 * 1,000 seeded random games of each Duel Masters preset finish with a winner,
 * throw nothing, and never lose or duplicate a card.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { Game } from "../../src/core/game.js";
import { allPlacedCards } from "../../src/core/objects.js";
import { duelMasters, duelMastersPlay } from "../../src/presets/duel-masters/index.js";

const GAMES = Number(process.env.TURNKIT_DM_GAMES ?? 1000);

for (const make of [duelMasters, duelMastersPlay]) {
  const preset = make();
  describe(`${preset.id}: random games`, () => {
    it(`${GAMES} seeded games end with a winner and conserve every card`, () => {
      const reasons = new Map<string, number>();
      for (let seed = 1; seed <= GAMES; seed++) {
        const game = Game.create(preset, { seed, logging: "none" }).run();
        const ids = Object.keys(game.state.objects).sort();
        expect(ids).toHaveLength(80);
        const agent = randomAgent(seed);
        let actions = 0;
        while (!game.over && actions < 5000) {
          game.act(agent.choose(game));
          actions++;
          const placed = allPlacedCards(game);
          if (placed.length !== 80 || new Set(placed).size !== 80)
            throw new Error(
              `seed ${seed}, action ${actions}: ${placed.length} cards placed, ${new Set(placed).size} distinct`,
            );
        }
        expect(game.over, `seed ${seed} did not finish in 5000 actions`).toBe(true);
        expect(game.result!.winner, `seed ${seed}: ${game.result!.reason}`).not.toBeNull();
        expect(allPlacedCards(game).sort()).toEqual(ids);
        const kind = game.result!.reason.includes("directly") ? "direct attack" : game.result!.reason;
        reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
      }
      // Games are decided by direct attacks (DM-T4 deck-outs are rarer with 40-card decks).
      expect(reasons.get("direct attack")).toBeGreaterThan(0);
    });
  });
}
