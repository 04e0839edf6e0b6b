/**
 * Yu-Gi-Oh!'s part of control changes (the kernel's core/control.ts): a monster that changes
 * control is placed in a Main Monster Zone of its new controller, even from an Extra Monster Zone;
 * with none free it can't be taken. A monster whose control would go back to a player with no free
 * Main Monster Zone is sent to its owner's GY instead (as rulings are commonly reported: the
 * official wording could not be confirmed from a reachable source here). Simplified: the new zone
 * is the leftmost free one (the rules let the new controller choose it).
 */
import { CONTROL, controlEffectsEnded } from "../../core/control.js";
import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import { turnFaceDown, zoneId } from "../../core/objects.js";
import type { StateCheck } from "../../core/state-checks.js";
import type { Cause, GameObject, PlayerId } from "../../core/types.js";
import { followFaceDown } from "./attack.js";
import { freeMainColumns, MAIN_ZONES, masterRule2020 } from "./master-rule.js";
import { CLOCK_AND_DRAWS } from "./quiet-events.js";

/** Has `p` a free Main Monster Zone (under Master Rule 3: fewer than 5 monsters)? */
export function hasMonsterRoom(game: Game, p: PlayerId): boolean {
  if (masterRule2020(game)) return freeMainColumns(game, p).length > 0;
  return game.zone("monster", p).cards.length < MAIN_ZONES;
}

/** Has `p` a free Spell & Trap Zone? */
function hasSpellTrapRoom(game: Game, p: PlayerId): boolean {
  return game.zone("spellTrap", p).cards.length < MAIN_ZONES;
}

export function beforeControlChange(game: Game, obj: GameObject, to: PlayerId, returning: boolean): boolean {
  const kind = game.state.zones[obj.zone]!.kind;
  // Two monsters exchanged (Creature Swap, exchange.ts): each side gives one as it takes one.
  const exchanging = game.state.vars.exchangingControl === true && kind === "monster";
  const room =
    exchanging || kind !== "monster"
      ? kind !== "spellTrap" || hasSpellTrapRoom(game, to)
      : hasMonsterRoom(game, to);
  if (!room) {
    if (returning)
      game.move(obj, zoneId("graveyard", obj.owner), {
        cause: { kind: "rule" },
        data: { reason: "its control would go back, but that player has no free zone" },
      });
    return false;
  }
  // Its zone was the other player's (or an Extra Monster Zone): it takes a Main Monster Zone of the new controller's.
  if (kind === "monster") delete obj.vars.col;
  return true;
}

/**
 * Control that lasts while a card stays on the field (Snatch Steal: `gainControl` with `expires:
 * source`) goes back the moment that card leaves, in the middle of a chain too. The kernel ends it
 * as the card moves (durations.ts `objectLeft`); this check, run after every step of work, also
 * ends it when the card stays but is no longer the same card (turned face-down: a new
 * incarnation, YG-1.3), which the kernel can't decide for every game (a Magic permanent turned
 * face-down is still on the battlefield).
 */
export const controlSourceCheck: StateCheck = {
  id: "ygoControlSource",
  ignores: CLOCK_AND_DRAWS,
  rule: "YG Control: by equipping",
  run(game) {
    const list = game.state.durations;
    if (list.length === 0) return false;
    const lapsed = list.filter(
      (d) =>
        d.effect.kind === CONTROL &&
        d.expires.at === "objectLeaves" &&
        game.state.objects[d.expires.obj]?.inc !== d.expires.inc,
    );
    if (lapsed.length === 0) return false;
    game.state.durations = list.filter((d) => !lapsed.includes(d));
    for (const d of lapsed)
      emit(game, {
        type: "durationEnd",
        player: d.controller,
        data: { duration: d.id, label: d.label, kind: d.effect.kind, boundary: "objectLeaves" },
      });
    controlEffectsEnded(game, lapsed);
    return true;
  },
};

/**
 * A monster turned face-down by an effect is a new card for its once-per-turn effects (YG-1.3),
 * but not for control: a monster taken (Change of Heart) stays taken, and control that lasts while
 * a card stays on the field (Snatch Steal) still goes back when that card leaves. The control
 * effects on it are moved to the face-down card.
 */
export function turnMonsterFaceDown(game: Game, obj: GameObject, bySelf: boolean, cause?: Cause): void {
  const before = obj.inc;
  turnFaceDown(game, obj, bySelf, cause);
  // Still the same monster for an attack going on (YG Battle Step: the attack target turned face-down).
  followFaceDown(game, obj, before);
  for (const d of game.state.durations) {
    const t = d.effect.target;
    if (d.effect.kind !== CONTROL || !t || !("obj" in t) || t.obj !== obj.id || t.inc !== before) continue;
    t.inc = obj.inc;
    if (d.expires.at === "objectLeaves" && d.expires.obj === obj.id) d.expires.inc = obj.inc;
  }
}
