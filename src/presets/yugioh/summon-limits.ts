/**
 * "You can only Special Summon "X" once per turn." — a restriction printed on a monster (static
 * `specialSummonOncePerTurn`, with a `limit` keyed by name per player: `counts: application`).
 * Each player may Special Summon a card of that name once per turn, by any means (a procedure, an
 * Xyz/Fusion/Link/Pendulum Summon, a card effect); a Normal Summon is not limited. The limit is
 * used by the Special Summon that happened: a Summon negated (Solemn Strike) never was one, so
 * another copy may be Special Summoned that turn (Konami's rulings on this text).
 */
import type { Game } from "../../core/game.js";
import type { AbilityRef } from "../../core/limits.js";
import type { GameObject, PlayerId } from "../../core/types.js";

export const SPECIAL_SUMMON_ONCE = "specialSummonOncePerTurn";

/** The card's "You can only Special Summon … once per turn", as summoned by `p`. */
function restriction(game: Game, obj: GameObject, p: PlayerId): AbilityRef | undefined {
  const card = game.card(obj);
  const ability = card.abilities?.find((a) => a.kind === "static" && a.static?.kind === SPECIAL_SUMMON_ONCE);
  return ability ? { obj, card, ability, controller: p } : undefined;
}

/**
 * May `p` not Special Summon `obj` now? Its restriction is used this turn, or a monster of the same
 * name is among `along` — those being Special Summoned with it (one Pendulum Summon).
 */
export function specialSummonLimited(
  game: Game,
  obj: GameObject,
  p: PlayerId,
  along: readonly GameObject[] = [],
): boolean {
  const ref = restriction(game, obj, p);
  if (!ref) return false;
  if (!game.canApply(ref).ok) return true;
  return along.some((o) => o.id !== obj.id && game.card(o).name === ref.card.name);
}

/** `obj` was Special Summoned by `p` (the Summon happened): its restriction is used for the turn. */
export function specialSummoned(game: Game, obj: GameObject, p: PlayerId): void {
  const ref = restriction(game, obj, p);
  if (ref) game.applyStatic(ref);
}
