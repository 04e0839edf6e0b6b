/**
 * The undo's first restore point of a game made by `Game.create`: its making (the same inputs make
 * the same game), not a copy of the state — while nothing but its running and its answers changed
 * it. A failed action is undone exactly from it; anything done to the game from outside makes the
 * restore point a copy again; code that makes another game when made again is said to.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { HookError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import type { Preset } from "../../src/core/preset.js";
import type { GameState, LogEntry } from "../../src/core/types.js";
import { getPreset, presetIds } from "../../src/presets/index.js";

const lab = getPreset("lab");

/**
 * An op that fails at the runs numbered in `fault.at` (counted over every game): code whose result
 * depends on more than the game, as a fault of the machine would be.
 */
const fault = { runs: 0, at: new Set<number>() };

const watcher = {
  id: "watcher",
  name: "Watcher",
  types: ["creature"],
  abilities: [{ id: "w", kind: "triggered", trigger: { on: "nodeBegin" }, effect: [{ op: "flaky" }] }],
} as const;

/** Lab, with a watcher on player 1's field from the setup on: every node's beginning runs the op. */
function flakyLab(setup: Preset["setup"] = lab.setup): Preset {
  return {
    ...lab,
    id: "lab-watched",
    ops: {
      ...lab.ops,
      flaky: {
        run() {
          if (fault.at.has(++fault.runs)) throw new Error("disk on fire");
          return "next";
        },
      },
    },
    cards: [...lab.cards, watcher as unknown as Preset["cards"][number]],
    setup(game, spec) {
      setup?.(game, spec);
      game.createCard("watcher", 0, "field");
    },
  };
}

/** The undo's restore point (private to the engine: read here as the benchmark reads it). */
function restorePoint(g: Game): { copy: GameState | null } | null {
  return (g as unknown as { guard: { copy: GameState | null } | null }).guard;
}

/** The first option that ends the step (a pass), so that the next node begins and the op runs. */
function pass(g: Game): string {
  const d = g.decision!;
  return (d.options.find((o) => o.pass === true) ?? d.options[0]!).id;
}

/** Acts with passes until one fails (the op's next run); the state just before it, and the error. */
function failOnce(g: Game, alsoAt: readonly number[] = []): { before: string; error: unknown } {
  fault.at = new Set([fault.runs + 1, ...alsoAt.map((k) => fault.runs + 1 + k)]);
  for (let i = 0; i < 20; i++) {
    const before = g.serialize();
    try {
      g.act(pass(g));
    } catch (error) {
      return { before, error };
    }
  }
  throw new Error("no action failed");
}

function reset(): void {
  fault.runs = 0;
  fault.at = new Set();
}

/** How many times the op runs while a game is made and run to its first decision. */
function runsToFirstDecision(preset: Preset, opts: Parameters<typeof Game.create>[1]): number {
  const start = fault.runs;
  Game.create(preset, opts).run();
  return fault.runs - start;
}

describe("undo from a game's making", () => {
  it("takes no copy of the state for a game's first actions, and undoes a failed one exactly", () => {
    reset();
    const preset = flakyLab();
    const g = Game.create(preset, { seed: 3 }).run();
    const twin = Game.create(preset, { seed: 3 }).run();
    const agent = randomAgent(3);
    const answers: string[] = [];
    for (let i = 0; i < 12 && !g.over; i++) {
      const a = agent.choose(g).choice;
      answers.push(a);
      g.act(a);
    }
    expect(restorePoint(g)?.copy).toBeNull();
    const { before, error } = failOnce(g);
    expect(error).toBeInstanceOf(HookError);
    expect((error as Error).message).toMatch(/disk on fire; the action was undone$/);
    expect(g.serialize()).toBe(before);
    // The game plays on as the one that never failed.
    for (const a of answers) twin.act(a);
    expect(twin.serialize()).toBe(before);
    for (let i = 0; i < 10 && !g.over; i++) {
      const a = pass(g);
      g.act(a);
      twin.act(a);
    }
    expect(g.serialize()).toBe(twin.serialize());
  });

  it("copies the state once 256 responses were given, as before", () => {
    reset();
    const g = Game.create(flakyLab(), { seed: 5 }).run();
    const agent = randomAgent(5);
    for (let i = 0; i < 256 && !g.over; i++) g.act(agent.choose(g));
    if (g.over) return;
    g.act(agent.choose(g));
    expect(restorePoint(g)?.copy).not.toBeNull();
  });

  it("whose replay fails: back at the game's first decision, whole, and says so", () => {
    reset();
    const preset = flakyLab();
    const made = runsToFirstDecision(preset, { seed: 4 });
    const g = Game.create(preset, { seed: 4 }).run();
    const first = g.serialize();
    const firstDecision = g.decision!.id;
    for (let i = 0; i < 3; i++) g.act(pass(g));
    // The next run of the op fails, and again the first run of the replay, after the making's.
    const { error } = failOnce(g, [made + 1]);
    expect((error as Error).message).toMatch(
      new RegExp(
        `undoing it failed too \\(replaying the 3 responses since the last restore point: one of them failed: .*disk on fire\\), so the game is back at that restore point, decision ${firstDecision} at .*, 3 responses before this action`,
      ),
    );
    expect(g.serialize()).toBe(first);
    expect(Game.deserialize(flakyLab(), g.serialize()).serialize()).toBe(first);
  });

  it("a game changed from outside after it was made gets a copy: the change is kept by the undo", () => {
    reset();
    const preset = flakyLab();
    for (const change of [
      (g: Game) => g.createCard("watcher", 1, "field"),
      (g: Game) => g.draw(1, 1),
      (g: Game) => g.setCard(g.state.objects[g.zone("hand", 1).cards[0]!]!, "watcher"),
      (g: Game) => {
        g.addExtraTurn(1);
      },
    ]) {
      const g = Game.create(preset, { seed: 6 }).run();
      change(g);
      g.act(pass(g));
      expect(restorePoint(g)?.copy).not.toBeNull();
      const { before } = failOnce(g);
      expect(g.serialize()).toBe(before);
    }
  });

  it("a game made with setup: false, or with exactUndo, copies", () => {
    reset();
    const preset = flakyLab();
    const bare = Game.create(preset, { seed: 2, setup: false });
    bare.createCard("watcher", 0, "field");
    for (let i = 0; i < 8; i++) bare.createCard("watcher", 1, "deck");
    bare.startAt(1, 0, "main").run();
    bare.act(pass(bare));
    expect(restorePoint(bare)?.copy).not.toBeNull();
    const exact = Game.create(preset, { seed: 2, exactUndo: true }).run();
    exact.act(pass(exact));
    expect(restorePoint(exact)?.copy).not.toBeNull();
  });

  it("listeners hear nothing of the game made again", () => {
    reset();
    const g = Game.create(flakyLab(), { seed: 8 }).run();
    const heard: LogEntry[] = [];
    const traced: LogEntry[] = [];
    g.onEvent((e) => heard.push(e));
    g.onEvent((e) => traced.push(e), { immediate: true });
    g.act(pass(g));
    const n = heard.length;
    failOnce(g);
    expect(heard.length).toBe(n);
    // The tracer heard the failed action's events as they were logged, never the remaking's.
    expect(traced.filter((e) => e.type === "gameBegin" || e.seq <= 1)).toEqual([]);
  });

  it("a setup whose result depends on more than the game: the undo says it made another game", () => {
    reset();
    let makings = 0;
    const preset = flakyLab((game, spec) => {
      lab.setup!(game, spec);
      if (++makings > 1) game.draw(1, 1); // not the same game when made again
    });
    const g = Game.create(preset, { seed: 9 }).run();
    g.act(pass(g));
    const { error } = failOnce(g);
    expect((error as Error).message).toMatch(
      /undoing it failed too \(making the game again led to another game\), so the game is where that left it, at .* Game\.exactUndo copies the state before every action instead\)/,
    );
    // With exactUndo the same code is undone exactly.
    reset();
    const exact = Game.create(preset, { seed: 9, exactUndo: true }).run();
    exact.act(pass(exact));
    const { before } = failOnce(exact);
    expect(exact.serialize()).toBe(before);
  });

  it("the same with the log off", () => {
    reset();
    const g = Game.create(flakyLab(), { seed: 10, logging: "none" }).run();
    for (let i = 0; i < 4; i++) g.act(pass(g));
    expect(restorePoint(g)?.copy).toBeNull();
    const { before } = failOnce(g);
    expect(g.serialize()).toBe(before);
  });

  for (const id of presetIds())
    it(`${id}: an action undone from the game's making leaves the game as it was, and it plays on as its twin`, () => {
      for (const seed of [1, 2]) {
        const g = Game.create(getPreset(id), { seed }).run();
        const twin = Game.create(getPreset(id), { seed }).run();
        const agent = randomAgent(seed);
        const played = 3 + ((seed * 7) % 20);
        for (let i = 0; i < played && !g.over; i++) {
          const a = agent.choose(g);
          g.act(a);
          twin.act(a);
        }
        if (g.over) continue;
        expect(restorePoint(g)?.copy).toBeNull();
        // An immediate listener that throws undoes the action: the preset's code itself never fails.
        const before = g.serialize();
        const next = agent.choose(g);
        const stop = g.onEvent(
          () => {
            throw new Error("listener down");
          },
          { immediate: true },
        );
        expect(() => g.act(next)).toThrow(/listener down/);
        stop();
        expect(g.serialize()).toBe(before);
        g.act(next);
        twin.act(next);
        for (let i = 0; i < 15 && !g.over; i++) {
          const a = agent.choose(g);
          g.act(a);
          twin.act(a);
        }
        expect(g.serialize()).toBe(twin.serialize());
      }
    });
});
