/**
 * `turnkit serve`: the game server (docs/server.md) from the command line — a SQLite file by
 * default, PostgreSQL when the database is a postgres:// URL — until SIGINT or SIGTERM.
 * Secrets are read from the environment, never from flags (a command line is visible to every
 * user of the machine): TURNKIT_DATABASE_URL, TURNKIT_ADMIN_TOKEN.
 */
import type { Store } from "../server/store.js";
import { InputError } from "./errors.js";

export interface ServeFlags {
  db?: string;
  port: number;
  host: string;
  snapshotEvery: number;
  cluster?: boolean;
  leaseMs: number;
}

export interface ServeIo {
  stdout(text: string): void;
  env: Record<string, string | undefined>;
}

/** The database the flags and environment name, shown with any password hidden. */
export function databaseOf(flags: ServeFlags, env: ServeIo["env"]): { where: string; shown: string } {
  const where = flags.db ?? env.TURNKIT_DATABASE_URL ?? "turnkit-games.db";
  return { where, shown: where.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:…@") };
}

/** Serves until SIGINT/SIGTERM; returns the exit code. */
export async function serveCommand(flags: ServeFlags, io: ServeIo): Promise<number> {
  const { openStore, createServer } = await import("../server/index.js");
  const { where, shown } = databaseOf(flags, io.env);
  const postgres = /^postgres(ql)?:\/\//.test(where);
  if (flags.cluster && !postgres)
    throw new InputError(
      `--cluster shares a PostgreSQL database between processes; ${shown} is a SQLite file`,
    );
  let store: Store;
  try {
    store = await openStore(where);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`the database ${shown} can't be opened: ${(e as Error).message.split("\n")[0]}`);
  }
  const admin = io.env.TURNKIT_ADMIN_TOKEN;
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    server = await createServer({
      store,
      host: flags.host,
      port: flags.port,
      snapshotEvery: flags.snapshotEvery,
      ...(admin ? { adminToken: admin } : {}),
      ...(flags.cluster ? { cluster: { leaseMs: flags.leaseMs } } : {}),
    });
  } catch (e) {
    await store.close();
    const err = e as NodeJS.ErrnoException;
    if (err.code === "EADDRINUSE") throw new InputError(`--port ${flags.port}: the port is in use`);
    if (err.code === "EACCES") throw new InputError(`--port ${flags.port}: not allowed to listen there`);
    throw e;
  }
  io.stdout(
    `turnkit serve: ${server.url} (WebSocket ${server.wsUrl}), database ${shown}${flags.cluster ? ", cluster" : ""}${admin ? ", game creation needs the admin token" : ""}\n`,
  );
  await new Promise<void>((ok) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      ok();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await server.close();
  return 0;
}
