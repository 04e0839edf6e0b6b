#!/usr/bin/env node
/**
 * Workload "agents": the ISMCTS agent's strength and cost, per preset.
 *
 *   node bench/agents.mjs [--games N] [--iterations K] [--rollout R] [--presets a,b] [--opponents random,half]
 *                         [--workers W] [--seed S] [--src] [--json]
 *
 * For each preset: the ISMCTS agent (`ismcts:K`) against the random agent over N games, and
 * against itself with half the budget (`ismcts:K/2`) over N games. Seats alternate: the same seeds
 * are played once with the agent as P1 and once as P2 (N/2 each), so each deal is played from
 * both sides. Win rates with 95 % Wilson intervals (a draw or a capped game is not a win), and the
 * process's CPU time (worker threads included) beside the wall time: this machine may be shared.
 * Games run through `simulate()` with agent specs, on every core by default.
 *
 * Defaults: N = 200, K = 100, R = 20 (playouts of at most R responses, then scored by the agent's
 * public evaluation), every built-in preset. The half budget is K/2 iterations, same R. Cost at the
 * defaults on 2 cores: ~6 min Duel Masters, ~8 min Yu-Gi-Oh!, ~18 min Magic per match of 200 games.
 * Runs on the built package (dist/: `npx tsup`); `--src` runs the sources through tsx instead.
 */
import { cpus } from "node:os";

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = args[i + 1];
  if (v === undefined || v.startsWith("--")) {
    process.stderr.write(`bench/agents: --${name} needs a value\n`);
    process.exit(2);
  }
  return v;
};
const int = (name, fallback, min) => {
  const raw = flag(name, undefined);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`bench/agents: --${name} must be an integer ≥ ${min}, not "${raw}"\n`);
    process.exit(2);
  }
  return n;
};

const games = int("games", 200, 2);
const iterations = int("iterations", 100, 2);
const rollout = int("rollout", 20, 1);
const seed = int("seed", 1, 0);
const workers = int("workers", undefined, 0);
const json = args.includes("--json");

async function load() {
  if (args.includes("--src")) {
    const { tsImport } = await import("tsx/esm/api");
    const sim = await tsImport("../src/simulate/index.ts", import.meta.url);
    const presets = await tsImport("../src/presets/index.ts", import.meta.url);
    return { ...sim, ...presets };
  }
  const sim = await import("../dist/simulate/index.js");
  const presets = await import("../dist/presets/index.js");
  return { ...sim, ...presets };
}
const { simulate, wilson, presetIds } = await load();
const presets = (flag("presets", undefined)?.split(",") ?? presetIds()).map((p) => p.trim());
for (const p of presets)
  if (!presetIds().includes(p)) {
    process.stderr.write(`bench/agents: no preset "${p}"; the presets are ${presetIds().join(", ")}\n`);
    process.exit(2);
  }

const opponents = (flag("opponents", undefined)?.split(",") ?? ["random", "half"]).map((o) => o.trim());
for (const o of opponents)
  if (o !== "random" && o !== "half") {
    process.stderr.write(`bench/agents: --opponents takes random and/or half, not "${o}"\n`);
    process.exit(2);
  }

const log = (s) => {
  if (!json) process.stdout.write(`${s}\n`);
};

/** `agent` against `other` over `n` games: n/2 seeds with the agent as P1, the same seeds as P2. */
async function match(preset, agent, other, n) {
  const half = Math.ceil(n / 2);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let wins = 0;
  let draws = 0;
  let capped = 0;
  let errors = 0;
  let played = 0;
  let responses = 0;
  for (const [seat, count] of [
    [0, half],
    [1, n - half],
  ]) {
    if (count === 0) continue;
    const agents = seat === 0 ? [agent, other] : [other, agent];
    const r = await simulate({
      preset,
      games: count,
      seed,
      agents,
      ...(workers !== undefined ? { workers } : {}),
    });
    wins += r.seats[seat].wins;
    draws += r.draws;
    capped += r.capped;
    errors += r.errors;
    played += r.games;
    responses += (r.length.responses.mean ?? 0) * r.finished;
  }
  const cpu = process.cpuUsage(cpu0);
  const ci = wilson(wins, played);
  return {
    preset,
    agent,
    opponent: other,
    games: played,
    wins,
    draws,
    capped,
    errors,
    winRate: wins / played,
    low: ci.low,
    high: ci.high,
    meanResponses: responses / Math.max(1, played - capped - errors),
    wallSeconds: (performance.now() - t0) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

const agent = `ismcts:${iterations}:rollout=${rollout}`;
const halfAgent = `ismcts:${Math.max(1, Math.floor(iterations / 2))}:rollout=${rollout}`;
log(
  `turnkit agents bench · ${agent} vs ${opponents.map((o) => (o === "half" ? halfAgent : "random")).join(" and vs ")} · ${games} games per match, seats alternating · node ${process.version} · ${cpus()[0]?.model ?? "?"} × ${cpus().length}`,
);
const rows = [];
for (const preset of presets) {
  for (const other of opponents.map((o) => (o === "half" ? halfAgent : "random"))) {
    const row = await match(preset, agent, other, games);
    rows.push(row);
    log(
      `  ${preset}: ${agent} vs ${other}: ${row.wins}/${row.games} in ${row.wallSeconds.toFixed(1)} s wall, ${row.cpuSeconds.toFixed(1)} s CPU`,
    );
  }
}

if (json) process.stdout.write(`${JSON.stringify({ iterations, rollout, games, seed, rows })}\n`);
else {
  const pct = (x) => `${(x * 100).toFixed(1)} %`;
  log(`\nISMCTS (${agent}) win rate, 95 % Wilson interval; draws and capped games are not wins`);
  log(
    "| preset | opponent | games | wins | win rate | 95 % CI | draws | capped | errors | CPU s | CPU ms/game |",
  );
  log("|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|");
  for (const r of rows)
    log(
      `| ${r.preset} | ${r.opponent} | ${r.games} | ${r.wins} | ${pct(r.winRate)} | ${pct(r.low)} – ${pct(r.high)} | ${r.draws} | ${r.capped} | ${r.errors} | ${r.cpuSeconds.toFixed(1)} | ${((r.cpuSeconds * 1000) / r.games).toFixed(0)} |`,
    );
}
if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
