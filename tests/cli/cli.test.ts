/**
 * The command line, end to end: scenario reports and exit codes, JSON output, narrated play,
 * replays.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const example = join(root, "scenarios/examples/skirmish-herald-once-each-turn.yaml");

function turnkit(...args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", join(root, "src/cli/main.ts"), ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

let dir: string;
let wrong: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "turnkit-cli-"));
  const text = readFileSync(example, "utf8");
  // The hand really holds the second Knight: expecting a Giant there must fail at that line.
  expect(text).toContain("hand: [knight]");
  wrong = join(dir, "wrong-expectation.yaml");
  writeFileSync(wrong, text.replace("hand: [knight]", "hand: [giant]"));
});

describe("turnkit run", () => {
  it("passes a correct scenario with exit code 0", () => {
    const r = turnkit("run", example);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("✓");
    expect(r.stdout).toContain("1 passed, 0 failed, 1 file");
  });

  it("exits non-zero on a wrong expectation, naming it with file, line and column", () => {
    const r = turnkit("run", example, wrong);
    expect(r.code).toBe(1);
    const line =
      readFileSync(wrong, "utf8")
        .split("\n")
        .findIndex((l) => l.includes("hand: [giant]")) + 1;
    expect(r.stdout).toMatch(
      new RegExp(`wrong-expectation\\.yaml:${line}:\\d+: script\\[3\\]\\.expect\\.zones\\.P1\\.hand`),
    );
    expect(r.stdout).toContain("expected [giant], got [knight");
    expect(r.stdout).toContain("1 passed, 1 failed, 2 files");
  });

  it("prints one JSON object with --json", () => {
    const r = turnkit("run", "--json", example, wrong);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      passed: number;
      failed: number;
      files: {
        file: string;
        passed: boolean;
        covers: string[];
        failures: { line: number; message: string }[];
      }[];
    };
    expect(out.passed).toBe(1);
    expect(out.failed).toBe(1);
    expect(out.files.map((f) => f.passed)).toEqual([true, false]);
    expect(out.files[1]!.failures[0]!.message).toContain("missing giant");
    expect(out.files[1]!.failures[0]!.line).toBeGreaterThan(1);
  });

  it("reports malformed YAML and schema errors with their position", () => {
    const broken = join(dir, "broken.yaml");
    writeFileSync(broken, "name: [unclosed\n");
    const badField = join(dir, "bad-field.yaml");
    writeFileSync(badField, "name: bad\npreset: skirmish\nsetup:\n  turn: three\n");
    const r = turnkit("run", broken, badField);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/broken\.yaml:2:1: YAML syntax: Flow sequence .* end with a \]/);
    expect(r.stdout).toMatch(/bad-field\.yaml:4:9: setup\.turn: .*expected number/);
  });

  it("runs a directory of scenarios", () => {
    const r = turnkit("run", join(root, "scenarios/limits"));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\d+ passed, 0 failed/);
  });
});

describe("turnkit play and replay", () => {
  it("narrates a whole game to a winner", () => {
    const r = turnkit("play", "--game", "skirmish", "--seed", "4");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Turn 1/);
    expect(r.stdout).toMatch(/Main step/);
    expect(r.stdout).toMatch(/Game over: .*(won|lost)/);
  });

  it("emits JSON lines with --json, ending in a summary", () => {
    const r = turnkit("play", "--game", "skirmish", "--seed", "4", "--json");
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; winner?: number });
    expect(lines[0]!.type).toBe("turnBegin");
    expect(lines.at(-1)!.type).toBe("summary");
    expect(lines.some((l) => l.type === "nodeBegin")).toBe(true);
  });

  it("saves a replay that reproduces the same final state", () => {
    const file = join(dir, "game.replay.json");
    expect(turnkit("play", "--game", "skirmish", "--seed", "9", "--save", file).code).toBe(0);
    const r = turnkit("replay", file, "--quiet");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("reproduced the final state exactly");
    const tampered = JSON.parse(readFileSync(file, "utf8")) as { seed: number };
    tampered.seed += 1;
    writeFileSync(file, JSON.stringify(tampered));
    expect(turnkit("replay", file, "--quiet").code).not.toBe(0);
  });

  it("names the known presets when given an unknown one", () => {
    const r = turnkit("play", "--game", "no-such-game");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown preset "no-such-game"; known presets:');
    expect(r.stderr).toContain("skirmish");
  });
});

describe("seeds", () => {
  it("play without --seed uses a fresh 128-bit seed, prints it and saves it in the replay", () => {
    const file = join(dir, "random-seed.replay.json");
    const r = turnkit("play", "--game", "skirmish", "--save", file);
    expect(r.code).toBe(0);
    const seed = /Seed ([0-9a-f]{32})\. State sha256/.exec(r.stdout)?.[1];
    expect(seed).toBeDefined();
    expect((JSON.parse(readFileSync(file, "utf8")) as { seed: unknown }).seed).toBe(seed);
    expect(turnkit("replay", "--quiet", file).code).toBe(0);
  });

  it("--seed takes an integer (kept a number) or any text (kept a string)", async () => {
    const { main } = await import("../../src/cli/program.js");
    const summary = async (seed: string): Promise<{ seed: unknown }> => {
      let out = "";
      const code = await main(["play", "--game", "skirmish", "--seed", seed, "--json"], {
        stdout: (t) => {
          out += t;
        },
        stderr: () => {},
        env: {},
      });
      expect(code).toBe(0);
      return JSON.parse(out.trim().split("\n").at(-1)!) as { seed: unknown };
    };
    expect((await summary("42")).seed).toBe(42);
    expect((await summary("a seed of words")).seed).toBe("a seed of words");
    // Past 2^53 an integer is kept as its text: not rounded.
    expect((await summary("123456789012345678901234567890")).seed).toBe("123456789012345678901234567890");
  });
});

describe("error reports", () => {
  it("an unexpected error is one line, exit 1, its stack only with TURNKIT_DEBUG=1", async () => {
    const { reportError } = await import("../../src/cli/errors.js");
    let err = "";
    const code = reportError(new TypeError("x is not a function"), {
      stderr: (t) => (err += t),
      debug: false,
    });
    expect(code).toBe(1);
    expect(err).toBe(
      "turnkit: internal error: x is not a function\nturnkit: this is a bug in turnkit; TURNKIT_DEBUG=1 prints where it happened\n",
    );
    let debug = "";
    reportError(new TypeError("x is not a function"), { stderr: (t) => (debug += t), debug: true });
    expect(debug).toMatch(
      /^turnkit: internal error: x is not a function\nTypeError: x is not a function\n\s+at /,
    );
  });
});
