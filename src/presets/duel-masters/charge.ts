/**
 * The mana charge as the kernel's action limit (core/action-limits.ts). DM 503.1: in the mana
 * charge step the active player may put one card from their hand into their mana zone (charge);
 * DM 503.2: normally one charge a turn, "継続的効果によって、この数が増減することがあります" — continuous
 * effects raise or lower it: an `until` effect of kind `actionLimit` on a player, value `{ action:
 * charge, add?, max? }` (Reality Void: `max: 0` until its caster's next turn), or a static ability
 * `{ kind: actionLimit, action: charge, add?, max?, player? }`.
 */
import type { ActionLimitDef } from "../../core/action-limits.js";
import { actionAllowance } from "../../core/action-limits.js";
import type { Game } from "../../core/game.js";
import type { Decision } from "../../core/types.js";

/** The name of the action limit (effects name it: `{ action: charge }`). */
export const CHARGE = "charge";

/** `Preset.actionLimits`: a charge is a card moved to the mana zone by the charge step (`data.charge`). */
export const chargeLimits: Record<string, ActionLimitDef> = {
  [CHARGE]: {
    counts: { on: "move", to: "mana", player: "self", where: { "data.charge": true }, noun: "mana charge" },
    times: 1,
    noun: "mana charge",
  },
};

/** Why a `charge:` choice is not an option now (`Preset.refusal`): the step, or the limit and what changed it. */
export function chargeRefusal(game: Game, d: Decision, choice: string): string | null {
  if (!choice.startsWith("charge:")) return null;
  // DM 503.1, 500.2a: only in the mana charge step.
  if (d.kind !== "charge") return "a card is charged only in the mana charge step (DM 503.1)";
  const allowance = actionAllowance(game, CHARGE, d.for ?? d.player, { explain: true });
  return allowance.ok ? null : `${allowance.reason} (DM 503.2)`;
}
