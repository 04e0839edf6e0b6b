/**
 * Trigger Effects of cards only their controller sees (Battle Fader in the hand). The kernel notes
 * every player who could hold such a card for an event, judged by the card library and what
 * everyone sees, never by the cards they hold (`state.hiddenResponses`); each of them is asked
 * privately, whether they hold one or not, so the question reveals nothing. A player who uses one
 * activates it when its turn on the chain comes (SEGOC order); the others are declined, seen by
 * their controller only.
 */
import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import { seenIn } from "../../core/objects.js";
import type { PendingAbility, PlayerId, Task } from "../../core/types.js";

/** Is the card of this pending effect hidden from some player (in a hand, face-down)? */
export function hiddenCard(game: Game, p: PendingAbility): boolean {
  const o = game.state.objects[p.obj];
  return !!o && seenIn(game, game.state.zones[o.zone]!, o.faceDown, o.owner) !== "all";
}

/** `player`'s optional effects pending from cards others can't see, not answered yet. */
function hiddenOptional(game: Game, player: PlayerId): PendingAbility[] {
  return game.state.pending.filter(
    (p) =>
      p.controller === player &&
      p.answered === undefined &&
      game.ability(p.card, p.ability).optional === true &&
      hiddenCard(game, p),
  );
}

const optionId = (game: Game, p: PendingAbility) => `use:${game.ref(game.obj(p.obj))}:${p.ability}`;

/** Asks the next player who could respond with a hidden card (the turn player first). */
export function askHiddenTriggers(game: Game, task: Task): void {
  const state = game.state;
  const n = state.players.length;
  const active = state.clock.turn.player;
  state.hiddenResponses.sort((a, b) => ((a - active + n) % n) - ((b - active + n) % n));
  const player = state.hiddenResponses[0]!;
  const mine = hiddenOptional(game, player);
  task.hiddenFor = player;
  game.ask({
    player,
    kind: "respond",
    prompt:
      mine.length > 0
        ? "Activate the effect of a card only you can see?"
        : "Activate the effect of a card only you can see? (none of yours can now)",
    publicPrompt: `${game.playerName(player)} may activate the effect of a card only they can see`,
    private: true,
    options: [
      ...mine.map((p) => ({
        id: optionId(game, p),
        label: `Activate ${game.rules.card(p.card).name}'s effect`,
      })),
      { id: "no", label: "Don't activate" },
    ],
  });
}

/** The answer: the effects chosen wait for their Chain Link; the others are declined. */
export function answerHiddenTriggers(game: Game, task: Task): void {
  const state = game.state;
  const player = Number(task.hiddenFor);
  const chosen = task.answer!.id;
  task.answer = undefined;
  delete task.hiddenFor;
  state.hiddenResponses = state.hiddenResponses.filter((p) => p !== player);
  for (const p of hiddenOptional(game, player)) {
    if (optionId(game, p) === chosen) {
      p.answered = "use";
      continue;
    }
    state.pending.splice(state.pending.indexOf(p), 1);
    emit(game, {
      type: "decline",
      player: p.controller,
      obj: p.obj,
      inc: p.inc,
      card: p.card,
      name: game.rules.card(p.card).name,
      data: { ability: p.ability },
    });
  }
}
