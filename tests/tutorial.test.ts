/**
 * The tutorial game of docs/kernel.md (examples/tutorial/): written outside
 * src/, it plays seeded games to the end, its scenario passes, its examples print what the doc
 * says, and the CLI loads it by path for `play`, `run` and `replay`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Game } from "turnkit";
import { randomAgent } from "turnkit/agents";
import { registerPreset } from "turnkit/presets";
import { describe, expect, it } from "vitest";
import skyduelDefault, { skyduel } from "../examples/tutorial/skyduel.js";
import { main } from "../src/cli/program.js";
import { loadScenarioFile } from "../src/scenario/load.js";
import { runScenario } from "../src/scenario/runner.js";
import { runCli } from "./support/cli.js";

const PRESET = "examples/tutorial/skyduel.ts";
const SCENARIO = "examples/tutorial/skyduel.scenario.yaml";

describe("the tutorial game, in-process", () => {
  it("exports its preset by default and by name", () => {
    expect(skyduelDefault).toBe(skyduel);
  });

  it("plays seeded random games to a result, using every rule the tutorial shows", () => {
    const types = new Set<string>();
    for (let seed = 1; seed <= 10; seed++) {
      const game = Game.create(skyduel, { seed }).run();
      const agent = randomAgent(seed);
      for (let n = 0; n < 2000 && !game.over; n++) game.act(agent.choose(game));
      expect(game.over).toBe(true);
      expect(game.result!.reason).toMatch(/^P[12] lost: no (life|cards) left$|^a draw/);
      for (const e of game.state.log) types.add(e.type);
    }
    for (const t of ["activate", "limitUsed", "trigger", "lifeLoss", "lifeGain", "extraTurnAdded", "gameEnd"])
      expect(types).toContain(t);
  });

  it("its scenario passes (the preset registered in-process)", () => {
    // Under another id: the CLI tests below load the same module by path, and the CLI refuses a
    // module whose preset id is already registered.
    registerPreset({ ...skyduel, id: "skyduel-in-process" });
    const loaded = loadScenarioFile(SCENARIO);
    expect(loaded.scenario.preset).toBe("./skyduel.ts");
    const r = runScenario({ ...loaded, scenario: { ...loaded.scenario, preset: "skyduel-in-process" } });
    expect(r.failures).toEqual([]);
  });
});

describe("the tutorial's examples", () => {
  const doc = readFileSync("docs/kernel.md", "utf8");
  const tsx = (file: string) => spawnSync(process.execPath, ["--import", "tsx", file], { encoding: "utf8" });

  it("why-not.ts prints what docs/kernel.md shows", () => {
    const r = tsx("examples/tutorial/why-not.ts");
    expect(r.stderr.replace(/npm warn.*\n?/g, "")).toBe("");
    const shown = doc.match(/### 11\. Ask why not[\s\S]*?It prints:\n\n```\n([\s\S]*?)```/)![1]!;
    expect(r.stdout.replace(/\(k[a-z0-9]{7}\)/g, "(…)").trim()).toBe(shown.trim());
  });

  it("play.ts narrates a whole game and prints its result", () => {
    const r = tsx("examples/tutorial/play.ts");
    expect(r.stderr.replace(/npm warn.*\n?/g, "")).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Turn 3 · P1");
    expect(r.stdout).toMatch(/P[12] loses 1 life \(\d+ left\)\./);
    expect(r.stdout).not.toContain("undefined");
    expect(r.stdout).toMatch(/winner: [01], reason: 'P[12] lost: no (life|cards) left'/);
  });
});

// These need `--preset <path>` and a scenario's `preset: ./path`.
describe("the tutorial game, by the CLI", () => {
  it("turnkit play --preset examples/tutorial/skyduel.ts --seed 1, then turnkit replay", async () => {
    const save = join(mkdtempSync(join(tmpdir(), "turnkit-tutorial-")), "game.json");
    const play = await runCli(main, ["play", "--preset", PRESET, "--seed", "1", "--save", save]);
    expect(play.stderr).toBe("");
    expect(play.code).toBe(0);
    expect(play.stdout).toContain("Storm Caller");
    expect(play.stdout).toMatch(/P[12] lost: no (life|cards) left/);
    const replay = await runCli(main, ["replay", "--preset", PRESET, save]);
    expect(replay.stderr).toBe("");
    expect(replay.code).toBe(0);
  });

  it("turnkit run examples/tutorial/skyduel.scenario.yaml (the file names its preset by path)", async () => {
    const r = await runCli(main, ["run", SCENARIO]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });

  it("turnkit run --preset examples/tutorial/skyduel.ts <scenario>", async () => {
    const r = await runCli(main, ["run", "--preset", PRESET, SCENARIO]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });
});
