// A random rollout through the agent API (docs/agents.md): a PettingZoo-style environment where
// P2 is played by the environment's own random agent and P1 picks among its legal actions by
// index, using the legal-action mask of a fixed-size action space.
import { nextInt, seedRng } from "turnkit";
import { actionSpace, featureNames, randomAgent, TurnkitEnv } from "turnkit/agents";
import { getPreset } from "turnkit/presets";

const preset = getPreset("skirmish");
// The action space: one slot per option of a decision, in canonical order (64 slots here).
const space = actionSpace(preset, { maxOptions: 64 });
const env = new TurnkitEnv(preset, { agents: { 1: randomAgent(2) }, space });
console.log(`action space: ${space.size} actions, ${featureNames(preset).length} features`);

const rng = seedRng(7);
let turn = env.reset(42);
let steps = 0;
for (;;) {
  // The legal actions are where the mask is 1: slot i is turn.legal[i].
  const legal: number[] = [];
  for (const [i, v] of turn.mask!.entries()) if (v) legal.push(i);
  const r = env.step(legal[nextInt(rng, legal.length)]!);
  steps++;
  if (r.done) {
    console.log(`done after ${steps} steps of P1: reward ${r.reward} (${r.info.result?.reason})`);
    break;
  }
  turn = r.info;
}
const first = env.reset(42);
console.log(`P${first.player + 1} to act; first legal action: ${JSON.stringify(first.legal[0]!.encoding)}`);
