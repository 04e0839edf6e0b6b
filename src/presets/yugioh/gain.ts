/**
 * Effects a player is granted for the turn under "(You can only gain this effect once per turn.)"
 * (RULINGS YG-3.1): Dice Re-Roll's re-roll once it resolves, Zefraath's additional Pendulum Summon
 * once it is Special Summoned. As with Evilswarm Castor's extra Normal Summon, the shared
 * per-player bucket is used when the effect is applied — the re-roll made, the summon conducted —
 * not when it is granted: the seed's Q&A lets a player holding two such effects choose which one
 * to apply, and once one is applied the others can't be that turn.
 */
import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import type { AbilityRef, Verdict } from "../../core/limits.js";
import type { PlayerId } from "../../core/types.js";

interface Granted extends JsonObject {
  obj: string;
  ability: string;
  kind: string;
  turn: number;
}

function grantedList(game: Game, player: PlayerId): Granted[] {
  const now = game.state.clock.turn.id;
  const list = (game.state.players[player]!.vars.granted as Granted[] | undefined) ?? [];
  return list.filter((g) => g.turn === now); // rights of earlier turns have lapsed
}

/**
 * `player` holds, for this turn, the right to apply the static ability `ref` (its `static.kind`
 * says what it does). If the bucket is already used this turn the effect is still gained, and a
 * `limitRefused` event says why it can't be applied.
 */
export function grantEffect(game: Game, ref: AbilityRef, player: PlayerId): void {
  const list = grantedList(game, player);
  if (!list.some((g) => g.obj === ref.obj.id && g.ability === ref.ability.id))
    list.push({
      obj: ref.obj.id,
      ability: ref.ability.id,
      kind: String(ref.ability.static?.kind),
      turn: game.state.clock.turn.id,
    });
  game.state.players[player]!.vars.granted = list;
  emit(game, { type: "effectGained", player, name: ref.card.name, data: { ability: ref.ability.id } });
  const v = game.canApply({ ...ref, controller: player });
  if (!v.ok)
    emit(game, {
      type: "limitRefused",
      player,
      obj: ref.obj.id,
      card: ref.obj.card,
      name: ref.card.name,
      data: { ability: ref.ability.id, reason: v.reason, at: "gain" },
    });
}

/** The granted effects of that kind `player` may still apply this turn (their limits allow). */
export function grantedEffects(game: Game, player: PlayerId, kind: string): AbilityRef[] {
  return grantedList(game, player)
    .filter((g) => g.kind === kind)
    .map((g) => ({ ...game.abilityRef(g.obj, g.ability), controller: player }))
    .filter((ref) => game.canApply(ref).ok);
}

/** Applies a granted effect: its limits are used (the shared bucket) and the right is spent. */
export function applyGranted(game: Game, ref: AbilityRef, player: PlayerId): Verdict {
  const v = game.applyStatic({ ...ref, controller: player });
  if (v.ok)
    game.state.players[player]!.vars.granted = grantedList(game, player).filter(
      (g) => !(g.obj === ref.obj.id && g.ability === ref.ability.id),
    );
  return v;
}
