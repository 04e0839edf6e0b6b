/**
 * The fuzzer: N seeded random games of a preset, every invariant of DESIGN.md checked on every
 * game (src/testing/invariants.ts, src/testing/noninterference.ts), in parallel. `npm run fuzz`
 * (scripts/fuzz.ts) is its command line; tests/fuzz.test.ts runs it in-process.
 *
 * Per game, everything is drawn from the game's seed, so a game's result is the same whatever
 * the number of workers and whichever worker plays it:
 * - decks: the preset's sample decks for even seeds, random legal decks from its whole library
 *   (`Preset.randomDecks`, seed `decks:<seed>`) for odd ones;
 * - options: each option the preset marks `fuzz` takes a value from `seedRng("options:<seed>")`
 *   (Yu-Gi-Oh!'s Master Rule, Magic's rules version and day/night, Duel Masters' rules version);
 * - responses: uniform among the legal options, from `seedRng("agent:<seed>")`, at most
 *   `maxActions` per game (a game that reaches it is "capped": reported, not a failure);
 * - where to save, where to try illegal actions, which junk to try: from `seedRng("fuzz:<seed>")`.
 *
 * Checked per game: (1) card conservation after every action; (2) determinism across threads:
 * the digest of the final `serialize()` equals that of the game replayed from its seed and
 * responses on another worker; (3) at a random point, the serialized state continues identically
 * and a snapshot restores byte for byte; (4) non-interference of views; (5) no error thrown by
 * the engine; (6) at a few random points, a junk choice, another player's answer and a stale
 * decision are refused with IllegalActionError and change nothing; and, optionally, (7) no view
 * names a card hidden from its viewer; (8) every `activate:<card>:<ability>` option offered is allowed
 * by `canActivate` (legal activation); (9) the preset's own invariants after every action
 * (`Preset.invariants`, e.g. Duel Masters Play's zone limits). The kernel option `leakyFastPath` stays off.
 *
 * Parallelism: the small pool of `node:worker_threads` in src/workers/pool.ts, written for the
 * fuzzer rather than taken from tinypool or piscina: what the fuzzer needs from a pool that those
 * don't offer directly is placement — a game's replay must run on a different worker than the one
 * that played it (determinism across threads, not only within one) — which is one queue with an
 * exclusion per task. Workers run this very file.
 */
import { availableParallelism } from "node:os";
import { DefinitionError } from "../core/errors.js";
import type { Action, Game } from "../core/game.js";
import { plural } from "../core/labels.js";
import type { Preset } from "../core/preset.js";
import { nextInt, nextUint32, type RngState, seedRng } from "../core/rng.js";
import { getPreset } from "../presets/index.js";
import { Pool, serveTasks } from "../workers/pool.js";
import {
  conservationProblems,
  type DeckKind,
  deckKindOf,
  explainNonInterference,
  hiddenIdentityWatch,
  type InvariantId,
  illegalActionProblems,
  newGameOf,
  offeredActivationProblems,
  presetInvariantProblems,
  type SavePoint,
  savePoint,
  savePointProblems,
  stateDigest,
} from "./invariants.js";
import { checkNonInterference, type NonInterferenceResult } from "./noninterference.js";

// ---- options and results -----------------------------------------------------------------------

/** What each game checks (the same in every worker). */
export interface GameConfig {
  /** Responses per game at most (default 10,000: a long Magic game between walls takes ~4,000); a game that reaches it is "capped". */
  maxActions: number;
  /** Fraction of games whose views are checked for non-interference (default 1: every game). */
  nonInterference: number;
  /** Responses the non-interference lockstep plays at most (default 400). */
  niMaxActions: number;
  /** Fraction of games replayed on another worker to compare final digests (default 1). */
  replay: number;
  /** Fraction of games whose every view is searched for a hidden card's id or name after every action (default 0: costly; non-interference covers more). */
  hiddenIdentity: number;
  /** Points per game at most where illegal actions are tried (default 4: the first decision and a few random ones). */
  illegalChecks: number;
}

export const DEFAULT_CONFIG: GameConfig = {
  maxActions: 10_000,
  nonInterference: 1,
  niMaxActions: 400,
  replay: 1,
  hiddenIdentity: 0,
  illegalChecks: 4,
};

export interface FuzzOptions extends Partial<GameConfig> {
  /** Registered preset ids, or presets (a preset object not in the registry needs `workers: 0`). */
  presets: (string | Preset)[];
  /** Games per preset. */
  games: number;
  /** The first game's seed; game i has seed `seed + i` (default 1). */
  seed?: number;
  /**
   * Worker threads (default os.availableParallelism()). 0: everything in this thread (replays
   * too). 1: one worker plays, this thread replays. 2 or more: replays on another worker.
   */
  workers?: number;
  /** Called after every game. */
  onProgress?: (p: FuzzProgress) => void;
}

export interface FuzzProgress {
  preset: string;
  done: number;
  total: number;
  failures: number;
  capped: number;
  /** Milliseconds since this preset's first game started. */
  elapsed: number;
}

export interface Failure {
  preset: string;
  seed: number;
  decks: DeckKind;
  invariant: InvariantId;
  message: string;
  /** The response index where it was seen (null: not tied to one). */
  at: number | null;
  /** A command that plays this game again with the same checks. */
  repro: string;
}

/** One game's result. Everything but `ms` depends only on the seed and the config. */
export interface GameResult {
  preset: string;
  seed: number;
  decks: DeckKind;
  actions: number;
  end: "over" | "capped" | "error";
  /** sha256 of the final serialize(); null if the engine threw. */
  digest: string | null;
  /** The responses, when the game is to be replayed elsewhere. */
  responses?: Action[];
  /** Whether its final digest was compared with a replay's. */
  replayed: boolean;
  failures: Failure[];
  nonInterference: { ok: boolean; ended: string | null; steps: number; changed: number } | null;
  illegalChecks: number;
  savePointAt: number | null;
  hiddenIdentity: boolean;
  ms: number;
}

export interface PresetSummary {
  preset: string;
  games: number;
  decks: { sample: number; random: number };
  over: number;
  capped: number;
  /** The first capped games' seeds. */
  cappedSeeds: number[];
  errors: number;
  failures: number;
  actions: number;
  seconds: number;
  gamesPerSecond: number;
  /** Games whose final digest was compared with a replay. */
  replayed: number;
  savePoints: number;
  illegalChecks: number;
  hiddenIdentity: number;
  nonInterference: {
    checked: number;
    failed: number;
    revealed: number;
    gameOver: number;
    limit: number;
    noCommonOption: number;
    /** Average responses played in lockstep. */
    avgSteps: number;
  };
}

export interface FuzzSummary {
  ok: boolean;
  options: GameConfig & { presets: string[]; games: number; seed: number; workers: number };
  /** Where games were replayed to compare digests. */
  replayedIn: "another worker" | "the main thread" | "the same thread";
  presets: PresetSummary[];
  totals: {
    games: number;
    failures: number;
    capped: number;
    actions: number;
    seconds: number;
    gamesPerSecond: number;
  };
  failures: Failure[];
}

// ---- one game ----------------------------------------------------------------------------------

/** The decks a seed asks for: sample for even seeds, random for odd ones (half and half). */
export function decksFor(seed: number): DeckKind {
  return Math.abs(seed) % 2 === 0 ? "sample" : "random";
}

/** Whether a game is in a fraction of games, drawn from its seed and a purpose. */
function chosen(purpose: string, seed: number, fraction: number): boolean {
  if (fraction >= 1) return true;
  if (fraction <= 0) return false;
  return nextUint32(seedRng(`${purpose}:${seed}`)) / 2 ** 32 < fraction;
}

/** A command line that plays one game again with the same checks. */
export function reproCommand(preset: string, seed: number, config: GameConfig): string {
  let out = `npm run fuzz -- --game ${preset} --seed ${seed} --games 1`;
  const d = DEFAULT_CONFIG;
  if (config.maxActions !== d.maxActions) out += ` --max-actions ${config.maxActions}`;
  if (config.nonInterference !== d.nonInterference) out += ` --ni ${config.nonInterference}`;
  if (config.niMaxActions !== d.niMaxActions) out += ` --ni-max-actions ${config.niMaxActions}`;
  if (config.replay !== d.replay) out += ` --replay ${config.replay}`;
  if (config.hiddenIdentity !== d.hiddenIdentity) out += ` --hidden-identity ${config.hiddenIdentity}`;
  if (config.illegalChecks !== d.illegalChecks) out += ` --illegal-checks ${config.illegalChecks}`;
  return out;
}

/** Characters a junk choice is made of: letters, digits, the separators option ids use, and a few odd ones. */
const JUNK = [..."abcxyz019 #:@/-_.éλ🂡\u0000"];

function junkChoice(rng: RngState): string {
  let s = "";
  const n = 1 + nextInt(rng, 12);
  for (let i = 0; i < n; i++) s += JUNK[nextInt(rng, JUNK.length)];
  return s;
}

function message(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

/** A game's result before anything is known of it: no actions, ended by an error until it ends. */
function blankResult(
  preset: string,
  seed: number,
  decks: GameResult["decks"],
  failures: Failure[],
): GameResult {
  return {
    preset,
    seed,
    decks,
    actions: 0,
    end: "error",
    digest: null,
    replayed: false,
    failures,
    nonInterference: null,
    illegalChecks: 0,
    savePointAt: null,
    hiddenIdentity: false,
    ms: 0,
  };
}

/**
 * Plays one seeded random game of `preset` with every check but the cross-thread replay (the
 * caller's: `replayDigest` on another thread). Never throws: what goes wrong is a failure.
 */
export function fuzzGame(preset: Preset, seed: number, config: GameConfig = DEFAULT_CONFIG): GameResult {
  const t0 = performance.now();
  const decks = deckKindOf(preset, decksFor(seed));
  const repro = reproCommand(preset.id, seed, config);
  const failures: Failure[] = [];
  const failed = new Set<InvariantId>();
  const fail = (invariant: InvariantId, msg: string, at: number | null): void => {
    if (failed.has(invariant)) return; // the first of each kind per game: the rest follow from it
    failed.add(invariant);
    failures.push({ preset: preset.id, seed, decks, invariant, message: msg, at, repro });
  };
  const result = blankResult(preset.id, seed, decks, failures);
  const plan = seedRng(`fuzz:${seed}`);
  const agent = seedRng(`agent:${seed}`);
  const taken: Action[] = [];
  let game: Game | null = null;
  try {
    game = newGameOf(preset, seed, decks);
    if (game.state.options.leakyFastPath === true)
      throw new DefinitionError("leakyFastPath must stay off in fuzzing");
    game.run();
  } catch (e) {
    fail("engineError", `creating and starting the game threw ${message(e)}`, null);
    game = null;
  }
  if (game) {
    const conserve = (at: number): void => {
      if (failed.has("conservation")) return;
      const problems = conservationProblems(game!);
      if (problems.length > 0)
        fail("conservation", `after response ${at}: ${problems.slice(0, 3).join("; ")}`, at);
      const offered = offeredActivationProblems(game!);
      if (offered.length > 0 && !failed.has("legalActivation"))
        fail("legalActivation", `after response ${at}: ${offered.slice(0, 2).join("; ")}`, at);
      const rules = presetInvariantProblems(game!);
      if (rules.length > 0 && !failed.has("presetRules"))
        fail("presetRules", `after response ${at}: ${rules.slice(0, 2).join("; ")}`, at);
    };
    const watch = chosen("hidden", seed, config.hiddenIdentity) ? hiddenIdentityWatch(game) : null;
    result.hiddenIdentity = watch !== null;
    const lookHidden = (at: number): void => {
      if (!watch || failed.has("hiddenIdentity")) return;
      const found = watch.check(game!);
      if (found.length > 0)
        fail("hiddenIdentity", `after response ${at}: ${found.slice(0, 2).join("; ")}`, at);
    };
    conserve(0);
    lookHidden(0);
    let point: SavePoint | null = null;
    let errored = false;
    while (!game.over && taken.length < config.maxActions) {
      const i = taken.length;
      // A save point uniform over the game's responses, whatever its length (reservoir sampling).
      if (nextInt(plan, i + 1) === 0) point = savePoint(game, i);
      if (result.illegalChecks < config.illegalChecks && (i === 0 || nextInt(plan, 40) === 0)) {
        result.illegalChecks++;
        const problems = illegalActionProblems(game, junkChoice(plan));
        if (problems.length > 0) fail("illegalAction", `before response ${i}: ${problems.join("; ")}`, i);
      }
      const d = game.state.decision;
      if (!d || d.options.length === 0) {
        fail(
          "engineError",
          `before response ${i}: the game is not over but ${d ? `decision ${d.id} (${d.kind}) has no options` : "no decision is pending"}`,
          i,
        );
        errored = true;
        break;
      }
      const option = d.options[nextInt(agent, d.options.length)]!;
      const action: Action = { player: d.player, choice: option.id };
      try {
        game.act(action);
      } catch (e) {
        fail(
          "engineError",
          `response ${i} (P${d.player + 1}, ${d.kind}: "${option.id}") threw ${message(e)}`,
          i,
        );
        errored = true;
        break;
      }
      taken.push(action);
      conserve(i + 1);
      lookHidden(i + 1);
    }
    result.actions = taken.length;
    if (!errored) {
      result.end = game.over ? "over" : "capped";
      const final = game.serialize();
      result.digest = stateDigest(final);
      if (nextInt(plan, taken.length + 1) === 0) point = savePoint(game, taken.length);
      if (point) {
        result.savePointAt = point.at;
        try {
          for (const p of savePointProblems(preset, game, point, taken.slice(point.at), final))
            fail(p.invariant, p.message, point.at);
        } catch (e) {
          fail(
            "engineError",
            `checking the save point at response ${point.at} threw ${message(e)}`,
            point.at,
          );
        }
      }
      if (chosen("replay", seed, config.replay)) result.responses = taken;
    }
  }
  if (chosen("ni", seed, config.nonInterference)) {
    let r: NonInterferenceResult | null = null;
    try {
      r = checkNonInterference(preset, () => newGameOf(preset, seed, decks), seed, {
        maxActions: config.niMaxActions,
      });
    } catch (e) {
      fail("engineError", `the non-interference check's games threw ${message(e)}`, null);
    }
    if (r) {
      result.nonInterference = { ok: r.ok, ended: r.ok ? r.ended : null, steps: r.steps, changed: r.changed };
      if (!r.ok)
        fail("nonInterference", `observer P${r.observer + 1}: ${explainNonInterference(r)}`, r.steps);
    }
  }
  result.ms = performance.now() - t0;
  return result;
}

/** Replays a game from its seed and responses; the digest of its final state, or where it threw. */
export function replayDigest(
  preset: Preset,
  seed: number,
  decks: DeckKind,
  responses: readonly Action[],
): { digest: string } | { error: string; at: number | null } {
  let game: Game;
  try {
    game = newGameOf(preset, seed, decks).run();
  } catch (e) {
    return { error: `creating and starting the game threw ${message(e)}`, at: null };
  }
  for (let i = 0; i < responses.length; i++) {
    try {
      game.act(responses[i]!);
    } catch (e) {
      return { error: `response ${i} (${JSON.stringify(responses[i])}) threw ${message(e)}`, at: i };
    }
  }
  return { digest: stateDigest(game) };
}

// ---- the pool ----------------------------------------------------------------------------------

type Task =
  | { kind: "play"; preset: string; seed: number; config: GameConfig }
  | { kind: "replay"; preset: string; seed: number; decks: DeckKind; responses: Action[] };

const WORKER_FLAG = "turnkit.fuzz.worker";

/** The pool (src/workers/pool.ts) runs this very file in its workers. */
function newPool(size: number): Pool<Task> {
  return new Pool<Task>(size, import.meta.url, WORKER_FLAG);
}

function handle(task: Task): unknown {
  const preset = getPreset(task.preset);
  if (task.kind === "play") return fuzzGame(preset, task.seed, task.config);
  return replayDigest(preset, task.seed, task.decks, task.responses);
}

serveTasks<Task>(WORKER_FLAG, handle);

// ---- the run -----------------------------------------------------------------------------------

function summarize(
  preset: string,
  results: GameResult[],
  seconds: number,
  failures: Failure[],
): PresetSummary {
  const ni = { checked: 0, failed: 0, revealed: 0, gameOver: 0, limit: 0, noCommonOption: 0, avgSteps: 0 };
  let steps = 0;
  const s: PresetSummary = {
    preset,
    games: results.length,
    decks: { sample: 0, random: 0 },
    over: 0,
    capped: 0,
    cappedSeeds: [],
    errors: 0,
    failures: failures.length,
    actions: 0,
    seconds,
    gamesPerSecond: seconds > 0 ? results.length / seconds : 0,
    replayed: 0,
    savePoints: 0,
    illegalChecks: 0,
    hiddenIdentity: 0,
    nonInterference: ni,
  };
  for (const r of results) {
    s.decks[r.decks]++;
    if (r.end === "over") s.over++;
    else if (r.end === "capped") {
      s.capped++;
      if (s.cappedSeeds.length < 10) s.cappedSeeds.push(r.seed);
    } else s.errors++;
    s.actions += r.actions;
    if (r.replayed) s.replayed++;
    if (r.savePointAt !== null) s.savePoints++;
    s.illegalChecks += r.illegalChecks;
    if (r.hiddenIdentity) s.hiddenIdentity++;
    const n = r.nonInterference;
    if (n) {
      ni.checked++;
      steps += n.steps;
      if (!n.ok) ni.failed++;
      else if (
        n.ended === "revealed" ||
        n.ended === "gameOver" ||
        n.ended === "limit" ||
        n.ended === "noCommonOption"
      )
        ni[n.ended]++;
    }
  }
  ni.avgSteps = ni.checked > 0 ? steps / ni.checked : 0;
  return s;
}

const INVARIANT_ORDER: InvariantId[] = [
  "engineError",
  "conservation",
  "determinism",
  "serialization",
  "snapshot",
  "nonInterference",
  "illegalAction",
  "hiddenIdentity",
  "legalActivation",
  "presetRules",
];

/**
 * Runs `games` games of every preset asked, preset after preset, and sums them up. Results (all
 * but timings) are the same whatever `workers` is.
 */
export async function fuzz(opts: FuzzOptions): Promise<FuzzSummary> {
  const config: GameConfig = {
    maxActions: opts.maxActions ?? DEFAULT_CONFIG.maxActions,
    nonInterference: opts.nonInterference ?? DEFAULT_CONFIG.nonInterference,
    niMaxActions: opts.niMaxActions ?? DEFAULT_CONFIG.niMaxActions,
    replay: opts.replay ?? DEFAULT_CONFIG.replay,
    hiddenIdentity: opts.hiddenIdentity ?? DEFAULT_CONFIG.hiddenIdentity,
    illegalChecks: opts.illegalChecks ?? DEFAULT_CONFIG.illegalChecks,
  };
  const first = opts.seed ?? 1;
  if (!Number.isSafeInteger(first) || first < 0 || !Number.isSafeInteger(first + opts.games))
    throw new DefinitionError(`the first seed must be a non-negative safe integer, not ${opts.seed}`);
  if (!Number.isInteger(opts.games) || opts.games < 1)
    throw new DefinitionError(`games must be a positive integer, not ${opts.games}`);
  const presets = opts.presets.map((p) => (typeof p === "string" ? getPreset(p) : p));
  const workers = Math.max(0, Math.floor(opts.workers ?? availableParallelism()));
  if (workers > 0)
    for (const p of presets) {
      let registered: Preset | null = null;
      try {
        registered = getPreset(p.id);
      } catch {}
      if (registered !== p)
        throw new DefinitionError(
          `preset "${p.id}" is not the registered one: workers load presets from the registry; fuzz it with workers: 0`,
        );
    }
  // Never more threads than games can use; two at least so a replay has another worker to go to.
  const size = workers === 0 ? 0 : Math.min(workers, Math.max(2, opts.games));
  const pool = size > 0 ? newPool(size) : null;
  const replayedIn = size >= 2 ? "another worker" : size === 1 ? "the main thread" : "the same thread";
  const summaries: PresetSummary[] = [];
  const allFailures: Failure[] = [];
  await pool?.ready();
  const started = performance.now();
  try {
    for (const preset of presets) {
      const t0 = performance.now();
      const results: GameResult[] = [];
      const failures: Failure[] = [];
      let capped = 0;
      const progress = (): void =>
        opts.onProgress?.({
          preset: preset.id,
          done: results.length,
          total: opts.games,
          failures: failures.length,
          capped,
          elapsed: performance.now() - t0,
        });
      const one = async (seed: number): Promise<void> => {
        let r: GameResult;
        let playedOn: number | null = null;
        try {
          if (pool) {
            const out = await pool.run({ kind: "play", preset: preset.id, seed, config });
            r = out.result as GameResult;
            playedOn = out.worker;
          } else r = fuzzGame(preset, seed, config);
        } catch (e) {
          const decks = deckKindOf(preset, decksFor(seed));
          r = blankResult(preset.id, seed, decks, [
            {
              preset: preset.id,
              seed,
              decks,
              invariant: "engineError",
              message: message(e),
              at: null,
              repro: reproCommand(preset.id, seed, config),
            },
          ]);
        }
        if (r.responses && r.digest !== null) {
          const responses = r.responses;
          delete r.responses;
          let replayed: ReturnType<typeof replayDigest>;
          try {
            if (pool && pool.size >= 2)
              replayed = (
                await pool.run(
                  { kind: "replay", preset: preset.id, seed, decks: r.decks, responses },
                  { notOn: playedOn, urgent: true },
                )
              ).result as ReturnType<typeof replayDigest>;
            else replayed = replayDigest(preset, seed, r.decks, responses);
          } catch (e) {
            replayed = { error: message(e), at: null };
          }
          const where = pool
            ? pool.size >= 2
              ? "on another worker"
              : "on the main thread"
            : "in the same thread";
          const msg =
            "error" in replayed
              ? `replayed ${where} from its seed and ${responses.length} responses, it threw: ${replayed.error}`
              : replayed.digest !== r.digest
                ? `replayed ${where} from its seed and ${responses.length} responses, the final state differs: digest ${replayed.digest.slice(0, 16)}… vs ${r.digest.slice(0, 16)}…`
                : null;
          if (msg)
            r.failures.push({
              preset: preset.id,
              seed,
              decks: r.decks,
              invariant: "determinism",
              message: msg,
              at: "error" in replayed ? replayed.at : null,
              repro: reproCommand(preset.id, seed, config),
            });
          r.replayed = true;
        }
        results.push(r);
        failures.push(...r.failures);
        if (r.end === "capped") capped++;
        progress();
      };
      const seeds = Array.from({ length: opts.games }, (_, i) => first + i);
      await Promise.all(seeds.map(one));
      results.sort((a, b) => a.seed - b.seed);
      const sorted = sortFailures(failures);
      const summary = summarize(preset.id, results, (performance.now() - t0) / 1000, sorted);
      summaries.push(summary);
      allFailures.push(...sorted);
    }
  } finally {
    await pool?.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const games = summaries.reduce((n, s) => n + s.games, 0);
  return {
    ok: allFailures.length === 0,
    options: { ...config, presets: presets.map((p) => p.id), games: opts.games, seed: first, workers: size },
    replayedIn,
    presets: summaries,
    totals: {
      games,
      failures: allFailures.length,
      capped: summaries.reduce((n, s) => n + s.capped, 0),
      actions: summaries.reduce((n, s) => n + s.actions, 0),
      seconds,
      gamesPerSecond: seconds > 0 ? games / seconds : 0,
    },
    failures: allFailures,
  };
}

function sortFailures(failures: Failure[]): Failure[] {
  return [...failures].sort(
    (a, b) => a.seed - b.seed || INVARIANT_ORDER.indexOf(a.invariant) - INVARIANT_ORDER.indexOf(b.invariant),
  );
}

// ---- reporting ---------------------------------------------------------------------------------

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  "),
    )
    .join("\n");
}

/** The summary as text: a table per preset, then every failure with a command that reproduces it. */
export function formatSummary(s: FuzzSummary): string {
  const rows: string[][] = [
    [
      "preset",
      "games",
      "capped",
      "failures",
      "actions",
      "games/s",
      "NI pairs",
      "revealed",
      "gameOver",
      "limit",
      "noCommon",
      "avg steps",
    ],
  ];
  for (const p of s.presets) {
    const ni = p.nonInterference;
    rows.push([
      p.preset,
      String(p.games),
      String(p.capped),
      String(p.failures),
      String(p.actions),
      p.gamesPerSecond.toFixed(1),
      String(ni.checked),
      String(ni.revealed),
      String(ni.gameOver),
      String(ni.limit),
      String(ni.noCommonOption),
      ni.avgSteps.toFixed(1),
    ]);
  }
  const t = s.totals;
  rows.push([
    "total",
    String(t.games),
    String(t.capped),
    String(t.failures),
    String(t.actions),
    t.gamesPerSecond.toFixed(1),
    ...Array(6).fill(""),
  ]);
  const lines = [table(rows), ""];
  const o = s.options;
  lines.push(
    `${t.games} games (seeds ${o.seed}…${o.seed + o.games - 1} per preset, half with sample decks, half with random decks), ` +
      `${o.workers === 0 ? "in-process" : `${o.workers} workers`}, ${t.seconds.toFixed(1)} s; ` +
      `final digests compared with a replay in ${s.replayedIn}: ${s.presets.reduce((n, p) => n + p.replayed, 0)}; ` +
      `save points: ${s.presets.reduce((n, p) => n + p.savePoints, 0)}; illegal-action checks: ${s.presets.reduce((n, p) => n + p.illegalChecks, 0)}` +
      (o.hiddenIdentity > 0
        ? `; hidden-identity watched games: ${s.presets.reduce((n, p) => n + p.hiddenIdentity, 0)}`
        : ""),
  );
  for (const p of s.presets)
    if (p.capped > 0)
      lines.push(
        `${p.preset}: ${plural(p.capped, "game")} reached ${plural(o.maxActions, "response")} (capped), seeds ${p.cappedSeeds.join(", ")}${p.capped > p.cappedSeeds.length ? ", …" : ""}`,
      );
  if (s.failures.length === 0) lines.push("no failures");
  else {
    lines.push("", `${plural(s.failures.length, "failure")}:`);
    for (const f of s.failures) {
      lines.push(
        `✗ ${f.preset} seed ${f.seed} (${f.decks} decks), ${f.invariant}${f.at !== null ? ` at response ${f.at}` : ""}: ${f.message}`,
      );
      lines.push(`    ${f.repro}`);
    }
  }
  return lines.join("\n");
}
