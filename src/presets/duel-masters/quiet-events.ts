/**
 * Which events Duel Masters' state checks can't be changed by (StateCheck.ignores): after events
 * of these types only, the kernel doesn't run them again.
 */
import type { ConditionT } from "../../core/vocabulary/schema.js";

/**
 * The events that say only where the turn is or that a card tapped or untapped: the deck-out,
 * Extra Win and command-unseal checks read neither (what ends or moves at those moments says so
 * with its own events).
 */
export const CLOCK_AND_TAPS: readonly string[] = [
  "nodeEnter",
  "nodeBegin",
  "nodeEnd",
  "turnBegin",
  "turnEnd",
  "untapStep",
  "tap",
  "untap",
];

/**
 * A condition that changes only when cards move: counts of cards (all, any, not of them) whose
 * selector names no tapped state, no player by the turn (active, nonActive) and no power (DM's only
 * characteristic that changes with the turn: while attacking). Anything else — the turn, a node,
 * events in a window, a preset's named condition — may change with the clock.
 */
export function readsNoClockOrTaps(c: ConditionT): boolean {
  if ("all" in c) return c.all.every(readsNoClockOrTaps);
  if ("any" in c) return c.any.every(readsNoClockOrTaps);
  if ("not" in c) return readsNoClockOrTaps(c.not);
  if (!("count" in c)) return false;
  const sel = c.count;
  const byTurn = (who: unknown): boolean => who === "active" || who === "nonActive";
  return (
    sel.tapped === undefined &&
    !byTurn(sel.owner) &&
    !byTurn(sel.controller) &&
    !("power" in (sel.where ?? {}))
  );
}
