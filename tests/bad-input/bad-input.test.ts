/**
 * A corpus of bad input — scenario files, replay files, command lines — each of which must get a
 * clear turnkit error naming what and where (file:line:col for YAML and JSON, the flag for the
 * command line, the response for a replay), the documented exit code (1 failed or diverged, 2
 * usage or input), and never a stack trace (issue "A trustworthy host"; docs/cli.md).
 *
 * The cases are data (cases.ts and the files under scenarios/ and replays/). Scenario files go
 * through one real `turnkit run --json` process, which must report every file and go on; command
 * lines and replays run in-process through the same main() (fast), and a sample of them again as
 * real processes, which must answer the same.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/program.js";
import { loadScenarioFile, ScenarioError } from "../../src/scenario/load.js";
import { runCli } from "../support/cli.js";
import {
  type CliCase,
  cliCases,
  type Expected,
  generatedReplays,
  generatedScenarios,
  type ReplayJson,
  replayFiles,
  replayMutations,
} from "./cases.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const here = join(root, "tests/bad-input");
const scenarioDir = join(here, "scenarios");
const replayDir = join(here, "replays");
/** A line of a JavaScript stack trace. */
const STACK_LINE = /^\s+at \S/m;

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function inProcess(argv: string[]): Promise<Result> {
  return runCli(main, argv);
}

function inChild(argv: string[]): Promise<Result> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(root, "src/cli/main.ts"), ...argv], {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1", TURNKIT_DEBUG: "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.on("error", fail);
    child.on("close", (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

function expectError(r: Result, want: Expected): void {
  expect(r.stderr, "one turnkit: line first").toMatch(/^turnkit: \S/);
  expect(r.stderr).toMatch(want.stderr);
  expect(r.stderr, "no stack trace").not.toMatch(STACK_LINE);
  expect(r.code, r.stderr).toBe(want.code);
}

let tmp: string;
let base: string;
const fill = (argv: string[]): string[] =>
  argv.map((a) =>
    a
      .replaceAll("{tmp}", tmp)
      .replaceAll("{file}", join(tmp, "a-file.txt"))
      .replaceAll("{empty}", join(tmp, "empty"))
      .replaceAll("{base}", base),
  );

beforeAll(async () => {
  tmp = fs.mkdtempSync(join(tmpdir(), "turnkit-bad-input-"));
  fs.mkdirSync(join(tmp, "empty"));
  fs.writeFileSync(join(tmp, "a-file.txt"), "not a directory\n");
  // A real saved game: the replay mutations start from it.
  base = join(tmp, "base.replay");
  const played = await inProcess(["play", "--game", "skirmish", "--seed", "9", "--save", base]);
  expect(played.code, played.stderr).toBe(0);
});

// ---- scenario files ------------------------------------------------------------------------------

interface ScenarioCase {
  file: string;
  message: RegExp;
  /** "line:col", when the case pins it. */
  at?: string;
}

function committedScenarios(): ScenarioCase[] {
  return fs
    .readdirSync(scenarioDir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .map((f) => {
      const head = fs.readFileSync(join(scenarioDir, f), "utf8").split("\n").slice(0, 3).join("\n");
      const expectLine = /^# expect: (.+)$/m.exec(head);
      if (!expectLine) throw new Error(`${f}: no "# expect: <regex>" line`);
      const at = /^# at: (\d+:\d+)$/m.exec(head)?.[1];
      return { file: join(scenarioDir, f), message: new RegExp(expectLine[1]!), ...(at ? { at } : {}) };
    });
}

describe("scenario files", () => {
  const committed = committedScenarios();
  const generatedDir = (): string => join(tmp, "scenarios");
  let run: Result;
  let report: {
    passed: number;
    failed: number;
    files: {
      file: string;
      passed: boolean;
      failures: { line: number; col: number; path: string; message: string }[];
    }[];
  };

  beforeAll(async () => {
    fs.mkdirSync(generatedDir());
    for (const g of generatedScenarios) {
      const path = join(generatedDir(), g.name);
      const content = g.content();
      if (content === "directory") fs.mkdirSync(path);
      else if (content !== "missing") fs.writeFileSync(path, content);
    }
    // One process for the whole corpus: every file is reported, none stops the run.
    const started = Date.now();
    run = await inChild(["run", "--json", scenarioDir, generatedDir(), join(generatedDir(), "missing.yaml")]);
    expect(Date.now() - started, "the corpus is refused quickly").toBeLessThan(30_000);
    report = JSON.parse(run.stdout) as typeof report;
  });

  it("are all reported as failures, the run going on past each, with exit code 1 and no stack trace", () => {
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(run.stderr).toBe("");
    // Every committed file and every generated one except the directory (a glob lists only files).
    expect(report.files.length).toBe(committed.length + generatedScenarios.length - 1);
    expect(report.passed).toBe(0);
    expect(committed.length + generatedScenarios.length).toBeGreaterThanOrEqual(70);
  });

  const check = (file: string, message: RegExp, at: string | undefined): void => {
    const entry = report.files.find((f) => f.file === file || f.file.endsWith(`/${basename(file)}`));
    expect(entry, `${file} is in the report`).toBeDefined();
    expect(entry!.passed).toBe(false);
    const first = entry!.failures[0]!;
    // As `turnkit run` prints it: file:line:col: path: message.
    const text = `${first.path ? `${first.path}: ` : ""}${first.message}`;
    expect(text).toMatch(message);
    expect(text).not.toMatch(STACK_LINE);
    expect(first.line).toBeGreaterThanOrEqual(1);
    expect(first.col).toBeGreaterThanOrEqual(1);
    if (at) expect(`${first.line}:${first.col}`).toBe(at);
  };

  for (const c of committed)
    it(`${basename(c.file)}: ${c.message.source}`, () => {
      check(c.file, c.message, c.at);
    });

  for (const g of generatedScenarios)
    it(`${g.name} (written at test time): ${g.message.source}`, () => {
      const path = join(generatedDir(), g.name);
      if (g.content() !== "directory") check(path, g.message, g.at);
      // The loader says the same, with file:line:col.
      let error: unknown;
      try {
        loadScenarioFile(path);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ScenarioError);
      const e = error as ScenarioError;
      expect(e.detail).toMatch(g.message);
      expect(`${e.position.line}:${e.position.col}`).toBe(g.at);
      expect(e.message.startsWith(`${path}:${g.at}: `)).toBe(true);
    });
});

// ---- replay files --------------------------------------------------------------------------------

describe("replay files", () => {
  it("the unchanged saved game replays exactly (exit 0)", async () => {
    const r = await inProcess(["replay", "--quiet", base]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("reproduced the final state exactly");
  });

  it("every file under replays/ has its expectation, and every expectation its file", () => {
    expect(fs.readdirSync(replayDir).sort()).toEqual(Object.keys(replayFiles).sort());
  });

  for (const [name, want] of Object.entries(replayFiles))
    it(`${name}: ${want.stderr.source}`, async () => {
      const file = join(replayDir, name);
      const r = await inProcess(["replay", "--quiet", file]);
      expectError(r, want);
      expect(r.stderr).toContain(`turnkit: ${file}`);
    });

  for (const g of generatedReplays)
    it(`${g.name} (written at test time): ${g.stderr.source}`, async () => {
      const file = join(tmp, g.name);
      g.make(file, fs);
      const r = await inProcess(["replay", "--quiet", file]);
      expectError(r, g);
      expect(r.stderr).toContain(`turnkit: ${file}`);
    });

  for (const m of replayMutations)
    it(`a saved game with ${m.name}: exit ${m.code}`, async () => {
      const replay = JSON.parse(fs.readFileSync(base, "utf8")) as ReplayJson;
      m.mutate(replay);
      const file = join(tmp, `${m.name.replaceAll(" ", "-")}.replay`);
      fs.writeFileSync(file, JSON.stringify(replay, null, 1));
      const r = await inProcess(["replay", "--quiet", file]);
      expectError(r, m);
      expect(r.stderr).toContain(`turnkit: ${file}:`);
    });
});

// ---- command lines -------------------------------------------------------------------------------

describe("command lines", () => {
  for (const c of cliCases)
    it(`${c.name}: turnkit ${c.argv.join(" ").slice(0, 60)}`, async () => {
      expectError(await inProcess(fill(c.argv)), c);
    });
});

// ---- simulate results ----------------------------------------------------------------------------

describe("simulate results given to merge", () => {
  /** Shards 1/2 and 2/2 of a run of 4 skirmish games, as `simulate --json` writes them. */
  const shards = async (): Promise<[string, string]> => {
    const files: string[] = [];
    for (const i of [1, 2]) {
      const file = join(tmp, `shard-${i}.json`);
      if (!fs.existsSync(file)) {
        const r = await inProcess(
          [
            "simulate",
            "--game",
            "skirmish",
            "--games",
            "4",
            "--workers",
            "0",
            "--shard",
            `${i}/2`,
            "--json",
          ].concat(["--out", file]),
        );
        expect(r.code, r.stderr).toBe(0);
      }
      files.push(file);
    }
    return files as [string, string];
  };

  it("merges every shard into the whole run", async () => {
    const [a, b] = await shards();
    const r = await inProcess(["simulate", "merge", b, a, "--json"]);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({ games: 4, shard: null, played: { first: 1, count: 4 } });
  });

  it("refuses one shard merged as if it were the whole run", async () => {
    const [a] = await shards();
    expectError(await inProcess(["simulate", "merge", a]), {
      code: 2,
      stderr:
        /^turnkit: merge: the results cover seeds 1…2, 2 of the run's 4 games \(1…4; shard 1\/2\): not the whole run; give every shard\n$/,
    });
  });

  const tampered: [string, (r: Record<string, unknown>) => void, RegExp][] = [
    [
      "a negative count",
      (r) => (r.games = -1),
      /shard-bad\.json: games: Too small: expected number to be >=0/,
    ],
    ["a count of 1e308", (r) => (r.games = 1e308), /shard-bad\.json: games: Too big/],
    [
      "a field results don't have",
      (r) => (r.comment = "x"),
      /shard-bad\.json: \(top\): Unrecognized key: "comment"/,
    ],
    [
      "a __proto__ key",
      (r) =>
        Object.defineProperty(r.cards, "__proto__", { value: { cast: 1 }, enumerable: true, writable: true }),
      /shard-bad\.json: cards\.__proto__: a key named "__proto__" is not allowed/,
    ],
  ];
  for (const [what, change, message] of tampered)
    it(`refuses a result with ${what}`, async () => {
      const [a, b] = await shards();
      const r = JSON.parse(fs.readFileSync(a, "utf8")) as Record<string, unknown>;
      change(r);
      const bad = join(tmp, "shard-bad.json");
      fs.writeFileSync(bad, JSON.stringify(r));
      expectError(await inProcess(["simulate", "merge", bad, b]), { code: 2, stderr: message });
    });
});

// ---- a user's preset ------------------------------------------------------------------------------

describe("a user's own preset", () => {
  const userPreset = (name: string, body: string): string => {
    const file = join(tmp, name);
    fs.writeFileSync(
      file,
      `import { getPreset } from ${JSON.stringify(join(root, "src/presets/index.ts"))};\nconst lab = getPreset("lab");\n${body}\n`,
    );
    return file;
  };

  it("whose setup throws is named as that preset's bug, not turnkit's (exit 1)", async () => {
    const file = userPreset(
      "my-lab.ts",
      'export default { ...lab, id: "my-lab", setup() { throw new RangeError("no decks"); } };',
    );
    const r = await inProcess(["play", "--preset", file, "--seed", "1"]);
    expectError(r, {
      code: 1,
      stderr:
        /^turnkit: error in the code of preset "my-lab": preset "my-lab": setup threw: RangeError: no decks\nturnkit: this is a bug in preset "my-lab"; TURNKIT_DEBUG=1 prints where it happened\n$/,
    });
    expect(r.stderr).not.toMatch(/bug in turnkit/);
  });

  it("whose factory never settles makes play fail, not exit 0 having done nothing", async () => {
    const file = join(tmp, "never.mjs");
    fs.writeFileSync(file, "export default () => new Promise(() => {});\n");
    const r = await inChild(["play", "--preset", file, "--seed", "1"]);
    expect(r.stdout).toBe("");
    expectError(r, {
      code: 1,
      stderr:
        /^turnkit: the command stopped before it finished: something it waited for never settled \(a preset module or factory whose promise never resolves\?\)\n$/,
    });
  });
});

// ---- the same through real processes ----------------------------------------------------------

describe("as real processes", () => {
  const byName = (name: string): CliCase => cliCases.find((c) => c.name === name)!;
  const sample: { name: string; argv: () => string[]; want: Expected | null }[] = [
    ...["an unknown play flag", "--option without =", "--save into a missing directory"].map((name) => ({
      name,
      argv: () => fill(byName(name).argv),
      want: byName(name) as Expected | null,
    })),
    {
      name: "truncated.replay",
      argv: () => ["replay", "--quiet", join(replayDir, "truncated.replay")],
      want: replayFiles["truncated.replay"]!,
    },
    { name: "the saved game", argv: () => ["replay", "--quiet", base], want: null },
  ];

  it("answer like main() in-process: the same exit code and stderr", async () => {
    const results = await Promise.all(
      sample.map(async (s) => ({ s, child: await inChild(s.argv()), own: await inProcess(s.argv()) })),
    );
    for (const { s, child, own } of results) {
      expect({ name: s.name, code: child.code, stderr: child.stderr }).toEqual({
        name: s.name,
        code: own.code,
        stderr: own.stderr,
      });
      if (s.want) expectError(child, s.want);
      else expect(child.code).toBe(0);
    }
  });
});
