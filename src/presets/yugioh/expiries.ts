/**
 * Yu-Gi-Oh!'s durations as the kernel's relative expiries (src/core/durations.ts), for ops that
 * build a duration in code. A card's own `until` / `gainControl` / `delayed` writes the same forms
 * as data:
 *
 * - "until the end of this turn": `{ end: turn, turn: this }` (the kernel's "turn")
 * - "until the End Phase" (of this turn): `{ begin: end, turn: this }` — as this turn's End Phase
 *   begins, or, made during the End Phase, at the latest when this turn ends (ygopro-core's
 *   RESET_PHASE + PHASE_END: reset within the turn it was made, never carried into the next)
 * - "until the end of your opponent's turn": `{ end: turn, player: opponent, turn: next }`
 * - "until the End Phase of your opponent's next turn": `{ begin: end, player: opponent, turn: next }`
 * - "until the end of your next turn": `{ end: turn, player: self, turn: next }`
 *
 * A turn that is skipped never begins, so it neither ends such an effect nor uses it up; a phase
 * skipped (Reckless Greed's Draw Phases) never begins either.
 */
import type { Game } from "../../core/game.js";
import type { Expiry } from "../../core/types.js";

/** "Until the end of this turn". */
export function endOfThisTurn(game: Game): Expiry {
  return { at: "boundary", edge: "end", node: null, turn: game.state.clock.turn.id };
}

/** "Until the End Phase": this turn's End Phase begins (or this turn ends, if it already has). */
export function endPhaseOfThisTurn(game: Game): Expiry {
  return { at: "boundary", edge: "begin", node: "end", turn: game.state.clock.turn.id };
}
