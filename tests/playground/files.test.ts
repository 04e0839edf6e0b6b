/**
 * The playground's files, in node: a replay exported from a Session is a
 * file `turnkit replay` reproduces; a replay file loads into a Session response by response, with
 * the CLI's messages for a bad file or a response that doesn't fit; a position exported as a
 * scenario skeleton parses and places the same cards; a scenario runs step by step.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPreset } from "turnkit/presets";
import { parseScenario, runScenario, ScenarioRun } from "turnkit/scenario";
import { describe, expect, it } from "vitest";
import { exportReplay, loadReplay, shortDigest } from "../../playground/src/files/replay.js";
import { scenarioSkeleton } from "../../playground/src/files/scenario-export.js";
import { describeFailure, ScenarioStepper } from "../../playground/src/files/scenario-run.js";
import { Session } from "../../playground/src/session.js";
import { main } from "../../src/cli/program.js";
import { checkFinalState, parseReplay, replayGame, stateDigest } from "../../src/cli/replay.js";
import { runCli } from "../support/cli.js";

const dir = mkdtempSync(join(tmpdir(), "turnkit-playground-files-"));

/** A game of bots, `n` responses long (or shorter if it ends). */
function played(preset: string, seed: string, n: number, players = 2): Session {
  const session = new Session({
    preset: getPreset(preset),
    seed,
    players,
    bots: Array.from({ length: players }, (_, i) => i),
  });
  session.runBots(n);
  return session;
}

type Game = Session["game"];

/** Each zone's cards as a scenario places them: card, tapped, face-down, counters, under. */
function board(game: Game): Record<string, string[]> {
  const s = game.state;
  const out: Record<string, string[]> = {};
  const show = (id: string): string => {
    const o = s.objects[id]!;
    const flags = [
      o.tapped ? "T" : "",
      o.faceDown ? "D" : "",
      JSON.stringify(o.counters),
      `c${o.controller}`,
    ];
    return `${o.card}[${flags.join(",")}]${o.under.length ? `<${o.under.map(show).join("|")}>` : ""}`;
  };
  for (const z of Object.values(s.zones)) {
    if (z.owner === null) {
      for (const id of z.cards) {
        const key = `${z.kind}/${s.objects[id]!.owner}`;
        out[key] = [...(out[key] ?? []), show(id)];
      }
    } else if (z.cards.length > 0) out[z.id] = z.cards.map(show);
  }
  return out;
}

describe("replay export", () => {
  for (const [preset, seed, n] of [
    ["skirmish", "1", 400],
    ["magic", "7", 250],
    ["yugioh", "a text seed", 150],
    ["duel-masters", "007", 150],
  ] as const)
    it(`${preset}: a file the CLI replays to the same state (same hash), at the end and at a step in the past`, async () => {
      const session = played(preset, seed, n);
      const end = session.history.length - 1;
      for (const at of [end, Math.floor(end / 2)]) {
        session.goTo(at);
        const text = exportReplay(session);
        const file = join(dir, `${preset}-${at}.json`);
        writeFileSync(file, text);
        const replay = parseReplay(file, readFileSync(file, "utf8"));
        expect(replay.responses).toHaveLength(at);
        const game = replayGame(replay, undefined, file);
        expect(checkFinalState(game, replay, file)).toBe(stateDigest(session.game));
        expect(stateDigest(game).slice(0, 16)).toBe(shortDigest(session.game));
        const cli = await runCli(main, ["replay", "--json", "--quiet", file]);
        expect(cli.stderr).toBe("");
        expect(cli.code).toBe(0);
        expect(JSON.parse(cli.stdout).sha256).toBe(stateDigest(session.game));
      }
    });

  it("a replay saved by `turnkit play --save` loads into a Session whose steps match the CLI's game", async () => {
    const file = join(dir, "played.json");
    const r = await runCli(main, ["play", "--game", "skirmish", "--seed", "5", "--save", file, "--json"]);
    expect(r.code).toBe(0);
    const text = readFileSync(file, "utf8");
    const loaded = loadReplay(text, "played.json");
    expect(loaded.error).toBeNull();
    const session = loaded.session!;
    expect(session.history).toHaveLength(loaded.file.responses.length + 1);
    expect(stateDigest(session.game)).toBe(loaded.file.final.sha256);
    // Stepping back and forth comes back to the same hash; the export of the whole game is the file.
    const final = shortDigest(session.game);
    session.goTo(3);
    const third = shortDigest(session.game);
    session.back();
    session.forward();
    expect(shortDigest(session.game)).toBe(third);
    session.goTo(session.history.length - 1);
    expect(shortDigest(session.game)).toBe(final);
    expect(JSON.parse(exportReplay(session))).toEqual(JSON.parse(text));
  });

  it("a replay with decks and player names loads with them", async () => {
    const session = played("skirmish", "3", 40);
    const named = JSON.parse(exportReplay(session));
    named.players = ["Ann", "Bo"];
    const other = loadReplay(JSON.stringify(named), "named.json");
    // Other names are another game (names are in the state): the final hash tells.
    expect(other.session!.game.state.players.map((p) => p.name)).toEqual(["Ann", "Bo"]);
    expect(other.error).toMatch(/the replay diverged: the final state/);
  });
});

describe("loading a replay file", () => {
  const session = played("skirmish", "11", 60);
  const good = exportReplay(session);

  it("a tampered response: the error names it as `turnkit replay` does, the steps before it kept", () => {
    const file = JSON.parse(good);
    file.responses[20] = [file.responses[20][0], "no-such-option"];
    const text = JSON.stringify(file);
    const cliMessage = (() => {
      try {
        replayGame(parseReplay("t.json", text), undefined, "t.json");
      } catch (e) {
        return (e as Error).message;
      }
      return null;
    })();
    expect(cliMessage).toMatch(
      /^t\.json:1:\d+: response 21 of \d+ \[\d,"no-such-option"\]: "no-such-option" is not an option/,
    );
    const loaded = loadReplay(text, "t.json");
    expect(loaded.error).toBe(cliMessage);
    expect(loaded.applied).toBe(20);
    expect(loaded.session!.history).toHaveLength(21);
    session.goTo(20);
    expect(shortDigest(loaded.session!.game)).toBe(shortDigest(session.game));
  });

  it("a response for the wrong player, and a game that ends early, are named as the CLI names them", async () => {
    const file = JSON.parse(good);
    file.responses[5] = [1 - file.responses[5][0], file.responses[5][1]];
    const path = join(dir, "wrong-player.json");
    writeFileSync(path, JSON.stringify(file));
    const cli = await runCli(main, ["replay", path]);
    expect(cli.code).toBe(1);
    const loaded = loadReplay(JSON.stringify(file), path);
    expect(`turnkit: ${loaded.error}\n`).toBe(cli.stderr);
    expect(loaded.error).toMatch(/response 6 of \d+ /);
  });

  it("a malformed or tampered file is refused with the CLI's message", async () => {
    const decks = JSON.parse(good);
    const p1 = ["knight", "giant", "footsoldier", "herald", "chronicler"].flatMap((c) => Array(4).fill(c));
    decks.decks = [p1, [...p1, "giant"]];
    const unknownKey = { ...JSON.parse(good), extra: 1 };
    const cases: [string, string][] = [
      ["decks.json", JSON.stringify(decks)],
      ["key.json", JSON.stringify(unknownKey)],
      ["bad.json", good.replace('"responses":[', '"responses":[[0,"x"')],
      ["preset.json", good.replace('"preset":"skirmish"', '"preset":"nope"')],
      ["options.json", good.replace('"handLimit":5', '"handLimit":"five"')],
      ["empty.json", "  "],
    ];
    for (const [name, text] of cases) {
      const path = join(dir, name);
      writeFileSync(path, text);
      const cli = await runCli(main, ["replay", path]);
      expect(cli.code, name).toBe(2);
      let message = "";
      try {
        loadReplay(text, path);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(`turnkit: ${message}\n`, name).toBe(cli.stderr);
    }
  });
});

describe("scenario skeleton", () => {
  for (const [preset, seed, n, players] of [
    ["skirmish", "2", 120, 2],
    ["magic", "3", 200, 3],
    ["yugioh", "4", 120, 2],
    ["duel-masters", "5", 150, 2],
  ] as const)
    it(`${preset}: parses as a scenario and its setup places the same cards`, () => {
      const session = played(preset, seed, n, players);
      const yaml = scenarioSkeleton(session.game);
      const loaded = parseScenario(`${preset}.yaml`, yaml);
      expect(loaded.scenario.preset).toBe(preset);
      expect(loaded.scenario.script).toEqual([]);
      const run = new ScenarioRun(loaded);
      expect(board(run.game)).toEqual(board(session.game));
      const state = session.game.state;
      for (const p of state.players) expect(run.game.state.players[p.id]!.vars).toEqual(p.vars);
      expect(run.game.state.clock.turn.player).toBe(state.clock.turn.player);
      expect(run.game.state.clock.turn.id).toBe(state.clock.turn.id);
      const result = runScenario(loaded);
      expect(result.failures.map(describeFailure)).toEqual([]);
    });
});

describe("scenario stepper", () => {
  const text = readFileSync("scenarios/examples/skirmish-herald-once-each-turn.yaml", "utf8");

  it("runs a passing scenario step by step to 'passed'", () => {
    const stepper = new ScenarioStepper(text, "herald.yaml");
    expect(stepper.steps[0]!.label).toBe("setup");
    let last = stepper.run(0);
    expect(last.game).not.toBeNull();
    expect(last.done).toBe(false);
    for (let k = 1; k <= stepper.last; k++) {
      last = stepper.run(k);
      expect(last.step.text.length).toBeGreaterThan(0);
      expect(last.added).toEqual([]);
    }
    expect(last.done).toBe(true);
    expect(last.passed).toBe(true);
  });

  it("names the expectation that failed and why, at its line", () => {
    const broken = text.replace("kind: useAbility", "kind: chooseTarget");
    expect(broken).not.toBe(text);
    const stepper = new ScenarioStepper(broken, "broken.yaml");
    const results = stepper.steps.map((s) => stepper.run(s.index));
    const failing = results.find((r) => r.added.length > 0)!;
    expect(failing.step.label).toMatch(/^script\[\d\]$/);
    expect(failing.step.text).toContain("chooseTarget");
    expect(describeFailure(failing.added[0]!)).toMatch(
      /^\d+:\d+: script\[\d\]\.expect\.decision\.kind: expected a "chooseTarget" decision/,
    );
    expect(results.at(-1)!.passed).toBe(false);
  });

  it("a step that cannot run stops the run", () => {
    const broken = text.replace("choose: play:@k1", "choose: play:@nobody");
    const stepper = new ScenarioStepper(broken, "stop.yaml");
    const r = stepper.run(1);
    expect(r.done).toBe(true);
    expect(r.passed).toBe(false);
    expect(r.added[0]!.message).toMatch(/unknown alias "@nobody"/);
  });

  it("a file that is not a scenario is a ScenarioError at its line and column", () => {
    expect(
      () => new ScenarioStepper("name: x\npreset: skirmish\nsetup:\n  turn: three\n", "bad.yaml"),
    ).toThrow(/^bad\.yaml:4:9: setup\.turn: /);
  });
});
