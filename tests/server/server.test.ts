/**
 * `turnkit serve` end to end: a real WebSocket server on 127.0.0.1 (port 0) over a real SQLite file.
 * Seats play whole games; what each seat and spectator is sent is exactly the kernel's view for them;
 * a server stopped and started again resumes the game and ends it with the same state.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publicView } from "../../src/core/view.js";
import { getPreset } from "../../src/presets/index.js";
import { type ReplayFile, replayGame, stateDigest } from "../../src/replay/format.js";
import { gameOf } from "../../src/server/create-game.js";
import { PostgresStore } from "../../src/server/postgres-store.js";
import { createServer } from "../../src/server/server.js";
import { SqliteStore } from "../../src/server/sqlite-store.js";
import type { GameRecord, Store } from "../../src/server/store.js";
import {
  type Created,
  createGame,
  GameClient,
  ManualTime,
  playSeat,
  post,
  replayOf,
  seededPick,
  sqliteServer,
  tempDir,
} from "./helpers.js";
import { freshDatabase, HAVE_PG } from "./pg.js";

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

/** The game of a record, replayed to `n` responses of a replay file. */
function gameAt(created: Created, file: ReplayFile, n: number) {
  const preset = getPreset(file.preset);
  const record = { seed: file.seed, players: file.players, options: file.options } as unknown as GameRecord;
  const game = gameOf(preset, record);
  for (const [player, choice] of file.responses.slice(0, n)) game.act({ player, choice });
  void created;
  return game;
}

describe("turnkit serve: a whole game over WebSocket", () => {
  it("plays a skirmish game between two seats; each seat is sent exactly its own view, a spectator the public one", async () => {
    const { server } = await sqliteServer(join(tmp.dir, "games.db"));
    try {
      const created = await createGame(server, { preset: "skirmish", seed: 5 });
      expect(created.seats.map((s) => s.name)).toEqual(["P1", "P2"]);
      // The seed would deal the hidden cards: never given while the game is played.
      expect(created).not.toHaveProperty("seed");
      const seats = await Promise.all(
        created.seats.map((s) => GameClient.join(server.wsUrl, { game: created.id, token: s.token })),
      );
      const watcher = await GameClient.join(server.wsUrl, { game: created.id });
      const [a, b] = await Promise.all(seats.map((c, i) => playSeat(c, seededPick(i + 1))));
      const watched: unknown[] = [watcher.welcome];
      for (;;) {
        const m = await watcher.next();
        if (m?.type !== "update") break;
        watched.push(m);
        if (m.end) break;
      }
      const file = await replayOf(server.url, created.id);
      expect(file.final.reason).not.toBe("not finished");
      // Every message a seat got is the kernel's view of that seat after that many responses.
      for (const [seat, messages] of [a!, b!].entries()) {
        expect(messages.at(-1)!.end).not.toBeNull();
        for (const m of messages) {
          const game = gameAt(created, file, m.responses);
          // Byte for byte: protocol 2 rebuilds the view from patches, keys in the server's order.
          expect(JSON.stringify(m.view)).toBe(JSON.stringify(game.viewFor(seat)));
        }
      }
      for (const m of watched as { responses: number; view: unknown; seat?: unknown }[]) {
        const game = gameAt(created, file, m.responses);
        expect(JSON.stringify(m.view)).toBe(JSON.stringify(publicView(game)));
      }
      expect((watched.at(-1) as { responses: number }).responses).toBe(file.responses.length);
      // The replay re-creates the same final state.
      expect(stateDigest(replayGame(file))).toBe(file.final.sha256);
      for (const c of [...seats, watcher]) c.close();
    } finally {
      await server.close();
    }
  });

  it("a spectator's public view hides both hands; a seat's hides the other's", async () => {
    const { server } = await sqliteServer(join(tmp.dir, "games.db"));
    try {
      const created = await createGame(server, { preset: "skirmish", seed: 2 });
      const p1 = await GameClient.join(server.wsUrl, { game: created.id, token: created.seats[0]!.token });
      const watcher = await GameClient.join(server.wsUrl, { game: created.id });
      const hands = (
        v: { zones: Record<string, { kind: string; owner: number | null; cards: object[] }> },
        owner: number,
      ) => Object.values(v.zones).find((z) => z.kind === "hand" && z.owner === owner)!.cards;
      const own = hands(p1.welcome!.view as never, 0);
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((c) => !("hidden" in c))).toBe(true);
      expect(hands(p1.welcome!.view as never, 1).every((c) => "hidden" in c)).toBe(true);
      for (const owner of [0, 1])
        expect(hands(watcher.welcome!.view as never, owner).every((c) => "hidden" in c)).toBe(true);
      expect(watcher.welcome!.seat).toBeNull();
      p1.close();
      watcher.close();
    } finally {
      await server.close();
    }
  });

  it("a server closed and started again on the same file resumes the game and ends it as an uninterrupted one", async () => {
    const file = join(tmp.dir, "games.db");
    await resumesExactly(() => SqliteStore.open(file));
  });

  it("a seat that reconnects is welcomed with its view and the events since the responses it had seen", async () => {
    const { server } = await sqliteServer(join(tmp.dir, "games.db"));
    try {
      const created = await createGame(server, { preset: "skirmish", seed: 3 });
      const join = (i: number, since?: number) =>
        GameClient.join(server.wsUrl, {
          game: created.id,
          token: created.seats[i]!.token,
          ...(since !== undefined ? { since } : {}),
        });
      const [a, b] = await Promise.all([join(0), join(1)]);
      const part = await Promise.all([playSeat(a!, seededPick(1), 10), playSeat(b!, seededPick(2), 10)]);
      const last = part[0]!.at(-1)!;
      a!.close();
      await a!.waitClosed();
      const again = await join(0, 0);
      expect(again.welcome!.responses).toBeGreaterThanOrEqual(last.responses);
      // Events since response 0: every event of seat P1's updates so far, in order.
      const before = part[0]!.flatMap((m) => m.events);
      expect(again.welcome!.events.slice(0, before.length)).toEqual(before);
      // A second connection for a seat replaces the first.
      const third = await join(0);
      const m = await again.next();
      expect(m).toMatchObject({ type: "error", code: "already-joined" });
      third.close();
      b!.close();
    } finally {
      await server.close();
    }
  });
});

/**
 * Plays a game straight through, then the same game stopped after 40 responses, the server closed
 * and a new one started on the same database: the resumed game ends with the same responses and state.
 */
async function resumesExactly(open: () => Promise<Store>): Promise<void> {
  const start = async () => {
    const store = await open();
    return { store, server: await createServer({ store, snapshotEvery: 7 }) };
  };
  const pick = [seededPick(11), seededPick(12)];
  let s = await start();
  const straight = await createGame(s.server, { preset: "skirmish", seed: 9 });
  let seats = await Promise.all(
    straight.seats.map((x) => GameClient.join(s.server.wsUrl, { game: straight.id, token: x.token })),
  );
  await Promise.all(seats.map((c, i) => playSeat(c, pick[i]!)));
  const whole = await replayOf(s.server.url, straight.id);
  const pick2 = [seededPick(11), seededPick(12)];
  const broken = await createGame(s.server, { preset: "skirmish", seed: 9 });
  seats = await Promise.all(
    broken.seats.map((x) => GameClient.join(s.server.wsUrl, { game: broken.id, token: x.token })),
  );
  const firstHalf = await Promise.all(seats.map((c, i) => playSeat(c, pick2[i]!, 40)));
  await s.server.close();
  s = await start();
  const seen = firstHalf[0]!.at(-1)!.responses;
  expect(seen).toBe(40);
  seats = await Promise.all(
    broken.seats.map((x) =>
      GameClient.join(s.server.wsUrl, { game: broken.id, token: x.token, since: seen }),
    ),
  );
  expect(seats[0]!.welcome!.responses).toBe(seen);
  await Promise.all(seats.map((c, i) => playSeat(c, pick2[i]!)));
  const resumed = await replayOf(s.server.url, broken.id);
  expect(resumed.responses).toEqual(whole.responses);
  expect(resumed.final).toEqual(whole.final);
  await s.server.close();
}

describe.skipIf(!HAVE_PG)("turnkit serve on PostgreSQL", () => {
  it("a server stopped and started again on the same database resumes the game exactly", async () => {
    const db = await freshDatabase();
    try {
      await resumesExactly(() => PostgresStore.open(db.url));
    } finally {
      await db.drop();
    }
  });
});

describe("turnkit serve: spectators kept behind", () => {
  it("a spectator delay of 3 responses: spectators see each public view 3 responses late, and all of it at the end", async () => {
    const { server } = await sqliteServer(join(tmp.dir, "games.db"));
    try {
      const created = await createGame(server, { preset: "skirmish", seed: 8, spectatorDelay: 3 });
      const early = await GameClient.join(server.wsUrl, { game: created.id });
      expect(early.welcome!.responses).toBe(0);
      const seats = await Promise.all(
        created.seats.map((x) => GameClient.join(server.wsUrl, { game: created.id, token: x.token })),
      );
      const part = await Promise.all(seats.map((c, i) => playSeat(c, seededPick(i + 3), 6)));
      expect(part[0]!.at(-1)!.responses).toBe(6);
      const got: number[] = [];
      for (let i = 0; i < 3; i++) got.push((await early.nextOf("update"))!.responses);
      expect(got).toEqual([1, 2, 3]);
      const late = await GameClient.join(server.wsUrl, { game: created.id });
      expect(late.welcome!.responses).toBe(3);
      // The rest of the game: at its end the spectators are given everything held back.
      for (const [i, c] of seats.entries()) c.welcome = part[i]!.at(-1)!;
      await Promise.all(seats.map((c, i) => playSeat(c, seededPick(i + 3))));
      const file = await replayOf(server.url, created.id);
      let last = late.welcome!;
      while (!last.end) last = (await late.nextOf("update"))!;
      expect(last.responses).toBe(file.responses.length);
      expect(late.welcome!.view).toEqual(publicView(gameAt(created, file, 3)));
      for (const c of [...seats, early, late]) c.close();
    } finally {
      await server.close();
    }
  });
});

describe("turnkit serve: creating games", () => {
  it("lists games, refuses bad requests with what and where, checks decks by the preset's rules", async () => {
    const { server } = await sqliteServer(join(tmp.dir, "games.db"), { adminToken: "sesame" });
    try {
      const auth = { authorization: "Bearer sesame" };
      expect((await post(server, { preset: "skirmish" })).status).toBe(401);
      expect(
        (await post(server, { preset: "skirmish" }, { authorization: "Bearer nope" })).body,
      ).toMatchObject({
        code: "bad-token",
      });
      const cases: [unknown, string, RegExp][] = [
        [{ preset: "chess" }, "preset", /unknown preset "chess"/],
        [{ preset: "skirmish", players: 9 }, "players", /2 players, not 9/],
        [{ preset: "skirmish", seed: "" }, "seed", /./],
        [{ preset: "skirmish", players: "2" }, "players", /./],
        [{ preset: "skirmish", colour: "red" }, "colour", /colour/],
        [JSON.parse('{"preset":"skirmish","__proto__":{"x":1}}'), "__proto__", /__proto__/],
        [
          { preset: "duel-masters", decks: [["dm-nope"], []] },
          "decks.0",
          /not a legal Duel Masters .*deck: unknown card "dm-nope"/,
        ],
        [
          { preset: "skirmish", clock: { initialMs: 60000, incrementMs: 0, onTimeout: "pause" } },
          "clock.onTimeout",
          /./,
        ],
        [{ preset: "skirmish", options: { noSuchOption: 1 } }, "options", /noSuchOption/],
      ];
      for (const [body, where, message] of cases) {
        const r = await post(server, body, auth);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.where, JSON.stringify(body)).toBe(where);
        expect(String(r.body.message), JSON.stringify(body)).toMatch(message);
      }
      expect((await post(server, "{not json", auth)).body).toMatchObject({ code: "bad-json" });
      const ok = await post(server, { preset: "skirmish", players: ["Ann", "Bo"] }, auth);
      expect(ok.status).toBe(201);
      const list = (await (await fetch(`${server.url}/games`, { headers: auth })).json()) as {
        games: { id: string; players: string[] }[];
      };
      expect(list.games.map((g) => g.id)).toContain(ok.body.id);
      expect(JSON.stringify(list)).not.toMatch(/token/i);
      // The replay of a game in play would tell its hidden cards: refused.
      expect((await fetch(`${server.url}/games/${ok.body.id}/replay`)).status).toBe(409);
      expect((await fetch(`${server.url}/games/nope`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe("turnkit serve: chess clocks", () => {
  it("forfeit: the seat whose time runs out loses; the clocks count only the deciding seat's time", async () => {
    const time = new ManualTime();
    const { server } = await sqliteServer(join(tmp.dir, "games.db"), { time });
    try {
      const created = await createGame(server, {
        preset: "skirmish",
        seed: 4,
        clock: { initialMs: 60_000, incrementMs: 1000, onTimeout: "forfeit" },
      });
      const a = await GameClient.join(server.wsUrl, { game: created.id, token: created.seats[0]!.token });
      const b = await GameClient.join(server.wsUrl, { game: created.id, token: created.seats[1]!.token });
      const d = a.welcome!.view.decision!;
      expect(a.welcome!.clock).toEqual({ remainingMs: [60_000, 60_000], running: d.player });
      const mover = d.player === 0 ? a : b;
      const md = mover.welcome!.view.decision as { id: number; options: { id: string }[] };
      time.advance(10_000);
      mover.act(md.id, md.options[0]!.id);
      const u = (await mover.nextOf("update"))!;
      expect(u.clock!.remainingMs[d.player]).toBe(51_000);
      const running = u.clock!.running!;
      time.advance(u.clock!.remainingMs[running]!);
      let end = u.end;
      while (!end) end = (await mover.nextOf("update"))!.end;
      expect(end).toEqual({ winner: 1 - running, reason: `P${running + 1} ran out of time` });
      const stored = (await (await fetch(`${server.url}/games/${created.id}`)).json()) as { status: string };
      expect(stored.status).toBe("finished");
      a.close();
      b.close();
    } finally {
      await server.close();
    }
  });

  it("auto: a seat out of time answers with its first option, recorded like any response", async () => {
    const time = new ManualTime();
    const { server } = await sqliteServer(join(tmp.dir, "games.db"), { time });
    try {
      const created = await createGame(server, {
        preset: "skirmish",
        seed: 4,
        clock: { initialMs: 5_000, incrementMs: 0, onTimeout: "auto" },
      });
      const a = await GameClient.join(server.wsUrl, { game: created.id, token: created.seats[0]!.token });
      const first = a.welcome!;
      time.advance(5_000);
      const u = (await a.nextOf("update"))!;
      expect(u.responses).toBe(1);
      const game = gameOf(getPreset("skirmish"), { seed: 4, players: ["P1", "P2"], options: {} } as never);
      const d = game.decision!;
      expect(first.view.decision!.player).toBe(d.player);
      game.act({ player: d.player, choice: d.options[0]!.id });
      expect(u.view).toEqual(game.viewFor(0));
      a.close();
    } finally {
      await server.close();
    }
  });
});
