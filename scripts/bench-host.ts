/**
 * Steps per second of random games through the stdio host against the same work in-process:
 *
 *   npx tsx scripts/bench-host.ts [--game duel-masters] [--steps 20000] [--warm 20000] [--batch 64] [--dist]
 *
 * - kernel: `game.act` with a uniformly random option, nothing else (the ceiling);
 * - in-process host: src/agents/host.ts's Host called directly (a step and its observation: the
 *   player's view, canonical options, features), one game, then `--batch` games per batch message;
 * - stdio host: the same messages as JSON lines to `turnkit host --stdio` in a child process
 *   (sources through tsx, or dist/cli/main.js with --dist), one game, then batched.
 * A step is one response of one game; games that end are reset with the next seed. Every row first
 * plays `--warm` steps unmeasured in the process that plays, so the JIT is warm when the clock
 * starts (the kernel row included: it no longer pays for the others' cold start). Each line
 * gives steps per second of wall time and per second of CPU time of the process that plays (the
 * host's own process for the stdio host, read from /proc): on a shared machine the second is the
 * steadier number.
 */

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { HOST_PROTOCOL, Host } from "../src/agents/host.js";
import { Game } from "../src/core/game.js";
import { nextInt, seedRng } from "../src/core/rng.js";
import { getPreset } from "../src/presets/index.js";

const { values } = parseArgs({
  options: {
    game: { type: "string", default: "duel-masters" },
    steps: { type: "string", default: "20000" },
    warm: { type: "string", default: "20000" },
    batch: { type: "string", default: "64" },
    dist: { type: "boolean", default: false },
  },
});
const game = values.game!;
const STEPS = Number(values.steps);
const WARM = Number(values.warm);
const BATCH = Number(values.batch);
const preset = getPreset(game);

type Reply = {
  type: string;
  count: number;
  done: boolean;
  replies?: Reply[];
  code?: string;
  message?: string;
};

/** A session: send one message, get its reply. */
type Send = (m: object) => Promise<Reply>;

interface Rate {
  wall: number;
  cpu: number;
}

/** CPU seconds used so far by this process, or by the process `pid` (Linux /proc). */
function cpuSeconds(pid?: number): number {
  if (pid === undefined) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

function kernel(): Rate {
  const rng = seedRng("bench");
  let seed = 0;
  let g = Game.create(preset, { seed: seed++, logging: "none" }).run();
  const play = (n: number): void => {
    for (let steps = 0; steps < n; steps++) {
      if (g.over) g = Game.create(preset, { seed: seed++, logging: "none" }).run();
      const d = g.state.decision!;
      g.act({ player: d.player, choice: d.options[nextInt(rng, d.options.length)]!.id });
    }
  };
  play(WARM);
  const c0 = cpuSeconds();
  const t0 = performance.now();
  play(STEPS);
  return { wall: (STEPS / (performance.now() - t0)) * 1000, cpu: STEPS / (cpuSeconds() - c0) };
}

async function run(send: Send, batch: number, pid?: number): Promise<Rate> {
  const rng = seedRng("bench");
  let seed = 0;
  const ids = Array.from({ length: batch }, (_, i) => `g${i}`);
  const check = (r: Reply): Reply => {
    if (r.type === "error") throw new Error(`${r.code}: ${r.message}`);
    return r;
  };
  await send({ type: "hello", protocol: HOST_PROTOCOL });
  const reset = (id: string) => ({ type: "reset", id, game, seed: seed++ });
  const last = new Map<string, Reply>();
  if (batch === 1) last.set("g0", check(await send(reset("g0"))));
  else {
    const replies = check(await send({ type: "batch", messages: ids.map(reset) })).replies ?? [];
    for (const [i, r] of replies.entries()) last.set(ids[i]!, check(r));
  }
  /** Plays batches until `n` steps are played; the steps played. */
  const play = async (n: number): Promise<number> => {
    let steps = 0;
    while (steps < n) {
      const msgs = ids.map((id) => {
        const r = last.get(id)!;
        return r.done ? reset(id) : { type: "step", id, action: nextInt(rng, r.count) };
      });
      steps += msgs.filter((m) => m.type === "step").length;
      const replies =
        batch === 1 ? [await send(msgs[0]!)] : check(await send({ type: "batch", messages: msgs })).replies!;
      for (const [i, r] of replies.entries()) last.set(ids[i]!, check(r));
    }
    return steps;
  };
  await play(WARM);
  const t0 = performance.now();
  const c0 = cpuSeconds(pid);
  const steps = await play(STEPS);
  return { wall: (steps / (performance.now() - t0)) * 1000, cpu: steps / (cpuSeconds(pid) - c0) };
}

function inProcess(): Send {
  const host = new Host({ presetOf: getPreset });
  return async (m) => JSON.parse(host.handleLine(JSON.stringify(m))) as Reply;
}

function child(): { send: Send; close: () => void; pid: number } {
  const args = values.dist
    ? ["dist/cli/main.js", "host", "--stdio"]
    : ["--import", "tsx", "src/cli/main.ts", "host", "--stdio"];
  const p = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: p.stdout! })[Symbol.asyncIterator]();
  return {
    send: async (m) => {
      p.stdin!.write(`${JSON.stringify(m)}\n`);
      const r = await lines.next();
      if (r.done) throw new Error("the host exited");
      return JSON.parse(r.value) as Reply;
    },
    close: () => p.stdin!.end(),
    pid: p.pid!,
  };
}

const n = (x: number) => Math.round(x).toLocaleString("en");
const fmt = (r: Rate) => `${n(r.wall)} steps/s wall, ${n(r.cpu)} steps per CPU second`;
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(
  `${game}: ${STEPS} random steps each after ${WARM} to warm up · node ${process.version} · load ${load}`,
);
console.log(`kernel alone (act):           ${fmt(kernel())}`);
console.log(`in-process host, 1 game:      ${fmt(await run(inProcess(), 1))}`);
console.log(`in-process host, ${BATCH} games:    ${fmt(await run(inProcess(), BATCH))}`);
for (const b of [1, BATCH]) {
  const c = child();
  console.log(
    `stdio host, ${b === 1 ? "1 game: " : `${b} games:`}         ${fmt(await run(c.send, b, c.pid))}`,
  );
  c.close();
}
