/**
 * Countering spells (CR 701.5): a countered spell is removed from the stack and put into its
 * owner's graveyard (CR 701.5a); it doesn't resolve and none of its effects happen (CR 608.2b's
 * "doesn't resolve"). A spell whose card says "This spell can't be countered"
 * (`stats.cantBeCountered: true`) is still a legal target, but countering it does nothing
 * (CR 101.2: "can't" beats "can").
 */
import type { Game } from "../../core/game.js";
import { causeOf } from "../../core/ops.js";
import { type OpHandler, resolveObjects } from "../../core/script.js";
import type { Cause, GameObject } from "../../core/types.js";
import { stack } from "./state.js";

/** Does this spell's card say it can't be countered? */
export const cantBeCountered = (game: Game, obj: GameObject): boolean =>
  game.card(obj).stats?.cantBeCountered === true;

/** Counters the spell `obj` on the stack (CR 701.5a). Returns whether it was countered. */
export function counterSpell(game: Game, obj: GameObject, cause: Cause): boolean {
  const items = stack(game);
  const i = items.findIndex((it) => it.kind === "spell" && it.obj === obj.id);
  if (i < 0) return false;
  const name = game.card(obj).name;
  if (cantBeCountered(game, obj)) {
    game.emit({
      type: "counterFailed",
      player: items[i]!.controller,
      obj: obj.id,
      inc: obj.inc,
      card: obj.card,
      name,
      cause,
      data: { reason: `${name} can't be countered (CR 101.2)` },
    });
    return false;
  }
  const controller = items[i]!.controller;
  items.splice(i, 1);
  game.emit({
    type: "countered",
    player: controller,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name,
    cause,
  });
  game.move(obj, `graveyard@${obj.owner}`, { cause });
  return true;
}

export const counterOps: Record<string, OpHandler> = {
  counterSpell: {
    doc: "Counters those spells (CR 701.5a): each is removed from the stack and put into its owner's graveyard, and doesn't resolve; a spell that can't be countered (`stats.cantBeCountered`) stays.",
    args: {
      what: {
        type: "objects",
        required: true,
        doc: "The spells countered: the target chosen on casting (`$target`).",
      },
    },
    run(game, op, frame) {
      for (const o of resolveObjects(game, op.what, frame))
        if (game.state.zones[o.zone]?.kind === "stack") counterSpell(game, o, causeOf(game, frame));
      return "next";
    },
  },
};
