/**
 * Two `turnkit serve --cluster` processes on one PostgreSQL database: a game created on A is played
 * by A while a seat connected to B plays through B; A is killed (SIGKILL) mid-game; B takes the game
 * over once A's lease runs out, and the game ends exactly as the same game played in one process.
 */
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { type ServeProcess, startServe } from "../../scripts/serve-process.js";
import { getPreset } from "../../src/presets/index.js";
import type { ReplayFile } from "../../src/replay/format.js";
import { gameOf } from "../../src/server/create-game.js";
import type { GameRecord } from "../../src/server/store.js";
import { createGame, GameClient, playSeat, seededPick } from "./helpers.js";
import { freshDatabase, HAVE_PG } from "./pg.js";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
});

async function serve(dbUrl: string): Promise<ServeProcess> {
  const s = await startServe(["--cluster", "--lease-ms", "1500", "--port", "0"], {
    TURNKIT_DATABASE_URL: dbUrl,
  });
  children.push(s.child);
  return s;
}

const at = (s: { url: string; wsUrl: string }) => s as unknown as Parameters<typeof createGame>[0];

describe.skipIf(!HAVE_PG)("turnkit serve --cluster: two processes, one killed", () => {
  it("a seat on each process; the owner killed; the other takes over and the game ends as in one process", async () => {
    const db = await freshDatabase();
    try {
      const [a, b] = await Promise.all([serve(db.url), serve(db.url)]);
      const body = { preset: "skirmish", seed: 21 };
      const picks = () => [seededPick(5), seededPick(6)];

      // The same game in one process, straight through.
      const straight = await createGame(at(b), body);
      const s = await Promise.all(
        straight.seats.map((x) => GameClient.join(b.wsUrl, { game: straight.id, token: x.token })),
      );
      const p0 = picks();
      await Promise.all(s.map((c, i) => playSeat(c, p0[i]!)));
      const whole = (await (await fetch(`${b.url}/games/${straight.id}/replay`)).json()) as ReplayFile;

      // Created on A (A owns it); P1 plays through B, P2 through A.
      const game = await createGame(at(a), body);
      const p = picks();
      const p1 = await GameClient.join(b.wsUrl, { game: game.id, token: game.seats[0]!.token });
      const p2 = await GameClient.join(a.wsUrl, { game: game.id, token: game.seats[1]!.token });
      const before = await Promise.all([playSeat(p1, p[0]!, 30), playSeat(p2, p[1]!, 30)]);
      expect(before[0]!.at(-1)!.responses).toBe(30);
      // What B sent P1 is the kernel's view of P1 (B follows the responses A stores).
      const record = { seed: 21, players: ["P1", "P2"], options: {} } as unknown as GameRecord;
      const replayTo = (n: number) => {
        const g = gameOf(getPreset("skirmish"), record);
        for (const [player, choice] of whole.responses.slice(0, n)) g.act({ player, choice });
        return g;
      };
      for (const m of before[0]!) expect(m.view).toEqual(replayTo(m.responses).viewFor(0));

      a.child.kill("SIGKILL");
      await new Promise((r) => a.child.once("exit", r));
      const p2again = await GameClient.join(b.wsUrl, {
        game: game.id,
        token: game.seats[1]!.token,
        since: 30,
      });
      expect(p2again.welcome!.responses).toBe(30);
      p1.welcome = before[0]!.at(-1)!; // P1 goes on from its last update.
      await Promise.all([playSeat(p1, p[0]!), playSeat(p2again, p[1]!)]);
      const resumed = (await (await fetch(`${b.url}/games/${game.id}/replay`)).json()) as ReplayFile;
      expect(resumed.responses).toEqual(whole.responses);
      expect(resumed.final).toEqual(whole.final);
      for (const c of [...s, p1, p2, p2again]) c.close();
      b.child.kill("SIGTERM");
      await new Promise((r) => b.child.once("exit", r));
    } finally {
      await db.drop();
    }
  });
});
