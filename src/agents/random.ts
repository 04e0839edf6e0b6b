/**
 * A random legal agent: picks uniformly among `legalActions()` with its own seeded RNG, so a
 * game between random agents is reproducible from its seeds.
 */
import type { Action, Game } from "../core/game.js";
import { nextInt, type RngState, seedRng } from "../core/rng.js";

export interface Agent {
  choose(game: Game): Action;
}

export function randomAgent(seed: number): Agent & { rng: RngState } {
  const rng = seedRng(seed ^ 0x5bd1e995);
  return {
    rng,
    choose(game) {
      // One of `legalActions()`, drawn the same way, without building the others.
      const d = game.state.decision;
      if (!d || d.options.length === 0)
        throw new Error("the random agent was asked to act with no decision pending");
      const o = d.options[nextInt(rng, d.options.length)]!;
      return { player: d.player, decision: d.id, choice: o.id, label: o.label };
    },
  };
}

/** Plays agents until the game ends or `maxActions` responses were given; returns the responses. */
export function playOut(game: Game, agent: Agent, maxActions = 100_000): Action[] {
  const taken: Action[] = [];
  game.run();
  while (!game.over && taken.length < maxActions) {
    const a = agent.choose(game);
    taken.push(a);
    game.act(a);
  }
  return taken;
}
