/**
 * Countering spells and abilities (CR 701.5): a countered spell is removed from the stack and put
 * into its owner's graveyard, a countered ability is removed from the stack (CR 701.5a); neither
 * resolves and none of its effects happen (CR 608.2b's "doesn't resolve"). A spell whose card says
 * "This spell can't be countered" (`stats.cantBeCountered: true`) is still a legal target, but
 * countering it does nothing (CR 101.2: "can't" beats "can"). "Counter that spell or ability
 * (unless its controller pays {2})" — the spell or ability that caused the triggering event, e.g.
 * the one whose target something became — is `counterCause`.
 */
import { targetsOf } from "../../core/activation.js";
import type { Game } from "../../core/game.js";
import { causeOf } from "../../core/ops.js";
import { type OpHandler, resolveObjects } from "../../core/script.js";
import type { Cause, GameEvent, GameObject } from "../../core/types.js";
import { zoneId } from "../../core/zones.js";
import { cantPay, parseMana, payCost, showMana } from "./mana.js";
import { type StackItem, stack } from "./state.js";

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
  game.move(obj, zoneId("graveyard", obj.owner), { cause });
  return true;
}

/** Counters the ability at `i` on the stack (CR 701.5a): it is removed and doesn't resolve. */
export function counterAbility(game: Game, i: number, cause: Cause): void {
  const item = stack(game)[i];
  if (item?.kind !== "ability") return;
  stack(game).splice(i, 1);
  const pa = item.pending;
  game.emit({
    type: "countered",
    player: item.controller,
    obj: pa.obj,
    inc: pa.inc,
    card: pa.card,
    name: game.rules.card(pa.card).name,
    cause,
    data: { ability: pa.ability },
  });
}

/** Whether a stack item's recorded targets include what the event is about (an object, or a player). */
function targetsOfItem(item: StackItem, ev: GameEvent): boolean {
  const vars = item.vars ?? (item.kind === "ability" ? item.pending.vars : undefined) ?? {};
  if (ev.obj !== undefined) return targetsOf(vars).includes(ev.obj);
  const players = (vars["@players"] ?? {}) as Record<string, number[]>;
  return Object.values(players).some((list) => ev.player !== undefined && list.includes(ev.player));
}

/**
 * Where on the stack the spell or ability that caused `ev` is: the spell (its card, the same
 * object), or the earliest ability of that source and ability on the stack that targets what the
 * event is about. -1 when it has left the stack.
 */
export function stackIndexOfCause(game: Game, ev: GameEvent | undefined): number {
  const c = ev?.cause;
  if (!c?.obj) return -1;
  const items = stack(game);
  if (c.ability === "spell") {
    const o = game.state.objects[c.obj];
    if (!o || (c.inc !== undefined && o.inc !== c.inc)) return -1;
    return items.findIndex((it) => it.kind === "spell" && it.obj === c.obj);
  }
  return items.findIndex(
    (it) =>
      it.kind === "ability" &&
      it.pending.obj === c.obj &&
      (c.inc === undefined || it.pending.inc === c.inc) &&
      it.pending.ability === c.ability &&
      targetsOfItem(it, ev!),
  );
}

export const counterOps: Record<string, OpHandler> = {
  counterCause: {
    doc: 'Counters the spell or ability that caused the triggering event ("whenever this becomes the target of a spell or ability …, counter that spell or ability", CR 701.5a), if it is still on the stack; with `unlessPays` ("{2}") its controller may pay that mana instead (CR 118.12).',
    args: {
      unlessPays: { type: "string", doc: 'Mana its controller may pay to keep it, e.g. "{2}".' },
    },
    check: (op) => {
      if (op.unlessPays === undefined) return null;
      try {
        parseMana(String(op.unlessPays));
        return null;
      } catch (e) {
        return `unlessPays: ${(e as Error).message}`;
      }
    },
    run(game, op, frame) {
      const ev = frame.ctx.event;
      const i = stackIndexOfCause(game, ev);
      if (i < 0) return "next"; // it has already left the stack
      const item = stack(game)[i]!;
      const cause = causeOf(game, frame);
      if (op.unlessPays !== undefined) {
        // CR 118.12: "unless [a player] pays": that player chooses, if they can pay.
        const cost = parseMana(String(op.unlessPays));
        const payer = item.controller;
        if (frame.answer) {
          const id = frame.answer.id;
          delete frame.answer;
          if (id === "pay" && cantPay(game, payer, cost) === null) {
            payCost(game, payer, cost);
            return "next";
          }
        } else if (cantPay(game, payer, cost) === null) {
          const what = item.kind === "spell" ? game.card(game.obj(item.obj)).name : item.label;
          game.ask({
            player: payer,
            kind: "payOrCounter",
            prompt: `Pay ${showMana(cost)} or ${what} is countered`,
            options: [
              { id: "pay", label: `Pay ${showMana(cost)}` },
              { id: "decline", label: "Don't pay: it is countered" },
            ],
          });
          return "wait";
        }
      }
      if (item.kind === "spell") counterSpell(game, game.obj(item.obj), cause);
      else counterAbility(game, i, cause);
      return "next";
    },
  },
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
