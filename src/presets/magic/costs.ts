/**
 * Costs paid as a cost (CR 118, 602.2b, 605.3): `{T}` and adding or removing counters (a loyalty
 * ability's cost, CR 606.4) written with the kernel's `tap` and `addCounter` ops are paid with the
 * cause a cost has — `{ kind: "cost", player, obj, card, name, ability }`, and `ability: "mana"`
 * for a mana ability (CR 605: "whenever you tap a land for mana") — so "whenever ~ becomes tapped"
 * and "whenever you tap …" can tell a cost from an effect. Activation (activation.ts, mana.ts) runs
 * an ability's cost through `asCost`.
 */
import type { Game } from "../../core/game.js";
import { addCounters, setTapped } from "../../core/objects.js";
import { causeOf, kernelOps } from "../../core/ops.js";
import { type OpHandler, resolveNumber, resolveObjects, type ScriptTask } from "../../core/script.js";
import type { Cause } from "../../core/types.js";
import type { Op } from "../../core/vocabulary/schema.js";

const TAP_COST = "mtg.tapCost";
const COUNTER_COST = "mtg.counterCost";

/** The cause of a cost paid by the ability this frame runs. */
function costCause(game: Game, frame: ScriptTask, mana: boolean): Cause {
  return { ...causeOf(game, frame), kind: "cost", ...(mana ? { ability: "mana" } : {}) };
}

/** The op that pays `op` as a cost (the same op when a cost needs no cause of its own). */
export function asCost(op: Op, mana = false): Op {
  if (op.op === "tap") return { ...op, op: TAP_COST, ...(mana ? { mana: true } : {}) };
  if (op.op === "addCounter") return { ...op, op: COUNTER_COST };
  return op;
}

const objectsArg = { type: "objects", required: true, doc: "The objects." } as const;

export const costOps: Record<string, OpHandler> = {
  [TAP_COST]: {
    doc: '(Internal) {T} paid as a cost: taps the objects, each `tap` event caused by the cost (a mana ability\'s: cause.ability "mana").',
    args: {
      what: objectsArg,
      mana: { type: "boolean", doc: "The cost of a mana ability (CR 605)." },
    },
    feasible: (game, op, frame) => kernelOps.tap!.feasible!(game, op, frame),
    run(game, op, frame) {
      const cause = costCause(game, frame, op.mana === true);
      for (const obj of resolveObjects(game, op.what, frame)) setTapped(game, obj, true, cause);
      return "next";
    },
  },
  [COUNTER_COST]: {
    doc: "(Internal) counters put on or removed from objects as a cost (a loyalty ability's, CR 606.4), each `counter` event caused by the cost.",
    args: {
      what: objectsArg,
      counter: { type: "string", required: true, doc: "The counter's name." },
      n: { type: "number", default: 1, doc: "How many (negative: removed)." },
    },
    feasible: (game, op, frame) => kernelOps.addCounter!.feasible!(game, op, frame),
    run(game, op, frame) {
      const n = resolveNumber(game, op.n, frame, 1);
      const cause = costCause(game, frame, false);
      for (const obj of resolveObjects(game, op.what, frame))
        addCounters(game, obj, String(op.counter), n, cause);
      return "next";
    },
  },
};
