/**
 * A simulate result read back (`simulate merge`) checked to its exact shape before it is added up:
 * every field of SimulationResult (types.ts) of its type, counts whole and not negative, no field
 * it doesn't have, no "__proto__" key. zod: strict objects name the first field that is wrong.
 */
import { z } from "zod";
import { DefinitionError } from "../core/errors.js";
import { jsonProblem } from "../core/json.js";
import type { SimulationResult } from "./types.js";

const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const fraction = z.number().min(0).max(1).nullable();
const counts = z.record(z.string(), count);
const winCount = { games: count, wins: count };
const rate = { ...winCount, winRate: fraction, low: fraction, high: fraction };
const lengthStats = z.strictObject({
  mean: z.number().nonnegative().nullable(),
  median: z.number().nonnegative().nullable(),
  p95: z.number().nonnegative().nullable(),
  max: z.number().nonnegative().nullable(),
  histogram: counts,
});
const range = z.strictObject({ first: count, count });

const SimulationResultSchema = z.strictObject({
  format: z.literal("turnkit/simulate@2"),
  turnkit: z.string(),
  rules: z.strictObject({
    all: z.string(),
    turn: z.string(),
    cards: z.string(),
    preset: z.string(),
    options: z.string(),
  }),
  preset: z.string(),
  options: z.record(z.string(), z.json()),
  players: count,
  maxActions: count,
  seeds: range,
  shard: z.strictObject({ index: count, count }).nullable(),
  played: range,
  decks: z.array(z.strictObject({ name: z.string(), size: count })).nullable(),
  agents: z.array(z.string()).optional(),
  games: count,
  finished: count,
  draws: count,
  capped: count,
  errors: count,
  seats: z.array(z.strictObject({ seat: z.string(), ...rate })),
  deckStats: z
    .array(z.strictObject({ deck: z.string(), ...rate, seats: z.array(z.strictObject(winCount)) }))
    .nullable(),
  length: z.strictObject({ responses: lengthStats, turns: lengthStats }),
  cards: z.record(z.string(), counts),
  abilities: z.record(z.string(), counts),
  refusals: counts,
  cappedSeeds: z.array(count),
  errorSeeds: z.array(z.strictObject({ seed: count, message: z.string() })),
  timing: z
    .strictObject({
      workers: count,
      seconds: z.number().nonnegative(),
      gamesPerSecond: z.number().nonnegative(),
    })
    .optional(),
});

/** `value` as a SimulationResult, or a DefinitionError naming `name` and the first field that is wrong. */
export function checkedResult(value: unknown, name: string): SimulationResult {
  const notJson = jsonProblem(value);
  if (notJson)
    throw new DefinitionError(`${name}: ${notJson.path.replace(/^\./, "") || "(top)"}: ${notJson.problem}`);
  const r = SimulationResultSchema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const path = issue.path.map(String).join(".") || "(top)";
    throw new DefinitionError(`${name}: ${path}: ${issue.message}; give files written by simulate --json`);
  }
  return r.data as SimulationResult;
}
