/**
 * Opening and closing counting windows (events.openWindow, events.closeWindow): whatever the
 * order, `clock.windows` holds exactly the open windows — each with the id it was opened under,
 * in the order they were first opened since last closed — and `counters` a record of cells for
 * each open window alone, fresh when it opens, kept while it stays open.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bump, closeWindow, openWindow, readCell } from "../../src/core/events.js";
import { Game } from "../../src/core/game.js";
import type { CounterMark } from "../../src/core/types.js";
import { getPreset } from "../../src/presets/index.js";

const NAMES = ["game", "turn", "phase", "attack", "chain"];
const MARK: CounterMark = {
  seq: 1,
  turn: 1,
  active: 0,
  node: "main",
  attack: null,
  name: undefined,
  obj: undefined,
  player: 0,
};

type Step = { op: "open" | "close" | "count"; name: string };
const step: fc.Arbitrary<Step> = fc.record({
  op: fc.constantFrom("open" as const, "close" as const, "count" as const),
  name: fc.constantFrom(...NAMES),
});

describe("counting windows", () => {
  it("hold exactly the open windows, in order, with their own counters", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const game = Game.create(getPreset("skirmish"), { seed: 1, setup: false });
        const state = game.state;
        // The model: open windows in order, each with its id and how many it counted.
        const model = new Map<string, { id: number; n: number }>();
        for (const [name, id] of Object.entries(state.clock.windows)) model.set(name, { id, n: 0 });
        for (const s of steps) {
          if (s.op === "open") {
            const id = openWindow(game, s.name);
            const was = model.get(s.name);
            if (was) {
              was.id = id;
              was.n = 0;
            } else model.set(s.name, { id, n: 0 });
          } else if (s.op === "close") {
            closeWindow(game, s.name);
            model.delete(s.name);
          } else {
            const cell = bump(game, s.name, "k", MARK);
            const open = model.get(s.name);
            expect(cell === null).toBe(open === undefined);
            if (open) open.n++;
          }
          expect(Object.entries(state.clock.windows)).toEqual([...model].map(([k, v]) => [k, v.id]));
          expect(Object.keys(state.counters)).toEqual([...model.keys()]);
          for (const [name, { id, n }] of model) {
            const cell = readCell(game, name, "k");
            if (n === 0) expect(cell).toBeUndefined();
            else expect(cell).toMatchObject({ w: id, n });
          }
        }
        // A closed window serializes as if it had never been opened.
        const saved = JSON.parse(game.serialize());
        expect(Object.keys(saved.clock.windows)).toEqual([...model.keys()]);
      }),
      { numRuns: 200 },
    );
  });
});
