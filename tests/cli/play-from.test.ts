/**
 * `turnkit play --from FILE[@STEP]` goes on from a scenario, a replay file (after STEP responses:
 * the same state, hash for hash, as the replay at that step) or a save; bad files and steps are
 * named. And the person at a `--seat` passes by their stops: `s`, `a`, `e`, `--stops`, `--no-auto-pass`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { HumanSeat, linesOf } from "../../src/cli/human.js";
import { main } from "../../src/cli/program.js";
import { parseReplay, replayGame, stateDigest } from "../../src/cli/replay.js";
import { type Action, Game } from "../../src/core/game.js";
import { defaultSeatStops, passUntil } from "../../src/play/index.js";
import { getPreset } from "../../src/presets/index.js";

const dir = mkdtempSync(join(tmpdir(), "turnkit-from-"));

async function cli(args: string[], answers: string[] = []) {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: {},
    stdin: linesOf(answers),
  });
  return { code, stdout, stderr };
}

/** A replay of a whole Magic game (776 responses), written once. */
const magicReplay = join(dir, "magic.json");
beforeAll(async () => {
  expect((await cli(["play", "--game", "magic", "--seed", "4", "--save", magicReplay])).code).toBe(0);
});

const started = (out: string) => /State sha256 ([0-9a-f]{64})/.exec(out)?.[1];

describe("turnkit play --from", () => {
  it("plays a scenario's position on to the end, with bots", async () => {
    const r = await cli(["play", "--from", "scenarios/yugioh/battle-positions.yaml", "--seed", "1"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^Playing on from scenarios\/yugioh\/battle-positions\.yaml after script step 5 of 5: turn 4 \(P2\), Main Phase 1\./,
    );
    expect(r.stdout).toContain("■ Game over:");
  });

  it("@STEP of a scenario is the position after its setup and that many steps of its script", async () => {
    const setup = await cli([
      "play",
      "--from",
      "scenarios/yugioh/battle-positions.yaml@0",
      "--seed",
      "1",
      "--max-actions",
      "1",
    ]);
    expect(setup.stdout).toContain("after its setup");
    const two = await cli([
      "play",
      "--from",
      "scenarios/yugioh/battle-positions.yaml@2",
      "--seed",
      "1",
      "--max-actions",
      "1",
    ]);
    expect(two.stdout).toContain("after script step 2 of 5");
    expect(started(two.stdout)).not.toBe(started(setup.stdout));
  });

  it("@N of a replay reaches the replay's state at response N, hash for hash, and --save continues the replay", async () => {
    const file = magicReplay;
    const replay = parseReplay(file, readFileSync(file, "utf8"));
    for (const n of [0, 1, 137, replay.responses.length]) {
      const r = await cli(["play", "--from", `${file}@${n}`, "--seed", "2", "--max-actions", "1"]);
      const atN = replayGame({ ...replay, responses: replay.responses.slice(0, n) });
      expect(started(r.stdout), `@${n}`).toBe(stateDigest(atN));
      expect(r.stdout).toContain(`after response ${n} of ${replay.responses.length}`);
    }
    // Going on from response 137 and saving writes a replay of the whole game, from its start.
    const on = join(dir, "on.json");
    const r = await cli(["play", "--from", `${file}@137`, "--seed", "9", "--save", on]);
    expect(r.code).toBe(0);
    const saved = parseReplay(on, readFileSync(on, "utf8"));
    expect(saved.responses.slice(0, 137)).toEqual(replay.responses.slice(0, 137));
    expect((await cli(["replay", "--quiet", on])).stdout).toContain(
      "Replay reproduced the final state exactly",
    );
  });

  it("goes on from a save, which --save writes when the game came from a scenario", async () => {
    const save = join(dir, "save.json");
    const first = await cli([
      "play",
      "--from",
      "scenarios/yugioh/battle-positions.yaml@1",
      "--seed",
      "3",
      "--max-actions",
      "2",
      "--save",
      save,
    ]);
    expect(first.stderr).toContain("the game did not finish");
    expect(readFileSync(save, "utf8")).toMatch(/^\{"format":"turnkit\/state@3"/);
    const last = /State sha256 ([0-9a-f]{16})…/.exec(first.stdout)![1]!;
    const r = await cli(["play", "--from", save, "--seed", "3"]);
    expect(r.stderr).toBe("");
    expect(started(r.stdout)!.slice(0, 16)).toBe(last);
    expect(r.stdout).toContain("■ Game over:");
  });

  it("names what is wrong with a file or a step, without a stack trace", async () => {
    const replay = magicReplay;
    const notJson = join(dir, "broken.json");
    writeFileSync(notJson, '{"format":');
    const other = join(dir, "other.json");
    writeFileSync(other, '{"format":"something/else"}');
    const badSave = join(dir, "bad-save.json");
    writeFileSync(badSave, '{"format":"turnkit/state@3","preset":"magic"}');
    const cases: [string[], string][] = [
      [["--from", `${replay}@99999`], "the replay has 776 responses; give @0 (its start) to @776"],
      [["--from", `${replay}@x`], '"@x" is not a step'],
      [
        ["--from", join(dir, "missing.json")],
        "missing.json: cannot read the file: no such file or directory",
      ],
      [["--from", notJson], "broken.json:1:11: not valid JSON"],
      [["--from", other], 'format "something/else" is neither a replay file'],
      [["--from", badSave], "bad-save.json: saved state, madeBy:"],
      [["--from", `${badSave}@3`], "a save is one position; @STEP goes with a replay file or a scenario"],
      [
        ["--from", "scenarios/yugioh/battle-positions.yaml@9"],
        "the scenario's script has 5 steps; give @0 (its setup) to @5",
      ],
      [["--from", "README.md"], "give a scenario (.yaml or .yml), a replay file or a save (.json)"],
      [["--from", replay, "--game", "magic"], "--game does not go with --from"],
      [["--from", replay, "--seat", "P3"], "--seat P3: there is no P3"],
    ];
    for (const [args, message] of cases) {
      const r = await cli(["play", ...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toContain(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe("the person at --seat passes by their stops", () => {
  it("passes where passing is the only option, stops at the preset's stops, and asks every decision without auto-pass", async () => {
    const auto = await cli(
      ["play", "--game", "magic", "--seed", "3", "--seat", "P1"],
      Array(30).fill("1").concat("q"),
    );
    const asked = (out: string) => out.split("▶ P1, your decision").length - 1;
    const manual = await cli(
      ["play", "--game", "magic", "--seed", "3", "--seat", "P1", "--no-auto-pass"],
      Array(30).fill("1").concat("q"),
    );
    // With auto-pass the 30 answers carry the game further: more turns for the same questions.
    const turns = (out: string) => Number(/(\d+) turns?,/.exec(out)![1]);
    expect(asked(auto.stdout)).toBe(31);
    expect(asked(manual.stdout)).toBe(31);
    expect(turns(auto.stdout)).toBeGreaterThan(turns(manual.stdout));
    // Without auto-pass, P1 is asked at their upkeep, where the only option is to pass.
    expect(manual.stdout).toMatch(/Choose 1 \(\? help/);
    expect(auto.stdout).not.toMatch(/Choose 1 \(\? help/);
  });

  it("s lists and clears stops, e passes until the end of the turn, ? shows life and the board", async () => {
    const r = await cli(
      ["play", "--game", "magic", "--seed", "3", "--seat", "P1"],
      ["?", "s", "s 3", "e", "q"],
    );
    expect(r.stdout).toMatch(/P1 \(you\): life 20 · mana 0 · library 53 · hand 7/);
    expect(r.stdout).toMatch(/ 3\. \[x\] Your first main phase/);
    expect(r.stdout).toMatch(/ 1\. \[ \] Your upkeep/);
    // Cleared, the first main phase's stop no longer holds P1 there: they pass, and are asked in the second.
    expect(r.stdout).toContain("No longer stops at: Your first main phase.");
    expect(r.stdout).toMatch(
      /↷ Pass priority \(end the step\) \(no stop here\)[^▶]*Postcombat main phase\n\n▶ P1/,
    );
    expect(r.stdout).toContain("Passing until the end of this turn.");
    // Turn 3, P1's next: no stop in the first main phase, asked in the second.
    const next = r.stdout.slice(r.stdout.indexOf("━━ Turn 3 · P1"));
    expect(next).toMatch(/Precombat main phase\n {2}↷ Pass priority \(end the step\) \(no stop here\)/);
    expect(next).toMatch(/Postcombat main phase\n\n▶ P1, your decision/);
  });

  it("an undo ends a pass until …: the decision taken back is asked again", async () => {
    const game = Game.create(getPreset("magic"), { seed: 3 }).run();
    const agent = randomAgent(1);
    while (game.decision!.player !== 0 || !game.state.clock.path.includes("main1"))
      game.act(agent.choose(game));
    const seat = new HumanSeat(0, linesOf(["1", "u"]), () => {}, defaultSeatStops("magic"));
    const responses: [number, string][] = [];
    const first = await seat.choose(game, responses);
    expect(first.kind).toBe("act");
    game.act((first as { action: Action }).action);
    // Then, still in turn 1, "pass until end of turn"; and the land play is taken back.
    seat.stops = passUntil(game.viewFor(0), seat.stops!, "endOfTurn");
    expect((await seat.choose(game, responses)).kind).toBe("undone");
    expect(game.state.clock.turn.id).toBe(1);
    expect(seat.autoPass(game)).toBeNull();
  });

  it("--stops sets the seat's stops and names the preset's when one is unknown", async () => {
    const none = await cli(
      ["play", "--game", "magic", "--seed", "3", "--seat", "P1", "--stops", "none"],
      ["q"],
    );
    expect(none.stderr).toBe("");
    const bad = await cli(["play", "--game", "magic", "--seat", "P1", "--stops", "main1,lunch"], []);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--stops: "lunch" is not a stop of "magic"; its stops are upkeep (Your upkeep)',
    );
    const noSeat = await cli(["play", "--game", "magic", "--stops", "main1"], []);
    expect(noSeat.stderr).toContain("--stops is for the person at a --seat; give --seat too");
  });
});
