/**
 * Exchanging control (Creature Swap: "switch control of those monsters with each other"): both
 * monsters change control together or neither does. Each player gives one and takes one, so no
 * free zone is needed beforehand, except under Master Rule 2020, where the monster taken needs a
 * Main Monster Zone (the one freed by the monster given, or another free one). The exchange is for
 * good (no duration ends it; the kernel's `gainControl` without `expires`).
 */
import { gainControl } from "../../core/control.js";
import type { Game } from "../../core/game.js";
import { causeOf } from "../../core/ops.js";
import { type OpHandler, resolveObjects } from "../../core/script.js";
import type { GameObject } from "../../core/types.js";
import { freeMainColumns, masterRule2020 } from "./master-rule.js";

function onField(game: Game, o: GameObject | undefined): o is GameObject {
  return !!o && o.underOf === null && game.state.zones[o.zone]!.kind === "monster";
}

/** Has the controller of `give` a Main Monster Zone for the monster it takes, once `give` is gone? */
function roomFor(game: Game, give: GameObject): boolean {
  return !masterRule2020(game) || freeMainColumns(game, give.controller, [give.id]).length > 0;
}

export const exchangeOps: Record<string, OpHandler> = {
  exchangeControl: {
    doc: "Two monsters controlled by different players switch control with each other (Creature Swap): both or neither; each is the same card on its new side, for good. `fixPositions`: they can't change their battle positions for the rest of this turn.",
    args: {
      a: { type: "objects", required: true, doc: "One player's monster (the first named)." },
      b: { type: "objects", required: true, doc: "The other player's monster (the first named)." },
      fixPositions: {
        type: "boolean",
        doc: '"Those monsters cannot change their battle positions for the rest of this turn."',
      },
    },
    run(game, op, frame) {
      const a = resolveObjects(game, op.a, frame)[0];
      const b = resolveObjects(game, op.b, frame)[0];
      // Both monsters still there, on different sides, each with a zone to go to: else nothing happens.
      if (!onField(game, a) || !onField(game, b) || a.controller === b.controller) return "next";
      if (!roomFor(game, a) || !roomFor(game, b)) return "next";
      const [pa, pb] = [a.controller, b.controller];
      const cause = causeOf(game, frame);
      game.state.vars.exchangingControl = true; // control.ts: no room check between the two moves
      try {
        gainControl(game, a, pb, { controller: frame.ctx.controller, cause });
        gainControl(game, b, pa, { controller: frame.ctx.controller, cause });
      } finally {
        delete game.state.vars.exchangingControl;
      }
      if (op.fixPositions === true) for (const o of [a, b]) o.vars.positionTurn = game.state.clock.turn.id; // as if changed this turn
      return "next";
    },
  },
};
