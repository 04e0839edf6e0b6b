/**
 * 1,000 seeded random duels (in parts of 100, each with its own time limit) between random legal agents finish with a winner
 * (Life Points 0 or a failed normal draw), throw nothing and never lose or duplicate a card.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { Game } from "../../src/core/game.js";
import { allPlacedCards } from "../../src/core/objects.js";
import { sampleDecks, yugioh } from "../../src/presets/yugioh/index.js";

const DUELS = Number(process.env.TURNKIT_YGO_DUELS ?? 1000);
/** Duels per test: each part has its own time limit, so a busy machine doesn't fail the whole thousand. */
const PART = 100;
const parts = Array.from({ length: Math.ceil(DUELS / PART) }, (_, i) => ({
  from: i * PART + 1,
  to: Math.min(DUELS, (i + 1) * PART),
}));
const reasons = new Map<string, number>();
const MAX_ACTIONS = 5000;
/** Two 40-card Main Decks plus their Extra Decks (the sample decks list both). */
const CARDS = sampleDecks().flat().length;

describe("yugioh: random duels", () => {
  it.each(parts)("seeded duels $from to $to end with a winner and conserve every card", ({ from, to }) => {
    const preset = yugioh();
    for (let seed = from; seed <= to; seed++) {
      const game = Game.create(preset, { seed, logging: "none" }).run();
      const ids = Object.keys(game.state.objects).sort();
      expect(ids).toHaveLength(CARDS);
      const agent = randomAgent(seed);
      let actions = 0;
      while (!game.over && actions < MAX_ACTIONS) {
        game.act(agent.choose(game));
        actions++;
        const placed = allPlacedCards(game);
        if (placed.length !== CARDS || new Set(placed).size !== CARDS)
          throw new Error(
            `seed ${seed}, action ${actions}: ${placed.length} cards placed, ${new Set(placed).size} distinct`,
          );
      }
      expect(game.over, `seed ${seed} did not finish in ${MAX_ACTIONS} actions`).toBe(true);
      expect(game.result!.winner, `seed ${seed}: ${game.result!.reason}`).not.toBeNull();
      expect(allPlacedCards(game).sort()).toEqual(ids);
      const reason = game.result!.reason.replace(/^P\d lost: /, "");
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  });

  it(`the ${DUELS} duels are decided by Life Points or decking out`, () => {
    expect([...reasons.values()].reduce((a, b) => a + b, 0)).toBe(DUELS);
    // Duels are decided by Life Points; decking out is the bound that ends the rest.
    expect(reasons.get("Life Points reached 0")).toBeGreaterThan(0);
    for (const r of reasons.keys())
      expect(["Life Points reached 0", "could not draw (Deck empty)"]).toContain(r);
  });
});
