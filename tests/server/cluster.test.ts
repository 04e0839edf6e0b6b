/**
 * Two `turnkit serve --cluster` processes on one PostgreSQL database: a game created on A is played
 * by A while a seat connected to B plays through B. Either dies (SIGKILL) mid-game: A, the owner —
 * B takes the game over once A's lease runs out — or B — its seat reconnects to A. Either way the
 * game ends exactly as the same game played in one process.
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

const SEED = 21;
const picks = () => [seededPick(5), seededPick(6)];

/** The game played straight through on one process: its replay. */
async function straightThrough(s: ServeProcess): Promise<ReplayFile> {
  const straight = await createGame(at(s), { preset: "skirmish", seed: SEED });
  const seats = await Promise.all(
    straight.seats.map((x) => GameClient.join(s.wsUrl, { game: straight.id, token: x.token })),
  );
  const p = picks();
  await Promise.all(seats.map((c, i) => playSeat(c, p[i]!)));
  for (const c of seats) c.close();
  return (await (await fetch(`${s.url}/games/${straight.id}/replay`)).json()) as ReplayFile;
}

/**
 * Created on A (A owns it); P1 plays through B, P2 through A, 30 responses; then `kill` dies, the
 * seat connected to it joins the survivor, and both play to the end: the replay the survivor
 * serves equals the game played in one process.
 */
async function oneDies(kill: "owner" | "relay"): Promise<void> {
  const db = await freshDatabase();
  try {
    const [a, b] = await Promise.all([serve(db.url), serve(db.url)]);
    const whole = await straightThrough(b);
    const game = await createGame(at(a), { preset: "skirmish", seed: SEED });
    const p = picks();
    const p1 = await GameClient.join(b.wsUrl, { game: game.id, token: game.seats[0]!.token });
    const p2 = await GameClient.join(a.wsUrl, { game: game.id, token: game.seats[1]!.token });
    const before = await Promise.all([playSeat(p1, p[0]!, 30), playSeat(p2, p[1]!, 30)]);
    expect(before[0]!.at(-1)!.responses).toBe(30);
    // What B sent P1 is the kernel's view of P1 (B follows the responses A stores).
    const record = { seed: SEED, players: ["P1", "P2"], options: {} } as unknown as GameRecord;
    const replayTo = (n: number) => {
      const g = gameOf(getPreset("skirmish"), record);
      for (const [player, choice] of whole.responses.slice(0, n)) g.act({ player, choice });
      return g;
    };
    for (const m of before[0]!) expect(m.view).toEqual(replayTo(m.responses).viewFor(0));

    const [dead, survivor] = kill === "owner" ? [a, b] : [b, a];
    dead.child.kill("SIGKILL");
    await new Promise((r) => dead.child.once("exit", r));
    // The seat that was connected to the dead process joins the survivor from its last update;
    // the other goes on from its own last update on its connection.
    const [lost, kept] = kill === "owner" ? [1, 0] : [0, 1];
    const rejoined = await GameClient.join(survivor.wsUrl, {
      game: game.id,
      token: game.seats[lost]!.token,
      since: 30,
    });
    expect(rejoined.welcome!.responses).toBe(30);
    const keptClient = kept === 0 ? p1 : p2;
    keptClient.welcome = before[kept]!.at(-1)!;
    const clients = kept === 0 ? [keptClient, rejoined] : [rejoined, keptClient];
    await Promise.all(clients.map((c, i) => playSeat(c, p[i]!)));
    const resumed = (await (await fetch(`${survivor.url}/games/${game.id}/replay`)).json()) as ReplayFile;
    expect(resumed.responses).toEqual(whole.responses);
    expect(resumed.final).toEqual(whole.final);
    for (const c of [p1, p2, rejoined]) c.close();
    survivor.child.kill("SIGTERM");
    await new Promise((r) => survivor.child.once("exit", r));
  } finally {
    await db.drop();
  }
}

describe.skipIf(!HAVE_PG)("turnkit serve --cluster: two processes, one killed", () => {
  it("a seat on each process; the owner killed; the other takes over and the game ends as in one process", () =>
    oneDies("owner"));

  it("a seat on each process; the other one killed; its seat joins the owner and the game ends as in one process", () =>
    oneDies("relay"));
});
