/**
 * YG Summon: one Normal Summon or Set per turn, as the kernel's action limit (`Preset.actionLimits`,
 * src/core/action-limits.ts): a Normal Summon (a Tribute Summon too) or a Set from the hand is one
 * use, counted as the monster is placed — so a Normal Summon negated by Solemn Judgment stays used
 * (YG Summon: negating a Summon). Effects change the number as data: Double Summon ("You can
 * conduct 2 Normal Summons/Sets this turn, not just 1") is an `actionLimit` effect with `times: 2`.
 * The additional Normal Summon of a kind that "(You can only gain this effect once per turn.)"
 * effects grant (Evilswarm Castor, Fire Formation - Tensu: RULINGS YG-3.1) is not this limit's: it
 * is applied by its own effect (gain.ts), and it doesn't use the turn's Normal Summon.
 */
import { type ActionLimitDef, type Allowance, actionAllowance } from "../../core/action-limits.js";
import type { Game } from "../../core/game.js";
import type { Decision, PlayerId } from "../../core/types.js";

/** The action limit's name (an `actionLimit` effect's `action`). */
export const NORMAL_SUMMON = "normalSummon";

/** The event field that marks a Normal Summon or Set that uses the turn's one (not an additional one). */
export const USES_NORMAL_SUMMON = "usesNormalSummon";

export const normalSummonLimit: ActionLimitDef = {
  // The monster placed to be Normal Summoned (event `summoning`, before any Counter Trap answers) or Set.
  counts: { on: ["summoning", "set"], by: "self", where: { [`data.${USES_NORMAL_SUMMON}`]: true } },
  times: 1,
  noun: "Normal Summon or Set",
  plural: "Normal Summons or Sets",
};

/** May `p` Normal Summon or Set now (the turn's allowance, as effects change it)? */
export function normalSummonAllowance(game: Game, p: PlayerId, explain = false): Allowance {
  return actionAllowance(game, NORMAL_SUMMON, p, { explain });
}

/**
 * `Preset.refusal`: why a Normal Summon or Set that is not offered is refused, when it is because
 * the turn's Normal Summons are used up — told to the deciding player only, about a card of their
 * own hand.
 */
export function normalSummonRefusal(game: Game, d: Decision, choice: string): string | null {
  const [verb, id] = choice.split(":");
  if (d.kind !== "main" || (verb !== "summon" && verb !== "set") || id === undefined) return null;
  // The player the decision is for (another may make it for them: turn control, CR 722).
  const p = d.for ?? d.player;
  const obj = game.obj(id);
  if (obj.owner !== p || game.state.zones[obj.zone]!.kind !== "hand") return null;
  const allowance = normalSummonAllowance(game, p, true);
  return allowance.ok ? null : (allowance.reason ?? null);
}
