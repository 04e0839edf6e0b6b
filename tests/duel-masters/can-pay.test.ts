/**
 * `canPay` (the option lists' feasibility check) answers as `choosePayment` does, for every card
 * of both players against every mana zone met along random games, with and without a card left out.
 */
import { expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import type { Game } from "../../src/core/game.js";
import type { GameObject } from "../../src/core/types.js";
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

/** The payment rule written plainly (sorts and searches over the cards), to hold `choosePayment` to. */
function plainPayment(g: Game, p: number, cost: number, civs: readonly string[], exclude?: GameObject) {
  const untapped = g.cardsIn("mana", p).filter((o) => !o.tapped && o !== exclude);
  if (untapped.length < cost) return null;
  const n = (o: GameObject) => civilizationsOf(g, o).length;
  const byFlex = [...untapped].sort((a, b) => n(a) - n(b));
  const picked: GameObject[] = [];
  for (const civ of civs.filter((c) => c !== "colorless")) {
    if (picked.some((o) => civilizationsOf(g, o).includes(civ))) continue;
    const card = byFlex.find((o) => !picked.includes(o) && civilizationsOf(g, o).includes(civ));
    if (!card) return null;
    picked.push(card);
  }
  if (picked.length > cost) return null;
  const plenty = new Map<string, number>();
  for (const o of untapped) for (const c of civilizationsOf(g, o)) plenty.set(c, (plenty.get(c) ?? 0) + 1);
  const rarest = (o: GameObject) => Math.min(...civilizationsOf(g, o).map((c) => plenty.get(c) ?? 0));
  const rest = byFlex.filter((o) => !picked.includes(o)).sort((a, b) => n(a) - n(b) || rarest(b) - rarest(a));
  for (const o of rest) if (picked.length < cost) picked.push(o);
  return picked.length === cost ? picked : null;
}

it("choosePayment picks the cards the payment rule names, in its order", () => {
  let paid = 0;
  for (const seed of [5, 6, 7]) {
    const g = newGameOf(getPreset("duel-masters"), seed, seed % 2 ? "random" : "sample").run();
    const agent = randomAgent(seed);
    for (let i = 0; i < 300 && !g.over; i++) {
      if (i % 7 === 0)
        for (const p of [0, 1])
          for (const o of Object.values(g.state.objects))
            for (const cost of [costOf(g, o), 2, 4]) {
              const civs = civilizationsOf(g, o);
              const got = choosePayment(g, p, cost, civs)?.map((c) => c.id) ?? null;
              expect(got).toEqual(plainPayment(g, p, cost, civs)?.map((c) => c.id) ?? null);
              if (got && got.length > 1) paid++;
            }
      g.act(agent.choose(g));
    }
  }
  expect(paid).toBeGreaterThan(100);
});
