/**
 * Facts read from an ability's or a pattern's definition alone, shared by the layers that count,
 * trigger and limit: an ability's limits as a list, whether its controller may decline it, and
 * the counter that counts a pattern in a window.
 */
import type { CounterSpec } from "./contract/data.js";
import type { AbilityDef, CardDef, EventPattern, LimitSpec } from "./vocabulary/schema.js";

/** Does the card have an activated ability (mana abilities included)? */
export function hasActivatedAbility(card: CardDef): boolean {
  const abilities = card.abilities;
  if (abilities === undefined) return false;
  for (const a of abilities) if (a.kind === "activated") return true;
  return false;
}

/**
 * An ability its controller may decline: optional, or with a "you may" anywhere in its effect
 * (Ryusousha Valchulis: "after the attack, you may put this creature into the battle zone").
 */
export function mayUse(ability: AbilityDef): boolean {
  return ability.optional === true || hasMay(ability.effect);
}

function hasMay(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasMay);
  if (v === null || typeof v !== "object") return false;
  if ((v as { op?: unknown }).op === "may") return true;
  return Object.values(v).some(hasMay);
}

/** An ability's limits, as a list; defaults filled (every card is checked and completed when compiled). */
export function limitsOf(ability: AbilityDef): LimitSpec[] {
  if (!ability.limit) return [];
  return (Array.isArray(ability.limit) ? ability.limit : [ability.limit]) as LimitSpec[];
}

/** The counter that reads "occurrences of this pattern in this window". */
export function counterSpecFor(pattern: EventPattern, window: string): CounterSpec {
  const by: CounterSpec["by"] = pattern.self
    ? "object"
    : pattern.player && pattern.player !== "any"
      ? "player"
      : "all";
  const { player: _p, self: _s, noun: _n, by: cause, ...absolute } = pattern;
  const byCause = cause !== undefined && cause !== "any";
  const id = `${window}|${by}${byCause ? "+cause" : ""}|${JSON.stringify(absolute)}`;
  return { id, pattern: absolute, window, by, byCause };
}
