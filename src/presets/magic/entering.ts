/**
 * What a permanent gets as it enters the battlefield, however it enters — cast and resolved (CR
 * 608.3), played (a land), put there or returned by an effect (CR 110.2), created (a token): the
 * counters it enters with (CR 122.6, 614.1c: `stats.entersWith`; `stats.entersTapped`), a planeswalker's printed loyalty
 * (CR 306.5b) and a Saga's first lore counter (CR 714.3a, which triggers its chapter I: sagas.ts).
 * Each is a `counter` event (the kernel's addCounters) caused by the rule, in the same step of the
 * engine as the move, so "whenever counters are put on" and chapter abilities see them (CR 122.6:
 * entering with counters is having them put on it).
 */
import { DefinitionError } from "../../core/errors.js";
import type { Game } from "../../core/game.js";
import { addCounters } from "../../core/objects.js";
import type { Cause, GameObject, Task } from "../../core/types.js";
import { LOYALTY, printedLoyalty } from "./planeswalkers.js";
import { finalChapter, LORE } from "./sagas.js";
import { hasKeyword, nameOf } from "./state.js";

/** "As it enters the battlefield": a rule, naming the permanent. */
function entering(game: Game, obj: GameObject): Cause {
  return {
    kind: "rule",
    rule: "enters",
    player: obj.controller,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: nameOf(game, obj),
  };
}

/** `stats.entersWith` ({ "+1/+1": 2 }), refused with a clear error when malformed. */
function entersWithOf(game: Game, obj: GameObject): [string, number][] {
  const card = game.card(obj);
  const spec = card.stats?.entersWith;
  if (spec === undefined) return [];
  if (spec === null || typeof spec !== "object" || Array.isArray(spec))
    throw new DefinitionError(
      `${card.name}: stats.entersWith must map counter names to numbers ({ "+1/+1": 2 }), not ${JSON.stringify(spec)}`,
    );
  return Object.entries(spec).map(([c, n]) => {
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1)
      throw new DefinitionError(
        `${card.name}: stats.entersWith.${c} must be a whole number of 1 or more, not ${JSON.stringify(n)}`,
      );
    return [c, n];
  });
}

/** The counters `obj` gets as it enters the battlefield (CR 122.6, 306.5b, 614.1c, 714.3a). */
export function enteredBattlefield(game: Game, obj: GameObject): void {
  if (game.state.zones[obj.zone]?.kind !== "battlefield") return;
  // CR 614.1c: "enters the battlefield tapped" (`stats.entersTapped`): it enters so, it doesn't
  // become tapped — no `tap` event (the kernel's setTapped is for becoming tapped).
  if (game.card(obj).stats?.entersTapped === true) obj.tapped = true;
  const cause = entering(game, obj);
  const loyalty = printedLoyalty(game, obj);
  if (loyalty > 0) addCounters(game, obj, LOYALTY, loyalty, cause); // CR 306.5b
  for (const [c, n] of entersWithOf(game, obj)) addCounters(game, obj, c, n, cause); // CR 614.1c
  if (finalChapter(game, obj) === 0) return;
  // CR 702.155: read ahead — its controller chooses the chapter it starts at (readAhead task).
  if (hasKeyword(game, obj, READ_AHEAD)) game.pushTask({ t: READ_AHEAD_TASK, obj: obj.id, inc: obj.inc });
  else addCounters(game, obj, LORE, 1, cause); // CR 714.3a
}

export const READ_AHEAD = "read ahead";
const READ_AHEAD_TASK = "mtg.readAhead";

/**
 * CR 702.155: "As this Saga enters, choose a number from one to its final chapter number. It
 * enters with that many lore counters. Chapter abilities with lower numbers don't trigger." The
 * controller chooses (`chapter:<n>`); the counters below the chosen chapter are put by the
 * read-ahead rule (`cause.rule: "readAhead"`, which chapter abilities ignore, sagas.ts), the last as
 * it enters (CR 714.3a): only chapter n triggers.
 */
function readAheadTask(game: Game, task: Task): void {
  const obj = game.state.objects[String(task.obj)];
  if (!obj || obj.inc !== task.inc || game.state.zones[obj.zone]?.kind !== "battlefield") {
    game.popTask(task);
    return;
  }
  const last = finalChapter(game, obj);
  const answer = task.answer?.id;
  task.answer = undefined;
  const n = answer?.startsWith("chapter:") ? Number(answer.slice(8)) : 0;
  if (!(n >= 1 && n <= last)) {
    game.ask({
      player: obj.controller,
      kind: "readAhead",
      prompt: `Read ahead: the chapter ${nameOf(game, obj)} starts at`,
      options: Array.from({ length: last }, (_, i) => ({
        id: `chapter:${i + 1}`,
        label: `Chapter ${i + 1}`,
      })),
    });
    return;
  }
  game.popTask(task);
  if (n > 1) addCounters(game, obj, LORE, n - 1, { ...entering(game, obj), rule: "readAhead" });
  addCounters(game, obj, LORE, 1, entering(game, obj));
}

export const enteringTasks: Record<string, (game: Game, task: Task) => void> = {
  [READ_AHEAD_TASK]: readAheadTask,
};
