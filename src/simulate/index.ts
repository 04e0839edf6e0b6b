/**
 * `turnkit/simulate`: many seeded games of a preset on every core, summed up — win rates by seat
 * and deck with 95 % intervals, game length, card and ability use, refusals — with results that
 * do not depend on the number of workers, and shards that merge exactly (docs/simulate.md).
 */
import { installFullChecks } from "../core/checks.js";

export { formatCsv, formatResult } from "./format.js";
export { defaultAgent, type GameSetup, playGame } from "./play.js";
export { merge, tallyOf, withoutTiming } from "./result.js";
export { DEFAULT_MAX_ACTIONS, openSimulator, type Simulator, simulate } from "./run.js";
export { deckOf, shardRange } from "./seeds.js";
export { lengthStats, quantile, wilson, Z95 } from "./stats.js";
export type {
  GameRecord,
  LengthStats,
  Rate,
  Shard,
  SimDeck,
  SimulateOptions,
  SimulateProgress,
  SimulationResult,
  Tally,
  WinCount,
} from "./types.js";

// Definitions are checked in every game made through this entry (core/checking.ts; not in turnkit/core).
installFullChecks();
