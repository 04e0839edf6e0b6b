/** Helpers for property tests: seeded random games of any registered preset, step by step. */
import type { Action, Game } from "../../src/core/game.js";
import { Game as GameClass } from "../../src/core/game.js";
import type { Preset } from "../../src/core/preset.js";
import { nextInt, seedRng } from "../../src/core/rng.js";

/** A new game of `preset` with its own setup, run to its first decision. */
export function newGame(preset: Preset, seed: number): Game {
  return GameClass.create(preset, { seed }).run();
}

/** Random legal responses, drawn from a seed of their own. */
export function responder(seed: number): (game: Game) => Action {
  const rng = seedRng(seed ^ 0x2545f491);
  return (game) => {
    const actions = game.legalActions();
    return actions[nextInt(rng, actions.length)]!;
  };
}

/** Plays up to `max` random responses, calling `each` after every one; returns them. */
export function playRandom(game: Game, seed: number, max: number, each?: (game: Game) => void): Action[] {
  const pick = responder(seed);
  const taken: Action[] = [];
  while (!game.over && taken.length < max) {
    const a = pick(game);
    game.act(a);
    taken.push(a);
    each?.(game);
  }
  return taken;
}

/** Applies recorded responses. */
export function replay(game: Game, actions: readonly Action[]): Game {
  for (const a of actions) game.act(a);
  return game;
}
