/**
 * A run's result from its tally, the tally back from a result, and `merge`: shard results added
 * up into the result the whole range gives in one run.
 */
import { DefinitionError } from "../core/errors.js";
import { fingerprintDifference } from "../core/fingerprint.js";
import { lengthStats, wilson } from "./stats.js";
import { addTally, canonical, emptyTally } from "./tally.js";
import type { Rate, SimulationResult, Tally, WinCount } from "./types.js";

/** What a result says besides its sums (the same fields as the result's). */
export type ResultMeta = Pick<
  SimulationResult,
  | "turnkit"
  | "rules"
  | "preset"
  | "options"
  | "players"
  | "maxActions"
  | "seeds"
  | "shard"
  | "played"
  | "decks"
  | "agents"
>;

function rate(c: WinCount): Rate {
  const ci = wilson(c.wins, c.games);
  return {
    games: c.games,
    wins: c.wins,
    winRate: c.games > 0 ? c.wins / c.games : null,
    low: ci?.low ?? null,
    high: ci?.high ?? null,
  };
}

export function resultOf(meta: ResultMeta, tally: Tally): SimulationResult {
  const t = canonical(tally);
  return {
    format: "turnkit/simulate@2",
    ...meta,
    games: t.games,
    finished: t.finished,
    draws: t.draws,
    capped: t.capped,
    errors: t.errors,
    seats: t.seats.map((s, i) => ({ seat: `P${i + 1}`, ...rate(s) })),
    deckStats:
      t.decks && meta.decks
        ? t.decks.map((d, i) => ({
            deck: meta.decks![i]!.name,
            ...rate(d),
            seats: d.seats.map((s) => ({ games: s.games, wins: s.wins })),
          }))
        : null,
    length: { responses: lengthStats(t.responses), turns: lengthStats(t.turns) },
    cards: t.cards,
    abilities: t.abilities,
    refusals: t.refusals,
    cappedSeeds: t.cappedSeeds,
    errorSeeds: t.errorSeeds,
  };
}

/** The sums a result was made from. */
export function tallyOf(r: SimulationResult): Tally {
  return {
    games: r.games,
    finished: r.finished,
    draws: r.draws,
    capped: r.capped,
    errors: r.errors,
    seats: r.seats.map((s) => ({ games: s.games, wins: s.wins })),
    decks:
      r.deckStats?.map((d) => ({
        games: d.games,
        wins: d.wins,
        seats: d.seats.map((s) => ({ games: s.games, wins: s.wins })),
      })) ?? null,
    responses: { ...r.length.responses.histogram },
    turns: { ...r.length.turns.histogram },
    cards: structuredClone(r.cards),
    abilities: structuredClone(r.abilities),
    refusals: { ...r.refusals },
    cappedSeeds: [...r.cappedSeeds],
    errorSeeds: r.errorSeeds.map((e) => ({ ...e })),
  };
}

/** The JSON a comparison sees: the result without its timing. */
export function withoutTiming(r: SimulationResult): SimulationResult {
  const { timing: _, ...rest } = r;
  return rest;
}

/**
 * Adds up the results of every shard of one run (in any order) into the whole run's result: the
 * result one run of the whole range gives (`shard` is null, as a single run's). They must be of the
 * same preset, options, players, decks, max actions and seed range, and their seeds must not
 * overlap nor leave out any of the run's: a shard missing is refused (its sum would pass for the
 * whole run's).
 */
export function merge(results: SimulationResult[]): SimulationResult {
  if (results.length === 0) throw new DefinitionError("merge: no results given");
  for (const r of results)
    if (r?.format !== "turnkit/simulate@2")
      throw new DefinitionError(
        r?.format === "turnkit/simulate@1"
          ? "merge: a result of an older turnkit (turnkit/simulate@1), which records neither its version nor its rules: run that shard again"
          : `merge: not a turnkit simulate result (format ${JSON.stringify(r?.format)})`,
      );
  const first = results[0]!;
  // Played by another version of turnkit or under other rules: not parts of one run.
  const otherRules = results.find((r) => r.turnkit !== first.turnkit || r.rules?.all !== first.rules?.all);
  if (otherRules) {
    const parts = fingerprintDifference(otherRules.rules ?? {}, first.rules);
    throw new DefinitionError(
      `merge: the results were played by different versions or rules (turnkit ${first.turnkit} and ${otherRules.turnkit}${parts.length ? `; ${parts.join(", ")} ${parts.length === 1 ? "differs" : "differ"}` : ""}): not parts of one run`,
    );
  }
  const same = (r: SimulationResult) =>
    JSON.stringify([r.preset, r.options, r.players, r.maxActions, r.seeds, r.decks, r.agents ?? null]) ===
    JSON.stringify([
      first.preset,
      first.options,
      first.players,
      first.maxActions,
      first.seeds,
      first.decks,
      first.agents ?? null,
    ]);
  const other = results.find((r) => !same(r));
  if (other)
    throw new DefinitionError(
      `merge: the results are of different runs (preset, options, players, decks, agents, max actions or seed range differ: ${first.preset} seeds ${first.seeds.first}+${first.seeds.count} vs ${other.preset} seeds ${other.seeds.first}+${other.seeds.count})`,
    );
  const parts = [...results].sort((a, b) => a.played.first - b.played.first);
  for (let i = 1; i < parts.length; i++) {
    const prev = parts[i - 1]!.played;
    if (parts[i]!.played.first < prev.first + prev.count)
      throw new DefinitionError(
        `merge: seeds overlap (${prev.first}…${prev.first + prev.count - 1} and ${parts[i]!.played.first}…${parts[i]!.played.first + parts[i]!.played.count - 1}): a shard given twice?`,
      );
  }
  const tally = emptyTally(first.players, first.decks?.length ?? null);
  for (const r of parts) addTally(tally, tallyOf(r));
  const lo = parts[0]!.played.first;
  const last = parts[parts.length - 1]!.played;
  const covered = parts.reduce((n, r) => n + r.played.count, 0);
  const whole = covered === first.seeds.count && lo === first.seeds.first;
  if (!whole && covered !== last.first + last.count - lo)
    throw new DefinitionError(
      `merge: the shards leave a gap in the seeds (${covered} of ${first.seeds.count} games, from ${lo}); give every shard`,
    );
  if (!whole) {
    const shards = parts.map((r) => (r.shard ? `${r.shard.index}/${r.shard.count}` : "?")).join(", ");
    throw new DefinitionError(
      `merge: the results cover seeds ${lo}…${lo + covered - 1}, ${covered} of the run's ${first.seeds.count} games (${first.seeds.first}…${first.seeds.first + first.seeds.count - 1}; shard${parts.length === 1 ? "" : "s"} ${shards}): not the whole run; give every shard`,
    );
  }
  return resultOf(
    {
      turnkit: first.turnkit,
      rules: first.rules,
      preset: first.preset,
      options: first.options,
      players: first.players,
      maxActions: first.maxActions,
      seeds: first.seeds,
      shard: null,
      played: { first: lo, count: covered },
      decks: first.decks,
      ...(first.agents ? { agents: first.agents } : {}),
    },
    tally,
  );
}
