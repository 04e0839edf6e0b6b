/**
 * DM ブレイク: breaking shields, by an attack or by an effect, as events that say what broke them.
 *
 * Every shield broken is a `break` event (a move from its shield zone to its owner's hand) whose
 * `cause` names what broke it: `{ kind: "action", player, obj, card, name }` for the creature
 * whose attack broke it, `{ kind: "effect", … }` (the effect's source) for an ability's break.
 * The shield is the event's object, so the kernel shows its identity only to those who may see
 * it (its owner, once it is in their hand); nothing about the shield is copied into other fields.
 *
 * When a creature broke it — the attacker, or a creature an ability names as the one that breaks
 * ("このクリーチャーは、相手のシールドを2枚ブレイクする") — a `broke` event about that creature
 * follows each shield it broke: "when this creature breaks a shield" (このクリーチャーがシールドを
 * ブレイクした時) is `{ on: broke, self: true }`, "when your creature breaks a shield" (自分のクリー
 * チャーがシールドをブレイクした時) `{ on: broke, player: self, card: { type: creature } }`, and
 * "when this creature breaks one or more shields" (1つ以上ブレイクした時) adds `oneOrMore: true`.
 * The dmwiki ブレイクした時 page: a Double Breaker's two shields trigger such an ability twice,
 * "one or more" once; a break replaced (ブレイク置換効果: a face-up Shield Go shield goes to the
 * graveyard instead) is no break and triggers nothing.
 *
 * Breakers (W・ブレイカー …) count only for an attack's break (dmwiki ブレイカー: they work only
 * when an attack on the player succeeds); an ability breaks the shields it names. Shields broken
 * together are broken at once (one batch; DM ブレイク).
 *
 * A break by an ability is a break like an attack's, in the same order (`breakByEffect`):
 * 1. "when a shield would be broken" (ブレイクされる時): a `shieldsBreaking` event per owner, and
 *    the abilities it triggers resolve now, before the shields move (the abilities already waiting
 *    keep waiting for the effect to finish);
 * 2. the shields are broken;
 * 3. the shield check (シールドチェック: dmwiki 「シールドチェック」 — it cuts into the resolution of
 *    an ability; S・トリガー: "…手札に加える時、コストを支払わずにすぐ使ってもよい"): the Shield Trigger,
 *    G・ストライク and Strike Back window opens at once, before the rest of the effect.
 */
import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import { zoneId } from "../../core/objects.js";
import { causeOf } from "../../core/ops.js";
import type { OpHandler, OpResult, ScriptTask } from "../../core/script.js";
import { resolveObjects, sourceOf } from "../../core/script.js";
import type { Cause, GameObject, PendingAbility, PlayerId } from "../../core/types.js";
import { openShieldWindow } from "./game.js";

/** The cause of the shields an attack breaks: the attacking creature, by its controller's action. */
export function attackCause(game: Game, attacker: GameObject): Cause {
  return {
    kind: "action",
    player: attacker.controller,
    obj: attacker.id,
    inc: attacker.inc,
    card: attacker.card,
    name: game.card(attacker).name,
  };
}

/**
 * Breaks these shields at once (those still in a shield zone go to their owners' hands, each a
 * `break` event with `cause`); when a creature broke them (`byCreature`: the creature is
 * `cause.obj`), a `broke` event about it follows each shield really broken. Returns how many.
 */
export function breakShields(
  game: Game,
  shields: readonly GameObject[],
  cause: Cause,
  byCreature: boolean,
): number {
  let n = 0;
  game.simultaneously(() => {
    for (const shield of shields) {
      if (game.state.zones[shield.zone]?.kind !== "shield") continue;
      const owner = shield.owner;
      // Replaceable: a face-up Shield Go card goes to the graveyard instead (DM シールド・ゴー), no break.
      const entry = game.moveWithReplacement(shield, zoneId("hand", owner), { event: "break", cause });
      if (entry === null || entry.type !== "break") continue;
      n++;
      if (byCreature) brokeBy(game, cause, owner);
    }
  });
  return n;
}

/** The `broke` event: the breaking creature (that incarnation, if it still exists) broke a shield of `owner`. */
function brokeBy(game: Game, cause: Cause, owner: PlayerId): void {
  const breaker = cause.obj === undefined ? undefined : game.state.objects[cause.obj];
  // Gone (a new object since, CR 400.7 / DM 封印 aside): the `break` event's cause still names it.
  if (!breaker || breaker.inc !== cause.inc) return;
  emit(game, {
    type: "broke",
    player: breaker.controller,
    obj: breaker.id,
    inc: breaker.inc,
    card: breaker.card,
    name: game.card(breaker).name,
    cause,
    data: { owner },
  });
}

/**
 * DM ブレイクされる時: shields are about to be broken — a `shieldsBreaking` event for each owner
 * (data.n: how many of theirs, data.last: all they have left; the cause: what breaks them).
 */
export function announceBreak(game: Game, shields: readonly GameObject[], cause: Cause): void {
  const owners = [...new Set(shields.map((o) => o.owner))];
  for (const owner of owners) {
    const n = shields.filter((o) => o.owner === owner).length;
    emit(game, {
      type: "shieldsBreaking",
      player: owner,
      cause,
      data: {
        n,
        last: n === game.zone("shield", owner).cards.length,
        ...(cause.kind === "action" && cause.obj ? { by: cause.obj } : {}),
      },
    });
  }
}

interface BreakScratch {
  stage: number;
  shields: string[];
  /** What was waiting before the break (abilities, and players to ask about hidden ones), set aside. */
  waiting?: PendingAbility[];
  waitingHidden?: PlayerId[];
}

/**
 * A break by an effect, as an op that runs in stages (it is called again after each child task):
 * "would be broken" abilities first, then the break, then the shield check (see the file's comment).
 */
function breakByEffect(
  game: Game,
  frame: ScriptTask,
  pick: () => GameObject[],
  byCreature: (cause: Cause) => boolean,
): OpResult {
  const cause = causeOf(game, frame);
  const scratch = (frame.scratch ?? { stage: 0, shields: [] }) as unknown as BreakScratch;
  if (scratch.stage === 0) {
    const shields = pick().filter((o) => game.state.zones[o.zone]?.kind === "shield");
    scratch.shields = shields.map((o) => o.id);
    scratch.stage = 1;
    frame.scratch = scratch as never;
    if (shields.length === 0) return "next";
    // Those already waiting wait for the effect to finish; only what the break triggers cuts in.
    const waiting = game.state.pending.splice(0);
    const waitingHidden = game.state.hiddenResponses.splice(0);
    announceBreak(game, shields, cause);
    if (game.state.pending.length > 0 || game.state.hiddenResponses.length > 0) {
      scratch.waiting = waiting;
      scratch.waitingHidden = waitingHidden;
      game.pushTask({ t: "dm.checkpoint", node: null });
      return "again";
    }
    game.state.pending.unshift(...waiting);
    game.state.hiddenResponses.unshift(...waitingHidden);
  }
  if (scratch.stage === 1) {
    if (scratch.waiting) {
      game.state.pending.unshift(...scratch.waiting);
      const hidden = game.state.hiddenResponses;
      for (const p of scratch.waitingHidden ?? []) if (!hidden.includes(p)) hidden.push(p);
      delete scratch.waiting;
      delete scratch.waitingHidden;
    }
    scratch.stage = 2;
    const shields = scratch.shields.flatMap((id) => game.state.objects[id] ?? []);
    breakShields(game, shields, cause, byCreature(cause));
    // The shield check at once, before the rest of the effect.
    if (openShieldWindow(game)) return "again";
  }
  return "next";
}

export const breakOps: Record<string, OpHandler> = {
  breakShields: {
    doc: 'ブレイクする by an effect: breaks those shields at once (each still in a shield zone goes to its owner\'s hand; a `break` event whose cause is this effect), after "when a shield would be broken" abilities (a `shieldsBreaking` event per owner) have resolved. `breaker: "source"` when the text names this creature as the one that breaks (このクリーチャーは…ブレイクする): then each shield broken is also a `broke` event about it; `"controller"` (the default) when no creature is named (相手のシールドを1枚ブレイクする). Breakers don\'t count (only an attack\'s break uses them). The Shield Trigger window opens at once, before the rest of the effect (the shield check).',
    args: {
      what: {
        type: "objects",
        required: true,
        doc: "The shields broken (chosen before, by the breaking side).",
      },
      breaker: {
        type: "string",
        values: ["source", "controller"],
        default: "controller",
        doc: '"source": this effect\'s creature breaks them; "controller": its controller does.',
      },
    },
    run(game, op, frame) {
      return breakByEffect(
        game,
        frame,
        () => resolveObjects(game, op.what, frame),
        () => op.breaker === "source" && sourceOf(game, frame.ctx) !== undefined,
      );
    },
  },
  breakOwnShields: {
    doc: 'The controller breaks all their own shields (Shukyoku Sengen: 自分のシールドをすべてブレイクしてもよい): each goes to their hand at once, cause this effect, after "when a shield would be broken" abilities have resolved; the Shield Trigger window opens at once, before the rest of the effect.',
    args: {},
    run(game, _op, frame) {
      const p = frame.ctx.controller;
      return breakByEffect(
        game,
        frame,
        () => [...game.zone("shield", p).cards].reverse().map((id) => game.obj(id)),
        () => false,
      );
    },
  },
};
