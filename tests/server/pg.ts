/**
 * A fresh PostgreSQL database per test file, on the server named by TURNKIT_PG_URL (default: the
 * local one .ci/run starts, role turnkit). Without a reachable server the tests are skipped — except
 * under CI (CI=true), where they fail: CI never skips them silently.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export const PG_URL = process.env.TURNKIT_PG_URL ?? "postgres://turnkit:turnkit@127.0.0.1:5432/postgres";

async function reachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Whether the PostgreSQL tests run here: always under CI (they fail there without a server). */
export const HAVE_PG = process.env.CI === "true" || (await reachable());

/** Creates an empty database; `drop` removes it. */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `turnkit_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
