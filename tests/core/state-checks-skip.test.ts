/**
 * The kernel skips state checks while nothing they read happened (an answer alone, events every
 * check ignores: StateCheck.ignores). That must never change a game: random games of every preset,
 * played in lockstep with a game that runs every check at every opportunity (`recheck`), stay
 * byte-identical.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { newGameOf } from "../../src/testing/invariants.js";

describe("skipping state checks while nothing happened", () => {
  // Without a log, events nobody reads are skipped (events.skipUnheard): they must be as quiet as
  // the logged ones, no more.
  for (const logging of ["full", "none"] as const)
    for (const id of presetIds())
      it(`${id}, log ${logging}: the same games as checking at every opportunity`, () => {
        let compared = 0;
        for (const seed of [1, 2, 3, 4]) {
          const deal = seed % 2 ? "random" : "sample";
          const fast = newGameOf(getPreset(id), seed, deal);
          const slow = newGameOf(getPreset(id), seed, deal);
          fast.state.logging = logging;
          slow.state.logging = logging;
          slow.recheck = true;
          fast.run();
          slow.run();
          const agent = randomAgent(seed);
          for (let i = 0; !fast.over && i < 1500; i++) {
            const a = agent.choose(fast);
            fast.act(a);
            slow.act(a);
            if (i % 25 === 0) {
              expect(fast.serialize(), `${id} seed ${seed} after ${i + 1} responses`).toBe(slow.serialize());
              compared++;
            }
          }
          expect(fast.serialize()).toBe(slow.serialize());
        }
        expect(compared).toBeGreaterThan(8);
      });
});
