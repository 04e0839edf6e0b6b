/**
 * Limits and bounds (docs/kernel.md, "Limits and bounds"): whatever a card, a scenario or a caller
 * can make grow — players, objects, repeats, a decision's options — has a bound here, checked as it
 * grows (before the memory is taken, by a counter, never a scan), and a clear error past it. The
 * per-action budgets (events, engine steps) and the per-game decision budget are the Game's
 * (`eventBudget`, `stepBudget`, `decisionBudget`).
 */
import { EngineError } from "./errors.js";

export const LIMITS = {
  /** Players in one game: checked before anything is made for them. */
  players: 64,
  /** Characters in a player's name. */
  playerName: 200,
  /** Options of one decision (`Game.ask`, and the option lists presets build for it). */
  decisionOptions: 10_000,
  /** Objects (cards, tokens) one op creates. */
  objectsPerOp: 1_000,
  /** Times one op runs its block, asks for a mode, draws or skips a node (`repeat`, `modes`, `draw`, `skipNode`). */
  repeats: 1_000,
  /** Objects created in one game, tokens included: a bound on the state's memory. */
  objects: 100_000,
} as const;

/** Where the limits are explained, for the end of an error's words. */
export const LIMITS_DOC = 'docs/kernel.md, "Limits and bounds"';

/**
 * A count an op read when it ran (a number written on the card, a `$var`, a count of objects, an
 * event's field): a whole number from 0 to `max`, or an EngineError naming `what` and the limit.
 */
export function checkedCount(n: number, what: string, max: number): number {
  if (Number.isInteger(n) && n >= 0 && n <= max) return n;
  throw new EngineError(
    Number.isInteger(n) && n > max
      ? `${what} is ${n}: more than ${max}, the most turnkit allows (${LIMITS_DOC})`
      : `${what} is ${String(n)}: expected a whole number from 0 to ${max}`,
  );
}

/**
 * Room for `more` options in a decision's list that has `have`: checked before they are made (an
 * X spell payable up to 70,000 would otherwise build 70,001 options), an EngineError naming `what`.
 */
export function checkOptionRoom(have: number, more: number, what: string): void {
  if (have + more <= LIMITS.decisionOptions) return;
  throw new EngineError(
    `${what}: ${have + more} options, more than ${LIMITS.decisionOptions}, the most one decision may offer (${LIMITS_DOC})`,
  );
}

/** Appends `more` to the option list `out`, within LIMITS.decisionOptions (no spread: no stack limit). */
export function appendOptions<T>(out: T[], more: readonly T[], what: string): void {
  checkOptionRoom(out.length, more.length, what);
  for (const o of more) out.push(o);
}
