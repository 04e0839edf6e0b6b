/**
 * Where the server keeps its games: a game is its creation record and every response (with the
 * clocks after it), plus a snapshot every so often, so a server killed at any moment and started
 * again resumes every game exactly (docs/server.md, "Persistence"). One interface, two databases:
 * SQLite in a file (`sqlite-store.ts`, the default: no setup) and PostgreSQL (`postgres-store.ts`,
 * for production and for several processes). Ownership of a game among processes is a lease row.
 */
import type { JsonObject } from "../core/json.js";

/** A chess clock: each seat's time, what a response adds, and what happens when a seat runs out. */
export interface ClockSpec {
  /** Each seat's time at the start, in milliseconds. */
  initialMs: number;
  /** Added to a seat's time after each of its responses (Fischer increment). */
  incrementMs: number;
  /**
   * When the deciding seat's time runs out: "forfeit" ends the game (in a game of two, the other
   * seat wins; otherwise nobody); "auto" answers its pending decision with the decision's first
   * option (a recorded response like any) and the seat's clock starts again from the increment.
   */
  onTimeout: "forfeit" | "auto";
}

/** What a game was created with: enough to create the same game again. */
export interface GameRecord {
  id: string;
  preset: string;
  options: JsonObject;
  seed: number | string;
  players: string[];
  decks?: string[][];
  clock?: ClockSpec;
  /** Responses spectators are kept behind (0: live). */
  spectatorDelay: number;
  /** Every seat may know every deck list (`decks`): seats may ask for samples of the game. */
  openDecks?: boolean;
  /** SHA-256 (hex) of each seat's token, in seat order: the tokens themselves are never stored. */
  tokenHashes: string[];
  /** Milliseconds since 1970. */
  createdAt: number;
  /** The turnkit version and rules fingerprint the game was created under (`state.madeBy`). */
  madeBy: JsonObject;
}

export interface StoredResponse {
  index: number;
  player: number;
  choice: string;
  /** Each seat's remaining time after the response (games with a clock). */
  clocks?: number[];
}

/** How a game ended: the kernel's result, or a forfeit on time (the state itself did not end). */
export interface GameEnd {
  winner: number | null;
  reason: string;
  /** The state digest (src/replay/format.ts `stateDigest`). */
  sha256: string;
  turn: number;
}

export interface GameSummary {
  id: string;
  preset: string;
  players: string[];
  createdAt: number;
  responses: number;
  status: "playing" | "finished";
  end: GameEnd | null;
}

export interface StoredGame {
  record: GameRecord;
  status: "playing" | "finished";
  end: GameEnd | null;
  /** The latest snapshot, if any: the serialized state after `index` responses. */
  snapshot: { index: number; state: string } | null;
  /** Every response, in order. */
  responses: StoredResponse[];
}

export interface Store {
  readonly dialect: "sqlite" | "postgres";
  createGame(record: GameRecord): Promise<void>;
  listGames(opts: { limit: number; status?: "playing" | "finished" }): Promise<GameSummary[]>;
  loadGame(id: string): Promise<StoredGame | null>;
  /** Responses from `index` on (a follower catching up). */
  responsesFrom(id: string, index: number): Promise<StoredResponse[]>;
  /**
   * Appends the response numbered `response.index`; refused (throws) if that index is taken — a
   * second writer of one game is a bug the lease exists to prevent.
   */
  appendResponse(id: string, response: StoredResponse): Promise<void>;
  saveSnapshot(id: string, index: number, state: string): Promise<void>;
  finishGame(id: string, end: GameEnd): Promise<void>;
  /** Takes or renews the lease of a game for `owner` if it is free, expired or already theirs. */
  claimLease(id: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Renews `owner`'s leases; returns the ids it still holds. */
  renewLeases(owner: string, ids: readonly string[], ttlMs: number): Promise<string[]>;
  releaseLease(id: string, owner: string): Promise<void>;
  /** Games still being played whose lease is expired or missing (their owner died). */
  orphanedGames(limit: number): Promise<string[]>;
  close(): Promise<void>;
}

/** A migration: the SQL statements that take the schema from version `to - 1` to `to`. */
export interface Migration {
  to: number;
  statements: string[];
}

/** The schema, as both databases spell it (types are the common subset: TEXT, BIGINT, INTEGER). */
export const MIGRATIONS: readonly Migration[] = [
  {
    to: 1,
    statements: [
      `CREATE TABLE games (
        id TEXT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        preset TEXT NOT NULL,
        record TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'playing',
        responses INTEGER NOT NULL DEFAULT 0,
        end_json TEXT
      )`,
      "CREATE INDEX games_status ON games (status, created_at)",
      `CREATE TABLE responses (
        game_id TEXT NOT NULL REFERENCES games (id),
        idx INTEGER NOT NULL,
        player INTEGER NOT NULL,
        choice TEXT NOT NULL,
        clocks TEXT,
        PRIMARY KEY (game_id, idx)
      )`,
      `CREATE TABLE snapshots (
        game_id TEXT NOT NULL REFERENCES games (id),
        idx INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (game_id, idx)
      )`,
      `CREATE TABLE leases (
        game_id TEXT PRIMARY KEY REFERENCES games (id),
        owner TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
    ],
  },
];

/** The schema version this turnkit writes. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.to;

/** The migrations still to apply to a database at `version`; a newer database is refused. */
export function pendingMigrations(version: number, where: string): readonly Migration[] {
  if (version > SCHEMA_VERSION)
    throw new Error(
      `${where} has schema version ${version}, newer than this turnkit's (${SCHEMA_VERSION}); upgrade turnkit`,
    );
  return MIGRATIONS.filter((m) => m.to > version);
}

/** A stored row's JSON, as the store wrote it. */
export function rowJson<T>(text: string): T {
  return JSON.parse(text) as T;
}
