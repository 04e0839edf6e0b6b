/**
 * "End the Battle Phase" by a card effect (Battle Fader, Swift Scarecrow). Under the current rules
 * the game goes on to the End Step of the Battle Phase — where cards and effects can still be
 * activated and "until the end of the Battle Phase" effects still apply until it ends — and then
 * to Main Phase 2 (YG Battle Phase: ended by a card effect). No more attacks are declared: the
 * Battle Step and the attack in progress end (the kernel's `Game.skipTo`, which lets the effect or
 * chain resolving finish first), the attack's Damage Step doesn't happen or goes no further, and
 * no window of the ended steps opens again. Monsters already destroyed by battle are still sent to
 * the GY, and effects held for "after damage calculation" are activated in the End Step.
 */
import type { Game } from "../../core/game.js";
import type { OpHandler } from "../../core/script.js";
import type { PendingAbility, TurnModification } from "../../core/types.js";
import { attackState } from "./attack.js";
import { sendBattleDestroyed } from "./damage-step.js";

const END_STEP = "endStep";

/** Is `node` one the turn is leaving because an effect ended the phase it is in (Game.skipTo)? */
export function skippedPast(game: Game, node: unknown): boolean {
  if (typeof node !== "string") return false;
  const q = game.state.turnQueue;
  if (q.length === 0) return false;
  const skip = q.find((m): m is Extract<TurnModification, { kind: "skipTo" }> => m.kind === "skipTo");
  return skip?.ended.includes(node) === true;
}

export function endBattlePhase(game: Game, source?: string): void {
  const path = game.state.clock.path;
  // Only in the Battle Phase, before its End Step (where it is ending anyway).
  if (!path.includes("battle") || path.includes(END_STEP)) return;
  const a = attackState(game);
  if (a && !a.negated) {
    // The attack ends with the phase: no Damage Step, no replay, no "while an attack is occurring".
    a.negated = true;
    // Monsters already destroyed by battle (damage calculated) still go to the GY.
    sendBattleDestroyed(game);
  }
  // Effects waiting for "after damage calculation" (a flipped monster's FLIP effect) are activated
  // at the next chance, in the End Step.
  const held = game.state.vars.heldTriggers as unknown as PendingAbility[] | undefined;
  if (held?.length) {
    game.state.pending.push(...held);
    delete game.state.vars.heldTriggers;
  }
  game.skipTo(END_STEP, source);
}

export const battleEndOps: Record<string, OpHandler> = {
  endBattlePhase: {
    doc: 'Ends the Battle Phase (Battle Fader, Swift Scarecrow): the attack in progress and the Battle Step end, no more attacks are declared, and the game goes on to the End Step of the Battle Phase (its window and "until the end of the Battle Phase" effects still come), then Main Phase 2. Nothing outside the Battle Phase or in its End Step.',
    args: {},
    run(game, _op, frame) {
      endBattlePhase(game, frame.ctx.card ? game.rules.card(frame.ctx.card).name : undefined);
      return "next";
    },
  },
};
