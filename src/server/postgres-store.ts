/**
 * The PostgreSQL store (pg): the same tables as SQLite, for production and for several server
 * processes sharing one database. Lease times are the database's clock (`clock_timestamp()`), so
 * processes on hosts whose clocks differ still agree on when a lease expired. Migrations run under
 * an advisory lock: processes starting together migrate once.
 */
import type pg from "pg";
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

const NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint";
/** The advisory lock key migrations hold ("turnkit" in ASCII). */
const MIGRATION_LOCK = 0x7475726e6b6974n;

export interface PostgresStoreOptions {
  /** Connections in the pool (default 10). */
  poolSize?: number;
}

export class PostgresStore implements Store {
  readonly dialect = "postgres";

  private constructor(
    readonly pool: pg.Pool,
    /** The pg module, for a listening client of its own (scale-out notifications). */
    readonly driver: typeof pg,
    readonly url: string,
  ) {}

  /** Connects to `url` (postgres://user:password@host:port/database) and migrates the schema. */
  static async open(url: string, opts: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const driver = (await importTool(OPTIONAL_TOOLS.pg, "a PostgreSQL database", () => import("pg"))).default;
    const pool = new driver.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
    // An idle client's error (the server restarting) is reported by the next query, not thrown here.
    pool.on("error", () => {});
    try {
      await migrate(pool, url);
    } catch (e) {
      await pool.end();
      throw e;
    }
    return new PostgresStore(pool, driver, url);
  }

  async createGame(r: GameRecord): Promise<void> {
    await this.pool.query("INSERT INTO games (id, created_at, preset, record) VALUES ($1, $2, $3, $4)", [
      r.id,
      r.createdAt,
      r.preset,
      JSON.stringify(r),
    ]);
  }

  async listGames(opts: { limit: number; status?: "playing" | "finished" }): Promise<GameSummary[]> {
    const { rows } = opts.status
      ? await this.pool.query<GameRow>(
          "SELECT * FROM games WHERE status = $1 ORDER BY created_at DESC, id LIMIT $2",
          [opts.status, opts.limit],
        )
      : await this.pool.query<GameRow>("SELECT * FROM games ORDER BY created_at DESC, id LIMIT $1", [
          opts.limit,
        ]);
    return rows.map(toSummary);
  }

  async loadGame(id: string): Promise<StoredGame | null> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const { rows } = await client.query<GameRow>("SELECT * FROM games WHERE id = $1", [id]);
      const row = rows[0];
      if (!row) {
        await client.query("COMMIT");
        return null;
      }
      const snap = await client.query<{ idx: number; state: string }>(
        "SELECT idx, state FROM snapshots WHERE game_id = $1 ORDER BY idx DESC LIMIT 1",
        [id],
      );
      const responses = await client.query<ResponseRow>(
        "SELECT idx, player, choice, clocks FROM responses WHERE game_id = $1 ORDER BY idx",
        [id],
      );
      await client.query("COMMIT");
      const s = snap.rows[0];
      return {
        record: rowJson<GameRecord>(row.record),
        status: row.status,
        end: row.end_json ? rowJson<GameEnd>(row.end_json) : null,
        snapshot: s ? { index: s.idx, state: s.state } : null,
        responses: responses.rows.map(toResponse),
      };
    } catch (e) {
      await client.query("ROLLBACK").catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  async responsesFrom(id: string, index: number): Promise<StoredResponse[]> {
    const { rows } = await this.pool.query<ResponseRow>(
      "SELECT idx, player, choice, clocks FROM responses WHERE game_id = $1 AND idx >= $2 ORDER BY idx",
      [id, index],
    );
    return rows.map(toResponse);
  }

  /** The responses answered together, stored by one statement (a game has one at a time in it). */
  private readonly responses = new WriteBatch<{ id: string; r: StoredResponse }>(
    (items) => this.insertResponses(items),
    (item) => this.insertResponses([item]),
    // Up to four batches at once, from the pool's connections.
    4,
  );

  private async insertResponses(items: readonly { id: string; r: StoredResponse }[]): Promise<void> {
    // One statement, one transaction: the responses and their games' counts together.
    await this.pool.query(
      `WITH r AS (
         INSERT INTO responses (game_id, idx, player, choice, clocks)
         SELECT * FROM unnest($1::text[], $2::integer[], $3::integer[], $4::text[], $5::text[]))
       UPDATE games SET responses = n.idx + 1
       FROM unnest($1::text[], $2::integer[]) AS n(id, idx) WHERE games.id = n.id`,
      [
        items.map((x) => x.id),
        items.map((x) => x.r.index),
        items.map((x) => x.r.player),
        items.map((x) => x.r.choice),
        items.map((x) => (x.r.clocks ? JSON.stringify(x.r.clocks) : null)),
      ],
    );
  }

  async appendResponse(id: string, r: StoredResponse): Promise<void> {
    return this.responses.add({ id, r });
  }

  async saveSnapshot(id: string, index: number, state: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO snapshots (game_id, idx, state) VALUES ($1, $2, $3)
       ON CONFLICT (game_id, idx) DO UPDATE SET state = EXCLUDED.state`,
      [id, index, state],
    );
  }

  async finishGame(id: string, end: GameEnd): Promise<void> {
    await this.pool.query("UPDATE games SET status = 'finished', end_json = $1 WHERE id = $2", [
      JSON.stringify(end),
      id,
    ]);
  }

  async claimLease(id: string, owner: string, ttlMs: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO leases (game_id, owner, expires_at) VALUES ($1, $2, ${NOW_MS} + $3)
       ON CONFLICT (game_id) DO UPDATE SET owner = $2, expires_at = ${NOW_MS} + $3
       WHERE leases.owner = $2 OR leases.expires_at < ${NOW_MS}`,
      [id, owner, ttlMs],
    );
    return (rowCount ?? 0) > 0;
  }

  async renewLeases(owner: string, ids: readonly string[], ttlMs: number): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.pool.query<{ game_id: string }>(
      `UPDATE leases SET expires_at = ${NOW_MS} + $3 WHERE owner = $1 AND game_id = ANY($2) RETURNING game_id`,
      [owner, ids, ttlMs],
    );
    return rows.map((r) => r.game_id);
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    await this.pool.query("DELETE FROM leases WHERE game_id = $1 AND owner = $2", [id, owner]);
  }

  async orphanedGames(limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT g.id FROM games g LEFT JOIN leases l ON l.game_id = g.id
       WHERE g.status = 'playing' AND (l.game_id IS NULL OR l.expires_at < ${NOW_MS}) LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  async close(): Promise<void> {
    await this.responses.drain();
    await this.pool.end();
  }
}

async function migrate(pool: pg.Pool, url: string): Promise<void> {
  const where = `the PostgreSQL database ${url.replace(/\/\/[^@/]*@/, "//…@")}`;
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK.toString()]);
    await client.query("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
    const { rows } = await client.query<{ version: number }>("SELECT version FROM schema_version");
    const version = rows[0]?.version ?? 0;
    const todo = pendingMigrations(version, where);
    for (const m of todo) for (const s of m.statements) await client.query(s);
    if (todo.length > 0) {
      const to = todo[todo.length - 1]!.to;
      if (rows[0]) await client.query("UPDATE schema_version SET version = $1", [to]);
      else await client.query("INSERT INTO schema_version (version) VALUES ($1)", [to]);
    }
    await client.query("COMMIT");
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
