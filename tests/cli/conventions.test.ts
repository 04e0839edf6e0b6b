/**
 * Command line conventions: --version, --json wherever output is data, exit
 * codes for nothing to run, NO_COLOR / ASCII output, and an example in every --help.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { toAscii, wantsAscii } from "../../src/cli/ascii.js";
import { main } from "../../src/cli/program.js";
import { runCli } from "../support/cli.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
const NON_ASCII = /[^\p{ASCII}]/u;
const ESC = "\u001b";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "turnkit-conventions-"));
});

describe("--version", () => {
  it("prints the version of package.json and exits 0", async () => {
    for (const flag of ["--version", "-V"]) {
      const r = await runCli(main, [flag]);
      expect(r).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
    }
  });

  it("is the same from a process", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", join(root, "src/cli/main.ts"), "--version"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(r.stdout).toBe(`${pkg.version}\n`);
    expect(r.status).toBe(0);
  });
});

describe("--json", () => {
  it("presets --json is one JSON array with what a tool needs", async () => {
    const r = await runCli(main, ["presets", "--json"]);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as {
      id: string;
      name: string;
      players: { min: number; max: number };
      options: Record<string, { default: unknown; description: string }>;
      zones: string[];
      cards: number;
      source: string;
    }[];
    expect(list.map((p) => p.id)).toContain("duel-masters");
    const dm = list.find((p) => p.id === "duel-masters")!;
    expect(dm.players).toEqual({ min: 2, max: 2 });
    expect(dm.options.rulesVersion?.default).toBe("2017");
    expect(dm.zones).toContain("shield");
    expect(dm.source).toBe("built-in");
    expect(dm.cards).toBeGreaterThan(0);
  });

  it("replay --json ends with a result line; with --quiet it is the only line", async () => {
    const save = join(dir, "game.json");
    expect((await runCli(main, ["play", "--game", "skirmish", "--seed", "9", "--save", save])).code).toBe(0);
    const r = await runCli(main, ["replay", "--json", "--quiet", save]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      type: "result",
      reproduced: true,
      turn: expect.any(Number),
    });
    const full = await runCli(main, ["replay", "--json", save]);
    for (const line of full.stdout.trim().split("\n")) JSON.parse(line);
  });
});

describe("nothing to run", () => {
  it("an empty directory is a usage error (exit 2) with a message", async () => {
    const r = await runCli(main, ["run", dir]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`turnkit: no scenario files (*.yaml, *.yml) in ${dir}: nothing to run`);
  });

  it("a glob that matches nothing too", async () => {
    const r = await runCli(main, ["run", `${dir}/**/*.yaml`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no scenario files");
  });
});

describe("colour and ASCII", () => {
  const play = ["play", "--game", "duel-masters", "--seed", "1"];

  it("never writes an ANSI escape, with NO_COLOR or without", async () => {
    for (const env of [{ NO_COLOR: "1" }, {}] as Record<string, string>[]) {
      const r = await runCli(main, play, env);
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain(ESC);
    }
  });

  it("the default output uses Unicode symbols", async () => {
    const r = await runCli(main, play, { LANG: "C.UTF-8" });
    expect(r.stdout).toMatch(NON_ASCII);
  });

  it("--ascii, TERM=dumb and a locale that is not UTF-8 print plain ASCII", async () => {
    const cases: [string[], Record<string, string>][] = [
      [[...play, "--ascii"], {}],
      [["--ascii", ...play], { LANG: "en_US.UTF-8" }],
      [play, { TERM: "dumb" }],
      [play, { LANG: "en_US.ISO-8859-1" }],
      [play, { LC_ALL: "C" }],
    ];
    for (const [argv, env] of cases) {
      const r = await runCli(main, argv, env);
      expect(r.code).toBe(0);
      expect(r.stdout).not.toMatch(NON_ASCII);
      expect(r.stdout).toContain("->");
    }
  });

  it("ASCII JSON lines keep their data", async () => {
    const uni = await runCli(main, [...play, "--json"]);
    const ascii = await runCli(main, [...play, "--json", "--ascii"]);
    expect(ascii.stdout).not.toMatch(NON_ASCII);
    const parse = (s: string) =>
      s
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as unknown);
    expect(parse(ascii.stdout)).toEqual(parse(uni.stdout));
  });

  it("run's report in ASCII", async () => {
    const r = await runCli(main, [
      "run",
      "--ascii",
      join(root, "scenarios/examples/skirmish-herald-once-each-turn.yaml"),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok .*skirmish-herald-once-each-turn\.yaml -- Herald/);
  });

  it("the table and the detection", () => {
    expect(toAscii("━━ Turn 1 ━━ ▸ P1 → hand ⊘ “x” — … é")).toBe('== Turn 1 == > P1 -> hand ! "x" -- ... e');
    expect(toAscii('{"text":"a → b"}')).toBe('{"text":"a \\u2192 b"}');
    expect(wantsAscii([], {})).toBe(false);
    expect(wantsAscii(["run", "--", "--ascii"], {})).toBe(false);
    expect(wantsAscii([], { LANG: "C.UTF-8" })).toBe(false);
    expect(wantsAscii([], { LANG: "C.UTF-8", LC_ALL: "POSIX" })).toBe(true);
  });
});

describe("--help", () => {
  for (const argv of [[], ["run"], ["play"], ["replay"], ["presets"], ["simulate"], ["serve"], ["bot"]]) {
    it(`turnkit ${argv.join(" ")} --help has an example and says each default once`, async () => {
      const r = await runCli(main, [...argv, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("Example");
      expect(r.stdout).toMatch(/\$ (\w+=\S+ )?turnkit /);
      // An option's own words and commander's "(default: …)" would say it twice.
      const options = r.stdout.replace(/\s+/g, " ").split(/ (?=--?[a-zA-Z])/);
      for (const option of options) expect(option.match(/\(default\b/g)?.length ?? 0, option).toBeLessThan(2);
    });
  }
});
