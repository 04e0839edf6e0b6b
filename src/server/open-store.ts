/** A store from what the user names: a SQLite file path, or a postgres:// URL. */
import { PostgresStore, type PostgresStoreOptions } from "./postgres-store.js";
import { SqliteStore, type SqliteStoreOptions } from "./sqlite-store.js";
import type { Store } from "./store.js";

export type OpenStoreOptions = SqliteStoreOptions & PostgresStoreOptions;

/** `postgres://…` or `postgresql://…` opens PostgreSQL; anything else is a SQLite file's path. */
export function openStore(where: string, opts: OpenStoreOptions = {}): Promise<Store> {
  return /^postgres(ql)?:\/\//.test(where) ? PostgresStore.open(where, opts) : SqliteStore.open(where, opts);
}
