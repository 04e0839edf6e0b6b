/**
 * Costs to attack (CR 508.1g–h), as data: a permanent's static `{ kind: attackCost, mana: "{2}" }`
 * — "Creatures can't attack you unless their controller pays {2} for each creature they control
 * that's attacking you" (Propaganda, Ghostly Prison). Each creature declared as attacking that
 * permanent's controller (not a planeswalker they control) costs its controller that much more;
 * several such permanents add up. The cost is locked in as the creature is declared and paid then
 * (the declaration is one creature at a time, so "for each creature" is paid creature by creature);
 * a player who can't pay it can't declare that attack (CR 508.1h), and a requirement that would
 * make them pay is not one they must obey (CR 508.1d).
 *
 * Paying taps the player's untapped lands by itself (mana.ts): mana abilities of other permanents
 * can't be activated in the middle of the declaration (CR 508.1g allows it; see docs/magic.md).
 */
import type { Game } from "../../core/game.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import { cantPay, genericCost, MANA_TYPES, type ManaCost, manaTotal, parseMana, showMana } from "./mana.js";
import { nameOf } from "./state.js";

/** The static ability kind of an attack cost. */
export const ATTACK_COST = "attackCost";

export interface AttackCost {
  /** The total mana to pay for this creature. */
  cost: ManaCost;
  /** The names of the permanents that impose it. */
  sources: string[];
}

const ZERO: ManaCost = Object.freeze(genericCost(0));

function add(a: ManaCost, b: ManaCost): ManaCost {
  const typed = { ...a.typed };
  for (const t of MANA_TYPES) typed[t] += b.typed[t];
  return { typed, generic: a.generic + b.generic, x: 0 };
}

/**
 * CR 508.1g: what attacking `defender` (a player; `walker` true when a planeswalker of theirs is
 * attacked instead, which costs nothing here) with one creature costs its controller.
 */
export function attackCost(game: Game, defender: PlayerId, walker = false): AttackCost {
  let cost = ZERO;
  const sources: string[] = [];
  if (walker) return { cost, sources };
  for (const r of game.staticAbilities(ATTACK_COST)) {
    if (r.obj.controller !== defender) continue;
    cost = add(cost, parseMana(String(r.ability.static?.mana ?? "{0}")));
    sources.push(nameOf(game, r.obj));
  }
  return { cost, sources };
}

/** Does attacking `defender` cost anything (CR 508.1d: such an attack is never required)? */
export const attackIsFree = (game: Game, defender: PlayerId, walker = false): boolean =>
  walker || manaTotal(attackCost(game, defender).cost) === 0;

/** "pay {2}" for an option's label; "" when the attack is free. */
export function attackCostLabel(game: Game, defender: PlayerId, walker = false): string {
  const { cost } = attackCost(game, defender, walker);
  return manaTotal(cost) === 0 ? "" : ` (pay ${showMana(cost)})`;
}

/** CR 508.1h: what attacking `defender` with one creature costs `attacker` and why they can't pay it; null if free or payable. */
function unpaidAttackCost(
  game: Game,
  attacker: PlayerId,
  defender: PlayerId,
  walker = false,
): { cost: ManaCost; sources: string[]; why: string } | null {
  const { cost, sources } = attackCost(game, defender, walker);
  if (manaTotal(cost) === 0) return null;
  const why = cantPay(game, attacker, cost);
  return why === null ? null : { cost, sources, why };
}

/** CR 508.1h: whether `attacker` can pay what attacking `defender` with one creature costs (free: yes). */
export const attackPayable = (game: Game, attacker: PlayerId, defender: PlayerId): boolean =>
  unpaidAttackCost(game, attacker, defender) === null;

/** CR 508.1h: why `o`'s controller can't attack `defender` with it, for lack of mana; null if they can. */
export function whyNotPayAttack(
  game: Game,
  o: GameObject,
  defender: PlayerId,
  walker = false,
): string | null {
  const unpaid = unpaidAttackCost(game, o.controller, defender, walker);
  if (unpaid === null) return null;
  const { cost, sources, why } = unpaid;
  return `${nameOf(game, o)} can't attack ${game.playerName(defender)} unless ${game.playerName(o.controller)} pays ${showMana(cost)} (${sources.join(", ")}; CR 508.1g–h): ${why}`;
}
