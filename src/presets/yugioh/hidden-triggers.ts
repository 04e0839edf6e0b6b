/**
 * Trigger Effects of cards only their controller sees (Battle Fader in the hand). The kernel notes
 * every player who could hold such a card for an event, judged by the card library and what
 * everyone sees, never by the cards they hold (`state.hiddenResponses`); each of them is asked
 * privately, whether they hold one or not, so the question reveals nothing. A player who uses one
 * activates it when its turn on the chain comes (SEGOC order); the others are declined, seen by
 * their controller only.
 */
import type { Game } from "../../core/game.js";
import { seenIn } from "../../core/objects.js";
import { answerHiddenResponse, askHiddenResponse, type HiddenResponseWords } from "../../core/triggers.js";
import type { PendingAbility, Task } from "../../core/types.js";

/** Is the card of this pending effect hidden from some player (in a hand, face-down)? */
export function hiddenCard(game: Game, p: PendingAbility): boolean {
  const o = game.state.objects[p.obj];
  return !!o && seenIn(game, game.state.zones[o.zone]!, o.faceDown, o.owner) !== "all";
}

/** The kernel's private question about hidden cards (triggers.ts), in this game's words. */
const words: HiddenResponseWords = {
  prompt: "Activate the effect of a card only you can see?",
  noneNow: " (none of yours can now)",
  othersSee: "may activate the effect of a card only they can see",
  use: (card) => `Activate ${card}'s effect`,
  decline: "Don't activate",
};

/** Asks the next player who could respond with a hidden card (the turn player first). */
export const askHiddenTriggers = (game: Game, task: Task): void => askHiddenResponse(game, task, words);

/** The answer: the effects chosen wait for their Chain Link; the others are declined. */
export const answerHiddenTriggers = answerHiddenResponse;
