/**
 * The fuzzer (src/testing/fuzz.ts): a few games of every preset pass every invariant; the result
 * is the same whatever the number of workers; and each kind of broken invariant is caught — a
 * card in two zones, a game made non-deterministic by Math.random, a view that leaks a hidden
 * card, an act that accepts or is touched by an illegal answer, an engine error — so the checks
 * can fail.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { IllegalActionError } from "../src/core/errors.js";
import { Game } from "../src/core/game.js";
import type { Preset } from "../src/core/preset.js";
import { getPreset, presetIds } from "../src/presets/index.js";
import { DEFAULT_CONFIG, type FuzzSummary, formatSummary, fuzz, fuzzGame } from "../src/testing/fuzz.js";
import { illegalActionProblems } from "../src/testing/invariants.js";

const skirmish = getPreset("skirmish");

/** What must not depend on the workers: everything but timings and where replays ran. */
function results(s: FuzzSummary): unknown {
  return {
    ok: s.ok,
    failures: s.failures,
    presets: s.presets.map(({ seconds: _s, gamesPerSecond: _g, ...rest }) => rest),
    totals: { ...s.totals, seconds: 0, gamesPerSecond: 0 },
  };
}

/** Skirmish with one of its tasks wrapped. */
function withTask(id: string, task: string, wrap: NonNullable<Preset["tasks"]>[string]): Preset {
  return { ...skirmish, id, tasks: { ...skirmish.tasks, [task]: wrap } };
}

describe("fuzz: every preset passes every invariant", () => {
  for (const id of presetIds()) {
    it(`${id}: 4 games (2 with sample decks, 2 with random decks), no failures`, async () => {
      const s = await fuzz({ presets: [id], games: 4, seed: 1, workers: 0 });
      expect(s.failures, formatSummary(s)).toEqual([]);
      const p = s.presets[0]!;
      expect(p.decks).toEqual({ sample: 2, random: 2 });
      expect(p.nonInterference.checked).toBe(4);
      expect(p.replayed).toBe(4 - p.errors);
      expect(p.savePoints).toBe(4);
      expect(p.illegalChecks).toBeGreaterThanOrEqual(4);
      expect(p.actions).toBeGreaterThan(4 * 10);
    });
  }
});

describe("fuzz: results do not depend on the workers", () => {
  it("in-process and on two workers (replays on the other worker) give the same results", async () => {
    const opts = { presets: ["skirmish", "lab"], games: 6, seed: 40 };
    const here = await fuzz({ ...opts, workers: 0 });
    const two = await fuzz({ ...opts, workers: 2 });
    expect(two.replayedIn).toBe("another worker");
    expect(here.replayedIn).toBe("the same thread");
    expect(results(two)).toEqual(results(here));
    expect(here.ok).toBe(true);
  });
});

describe("fuzz: a broken invariant is caught", () => {
  it("a setup that puts one card in two zones breaks conservation", () => {
    const broken: Preset = {
      ...skirmish,
      id: "skirmish-duplicate",
      setup(game, spec) {
        skirmish.setup!(game, spec);
        game.zone("graveyard", 1).cards.push(game.zone("hand", 0).cards[0]!);
      },
    };
    const r = fuzzGame(broken, 1);
    const f = r.failures.find((x) => x.invariant === "conservation");
    expect(f?.message).toMatch(/is in two places: zone hand@0 and zone graveyard@1/);
    expect(f?.at).toBe(0);
    expect(f?.repro).toBe("npm run fuzz -- --game skirmish-duplicate --seed 1 --games 1");
  });

  it("a task that uses Math.random breaks determinism: the replay ends elsewhere", async () => {
    const untap = skirmish.tasks!["sk.untap"]!;
    const broken = withTask("skirmish-random", "sk.untap", (game, task) => {
      game.state.vars.noise = Math.random();
      untap(game, task);
    });
    const s = await fuzz({ presets: [broken], games: 3, workers: 0, nonInterference: 0 });
    expect(s.ok).toBe(false);
    const kinds = new Set(s.failures.map((f) => f.invariant));
    expect(kinds).toContain("determinism");
    // The saved state, too, continues differently from the game it was saved from.
    expect(kinds).toContain("serialization");
    expect(s.failures.find((f) => f.invariant === "determinism")?.message).toMatch(/final state differs/);
    expect(formatSummary(s)).toMatch(/✗ skirmish-random seed 1 \(random decks\), determinism/);
  });

  it("a public variable that tells the opponent's hand breaks non-interference", () => {
    const draw = skirmish.tasks!["sk.draw"]!;
    const broken = withTask("skirmish-peek", "sk.draw", (game, task) => {
      draw(game, task);
      const hand = game.cardsIn("hand", 1);
      game.state.players[0]!.vars.peek = hand.map((o) => game.card(o).name);
    });
    const failures = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((seed) => fuzzGame(broken, seed).failures);
    expect(failures.some((f) => f.invariant === "nonInterference")).toBe(true);
    // The (optional) hidden-identity watch names it too.
    const watched = [1, 2, 3].flatMap(
      (seed) => fuzzGame(broken, seed, { ...DEFAULT_CONFIG, hiddenIdentity: 1, nonInterference: 0 }).failures,
    );
    expect(watched.some((f) => f.invariant === "hiddenIdentity")).toBe(true);
  });

  it("an act that accepts an illegal answer, or changes the state while refusing it, is caught", () => {
    const accepting = Game.create(skirmish, { seed: 5 }).run();
    accepting.act = () => accepting;
    expect(illegalActionProblems(accepting, "junk").join("\n")).toMatch(
      /a choice that is no option .* was accepted\nanother player's answer .* was accepted/,
    );
    const leaky = Game.create(skirmish, { seed: 5 }).run();
    leaky.act = () => {
      leaky.state.vars.touched = true;
      throw new IllegalActionError(
        '"junk" is not an option; the pending decision is not pending; cannot answer',
      );
    };
    expect(illegalActionProblems(leaky, "junk")[0]).toMatch(/a choice that is no option changed the state/);
    const honest = Game.create(skirmish, { seed: 5 }).run();
    expect(illegalActionProblems(honest, "junk")).toEqual([]);
  });

  it("an exception in a task is an engine error, with the response that caused it", () => {
    const damage = skirmish.tasks!["sk.damage"]!;
    const broken = withTask("skirmish-throws", "sk.damage", (game, task) => {
      if (game.state.clock.turn.id >= 4) throw new Error("boom");
      damage(game, task);
    });
    const r = fuzzGame(broken, 2);
    const f = r.failures.find((x) => x.invariant === "engineError");
    expect(r.end).toBe("error");
    // The preset's own task, named as such (a HookError is an EngineError).
    expect(f?.message).toMatch(
      /^response \d+ \(P\d, .*\) threw HookError: .*task "sk\.damage" of preset "skirmish-throws" threw .*: boom/,
    );
    expect(f?.at).toBe(r.actions);
  });
});

describe("npm run fuzz", () => {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const run = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      execFile(
        process.execPath,
        ["--import", "tsx", "scripts/fuzz.ts", ...args],
        { cwd: root, timeout: 60_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  it("plays games on workers and prints the summary as JSON; exit 0", async () => {
    const r = await run(["--game", "skirmish", "--games", "3", "--workers", "2", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as FuzzSummary;
    expect(s.ok).toBe(true);
    expect(s.presets[0]).toMatchObject({ preset: "skirmish", games: 3, replayed: 3 });
  });

  it("refuses an unknown preset with the known ones; exit 2", async () => {
    const r = await run(["--game", "chess", "--games", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown preset "chess"; known presets: .*skirmish/);
  });
});
