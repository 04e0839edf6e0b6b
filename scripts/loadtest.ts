/**
 * `npm run loadtest -- --games N [--kill-restart] [--db sqlite|postgres] [--json]`: the server
 * under load and faults, on this machine only (127.0.0.1).
 *
 * Starts `turnkit serve` as a child process, creates N games and plays them all at once with two
 * bots each over WebSocket (each bot thinks before answering, as a player would: `--think-ms` on
 * average, spread evenly by `--think-spread` percent either side, so a thousand players don't
 * answer in the same millisecond; `--think-spread 0` makes them). The games start one after
 * another over `--ramp-s` seconds (default five think times; 0: all at once), and the summary says
 * how many were in progress at once at the peak (`peakConcurrent`). With
 * `--kill-restart` the server is killed (SIGKILL) once about half the responses are played, started
 * again on the same database, and every bot joins again from what it had seen. Then it checks:
 * - lost responses: a response a bot was told of that the restarted server does not have;
 * - every game's final state digest equals the same game played straight through in this process
 *   (the bots' choices are a function of the game, seat and decision, so both runs choose alike);
 * - leaks: every message each seat got is exactly the kernel's view of that seat (and the events
 *   as `redactEntry` tells them to it) — nothing more; views depend on no hidden card (the
 *   non-interference property, tests/properties/noninterference.test.ts).
 * Prints one summary (`--json`: games, finished, lostResponses, p50Ms, p99Ms, rssMiB, leaks, …).
 * Bounded: at most 5000 games, and `--timeout-s` (default 600) for the whole run.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import type { Game } from "../src/core/game.js";
import type { LogEntry } from "../src/core/types.js";
import { redactEntry } from "../src/core/view.js";
import { getPreset } from "../src/presets/index.js";
import { stateDigest } from "../src/replay/format.js";
import { GameClient, type ViewMessage } from "../src/server/client.js";
import { gameOf } from "../src/server/create-game.js";
import type { GameRecord } from "../src/server/store.js";
import { type ServeProcess, startServe } from "./serve-process.js";

const { values: flags } = parseArgs({
  options: {
    games: { type: "string", default: "100" },
    "kill-restart": { type: "boolean", default: false },
    db: { type: "string", default: "sqlite" },
    json: { type: "boolean", default: false },
    preset: { type: "string", default: "skirmish" },
    "think-ms": { type: "string", default: "200" },
    "think-spread": { type: "string", default: "50" },
    "ramp-s": { type: "string" },
    "timeout-s": { type: "string", default: "600" },
    "cpu-prof": { type: "string" },
  },
  strict: true,
});

function fail(message: string): never {
  process.stderr.write(`loadtest: ${message}\n`);
  process.exit(2);
}
const int = (name: string, v: string, min: number, max: number) => {
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
    fail(`--${name} ${v}: a whole number from ${min} to ${max}`);
  return Number(v);
};
const N = int("games", flags.games, 1, 5000);
const THINK = int("think-ms", flags["think-ms"], 0, 10_000);
const SPREAD = int("think-spread", flags["think-spread"], 0, 100) / 100;
/** The games start one after another over this long (default: five think times), as players arrive. */
const RAMP_MS = flags["ramp-s"] === undefined ? 5 * THINK : int("ramp-s", flags["ramp-s"], 0, 600) * 1000;
const TIMEOUT = int("timeout-s", flags["timeout-s"], 10, 3600) * 1000;
if (flags.db !== "sqlite" && flags.db !== "postgres") fail(`--db ${flags.db}: sqlite or postgres`);
const preset = getPreset(flags.preset);
const say = (t: string) => {
  if (!flags.json) process.stdout.write(`${t}\n`);
};

/** The bots' choice: a function of the game, the seat and the decision alone (so a retry chooses alike). */
function pick(game: number, seat: number, decision: number, n: number): number {
  return mix(game, seat, decision) % n;
}

/** How long a bot thinks before this answer: THINK ± SPREAD, evenly, the same in every run. */
function thinkMs(game: number, seat: number, decision: number): number {
  const u = mix(game + 101, seat, decision) / 0x1_0000_0000; // [0, 1)
  return Math.round(THINK * (1 - SPREAD + 2 * SPREAD * u));
}

/** A well-mixed 32-bit number of a game, a seat and a decision. */
function mix(game: number, seat: number, decision: number): number {
  let x =
    (Math.imul(game + 1, 0x9e3779b1) ^
      Math.imul(seat + 7, 0x85ebca6b) ^
      Math.imul(decision + 3, 0xc2b2ae35)) >>>
    0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d) >>> 0;
  x ^= x >>> 15;
  return x >>> 0;
}

// ---- the database and the server ------------------------------------------------------------

const tmp = mkdtempSync(join(tmpdir(), "turnkit-loadtest-"));
let dbUrl = join(tmp, "games.db");
let dropDb: (() => Promise<void>) | null = null;
if (flags.db === "postgres") {
  const admin = process.env.TURNKIT_PG_URL ?? "postgres://turnkit:turnkit@127.0.0.1:5432/postgres";
  const name = `turnkit_load_${randomBytes(5).toString("hex")}`;
  const c = new pg.Client({ connectionString: admin });
  await c
    .connect()
    .catch((e: Error) => fail(`PostgreSQL at ${admin.replace(/:[^:@/]*@/, ":…@")}: ${e.message}`));
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  dbUrl = u.toString();
  dropDb = async () => {
    const a = new pg.Client({ connectionString: admin });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
}

type Running = ServeProcess;

/** The load test creates and reads games as the operator: with the admin token, not rate-limited. */
const ADMIN = randomBytes(18).toString("base64url");
const asAdmin = { authorization: `Bearer ${ADMIN}` };

function startServer(): Promise<Running> {
  const prof = flags["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${flags["cpu-prof"]}`] : [];
  return startServe(
    ["--port", "0", "--snapshot-every", "50"],
    { TURNKIT_DATABASE_URL: dbUrl, TURNKIT_ADMIN_TOKEN: ADMIN },
    prof,
  );
}

/** The CPU time the process has used (user and system), in milliseconds. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime, fields 14 and 15 of stat (12 and 13 after the command), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server's resident memory at its peak (VmHWM), in MiB. */
function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

// ---- the bots -------------------------------------------------------------------------------

/** What a seat was sent: per message, the responses it reflects and a digest of its view and events. */
interface Seen {
  responses: number;
  update: boolean;
  view: string;
  events: string;
}

const digest = (v: unknown) => createHash("sha256").update(JSON.stringify(v)).digest("hex");

/** Messages the server refused, by code; connections that closed before their game ended. */
const refused = new Map<string, number>();
let unexpectedCloses = 0;
/** What the bots received over their connections: bytes and messages. */
const received = { bytes: 0, messages: 0 };
let killing = false;
/** Games in progress now (joined, not ended), and the most at once. */
let liveGames = 0;
let peakConcurrent = 0;
let currentWsUrl = "";

class Bot {
  client: GameClient | null = null;
  seen: Seen[] = [];
  /** The most responses this seat was told of. */
  told = 0;
  acted = -1;
  sentAt = 0;
  sentWith = -1;
  end: ViewMessage["end"] = null;
  done: Promise<void> = Promise.resolve();
  private finish: () => void = () => {};
  constructor(
    readonly game: number,
    readonly id: string,
    readonly seat: number,
    readonly token: string,
    readonly latencies: number[],
  ) {
    this.done = new Promise((r) => {
      this.finish = r;
    });
  }

  async join(wsUrl: string): Promise<void> {
    const c = await GameClient.join(wsUrl, {
      game: this.id,
      token: this.token,
      ...(this.told > 0 ? { since: this.told } : {}),
    });
    this.client = c;
    this.acted = -1;
    this.handle(c.welcome!, false);
    void this.loop(c);
  }

  private async loop(c: GameClient): Promise<void> {
    for (;;) {
      const m = await c.next();
      if (!m) break;
      if (m.type === "update" || m.type === "view") this.handle(m, m.type === "update");
      else if (m.type === "error") {
        refused.set(m.code, (refused.get(m.code) ?? 0) + 1);
        process.stderr.write(`loadtest: game ${this.game} P${this.seat + 1}: ${m.code}: ${m.message}\n`);
      }
    }
    received.bytes += c.bytesReceived;
    received.messages += c.messagesReceived;
    // Closed without the end, and not by the kill: joined again from what it had seen.
    if (!this.end && !killing && this.client === c) {
      unexpectedCloses++;
      await new Promise((r) => setTimeout(r, 200));
      if (!killing && this.client === c) await this.join(currentWsUrl).catch(() => {});
    }
  }

  private handle(m: ViewMessage, update: boolean): void {
    this.seen.push({ responses: m.responses, update, view: digest(m.view), events: digest(m.events) });
    this.told = Math.max(this.told, m.responses);
    if (this.sentWith >= 0 && m.responses > this.sentWith) {
      this.latencies.push(performance.now() - this.sentAt);
      this.sentWith = -1;
    }
    if (m.end) {
      if (!this.end && this.seat === 0) liveGames--;
      this.end = m.end;
      this.client?.close();
      this.finish();
      return;
    }
    const d = m.view.decision;
    if (d && "options" in d && d.player === this.seat && d.id !== this.acted) {
      this.acted = d.id;
      const choice = d.options[pick(this.game, this.seat, d.id, d.options.length)]!.id;
      const answer = () => {
        this.sentAt = performance.now();
        this.sentWith = m.responses;
        this.client?.act(d.id, choice);
      };
      if (THINK > 0) setTimeout(answer, thinkMs(this.game, this.seat, d.id));
      else answer();
    }
  }
}

// ---- the run --------------------------------------------------------------------------------

const started = Date.now();
const deadline = setTimeout(() => {
  process.stderr.write(`loadtest: stopped after --timeout-s ${TIMEOUT / 1000}\n`);
  cleanup().finally(() => process.exit(1));
}, TIMEOUT);
let server: Running | null = null;

async function cleanup(): Promise<void> {
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGTERM");
    await new Promise((r) => server!.child.once("exit", r));
  }
  await dropDb?.().catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
}

try {
  server = await startServer();
  say(`loadtest: ${N} games of ${preset.id} on ${server.url}, database ${flags.db}`);
  const latencies: number[] = [];
  const bots: Bot[] = [];
  const ids: string[] = [];
  for (let g = 0; g < N; g++) {
    const res = await fetch(`${server.url}/games`, {
      method: "POST",
      headers: { "content-type": "application/json", ...asAdmin },
      body: JSON.stringify({ preset: preset.id, seed: g + 1 }),
    });
    if (res.status !== 201) throw new Error(`creating game ${g}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { id: string; seats: { token: string }[] };
    ids.push(body.id);
    for (const [seat, s] of body.seats.entries()) bots.push(new Bot(g, body.id, seat, s.token, latencies));
  }
  const wsUrl = server.wsUrl;
  currentWsUrl = wsUrl;
  // Game g's bots join at g/N of the ramp: the games start one after another.
  const rampStart = performance.now();
  const joins: Promise<void>[] = [];
  const botsOf = new Map<number, Bot[]>();
  for (const b of bots) botsOf.set(b.game, [...(botsOf.get(b.game) ?? []), b]);
  for (let g = 0; g < N; g++) {
    const wait = rampStart + (g / N) * RAMP_MS - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    liveGames++;
    peakConcurrent = Math.max(peakConcurrent, liveGames);
    joins.push(...(botsOf.get(g) ?? []).map((b) => b.join(wsUrl)));
  }
  await Promise.all(joins);
  say(`loadtest: ${bots.length} bots joined over ${RAMP_MS / 1000} s`);
  const cpuAtStart = cpuMs(server.child.pid!);
  const botsCpuAtStart = process.cpuUsage();
  let cpuBefore = 0;
  const loads: number[] = [loadavg()[0]!];

  const progress = setInterval(() => {
    loads.push(loadavg()[0]!);
    const ended = bots.filter((b) => b.end).length / 2;
    process.stderr.write(
      `loadtest: ${Math.round((Date.now() - started) / 1000)} s: ${latencies.length} answers, ${ended}/${N} games ended\n`,
    );
  }, 15_000);
  progress.unref();
  let lostResponses = 0;
  let restarts = 0;
  if (flags["kill-restart"]) {
    // Kill once about half the responses of a typical game are played in every game.
    const half = N * 35;
    while (bots.reduce((n, b) => n + (b.seat === 0 ? b.told : 0), 0) < half && !bots.every((b) => b.end))
      await new Promise((r) => setTimeout(r, 50));
    const told = bots.map((b) => b.told);
    killing = true;
    cpuBefore = cpuMs(server.child.pid!) - cpuAtStart;
    server.child.kill("SIGKILL");
    await new Promise((r) => server!.child.once("exit", r));
    say("loadtest: server killed (SIGKILL); starting it again");
    server = await startServer();
    restarts++;
    const url2 = server.wsUrl;
    currentWsUrl = url2;
    const live = bots.filter((b) => !b.end);
    for (let i = 0; i < live.length; i += 200)
      await Promise.all(live.slice(i, i + 200).map((b) => b.join(url2)));
    for (const [i, b] of bots.entries()) {
      const welcome = b.end ? null : b.client?.welcome;
      if (welcome) lostResponses += Math.max(0, told[i]! - welcome.responses);
    }
  }
  await Promise.all(bots.map((b) => b.done));
  clearInterval(progress);
  const botsCpu = process.cpuUsage(botsCpuAtStart);
  const rssMiB = peakRss(server.child.pid!);
  // The server's CPU while the games were played (a restarted server's from its start).
  const serverCpuMs = cpuBefore + cpuMs(server.child.pid!) - (restarts > 0 ? 0 : cpuAtStart);
  loads.push(loadavg()[0]!);
  const playMs = Date.now() - started;
  say(`loadtest: every game ended (${(playMs / 1000).toFixed(1)} s); checking`);

  // Every game as it would be played straight through here, and every message against the views.
  let finished = 0;
  let sameState = 0;
  let leaks = 0;
  let checked = 0;
  const seatsOf = new Map<number, Bot[]>();
  for (const b of bots) seatsOf.set(b.game, [...(seatsOf.get(b.game) ?? []), b]);
  for (let g = 0; g < N; g++) {
    const res = await fetch(`${server.url}/games/${ids[g]}/replay`, { headers: asAdmin });
    const file = res.status === 200 ? ((await res.json()) as { final: { sha256: string } }) : null;
    if (file) finished++;
    const record = { seed: g + 1, players: ["P1", "P2"], options: {} } as unknown as GameRecord;
    const game: Game = gameOf(preset, record);
    const views = new Map<number, { view: string[]; events: string[] }>();
    let n = 0;
    const note = (logFrom: number) => {
      views.set(n, {
        view: [0, 1].map((s) => digest(game.viewFor(s))),
        events: [0, 1].map((s) =>
          digest(
            game.state.log
              .slice(logFrom)
              .map((e: LogEntry) => redactEntry(game, e, s))
              .filter((e) => e !== null),
          ),
        ),
      });
    };
    note(game.state.log.length);
    while (!game.over) {
      const d = game.decision!;
      const from = game.state.log.length;
      game.act({ player: d.player, choice: d.options[pick(g, d.player, d.id, d.options.length)]!.id });
      n++;
      note(from);
    }
    if (file && file.final.sha256 === stateDigest(game)) sameState++;
    for (const b of seatsOf.get(g)!)
      for (const m of b.seen) {
        const want = views.get(m.responses);
        checked++;
        if (!want || want.view[b.seat] !== m.view || (m.update && want.events[b.seat] !== m.events)) leaks++;
      }
  }
  latencies.sort((x, y) => x - y);
  const q = (p: number) =>
    latencies.length
      ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]! * 10) / 10
      : 0;
  const summary = {
    games: N,
    finished,
    sameStateAsUninterrupted: sameState,
    lostResponses,
    restarts,
    responses: latencies.length,
    p50Ms: q(0.5),
    p99Ms: q(0.99),
    maxMs: q(1),
    thinkMs: THINK,
    thinkSpread: SPREAD,
    rampS: RAMP_MS / 1000,
    peakConcurrent,
    bytesPerMessage: received.messages ? Math.round(received.bytes / received.messages) : 0,
    rssMiB,
    serverCpuMsPerResponse: latencies.length ? Math.round((serverCpuMs / latencies.length) * 100) / 100 : 0,
    serverCpuShare: Math.round((serverCpuMs / playMs) * 100) / 100,
    /** This process's (the bots') CPU while the games were played, as a share of one core. */
    botsCpuShare: Math.round(((botsCpu.user + botsCpu.system) / 1000 / playMs) * 100) / 100,
    loadAverage: { min: Math.min(...loads), max: Math.max(...loads) },
    leaks,
    messagesChecked: checked,
    refused: Object.fromEntries(refused),
    unexpectedCloses,
    db: flags.db,
    preset: preset.id,
    seconds: Math.round(playMs / 100) / 10,
  };
  if (flags.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else
    say(
      `loadtest: ${finished}/${N} games finished, ${sameState} with the state of an uninterrupted run; ${lostResponses} responses lost; ` +
        `answer→update p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms (${summary.responses} answers, think ${THINK} ms ± ${Math.round(SPREAD * 100)} %); ` +
        `at most ${peakConcurrent} games at once (started over ${RAMP_MS / 1000} s); server peak RSS ${rssMiB} MiB; ${leaks} leaks in ${checked} messages`,
    );
  clearTimeout(deadline);
  await cleanup();
  const ok = finished === N && sameState === N && lostResponses === 0 && leaks === 0;
  process.exit(ok ? 0 : 1);
} catch (e) {
  process.stderr.write(
    `loadtest: ${process.env.TURNKIT_DEBUG ? (e as Error).stack : (e as Error).message}\n`,
  );
  await cleanup();
  process.exit(1);
}
