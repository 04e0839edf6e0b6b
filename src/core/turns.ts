/**
 * Turns as objects and the one queue of turn modifications: extra turns are taken last added,
 * first taken (DM 500.5, CR 500.7; RULINGS DM-T13), skips remove a player's next turn.
 */

import type { Game } from "./contract/game.js";
import { expireDurations } from "./durations.js";
import { closeWindow, emit, heard, newEntry, openWindow, skipUnheard } from "./events.js";
import { nodeTask } from "./structure.js";
import type { PlayerId, Task, TurnModification } from "./types.js";

export interface GameTask extends Task {
  t: "game";
}

export interface TurnTask extends Task {
  t: "turn";
  stage: "begin" | "end";
}

/** Picks the next turn: the most recently added extra turn, else the next player in rotation. */
export function nextTurn(game: Game): { player: PlayerId; extra: boolean } {
  const state = game.state;
  const n = state.players.length;
  for (;;) {
    let pick: { player: PlayerId; extra: boolean } | null = null;
    for (let i = state.turnQueue.length - 1; i >= 0; i--) {
      const mod = state.turnQueue[i]!;
      if (mod.kind === "extra") {
        state.turnQueue.splice(i, 1);
        pick = { player: mod.player, extra: true };
        break;
      }
    }
    if (!pick) {
      const player = (state.clock.rotation + 1) % n;
      state.clock.rotation = player;
      pick = { player, extra: false };
    }
    const skip = findLastIndex(state.turnQueue, (m) => m.kind === "skip" && m.player === pick!.player);
    if (skip < 0) return pick;
    state.turnQueue.splice(skip, 1);
    emit(game, { type: "turnSkipped", player: pick.player, data: { extra: pick.extra } });
  }
}

function findLastIndex<T>(xs: T[], f: (x: T) => boolean): number {
  for (let i = xs.length - 1; i >= 0; i--) if (f(xs[i]!)) return i;
  return -1;
}

/** The game task sits at the bottom of the stack and begins one turn after another. */
export function runGameTask(game: Game, _task: Task): void {
  const state = game.state;
  const { player, extra } = nextTurn(game);
  const p = state.players[player]!;
  p.turns += 1;
  p.lastTurn = state.clock.turn.id + 1;
  state.clock.turn = { id: p.lastTurn, player, extra, ordinal: p.turns };
  game.pushTask({ t: "turn", stage: "begin" } satisfies TurnTask);
}

/**
 * CR 722.1: a player controlled "during their next turn" is controlled during this one, the next
 * they actually take (722.1b: skipped turns don't use it up); of several such effects the most
 * recent works (722.1a), and all of them are used up. A player who gains control of themselves
 * makes their own decisions (722.6). The control lasts the whole turn.
 */
function takeTurnControl(game: Game): void {
  const state = game.state;
  const q = state.turnQueue;
  if (q.length === 0) return;
  const turn = state.clock.turn;
  let last: Extract<TurnModification, { kind: "control" }> | undefined;
  for (let i = 0; i < q.length; ) {
    const m = q[i]!;
    if (m.kind === "control" && m.player === turn.player) {
      last = m;
      q.splice(i, 1);
    } else i++;
  }
  if (!last) return;
  if (last.by !== turn.player) turn.controlledBy = last.by;
  emit(game, {
    type: "turnControl",
    player: turn.player,
    data: { by: last.by, source: last.source ?? null },
  });
  // "After that turn, that player takes an extra turn": added now, it comes right after this one.
  if (last.extraTurnAfter) game.addExtraTurn(turn.player, last.source);
}

export function runTurnTask(game: Game, task: Task): void {
  const t = task as TurnTask;
  const turn = game.state.clock.turn;
  if (t.stage === "begin") {
    openWindow(game, "turn");
    expireDurations(game, { at: "turnBegin", player: turn.player });
    const flags = game.rules.bookkeeping.turnBegin;
    if (heard(game, flags)) {
      const entry = newEntry("turnBegin");
      entry.player = turn.player;
      entry.data = { turn: turn.id, extra: turn.extra, ordinal: turn.ordinal };
      emit(game, entry, flags.typeRules);
    } else skipUnheard(game, "turnBegin", flags);
    // CR 722.1: who controls this turn is settled as it begins, before anything happens in it.
    takeTurnControl(game);
    t.stage = "end";
    game.pushTask(nodeTask(game.rules.root.id));
    return;
  }
  const flags = game.rules.bookkeeping.turnEnd;
  if (heard(game, flags)) {
    const entry = newEntry("turnEnd");
    entry.player = turn.player;
    entry.data = { turn: turn.id };
    emit(game, entry, flags.typeRules);
  } else skipUnheard(game, "turnEnd", flags);
  // Nodes added to this turn that it never reached lapse with it (CR 500.8 adds them to "this turn").
  const q = game.state.turnQueue;
  for (let i = q.length - 1; i >= 0; i--)
    if (q[i]!.kind === "nodes" || q[i]!.kind === "skipTo") q.splice(i, 1);
  // DM 500.3: "this turn" effects end after the turn has completely ended.
  expireDurations(game, { at: "turnEnd", turn: turn.id });
  closeWindow(game, "turn");
  game.popTask(t);
}
