/**
 * `turnkit serve` killed with SIGKILL mid-game and started again on the same SQLite file: no
 * answer a client was told of is lost, and the game ends with the same responses and state as the
 * same game played without the kill.
 */
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ServeProcess, startServe } from "../../scripts/serve-process.js";
import type { ReplayFile } from "../../src/replay/format.js";
import { createGame, GameClient, playSeat, seededPick, tempDir } from "./helpers.js";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
});

/** Starts `turnkit serve` on a free port; resolves with its URLs once it listens. */
async function serve(db: string): Promise<ServeProcess> {
  const s = await startServe(["--db", db, "--port", "0", "--snapshot-every", "5"]);
  children.push(s.child);
  return s;
}

const server = (url: string, wsUrl: string) => ({ url, wsUrl }) as Parameters<typeof createGame>[0];

async function replay(url: string, id: string): Promise<ReplayFile> {
  return (await (await fetch(`${url}/games/${id}/replay`)).json()) as ReplayFile;
}

describe("turnkit serve: SIGKILL and restart", () => {
  it("loses no response and ends the game as an uninterrupted one", async () => {
    const tmp = tempDir();
    try {
      const db = join(tmp.dir, "games.db");
      let s = await serve(db);
      const body = { preset: "duel-masters", seed: 77 };
      const straight = await createGame(server(s.url, s.wsUrl), body);
      const a = await Promise.all(
        straight.seats.map((x) => GameClient.join(s.wsUrl, { game: straight.id, token: x.token })),
      );
      await Promise.all(a.map((c, i) => playSeat(c, seededPick(i + 40))));
      const whole = await replay(s.url, straight.id);

      const killed = await createGame(server(s.url, s.wsUrl), body);
      const b = await Promise.all(
        killed.seats.map((x) => GameClient.join(s.wsUrl, { game: killed.id, token: x.token })),
      );
      const picks = [seededPick(40), seededPick(41)];
      const before = await Promise.all(b.map((c, i) => playSeat(c, picks[i]!, 37)));
      const told = Math.max(...before.map((m) => m.at(-1)!.responses));
      s.child.kill("SIGKILL");
      await new Promise((r) => s.child.once("exit", r));
      s = await serve(db);
      const c = await Promise.all(
        killed.seats.map((x) => GameClient.join(s.wsUrl, { game: killed.id, token: x.token, since: told })),
      );
      // Every response a client was told of is there.
      expect(c[0]!.welcome!.responses).toBeGreaterThanOrEqual(told);
      await Promise.all(c.map((x, i) => playSeat(x, picks[i]!)));
      const resumed = await replay(s.url, killed.id);
      expect(resumed.responses).toEqual(whole.responses);
      expect(resumed.final).toEqual(whole.final);
      for (const x of [...a, ...b, ...c]) x.close();
      s.child.kill("SIGTERM");
      await new Promise((r) => s.child.once("exit", r));
    } finally {
      tmp.cleanup();
    }
  });
});
