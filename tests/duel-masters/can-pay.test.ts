/**
 * `canPay` (the option lists' feasibility check) answers as `choosePayment` does, for every card
 * of both players against every mana zone met along random games, with and without a card left out.
 */
import { expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { canPay, choosePayment, civilizationsOf, costOf } from "../../src/presets/duel-masters/mana.js";
import { getPreset } from "../../src/presets/index.js";
import { newGameOf } from "../../src/testing/invariants.js";

it("canPay agrees with choosePayment everywhere random games go", () => {
  let asked = 0;
  let payable = 0;
  for (const seed of [1, 2, 3, 4]) {
    const g = newGameOf(getPreset("duel-masters"), seed, seed % 2 ? "random" : "sample").run();
    const agent = randomAgent(seed);
    for (let i = 0; i < 400 && !g.over; i++) {
      if (i % 5 === 0)
        for (const p of [0, 1]) {
          const mana = g.cardsIn("mana", p);
          for (const o of Object.values(g.state.objects)) {
            const civs = civilizationsOf(g, o);
            for (const cost of [costOf(g, o), 1, 3, 6])
              for (const exclude of [undefined, mana[0]]) {
                const want = choosePayment(g, p, cost, civs, exclude) !== null;
                expect(canPay(g, p, cost, civs, exclude)).toBe(want);
                asked++;
                if (want) payable++;
              }
          }
        }
      g.act(agent.choose(g));
    }
  }
  // Both answers were met often.
  expect(payable).toBeGreaterThan(asked / 10);
  expect(asked - payable).toBeGreaterThan(asked / 10);
});
