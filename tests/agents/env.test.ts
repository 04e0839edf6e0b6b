/** TurnkitEnv (src/agents/env.ts): the AEC loop, rewards, masks, agent seats, clone. */
import { describe, expect, it } from "vitest";
import { actionSpace, encodingKey, featureNames, randomAgent, TurnkitEnv } from "../../src/agents/index.js";
import { IllegalActionError } from "../../src/core/errors.js";
import { nextInt, seedRng } from "../../src/core/rng.js";
import { getPreset, presetIds } from "../../src/presets/index.js";

/** Plays the environment to its end with random legal encoded actions. */
function rollout(env: TurnkitEnv, seed: number, rngSeed: number) {
  const rng = seedRng(rngSeed);
  let turn = env.reset(seed);
  const trace: string[] = [];
  for (let i = 0; i < 5000; i++) {
    const o = turn.legal[nextInt(rng, turn.legal.length)]!;
    trace.push(`${turn.player}:${encodingKey(o.encoding)}`);
    const r = env.step(o.encoding);
    if (r.done) return { trace, last: r };
    turn = r.info;
  }
  throw new Error("no end in 5000 steps");
}

describe("TurnkitEnv", () => {
  for (const id of presetIds()) {
    it(`${id}: reset/step to the end; rewards ±1 to the acting player; deterministic`, () => {
      const preset = getPreset(id);
      const env = new TurnkitEnv(preset, { logging: "none", maxActions: 3000 });
      const a = rollout(env, 3, 4);
      const { last } = a;
      expect(last.done).toBe(true);
      expect(env.agentSelection).toBeNull();
      const r = env.game.result;
      if (last.info.truncated) expect(last.info.rewards).toEqual([0, 0]);
      else if (r?.winner === null) expect(last.reward).toBe(0);
      else {
        expect(last.reward).toBe(r!.winner === last.info.acted ? 1 : -1);
        expect([...last.info.rewards].sort()).toEqual([-1, 1]);
      }
      expect(last.observation.features.length).toBe(featureNames(preset).length);
      expect(() => env.step("pass")).toThrow(IllegalActionError);
      // Same seeds, same episode.
      expect(rollout(new TurnkitEnv(preset, { logging: "none", maxActions: 3000 }), 3, 4).trace).toEqual(
        a.trace,
      );
    });
  }

  it("lets agents play their seats: the learner sees only its own decisions", () => {
    const env = new TurnkitEnv(getPreset("duel-masters"), { agents: { 1: randomAgent(9) } });
    let turn = env.reset(5);
    let steps = 0;
    const rng = seedRng(1);
    for (;;) {
      expect(turn.player).toBe(0);
      expect(env.agentSelection).toBe(0);
      const r = env.step(turn.legal[nextInt(rng, turn.legal.length)]!.encoding);
      steps++;
      if (r.done) {
        expect(r.info.acted).toBe(0);
        expect(Math.abs(r.reward)).toBe(env.game.result!.winner === null ? 0 : 1);
        break;
      }
      turn = r.info;
    }
    expect(steps).toBeGreaterThan(5);
  });

  it("takes action indices with a space, gives masks, and refuses an illegal action unchanged", () => {
    const preset = getPreset("skirmish");
    const space = actionSpace(preset);
    const env = new TurnkitEnv(preset, { space });
    const turn = env.reset(42);
    expect(turn.mask!.length).toBe(space.size);
    const legal: number[] = [];
    for (const [i, v] of turn.mask!.entries()) if (v) legal.push(i);
    expect(legal.length).toBe(turn.legal.length);
    const illegal = [...turn.mask!.keys()].find((i) => !turn.mask![i])!;
    const before = env.game.serialize();
    expect(() => env.step(illegal)).toThrow(IllegalActionError);
    expect(env.game.serialize()).toBe(before);
    const r = env.step(legal[0]!);
    expect(r.info.mask!.length).toBe(space.size);
    const { observation, reward, done, info } = env.last();
    expect(reward).toBe(0);
    expect(done).toBe(false);
    expect(info.player).toBe(env.agentSelection);
    expect(observation.view.viewer).toBe(env.agentSelection);
  });

  it("clones: the copy plays on alone and, given the same actions, ends as the original", () => {
    const preset = getPreset("duel-masters");
    const env = new TurnkitEnv(preset);
    let turn = env.reset(11);
    const rng = seedRng(2);
    for (let i = 0; i < 30; i++) turn = env.step(turn.legal[nextInt(rng, turn.legal.length)]!.encoding).info;
    const before = env.game.serialize();
    const copy = env.clone();
    expect(copy.game.serialize()).toBe(before);
    const rngA = seedRng(3);
    const rngB = seedRng(3);
    let ta = turn;
    let tb = copy.turnOf(copy.agentSelection!);
    expect(tb.legal).toEqual(ta.legal);
    let ra = null;
    let rb = null;
    for (let i = 0; i < 3000; i++) {
      rb = copy.step(tb.legal[nextInt(rngB, tb.legal.length)]!.encoding);
      if (i === 0) expect(env.game.serialize()).toBe(before); // the original did not move
      ra = env.step(ta.legal[nextInt(rngA, ta.legal.length)]!.encoding);
      if (ra.done || rb.done) break;
      ta = ra.info;
      tb = rb.info;
    }
    expect(rb!.done).toBe(true);
    expect(ra!.done).toBe(true);
    expect(copy.game.serialize()).toBe(env.game.serialize());
  });
});
