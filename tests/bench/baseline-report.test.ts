/**
 * `npm run bench -- --baseline`: its options, medians and spreads, the result's JSON shape and the
 * goals read off it, from made-up runs (no timing). With the baselines built and bench/'s
 * dependencies installed, a `--smoke` run (one game each) checks the same shape end to end.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
type Runs = Record<string, Record<string, number | boolean>[]>;
interface Entry {
  preset: string;
  usPerResponse: Record<string, number | null>;
  usPerResponseSpread: Record<string, [number, number] | null>;
  usPerTurn: Record<string, number | null>;
  showdownUsPerTurn: number;
  showdownUsPerDecision: number;
  sameLists: Record<
    string,
    { speedupPerResponse: number; speedupPerResponseSpread: [number, number] } | null
  >;
  vsShowdown: { perTurn: number; perDecision: number };
}
interface Result {
  commit?: string | null;
  baseline: Entry[];
  skeleton: { usPerAction: number; reducerRatio: number };
  restore: { ratio: number; actCopiesWhenNothingToUndo: boolean };
  workers: {
    secondWorkerRatio: number;
    oneShot: Record<string, unknown>;
    firstHalfSecond: Record<string, { ratioToWarm: number; firstCreateCpuMs?: number }>;
  };
  showdown: {
    usPerTurn: number;
    usPerDecision: number;
    firstHalfSecond: { decisions: number; firstDecisionCpuMs: number } | null;
  };
  goals: { goal: string; met: boolean }[];
}
interface Report {
  BASELINES: string[];
  parseBaselineArgs(args: string[]): {
    json: boolean;
    size: string;
    warmSec: number | null;
    presets: string[] | null;
    reps: number | null;
  };
  engineKeys(shas: string[]): string[];
  runSizes(
    size: string,
    warmSec?: number | null,
    reps?: number | null,
  ): {
    reps: number;
    warmOf(key: string): number;
    warmSec: Record<string, number>;
    games(preset: string): number;
  };
  baselineJobs(o: {
    presets: string[];
    shas: string[];
    dists: Record<string, string>;
    sizes: ReturnType<Report["runSizes"]>;
    lists?: Record<string, Record<string, string | { missing: string }>>;
  }): {
    key: string;
    params: { warmSec?: number; games?: number; dist?: string; decksFrom?: string; listsFile?: unknown };
  }[];
  buildBaselineResult(o: { runs: Runs; presets: string[]; shas: string[] }): Result;
  formatBaselineTables(r: Result, shas: string[]): string;
}
interface Stats {
  median(xs: number[]): number;
  spread(xs: number[]): [number, number];
  summarize(runs: Record<string, unknown>[]): Record<string, { median: number; min: number; max: number }>;
}
const load = async <T>(file: string): Promise<T> => (await import(pathToFileURL(join(root, file)).href)) as T;
const report = await load<Report>("bench/baseline-report.mjs");
const stats = await load<Stats>("bench/stats.mjs");

describe("medians and spreads", () => {
  it("the middle value and the extremes, whatever the order", () => {
    expect(stats.median([5, 1, 3])).toBe(3);
    expect(stats.median([4, 1, 3, 2])).toBe(3);
    expect(stats.spread([5, 1, 3])).toEqual([1, 5]);
    expect(() => stats.median([])).toThrow(/no values/);
  });

  it("summarize keeps numeric fields only", () => {
    const s = stats.summarize([
      { a: 3, b: "x", c: 1 },
      { a: 1, b: "y", c: 2 },
      { a: 2, b: "z", c: 9 },
    ]);
    expect(s).toEqual({ a: { median: 2, min: 1, max: 3 }, c: { median: 2, min: 1, max: 9 } });
  });
});

describe("--baseline options", () => {
  const parse = (args: string[]) => report.parseBaselineArgs(args);

  const defaults = { json: false, size: "full", warmSec: null, presets: null, reps: null };

  it("reads --json, --quick, --smoke and --warm", () => {
    expect(parse(["--baseline"])).toEqual(defaults);
    expect(parse(["--baseline", "--json", "--quick"])).toEqual({ ...defaults, json: true, size: "quick" });
    expect(parse(["--smoke", "--warm", "1.5"])).toEqual({ ...defaults, size: "smoke", warmSec: 1.5 });
  });

  it("reads --presets (in the report's order) and --reps, which replaces the size's repetitions", () => {
    expect(parse(["--baseline", "--presets", "magic,duel-masters", "--reps", "9"])).toEqual({
      ...defaults,
      presets: ["duel-masters", "magic"],
      reps: 9,
    });
    expect(report.runSizes("full").reps).toBe(5);
    expect(report.runSizes("full", null, 9).reps).toBe(9);
    expect(report.runSizes("quick", null, 1).reps).toBe(1);
    expect(() => parse(["--presets", "pokemon"])).toThrow(
      /--presets: no preset "pokemon" here \(duel-masters, /,
    );
    expect(() => parse(["--presets"])).toThrow(/--presets needs a value/);
    expect(() => parse(["--presets", ","])).toThrow(/at least one preset/);
    expect(() => parse(["--reps", "0"])).toThrow(/--reps takes a whole number ≥ 1, got "0"/);
    expect(() => parse(["--reps", "2.5"])).toThrow(/got "2.5"/);
    expect(() => parse(["--reps", "--json"])).toThrow(/--reps needs a value/);
  });

  it("warms Yu-Gi-Oh!, Magic and Showdown longer in a full run; --warm sets every process", () => {
    const full = report.runSizes("full");
    expect(["duel-masters", "skirmish", "yugioh", "magic", "showdown"].map(full.warmOf)).toEqual([
      8, 8, 20, 20, 20,
    ]);
    expect(full.warmSec).toEqual({ default: 8, yugioh: 20, magic: 20, showdown: 20 });
    const dists = { head: "h", a: "a" };
    const warmOfJob = (sizes: ReturnType<Report["runSizes"]>) =>
      Object.fromEntries(
        report
          .baselineJobs({ presets: ["duel-masters", "magic"], shas: ["a"], dists, sizes })
          .filter((j) => j.params.warmSec !== undefined)
          .map((j) => [j.key, j.params.warmSec]),
      );
    expect(warmOfJob(full)).toMatchObject({
      "games:duel-masters:head": 8,
      "games:duel-masters:a": 8,
      "games:magic:head": 20,
      "games:magic:head@a": 20,
      showdown: 20,
      copies: 8,
      // simulate's workers warm like Duel Masters' games; the one-shot runs start cold.
      "workers:1": 8,
      "workers:2": 8,
    });
    expect(warmOfJob(full)["workersCold:2"]).toBeUndefined();
    const set = report.runSizes("full", 3);
    expect(new Set(Object.values(warmOfJob(set)))).toEqual(new Set([3]));
    expect(set.warmSec).toEqual({ default: 3 });
    expect(report.runSizes("quick").warmOf("magic")).toBe(0.5);
    expect(report.runSizes("smoke").warmOf("showdown")).toBe(0);
    // Every preset's timed window is many games: Magic's and Yu-Gi-Oh!'s long games too.
    expect(["duel-masters", "yugioh", "magic", "skirmish"].map(full.games)).toEqual([300, 100, 90, 1000]);
  });

  it("plays a baseline's lists from the file made for them, with no second engine in the process", () => {
    const dists = { head: "h", a: "a" };
    const sizes = report.runSizes("quick");
    const lists = { a: { skirmish: "/tmp/a-skirmish.json" } };
    const jobs = report.baselineJobs({ presets: ["skirmish"], shas: ["a"], dists, sizes, lists });
    const params = (key: string) => jobs.find((j) => j.key === key)!.params;
    expect(params("games:skirmish:head@a")).toMatchObject({ dist: "h", listsFile: "/tmp/a-skirmish.json" });
    expect(params("games:skirmish:head@a").decksFrom).toBeUndefined();
    // The baseline plays its own decks; this version its own decks too, beside.
    expect(params("games:skirmish:a")).toMatchObject({ dist: "a" });
    expect(params("games:skirmish:a").listsFile).toBeUndefined();
  });

  it("refuses a commit after --baseline, unknown options, bad --warm, --quick with --smoke", () => {
    expect(() => parse(["--baseline", "abc123"])).toThrow(
      /takes no commit \("abc123"\).*--search --baseline SHA/,
    );
    expect(() => parse(["--baseline", "--fast"])).toThrow(/unknown option "--fast"/);
    expect(() => parse(["--warm"])).toThrow(/--warm takes CPU-seconds.*got nothing/);
    expect(() => parse(["--warm", "-1"])).toThrow(/got "-1"/);
    expect(() => parse(["--warm", "soon"])).toThrow(/got "soon"/);
    expect(() => parse(["--quick", "--smoke"])).toThrow(/choose one/);
  });
});

/** Made-up runs of every job: two repetitions, figures chosen so every ratio is known. */
function madeUpRuns(shas: string[]): Runs {
  const game = (usPerResponse: number, usPerTurn: number) => ({
    usPerResponse,
    usPerTurn,
    actionsPerGame: 100,
    turnsPerGame: 10,
    firstHalfSecondUsPerResponse: usPerResponse * 1.5,
    firstCreateCpuMs: usPerResponse * 4,
    importCpuMs: 80,
  });
  const runs: Runs = {};
  for (const preset of ["magic", "skirmish"]) {
    runs[`games:${preset}:head`] = [game(10, 100), game(12, 120)];
    runs[`games:${preset}:${shas[0]}`] = [game(30, 300), game(30, 300)];
    runs[`games:${preset}:head@${shas[0]}`] =
      preset === "skirmish" ? [game(15, 150), game(15, 150)] : [game(10, 100), game(15, 150)];
    // The oldest baseline has no skirmish here: its figures are null.
    runs[`games:${preset}:${shas[1]}`] =
      preset === "skirmish" ? [{ missing: true }, { missing: true }] : [game(8, 80), game(8, 80)];
    runs[`games:${preset}:head@${shas[1]}`] =
      preset === "skirmish" ? [{ missing: true }, { missing: true }] : [game(10, 100), game(10, 100)];
    runs[`undo:${preset}`] = [
      { copiesPer1000Actions: 16, copiesPer1000ActionsExactUndo: 1000, copiesPerRestoreThen20: 1 },
    ];
  }
  const battles = { usPerTurn: 1000, usPerDecision: 400, turnsPerBattle: 40, decisionsPerBattle: 90 };
  runs.showdown = [
    { ...battles, firstHalfSecondDecisions: 0, firstDecisionCpuMs: 1100 },
    { ...battles, firstHalfSecondDecisions: 12, firstDecisionCpuMs: 450 },
  ];
  runs.skeleton = [{ usPerAction: 1, reducerUsPerAction: 70 }];
  runs.copies = [{ restoreUs: 5, structuredCloneNoLogUs: 100, structuredCloneUs: 200 }];
  runs["workers:1"] = [{ cpuMsPerGame: 10, wallSec: 5, games: 500 }];
  runs["workers:2"] = [{ cpuMsPerGame: 12, wallSec: 3, games: 500 }];
  runs["workersCold:1"] = [{ cpuMsPerGame: 20, wallSec: 5, games: 300 }];
  runs["workersCold:2"] = [{ cpuMsPerGame: 30, wallSec: 4, games: 300 }];
  return runs;
}

describe("the result", () => {
  const shas = report.BASELINES;
  const r = report.buildBaselineResult({ runs: madeUpRuns(shas), presets: ["magic", "skirmish"], shas });

  it("has one entry per preset with medians per engine, spreads beside them, and Showdown's figures", () => {
    expect(r.baseline.map((b) => b.preset)).toEqual(["magic", "skirmish"]);
    const magic = r.baseline[0]!;
    expect(Object.keys(magic.usPerResponse)).toEqual(["head", ...shas]);
    expect(magic.usPerResponse).toEqual({ head: 12, [shas[0]!]: 30, [shas[1]!]: 8 });
    expect(magic.usPerResponseSpread.head).toEqual([10, 12]);
    expect(magic.usPerTurn.head).toBe(120);
    expect(magic.showdownUsPerTurn).toBe(1000);
    expect(magic.showdownUsPerDecision).toBe(400);
    expect(magic.vsShowdown).toEqual({ perTurn: 0.12, perDecision: 0.03 });
    expect(report.engineKeys(shas)).toEqual(["head", shas[0], `head@${shas[0]}`, shas[1], `head@${shas[1]}`]);
  });

  it("compares each baseline with the current code on the baseline's lists, per repetition", () => {
    const magic = r.baseline[0]!;
    // Repetition ratios 30/10 = 3 and 30/15 = 2: median (the upper middle) 3, spread 2–3.
    expect(magic.sameLists[shas[0]!]).toMatchObject({
      speedupPerResponse: 3,
      speedupPerResponseSpread: [2, 3],
    });
    expect(magic.sameLists[shas[1]!]).toMatchObject({ speedupPerResponse: 0.8 });
    const skirmish = r.baseline[1]!;
    expect(skirmish.usPerResponse[shas[1]!]).toBeNull();
    expect(skirmish.sameLists[shas[1]!]).toBeNull();
  });

  it("puts the kernel's figures beside them and reads the goals off", () => {
    expect(r.skeleton).toMatchObject({ usPerAction: 1, reducerRatio: 70 });
    expect(r.restore).toMatchObject({ ratio: 0.05, actCopiesWhenNothingToUndo: true });
    expect(r.workers.secondWorkerRatio).toBe(1.2);
    expect(r.workers.oneShot).toEqual({
      games: 300,
      cpuMsPerGame1: 20,
      cpuMsPerGame2: 30,
      secondWorkerRatio: 1.5,
      secondWorkerRatioSpread: [1.5, 1.5],
    });
    expect(r.workers.firstHalfSecond.magic!.ratioToWarm).toBe(1.5);
    // The first game of the preset made in the process (its rules compiled): of 40 and 48, the upper.
    expect(r.workers.firstHalfSecond.magic!.firstCreateCpuMs).toBe(48);
    // A fresh Showdown process: its decisions in the first 0.5 CPU-s, its CPU at the first.
    expect(r.showdown.firstHalfSecond).toEqual({
      decisions: 12,
      decisionsSpread: [0, 12],
      firstDecisionCpuMs: 1100,
      firstDecisionCpuMsSpread: [450, 1100],
    });
    expect(r.goals.map((g) => g.met)).toEqual([
      false, // ≥ 2.5× faster than the older baseline: skirmish 30/15 = 2
      false, // not slower than the oldest: magic 8/10 = 0.8
      true, // ≤ 1/3 of Showdown per turn: 120/1000
      true, // ≥ 10× cheaper per decision: 12/400
      false, // skeleton 1 µs
      false, // reducer 70×
      true, // restore 5/100
      false, // second worker 1.2
      true, // first 0.5 CPU-s 1.5× warm
    ]);
    expect(r.goals[0]).toMatchObject({ figure: { preset: "skirmish", value: 2 } });
  });

  it("prints a table row per preset, the kernel's figures and the goals", () => {
    const text = report.formatBaselineTables(r, shas);
    expect(text).toMatch(
      /\| magic \| 12 \(10–12\) \| 30 \(30–30\) \| 15 \(10–15\) \| 3× \(2–3\) \| 8 \(8–8\)/,
    );
    expect(text).toMatch(/\| skirmish \|.*\| — \| — \| — \|/);
    expect(text).toContain("| restore ≤ 1/10 of structuredClone without the log | 0.05 | yes |");
    expect(text).toContain(
      "| Pokémon Showdown's first 0.5 CPU-s of a process: decisions sent; the CPU at its first decision | 12 (0–12); 1,100 (450–1,100) ms |",
    );
  });
});

const cached = [
  "dist/index.js",
  "bench/node_modules/boardgame.io/package.json",
  "bench/node_modules/pokemon-showdown/package.json",
  ...report.BASELINES.map((sha) => `bench/.baseline/${sha}/.built`),
].every((f) => existsSync(join(root, f)));

const showdownInstalled = existsSync(join(root, "bench/node_modules/pokemon-showdown/package.json"));

describe("Pokémon Showdown's battles", () => {
  it.skipIf(!showdownInstalled)("the same seed plays the same battle, another seed another one", async () => {
    const { battle } = await load<{
      battle(
        seed: number,
        onDecision?: () => void,
      ): Promise<{ turns: number; decisions: number; result: string }>;
    }>("bench/showdown.mjs");
    let heard = 0;
    const [a, b, c, d] = [await battle(1, () => heard++), await battle(2), await battle(1), await battle(2)];
    // The hook hears each decision as it is sent: what the first 0.5 CPU-second counts.
    expect(heard).toBe(a.decisions);
    expect(c).toEqual(a);
    expect(d).toEqual(b);
    expect(b).not.toEqual(a);
    expect(a.decisions).toBeGreaterThanOrEqual(2 * a.turns);
    expect(a.result).toMatch(/^\|(win\|P[12]|tie)$/);
  });
});

describe("a --smoke run", () => {
  it.skipIf(!cached)(
    "prints one JSON object with an entry per preset (baselines built and bench/ installed)",
    () => {
      const r = spawnSync(process.execPath, ["--expose-gc", "bench/baselines.mjs", "--smoke", "--json"], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "production" },
      });
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      const lines = r.stdout.trim().split("\n");
      expect(lines).toHaveLength(1);
      const out = JSON.parse(lines[0]!) as Result;
      expect(out.baseline.map((b) => b.preset)).toEqual([
        "duel-masters",
        "duel-masters-play",
        "yugioh",
        "magic",
        "skirmish",
      ]);
      for (const b of out.baseline) {
        for (const e of ["head", ...report.BASELINES])
          expect(b.usPerResponse[e], `${b.preset} ${e}`).toBeGreaterThan(0);
        expect(b.usPerTurn.head).toBeGreaterThan(b.usPerResponse.head!);
        expect(b.showdownUsPerTurn).toBeGreaterThan(0);
      }
      expect(out.showdown.firstHalfSecond?.firstDecisionCpuMs).toBeGreaterThan(0);
      expect(out.goals).toHaveLength(9);
      // The commit measured, marked when the work tree differs from it: a run says what it measured.
      expect(out.commit).toMatch(/^[0-9a-f]{7,}(\+changes)?$/);
    },
    600_000,
  );

  it.skipIf(!cached)(
    "--presets measures those presets only, beside the kernel's and Showdown's figures",
    () => {
      const args = ["--smoke", "--json", "--presets", "skirmish", "--reps", "2"];
      const r = spawnSync(process.execPath, ["--expose-gc", "bench/baselines.mjs", ...args], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "production" },
      });
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      const out = JSON.parse(r.stdout.trim()) as Result & { presets: string[]; reps: number };
      expect(out.presets).toEqual(["skirmish"]);
      expect(out.reps).toBe(2);
      expect(out.baseline.map((b) => b.preset)).toEqual(["skirmish"]);
      expect(out.baseline[0]!.usPerResponse.head).toBeGreaterThan(0);
      expect(out.workers.firstHalfSecond.skirmish!.firstCreateCpuMs).toBeGreaterThan(0);
      expect(out.showdown.usPerTurn).toBeGreaterThan(0);
      expect(out.goals).toHaveLength(9);
    },
    600_000,
  );
});
