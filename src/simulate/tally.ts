/**
 * The sums a run keeps: games are added one by one, and two tallies add up to the tally of both
 * runs. Integer sums and histograms only, so the order games arrive in (from whichever worker)
 * changes nothing; `canonical` sorts every key so the JSON is the same byte for byte.
 */
import type { GameRecord, Tally, WinCount } from "./types.js";

const wc = (): WinCount => ({ games: 0, wins: 0 });

export function emptyTally(players: number, decks: number | null): Tally {
  return {
    games: 0,
    finished: 0,
    draws: 0,
    capped: 0,
    errors: 0,
    seats: Array.from({ length: players }, wc),
    decks:
      decks === null
        ? null
        : Array.from({ length: decks }, () => ({ ...wc(), seats: Array.from({ length: players }, wc) })),
    responses: {},
    turns: {},
    cards: {},
    abilities: {},
    refusals: {},
    cappedSeeds: [],
    errorSeeds: [],
  };
}

function addCounts(into: Record<string, number>, from: Record<string, number>): void {
  // Own keys only: a card or ability named "constructor" is a count, not Object's.
  for (const [k, n] of Object.entries(from)) into[k] = (Object.hasOwn(into, k) ? into[k]! : 0) + n;
}

function addNested(
  into: Record<string, Record<string, number>>,
  from: Record<string, Record<string, number>>,
): void {
  for (const [k, m] of Object.entries(from)) {
    if (!Object.hasOwn(into, k)) into[k] = {};
    addCounts(into[k]!, m);
  }
}

/** Adds one game. Win counts are over every game played (a draw, a capped game or an error is no win). */
export function addGame(t: Tally, g: GameRecord): void {
  t.games++;
  if (g.end === "over") {
    t.finished++;
    if (g.winner === null) t.draws++;
    addCounts(t.responses, { [g.responses]: 1 });
    addCounts(t.turns, { [g.turns]: 1 });
  } else if (g.end === "capped") {
    t.capped++;
    t.cappedSeeds.push(g.seed);
  } else {
    t.errors++;
    t.errorSeeds.push({ seed: g.seed, message: g.error ?? "unknown error" });
  }
  t.seats.forEach((s, seat) => {
    s.games++;
    if (g.winner === seat) s.wins++;
  });
  if (t.decks && g.seatDecks)
    g.seatDecks.forEach((d, seat) => {
      const deck = t.decks![d]!;
      deck.games++;
      deck.seats[seat]!.games++;
      if (g.winner === seat) {
        deck.wins++;
        deck.seats[seat]!.wins++;
      }
    });
  addNested(t.cards, g.cards);
  addNested(t.abilities, g.abilities);
  addCounts(t.refusals, g.refusals);
}

/** `from` added into `into`. */
/** The tally of games `first` … `first + count - 1`, each played by `play` (a batch of a run). */
export function tallyGames(
  batch: { first: number; count: number; setup: { players: number; decks: readonly unknown[] | null } },
  play: (seed: number) => GameRecord,
): Tally {
  const t = emptyTally(batch.setup.players, batch.setup.decks?.length ?? null);
  for (let i = 0; i < batch.count; i++) addGame(t, play(batch.first + i));
  return t;
}

export function addTally(into: Tally, from: Tally): void {
  for (const k of ["games", "finished", "draws", "capped", "errors"] as const) into[k] += from[k];
  const addWc = (a: WinCount, b: WinCount) => {
    a.games += b.games;
    a.wins += b.wins;
  };
  from.seats.forEach((s, i) => {
    addWc(into.seats[i]!, s);
  });
  from.decks?.forEach((d, i) => {
    addWc(into.decks![i]!, d);
    d.seats.forEach((s, j) => {
      addWc(into.decks![i]!.seats[j]!, s);
    });
  });
  addCounts(into.responses, from.responses);
  addCounts(into.turns, from.turns);
  addNested(into.cards, from.cards);
  addNested(into.abilities, from.abilities);
  addCounts(into.refusals, from.refusals);
  // One by one: a spread of a long list (every seed of a big run capped) passes the stack's limit.
  for (const s of from.cappedSeeds) into.cappedSeeds.push(s);
  for (const e of from.errorSeeds) into.errorSeeds.push(e);
}

const byKey = <V>(o: Record<string, V>): [string, V][] =>
  Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

function sortedCounts(o: Record<string, number>): Record<string, number> {
  return Object.fromEntries(byKey(o));
}

function sortedNested(o: Record<string, Record<string, number>>): Record<string, Record<string, number>> {
  return Object.fromEntries(byKey(o).map(([k, m]) => [k, sortedCounts(m)]));
}

/** The tally with every map's keys sorted and the seed lists in seed order. */
export function canonical(t: Tally): Tally {
  return {
    ...t,
    responses: sortedCounts(t.responses),
    turns: sortedCounts(t.turns),
    cards: sortedNested(t.cards),
    abilities: sortedNested(t.abilities),
    refusals: sortedCounts(t.refusals),
    cappedSeeds: [...t.cappedSeeds].sort((a, b) => a - b),
    errorSeeds: [...t.errorSeeds].sort((a, b) => a.seed - b.seed),
  };
}
