/**
 * Replay files in the playground: export the game shown as a `turnkit/replay@2` file (what
 * `turnkit play --save` writes and `turnkit replay` reads), and load one into a Session, response
 * by response, so its history can be stepped through. Parsing, checks and messages are the CLI's
 * (src/replay/format.ts); the digest shown is `turnkit replay`'s.
 */
import type { Action, Preset } from "turnkit";
import { getPreset } from "turnkit/presets";
import {
  checkFinalState,
  createReplayGame,
  describeReplayError,
  parseReplay,
  type ReplayFile,
  replayAction,
  replayFileOf,
  replayLabel,
  replayText,
  stateDigest,
} from "../../../src/replay/format.js";
import { Session } from "../session.js";

export { stateDigest };

/** The first 16 hex digits of the SHA-256 of `game.serialize()`, as the history panel shows it. */
export function shortDigest(game: Session["game"]): string {
  return stateDigest(game).slice(0, 16);
}

/** The replay file of the game up to the step shown (its responses from the start), as text. */
export function exportReplay(session: Session): string {
  const responses = session.responses().map((a): [number, string] => [a.player, a.choice]);
  const game = session.game;
  return replayText(
    replayFileOf(
      game,
      responses,
      game.state.players.map((p) => p.name),
      session.config.decks,
    ),
  );
}

/** A file name for the export: "magic-seed-1-step-12.json". */
export function replayFileName(session: Session): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 40) || "game";
  return `${safe(session.game.state.preset)}-seed-${safe(session.config.seed)}-step-${session.cursor}.json`;
}

/** A preset by id: one of the user's (window.turnkitUserPresets) first, else a built-in or registered one. */
export function presetLookup(user: readonly Preset[] = []): (id: string) => Preset {
  return (id) => user.find((p) => p.id === id) ?? getPreset(id);
}

export interface LoadedReplay {
  file: ReplayFile;
  /** The game of the file, its history holding every response that fitted; null if it could not start. */
  session: Session | null;
  /** Responses applied (the history has one more step). */
  applied: number;
  /** The first problem, as `turnkit replay` words it (a response that doesn't fit, the final state). */
  error: string | null;
}

/**
 * Parses a replay file and plays it into a new Session (no bots), one history step per response.
 * A malformed file, unknown preset, bad deck or options throws (ReplayInputError, the CLI's message);
 * a response that doesn't fit stops there and is named in `error`, the steps before it kept.
 */
export function loadReplay(text: string, name: string, user: readonly Preset[] = []): LoadedReplay {
  const file = parseReplay(name, text);
  return playReplay(file, name, user);
}

/** Plays a parsed replay file into a new Session (see loadReplay). */
export function playReplay(file: ReplayFile, name: string, user: readonly Preset[] = []): LoadedReplay {
  const preset = presetLookup(user);
  // Checks the preset, players, decks and options exactly as `turnkit replay` does (throws).
  createReplayGame(file, { name, preset });
  let session: Session;
  try {
    session = new Session({
      preset: preset(file.preset),
      seed: String(file.seed),
      players: file.players.length,
      names: file.players,
      options: file.options,
      ...(file.decks ? { decks: file.decks } : {}),
      bots: [],
      // Every recorded response is played as it was: nothing answers itself.
      autoPass: false,
    });
  } catch (e) {
    return {
      file,
      session: null,
      applied: 0,
      error: `${name}: starting the game failed: ${describeReplayError(e)}`,
    };
  }
  session.autoplay = false;
  let applied = 0;
  let error: string | null = null;
  for (let i = 0; i < file.responses.length; i++) {
    let action: Action;
    try {
      action = replayAction(session.game, file, i, name);
    } catch (e) {
      error = describeReplayError(e);
      break;
    }
    try {
      session.act(action);
    } catch (e) {
      error = `${replayLabel(file, i, name)}: ${describeReplayError(e)}`;
      // The step that failed is not history: back to the last state that was.
      delete session.history[session.history.length - 1]!.action;
      session.goTo(session.history.length - 1);
      break;
    }
    applied++;
  }
  if (error === null) {
    try {
      checkFinalState(session.game, file, name);
    } catch (e) {
      error = describeReplayError(e);
    }
  }
  return { file, session, applied, error };
}
