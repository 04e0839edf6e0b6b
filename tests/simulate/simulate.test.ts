/**
 * `simulate()`: the same result whatever the number of workers, shards that merge into
 * the whole run's result, decks balanced over the seats, and counts that come from the games.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import { actionLoop } from "../../src/core/interactions.js";
import type { Preset } from "../../src/core/preset.js";
import type { LogEntry } from "../../src/core/types.js";
import { getPreset } from "../../src/presets/index.js";
import {
  defaultAgent,
  merge,
  openSimulator,
  playGame,
  type SimDeck,
  simulate,
  withoutTiming,
} from "../../src/simulate/index.js";

const json = (r: Parameters<typeof withoutTiming>[0]) => JSON.stringify(withoutTiming(r));

// Two 20-card Skirmish decks.
const DECKS: SimDeck[] = [
  {
    name: "knights",
    cards: ["knight", "giant", "footsoldier", "herald", "chronicler"].flatMap((c) => Array(4).fill(c)),
  },
  {
    name: "walkers",
    cards: ["giant", "timewalker", "herald", "knight", "chronicler"].flatMap((c) => Array(4).fill(c)),
  },
];

describe("simulate", () => {
  it("gives identical JSON with 0, 1 and 2 workers", async () => {
    const opts = { preset: "skirmish", games: 24, seed: 7 } as const;
    const inThread = await simulate({ ...opts, workers: 0 });
    const one = await simulate({ ...opts, workers: 1 });
    const two = await simulate({ ...opts, workers: 2 });
    expect(json(one)).toBe(json(inThread));
    expect(json(two)).toBe(json(inThread));
    expect(two.timing?.workers).toBe(2);
    expect(inThread.games).toBe(24);
    expect(inThread.seats.reduce((n, s) => n + s.wins, 0) + inThread.draws + inThread.capped).toBe(24);
    // Something was counted from the games' events.
    expect(Object.keys(inThread.cards).length).toBeGreaterThan(0);
    expect(inThread.length.responses.median).toBeGreaterThan(0);
  }, 300_000);

  it("merges shards into the unsharded run's result", async () => {
    const opts = { preset: "duel-masters", games: 20, seed: 1, workers: 0 } as const;
    const whole = await simulate(opts);
    const a = await simulate({ ...opts, shard: { index: 1, count: 2 } });
    const b = await simulate({ ...opts, shard: { index: 2, count: 2 } });
    expect(a.played).toEqual({ first: 1, count: 10 });
    expect(b.played).toEqual({ first: 11, count: 10 });
    expect(json(a)).not.toBe(json(whole));
    expect(json(merge([b, a]))).toBe(json(whole));
    // A shard given twice, or a missing one in the middle, is refused.
    expect(() => merge([a, a])).toThrow(/overlap/);
    const c = await simulate({ ...opts, shard: { index: 3, count: 3 } });
    expect(() => merge([a, c])).toThrow(/gap/);
    const d = await simulate({ ...opts, seed: 2, shard: { index: 2, count: 2 } });
    expect(() => merge([a, d])).toThrow(/different runs/);
  }, 300_000);

  it("plays every deck on every seat equally", async () => {
    const r = await simulate({ preset: "skirmish", games: 20, seed: 3, decks: DECKS, workers: 0 });
    expect(r.deckStats).not.toBeNull();
    for (const d of r.deckStats!) {
      expect(d.games).toBe(20);
      expect(d.seats.map((s) => s.games)).toEqual([10, 10]);
    }
    expect(r.deckStats!.reduce((n, d) => n + d.wins, 0)).toBe(r.seats.reduce((n, s) => n + s.wins, 0));
    // Only the decks' cards were played: timewalker is in the second deck only, footsoldier in the first.
    expect(r.cards.timewalker).toBeDefined();
    expect(r.cards.footsoldier).toBeDefined();
  }, 300_000);

  it("refuses bad options", async () => {
    await expect(simulate({ preset: "skirmish", games: 0 })).rejects.toThrow(
      /games must be a positive integer/,
    );
    await expect(simulate({ preset: "skirmish", games: 5, shard: { index: 3, count: 2 } })).rejects.toThrow(
      /1 ≤ i ≤ n/,
    );
    await expect(simulate({ preset: "nope", games: 5 })).rejects.toThrow(/unknown preset/);
    await expect((simulate as (o: unknown) => Promise<unknown>)("skirmish")).rejects.toThrow(
      'simulate takes an options object, not the string "skirmish"',
    );
    await expect(
      simulate({
        preset: "skirmish",
        games: 2,
        workers: 1,
        agents: () => ({ choose: () => ({ player: 0, choice: "" }) }),
      }),
    ).rejects.toThrow(/workers: 0/);
  });

  it("counts capped games", async () => {
    const r = await simulate({ preset: "skirmish", games: 6, maxActions: 5, workers: 0 });
    expect(r.capped).toBe(6);
    expect(r.cappedSeeds).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.finished).toBe(0);
    expect(r.length.responses.median).toBeNull();
  });

  it("keeps its threads for many runs: the same results as one-shot runs, runs given at once included", async () => {
    const sim = await openSimulator({ workers: 2 });
    try {
      expect(sim.workers).toBe(2);
      const a = { preset: "skirmish", games: 24, seed: 7 } as const;
      const b = { preset: "duel-masters", games: 6, seed: 40 } as const;
      const [ra, rb] = await Promise.all([sim.simulate(a), sim.simulate(b)]);
      expect(json(ra)).toBe(json(await simulate({ ...a, workers: 0 })));
      expect(json(rb)).toBe(json(await simulate({ ...b, workers: 0 })));
      expect(ra.timing?.workers).toBe(2);
      // A run refused by a worker (a preset not built in, without its module) fails alone …
      const unregistered = { ...getPreset("skirmish"), id: "not-registered" };
      await expect(sim.simulate({ preset: unregistered, games: 30 })).rejects.toThrow(
        /could not play seeds .* needs presetModule/,
      );
      // … and the threads go on playing the next.
      expect(json(await sim.simulate(a))).toBe(json(ra));
      await expect(sim.simulate({ ...a, workers: 1 })).rejects.toThrow(
        "this simulator has 2, not the number 1",
      );
    } finally {
      await sim.close();
    }
    await expect(sim.simulate({ preset: "skirmish", games: 2 })).rejects.toThrow(/closed/);
    await expect(sim.close()).resolves.toBeUndefined(); // closing twice is harmless
    await expect(openSimulator({ workers: -1 })).rejects.toThrow(/workers must be a whole number/);
    // Bad input from JavaScript: named, never a TypeError.
    const loose = openSimulator as (o: unknown) => Promise<unknown>;
    await expect(loose(null)).rejects.toThrow("openSimulator takes an options object, not null");
    await expect(loose({ workers: "2" })).rejects.toThrow('not the string "2"');
    const none = await openSimulator({ workers: 0 });
    await expect((none.simulate as (o: unknown) => Promise<unknown>)(undefined)).rejects.toThrow(
      "simulate takes an options object, not undefined",
    );
    await expect(none.simulate({ preset: "skirmish", games: 1.5 })).rejects.toThrow("not the number 1.5");
    await none.close();
  }, 300_000);

  it("lets the process end while its idle threads are open", () => {
    const script = `import { openSimulator } from "./src/simulate/index.ts";
const sim = await openSimulator({ workers: 1 });
const r = await sim.simulate({ preset: "skirmish", games: 3 });
console.log("played", r.games);`;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe("played 3");
    expect(r.status).toBe(0);
  }, 120_000);

  it("counts a game's card uses from what its players did, its set-up left out", () => {
    for (const id of ["duel-masters", "yugioh", "magic"]) {
      const seed = 4;
      const setup = { players: 2, options: {}, cards: [], decks: null, maxActions: 400 };
      const record = playGame(getPreset(id), seed, setup);
      // The same game, heard by a listener from its first decision on.
      const game = Game.create(getPreset(id), { seed });
      const heard: LogEntry[] = [];
      game.onEvent((e) => heard.push(e));
      game.run();
      const agents = [defaultAgent(0, seed), defaultAgent(1, seed)];
      for (let n = 0; n < 400 && !game.over; n++) game.act(agents[game.decision!.player]!.choose(game));
      const uses: Record<string, Record<string, number>> = {};
      for (const e of heard) {
        const card = e.card ?? e.name;
        if (
          card === undefined ||
          !/^(activate|activateCard|cast|play|playLand|summon|set|deploy|cross|[a-z]+Summon)$/.test(e.type)
        )
          continue;
        uses[card] ??= {};
        uses[card][e.type] = (uses[card][e.type] ?? 0) + 1;
      }
      expect(Object.keys(uses).length).toBeGreaterThan(0);
      expect(record.cards).toEqual(uses);
    }
  });

  it("counts what was played: not the set-up, not an action that failed and was undone", () => {
    const preset: Preset = {
      id: "casting",
      name: "Casting",
      players: { min: 2, max: 2 },
      zones: [],
      turn: () => ({
        id: "turn",
        label: "Turn",
        children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
      }),
      cards: [],
      tasks: {
        main: actionLoop({
          actions: () => [
            { id: "bolt", label: "Bolt" },
            { id: "boom", label: "Boom" },
          ],
          perform: (game, player, option) => {
            game.emit({ type: "cast", player, card: "bolt" });
            if (option.id === "boom") throw new Error("boom");
          },
        }),
      },
      setup(game) {
        game.emit({ type: "cast", player: 0, card: "opening" });
      },
    };
    const script = ["bolt", "bolt", "bolt", "boom"];
    let asked = 0;
    const agent = () => ({
      choose: (game: Game) => ({ player: game.decision!.player, choice: script[asked++]! }),
    });
    const setup = { players: 2, options: {}, cards: [], decks: null, maxActions: 10 };
    const record = playGame(preset, 1, setup, agent);
    expect(record.end).toBe("error");
    expect(record.responses).toBe(3);
    expect(record.cards).toEqual({ bolt: { cast: 3 } });
  });
});
