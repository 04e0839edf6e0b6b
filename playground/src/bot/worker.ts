/**
 * The bot worker: chooses bots' responses off the page's thread, so a search (the ISMCTS agent,
 * seconds per decision at a few hundred iterations) never freezes the page. Each request carries
 * the whole game; the agents stay here between requests, keeping their random streams.
 */
import { Game } from "turnkit";
import { type Agent, agentOf } from "turnkit/agents";
import { getPreset } from "turnkit/presets";
import type { FromWorker, ToWorker } from "./protocol";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
};

let preset: ReturnType<typeof getPreset> | null = null;
let agents: Agent[] = [];

scope.onmessage = (e) => {
  const m = e.data;
  if (m.type === "start") {
    preset = getPreset(m.preset);
    agents = m.seeds.map((seed) => agentOf(m.spec, seed));
    return;
  }
  try {
    const agent = agents[m.seat];
    if (!preset || !agent) throw new Error(`the bot worker has no agent for seat ${m.seat}`);
    const game = Game.deserialize(preset, m.state);
    scope.postMessage({ id: m.id, action: agent.choose(game) });
  } catch (err) {
    scope.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
};
