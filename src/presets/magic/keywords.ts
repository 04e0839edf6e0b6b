/**
 * What the evergreen keywords do outside the choices of combat: deathtouch and lifelink as
 * damage is dealt (CR 702.2b, 702.15b), lethal damage for assignments (CR 702.2c, 702.19b),
 * indestructible (CR 702.12b). Read by ops.ts (`dealDamage`, `destroy`), sba.ts and combat.ts.
 */
import type { Game } from "../../core/game.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import { damage, hasKeyword, life, stat } from "./state.js";

/** The object var noting damage from a deathtouch source since the last state-based action check (CR 704.5h). */
export const DEATHTOUCH = "deathtouchDamage";

/** CR 702.12b: a permanent with indestructible can't be destroyed. */
export const indestructible = (game: Game, o: GameObject): boolean => hasKeyword(game, o, "indestructible");

/**
 * Lethal damage for assigning `source`'s combat damage to `target` (CR 702.19c: damage already
 * marked counts): its toughness less the damage marked; any nonzero amount if `source` has
 * deathtouch (CR 702.2c). Damage assigned by other creatures in the same step is not counted.
 */
export function lethalDamage(game: Game, source: GameObject, target: GameObject): number {
  const left = Math.max(0, stat(game, target, "toughness") - damage(target));
  return hasKeyword(game, source, "deathtouch") ? Math.min(1, left) : left;
}

/**
 * What damage dealt by `source` does besides (called as the damage is dealt, not a trigger):
 * a creature dealt damage by a deathtouch source is destroyed at the next state-based action
 * check (CR 702.2b, 704.5h); damage from a lifelink source makes its controller gain that much
 * life (CR 702.15b).
 */
export function damageKeywords(
  game: Game,
  source: GameObject | undefined,
  controller: PlayerId,
  to: GameObject | PlayerId,
  n: number,
): void {
  if (!source || n <= 0) return;
  if (typeof to !== "number" && hasKeyword(game, source, "deathtouch")) to.vars[DEATHTOUCH] = true;
  if (hasKeyword(game, source, "lifelink")) {
    const p = game.state.players[controller]!;
    p.vars.life = life(game, controller) + n;
    game.emit({
      type: "lifeGain",
      player: controller,
      obj: source.id,
      data: { n, life: p.vars.life as number, lifelink: true },
    });
  }
}
