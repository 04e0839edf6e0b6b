/**
 * ISMCTS for a client of `turnkit serve`: the search runs in the client over determinizations the
 * server dealt its seat (`sample` / `samples`, src/server/samples.ts), never over the server's
 * game. Each save is checked as any saved state is (`Game.fromState`: a server is not trusted to
 * send a well-formed game), and the search cycles through them, one copy per iteration.
 */
import type { IsmctsAgent, SampleSource } from "../agents/ismcts.js";
import { type Action, Game } from "../core/game.js";
import type { Preset } from "../core/preset.js";
import type { GameState } from "../core/types.js";
import type { DecisionView } from "../core/view.js";
import { WIRE_LIMITS } from "./protocol.js";

/** The `sample` messages asking for `wanted` samples at `decision` (each with its own seed: the same seed deals the same samples). */
export function sampleRequests(
  decision: number,
  wanted: number,
  seed: number | string,
): { type: "sample"; decision: number; count: number; seed: string }[] {
  const total = Math.max(1, Math.min(wanted, WIRE_LIMITS.samplesPerDecision));
  const out: { type: "sample"; decision: number; count: number; seed: string }[] = [];
  for (let asked = 0, k = 0; asked < total; k++) {
    const count = Math.min(WIRE_LIMITS.samplesPerMessage, total - asked);
    out.push({ type: "sample", decision, count, seed: `${String(seed).slice(0, 40)}/${k}` });
    asked += count;
  }
  return out;
}

/** Games from a `samples` answer, each checked as a saved state of `preset`. */
export function gamesOfSaves(preset: Preset, saves: readonly GameState[]): Game[] {
  return saves.map((s, i) => {
    try {
      return Game.fromState(preset, s);
    } catch (e) {
      throw new Error(`the server's sample ${i} is not a game of ${preset.name}: ${(e as Error).message}`);
    }
  });
}

/** The samples in turn, a fresh copy each time (a search plays on what it is dealt). */
export function cyclingSamples(games: readonly Game[]): SampleSource {
  if (games.length === 0) throw new Error("a search needs at least one sample");
  let i = 0;
  return { deal: () => games[i++ % games.length]!.clone({ log: false }) };
}

/**
 * The agent's answer to `decision` (the seat's own, as its view shows it) searching over `games`.
 * The answer is one of the view's options (a sample whose question differs is a server's fault).
 */
export function searchOverSamples(
  agent: IsmctsAgent,
  games: readonly Game[],
  decision: DecisionView,
): Action {
  const first = games[0];
  if (!first) throw new Error("a search needs at least one sample");
  const asked = first.state.decision;
  if (!asked || asked.id !== decision.id || asked.player !== decision.player)
    throw new Error(`the server's samples are not at decision ${decision.id}`);
  const action = agent.chooseWith(first, cyclingSamples(games));
  if (!decision.options.some((o) => o.id === action.choice))
    throw new Error(`the search chose ${JSON.stringify(action.choice)}, which the view does not offer`);
  return action;
}
