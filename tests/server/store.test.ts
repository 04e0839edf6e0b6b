/**
 * The store's contract, for SQLite (a real file) and PostgreSQL (a real server, a fresh database):
 * games, responses in order and never twice, snapshots, the end, leases and their expiry, and the
 * schema's migrations.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PostgresStore } from "../../src/server/postgres-store.js";
import { SqliteStore } from "../../src/server/sqlite-store.js";
import { type GameRecord, SCHEMA_VERSION, type Store } from "../../src/server/store.js";
import { tempDir } from "./helpers.js";
import { freshDatabase, HAVE_PG } from "./pg.js";

const record = (id: string, createdAt = 1000): GameRecord => ({
  id,
  preset: "skirmish",
  options: {},
  seed: 1,
  players: ["P1", "P2"],
  spectatorDelay: 0,
  tokenHashes: ["a", "b"],
  createdAt,
  madeBy: {},
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Kind {
  name: string;
  run: boolean;
  /** A fresh store, and one more open on the same database. */
  open(): Promise<{ store: Store; again: () => Promise<Store> }>;
}

const kinds: Kind[] = [
  {
    name: "sqlite",
    run: true,
    async open() {
      const tmp = tempDir();
      cleanups.push(tmp.cleanup);
      const file = join(tmp.dir, "games.db");
      const store = await SqliteStore.open(file);
      cleanups.push(() => store.close());
      return {
        store,
        again: async () => {
          const s = await SqliteStore.open(file);
          cleanups.push(() => s.close());
          return s;
        },
      };
    },
  },
  {
    name: "postgres",
    run: HAVE_PG,
    async open() {
      const db = await freshDatabase();
      cleanups.push(db.drop);
      const store = await PostgresStore.open(db.url);
      cleanups.push(() => store.close());
      return {
        store,
        again: async () => {
          const s = await PostgresStore.open(db.url);
          cleanups.push(() => s.close());
          return s;
        },
      };
    },
  },
];

for (const kind of kinds)
  describe.skipIf(!kind.run)(`store: ${kind.name}`, () => {
    it("keeps a game's record, responses in order, snapshot and end", async () => {
      const { store, again } = await kind.open();
      await store.createGame(record("g1", 1000));
      await store.createGame(record("g2", 2000));
      await store.appendResponse("g1", { index: 0, player: 0, choice: "a" });
      await store.appendResponse("g1", { index: 1, player: 1, choice: "b", clocks: [5, 6] });
      // The same index twice is refused: one writer per game.
      await expect(store.appendResponse("g1", { index: 1, player: 0, choice: "c" })).rejects.toThrow();
      await store.saveSnapshot("g1", 2, '{"s":1}');
      const g = await store.loadGame("g1");
      expect(g).toMatchObject({
        record: record("g1", 1000),
        status: "playing",
        end: null,
        snapshot: { index: 2, state: '{"s":1}' },
        responses: [
          { index: 0, player: 0, choice: "a" },
          { index: 1, player: 1, choice: "b", clocks: [5, 6] },
        ],
      });
      expect(await store.responsesFrom("g1", 1)).toEqual([
        { index: 1, player: 1, choice: "b", clocks: [5, 6] },
      ]);
      await store.finishGame("g1", { winner: 1, reason: "P1 lost", sha256: "00", turn: 3 });
      const list = await store.listGames({ limit: 10 });
      expect(list.map((x) => [x.id, x.status, x.responses])).toEqual([
        ["g2", "playing", 0],
        ["g1", "finished", 2],
      ]);
      expect((await store.listGames({ limit: 10, status: "finished" })).map((x) => x.end)).toEqual([
        { winner: 1, reason: "P1 lost", sha256: "00", turn: 3 },
      ]);
      expect(await store.loadGame("nope")).toBeNull();
      // Opened again (a restart): the same data, the schema not migrated twice.
      const s2 = await again();
      expect((await s2.loadGame("g1"))!.responses).toHaveLength(2);
    });

    it("responses of many games answered together are stored together; one refused fails only its own write", async () => {
      const { store } = await kind.open();
      const ids = Array.from({ length: 30 }, (_, i) => `b${i}`);
      for (const id of ids) await store.createGame(record(id));
      await store.appendResponse("b0", { index: 0, player: 0, choice: "first" });
      // Asked in one turn of the event loop: b0's index 0 is taken, every other game's write lands.
      const writes = ids.map((id) => store.appendResponse(id, { index: 0, player: 1, choice: `to-${id}` }));
      const settled = await Promise.allSettled(writes);
      expect(settled.map((x) => x.status)).toEqual(ids.map((id) => (id === "b0" ? "rejected" : "fulfilled")));
      for (const id of ids) {
        const g = (await store.loadGame(id))!;
        expect(g.responses).toEqual([
          { index: 0, player: id === "b0" ? 0 : 1, choice: id === "b0" ? "first" : `to-${id}` },
        ]);
      }
      expect((await store.listGames({ limit: 100 })).every((x) => x.responses === 1)).toBe(true);
      // Written while a batch is being written: the next batch.
      const more = await Promise.allSettled(
        ids
          .slice(1)
          .map((id, i) =>
            new Promise((r) => setTimeout(r, i % 3)).then(() =>
              store.appendResponse(id, { index: 1, player: 0, choice: "again" }),
            ),
          ),
      );
      expect(more.every((x) => x.status === "fulfilled")).toBe(true);
      expect((await store.loadGame("b29"))!.responses).toHaveLength(2);
    });

    it("leases: one owner at a time, renewed by it, taken over once expired", async () => {
      const { store } = await kind.open();
      await store.createGame(record("g"));
      expect(await store.orphanedGames(10)).toEqual(["g"]);
      expect(await store.claimLease("g", "A", 60_000)).toBe(true);
      expect(await store.claimLease("g", "B", 60_000)).toBe(false);
      expect(await store.claimLease("g", "A", 60_000)).toBe(true);
      expect(await store.orphanedGames(10)).toEqual([]);
      expect(await store.renewLeases("A", ["g"], 60_000)).toEqual(["g"]);
      expect(await store.renewLeases("B", ["g"], 60_000)).toEqual([]);
      // A's lease runs out (renewed with a time already past): B may take the game.
      expect(await store.renewLeases("A", ["g"], -1000)).toEqual(["g"]);
      expect(await store.orphanedGames(10)).toEqual(["g"]);
      expect(await store.claimLease("g", "B", 60_000)).toBe(true);
      expect(await store.renewLeases("A", ["g"], 60_000)).toEqual([]);
      await store.releaseLease("g", "A");
      expect(await store.claimLease("g", "A", 60_000)).toBe(false);
      await store.releaseLease("g", "B");
      expect(await store.claimLease("g", "A", 60_000)).toBe(true);
      await store.finishGame("g", { winner: null, reason: "x", sha256: "", turn: 1 });
      expect(await store.orphanedGames(10)).toEqual([]);
    });
  });

describe("store: migrations", () => {
  it("a database of a newer schema is refused, naming both versions", async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const file = join(tmp.dir, "games.db");
    (await SqliteStore.open(file)).close();
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(file);
    db.prepare("UPDATE schema_version SET version = ?").run(SCHEMA_VERSION + 1);
    db.close();
    await expect(SqliteStore.open(file)).rejects.toThrow(
      `has schema version ${SCHEMA_VERSION + 1}, newer than this turnkit's (${SCHEMA_VERSION}); upgrade turnkit`,
    );
  });
});
