/**
 * The pure parts of `npm run bench -- --baseline` (bench/baselines.mjs): its options, the jobs it
 * runs, the result it builds from their runs, the goals read off it and the tables it prints.
 */
import { spread, summarize } from "./stats.mjs";

/** The commits the current code is compared with, oldest rules last. */
export const BASELINES = ["409b4f1", "d9cc967"];
/** Presets compared (a preset a baseline lacks is reported as null for it). */
export const BASELINE_PRESETS = ["duel-masters", "duel-masters-play", "yugioh", "magic", "skirmish"];

const OPTIONS = ["--baseline", "--json", "--quick", "--smoke", "--warm", "--presets", "--reps"];

/**
 * `--baseline [--json] [--quick | --smoke] [--warm CPU-SECONDS] [--presets a,b] [--reps N]` →
 * `{ json, size, warmSec, presets, reps }`: `presets` null for all of them, `reps` null for the
 * size's own. Throws an Error whose message names the bad option.
 */
export function parseBaselineArgs(args) {
  const out = { json: false, size: "full", warmSec: null, presets: null, reps: null };
  const argumentOf = (a, i) => {
    const v = args[i];
    if (v === undefined || v.startsWith("--")) throw new Error(`${a} needs a value`);
    return v;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--json") out.json = true;
    else if (a === "--quick" || a === "--smoke") {
      const size = a.slice(2);
      if (out.size !== "full" && out.size !== size) throw new Error("--quick and --smoke: choose one");
      out.size = size;
    } else if (a === "--warm") {
      const v = args[++i];
      const n = Number(v);
      if (v === undefined || v.trim() === "" || !Number.isFinite(n) || n < 0)
        throw new Error(
          `--warm takes CPU-seconds (a number ≥ 0), got ${v === undefined ? "nothing" : `"${v}"`}`,
        );
      out.warmSec = n;
    } else if (a === "--presets") {
      const list = argumentOf(a, ++i).split(",").filter(Boolean);
      for (const p of list)
        if (!BASELINE_PRESETS.includes(p))
          throw new Error(`--presets: no preset "${p}" here (${BASELINE_PRESETS.join(", ")})`);
      if (list.length === 0) throw new Error("--presets needs at least one preset");
      out.presets = BASELINE_PRESETS.filter((p) => list.includes(p));
    } else if (a === "--reps") {
      const v = argumentOf(a, ++i);
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new Error(`--reps takes a whole number ≥ 1, got "${v}"`);
      out.reps = n;
    } else if (a === "--baseline") {
      const next = args[i + 1];
      if (next !== undefined && !next.startsWith("--"))
        throw new Error(
          `--baseline takes no commit ("${next}"): it compares with ${BASELINES.join(" and ")}; for a commit of your choice use --search --baseline SHA`,
        );
    } else throw new Error(`unknown option "${a}" for --baseline (known: ${OPTIONS.join(", ")})`);
  }
  return out;
}

/**
 * CPU-seconds of warm-up per process in a full run, by what it plays. A process of this version
 * settles (its cost per response in 1-CPU-second windows stops falling) after about 7 seconds of
 * Duel Masters and 15–20 of Yu-Gi-Oh! or Magic, whose rules make more functions hot, some only in
 * rarer situations; every engine of a preset, and Showdown, warms as long.
 */
export const FULL_WARM_SEC = { default: 8, yugioh: 20, magic: 20, showdown: 20 };

/**
 * Games per repetition in a full run: this version's timed window is about 0.3–1 CPU-second per
 * preset, long enough that one garbage collection or compile doesn't move a repetition.
 */
const FULL_GAMES = { magic: 90, yugioh: 100, skirmish: 1000, default: 300 };

/**
 * Games, battles and repetitions for a size: full (the figures), quick (a look), smoke (a check).
 * `reps` replaces the size's repetitions.
 */
export function runSizes(size, warmSec = null, reps = null) {
  const full = size === "full";
  const smoke = size === "smoke";
  const warmOf = (key) => warmSec ?? (full ? (FULL_WARM_SEC[key] ?? FULL_WARM_SEC.default) : smoke ? 0 : 0.5);
  return {
    reps: reps ?? (full ? 5 : smoke ? 1 : 2),
    /** Warm-up of a process playing `key` (a preset, or "showdown"); `--warm` sets every one. */
    warmOf,
    /** What `warmOf` gives, for the report: `{ default, …exceptions }`. */
    warmSec: warmSec !== null || !full ? { default: warmOf("default") } : { ...FULL_WARM_SEC },
    games: (preset) => (smoke ? 1 : !full ? 10 : (FULL_GAMES[preset] ?? FULL_GAMES.default)),
    battles: full ? 100 : smoke ? 1 : 10,
    skeleton: full
      ? { turns: 1000, reps: 5, minActions: 100_000 }
      : smoke
        ? { turns: 10, reps: 1, minActions: 100 }
        : { turns: 1000, reps: 3, minActions: 20_000 },
    copyReps: full ? 2000 : smoke ? 10 : 300,
    undoGames: full ? 3 : 1,
    /** Games of a timed `simulate` run: on warm threads, and on a one-shot run's cold threads. */
    simGames: full ? 1000 : smoke ? 4 : 100,
    simColdGames: full ? 500 : smoke ? 4 : 100,
  };
}

/** The engine names of one preset's random games: the current code, each baseline, the current code on each baseline's lists. */
export function engineKeys(shas = BASELINES) {
  return ["head", ...shas.flatMap((sha) => [sha, `head@${sha}`])];
}

/** Every measurement of a run, in the order each repetition plays them. */
export function baselineJobs({ presets = BASELINE_PRESETS, shas = BASELINES, dists, sizes, lists }) {
  const { warmOf } = sizes;
  const jobs = [];
  for (const preset of presets) {
    const games = sizes.games(preset);
    const p = { preset, games, warmSec: warmOf(preset) };
    jobs.push({ key: `games:${preset}:head`, kind: "games", params: { ...p, dist: dists.head, cold: true } });
    for (const sha of shas) {
      jobs.push({ key: `games:${preset}:${sha}`, kind: "games", params: { ...p, dist: dists[sha] } });
      // The baseline's lists from a file made beforehand (`lists`, bench/deck-lists.mjs), so the
      // timed process holds one engine; else made by the baseline loaded beside it.
      const theirs = lists ? { listsFile: lists[sha][preset] } : { decksFrom: dists[sha] };
      jobs.push({
        key: `games:${preset}:head@${sha}`,
        kind: "games",
        params: { ...p, dist: dists.head, ...theirs },
      });
    }
    jobs.push({
      key: `undo:${preset}`,
      kind: "undoCopies",
      params: { dist: dists.head, preset, games: sizes.undoGames },
    });
  }
  jobs.push({
    key: "showdown",
    kind: "showdown",
    params: { battles: sizes.battles, warmSec: warmOf("showdown") },
  });
  jobs.push({ key: "skeleton", kind: "skeleton", params: sizes.skeleton });
  jobs.push({
    key: "copies",
    kind: "copies",
    params: { dist: dists.head, reps: sizes.copyReps, warmSec: warmOf("default") },
  });
  for (const workers of [1, 2]) {
    const p = { dist: dists.head, preset: "duel-masters", workers };
    jobs.push({
      key: `workers:${workers}`,
      kind: "workers",
      params: { ...p, games: sizes.simGames, warmSec: warmOf("duel-masters") },
    });
    jobs.push({
      key: `workersCold:${workers}`,
      kind: "workers",
      params: { ...p, games: sizes.simColdGames },
    });
  }
  return jobs;
}

const round = (x) => (x === null || x === undefined ? null : Number(x.toPrecision(4)));
const pair = (s) => (s ? [round(s.min), round(s.max)] : null);

/** Per-repetition ratios a[i] / b[i] of one field (runs of two jobs interleaved: pairs from one round). */
function ratios(a, b, fa, fb = fa) {
  return a.map((x, i) => x[fa] / b[i][fb]);
}
function ratioFigure(xs) {
  const sorted = [...xs].sort((p, q) => p - q);
  const [min, max] = spread(xs);
  return { median: round(sorted[Math.floor(xs.length / 2)]), spread: [round(min), round(max)] };
}

/**
 * The result object from the runs (`{ jobKey: [figures per repetition] }`): one entry per preset
 * in `baseline`, and `showdown`, `skeleton`, `restore`, `workers` and `goals` beside it.
 */
export function buildBaselineResult({ runs, presets = BASELINE_PRESETS, shas = BASELINES, meta = {} }) {
  const present = (key) => (runs[key] && !runs[key][0].missing ? runs[key] : null);
  const sd = summarize(runs.showdown);
  const baseline = presets.map((preset) => {
    const raw = Object.fromEntries(engineKeys(shas).map((e) => [e, present(`games:${preset}:${e}`)]));
    const sum = Object.fromEntries(Object.entries(raw).map(([e, r]) => [e, r ? summarize(r) : null]));
    const byEngine = (field, f = (s) => round(s.median)) =>
      Object.fromEntries(["head", ...shas].map((e) => [e, sum[e]?.[field] ? f(sum[e][field]) : null]));
    const head = sum.head;
    const sameLists = Object.fromEntries(
      shas.map((sha) => {
        const base = raw[sha];
        const same = raw[`head@${sha}`];
        if (!base || !same) return [sha, null];
        const speedup = ratioFigure(ratios(base, same, "usPerResponse"));
        return [
          sha,
          {
            usPerResponse: round(sum[`head@${sha}`].usPerResponse.median),
            usPerResponseSpread: pair(sum[`head@${sha}`].usPerResponse),
            usPerTurn: round(sum[`head@${sha}`].usPerTurn.median),
            speedupPerResponse: speedup.median,
            speedupPerResponseSpread: speedup.spread,
          },
        ];
      }),
    );
    const cold = ratioFigure(ratios(raw.head, raw.head, "firstHalfSecondUsPerResponse", "usPerResponse"));
    return {
      preset,
      usPerResponse: byEngine("usPerResponse"),
      usPerResponseSpread: byEngine("usPerResponse", pair),
      usPerTurn: byEngine("usPerTurn"),
      usPerTurnSpread: byEngine("usPerTurn", pair),
      responsesPerGame: byEngine("actionsPerGame"),
      turnsPerGame: byEngine("turnsPerGame"),
      sameLists,
      showdownUsPerTurn: round(sd.usPerTurn.median),
      showdownUsPerDecision: round(sd.usPerDecision.median),
      vsShowdown: {
        perTurn: round(head.usPerTurn.median / sd.usPerTurn.median),
        perDecision: round(head.usPerResponse.median / sd.usPerDecision.median),
      },
      firstHalfSecond: {
        usPerResponse: round(head.firstHalfSecondUsPerResponse.median),
        importCpuMs: round(head.importCpuMs.median),
        // The process's first Game.create of the preset: its rules compiled (cards checked, hashed).
        ...(head.firstCreateCpuMs ? { firstCreateCpuMs: round(head.firstCreateCpuMs.median) } : {}),
        // The main thread's part of that CPU (Linux only; the rest is V8's compiler and GC threads).
        ...(head.firstHalfSecondMainThreadShare
          ? { mainThreadShare: round(head.firstHalfSecondMainThreadShare.median) }
          : {}),
        ratioToWarm: cold.median,
        ratioToWarmSpread: cold.spread,
      },
      copiesPer1000Actions: round(summarize(runs[`undo:${preset}`]).copiesPer1000Actions.median),
      copiesPer1000ActionsExactUndo: round(
        summarize(runs[`undo:${preset}`]).copiesPer1000ActionsExactUndo.median,
      ),
      copiesPerRestoreThen20: round(summarize(runs[`undo:${preset}`]).copiesPerRestoreThen20.median),
    };
  });
  const sk = summarize(runs.skeleton);
  const reducer = ratioFigure(ratios(runs.skeleton, runs.skeleton, "reducerUsPerAction", "usPerAction"));
  const cp = summarize(runs.copies);
  const restoreRatio = ratioFigure(ratios(runs.copies, runs.copies, "restoreUs", "structuredCloneNoLogUs"));
  const w1 = summarize(runs["workers:1"]);
  const w2 = summarize(runs["workers:2"]);
  const second = ratioFigure(ratios(runs["workers:2"], runs["workers:1"], "cpuMsPerGame"));
  const c1 = summarize(runs["workersCold:1"]);
  const c2 = summarize(runs["workersCold:2"]);
  const secondCold = ratioFigure(ratios(runs["workersCold:2"], runs["workersCold:1"], "cpuMsPerGame"));
  const result = {
    ...meta,
    baseline,
    showdown: {
      format: "gen1randombattle",
      usPerTurn: round(sd.usPerTurn.median),
      usPerTurnSpread: pair(sd.usPerTurn),
      usPerDecision: round(sd.usPerDecision.median),
      usPerDecisionSpread: pair(sd.usPerDecision),
      turnsPerBattle: round(sd.turnsPerBattle.median),
      decisionsPerBattle: round(sd.decisionsPerBattle.median),
      /**
       * A fresh Showdown process, as `firstHalfSecond` measures turnkit's: the decisions its
       * players sent in its first 0.5 CPU-second, and the CPU the process had used at its first.
       */
      firstHalfSecond: sd.firstDecisionCpuMs
        ? {
            decisions: round(sd.firstHalfSecondDecisions.median),
            decisionsSpread: pair(sd.firstHalfSecondDecisions),
            firstDecisionCpuMs: round(sd.firstDecisionCpuMs.median),
            firstDecisionCpuMsSpread: pair(sd.firstDecisionCpuMs),
          }
        : null,
    },
    skeleton: {
      usPerAction: round(sk.usPerAction.median),
      usPerActionSpread: pair(sk.usPerAction),
      reducerUsPerAction: round(sk.reducerUsPerAction.median),
      reducerRatio: reducer.median,
      reducerRatioSpread: reducer.spread,
    },
    restore: {
      restoreUs: round(cp.restoreUs.median),
      structuredCloneNoLogUs: round(cp.structuredCloneNoLogUs.median),
      ratio: restoreRatio.median,
      ratioSpread: restoreRatio.spread,
      actCopiesWhenNothingToUndo: baseline.some((b) => b.copiesPer1000Actions > 0),
      copiesPer1000Actions: Object.fromEntries(baseline.map((b) => [b.preset, b.copiesPer1000Actions])),
      copiesPerRestoreThen20: Object.fromEntries(baseline.map((b) => [b.preset, b.copiesPerRestoreThen20])),
    },
    workers: {
      preset: "duel-masters",
      games: runs["workers:1"][0].games,
      cpuMsPerGame1: round(w1.cpuMsPerGame.median),
      cpuMsPerGame2: round(w2.cpuMsPerGame.median),
      secondWorkerRatio: second.median,
      secondWorkerRatioSpread: second.spread,
      wallSec1: round(w1.wallSec.median),
      wallSec2: round(w2.wallSec.median),
      /** A one-shot `simulate()`: its threads start and compile the engine within the run. */
      oneShot: {
        games: runs["workersCold:1"][0].games,
        cpuMsPerGame1: round(c1.cpuMsPerGame.median),
        cpuMsPerGame2: round(c2.cpuMsPerGame.median),
        secondWorkerRatio: secondCold.median,
        secondWorkerRatioSpread: secondCold.spread,
      },
      firstHalfSecond: Object.fromEntries(baseline.map((b) => [b.preset, b.firstHalfSecond])),
    },
  };
  result.goals = goals(result, shas);
  return result;
}

/** The worst preset by `value` (highest, or lowest with `low`), skipping nulls. */
function worst(baseline, value, low = false) {
  let out = null;
  for (const b of baseline) {
    const v = value(b);
    if (v === null || v === undefined) continue;
    if (!out || (low ? v < out.value : v > out.value)) out = { preset: b.preset, value: v };
  }
  return out;
}

/** The speed goals, each with its worst figure and whether it is met. */
export function goals(r, shas = BASELINES) {
  const [older, oldest] = shas;
  const g = (goal, figure, ok) => {
    const v = figure !== null && typeof figure === "object" ? figure.value : figure;
    return { goal, figure, met: v !== null && v !== undefined && ok(v) };
  };
  const speed = (sha) => worst(r.baseline, (b) => b.sameLists[sha]?.speedupPerResponse, true);
  return [
    g(`every preset ≥ 2.5× faster per response than ${older} (its lists)`, speed(older), (v) => v >= 2.5),
    g(`no preset slower per response than ${oldest} (its lists)`, speed(oldest), (v) => v >= 1),
    g(
      "every preset ≤ 1/3 of Showdown's CPU per turn",
      worst(r.baseline, (b) => b.vsShowdown.perTurn),
      (v) => v <= 1 / 3,
    ),
    g(
      "every preset ≥ 10× cheaper than Showdown per decision",
      worst(r.baseline, (b) => b.vsShowdown.perDecision),
      (v) => v <= 0.1,
    ),
    g("turn skeleton ≤ 0.25 µs per action, no log", r.skeleton.usPerAction, (v) => v <= 0.25),
    g("boardgame.io's reducer ≥ 150× slower", r.skeleton.reducerRatio, (v) => v >= 150),
    g("restore ≤ 1/10 of structuredClone without the log", r.restore.ratio, (v) => v <= 0.1),
    g("a second (warm) worker ≤ 10 % more CPU per game", r.workers.secondWorkerRatio, (v) => v <= 1.1),
    g(
      "the first 0.5 CPU-s of a process within 2× of warm",
      worst(r.baseline, (b) => b.firstHalfSecond.ratioToWarm),
      (v) => v <= 2,
    ),
  ];
}

/** A figure for a table: 3 significant digits, thousands separated; "—" for none. */
export function fmt(x) {
  if (x === null || x === undefined) return "—";
  if (Math.abs(x) >= 1000) return Math.round(x).toLocaleString("en");
  return Number(x.toPrecision(3)).toString();
}
const range = (s) => (s ? `${fmt(s[0])}–${fmt(s[1])}` : "—");
const withRange = (x, s) => (x === null ? "—" : `${fmt(x)} (${range(s)})`);

/** The tables `--baseline` prints (Markdown). */
export function formatBaselineTables(r, shas = BASELINES) {
  const lines = [];
  const row = (cells) => lines.push(`| ${cells.join(" | ")} |`);
  const head = (cells, align) => {
    row(cells);
    row(align.split("").map((a) => (a === "l" ? "---" : "---:")));
  };
  lines.push("µs of CPU per response, random games, full log: median (min–max)");
  head(
    ["preset", "head", ...shas.flatMap((sha) => [sha, `head on ${sha}'s lists`, "faster ×"])],
    `lr${"rrr".repeat(shas.length)}`,
  );
  for (const b of r.baseline)
    row([
      b.preset,
      withRange(b.usPerResponse.head, b.usPerResponseSpread.head),
      ...shas.flatMap((sha) => {
        const s = b.sameLists[sha];
        return [
          withRange(b.usPerResponse[sha], b.usPerResponseSpread[sha]),
          s ? withRange(s.usPerResponse, s.usPerResponseSpread) : "—",
          s ? `${fmt(s.speedupPerResponse)}× (${range(s.speedupPerResponseSpread)})` : "—",
        ];
      }),
    ]);
  lines.push("");
  const sd = r.showdown;
  lines.push(
    `Per turn, and against Pokémon Showdown (${sd.format}, its random players: ${fmt(sd.usPerTurn)} µs per turn (${range(sd.usPerTurnSpread)}), ${fmt(sd.usPerDecision)} µs per decision (${range(sd.usPerDecisionSpread)}), ${fmt(sd.turnsPerBattle)} turns and ${fmt(sd.decisionsPerBattle)} decisions a battle)`,
  );
  head(
    [
      "preset",
      "turns per game",
      "responses per turn",
      "head µs/turn",
      ...shas.map((s) => `${s} µs/turn`),
      "÷ Showdown per turn",
      "÷ Showdown per decision",
    ],
    `lrrr${"r".repeat(shas.length)}rr`,
  );
  for (const b of r.baseline)
    row([
      b.preset,
      fmt(b.turnsPerGame.head),
      fmt(b.responsesPerGame.head / b.turnsPerGame.head),
      withRange(b.usPerTurn.head, b.usPerTurnSpread.head),
      ...shas.map((s) => fmt(b.usPerTurn[s])),
      fmt(b.vsShowdown.perTurn),
      fmt(b.vsShowdown.perDecision),
    ]);
  lines.push("");
  const k = r.skeleton;
  const rs = r.restore;
  const w = r.workers;
  lines.push("The kernel");
  head(["measure", "figure"], "lr");
  row(["turn skeleton, µs per action, no log", withRange(k.usPerAction, k.usPerActionSpread)]);
  row([
    "boardgame.io's reducer ÷ turnkit, same game",
    `${fmt(k.reducerRatio)}× (${range(k.reducerRatioSpread)})`,
  ]);
  row([
    "restore ÷ structuredClone without the log (mid-game Duel Masters)",
    `${fmt(rs.ratio)} (${range(rs.ratioSpread)}): ${fmt(rs.restoreUs)} µs ÷ ${fmt(rs.structuredCloneNoLogUs)} µs`,
  ]);
  row([
    "full-state copies by `act` per 1,000 actions (nothing to undo)",
    Object.entries(rs.copiesPer1000Actions)
      .map(([p, n]) => `${p} ${fmt(n)}`)
      .join(", "),
  ]);
  row([
    "the same right after a `restore` (per restore, then 20 responses)",
    Object.entries(rs.copiesPerRestoreThen20)
      .map(([p, n]) => `${p} ${fmt(n)}`)
      .join(", "),
  ]);
  row([
    `CPU per game, simulate on 2 warm workers ÷ 1 (${w.preset}, ${w.games} games, one openSimulator)`,
    `${fmt(w.secondWorkerRatio)} (${range(w.secondWorkerRatioSpread)}): ${fmt(w.cpuMsPerGame2)} ms ÷ ${fmt(w.cpuMsPerGame1)} ms`,
  ]);
  const o = w.oneShot;
  row([
    `the same, one-shot simulate() whose workers start cold (${o.games} games)`,
    `${fmt(o.secondWorkerRatio)} (${range(o.secondWorkerRatioSpread)}): ${fmt(o.cpuMsPerGame2)} ms ÷ ${fmt(o.cpuMsPerGame1)} ms`,
  ]);
  row([
    "first 0.5 CPU-s of a process ÷ warm, per response (main thread's share of that CPU)",
    Object.entries(w.firstHalfSecond)
      .map(
        ([p, f]) =>
          `${p} ${fmt(f.ratioToWarm)}${f.mainThreadShare ? ` (${Math.round(f.mainThreadShare * 100)} %)` : ""}`,
      )
      .join(", "),
  ]);
  const sf = sd.firstHalfSecond;
  if (sf)
    row([
      "Pokémon Showdown's first 0.5 CPU-s of a process: decisions sent; the CPU at its first decision",
      `${withRange(sf.decisions, sf.decisionsSpread)}; ${withRange(sf.firstDecisionCpuMs, sf.firstDecisionCpuMsSpread)} ms`,
    ]);
  lines.push("");
  lines.push("Goals");
  head(["goal", "figure (worst preset)", "met"], "lll");
  for (const g of r.goals) {
    const fig =
      g.figure && typeof g.figure === "object"
        ? `${fmt(g.figure.value)} (${g.figure.preset})`
        : fmt(g.figure);
    row([g.goal, fig, g.met ? "yes" : "no"]);
  }
  return lines.join("\n");
}
