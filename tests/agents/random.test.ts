/**
 * The random legal agent: a uniform draw among `legalActions()` from its own seeded generator —
 * the same action, drawn the same way, as taking that list and indexing it.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { Game } from "../../src/core/game.js";
import { nextInt, seedRng } from "../../src/core/rng.js";
import { getPreset, presetIds } from "../../src/presets/index.js";

describe("randomAgent", () => {
  for (const id of presetIds())
    it(`${id}: chooses legalActions()[a uniform draw from its seed], at every decision of a game`, () => {
      const seed = 11;
      const agent = randomAgent(seed);
      const reference = seedRng(seed ^ 0x5bd1e995);
      const game = Game.create(getPreset(id), { seed }).run();
      let n = 0;
      for (; !game.over && n < 400; n++) {
        const all = game.legalActions();
        const chosen = agent.choose(game);
        expect(chosen).toEqual(all[nextInt(reference, all.length)]);
        game.act(chosen);
      }
      expect(n).toBeGreaterThan(20);
    });

  it("refuses to choose with no decision pending", () => {
    const game = Game.create(getPreset("lab"), { seed: 1 });
    expect(() => randomAgent(1).choose(game)).toThrow(/no decision pending/);
  });
});
