/**
 * Ops whose every change is an event with its cause: banishing ("banish that target, and if you
 * do, …": Diskblade Rider) and counters on a card with a printed maximum ("Place 1 Spell Counter on
 * it (max. 1)": Breaker the Magical Warrior) — the kernel's `addCounters`, so "each time a Spell
 * Counter is placed" can be written as a trigger on `counter` with `data.counter`.
 */
import { addCounters, zoneId } from "../../core/objects.js";
import { causeOf } from "../../core/ops.js";
import type { OpHandler } from "../../core/script.js";
import { pushBlock, resolveNumber, resolveObjects } from "../../core/script.js";
import type { Op } from "../../core/vocabulary/schema.js";

export const eventOps: Record<string, OpHandler> = {
  banish: {
    doc: 'Banishes those cards face-up (event `banish`, caused by this effect); `then` runs only if at least one was banished ("banish that target, and if you do, …").',
    args: {
      what: { type: "objects", required: true, doc: "The cards banished." },
      // biome-ignore lint/suspicious/noThenProperty: "then" is the name of the op's argument
      then: { type: "ops", doc: "Done only if something was banished (done at the same time: no new part)." },
    },
    run(game, op, frame) {
      const cause = causeOf(game, frame);
      let banished = 0;
      for (const o of resolveObjects(game, op.what, frame)) {
        if (game.state.zones[o.zone]!.kind === "banished") continue;
        game.move(o, zoneId("banished", o.owner), { event: "banish", cause });
        banished++;
      }
      if (banished > 0 && Array.isArray(op.then)) pushBlock(game, frame, op.then as unknown as Op[]);
      return "next";
    },
  },
  placeCounter: {
    doc: 'Places counters on those cards that are still face-up on the field, up to the printed maximum ("Place 1 Spell Counter on it (max. 1)"): the kernel\'s `addCounters` (event `counter`, caused by this effect; `data.n` the counters actually placed).',
    args: {
      what: { type: "objects", required: true, doc: "The cards." },
      counter: { type: "string", required: true, doc: 'The counter\'s name ("spell": Spell Counter).' },
      n: { type: "integer", default: 1, doc: "How many." },
      max: { type: "integer", doc: "The most the card can hold (its text's “(max. N)”)." },
    },
    run(game, op, frame) {
      const counter = String(op.counter);
      const cause = causeOf(game, frame);
      for (const o of resolveObjects(game, op.what, frame)) {
        const onField = game.rules.inPlayKinds.includes(game.state.zones[o.zone]!.kind);
        if (o.faceDown || o.underOf !== null || !onField) continue;
        const have = o.counters[counter] ?? 0;
        const room = typeof op.max === "number" ? Math.max(0, op.max - have) : Number.POSITIVE_INFINITY;
        const n = Math.min(resolveNumber(game, op.n, frame, 1), room);
        if (n > 0) addCounters(game, o, counter, n, cause);
      }
      return "next";
    },
  },
};
