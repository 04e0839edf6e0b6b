/**
 * The shapes of `simulate()`: its options, one game's record, the sums a run keeps (a Tally) and
 * the result it returns, which holds those sums so shard results merge exactly (docs/simulate.md).
 */
import type { Agent } from "../agents/random.js";
import type { JsonObject } from "../core/json.js";
import type { Preset } from "../core/preset.js";
import type { RulesFingerprint } from "../core/types.js";
import type { CardDef } from "../core/vocabulary/schema.js";

/** A deck a simulation plays: a name for the summary and the card ids the preset's setup takes. */
export interface SimDeck {
  name: string;
  cards: string[];
}

/** Which part of the seed range a run plays: shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

export interface SimulateProgress {
  /** Games played so far in this run (this shard's). */
  done: number;
  /** Games this run plays. */
  total: number;
  capped: number;
  errors: number;
  /** Milliseconds since the first game started. */
  elapsed: number;
}

export interface SimulateOptions {
  /** The preset, or a registered preset's id. */
  preset: Preset | string;
  /** Games in the whole seed range (before sharding). */
  games: number;
  /** The first game's seed; game i has seed `seed + i` (default 1). A non-negative integer. */
  seed?: number;
  /** Deck lists; game `s` gives seat j the deck `(s + j) mod decks.length` (default: the preset's own). */
  decks?: SimDeck[];
  /** Players per game (default: the preset's fewest). */
  players?: number;
  /** Preset options (rule variants), the same for every game. */
  options?: JsonObject;
  /** Card definitions beyond the preset's library (a designer's set). */
  cards?: CardDef[];
  /** Worker threads (default os.availableParallelism()); 0 plays in this thread. */
  workers?: number;
  /** Play only this part of the seed range: contiguous, the first shards one game longer when it does not divide. */
  shard?: Shard;
  /**
   * An agent per seat for a game (default: the random agent `turnkit play` uses, seeded
   * `seed * 7919 + seat`): agent specs, one per seat in seat order (`["random", "ismcts:100"]`,
   * src/agents/spec.ts; each seeded `seed * 7919 + seat`, sent to workers as text), or a function
   * (functions can't be sent to a worker: only with `workers: 0`).
   */
  agents?: ((seat: number, seed: number) => Agent) | readonly string[];
  /** Responses per game at most; a game that reaches it is "capped" (default 10,000). */
  maxActions?: number;
  /**
   * A module file (absolute path) whose default export or `preset` export is the preset, for
   * workers to load a preset that is not built in (the CLI's `--preset`). Built-in presets need none.
   */
  presetModule?: string;
  /** Called after every batch of games (a few per worker). */
  onProgress?: (p: SimulateProgress) => void;
}

/** One game, as a worker reports it. Everything depends only on the seed and the options. */
export interface GameRecord {
  seed: number;
  end: "over" | "capped" | "error";
  /** The winning seat; null for a draw, a capped game or an error. */
  winner: number | null;
  responses: number;
  turns: number;
  /** The deck (index in `decks`) of each seat; null without decks. */
  seatDecks: number[] | null;
  /** card id → event type → count (casts, summons, plays, activations …). */
  cards: Record<string, Record<string, number>>;
  /** "card:ability" → what happened to it (activate, trigger, resolve, decline, fizzle, limitRefused) → count. */
  abilities: Record<string, Record<string, number>>;
  /** refusal reason → count. */
  refusals: Record<string, number>;
  error?: string;
}

export interface WinCount {
  games: number;
  wins: number;
}

/** What a run keeps: sums only, so any split of the seeds adds up to the same. */
export interface Tally {
  games: number;
  finished: number;
  draws: number;
  capped: number;
  errors: number;
  seats: WinCount[];
  decks: (WinCount & { seats: WinCount[] })[] | null;
  /** Finished games by number of responses, and by number of turns. */
  responses: Record<string, number>;
  turns: Record<string, number>;
  cards: Record<string, Record<string, number>>;
  abilities: Record<string, Record<string, number>>;
  refusals: Record<string, number>;
  cappedSeeds: number[];
  errorSeeds: { seed: number; message: string }[];
}

/** A win rate with its 95 % Wilson score interval. */
export interface Rate extends WinCount {
  winRate: number | null;
  low: number | null;
  high: number | null;
}

export interface LengthStats {
  mean: number | null;
  median: number | null;
  p95: number | null;
  max: number | null;
  /** value → games (finished games only). */
  histogram: Record<string, number>;
}

export interface SimulationResult {
  format: "turnkit/simulate@2";
  /** The turnkit version that played the games. */
  turnkit: string;
  /** The fingerprint of the rules they were played under (core/fingerprint.ts): shards merge only under the same. */
  rules: RulesFingerprint;
  preset: string;
  options: JsonObject;
  players: number;
  maxActions: number;
  /** The whole run's seed range, before sharding. */
  seeds: { first: number; count: number };
  /** The shard this result is, or null for a whole range (a single run or merged shards). */
  shard: Shard | null;
  /** The seeds this result played. */
  played: { first: number; count: number };
  decks: { name: string; size: number }[] | null;
  /** The agent specs per seat, when the run was given specs (absent: random agents, or functions). */
  agents?: string[];
  games: number;
  finished: number;
  draws: number;
  capped: number;
  errors: number;
  seats: (Rate & { seat: string })[];
  deckStats: (Rate & { deck: string; seats: WinCount[] })[] | null;
  length: { responses: LengthStats; turns: LengthStats };
  cards: Record<string, Record<string, number>>;
  abilities: Record<string, Record<string, number>>;
  refusals: Record<string, number>;
  cappedSeeds: number[];
  errorSeeds: { seed: number; message: string }[];
  /** How long it took: not part of the result proper (it differs run to run); `merge` drops it. */
  timing?: { workers: number; seconds: number; gamesPerSecond: number };
}
