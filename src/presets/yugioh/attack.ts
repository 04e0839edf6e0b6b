/**
 * The attack in the Battle Step (Yu-Gi-Oh! rulebook, "Battle Step" and "Replays"; RULINGS YG-T5,
 * YG-T6): which monsters may attack and what they may attack, the attack's state, when a replay is
 * due and when an attack stops, and the windows between the declaration and the Damage Step.
 *
 * Sources: the official rulebook's Battle Step and replay rules (TCG Rulebook v10, OCG Perfect
 * Rulebook: 巻き戻し), Yugipedia's "Replay" page (the monsters on the opponent's field change, no
 * matter how briefly; a replay happens at the next open game state; the attacking monster unable to
 * attack stops the attack without a replay) and ygopro-core's battle handling (the opponent's
 * monsters compared as a set of field identities, `is_capable_attack` against
 * `is_capable_attack_announce`).
 */
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { zoneId } from "../../core/objects.js";
import type { TaskHandler } from "../../core/preset.js";
import type { StateCheck } from "../../core/state-checks.js";
import type { DecisionOption, GameObject, PlayerId } from "../../core/types.js";
import { skippedPast } from "./battle-end.js";
import { effectsNegated } from "./chain.js";
import { describeMonster, monstersOf, position, staticOf } from "./monsters.js";

const RULE = { kind: "rule" } as const;

/** A monster on the field as it was seen: the same card while this stays true. */
export interface Presence extends JsonObject {
  obj: string;
  inc: number;
}

export interface AttackState extends JsonObject {
  /** The player whose monster declared the attack (the turn player). */
  player: PlayerId;
  attacker: string;
  attackerInc: number;
  /** The attack target, or null for a direct attack. */
  target: string | null;
  /** The target's incarnation, followed when it is turned face-down (it is still the same monster). */
  targetInc: number | null;
  destroyed: string[];
  /** Negated (Bacon Saver), stopped on a replay, or stopped because the attacker can't go on: no Damage Step. */
  negated: boolean;
  /** The opponent's monsters when the target was last chosen (YG-T6: a replay when they change). */
  field: Presence[];
  /** A replay is due at the next open game state (YG-T6). */
  replay: boolean;
  /** Still the moment of the declaration: no chain has resolved since (YG-T5, "when an attack is declared"). */
  declaration: boolean;
  /** The events of the attacked monster's flip before damage calculation: its FLIP effects wait. */
  flip: number[];
  /** Damage has been calculated: the battle no longer stops. */
  calculated: boolean;
}

export function attackState(game: Game): AttackState | null {
  return (game.state.vars.attack as AttackState | undefined) ?? null;
}

const turnId = (game: Game): number => game.state.clock.turn.id;

/** The defending player of an attack. */
export function defender(game: Game, a: AttackState): PlayerId {
  return game.opponents(a.player)[0]!;
}

function fieldOf(game: Game, p: PlayerId): Presence[] {
  return monstersOf(game, p).map((o) => ({ obj: o.id, inc: o.inc }));
}

function sameField(a: readonly Presence[], b: readonly Presence[]): boolean {
  if (a.length !== b.length) return false;
  const seen = new Set(a.map((x) => `${x.obj}:${x.inc}`));
  return b.every((x) => seen.has(`${x.obj}:${x.inc}`));
}

/** A continuous "it cannot attack" on this monster (an `until` effect of kind `cannotAttack`), or its own "can't attack this turn". */
function cannotAttack(game: Game, obj: GameObject): boolean {
  if (obj.vars.noAttackTurn === turnId(game)) return true;
  return game.effects("cannotAttack").some((d) => {
    const t = d.effect.target;
    return !!t && "obj" in t && t.obj === obj.id && t.inc === obj.inc;
  });
}

/**
 * Can this monster attack at all (ygopro-core `is_capable_attack`): face-up in Attack Position, not
 * under a "cannot attack" effect. Whether it may *declare* an attack also asks whether it attacked
 * this turn and "cannot declare an attack" effects (game.ts).
 */
export function canAttack(game: Game, obj: GameObject): boolean {
  return !obj.faceDown && position(obj) === "atk" && !cannotAttack(game, obj);
}

/** "This card can attack your opponent directly" (static `directAttack`), face-up, its effects not negated. */
export function attacksDirectly(game: Game, obj: GameObject): boolean {
  return !obj.faceDown && !!staticOf(game, obj, "directAttack") && !effectsNegated(game, obj);
}

/** May this monster attack `opp` directly now: no monster to attack, or it can attack directly. */
export function mayAttackDirectly(game: Game, attacker: GameObject, opp: PlayerId): boolean {
  return monstersOf(game, opp).length === 0 || attacksDirectly(game, attacker);
}

/**
 * Number 39: Utopia — "If this card is targeted for an attack, while it has no material: Destroy
 * this card." At the declaration and when a replay chooses it again.
 */
function targetedForAttack(game: Game, target: GameObject | null): void {
  if (
    target &&
    !target.faceDown &&
    target.under.length === 0 &&
    staticOf(game, target, "destroyedWhenAttackedWithoutMaterial")
  )
    game.move(target, zoneId("graveyard", target.owner), { event: "destroy", cause: RULE });
}

/** YG-T5: the attack declaration — the attack's state, its event, then what the target does. */
export function declareAttack(
  game: Game,
  p: PlayerId,
  attacker: GameObject,
  target: GameObject | null,
): void {
  const opp = game.opponents(p)[0]!;
  attacker.vars.attackedTurn = turnId(game);
  const attack: AttackState = {
    player: p,
    attacker: attacker.id,
    attackerInc: attacker.inc,
    target: target?.id ?? null,
    targetInc: target?.inc ?? null,
    destroyed: [],
    negated: false,
    field: fieldOf(game, opp),
    replay: false,
    declaration: true,
    flip: [],
    calculated: false,
  };
  game.state.vars.attack = attack;
  game.emit({
    type: "attack",
    player: p,
    obj: attacker.id,
    inc: attacker.inc,
    card: attacker.card,
    name: game.card(attacker).name,
    data: { target: target ? describeMonster(game, target, p) : "directly" },
  });
  targetedForAttack(game, target);
}

/**
 * YG rulebook: Replay — a monster turned face-down is still the same monster for the attack (Book
 * of Moon rulings: the attack target turned face-down is still attacked, and that is no replay; the
 * attacker turned face-down stops its attack; ygopro-core keeps a monster's field identity when it is
 * turned face-down): the attack follows the
 * target and the opponent's field to its new incarnation. The attacker is not followed: turned
 * face-down it can't attack, and its attack stops.
 */
export function followFaceDown(game: Game, obj: GameObject, before: number): void {
  const a = attackState(game);
  if (!a) return;
  if (a.target === obj.id && a.targetInc === before) a.targetInc = obj.inc;
  for (const x of a.field) if (x.obj === obj.id && x.inc === before) x.inc = obj.inc;
}

/** Is an attack going on: declared, its run of the `attack` node not over? */
const attacking = (game: Game): boolean => game.state.clock.path.includes("attack");
const inDamageStep = (game: Game): boolean => game.state.clock.path.includes("damageStep");

/**
 * Why the attack can't go on, or null. YG rulebook: Replay — in the Battle Step the attacking
 * monster unable to attack at all stops the attack, without a replay (Yugipedia, "Replay";
 * ygopro-core `is_capable_attack`, not `is_capable_attack_announce`):
 * the attacker left the field, was turned face-down, changed to Defense Position, changed control,
 * or "cannot attack". In the Damage Step, until damage calculation (ygopro-core's attack cancel):
 * either battling monster left the field or changed control, or the attacker is in Defense Position.
 */
function stopReason(game: Game, a: AttackState): string | null {
  const attacker = game.state.objects[a.attacker]!;
  if (attacker.inc !== a.attackerInc || game.state.zones[attacker.zone]!.kind !== "monster")
    return game.state.zones[attacker.zone]!.kind === "monster" && attacker.faceDown
      ? "the attacking monster was turned face-down"
      : "the attacking monster left the field";
  if (attacker.controller !== a.player) return "the attacking monster changed control";
  if (position(attacker) !== "atk") return "the attacking monster is in Defense Position";
  if (!inDamageStep(game)) return cannotAttack(game, attacker) ? "the attacking monster cannot attack" : null;
  if (a.target === null) return null;
  const target = game.state.objects[a.target]!;
  if (target.inc !== a.targetInc || game.state.zones[target.zone]!.kind !== "monster")
    return "the attacked monster left the field";
  if (target.controller === a.player) return "the attacked monster changed control";
  return null;
}

/**
 * YG rulebook: Replay — RULINGS YG-T6; Yugipedia, "Replay", citing the TCG Rulebook v10 and the OCG
 * Perfect Rulebook (巻き戻し); ygopro-core compares the opponent's monsters as a set of field
 * identities, not a count. A replay is due when the monsters on the opponent's field change after the target was chosen — any monster leaves or arrives (control
 * changes too), no matter how briefly, even if their number stays the same — or when a monster
 * attacking directly can no longer attack directly. Only in the Battle Step: never in the Damage Step.
 */
function replayDue(game: Game, a: AttackState): boolean {
  const opp = defender(game, a);
  if (!sameField(a.field, fieldOf(game, opp))) return true;
  const attacker = game.state.objects[a.attacker]!;
  return a.target === null && !mayAttackDirectly(game, attacker, opp);
}

/**
 * The kernel state check that watches an attack (run after every op and task, so a monster that
 * arrives and leaves again within a chain is seen): it stops an attack that can't go on, and notes a
 * replay due; the replay itself waits for the next open game state (`ygo.attackWindows`).
 */
export const attackCheck: StateCheck = {
  id: "ygoAttack",
  rule: "YG Battle Step: replay; YG Battle Step: the attacker can't go on",
  run(game) {
    const a = attackState(game);
    if (!a || a.negated || a.calculated || !attacking(game)) return false;
    const why = stopReason(game, a);
    if (why) {
      a.negated = true;
      const attacker = game.state.objects[a.attacker]!;
      game.emit({
        type: "attackStopped",
        player: a.player,
        obj: attacker.id,
        name: game.card(attacker).name,
        cause: RULE,
        data: { reason: why },
      });
      return true;
    }
    if (a.replay || inDamageStep(game) || !replayDue(game, a)) return false;
    a.replay = true;
    return true;
  },
};

/** The choices of a replay: each monster to attack, a direct attack if it may, or stop. */
function replayOptions(game: Game, a: AttackState): DecisionOption[] {
  const attacker = game.state.objects[a.attacker]!;
  const p = a.player;
  const opp = defender(game, a);
  const out: DecisionOption[] = [];
  // Named by handle, with the public position: two copies of a card are two different targets.
  for (const t of monstersOf(game, opp))
    out.push({
      id: `target:${game.ref(t)}`,
      label: `Attack ${describeMonster(game, t, p)} (${t.faceDown ? "face-down " : ""}${position(t) === "def" ? "Defense" : "Attack"} Position)`,
    });
  if (mayAttackDirectly(game, attacker, opp)) out.push({ id: "direct", label: "Attack directly" });
  out.push({ id: "stop", label: "Stop the attack" });
  return out;
}

/** The attacking player's answer to a replay: a new target, a direct attack, or stop. */
function answerReplay(game: Game, a: AttackState, id: string): void {
  const attacker = game.state.objects[a.attacker]!;
  a.replay = false;
  if (id === "stop") {
    // It has still declared an attack: it can't attack again this turn (attackedTurn stays).
    a.negated = true;
    game.emit({
      type: "attackStopped",
      player: a.player,
      obj: attacker.id,
      name: game.card(attacker).name,
      cause: { kind: "action", player: a.player },
      data: { reason: "replay" },
    });
    return;
  }
  const target = id === "direct" ? null : game.obj(id.slice("target:".length));
  a.target = target?.id ?? null;
  a.targetInc = target?.inc ?? null;
  a.field = fieldOf(game, defender(game, a));
  // A replay is no declaration: "when an attack is declared" effects don't get another chance.
  a.declaration = false;
  game.emit({
    type: "replay",
    player: a.player,
    obj: attacker.id,
    inc: attacker.inc,
    card: attacker.card,
    name: game.card(attacker).name,
    data: { target: target ? describeMonster(game, target, a.player) : "directly" },
  });
  targetedForAttack(game, target);
}

/**
 * The Battle Step part of an attack, from its declaration to the Damage Step. YG rulebook: Battle
 * Step — the window after the declaration (YG-T5: both players may respond, the turn player first).
 * YG rulebook: Replay — a replay at the next open game state, once no chain is being built or
 * resolved (Yugipedia, "Replay"; the window closes for it, `closeWhen`); after the new target is
 * chosen, a window again, as after a declaration (ygopro-core goes back to the attack's window after
 * a replay, where another replay may come); and so on until both players pass with no replay due —
 * then the Damage Step — or the attack stops.
 */
export const attackWindows: TaskHandler = (game, task) => {
  const a = attackState(game);
  if (task.answer) {
    const id = task.answer.id;
    task.answer = undefined;
    if (a) answerReplay(game, a, id);
    task.windowOpen = false;
    return;
  }
  if (!a || a.negated || game.over || skippedPast(game, task.node)) {
    game.popTask(task);
    return;
  }
  if (a.replay) {
    const attacker = game.state.objects[a.attacker]!;
    game.ask({
      player: a.player,
      kind: "replay",
      prompt: `${game.card(attacker).name}: a replay — choose an attack target again, or stop the attack`,
      options: replayOptions(game, a),
    });
    return;
  }
  if (task.windowOpen !== true) {
    task.windowOpen = true;
    game.pushTask({ t: "ygo.window", node: "attack", closeWhen: "attackInterrupted" });
    return;
  }
  game.popTask(task);
};

/** The attack is over: nothing refers to it any more ("while an attack is occurring" ends). */
export const attackEnd: TaskHandler = (game, task) => {
  game.popTask(task);
  delete game.state.vars.attack;
};

/** Does a window after the declaration close now: the attack stopped, or a replay is due. */
export const attackInterrupted = (game: Game): boolean => {
  const a = attackState(game);
  return !a || a.negated || a.replay;
};

/** The attacked monster's effects triggered by its flip before damage calculation (they wait: YG-T7). */
export function flippedForBattle(game: Game, event: number): boolean {
  const f = attackState(game)?.flip;
  return !!f && f.length === 2 && event >= f[0]! && event <= f[1]!;
}

/** An attack in progress, not negated nor stopped. */
function live(game: Game): AttackState | null {
  const a = attackState(game);
  return a && !a.negated && attacking(game) ? a : null;
}

/** The Battle Phase's named conditions about the attack (cards and the turn tree name them). */
export const attackConditions: Record<string, (game: Game, args?: JsonObject) => boolean> = {
  attackInterrupted,
  // "When a monster declares an attack" (Number 39: Utopia): at the declaration, before any chain resolved.
  attackDeclared: (game) => {
    const a = live(game);
    return !!a && a.declaration && !inDamageStep(game);
  },
  // "When your opponent's monster declares an attack".
  opponentAttackDeclared: (game, args) => {
    const a = live(game);
    return !!a && a.declaration && !inDamageStep(game) && a.player !== Number(args?.controller);
  },
  // The attack goes on to the Damage Step.
  attackContinues: (game) => {
    const a = live(game);
    return !!a && game.state.objects[a.attacker]?.inc === a.attackerInc;
  },
  // "During either player's Battle Step, while an attack is occurring" (Bacon Saver).
  attackOccurring: (game) => !!live(game) && !inDamageStep(game),
  // "If your opponent's monster attacks you directly" (Swift Scarecrow): an attack going on, with no target.
  opponentDirectAttack: (game, args) => {
    const a = live(game);
    return !!a && a.target === null && a.player !== Number(args?.controller);
  },
  // "When a LIGHT monster you control battles" (Honest), in the Damage Step.
  lightMonsterBattles: (game, args) => {
    const a = live(game);
    if (!a || a.target === null) return false;
    return [a.attacker, a.target].some((id) => {
      const o = game.state.objects[id];
      return !!o && o.controller === Number(args?.controller) && game.card(o).stats?.attribute === "LIGHT";
    });
  },
  // "If this card attacks (a face-down monster / a monster / directly)": `target` faceDown, monster or direct.
  attacks: (game, args) => {
    const a = live(game);
    if (!a || a.attacker !== args?.obj) return false;
    const target = a.target === null ? null : game.state.objects[a.target];
    switch (args?.target) {
      case "direct":
        return target === null;
      case "faceDown":
        return !!target && target.faceDown;
      case "monster":
        return !!target;
      default:
        return true;
    }
  },
};
