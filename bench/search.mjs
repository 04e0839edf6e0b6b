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
 * `npx tsup`); today's engine is dist/ (`npx tsup`). Each figure is measured in a child process per engine (no JIT or heap shared
 * between the two), engines alternating, the median of the repetitions kept:
 * - random games per preset: whole games between random legal agents, full log — the baseline on
 *   its own sample decks, today's engine on the *same deck lists* (read from the baseline's games)
 *   and on its own sample decks;
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
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};

// ---- child: one measurement on one engine --------------------------------------------------

async function engine(dist) {
  const m = await import(join(dist, "index.js"));
  const fromPresets = m.getPreset ? m : await import(join(dist, "presets", "index.js"));
  const fromAgents = m.randomAgent ? m : await import(join(dist, "agents", "index.js"));
  return { Game: m.Game, getPreset: fromPresets.getPreset, randomAgent: fromAgents.randomAgent, m };
}

/** CPU microseconds of `fn()` (this process: the work is synchronous). */
function cpuOf(fn) {
  const c0 = process.cpuUsage();
  const out = fn();
  const c = process.cpuUsage(c0);
  return { us: c.user + c.system, out };
}

/**
 * Runs `fn` at least `min` times and until `warmSec` CPU-seconds have passed: V8's optimizing tier
 * needs far more than a few games to settle (a Duel Masters engine keeps getting faster for ~300
 * games, 3–4× over its first ones), and an engine with more code takes longer to warm.
 */
function warmUp(fn, min, warmSec) {
  const c0 = process.cpuUsage();
  const spent = () => {
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1e6;
  };
  for (let i = 0; i < min || spent() < warmSec; i++) fn(i);
}

function playOut(E, game, seed, max = 20_000) {
  const agent = E.randomAgent(seed);
  let n = 0;
  while (!game.over && n < max) {
    game.act(agent.choose(game));
    n++;
  }
  return n;
}

/** Each player's deck list in a freshly set-up game: every card they own. */
function deckLists(game) {
  const lists = game.state.players.map(() => []);
  for (const o of Object.values(game.state.objects)) lists[o.owner].push(o.card);
  return lists.map((l) => l.sort());
}

const child = {
  /** Games per CPU-second; `decksFrom`: play the deck lists of that engine's games. */
  async games({ dist, preset, games, decksFrom, warmSec }) {
    const E = await engine(dist);
    const D = decksFrom ? await engine(decksFrom) : null;
    const p = E.getPreset(preset);
    // The baseline's lists may break deck rules added since (Yu-Gi-Oh!'s 3 copies): not checked here.
    const unchecked = { ...p, deckRules: undefined };
    // The other engine's deck lists are read before the timing: its games' set-up is not today's cost.
    const lists = new Map();
    const listsOf = (seed) => {
      let decks = lists.get(seed);
      if (!decks) {
        decks = deckLists(D.Game.create(D.getPreset(preset), { seed }));
        lists.set(seed, decks);
      }
      return decks;
    };
    const make = (seed) =>
      D ? E.Game.create(unchecked, { seed, decks: listsOf(seed) }) : E.Game.create(p, { seed });
    warmUp((i) => playOut(E, make(100_000 + i).run(), i), 3, warmSec);
    if (D) for (let i = 1; i <= games; i++) listsOf(i);
    globalThis.gc?.();
    let actions = 0;
    const { us } = cpuOf(() => {
      for (let i = 1; i <= games; i++) actions += playOut(E, make(i).run(), i);
    });
    return {
      gamesPerCpuSec: games / (us / 1e6),
      actionsPerCpuSec: actions / (us / 1e6),
      actionsPerGame: actions / games,
    };
  },

  async copies({ dist, reps, warmSec }) {
    const E = await engine(dist);
    const g = E.Game.create(E.getPreset("duel-masters"), { seed: 5 }).run();
    playOut(E, g, 5, 60);
    const time = (fn) => {
      warmUp(fn, reps, warmSec / 4);
      globalThis.gc?.();
      return (
        cpuOf(() => {
          for (let i = 0; i < reps; i++) fn();
        }).us / reps
      );
    };
    const snap = g.snapshot();
    const restoreUs = time(() => g.restore(snap));
    const snapshotUs = time(() => g.snapshot());
    const structuredCloneUs = time(() => structuredClone(g.state));
    const noLog = { ...g.state, log: [] };
    const structuredCloneNoLogUs = time(() => structuredClone(noLog));
    return {
      objects: Object.keys(g.state.objects).length,
      logEntries: g.state.log.length,
      bytes: g.serialize().length,
      bytesNoLog: JSON.stringify(noLog).length,
      structuredCloneUs,
      structuredCloneNoLogUs,
      snapshotUs,
      restoreUs,
    };
  },

  /** Plain UCT over the real state from a mid-game position: iterations per CPU-second. */
  async mcts({ dist, preset, iterations, warmSec }) {
    const E = await engine(dist);
    // Halfway through a random game of seed 11: the game is played once to learn its length,
    // then again (same agent, same seed: the same game) to its middle — the same share of the game
    // left in both engines.
    const make = () => E.Game.create(E.getPreset(preset), { seed: 11, logging: "none" }).run();
    const length = playOut(E, make(), 11);
    const g = make();
    playOut(E, g, 11, Math.floor(length / 2));
    if (g.over) throw new Error(`${preset}: no mid-game position`);
    const rootSnap = g.snapshot();
    const rootPlayer = g.decision.player;
    let x = 0x9e3779b9;
    const rand = (n) => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) % n;
    };
    let responses = 0;
    const newNode = () => ({ n: 0, w: 0, children: new Map() });
    const root = newNode();
    const iterate = () => {
      g.restore(rootSnap);
      const path = [];
      let node = root;
      for (;;) {
        if (g.over) break;
        const d = g.decision;
        const untried = d.options.filter((o) => !node.children.has(o.id));
        if (untried.length > 0) {
          const o = untried[rand(untried.length)];
          const child = newNode();
          child.player = d.player;
          node.children.set(o.id, child);
          g.act({ player: d.player, decision: d.id, choice: o.id });
          responses++;
          path.push(child);
          break;
        }
        let best = null;
        let bestId = "";
        let bestScore = -1;
        for (const o of d.options) {
          const c = node.children.get(o.id);
          const s = c.w / c.n + 1.4 * Math.sqrt(Math.log(node.n + 1) / c.n);
          if (s > bestScore) [best, bestId, bestScore] = [c, o.id, s];
        }
        g.act({ player: d.player, decision: d.id, choice: bestId });
        responses++;
        path.push(best);
        node = best;
      }
      for (let i = 0; i < 100 && !g.over; i++) {
        const d = g.decision;
        g.act({ player: d.player, decision: d.id, choice: d.options[rand(d.options.length)].id });
        responses++;
      }
      const winner = g.over ? g.state.result?.winner : undefined;
      root.n++;
      for (const c of path) {
        c.n++;
        c.w += winner === undefined || winner === null ? 0.5 : winner === c.player ? 1 : 0;
      }
    };
    warmUp(iterate, 50, warmSec);
    globalThis.gc?.();
    responses = 0;
    const { us } = cpuOf(() => {
      for (let i = 0; i < iterations; i++) iterate();
    });
    // Responses per iteration differ with the position (a playout that ends the game is short):
    // responses per second inside the search compares engines on unequal positions too.
    return {
      iterationsPerCpuSec: iterations / (us / 1e6),
      responsesPerIteration: responses / iterations,
      searchResponsesPerCpuSec: responses / (us / 1e6),
      rootPlayer,
    };
  },

  /** Today's ISMCTS agent from the same kind of position: iterations per CPU-second. */
  async ismcts({ dist, preset, iterations, warmSec }) {
    const E = await engine(dist);
    const { ismctsAgent } = await import(join(dist, "agents", "index.js"));
    let g;
    for (let seed = 11; seed < 60; seed++) {
      g = E.Game.create(E.getPreset(preset), { seed }).run();
      playOut(E, g, seed, 40);
      if (!g.over) break;
    }
    while (!g.over && g.decision.options.length < 2) g.act(g.decision.options[0].id);
    const agent = ismctsAgent({ iterations: Math.max(10, iterations / 5), seed: 1 });
    warmUp(() => agent.choose(g), 1, warmSec);
    globalThis.gc?.();
    const timed = ismctsAgent({ iterations, seed: 2 });
    const { us } = cpuOf(() => timed.choose(g));
    return { iterationsPerCpuSec: iterations / (us / 1e6) };
  },

  /** simulate() on `workers` threads: wall and CPU seconds (the process's, its threads included). */
  async workers({ dist, preset, games, workers }) {
    const { simulate } = await import(join(dist, "simulate", "index.js"));
    await simulate({ preset, games: 20, seed: 999, workers });
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await simulate({ preset, games, seed: 1, workers });
    const wall = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    return { wallSec: wall, cpuSec: (c.user + c.system) / 1e6, games: r.games ?? games };
  },
};

if (args[0] === "--child") {
  const [, kind, json] = args;
  const out = await child[kind](JSON.parse(json));
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

// ---- parent: build the baseline, run the children, print the tables ------------------------

const baseline = flag("baseline", "d9cc967");
const quick = args.includes("--quick");
const json = args.includes("--json");
const log = (s) => {
  if (!json) process.stdout.write(`${s}\n`);
};

function prepareBaseline(sha) {
  const dir = join(root, "bench", ".baseline", sha);
  if (existsSync(join(dir, "dist", "index.js"))) return dir;
  log(`building the baseline ${sha} in ${dir} (once)…`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync("git", ["archive", "--format=tar", sha], { cwd: root, maxBuffer: 1 << 30 });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });
  const run = (cmd, a) => {
    const r = spawnSync(cmd, a, { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    if (r.status !== 0) throw new Error(`baseline ${sha}: ${cmd} ${a.join(" ")} failed`);
  };
  run("npm", ["ci", "--no-audit", "--no-fund", "--ignore-scripts"]);
  run("npx", ["tsup", "--silent"]);
  return dir;
}

function measure(kind, params) {
  const r = spawnSync(
    process.execPath,
    ["--expose-gc", fileURLToPath(import.meta.url), "--child", kind, JSON.stringify(params)],
    { cwd: root, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" }, maxBuffer: 1 << 26 },
  );
  if (r.status !== 0) throw new Error(`bench/search ${kind} ${JSON.stringify(params)} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").at(-1));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The median of each numeric field over `reps` runs of each engine, engines alternating. */
function sideBySide(kind, params, engines, reps) {
  const runs = Object.fromEntries(engines.map(([name]) => [name, []]));
  for (let r = 0; r < reps; r++)
    for (const [name, p] of engines) runs[name].push(measure(kind, { ...params, ...p }));
  const out = {};
  for (const [name, list] of Object.entries(runs)) {
    out[name] = {};
    for (const k of Object.keys(list[0])) out[name][k] = median(list.map((x) => x[k]));
  }
  return out;
}

const base = join(prepareBaseline(baseline), "dist");
const today = join(root, "dist");
const reps = quick ? 1 : 3;
// CPU-seconds each child spends warming the JIT before it times anything (--warm S to change).
const warmSec = Number(flag("warm", quick ? "0.5" : "4"));
const presets = ["duel-masters", "duel-masters-play", "yugioh", "magic", "lab", "skirmish"];
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
      ["same", { dist: today, decksFrom: base }],
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
