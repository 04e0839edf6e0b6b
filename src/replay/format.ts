/**
 * The replay file format (`turnkit/replay@2`; `turnkit/replay@1` files, which record no version,
 * are still read) without the file system: its schema, bounds and
 * parsing, the state digest, and re-creating a game response by response. `turnkit replay`
 * (src/cli/replay.ts) and the playground (a browser) share it, so a file one writes the other reads,
 * with the same messages and the same digest.
 *
 * No node: imports here (the playground bundles this module). Errors are ReplayInputError (the file
 * cannot start a game: the CLI's InputError, exit 2) and ReplayDivergenceError (a response does not
 * fit the game: the CLI's DivergenceError, exit 1).
 */

import { bytesToHex } from "@noble/hashes/utils.js";
import { z } from "zod";
import { jsonPathOffset, scanJson } from "../cli/json-scan.js";
import { type DeckRules, deckProblems } from "../core/decks.js";
import { EngineError, TurnkitError } from "../core/errors.js";
import { fingerprintDifference } from "../core/fingerprint.js";
import { type Action, Game, type NewGameOptions } from "../core/game.js";
import { type Json, protoKeyPath } from "../core/json.js";
import { plural } from "../core/labels.js";
import type { Preset } from "../core/preset.js";
import { sha256 } from "../core/sha256.js";
import type { Decision } from "../core/types.js";
import { TURNKIT_VERSION } from "../core/version.js";
import type { CardDef } from "../core/vocabulary/schema.js";
import { getPreset } from "../presets/index.js";
import { describeBytes, formatPath, type Position, positionAt } from "../scenario/load.js";

/** The file cannot start a game: malformed, out of bounds, unknown preset, bad deck or options. */
export class ReplayInputError extends TurnkitError {
  override name = "ReplayInputError";
}

/** A response of the file does not fit the game (or starting the game failed). */
export class ReplayDivergenceError extends TurnkitError {
  override name = "ReplayDivergenceError";
}

/** Any JSON value (the options). */
const JsonSchema: z.ZodType<Json> = z.lazy(() =>
  z.union([
    z.null(),
    z.boolean(),
    z.number(),
    z.string(),
    z.array(JsonSchema),
    z.record(z.string(), JsonSchema),
  ]),
);

/** The bounds on a replay file (docs/cli.md). */
export const REPLAY_LIMITS = {
  /** Bytes in the file. */
  bytes: 64 * 1024 * 1024,
  /** Nested arrays and objects (the options are the only free-form part). */
  depth: 64,
  /** Recorded responses. */
  responses: 1_000_000,
  /** Characters in a string seed. */
  seedLength: 1024,
  /** Cards in a recorded deck (as in a deck file: DECK_LIMITS.cards of src/cli/decks.ts). */
  deckCards: 1000,
  /** Characters in a recorded card id. */
  cardId: 200,
} as const;

/** A seed as the kernel takes it (an integer or a string; the kernel hashes its text). */
export type KernelSeed = NonNullable<NewGameOptions["seed"]>;

/** The parts of a rules fingerprint (core/fingerprint.ts), as a replay records them. */
const Fingerprint = z
  .object({
    all: z.string().max(64),
    turn: z.string().max(64),
    cards: z.string().max(64),
    preset: z.string().max(64),
    options: z.string().max(64),
  })
  .strict();

export const ReplayFile = z
  .object({
    format: z.enum(["turnkit/replay@2", "turnkit/replay@1"]),
    /** The turnkit version that recorded it (absent in a `turnkit/replay@1` file). */
    turnkit: z.string().max(64).optional().describe("the turnkit version that recorded the game"),
    /** The fingerprint of the rules it was played under (absent in a `turnkit/replay@1` file). */
    rules: Fingerprint.optional().describe("the fingerprint of the rules the game was played under"),
    preset: z.string(),
    options: z.record(z.string(), JsonSchema),
    seed: z
      .union([z.number().int(), z.string().min(1).max(REPLAY_LIMITS.seedLength)], {
        error: `expected an integer or a string of 1 to ${REPLAY_LIMITS.seedLength} characters`,
      })
      .describe("an integer, or a string seed (any text: its characters are hashed)"),
    players: z.array(z.string()),
    decks: z
      .array(
        z
          .array(z.string().min(1).max(REPLAY_LIMITS.cardId))
          .max(REPLAY_LIMITS.deckCards, `at most ${REPLAY_LIMITS.deckCards} cards`),
      )
      .optional()
      .describe("each player's deck as card ids, in the order of players (absent: the preset's own decks)"),
    responses: z
      .array(z.tuple([z.number().int().nonnegative(), z.string()]))
      .max(REPLAY_LIMITS.responses, `at most ${REPLAY_LIMITS.responses} responses`)
      .describe("[player, option id] pairs"),
    final: z
      .object({
        sha256: z.string(),
        turn: z.number().int(),
        winner: z.number().int().nullable(),
        reason: z.string(),
      })
      .strict(),
  })
  .strict();
export type ReplayFile = z.infer<typeof ReplayFile>;

/**
 * The SHA-256 of the game's serialization, in hex: equal digests, equal games. What made the game
 * (`madeBy`: the turnkit version, the rules' fingerprint) is left out: the same game played under
 * changed rules has the same digest, and the replay says the rules changed.
 */
export function stateDigest(game: Game): string {
  const { madeBy: _made, ...state } = game.state;
  return bytesToHex(sha256(new TextEncoder().encode(JSON.stringify(state))));
}

/**
 * How the rules a replay was recorded under differ from the game's now, in words, or null when
 * they are the same (or the file, a `turnkit/replay@1`, recorded none).
 */
export function rulesChange(file: ReplayFile, game: Game): string | null {
  if (!file.rules) return null;
  const now = game.state.madeBy;
  if (file.rules.all === now.rules.all) return null;
  const parts = fingerprintDifference(file.rules, now.rules);
  const what = parts.length
    ? `${parts.join(", ")} ${parts.length === 1 ? "differs" : "differ"}`
    : "they differ";
  return `recorded by turnkit ${file.turnkit ?? "?"} under other rules than this version's (turnkit ${TURNKIT_VERSION}): ${what}`;
}

/** Said of a `turnkit/replay@1` file, which records neither version nor rules. */
const NO_VERSION = "recorded by an older turnkit that kept no record of its version or rules";

/** What a divergence message adds: that the file was recorded under other (or unknown) rules. */
function becauseOfRules(file: ReplayFile, game: Game): string {
  const change = rulesChange(file, game);
  if (change) return `; the file was ${change}, which is why it diverges`;
  if (!file.rules) return `; the file was ${NO_VERSION}: a change of the rules since may be why it diverges`;
  return "";
}

/** A seed as a replay file writes it: an integer when it is one (the kernel's text of it), else its text. */
export function seedForFile(seed: unknown): number | string {
  if (typeof seed === "number") return seed;
  const text = String(seed);
  if (/^-?(0|[1-9]\d*)$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  return text;
}

/** `final.reason` of a game saved before it ended. */
export const NOT_FINISHED = "not finished";

/**
 * The replay file of a game: `responses` from its start, `players` its names, `decks` the decks
 * it was created with when it was given some (a game of the preset's own decks records none).
 */
export function replayFileOf(
  game: Game,
  responses: [number, string][],
  players: string[] = game.state.players.map((p) => p.name),
  decks?: string[][],
): ReplayFile {
  const s = game.state;
  return {
    format: "turnkit/replay@2",
    turnkit: s.madeBy.turnkit,
    rules: s.madeBy.rules,
    preset: s.preset,
    options: s.options,
    seed: seedForFile(s.seed),
    players,
    ...(decks ? { decks } : {}),
    responses,
    final: {
      sha256: stateDigest(game),
      turn: s.clock.turn.id,
      winner: s.result?.winner ?? null,
      reason: s.result?.reason ?? NOT_FINISHED,
    },
  };
}

/** The text of a replay file (one line of JSON and a newline, as `turnkit play --save` writes it). */
export function replayText(file: ReplayFile): string {
  return `${JSON.stringify(file)}\n`;
}

function at(name: string, pos: Position | undefined): string {
  return pos ? `${name}:${pos.line}:${pos.col}` : name;
}

type Locate = (path: (string | number)[]) => string;

/** For a replay read from text: "file:line:col" of a path (or of the closest parent written). */
const locators = new WeakMap<ReplayFile, Locate>();

function locatorFor(name: string, text: string): Locate {
  return (path) => {
    for (let n = path.length; n >= 0; n--) {
      const offset = jsonPathOffset(text, path.slice(0, n), REPLAY_LIMITS.depth);
      if (offset !== null) return at(name, positionAt(text, offset));
    }
    return name;
  };
}

/** "file:line:col" of a path of a parsed file (the name alone for a file not read from text). */
export function locate(file: ReplayFile, name: string, path: (string | number)[]): string {
  return (locators.get(file) ?? (() => name))(path);
}

/** Validates the text of a replay file; `name` is the file named in errors (ReplayInputError). */
export function parseReplay(name: string, text: string): ReplayFile {
  if (text.length > REPLAY_LIMITS.bytes)
    throw new ReplayInputError(
      `${name}: the text is over ${describeBytes(REPLAY_LIMITS.bytes)}; replay files are limited to ${describeBytes(REPLAY_LIMITS.bytes)}`,
    );
  if (text.trim() === "")
    throw new ReplayInputError(`${name}: the file is empty; expected a JSON replay file`);
  const problem = scanJson(text, { maxDepth: REPLAY_LIMITS.depth });
  if (problem) {
    const where = at(name, positionAt(text, problem.offset));
    if (problem.kind === "depth")
      throw new ReplayInputError(
        `${where}: ${problem.message}; replay files are limited to ${REPLAY_LIMITS.depth}`,
      );
    throw new ReplayInputError(`${where}: not valid JSON: ${problem.message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new ReplayInputError(`${name}: not valid JSON: ${(e as Error).message}`);
  }
  const where = locatorFor(name, text);
  // Refused, not dropped: the schema's records would leave a "__proto__" key out without a word.
  const proto = protoKeyPath(raw);
  if (proto)
    throw new ReplayInputError(
      `${where(proto)}: ${formatPath(proto)}: a key named "__proto__" is not allowed`,
    );
  const responses = (raw as { responses?: unknown } | null)?.responses;
  if (Array.isArray(responses) && responses.length > REPLAY_LIMITS.responses)
    throw new ReplayInputError(
      `${where(["responses"])}: responses: ${responses.length} responses; replay files are limited to ${REPLAY_LIMITS.responses}`,
    );
  const r = ReplayFile.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
    const count = Array.isArray(responses) ? responses.length : 0;
    const which =
      path[0] === "responses" && typeof path[1] === "number" ? `response ${path[1] + 1} of ${count}: ` : "";
    // An unknown key is reported at the key, not at the object that holds it.
    const keyPath = issue.code === "unrecognized_keys" && issue.keys[0] ? [...path, issue.keys[0]] : path;
    throw new ReplayInputError(`${where(keyPath)}: ${which}${formatPath(path)}: ${issue.message}`);
  }
  const file = r.data;
  if (file.decks && file.decks.length !== file.players.length)
    throw new ReplayInputError(
      `${where(["decks"])}: decks: ${plural(file.decks.length, "deck")} for ${plural(file.players.length, "player")}; a replay file records one deck per player, in the order of players`,
    );
  file.responses.forEach(([player], i) => {
    if (player >= file.players.length)
      throw new ReplayInputError(
        `${where(["responses", i, 0])}: response ${i + 1} of ${file.responses.length}: player index ${player} does not exist; the game has ${file.players.length} players (${file.players.map((p, j) => `${j}: ${p}`).join(", ")})`,
      );
  });
  locators.set(file, where);
  return file;
}

/** The message of an error inside a replay, as one line, without a stack (as the CLI's describeError). */
export function describeReplayError(e: unknown): string {
  const message = e instanceof Error ? e.message || e.name : String(e);
  if (e instanceof EngineError) return `engine error: ${message}`;
  if (e instanceof TurnkitError) return message;
  return `internal error: ${message}`;
}

const SHOWN_OPTIONS = 6;

function describeOptions(d: Decision): string {
  const ids = d.options.map((o) => o.id);
  const shown = ids.slice(0, SHOWN_OPTIONS).join(", ");
  if (ids.length === 0) return "no options";
  return ids.length > SHOWN_OPTIONS ? `${shown}, … (${ids.length} in all)` : shown;
}

function describeDecision(game: Game, d: Decision): string {
  return `${game.playerName(d.player)}'s ${d.kind} decision ("${d.prompt}") at ${game.where()}; legal options: ${describeOptions(d)}`;
}

/** A preset without deck rules takes any deck of known cards. */
const ANY_DECK: DeckRules = { parts: [{ id: "deck", label: "deck" }] };

/**
 * Checks a replay file's decks as any deck is checked: known cards (the preset's and `cards`),
 * under the preset's deck rules. The first bad deck is a ReplayInputError naming the file, where
 * the deck is in it, the player and every problem.
 */
function checkRecordedDecks(
  decks: string[][],
  preset: Preset,
  cards: readonly CardDef[],
  players: string[],
  where: Locate,
): void {
  const byId = new Map<string, CardDef>([...preset.cards, ...cards].map((c) => [c.id, c]));
  decks.forEach((deck, i) => {
    const problems = deckProblems(preset.deckRules ?? ANY_DECK, deck, (id) => byId.get(id), byId.keys());
    if (problems.length > 0)
      throw new ReplayInputError(
        `${where(["decks", i])}: decks[${i}]: ${players[i]}'s deck is not a legal ${preset.name} deck: ${problems.join("; ")}`,
      );
  });
}

export interface ReplayStart {
  /** The file named in messages (default "replay"). */
  name?: string;
  /** Cards beyond the preset's library, as the game was played with (--cards, a config's card sets). */
  cards?: CardDef[];
  /** Finds the preset of an id (default: getPreset, built-in and registered presets). */
  preset?: (id: string) => Preset;
}

/**
 * Checks what a replay file needs to start a game — its preset, player count, decks — and returns
 * the preset and the options of `Game.create`. Every problem is a ReplayInputError.
 */
export function replaySetup(
  file: ReplayFile,
  start: ReplayStart = {},
): { preset: Preset; options: NewGameOptions & { players: string[] } } {
  const name = start.name ?? "replay";
  const cards = start.cards ?? [];
  const where: Locate = (path) => locate(file, name, path);
  let preset: Preset;
  try {
    preset = (start.preset ?? getPreset)(file.preset);
  } catch (e) {
    throw new ReplayInputError(`${where(["preset"])}: preset: ${(e as Error).message}`);
  }
  const { min, max } = preset.players;
  if (file.players.length < min || file.players.length > max)
    throw new ReplayInputError(
      `${where(["players"])}: players: ${preset.name} is played by ${min === max ? min : `${min} to ${max}`} players; this file names ${file.players.length}`,
    );
  if (file.decks) checkRecordedDecks(file.decks, preset, cards, file.players, where);
  return {
    preset,
    options: {
      seed: file.seed as KernelSeed,
      players: file.players,
      options: file.options,
      ...(file.decks ? { decks: file.decks } : {}),
      ...(cards.length > 0 ? { cards } : {}),
    },
  };
}

/** `Game.create` for a replay: options the preset refuses are a ReplayInputError at "options". */
export function createReplayGame(file: ReplayFile, start: ReplayStart = {}): Game {
  const { preset, options } = replaySetup(file, start);
  try {
    return Game.create(preset, options);
  } catch (e) {
    // The preset and the players are checked by replaySetup and the seed by the schema: the options remain.
    if (e instanceof TurnkitError)
      throw new ReplayInputError(
        `${locate(file, start.name ?? "replay", ["options"])}: options: ${e.message}`,
      );
    throw e;
  }
}

/**
 * Checks that response `i` of the file fits the game as it stands and returns it as an action; a
 * ReplayDivergenceError names the response ("response 17 of 240"), what is pending and what is legal.
 */
export function replayAction(game: Game, file: ReplayFile, i: number, name = "replay"): Action {
  const total = file.responses.length;
  const [player, choice] = file.responses[i]!;
  const label = replayLabel(file, i, name);
  if (game.over) {
    const after = i === 0 ? "before the first response" : `after response ${i}`;
    throw new ReplayDivergenceError(
      `${label}: the game ended ${after} (${game.result?.reason}); ${total - i} responses left, so the replay diverged`,
    );
  }
  const d = game.decision;
  if (!d) throw new ReplayDivergenceError(`${label}: no decision is pending at ${game.where()}`);
  if (d.player !== player)
    throw new ReplayDivergenceError(
      `${label}: recorded for ${game.playerName(player)} (player ${player}), but the pending decision is ${describeDecision(game, d)}`,
    );
  if (!d.options.some((o) => o.id === choice))
    throw new ReplayDivergenceError(`${label}: "${choice}" is not an option of ${describeDecision(game, d)}`);
  return { player, choice };
}

/** "file:1:80: response 17 of 240 [0,"pass"]": how messages name response `i`. */
export function replayLabel(file: ReplayFile, i: number, name = "replay"): string {
  const r = file.responses[i]!;
  return `${locate(file, name, ["responses", i])}: response ${i + 1} of ${file.responses.length} ${JSON.stringify(r)}`;
}

/**
 * Re-creates the game of a replay file and plays its responses. A file that cannot start a game
 * (unknown preset, bad options or seed) is a ReplayInputError; the first response that does not
 * fit the game is a ReplayDivergenceError naming it.
 */
export function replayGame(
  file: ReplayFile,
  onGame?: (game: Game) => void,
  name = "replay",
  /** Cards beyond the preset's library, as the game was played with (--cards, a config's card sets). */
  cards: CardDef[] = [],
  preset?: (id: string) => Preset,
): Game {
  const game = createReplayGame(file, { name, cards, ...(preset ? { preset } : {}) });
  onGame?.(game);
  try {
    game.run();
  } catch (e) {
    throw new ReplayDivergenceError(
      `${name}: starting the game failed: ${describeReplayError(e)}${becauseOfRules(file, game)}`,
    );
  }
  file.responses.forEach((_, i) => {
    let action: Action;
    try {
      action = replayAction(game, file, i, name);
    } catch (e) {
      if (e instanceof ReplayDivergenceError)
        throw new ReplayDivergenceError(`${e.message}${becauseOfRules(file, game)}`);
      throw e;
    }
    try {
      game.act(action);
    } catch (e) {
      throw new ReplayDivergenceError(
        `${replayLabel(file, i, name)}: ${describeReplayError(e)}${becauseOfRules(file, game)}`,
      );
    }
  });
  return game;
}

/**
 * Compares a replayed game with the file's final state; throws a ReplayDivergenceError saying how
 * they differ when the digests do. Returns the digest.
 */
export function checkFinalState(game: Game, file: ReplayFile, name = "replay"): string {
  const digest = stateDigest(game);
  const saved = file.final;
  if (digest === saved.sha256) return digest;
  const turn = game.state.clock.turn.id;
  const d = game.decision;
  const now = game.result
    ? `this replay ended on turn ${turn}: ${game.result.reason}`
    : `after all ${file.responses.length} responses this replay is on turn ${turn}, ${d ? `waiting for ${describeDecision(game, d)}` : "with no decision pending"}`;
  const then =
    saved.reason === NOT_FINISHED && saved.winner === null
      ? `the saved game stopped unfinished on turn ${saved.turn}`
      : `the saved game ended on turn ${saved.turn}: ${saved.reason}`;
  let hint = "";
  if (!game.over && saved.reason !== NOT_FINISHED)
    hint = "; the file has too few responses for the game it records";
  else if (turn === saved.turn && (game.result?.reason ?? NOT_FINISHED) === saved.reason)
    hint =
      "; turn and result agree, so the state differs in detail (another seed, options or version of the rules?)";
  throw new ReplayDivergenceError(
    `${locate(file, name, ["final"])}: the replay diverged: the final state (sha256 ${digest.slice(0, 16)}…) differs from the saved one (${saved.sha256.slice(0, 16)}…); ${now}; ${then}${hint}${becauseOfRules(file, game)}`,
  );
}
