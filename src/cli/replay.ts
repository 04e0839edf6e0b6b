/**
 * Replay files: the preset, options, seed, the decks when they were given, and every response of
 * a game, so `turnkit replay` reproduces the same game and final state exactly (DESIGN: determinism).
 *
 * A replay file is input like any other: bounded before it is parsed (size, nesting depth, number
 * of responses), validated with the line and column of what is wrong, and replayed response by
 * response, naming the first response that does not fit the game (docs/cli.md).
 *
 * The format itself — schema, parsing, digest, replaying — is src/replay/format.ts, which the
 * playground shares in the browser; this module adds the files and the CLI's errors (InputError,
 * exit 2; DivergenceError, exit 1).
 */
import { writeFileSync } from "node:fs";
import type { Game } from "../core/game.js";
import type { CardDef } from "../core/vocabulary/schema.js";
import * as format from "../replay/format.js";
import { readTextFile } from "../scenario/load.js";
import { DECK_LIMITS } from "./decks.js";
import { DivergenceError, InputError } from "./errors.js";

export {
  type KernelSeed,
  REPLAY_LIMITS,
  ReplayFile,
  rulesChange,
  seedForFile,
  stateDigest,
} from "../replay/format.js";

type ReplayFile = format.ReplayFile;

// A recorded deck is bounded as a deck file is (the format module can't import the deck files' module).
if (format.REPLAY_LIMITS.deckCards !== DECK_LIMITS.cards)
  throw new Error("REPLAY_LIMITS.deckCards differs from DECK_LIMITS.cards");

/** Runs `f`, turning the format's errors into the CLI's. */
function cliErrors<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof format.ReplayInputError) throw new InputError(e.message);
    if (e instanceof format.ReplayDivergenceError) throw new DivergenceError(e.message);
    throw e;
  }
}

/**
 * Writes a replay file. `decks` are the decks the game was created with (`NewGameOptions.decks`),
 * when it was given some (`play --deck`); a game of the preset's own decks records none.
 */
export function writeReplay(
  path: string,
  game: Game,
  responses: [number, string][],
  players: string[],
  decks?: string[][],
): void {
  writeFileSync(path, format.replayText(format.replayFileOf(game, responses, players, decks)));
}

/** Reads and validates a replay file; every problem is an InputError naming the file and where. */
export function readReplay(path: string): ReplayFile {
  const read = readTextFile(path, format.REPLAY_LIMITS.bytes, "replay file");
  if ("problem" in read) {
    const pos = read.problem.position;
    throw new InputError(`${pos ? `${path}:${pos.line}:${pos.col}` : path}: ${read.problem.message}`);
  }
  return parseReplay(path, read.text);
}

/** Validates the text of a replay file; `name` is the file named in errors. */
export function parseReplay(name: string, text: string): ReplayFile {
  return cliErrors(() => format.parseReplay(name, text));
}

/**
 * Re-creates the game of a replay file and plays its responses. A file that cannot start a game
 * (unknown preset, bad options or seed) is an InputError; the first response that does not fit
 * the game is a DivergenceError naming it ("response 17 of 240"), what was pending and what is legal.
 */
export function replayGame(
  file: ReplayFile,
  onGame?: (game: Game) => void,
  name = "replay",
  /** Cards beyond the preset's library, as the game was played with (--cards, a config's card sets). */
  cards: CardDef[] = [],
): Game {
  return cliErrors(() => format.replayGame(file, onGame, name, cards));
}

/**
 * Compares a replayed game with the file's final state; throws a DivergenceError saying how they
 * differ when the digests do. Returns the digest.
 */
export function checkFinalState(game: Game, file: ReplayFile, name = "replay"): string {
  return cliErrors(() => format.checkFinalState(game, file, name));
}
