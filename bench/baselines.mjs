#!/usr/bin/env node
/**
 * `npm run bench -- --baseline [--json] [--quick | --smoke] [--warm CPU-SECONDS] [--presets a,b]
 * [--reps N]`: the current code (dist/) beside 409b4f1 and d9cc967 in one run, and beside Pokémon
 * Showdown. `--presets` measures some presets only (the kernel's figures and Showdown's all the
 * same); `--reps` sets the number of interleaved repetitions (full: 5).
 *
 * Each baseline is built once into bench/.baseline/SHA (bench/baseline-build.mjs). Random games
 * per preset between random legal agents, full log, the same seeds on every engine: each baseline
 * on its own sample decks, the current code on its own decks and on each baseline's deck lists
 * (made beforehand in a process of their own: bench/deck-lists.mjs).
 * Every measurement runs in its own process (bench/child.mjs), CPU time, JIT warmed; repetitions
 * interleave every job (bench/children.mjs); medians and min–max spreads (bench/baseline-report.mjs).
 * Beside them: the turn skeleton and boardgame.io's reducer, restore against structuredClone and the
 * copies `act` makes, simulate on 2 workers against 1, a process's first 0.5 CPU-second, and gen1
 * random battles of Pokémon Showdown (bench/showdown.mjs).
 */
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { prepareBaseline } from "./baseline-build.mjs";
import {
  BASELINE_PRESETS,
  BASELINES,
  baselineJobs,
  buildBaselineResult,
  formatBaselineTables,
  parseBaselineArgs,
  runSizes,
} from "./baseline-report.mjs";
import { interleave } from "./children.mjs";
import { deckListsDir, deckListsFile } from "./deck-lists.mjs";
import { benchPackageVersion } from "./workloads.mjs";

/** `{ default: 8, magic: 20 }` → "8 CPU-s (magic 20)". */
const warmWords = ({ default: d, ...by }) => {
  const rest = Object.entries(by).map(([k, v]) => `${k} ${v}`);
  return `${d} CPU-s${rest.length ? ` (${rest.join(", ")})` : ""}`;
};

const root = fileURLToPath(new URL("..", import.meta.url));
let opts;
try {
  opts = parseBaselineArgs(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`bench --baseline: ${e.message}\n`);
  process.exit(2);
}
const log = (s) => {
  if (!opts.json) process.stdout.write(`${s}\n`);
};

const dists = { head: join(root, "dist") };
for (const sha of BASELINES) dists[sha] = prepareBaseline(sha, log);
const sizes = runSizes(opts.size, opts.warmSec, opts.reps);
// The presets measured (--presets: some of them; the kernel's figures and Showdown's come all the same).
const presets = opts.presets ?? BASELINE_PRESETS;
// Each baseline's deck lists, made once in a process of their own (bench/deck-lists.mjs).
const listsDir = deckListsDir();
const lists = Object.fromEntries(
  BASELINES.map((sha) => [
    sha,
    Object.fromEntries(
      presets.map((preset) => [preset, deckListsFile(listsDir, dists[sha], preset, sizes.games(preset))]),
    ),
  ]),
);
const jobs = baselineJobs({ presets, shas: BASELINES, dists, sizes, lists });
const machine = `${cpus()[0]?.model ?? "?"} × ${cpus().length}`;
log(
  `turnkit --baseline (${opts.size}): head against ${BASELINES.join(", ")} and Pokémon Showdown · node ${process.version} · ${machine} · CPU time, median of ${sizes.reps} interleaved repetitions, each process warmed ${warmWords(sizes.warmSec)}`,
);

/** The commit measured (`+changes` when the work tree differs from it); null outside a git checkout. */
function measuredCommit() {
  const git = (...a) => spawnSync("git", a, { cwd: root, encoding: "utf8" });
  const head = git("rev-parse", "--short", "HEAD");
  if (head.status !== 0) return null;
  const changed = git("status", "--porcelain", "--untracked-files=no").stdout.trim() !== "";
  return `${head.stdout.trim()}${changed ? "+changes" : ""}`;
}
const commit = measuredCommit();

const loads = [loadavg()[0]];
const started = performance.now();
const total = jobs.length * sizes.reps;
let done = 0;
const runs = interleave(jobs, sizes.reps, (key, rep) => {
  loads.push(loadavg()[0]);
  done++;
  if (process.stderr.isTTY)
    process.stderr.write(`\r${done}/${total}: repetition ${rep + 1}, ${key}`.padEnd(70));
});
loads.push(loadavg()[0]);
if (process.stderr.isTTY) process.stderr.write("\n");

const result = buildBaselineResult({
  runs,
  presets,
  shas: BASELINES,
  meta: {
    commit,
    size: opts.size,
    presets,
    machine,
    node: process.version,
    showdownVersion: benchPackageVersion("pokemon-showdown"),
    boardgameIoVersion: benchPackageVersion("boardgame.io"),
    reps: sizes.reps,
    warmSec: sizes.warmSec,
    minutes: Number(((performance.now() - started) / 60_000).toFixed(1)),
    loadAverage: {
      min: Math.min(...loads),
      max: Math.max(...loads),
      mean: Number((loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(2)),
    },
  },
});
if (opts.json) process.stdout.write(`${JSON.stringify(result)}\n`);
else {
  log(`\n${formatBaselineTables(result, BASELINES)}`);
  const l = result.loadAverage;
  log(
    `\n${result.minutes} minutes; 1-minute load average ${l.min.toFixed(1)}–${l.max.toFixed(1)} (mean ${l.mean}) on ${cpus().length} cores`,
  );
}
