#!/usr/bin/env node
/**
 * Workload "search": the current engine ("today") side by side with a baseline commit in one
 * run, on the same machine, CPU time (process.cpuUsage), JIT warmed before every timing (each child
 * runs its workload for --warm CPU-seconds first, default 4; 0.5 with --quick).
 *
 *   node bench/search.mjs [--baseline SHA] [--quick] [--json] [--warm CPU-SECONDS] [--games-only]
 *
 * The baseline is any earlier commit. d9cc967 (the default) is the engine before the specialised
 * state copier, the trigger index and memo scopes, and before Magic's coloured mana, keywords,
 * tokens and attachments (its games are shorter: fewer rules, fewer decisions); 409b4f1 has those
 * rules but not the copier, index and scopes; 413bda4 has both, and not the kernel's model of time
 * and events (relative durations, exemptions, tap and counter events, batches, turn control).
 * Per response, a baseline with the same rules compares like for like. The baseline is extracted
 * with `git archive` into bench/.baseline/SHA, installed and built there once (`npm ci`,
 * `npx tsup`: bench/baseline-build.mjs); today's engine is dist/ (`npx tsup`). Each figure is
 * measured in a child process per engine (bench/child.mjs running bench/workloads.mjs: no JIT or
 * heap shared between the two), engines alternating, the median of the repetitions kept:
 * - random games per preset: whole games between random legal agents, full log — the baseline on
 *   its own sample decks, today's engine on the *same deck lists* (read from the baseline's games
 *   in a process of their own: bench/deck-lists.mjs) and on its own sample decks;
 * - state copies: a mid-game Duel Masters state (60 random responses, seed 5): structuredClone of
 *   it, snapshot and restore, and its serialized size;
 * - MCTS iterations per second from a mid-game position (halfway through a random game of seed
 *   11, in each engine), per preset: plain UCT over the real state written against the API both
 *   engines share (restore the root, descend by UCB, expand one, random playout of at most 100
 *   responses, back up win/loss) — the cost search pays for state and actions — with the responses
 *   per iteration and per second (positions differ between engines: responses per second compares
 *   them fairly); today's ISMCTS agent (determinizations) beside it;
 * - `simulate` with 2 workers against 1 (today's engine only: the baseline has no simulate).
 */
import { cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { prepareBaseline } from "./baseline-build.mjs";
import { sideBySide } from "./children.mjs";
import { deckListsDir, deckListsFile } from "./deck-lists.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};

const baseline = flag("baseline", "d9cc967");
const quick = args.includes("--quick");
const json = args.includes("--json");
const log = (s) => {
  if (!json) process.stdout.write(`${s}\n`);
};

const base = prepareBaseline(baseline, log);
const today = join(root, "dist");
const reps = quick ? 1 : 3;
// CPU-seconds each child spends warming the JIT before it times anything (--warm S to change).
const warmSec = Number(flag("warm", quick ? "0.5" : "4"));
const presets = ["duel-masters", "duel-masters-play", "yugioh", "magic", "lab", "skirmish"];
// The baseline's deck lists, made in a process of their own (bench/deck-lists.mjs).
const listsDir = deckListsDir();
const f = (x, d = 1) => (x >= 100 ? x.toFixed(0) : x.toFixed(d));
const result = { baseline, machine: `${cpus()[0]?.model ?? "?"} × ${cpus().length}`, node: process.version };

log(
  `turnkit search bench: today against ${baseline} · node ${process.version} · ${result.machine} · CPU time, median of ${reps}, each child warmed ${warmSec} CPU-s first`,
);

result.games = {};
log("\nRandom games per CPU-second (full log; actions per game beside) and actions per CPU-second");
log(
  `| preset | ${baseline} | today, same deck lists | games/s × | ${baseline} actions/s | today actions/s | actions/s × | today, its own decks |`,
);
log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const preset of presets) {
  const games = quick ? 20 : preset.startsWith("magic") || preset === "yugioh" ? 60 : 200;
  const r = sideBySide(
    "games",
    { preset, games, warmSec },
    [
      ["base", { dist: base }],
      ["same", { dist: today, listsFile: deckListsFile(listsDir, base, preset, games) }],
      ["own", { dist: today }],
    ],
    reps,
  );
  result.games[preset] = r;
  const show = (x) => `${f(x.gamesPerCpuSec)} (${f(x.actionsPerGame, 0)})`;
  log(
    `| ${preset} | ${show(r.base)} | ${show(r.same)} | ${(r.same.gamesPerCpuSec / r.base.gamesPerCpuSec).toFixed(2)}× | ${f(r.base.actionsPerCpuSec)} | ${f(r.same.actionsPerCpuSec)} | ${(r.same.actionsPerCpuSec / r.base.actionsPerCpuSec).toFixed(2)}× | ${show(r.own)} |`,
  );
}

// `--games-only`: the per-response comparison alone (random games on the same deck lists).
if (args.includes("--games-only")) {
  if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

const copies = sideBySide(
  "copies",
  { reps: quick ? 300 : 2000, warmSec },
  [
    ["base", { dist: base }],
    ["today", { dist: today }],
  ],
  reps,
);
result.copies = copies;
log("\nState copies, mid-game Duel Masters (60 random responses, seed 5): µs per call");
log(`| | ${baseline} | today |`);
log("|---|---:|---:|");
for (const [k, label] of [
  ["objects", "objects"],
  ["logEntries", "log entries"],
  ["bytes", "serialized bytes"],
  ["bytesNoLog", "serialized bytes without the log"],
  ["structuredCloneUs", "structuredClone of the state"],
  ["structuredCloneNoLogUs", "structuredClone without the log"],
  ["snapshotUs", "snapshot()"],
  ["restoreUs", "restore()"],
])
  log(`| ${label} | ${f(copies.base[k])} | ${f(copies.today[k])} |`);
log(
  `restore ÷ structuredClone of the same state: ${baseline} 1/${(copies.base.structuredCloneUs / copies.base.restoreUs).toFixed(1)}, today 1/${(copies.today.structuredCloneUs / copies.today.restoreUs).toFixed(1)} (without the log: 1/${(copies.today.structuredCloneNoLogUs / copies.today.restoreUs).toFixed(1)})`,
);

result.mcts = {};
log(
  "\nMCTS from a mid-game position (plain UCT, playouts ≤ 100 responses): iterations per CPU-second, and responses per iteration and per CPU-second inside the search",
);
log(
  `| preset | ${baseline} it/s | today it/s | × | ${baseline} responses/it | today responses/it | ${baseline} responses/s | today responses/s | × | today's ISMCTS agent it/s |`,
);
log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const preset of ["duel-masters", "yugioh", "magic", "skirmish"]) {
  const iterations = quick ? 100 : 600;
  const r = sideBySide(
    "mcts",
    { preset, iterations, warmSec },
    [
      ["base", { dist: base }],
      ["today", { dist: today }],
    ],
    reps,
  );
  const is = sideBySide(
    "ismcts",
    { preset, iterations: quick ? 50 : 200, warmSec },
    [["today", { dist: today }]],
    reps,
  );
  result.mcts[preset] = { ...r, ismcts: is.today };
  log(
    `| ${preset} | ${f(r.base.iterationsPerCpuSec)} | ${f(r.today.iterationsPerCpuSec)} | ${(r.today.iterationsPerCpuSec / r.base.iterationsPerCpuSec).toFixed(2)}× | ${f(r.base.responsesPerIteration)} | ${f(r.today.responsesPerIteration)} | ${f(r.base.searchResponsesPerCpuSec)} | ${f(r.today.searchResponsesPerCpuSec)} | ${(r.today.searchResponsesPerCpuSec / r.base.searchResponsesPerCpuSec).toFixed(2)}× | ${f(is.today.iterationsPerCpuSec)} |`,
  );
}

const simGames = quick ? 200 : 2000;
const w = sideBySide(
  "workers",
  { preset: "duel-masters", games: simGames },
  [
    ["one", { dist: today, workers: 1 }],
    ["two", { dist: today, workers: 2 }],
  ],
  reps,
);
result.workers = w;
log(`\nsimulate, ${simGames} Duel Masters games (today): 1 worker against 2`);
log("| workers | wall s | CPU s | games per wall-second |");
log("|---:|---:|---:|---:|");
log(`| 1 | ${f(w.one.wallSec, 2)} | ${f(w.one.cpuSec, 2)} | ${f(simGames / w.one.wallSec)} |`);
log(`| 2 | ${f(w.two.wallSec, 2)} | ${f(w.two.cpuSec, 2)} | ${f(simGames / w.two.wallSec)} |`);
log(`speed-up with 2 workers: ${(w.one.wallSec / w.two.wallSec).toFixed(2)}× (wall)`);

if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
