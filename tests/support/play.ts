/** Helpers for property tests: seeded random games of any registered preset, step by step. */
import type { Action, Game } from "../../src/core/game.js";
import { Game as GameClass } from "../../src/core/game.js";
import type { Preset } from "../../src/core/preset.js";
import { nextInt, seedRng } from "../../src/core/rng.js";

/** A deck for each player cycling through the preset's library, for presets that need decks given. */
function libraryDecks(preset: Preset, players: number, size = 40): string[][] {
  const ids = preset.cards.map((c) => c.id);
  return Array.from({ length: players }, () => Array.from({ length: size }, (_, i) => ids[i % ids.length]!));
}

/**
 * How to start random games of a preset: its own setup; else the same with decks from its library;
 * else (no setup at all) those decks placed in each player's deck zone by hand. A preset none of
 * these can start gives a reason to skip it by, shown in the test name.
 */
export function gameMaker(preset: Preset): { make: (seed: number) => Game } | { skip: string } {
  const ways: [string, (seed: number) => Game][] = [];
  if (preset.setup) {
    ways.push(["its own setup", (seed) => GameClass.create(preset, { seed }).run()]);
    ways.push([
      "decks from its library",
      (seed) => GameClass.create(preset, { seed, decks: libraryDecks(preset, 2) }).run(),
    ]);
  } else {
    ways.push([
      "decks placed by hand",
      (seed) => {
        const game = GameClass.create(preset, { seed, setup: false });
        libraryDecks(preset, 2).forEach((deck, p) => {
          for (const card of deck) game.createCard(card, p, game.deckZoneKind);
          game.shuffle(game.zone(game.deckZoneKind, p).id);
        });
        return game.run();
      },
    ]);
  }
  const problems: string[] = [];
  for (const [how, make] of ways) {
    try {
      const game = make(1);
      if (game.over) throw new Error(`the game is over before any decision (${game.result?.reason})`);
      return { make };
    } catch (e) {
      problems.push(`${how}: ${(e as Error).message}`);
    }
  }
  return { skip: problems.join("; ") };
}

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
