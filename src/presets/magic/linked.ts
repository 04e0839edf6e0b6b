/**
 * Linked abilities (CR 607): "exile up to one target creature" and, later, "return the exiled card
 * to the battlefield" (a Saga's chapters I and III) refer to the same card. The first records what
 * it exiled on its source — this incarnation of it (CR 607.2a: a new object has no such record) —
 * and the second returns what is still in exile as recorded (CR 400.7: a card that left exile is a
 * new object and is not returned).
 */
import type { JsonObject } from "../../core/json.js";
import { zoneId } from "../../core/objects.js";
import { causeOf } from "../../core/ops.js";
import { type OpHandler, resolveObjects, sourceOf } from "../../core/script.js";
import { enteredBattlefield } from "./entering.js";

const LINKED = "linkedExile";

export const linkedOps: Record<string, OpHandler> = {
  exileLinked: {
    doc: "Exiles those objects and records them on this source (CR 607.2a), for `returnLinked` to return.",
    args: { what: { type: "objects", required: true, doc: "The objects exiled." } },
    run(game, op, frame) {
      const src = sourceOf(game, frame.ctx);
      const kept = src ? ((src.vars[LINKED] as JsonObject[] | undefined) ?? []) : [];
      for (const o of resolveObjects(game, op.what, frame)) {
        game.move(o, zoneId("exile", o.owner), { cause: causeOf(game, frame) });
        kept.push({ obj: o.id, inc: o.inc });
      }
      if (src) src.vars[LINKED] = kept;
      return "next";
    },
  },
  returnLinked: {
    doc: "Returns the cards this source exiled (`exileLinked`) and that are still in exile to the battlefield under their owners' control, at once.",
    args: {},
    run(game, _op, frame) {
      const src = sourceOf(game, frame.ctx);
      const kept = (src?.vars[LINKED] as { obj: string; inc: number }[] | undefined) ?? [];
      const back = kept
        .map((r) => game.state.objects[r.obj])
        .filter(
          (o, i) => o !== undefined && o.inc === kept[i]!.inc && game.state.zones[o.zone]?.kind === "exile",
        );
      game.simultaneously(() => {
        for (const o of back) {
          game.move(o!, zoneId("battlefield", o!.owner), { cause: causeOf(game, frame) });
          enteredBattlefield(game, o!);
        }
      });
      if (src) delete src.vars[LINKED];
      return "next";
    },
  },
};
