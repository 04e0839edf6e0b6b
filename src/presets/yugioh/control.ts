/**
 * Yu-Gi-Oh!'s part of control changes (the kernel's core/control.ts): a monster that changes
 * control is placed in a Main Monster Zone of its new controller, even from an Extra Monster Zone;
 * with none free it can't be taken. A monster whose control would go back to a player with no free
 * Main Monster Zone is sent to its owner's GY instead (as rulings are commonly reported: the
 * official wording could not be confirmed from a reachable source here). Simplified: the new zone
 * is the leftmost free one (the rules let the new controller choose it).
 */
import type { Game } from "../../core/game.js";
import { zoneId } from "../../core/objects.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import { freeMainColumns, MAIN_ZONES, masterRule2020 } from "./master-rule.js";

/** Has `p` a free Main Monster Zone (under Master Rule 3: fewer than 5 monsters)? */
export function hasMonsterRoom(game: Game, p: PlayerId): boolean {
  if (masterRule2020(game)) return freeMainColumns(game, p).length > 0;
  return game.cardsIn("monster", p).length < MAIN_ZONES;
}

/** Has `p` a free Spell & Trap Zone? */
function hasSpellTrapRoom(game: Game, p: PlayerId): boolean {
  return game.cardsIn("spellTrap", p).length < MAIN_ZONES;
}

export function beforeControlChange(game: Game, obj: GameObject, to: PlayerId, returning: boolean): boolean {
  const kind = game.state.zones[obj.zone]!.kind;
  const room =
    kind === "monster" ? hasMonsterRoom(game, to) : kind === "spellTrap" ? hasSpellTrapRoom(game, to) : true;
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
