/**
 * The ISMCTS agent (src/agents/ismcts.ts): deterministic for a seed and an information
 * state, legal on every preset, blind to cards hidden from its player (its choice is the same for
 * two games that differ only there), and stronger than the random agent; its specs
 * (src/agents/spec.ts) as `simulate` and the command line take them.
 */
import { describe, expect, it } from "vitest";
import { unknownCards } from "../../src/agents/determinize.js";
import { healthShare, ismctsAgent } from "../../src/agents/ismcts.js";
import { randomAgent } from "../../src/agents/random.js";
import { AgentSpecError, formatAgentSpec, parseAgentSpec, parseAgentSpecs } from "../../src/agents/spec.js";
import { main } from "../../src/cli/program.js";
import { Game } from "../../src/core/game.js";
import type { Preset } from "../../src/core/preset.js";
import { nextInt, seedRng, shuffled } from "../../src/core/rng.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { merge, simulate, withoutTiming } from "../../src/simulate/index.js";
import { newGameOf } from "../../src/testing/invariants.js";
import { perturbHidden } from "../../src/testing/noninterference.js";
import { runCli } from "../support/cli.js";

/** A game after up to `max` random responses, stopped at a decision with two options or more. */
function midGame(preset: Preset, seed: number, max = 60): Game | null {
  const g = newGameOf(preset, seed, seed % 2 ? "random" : "sample").run();
  const rng = seedRng(`ismcts-mid:${seed}`);
  const steps = nextInt(rng, max + 1);
  for (let i = 0; i < steps && !g.over; i++) {
    const d = g.state.decision!;
    g.act(d.options[nextInt(rng, d.options.length)]!.id);
  }
  for (let i = 0; i < 200 && !g.over && g.state.decision!.options.length < 2; i++)
    g.act(g.state.decision!.options[0]!.id);
  return g.over ? null : g;
}

const tiny = { iterations: 6, rolloutLimit: 25 };

describe("ismctsAgent", () => {
  it("gives the same choice for the same seed and state, whatever it searched before", () => {
    const preset = getPreset("skirmish");
    const g = midGame(preset, 3)!;
    const a = ismctsAgent({ iterations: 30, seed: 5 });
    const first = a.choose(g);
    // Another search in between (another state) changes nothing: the search is seeded by the decision.
    const other = [4, 5, 6, 7, 8, 9].map((s) => midGame(preset, s)).find((x) => x !== null)!;
    a.choose(other);
    expect(a.choose(g)).toEqual(first);
    expect(ismctsAgent({ iterations: 30, seed: 5 }).choose(g)).toEqual(first);
    expect(a.lastStats!.iterations).toBe(30);
    expect(a.lastStats!.failures).toBe(0);
    expect(a.lastStats!.children.reduce((n, c) => n + c.visits, 0)).toBe(30);
    // The real game is not changed by a search.
    const before = g.serialize();
    a.choose(g);
    expect(g.serialize()).toBe(before);
  });

  it("returns a forced decision at once, and refuses to act with no decision", () => {
    const preset = getPreset("skirmish");
    const g = newGameOf(preset, 1, "sample").run();
    for (let i = 0; i < 500 && !g.over; i++) {
      const d = g.state.decision!;
      if (d.options.length === 1) {
        const a = ismctsAgent({ iterations: 1000 });
        expect(a.choose(g).choice).toBe(d.options[0]!.id);
        expect(a.lastStats).toBeNull();
        break;
      }
      g.act(d.options[0]!.id);
    }
    while (!g.over) g.act(g.state.decision!.options[0]!.id);
    expect(() => ismctsAgent().choose(g)).toThrow(/no decision/);
  });

  it("refuses bad options", () => {
    expect(() => ismctsAgent({ iterations: 0 })).toThrow(RangeError);
    expect(() => ismctsAgent({ rolloutLimit: 1.5 })).toThrow(RangeError);
    expect(() => ismctsAgent({ exploration: -1 })).toThrow(RangeError);
    expect(() => ismctsAgent({ timeMs: 0 })).toThrow(RangeError);
  });

  for (const id of presetIds()) {
    it(`${id}: chooses a legal option of its own decision (tiny budget)`, () => {
      const preset = getPreset(id);
      let searched = 0;
      for (const seed of [1, 2, 3]) {
        const g = midGame(preset, seed);
        if (!g) continue;
        const d = g.state.decision!;
        const a = ismctsAgent({ ...tiny, seed });
        const choice = a.choose(g);
        expect(choice.player).toBe(d.player);
        expect(choice.decision).toBe(d.id);
        expect(d.options.map((o) => o.id)).toContain(choice.choice);
        expect(a.lastStats!.failures).toBe(0);
        g.act(choice);
        searched++;
      }
      expect(searched).toBeGreaterThan(0);
    });

    it(`${id}: its search and choice do not depend on cards hidden from its player`, () => {
      const preset = getPreset(id);
      let compared = 0;
      let changed = 0;
      for (const seed of [11, 12, 13, 14]) {
        const a = midGame(preset, seed);
        if (!a) continue;
        const p = a.state.decision!.player;
        // B: A with the identities of hidden cards dealt again within determinize's groups …
        const state = a.toJSON();
        const rng = seedRng(`ismcts-perturb:${seed}`);
        for (const g of unknownCards(a, p).groups) {
          const cards = shuffled(
            rng,
            g.objects.map((o) => state.objects[o]!.card),
          );
          g.objects.forEach((o, i) => {
            if (state.objects[o]!.card !== cards[i]) changed++;
            state.objects[o]!.card = cards[i]!;
          });
        }
        const b = Game.fromState(preset, state);
        const opts = { ...tiny, seed: `hidden:${seed}` };
        // The whole search must be the same, not only the choice: each child's visits and mean
        // reward (a tiny search's choice alone would rarely tell a peeking agent apart; its
        // statistics do — checked against an agent searching the real state).
        const searchOf = (g: Game) => {
          const agent = ismctsAgent(opts);
          const choice = agent.choose(g);
          return { choice, children: agent.lastStats!.children, nodes: agent.lastStats!.nodes };
        };
        const searched = searchOf(a);
        expect(searchOf(b)).toEqual(searched);
        // … and C: the non-interference perturbation (hidden zones reordered, ids and all).
        const { state: cState } = perturbHidden(a, p, seedRng(`ismcts-ni:${seed}`));
        let c: Game | null = null;
        try {
          c = Game.fromState(preset, cState);
        } catch {
          // the perturbation is only meant for quiet points (nothing resolving)
        }
        if (c) expect(searchOf(c)).toEqual(searched);
        compared++;
      }
      expect(compared).toBeGreaterThan(0);
      expect(changed).toBeGreaterThan(0);
    });
  }

  it("scores an unfinished playout by the players' public health", () => {
    const g = Game.create(getPreset("skirmish"), { seed: 1 }).run();
    expect(healthShare(g)).toEqual([0.5, 0.5]);
    g.state.players[1]!.vars.life = 5;
    expect(healthShare(g)[0]).toBeCloseTo(10 / 15);
    const dm = Game.create(getPreset("duel-masters"), { seed: 1 }).run();
    expect(healthShare(dm)).toEqual([0.5, 0.5]);
  });

  it("beats the random agent in lab (20 games, 30 iterations, alternating seats)", () => {
    const preset = getPreset("lab");
    const games = 20;
    let wins = 0;
    let randomWins = 0;
    for (let s = 1; s <= games; s++) {
      const seat = s % 2;
      // ISMCTS against random, and (the baseline, same seeds and seats) random against random.
      for (const searching of [true, false]) {
        const g = Game.create(preset, { seed: s, logging: "none" }).run();
        const me = searching ? ismctsAgent({ iterations: 30, seed: s }) : randomAgent(s * 7);
        const other = randomAgent(s * 31);
        for (let k = 0; k < 2000 && !g.over; k++) {
          const d = g.state.decision!;
          g.act((d.player === seat ? me : other).choose(g));
        }
        if (g.result?.winner === seat) {
          if (searching) wins++;
          else randomWins++;
        }
      }
    }
    expect(wins).toBeGreaterThanOrEqual(15);
    // Meaningful: random play from the same seat does not come close.
    expect(randomWins).toBeLessThanOrEqual(14);
    expect(wins - randomWins).toBeGreaterThanOrEqual(4);
  }, 300_000);
});

describe("agent specs", () => {
  it("reads random and ismcts specs, and writes them back canonically", () => {
    expect(parseAgentSpec("random")).toEqual({ kind: "random" });
    expect(parseAgentSpec("ismcts")).toEqual({ kind: "ismcts", options: {} });
    expect(parseAgentSpec("ismcts:100")).toEqual({ kind: "ismcts", options: { iterations: 100 } });
    expect(parseAgentSpec(" ismcts:50:c=1.2:rollout=40 ")).toEqual({
      kind: "ismcts",
      options: { iterations: 50, exploration: 1.2, rolloutLimit: 40 },
    });
    expect(formatAgentSpec(parseAgentSpec("ismcts:rollout=40:iterations=9"))).toBe("ismcts:9:rollout=40");
    expect(parseAgentSpecs("random,ismcts:5").map(formatAgentSpec)).toEqual(["random", "ismcts:5"]);
  });

  it("refuses bad specs with what is wrong", () => {
    for (const [spec, why] of [
      ["mcts", /"mcts" is not an agent \(did you mean "ismcts"\?\); the agents are random, ismcts/],
      ["random:3", /takes no options/],
      ["ismcts:0", /iterations must be a positive integer/],
      ["ismcts:ten", /iterations must be a positive integer/],
      ["ismcts:5:depth=3", /unknown ismcts option "depth"/],
      ["ismcts:5:7", /not key=value/],
      ["ismcts:c=-1", /c must be a non-negative number/],
    ] as const)
      expect(() => parseAgentSpec(spec), spec).toThrow(why);
    expect(() => parseAgentSpecs("random,,ismcts")).toThrow(AgentSpecError);
  });

  it("simulate: specs per seat give the same result in the thread and on a worker", async () => {
    const opts = { preset: "skirmish", games: 2, seed: 3, agents: ["ismcts:4:rollout=20", "random"] };
    const inThread = await simulate({ ...opts, workers: 0 });
    const worker = await simulate({ ...opts, workers: 1 });
    expect(JSON.stringify(withoutTiming(worker))).toBe(JSON.stringify(withoutTiming(inThread)));
    expect(inThread.agents).toEqual(["ismcts:4:rollout=20", "random"]);
    // "random" for every seat is the default run exactly.
    const plain = await simulate({ preset: "skirmish", games: 6, seed: 3, workers: 0 });
    const specs = await simulate({
      preset: "skirmish",
      games: 6,
      seed: 3,
      workers: 0,
      agents: ["random", "random"],
    });
    const { agents: _, ...rest } = withoutTiming(specs);
    expect(JSON.stringify(rest)).toBe(JSON.stringify(withoutTiming(plain)));
    await expect(simulate({ ...opts, agents: ["random"], workers: 0 })).rejects.toThrow(
      /one agent spec per seat/,
    );
    await expect(simulate({ ...opts, agents: ["random", "alpha"], workers: 0 })).rejects.toThrow(
      /not an agent/,
    );
  }, 300_000);

  it("simulate: shards with the same specs merge, with other specs are refused", async () => {
    const opts = { preset: "skirmish", games: 6, seed: 2, workers: 0, agents: ["random", "random"] };
    const whole = await simulate(opts);
    const parts = await Promise.all([1, 2].map((index) => simulate({ ...opts, shard: { index, count: 2 } })));
    expect(JSON.stringify(merge(parts))).toBe(JSON.stringify(withoutTiming(whole)));
    const other = await simulate({
      ...opts,
      agents: ["random", "ismcts:2:rollout=5"],
      shard: { index: 2, count: 2 },
    });
    expect(() => merge([parts[0]!, other])).toThrow(/different runs/);
  }, 300_000);

  it("the command line: --agents for play and simulate, exit 2 on a bad spec", async () => {
    const play = await runCli(main, [
      "play",
      "--game",
      "skirmish",
      "--seed",
      "2",
      "--agents",
      "random,ismcts:4",
    ]);
    expect(play.code).toBe(0);
    expect(play.stdout).toMatch(/State sha256/);
    const sim = await runCli(
      main,
      ["simulate", "--game", "skirmish", "--games", "2", "--workers", "0", "--agents", "ismcts:3,random"],
      { CI: "true" },
    );
    expect(sim.code).toBe(0);
    expect(sim.stdout).toMatch(/P1 \(ismcts:3\): \d\/2 won/);
    for (const args of [
      ["play", "--game", "skirmish", "--agents", "random,minimax"],
      ["play", "--game", "skirmish", "--agents", "ismcts"],
      ["play", "--game", "skirmish", "--agents", "random,ismcts:4", "--seat", "P2"],
      ["simulate", "--game", "skirmish", "--games", "2", "--agents", "ismcts:-3,random"],
      ["simulate", "--game", "skirmish", "--games", "2", "--agents", "random,random,random"],
    ]) {
      const r = await runCli(main, args, { CI: "true" });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(/^turnkit: .*agent|--agents/);
    }
  }, 300_000);
});
