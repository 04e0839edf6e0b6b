/**
 * The Damage Step's own actions (RULINGS YG-T7; Konami's Damage Step rules): the attacked face-down
 * monster flipped face-up before damage calculation, damage calculation by ATK and DEF, and the
 * monsters destroyed by battle sent to the GY at the end of the Damage Step. What may be activated
 * in each of its timings is activation.ts's; when triggered effects are activated, triggers.ts's.
 */
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { turnFaceUp, zoneId } from "../../core/objects.js";
import type { TaskHandler } from "../../core/preset.js";
import type { GameObject } from "../../core/types.js";
import { type AttackState, attackState } from "./attack.js";
import { effectsNegated } from "./chain.js";
import { changeLifePoints, type LifePointsChange } from "./game.js";
import { position, stat, staticOf } from "./monsters.js";

const RULE = { kind: "rule" } as const;

/** The attack's monsters, if both are still the ones that battle (a target turned face-down still is). */
function combatants(game: Game): { a: AttackState; attacker: GameObject; target: GameObject | null } | null {
  const a = attackState(game);
  if (!a) return null;
  const attacker = game.obj(a.attacker);
  if (attacker.inc !== a.attackerInc) return null;
  if (a.target === null) return { a, attacker, target: null };
  const target = game.obj(a.target);
  if (target.inc !== a.targetInc) return null;
  return { a, attacker, target };
}

/**
 * YG rulebook: Damage Step — before damage calculation the attacked face-down monster is flipped
 * face-up (in its position), and so is one turned face-down again before damage is calculated
 * (Yugipedia, "Damage Step": a monster Set again up to damage calculation is flipped face-up at
 * once; here at the latest as damage is calculated). Its effects triggered by the flip
 * (FLIP) wait until after damage calculation: the events of the flip are noted for triggers.ts.
 */
function flipAttacked(game: Game): void {
  const c = combatants(game);
  if (!c?.target?.faceDown) return;
  const target = c.target;
  const from = game.state.ids.event + 1;
  turnFaceUp(game, target, RULE);
  game.emit({
    type: "position",
    player: target.controller,
    obj: target.id,
    inc: target.inc,
    card: target.card,
    name: game.card(target).name,
    cause: { kind: "rule", rule: "battle" },
    data: { to: position(target), faceDown: false, flipped: true },
  });
  c.a.flip = [from, game.state.ids.event];
}

const flipDefender: TaskHandler = (game, task) => {
  game.popTask(task);
  flipAttacked(game);
};

/**
 * YG Damage Step: damage calculation by ATK and DEF — battle damage now, destruction decided now
 * and done at the end of the Damage Step. Higher ATK destroys an Attack Position monster and deals
 * the difference; equal ATK destroys both (neither at 0); ATK over DEF destroys without damage, ATK
 * under DEF deals the difference to the attacker's controller.
 */
const damageCalculation: TaskHandler = (game, task) => {
  game.popTask(task);
  // An attack negated during damage calculation (Swift Scarecrow) deals no damage.
  if (!combatants(game) || attackState(game)!.negated) return;
  flipAttacked(game);
  const c = combatants(game);
  if (!c) return;
  const { a, attacker, target } = c;
  a.calculated = true;
  const atk = stat(game, attacker, "atk");
  const p = attacker.controller;
  // Battle damage, caused by the battle (a rule), inflicted by a monster.
  const battle = (by: GameObject, data?: JsonObject): LifePointsChange => ({
    cause: { kind: "rule", rule: "battle", player: by.controller },
    by,
    ...(data ? { data } : {}),
  });
  // "Cannot be destroyed by battle" (Spirit Reaper, face-up, its effects not negated): it stays;
  // battle damage is still dealt.
  const destroy = (...objs: GameObject[]) => {
    for (const o of objs)
      if (o.faceDown || effectsNegated(game, o) || !staticOf(game, o, "indestructibleByBattle"))
        a.destroyed.push(o.id);
  };
  if (!target) {
    changeLifePoints(game, game.opponents(p)[0]!, -atk, "battleDamage", battle(attacker, { direct: true }));
    return;
  }
  const q = target.controller;
  if (position(target) === "atk") {
    const other = stat(game, target, "atk");
    if (atk > other) {
      destroy(target);
      changeLifePoints(game, q, other - atk, "battleDamage", battle(attacker));
    } else if (atk < other) {
      destroy(attacker);
      changeLifePoints(game, p, atk - other, "battleDamage", battle(target));
    } else if (atk > 0) destroy(attacker, target);
    return;
  }
  const def = stat(game, target, "def");
  if (atk > def) destroy(target);
  else if (atk < def) changeLifePoints(game, p, atk - def, "battleDamage", battle(target));
};

/** YG Damage Step: end of the Damage Step — the monsters destroyed by battle go to the GY. */
const destroyBattled: TaskHandler = (game, task) => {
  game.popTask(task);
  sendBattleDestroyed(game);
};

/** Monsters destroyed by battle (still the ones that battled) go to the GY (also when the Battle Phase is ended). */
export function sendBattleDestroyed(game: Game): void {
  const a = attackState(game);
  if (!a) return;
  for (const id of a.destroyed) {
    const obj = game.obj(id);
    // Only the monster that battled: one that left the field and came back is a new card.
    const inc = id === a.attacker ? a.attackerInc : a.targetInc;
    if (obj.inc !== inc || obj.zone !== zoneId("monster", obj.controller)) continue;
    game.move(obj, zoneId("graveyard", obj.owner), {
      event: "destroy",
      cause: RULE,
      data: { byBattle: true },
    });
  }
  a.destroyed = [];
}

export const damageStepTasks: Record<string, TaskHandler> = {
  "ygo.flipDefender": flipDefender,
  "ygo.damageCalculation": damageCalculation,
  "ygo.destroyBattled": destroyBattled,
};
