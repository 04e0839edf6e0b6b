/**
 * "End the turn" (CR 723: Time Stop, Sundial of the Infinite). In order: every object on the
 * stack is exiled, the one resolving included, and abilities there cease to exist (723.1a);
 * creatures and planeswalkers are removed from combat (723.1b); then the current step and phase
 * end and the turn skips straight to the cleanup step (723.1d, the kernel's `Game.skipTo`).
 * Nobody receives priority on the way: the skipped steps ask nothing; abilities that trigger
 * meanwhile wait and are put on the stack in the cleanup step, which is followed by another
 * (723.2, 514.3a). State-based actions are checked as always (723.1c).
 */
import type { Game } from "../../core/game.js";
import { zoneId } from "../../core/objects.js";
import { causeOf } from "../../core/ops.js";
import type { OpHandler } from "../../core/script.js";
import type { Cause } from "../../core/types.js";
import { stack } from "./state.js";

/** Combat state a permanent holds while attacking or blocking (combat.ts). */
const COMBAT_VARS = ["attacking", "attackingWalker", "walkerInc", "blocking", "blockedBy", "order"];

export function endTheTurn(game: Game, cause: Cause, resolving?: string): void {
  // CR 723.1a: the stack is emptied — its cards exiled, the spell resolving too.
  const items = stack(game);
  const cards = items.flatMap((it) => (it.kind === "spell" ? [it.obj] : []));
  items.splice(0, items.length);
  if (resolving && !cards.includes(resolving)) cards.push(resolving);
  for (const id of cards) {
    const o = game.obj(id);
    if (game.state.zones[o.zone]!.kind === "stack")
      game.move(o, zoneId("exile", o.owner), { cause, data: { reason: "CR 723.1a" } });
  }
  // CR 723.1b: nothing is in combat any more.
  for (const zone of game.zonesOf("battlefield"))
    for (const id of zone.cards) for (const v of COMBAT_VARS) delete game.state.objects[id]!.vars[v];
  if (game.state.vars.defender !== undefined) game.state.vars.defender = null;
  // CR 723.1d: straight to the cleanup step. Ended during a cleanup step's priority (CR 514.3a),
  // it is already there: that step goes on to its end, and another cleanup step follows it.
  if (!game.state.clock.path.includes("cleanup")) game.skipTo("cleanup", cause.name);
}

export const endTurnOps: Record<string, OpHandler> = {
  endTheTurn: {
    doc: "Ends the turn (CR 723): the stack is exiled (the resolving spell too), nothing stays in combat, and the turn skips straight to the cleanup step, nobody receiving priority on the way.",
    args: {},
    run(game, _op, frame) {
      endTheTurn(game, causeOf(game, frame), frame.ctx.source);
      return "next";
    },
  },
};
