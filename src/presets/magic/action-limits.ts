/**
 * Limits on Magic's game actions, as the kernel's action limits (src/core/action-limits.ts):
 * - playing lands (CR 305.2): one per turn; effects allow more (CR 305.2a: "you may play an
 *   additional land" — Explore's `until`, Exploration's and Azusa's statics), counted against
 *   every land played this turn (305.2a), only in the player's own turn (305.2b);
 * - casting spells (CR 601.3): unlimited by the rules, capped by effects ("Each player can't cast
 *   more than one spell each turn": Rule of Law; "Your opponents can't cast spells this turn":
 *   Silence, a cap of 0).
 */
import type { ActionLimitDef } from "../../core/action-limits.js";
import { actionAllowance } from "../../core/action-limits.js";
import type { Game } from "../../core/game.js";
import type { PlayerId } from "../../core/types.js";
import { sorceryTiming } from "./state.js";

export const PLAY_LAND = "playLand";
export const CAST_SPELL = "castSpell";

/** `Preset.actionLimits` of the Magic preset. */
export const magicActionLimits: Record<string, ActionLimitDef> = {
  // CR 305.2: a player can normally play one land during their turn.
  [PLAY_LAND]: { counts: { on: "playLand", player: "self" }, times: 1, noun: "land" },
  // CR 601.3: no rule limits spells; effects may (a `cast` event is a spell cast by its owner).
  [CAST_SPELL]: { counts: { on: "cast", player: "self" }, noun: "spell" },
};

/** May `p` play a land now (what `whyNotPlayLand` explains, without building the explanation)? */
export function mayPlayLand(game: Game, p: PlayerId): boolean {
  return sorceryTiming(game, p) && actionAllowance(game, PLAY_LAND, p).ok;
}

/**
 * Why `p` can't play a land now, or null (CR 305.2, 305.2a–b, 116.2a: a special action in their
 * own main phase, with priority and an empty stack, while their land plays aren't used up).
 */
export function whyNotPlayLand(game: Game, p: PlayerId): string | null {
  if (!sorceryTiming(game, p))
    return `${game.playerName(p)} can play a land only in their own main phase while the stack is empty (CR 305.2b, 116.2a)`;
  const a = actionAllowance(game, PLAY_LAND, p, { explain: true });
  return a.ok ? null : `${a.reason} (CR 305.2a)`;
}

/** Why `p` can't cast another spell this turn because of an effect, or null (CR 601.3). */
export function whyNotCastMore(game: Game, p: PlayerId): string | null {
  const a = actionAllowance(game, CAST_SPELL, p, { explain: true });
  return a.ok ? null : `${a.reason} (CR 601.3)`;
}
