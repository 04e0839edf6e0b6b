/** The seed range of a run: sharding, and which deck each seat of a game plays. */
import { DefinitionError } from "../core/errors.js";
import type { Shard } from "./types.js";

/**
 * The seeds shard `index` of `count` plays out of `games` seeds from `first`: contiguous ranges,
 * the first `games mod count` shards one game longer. Every seed is in exactly one shard.
 */
export function shardRange(
  first: number,
  games: number,
  shard: Shard | undefined,
): { first: number; count: number } {
  if (!shard) return { first, count: games };
  const { index, count } = shard;
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(index) || index < 1 || index > count)
    throw new DefinitionError(`shard ${index}/${count}: expected i/n with 1 ≤ i ≤ n`);
  if (count > games)
    throw new DefinitionError(`shard ${index}/${count}: more shards than the ${games} games`);
  const base = Math.floor(games / count);
  const extra = games % count;
  const start = (index - 1) * base + Math.min(index - 1, extra);
  return { first: first + start, count: base + (index <= extra ? 1 : 0) };
}

/**
 * The deck (its index among `decks` deck lists) seat `seat` plays in the game of seed `seed`:
 * `(seed + seat) mod decks`. Over any `decks` consecutive seeds every deck plays every seat once,
 * and the game of a seed always gets the same decks, whichever worker or shard plays it.
 */
export function deckOf(seed: number, seat: number, decks: number): number {
  return (seed + seat) % decks;
}
