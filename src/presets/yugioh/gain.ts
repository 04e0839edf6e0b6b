/**
 * Gaining an effect under "(You can only gain this effect once per turn.)" (RULINGS YG-3.1): the
 * gained static ability's limit is one bucket per player shared by every card with that text, used
 * up when the effect is gained. Dice Re-Roll gains a re-roll, Zefraath an additional Pendulum
 * Summon; Evilswarm Castor's extra Normal Summon uses the same bucket as it applies.
 */
import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import type { AbilityRef } from "../../core/limits.js";
import type { PlayerId } from "../../core/types.js";

/** `player` gains the static ability `ref` for this turn if its limit allows; false (and a `limitRefused` event) if not. */
export function gainEffect(game: Game, ref: AbilityRef, player: PlayerId): boolean {
  const gained = { ...ref, controller: player };
  const v = game.applyStatic(gained);
  if (!v.ok) {
    emit(game, {
      type: "limitRefused",
      player,
      obj: ref.obj.id,
      card: ref.obj.card,
      name: ref.card.name,
      data: { ability: ref.ability.id, reason: v.reason, at: "gain" },
    });
    return false;
  }
  emit(game, { type: "effectGained", player, name: ref.card.name, data: { ability: ref.ability.id } });
  return true;
}
