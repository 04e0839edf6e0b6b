/**
 * Creatures dealing damage by an effect: fighting (CR 701.12: each deals damage equal to its power
 * to the other) and "each tapped creature deals damage to itself equal to its power" (The Akroan
 * War). Damage from one instruction is dealt at once (one event, CR 603.2c) through `dealDamage`
 * (ops.ts: damage, counters and life it causes, each an event with its amount).
 */
import type { Game } from "../../core/game.js";
import { type OpHandler, resolveNumber, resolveObjects, sourceOf } from "../../core/script.js";
import type { GameObject } from "../../core/types.js";
import { dealDamage } from "./ops.js";
import { isType, nameOf, phasedOut, stat } from "./state.js";

/** A creature on the battlefield, phased in (CR 701.12b: otherwise it neither deals nor is dealt fight damage). */
const fighter = (game: Game, o: GameObject | undefined): o is GameObject =>
  o !== undefined &&
  game.state.zones[o.zone]?.kind === "battlefield" &&
  !phasedOut(o) &&
  isType(game, o, "creature");

/** `o` deals damage equal to its power to `to`, `o` as the source (CR 120.1). */
function powerDamage(game: Game, o: GameObject, to: GameObject): void {
  dealDamage(
    game,
    { obj: o, name: nameOf(game, o), controller: o.controller },
    to,
    Math.max(0, stat(game, o, "power")),
  );
}

export const damageOps: Record<string, OpHandler> = {
  damageEach: {
    doc: 'The source deals n damage to each of those permanents (creatures, planeswalkers), at once ("deals 2 damage to each creature").',
    args: {
      what: { type: "objects", required: true, doc: "The permanents dealt damage." },
      n: { type: "number", default: 1, doc: "Damage to each." },
    },
    run(game, op, frame) {
      const n = resolveNumber(game, op.n, frame, 1);
      const src =
        sourceOf(game, frame.ctx) ?? (frame.ctx.source ? game.state.objects[frame.ctx.source] : undefined);
      const source = {
        ...(src ? { obj: src } : {}),
        name: frame.ctx.card ? game.rules.card(frame.ctx.card).name : "an effect",
        controller: frame.ctx.controller,
      };
      const objs = resolveObjects(game, op.what, frame).filter(
        (o) => game.state.zones[o.zone]?.kind === "battlefield" && !phasedOut(o),
      );
      game.simultaneously(() => {
        for (const o of objs) dealDamage(game, source, o, n);
      });
      return "next";
    },
  },
  fight: {
    doc: "The creature `what` fights the creature `with` (CR 701.12a): each deals damage equal to its power to the other, at once; if either is no longer a creature on the battlefield, no damage is dealt (CR 701.12b).",
    args: {
      what: {
        type: "objects",
        required: true,
        doc: "The first creature (the target chosen as it was cast or put on the stack).",
      },
      with: { type: "objects", required: true, doc: "The creature it fights." },
    },
    run(game, op, frame) {
      const a = resolveObjects(game, op.what, frame)[0];
      const b = resolveObjects(game, op.with, frame)[0];
      if (!fighter(game, a) || !fighter(game, b) || a === b) return "next";
      game.simultaneously(() => {
        powerDamage(game, a, b);
        powerDamage(game, b, a);
      });
      return "next";
    },
  },
  damageItself: {
    doc: 'Each of those creatures deals damage to itself equal to its power, at once ("each tapped creature deals damage to itself equal to its power").',
    args: { what: { type: "objects", required: true, doc: "The creatures." } },
    run(game, op, frame) {
      const objs = resolveObjects(game, op.what, frame).filter((o) => fighter(game, o));
      game.simultaneously(() => {
        for (const o of objs) powerDamage(game, o, o);
      });
      return "next";
    },
  },
};
