#!/usr/bin/env node
/**
 * `npm run bench -- --instructions [--against SHA[,SHA…]] [--presets a,b] [--quick] [--json]`:
 * machine instructions per response, the current code (dist/) beside earlier commits, counted by
 * valgrind (cachegrind, no cache simulation) — a figure a shared, noisy machine doesn't move.
 *
 * Each earlier commit and this version play the same seeds on that commit's deck lists (made
 * beforehand in a process of their own, bench/deck-lists.mjs: a counted process loads one engine)
 * between random legal agents, full log, in `node --single-threaded` (the JIT's compiler and the GC on the one
 * thread valgrind counts). Each job runs twice, `from` and `to` games; the difference divided by
 * the difference in responses is the per-response cost once the JIT has settled (`from` is late
 * enough for that: SIZES), start-up and warm-up cancelling out. V8 runs in predictable mode and the addresses are not randomized (below).
 * Each count is given three ways: all instructions; without those of V8's optimizing compiler
 * (COMPILER: what a process spends warming up, not what a response costs); and without the
 * compiler's and the garbage collector's (GC), the GC's beside it. The young generation has a
 * fixed size (YOUNG_GENERATION), so that a count moves with the code, not with where collections fall.
 * Needs valgrind (Debian: apt-get install valgrind).
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { prepareBaseline } from "./baseline-build.mjs";
import { deckListsDir, deckListsFile } from "./deck-lists.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const run = promisify(execFile);

/**
 * Games played per preset: `from` then `to` (quick: about half). `from` is about 19,000 responses:
 * before that V8's optimizing compiler is still at work — between Duel Masters Play's games 20 and
 * 60 it counted for 63 % of the instructions (callgrind: v8::internal::compiler), which hid the
 * difference between engines under the cost of compiling them.
 */
const SIZES = {
  "duel-masters": [100, 200],
  "duel-masters-play": [100, 200],
  yugioh: [25, 50],
  magic: [15, 30],
  skirmish: [300, 600],
};

function parseArgs(argv) {
  const opts = { against: ["413bda4"], presets: Object.keys(SIZES), quick: false, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--instructions") continue;
    else if (a === "--quick") opts.quick = true;
    else if (a === "--json") opts.json = true;
    else if (a === "--against" || a === "--presets") {
      const v = argv[++i];
      if (!v || v.startsWith("--")) throw new Error(`${a} needs a value`);
      const list = v.split(",").filter(Boolean);
      if (a === "--presets")
        for (const p of list)
          if (!Object.hasOwn(SIZES, p))
            throw new Error(`--presets: no preset "${p}" here (${Object.keys(SIZES).join(", ")})`);
      opts[a.slice(2)] = list;
    } else throw new Error(`unknown option ${a} (--against SHA[,SHA…], --presets a,b, --quick, --json)`);
  }
  return opts;
}

/**
 * Steadier counts: V8 in predictable mode (no heuristics timed by the clock: when the GC runs, when
 * code is optimized; fixed seeds), and the process's addresses not randomized (`setarch -R`,
 * util-linux, when there is one). Repeated in one run, a count then moves by under 0.1 %; across
 * separate runs 413bda4's moved by 0.1 % and this version's by up to 2 % (it moved by 2.5 % without).
 */
const NO_ASLR = spawnSync("setarch", ["-R", "true"]).status === 0 ? ["setarch", "-R"] : [];

/**
 * A young generation of a fixed 128 MB. With V8's default (it grows to 16 MB) collections fall at
 * points that any change moves — another directory, another engine loaded for its deck lists, a
 * function more — and whether a full collection falls in the counted window moves a count: the
 * same engine from two directories counted 67,750 and 58,759 instructions per Yu-Gi-Oh! response
 * without the compiler; a change of a few lines moved the GC's from about 0 to 7,750 and the rest
 * by 4 % with it (write barriers while marking, code dropped with the hidden classes a collection
 * frees). At 128 MB the young generation is collected a few times per game count and the same
 * engine from two directories counted within 0.4 %: a count moves with the code. What the
 * collector costs a normal process is in the CPU-time figures.
 */
const YOUNG_GENERATION = ["--min-semi-space-size=128", "--max-semi-space-size=128"];

/**
 * V8's optimizing compiler (TurboFan, its Turboshaft back end, Maglev) and the deoptimization data
 * it writes, by function name in cachegrind's output. Its work is per process, not per response:
 * it compiles each hot function once (again after a deoptimization), so it shrinks as a process
 * plays on — with `--trace-opt`, Duel Masters Play's compiled 257 functions in its first 100 games,
 * 70 in the next 100, then 6–21 per 100 — and in a normal process it runs on a thread of its own.
 */
const COMPILER = /v8::internal::(compiler|turboshaft|maglev)::|v8::internal::TranslationArrayBuilder/;

/**
 * V8's garbage collector by function name: scavenges of the young generation, marking, sweeping
 * and compaction of the old one, the visitors that walk objects for them. With the young generation
 * fixed (YOUNG_GENERATION) it is mostly scavenges of responses' short-lived objects.
 */
const GC =
  /Scaveng|Marking|MarkCompact|Sweeper|Evacuat|IncrementalMark|MinorMC|GCTracer|heap::base::|cppgc::|v8::internal::Heap::|RememberedSet|SlotSet|BodyDescriptorBase::Iterate/;

/** Instructions of a cachegrind output file: all of them, the optimizing compiler's and the GC's. */
function countsOf(file) {
  let all = 0;
  let compiler = 0;
  let gc = 0;
  let kind = 0; // 0 other, 1 compiler, 2 GC
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.startsWith("fn=")) kind = COMPILER.test(line) ? 1 : GC.test(line) ? 2 : 0;
    else if (line.charCodeAt(0) >= 48 && line.charCodeAt(0) <= 57) {
      const n = Number(line.slice(line.indexOf(" ") + 1));
      all += n;
      if (kind === 1) compiler += n;
      else if (kind === 2) gc += n;
    }
  }
  return { all, compiler, gc };
}

/** Instructions and responses of one process: `games` games of `preset` on engine `dist`. */
async function counted(dist, preset, games, listsFile) {
  if (typeof listsFile !== "string") return { missing: { why: listsFile.missing } };
  const params = JSON.stringify({ dist, preset, games, listsFile });
  const dir = mkdtempSync(join(tmpdir(), "turnkit-instructions-"));
  const outFile = join(dir, "cachegrind.out");
  const valgrind = [
    "valgrind",
    "--tool=cachegrind",
    "--cache-sim=no",
    `--cachegrind-out-file=${outFile}`,
    process.execPath,
    "--single-threaded",
    "--predictable",
    ...YOUNG_GENERATION,
    join(root, "bench", "child.mjs"),
    "responses",
    params,
  ];
  const [command, ...args] = [...NO_ASLR, ...valgrind];
  try {
    const { stdout, stderr } = await run(command, args, {
      maxBuffer: 1 << 26,
      env: { ...process.env, NODE_ENV: "production" },
    });
    const out = JSON.parse(stdout.trim().split("\n").at(-1));
    if (out.missing) return { missing: { why: out.missing } };
    const ir = /I\s+refs:\s+([\d,]+)/.exec(stderr);
    if (!ir) throw new Error(`valgrind printed no instruction count for ${preset} on ${dist}`);
    const { all, compiler, gc } = countsOf(outFile);
    const instructions = Number(ir[1].replaceAll(",", ""));
    // The file's sum is valgrind's own total: a format it could not read would show here.
    if (Math.abs(all - instructions) > instructions * 0.001)
      throw new Error(`cachegrind's file sums to ${all} instructions, valgrind counted ${instructions}`);
    return { responses: out.responses, instructions, compiler, gc };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs thunks `width` at a time. */
async function pool(thunks, width) {
  const out = new Array(thunks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, thunks.length) }, async () => {
      while (next < thunks.length) {
        const i = next++;
        out[i] = await thunks[i]();
      }
    }),
  );
  return out;
}

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`bench --instructions: ${e.message}\n`);
  process.exit(2);
}
if (spawnSync("valgrind", ["--version"]).status !== 0) {
  process.stderr.write("bench --instructions: needs valgrind on PATH (Debian: apt-get install valgrind)\n");
  process.exit(2);
}
const log = (s) => {
  if (!opts.json) process.stdout.write(`${s}\n`);
};
const head = join(root, "dist");
const baselines = opts.against.map((sha) => ({ sha, dist: prepareBaseline(sha, log) }));
/**
 * The engines counted: each earlier commit on its own deck lists, and this version on each of those
 * lists (`head@SHA`), so that every ratio compares the same cards — an earlier commit may not know
 * a card a later one's lists hold. Without `--against`, this version alone on its own lists.
 */
const engines =
  baselines.length === 0
    ? [{ name: "head", dist: head, decksFrom: head }]
    : baselines.flatMap(({ sha, dist }) => [
        { name: `head@${sha}`, dist: head, decksFrom: dist },
        { name: sha, dist, decksFrom: dist },
      ]);
// Every engine reads its lists from a file made beforehand (bench/deck-lists.mjs): a counted
// process holds one engine.
const listsDir = deckListsDir();
const jobs = [];
for (const preset of opts.presets) {
  const [from, to] = SIZES[preset].map((n) => (opts.quick ? Math.ceil(n / 2) : n));
  for (const e of engines) {
    const listsFile = deckListsFile(listsDir, e.decksFrom, preset, to);
    for (const games of [from, to]) jobs.push({ preset, engine: e.name, games, dist: e.dist, listsFile });
  }
}
log(`instructions per response: ${jobs.length} valgrind runs, ${Math.max(1, cpus().length)} at a time…`);
const results = await pool(
  jobs.map((j) => () => counted(j.dist, j.preset, j.games, j.listsFile)),
  Math.max(1, cpus().length),
);
const rows = [];
for (const preset of opts.presets) {
  const row = {
    preset,
    instructionsPerResponse: {},
    withoutCompilerPerResponse: {},
    ownPerResponse: {},
    gcPerResponse: {},
    compilerShare: {},
    responses: {},
    missing: {},
  };
  for (const e of engines) {
    const [a, b] = jobs
      .map((j, i) => ({ j, r: results[i] }))
      .filter(({ j }) => j.preset === preset && j.engine === e.name)
      .map(({ r }) => r);
    if (a?.missing || b?.missing) {
      row.missing[e.name] = (a?.missing ?? b.missing).why;
      continue;
    }
    const responses = b.responses - a.responses;
    const all = b.instructions - a.instructions;
    const compiler = b.compiler - a.compiler;
    row.instructionsPerResponse[e.name] = Math.round(all / responses);
    const gc = b.gc - a.gc;
    row.withoutCompilerPerResponse[e.name] = Math.round((all - compiler) / responses);
    row.ownPerResponse[e.name] = Math.round((all - compiler - gc) / responses);
    row.gcPerResponse[e.name] = Math.round(gc / responses);
    row.compilerShare[e.name] = Number((compiler / all).toFixed(3));
    row.responses[e.name] = responses;
  }
  // With one earlier commit, this version's figures are also under "head" (its lists are that commit's).
  if (baselines.length === 1)
    for (const k of [
      "instructionsPerResponse",
      "withoutCompilerPerResponse",
      "ownPerResponse",
      "gcPerResponse",
      "compilerShare",
      "responses",
    ])
      if (row[k][`head@${baselines[0].sha}`] !== undefined) row[k].head = row[k][`head@${baselines[0].sha}`];
  rows.push(row);
}
if (opts.json) process.stdout.write(`${JSON.stringify({ instructions: rows })}\n`);
else {
  const shas = baselines.map((b) => b.sha);
  const table = (field, title) => {
    log(`\n${title}\n`);
    if (shas.length === 0) {
      log("| preset | head |\n|---|---:|");
      for (const r of rows) log(`| ${r.preset} | ${r[field].head?.toLocaleString("en") ?? "—"} |`);
      return;
    }
    log(`| preset | ${shas.map((s) => `head, ${s}'s lists | ${s} | ÷`).join(" | ")} |`);
    log(`|---|${shas.map(() => "---:|---:|---:").join("|")}|`);
    for (const r of rows) {
      const cells = shas.map((s) => {
        const h = r[field][`head@${s}`];
        const v = r[field][s];
        const n = (x) => (x === undefined ? "—" : x.toLocaleString("en"));
        return `${n(h)} | ${n(v)} | ${h === undefined || v === undefined ? "—" : (h / v).toFixed(3)}`;
      });
      log(`| ${r.preset} | ${cells.join(" | ")} |`);
    }
  };
  table(
    "ownPerResponse",
    "instructions per response, without V8's optimizing compiler and garbage collector:",
  );
  table(
    "gcPerResponse",
    "the garbage collector's instructions per response (where its collections fall moves it):",
  );
  table("withoutCompilerPerResponse", "instructions per response, without V8's optimizing compiler:");
  table("instructionsPerResponse", "instructions per response, all (the compiler included):");
  for (const r of rows)
    log(
      `  ${r.preset}: compiler ${Object.entries(r.compilerShare)
        .map(([e, v]) => `${e} ${(v * 100).toFixed(0)} %`)
        .join(", ")}`,
    );
  for (const r of rows)
    for (const [e, why] of Object.entries(r.missing)) log(`  ${r.preset}: ${e} not counted: ${why}`);
  log(
    "\n(instructions between the two game counts over the responses between them; each earlier commit beside this version on its own deck lists, same seeds)",
  );
}
