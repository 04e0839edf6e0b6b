/**
 * Protocol 2 on a real server (127.0.0.1, SQLite): the welcome holds the whole view, each update a
 * patch against the last view that seat's stream was sent, numbered by `seq`. A client applying
 * them holds exactly `viewFor(seat)` after every message — across a reconnect mid-game, a `sync`,
 * and for spectators (one patch made for all of them, delay or not). A client asking protocol 1
 * gets whole views as before.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publicView } from "../../src/core/view.js";
import { getPreset } from "../../src/presets/index.js";
import type { ReplayFile } from "../../src/replay/format.js";
import type { ViewMessage } from "../../src/server/client.js";
import { gameOf } from "../../src/server/create-game.js";
import type { GameRecord } from "../../src/server/store.js";
import { createGame, GameClient, playSeat, replayOf, seededPick, sqliteServer, tempDir } from "./helpers.js";

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

/** The kernel's game after `n` responses of the finished game. */
function gameAt(file: ReplayFile, n: number) {
  const record = { seed: file.seed, players: file.players, options: file.options } as unknown as GameRecord;
  const game = gameOf(getPreset(file.preset), record);
  for (const [player, choice] of file.responses.slice(0, n)) game.act({ player, choice });
  return game;
}

/** Every view a client rebuilt is, byte for byte, the kernel's view for it after that many responses. */
function expectExactViews(file: ReplayFile, seat: number | null, messages: readonly ViewMessage[]): void {
  expect(messages.length).toBeGreaterThan(1);
  for (const m of messages) {
    const game = gameAt(file, m.responses);
    const want = seat === null ? publicView(game) : game.viewFor(seat);
    expect(JSON.stringify(m.view), `${m.type} after ${m.responses} responses`).toBe(JSON.stringify(want));
  }
}

type Wire = { type: string; seq?: number; view?: unknown; patch?: unknown[] };
const wireOf = (c: GameClient): Wire[] => c.received.map((t) => JSON.parse(t) as Wire);

/** Reads a spectator's messages until the game's end. */
async function watch(c: GameClient): Promise<ViewMessage[]> {
  const out: ViewMessage[] = [c.welcome!];
  while (!out.at(-1)!.end) {
    const m = await c.next();
    if (!m) break;
    if (m.type === "update" || m.type === "view") out.push(m);
  }
  return out;
}

describe("protocol 2: patches instead of whole views", () => {
  it("a seat's updates are numbered patches; applied, they give exactly viewFor(seat), through a reconnect and a sync", async () => {
    const { server } = await sqliteServer(join(tmp.dir, "games.db"));
    try {
      const created = await createGame(server, { preset: "skirmish", seed: 21 });
      const joinSeat = (i: number, since?: number) =>
        GameClient.join(
          server.wsUrl,
          { game: created.id, token: created.seats[i]!.token, ...(since !== undefined ? { since } : {}) },
          { keep: true },
        );
      const [a, b] = await Promise.all([joinSeat(0), joinSeat(1)]);
      const picks = [seededPick(5), seededPick(6)];
      const bSeen = playSeat(b, picks[1]!);
      const first = await playSeat(a, picks[0]!, 15);
      // On the wire: a whole view once, then patches numbered one by one.
      const sent = wireOf(a);
      expect(sent[0]).toMatchObject({ type: "welcome", protocol: 2, seq: 0 });
      expect(sent[0]!.view).toBeDefined();
      const updates = sent.filter((m) => m.type === "update");
      expect(updates.length).toBeGreaterThan(5);
      for (const [i, u] of updates.entries()) {
        expect(u.view).toBeUndefined();
        expect(Array.isArray(u.patch)).toBe(true);
        expect(u.seq).toBe(i + 1);
      }
      // Asked for, the whole view again: the view the last patch made.
      a.sync();
      const again = (await a.nextOf("view"))!;
      expect(JSON.stringify(again.view)).toBe(JSON.stringify(first.at(-1)!.view));
      expect(again.seq).toBe(updates.length);
      // Gone mid-game, then back with the responses it had seen: a whole view, then patches again.
      a.close();
      await a.waitClosed();
      const a2 = await joinSeat(0, first.at(-1)!.responses);
      const rest = await playSeat(a2, picks[0]!);
      const [bMessages] = await Promise.all([bSeen]);
      const file = await replayOf(server.url, created.id);
      expectExactViews(file, 0, [...first, again, ...rest]);
      expectExactViews(file, 1, bMessages);
      expect(rest.at(-1)!.end).not.toBeNull();
      // Smaller than whole views: each patch is a fraction of the view it stands for.
      const sizes = a2.received.slice(1).map((t) => t.length);
      const whole = a2.received[0]!.length;
      expect(sizes.reduce((x, y) => x + y, 0) / sizes.length).toBeLessThan(whole / 2);
      for (const c of [a2, b]) c.close();
    } finally {
      await server.close();
    }
  });

  it("spectators get one patch text for all of them, with or without a delay, and rebuild the public view", async () => {
    const { server } = await sqliteServer(join(tmp.dir, "games.db"));
    try {
      for (const spectatorDelay of [0, 2]) {
        const created = await createGame(server, {
          preset: "skirmish",
          seed: 30 + spectatorDelay,
          spectatorDelay,
        });
        const early = await GameClient.join(server.wsUrl, { game: created.id }, { keep: true });
        const seats = await Promise.all(
          created.seats.map((x) => GameClient.join(server.wsUrl, { game: created.id, token: x.token })),
        );
        const watched = watch(early);
        const part = await Promise.all(seats.map((c, i) => playSeat(c, seededPick(i + 7), 9)));
        const late = await GameClient.join(server.wsUrl, { game: created.id }, { keep: true });
        expect(late.welcome!.responses).toBe(9 - spectatorDelay);
        const lateWatched = watch(late);
        for (const [i, c] of seats.entries()) c.welcome = part[i]!.at(-1)!;
        await Promise.all(seats.map((c, i) => playSeat(c, seededPick(i + 7))));
        const [e, l] = await Promise.all([watched, lateWatched]);
        const file = await replayOf(server.url, created.id);
        expectExactViews(file, null, e);
        expectExactViews(file, null, l);
        expect(l.at(-1)!.responses).toBe(file.responses.length);
        // After the late one's welcome, both were sent the very same texts.
        const tail = (c: GameClient) => c.received.filter((t) => t.startsWith('{"type":"update"'));
        const lateTexts = tail(late);
        expect(lateTexts.length).toBeGreaterThan(3);
        expect(tail(early).slice(-lateTexts.length)).toEqual(lateTexts);
        for (const c of [...seats, early, late]) c.close();
      }
    } finally {
      await server.close();
    }
  });

  it("a client asking protocol 1 is sent whole views, as before", async () => {
    const { server } = await sqliteServer(join(tmp.dir, "games.db"));
    try {
      const created = await createGame(server, { preset: "skirmish", seed: 4 });
      const seats = await Promise.all(
        created.seats.map((x, i) =>
          GameClient.join(
            server.wsUrl,
            { game: created.id, token: x.token, ...(i === 0 ? { protocol: 1 as const } : {}) },
            { keep: true },
          ),
        ),
      );
      const watcher = await GameClient.join(server.wsUrl, { game: created.id, protocol: 1 }, { keep: true });
      const [a, b] = await Promise.all(seats.map((c, i) => playSeat(c, seededPick(i + 1))));
      const w = await watch(watcher);
      const file = await replayOf(server.url, created.id);
      expectExactViews(file, 0, a!);
      expectExactViews(file, 1, b!);
      expectExactViews(file, null, w);
      for (const c of [seats[0]!, watcher]) {
        const sent = wireOf(c);
        expect(sent[0]).toMatchObject({ type: "welcome", protocol: 1 });
        for (const m of sent) {
          expect(m.view).toBeDefined();
          expect(m).not.toHaveProperty("patch");
          expect(m).not.toHaveProperty("seq");
        }
      }
      expect(wireOf(seats[1]!)[1]).toHaveProperty("patch");
      for (const c of [...seats, watcher]) c.close();
    } finally {
      await server.close();
    }
  });
});
