/**
 * Restrictions and requirements on attacking and blocking (CR 508.1c–d, 509.1b–c), as data:
 *
 * - a creature's own static `{ kind: cant, actions: [attack | block] }` ("Goblin Raider can't
 *   block") or `{ kind: must, actions: [attack | block] }` ("Bloodrock Cyclops attacks each combat
 *   if able");
 * - an Aura's `{ kind: attachedCant, actions }` ("Enchanted creature can't attack or block",
 *   Pacifism, attachments.ts);
 * - an effect with a duration, the kernel's `until` of kind `cant` or `must`, value the actions
 *   ("Target creature can't block this turn", "Target creature blocks this turn if able").
 *
 * Each answer names what restricts or requires, for the reasons a refused declaration gives.
 * Once a creature is declared, a restriction that begins later doesn't remove it from combat
 * (CR 506.4a): these are read only while declaring.
 */
import { attachedStatics } from "../../core/attachments.js";
import type { Game } from "../../core/game.js";
import type { GameObject } from "../../core/types.js";
import { nameOf } from "./state.js";

export type CombatAction = "attack" | "block";

const names = (v: unknown, action: CombatAction): boolean => Array.isArray(v) && v.includes(action);

/** What gives `obj` a `cant` / `must` for `action`: the names of its sources, none if nothing does. */
function sources(game: Game, obj: GameObject, kind: "cant" | "must", action: CombatAction): string[] {
  const out: string[] = [];
  for (const r of game.staticAbilities(kind))
    if (r.obj.id === obj.id && names(r.ability.static?.actions, action)) out.push(nameOf(game, obj));
  if (kind === "cant")
    for (const r of attachedStatics(game, obj, "attachedCant"))
      if (names(r.ability.static?.actions, action)) out.push(nameOf(game, r.obj));
  for (const d of game.effects(kind)) {
    const t = d.effect.target;
    if (t && "obj" in t && t.obj === obj.id && t.inc === obj.inc && names(d.effect.value, action))
      out.push(d.source?.name ?? d.label);
  }
  return out;
}

/** CR 508.1c, 509.1b: what forbids `obj` to attack / block ("Pacifism"); null if nothing does. */
export function restrictedBy(game: Game, obj: GameObject, action: CombatAction): string | null {
  return sources(game, obj, "cant", action)[0] ?? null;
}

/** CR 508.1d, 509.1c: what requires `obj` to attack / block if able; null if nothing does. */
export function requiredBy(game: Game, obj: GameObject, action: CombatAction): string | null {
  return sources(game, obj, "must", action)[0] ?? null;
}
