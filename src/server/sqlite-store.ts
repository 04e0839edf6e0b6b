/**
 * The SQLite store (better-sqlite3): one file, no setup, one server process. WAL journal with
 * `synchronous = NORMAL`: a committed response survives the process being killed (SIGKILL); only
 * a power loss may lose the last ones (`durable: true` makes every commit reach the disk).
 */
import type BetterSqlite3 from "better-sqlite3";
import { importTool, OPTIONAL_TOOLS } from "../cli/optional-tools.js";
import { WriteBatch } from "./batch.js";
import { type GameRow, type ResponseRow, toResponse, toSummary } from "./rows.js";
import {
  type GameEnd,
  type GameRecord,
  type GameSummary,
  pendingMigrations,
  rowJson,
  type Store,
  type StoredGame,
  type StoredResponse,
} from "./store.js";

type Db = BetterSqlite3.Database;

export interface SqliteStoreOptions {
  /** Sync every commit to the disk (`synchronous = FULL`): survives a power loss, slower. */
  durable?: boolean;
  /** The clock leases are measured by (milliseconds). */
  now?: () => number;
}

export class SqliteStore implements Store {
  readonly dialect = "sqlite";
  private readonly now: () => number;
  private readonly q;

  private constructor(
    private readonly db: Db,
    opts: SqliteStoreOptions,
  ) {
    this.now = opts.now ?? Date.now;
    this.q = {
      insertGame: db.prepare(
        "INSERT INTO games (id, created_at, preset, record) VALUES (@id, @createdAt, @preset, @record)",
      ),
      list: db.prepare("SELECT * FROM games ORDER BY created_at DESC, id LIMIT ?"),
      listStatus: db.prepare("SELECT * FROM games WHERE status = ? ORDER BY created_at DESC, id LIMIT ?"),
      game: db.prepare("SELECT * FROM games WHERE id = ?"),
      snapshot: db.prepare("SELECT idx, state FROM snapshots WHERE game_id = ? ORDER BY idx DESC LIMIT 1"),
      responsesFrom: db.prepare("SELECT * FROM responses WHERE game_id = ? AND idx >= ? ORDER BY idx"),
      insertResponse: db.prepare(
        "INSERT INTO responses (game_id, idx, player, choice, clocks) VALUES (?, ?, ?, ?, ?)",
      ),
      countResponse: db.prepare("UPDATE games SET responses = ? WHERE id = ?"),
      snapshotInsert: db.prepare("INSERT OR REPLACE INTO snapshots (game_id, idx, state) VALUES (?, ?, ?)"),
      finish: db.prepare("UPDATE games SET status = 'finished', end_json = ? WHERE id = ?"),
      claim: db.prepare(
        `INSERT INTO leases (game_id, owner, expires_at) VALUES (@id, @owner, @expires)
         ON CONFLICT (game_id) DO UPDATE SET owner = @owner, expires_at = @expires
         WHERE leases.owner = @owner OR leases.expires_at < @now`,
      ),
      renew: db.prepare("UPDATE leases SET expires_at = ? WHERE game_id = ? AND owner = ?"),
      release: db.prepare("DELETE FROM leases WHERE game_id = ? AND owner = ?"),
      orphans: db.prepare(
        `SELECT g.id FROM games g LEFT JOIN leases l ON l.game_id = g.id
         WHERE g.status = 'playing' AND (l.game_id IS NULL OR l.expires_at < ?) LIMIT ?`,
      ),
    };
  }

  /** Opens (creating it if needed) the database file `path` and brings its schema up to date. */
  static async open(path: string, opts: SqliteStoreOptions = {}): Promise<SqliteStore> {
    const { default: Database } = await importTool(
      OPTIONAL_TOOLS["better-sqlite3"],
      `the SQLite database ${path}`,
      () => import("better-sqlite3"),
    );
    const db = new Database(path);
    try {
      db.pragma("journal_mode = WAL");
      db.pragma(`synchronous = ${opts.durable ? "FULL" : "NORMAL"}`);
      db.pragma("foreign_keys = ON");
      db.pragma("busy_timeout = 5000");
      migrate(db, path);
    } catch (e) {
      db.close();
      throw e;
    }
    return new SqliteStore(db, opts);
  }

  async createGame(r: GameRecord): Promise<void> {
    this.q.insertGame.run({ id: r.id, createdAt: r.createdAt, preset: r.preset, record: JSON.stringify(r) });
  }

  async listGames(opts: { limit: number; status?: "playing" | "finished" }): Promise<GameSummary[]> {
    const rows = (
      opts.status ? this.q.listStatus.all(opts.status, opts.limit) : this.q.list.all(opts.limit)
    ) as GameRow[];
    return rows.map(toSummary);
  }

  async loadGame(id: string): Promise<StoredGame | null> {
    const read = this.db.transaction(() => {
      const row = this.q.game.get(id) as GameRow | undefined;
      if (!row) return null;
      const snap = this.q.snapshot.get(id) as { idx: number; state: string } | undefined;
      const responses = (this.q.responsesFrom.all(id, 0) as ResponseRow[]).map(toResponse);
      return {
        record: rowJson<GameRecord>(row.record),
        status: row.status,
        end: row.end_json ? rowJson<GameEnd>(row.end_json) : null,
        snapshot: snap ? { index: snap.idx, state: snap.state } : null,
        responses,
      };
    });
    return read();
  }

  async responsesFrom(id: string, index: number): Promise<StoredResponse[]> {
    return (this.q.responsesFrom.all(id, index) as ResponseRow[]).map(toResponse);
  }

  /** The responses answered together, committed in one transaction. */
  private readonly responses = new WriteBatch<{ id: string; r: StoredResponse }>(
    async (items) => this.db.transaction(() => this.insertResponses(items))(),
    async (item) => this.db.transaction(() => this.insertResponses([item]))(),
  );

  private insertResponses(items: readonly { id: string; r: StoredResponse }[]): void {
    for (const { id, r } of items) {
      this.q.insertResponse.run(id, r.index, r.player, r.choice, r.clocks ? JSON.stringify(r.clocks) : null);
      this.q.countResponse.run(r.index + 1, id);
    }
  }

  async appendResponse(id: string, r: StoredResponse): Promise<void> {
    return this.responses.add({ id, r });
  }

  async saveSnapshot(id: string, index: number, state: string): Promise<void> {
    this.q.snapshotInsert.run(id, index, state);
  }

  async finishGame(id: string, end: GameEnd): Promise<void> {
    this.q.finish.run(JSON.stringify(end), id);
  }

  async claimLease(id: string, owner: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    return this.q.claim.run({ id, owner, expires: now + ttlMs, now }).changes > 0;
  }

  async renewLeases(owner: string, ids: readonly string[], ttlMs: number): Promise<string[]> {
    const expires = this.now() + ttlMs;
    return this.db.transaction(() => ids.filter((id) => this.q.renew.run(expires, id, owner).changes > 0))();
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    this.q.release.run(id, owner);
  }

  async orphanedGames(limit: number): Promise<string[]> {
    return (this.q.orphans.all(this.now(), limit) as { id: string }[]).map((r) => r.id);
  }

  async close(): Promise<void> {
    await this.responses.drain();
    if (this.db.open) this.db.close();
  }
}

function migrate(db: Db, where: string): void {
  db.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
  db.transaction(() => {
    const row = db.prepare("SELECT version FROM schema_version").get() as { version: number } | undefined;
    const version = row?.version ?? 0;
    const todo = pendingMigrations(version, where);
    for (const m of todo) for (const s of m.statements) db.exec(s);
    if (todo.length === 0) return;
    const to = todo[todo.length - 1]!.to;
    if (row) db.prepare("UPDATE schema_version SET version = ?").run(to);
    else db.prepare("INSERT INTO schema_version (version) VALUES (?)").run(to);
  }).immediate();
}
