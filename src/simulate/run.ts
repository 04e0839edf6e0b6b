/**
 * `simulate()`: many seeded games of a preset on worker threads, summed up. Game i of the range
 * has seed `seed + i`, its decks and agents are drawn from that seed alone, and the sums are
 * order-free (tally.ts), so the result is the same whatever the number of workers, the batch a
 * game fell in, or the shard that played it.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Agent } from "../agents/random.js";
import { AgentSpecError, formatAgentSpec, parseAgentSpec } from "../agents/spec.js";
import { DefinitionError } from "../core/errors.js";
import { Game } from "../core/game.js";
import { describeValue } from "../core/options.js";
import type { Preset } from "../core/preset.js";
import type { MadeBy } from "../core/types.js";
import { getPreset } from "../presets/index.js";
import { Pool } from "../workers/pool.js";
import { defaultAgent, type GameSetup, playGame, specAgents } from "./play.js";
import { resultOf } from "./result.js";
import { shardRange } from "./seeds.js";
import { addTally, emptyTally, tallyGames } from "./tally.js";
import type { SimulateOptions, SimulationResult, Tally } from "./types.js";
import { type PresetRef, SIMULATE_WORKER_FLAG, type SimTask } from "./worker.js";

/**
 * Worker threads at most: each is a JavaScript engine of its own (tens of MB); more threads than
 * cores only wait their turn.
 */
export const MAX_WORKERS = 64;

/** Default responses per game at most (a long Magic game between walls takes ~4,000). */
export const DEFAULT_MAX_ACTIONS = 10_000;

/**
 * The worker module's URL: worker.ts beside this file when running from source (tsx, vitest);
 * in the built package, dist/simulate/worker.js, found upward from the bundle chunk this code is in.
 */
function workerEntry(): string {
  const here = typeof __filename === "string" ? __filename : fileURLToPath(import.meta.url);
  if (/\.[cm]?tsx?$/.test(here)) return pathToFileURL(join(dirname(here), "worker.ts")).href;
  let dir = dirname(here);
  for (let i = 0; i < 4; i++) {
    const file = join(dir, "simulate", "worker.js");
    if (existsSync(file)) return pathToFileURL(file).href;
    dir = dirname(dir);
  }
  throw new DefinitionError(
    `simulate: cannot find its worker module (simulate/worker.js) near ${here}; use workers: 0`,
  );
}

function check(cond: boolean, message: string): void {
  if (!cond) throw new DefinitionError(message);
}

/** A validated run: what makes its games, the batches to play, and how to sum them up. */
interface Plan {
  preset: Preset;
  opts: SimulateOptions;
  first: number;
  made: MadeBy;
  range: { first: number; count: number };
  setup: GameSetup;
  specs: string[] | null;
  agentFn: ((seat: number, seed: number) => Agent) | null;
  ref: PresetRef;
  tasks: SimTask[];
}

/**
 * Checks a run's options (an object: its callers saw to that) and cuts its seeds into batches, a
 * few per worker, for `workers` threads.
 */
function planRun(opts: SimulateOptions, workers: number): Plan {
  const preset: Preset = typeof opts.preset === "string" ? getPreset(opts.preset) : opts.preset;
  const first = opts.seed ?? 1;
  check(
    Number.isInteger(opts.games) && opts.games >= 1,
    `games must be a positive integer, not ${describeValue(opts.games)}`,
  );
  check(
    Number.isSafeInteger(first) && first >= 0 && Number.isSafeInteger(first + opts.games),
    `the first seed must be a non-negative safe integer, not ${describeValue(opts.seed)}`,
  );
  const maxActions = opts.maxActions ?? DEFAULT_MAX_ACTIONS;
  check(
    Number.isInteger(maxActions) && maxActions >= 1,
    `maxActions must be a positive integer, not ${describeValue(maxActions)}`,
  );
  const players = opts.players ?? preset.players.min;
  check(
    Number.isInteger(players) && players >= preset.players.min && players <= preset.players.max,
    `${preset.name} is played by ${preset.players.min} to ${preset.players.max} players, not ${describeValue(players)}`,
  );
  if (opts.decks) {
    check(opts.decks.length >= 1, "decks: give at least one deck, or none for the preset's own");
    const names = new Set(opts.decks.map((d) => d.name));
    check(names.size === opts.decks.length, "decks: two decks have the same name");
  }
  const agentFn = typeof opts.agents === "function" ? opts.agents : null;
  check(
    !(agentFn && workers > 0),
    "agents: functions can't be sent to worker threads; use workers: 0 or agent specs",
  );
  let specs: string[] | null = null;
  if (opts.agents && !agentFn) {
    const list = opts.agents as readonly string[];
    check(
      Array.isArray(list) && list.length === players,
      `agents: give one agent spec per seat (${players}), not ${Array.isArray(list) ? list.length : typeof list}`,
    );
    try {
      specs = list.map((s) => formatAgentSpec(parseAgentSpec(String(s))));
    } catch (e) {
      if (e instanceof AgentSpecError) throw new DefinitionError(`agents: ${e.message}`);
      throw e;
    }
  }
  // What makes the games — the version, the rules' fingerprint — from a game made before any is
  // played: options, cards and players the preset refuses stop the run once, not in every game.
  const made = Game.create(preset, {
    players,
    options: opts.options ?? {},
    ...(opts.cards?.length ? { cards: opts.cards } : {}),
    setup: false,
    seed: first,
  }).state.madeBy;
  const range = shardRange(first, opts.games, opts.shard);
  const setup: GameSetup = {
    players,
    options: opts.options ?? {},
    cards: opts.cards ?? [],
    decks: opts.decks?.map((d) => d.cards) ?? null,
    maxActions,
    ...(specs ? { agents: specs } : {}),
  };
  // Batches of consecutive seeds: a few per worker, so a slow batch doesn't idle the others at the end.
  const batch = Math.max(1, Math.min(50, Math.ceil(range.count / (Math.max(1, workers) * 8))));
  const tasks: SimTask[] = [];
  const ref: PresetRef = opts.presetModule ? { module: opts.presetModule } : { id: preset.id };
  for (let s = range.first; s < range.first + range.count; s += batch)
    tasks.push({ preset: ref, setup, first: s, count: Math.min(batch, range.first + range.count - s) });
  return { preset, opts, first, made, range, setup, specs, agentFn, ref, tasks };
}

/**
 * Plays a plan's batches — in this thread without a pool, else on the pool's workers, at most one
 * batch per worker at a time (so runs sharing a pool take turns, and a failed run stops sending
 * batches) — and sums them up into the result.
 */
async function executePlan(plan: Plan, pool: Pool<SimTask> | null): Promise<SimulationResult> {
  const { preset, opts, setup, range, tasks, ref, specs } = plan;
  const players = setup.players;
  const tally = emptyTally(players, opts.decks?.length ?? null);
  let capped = 0;
  let errors = 0;
  let done = 0;
  const t0 = performance.now();
  const add = (batch: Tally): void => {
    addTally(tally, batch);
    capped += batch.capped;
    errors += batch.errors;
    done += batch.games;
    opts.onProgress?.({ done, total: range.count, capped, errors, elapsed: performance.now() - t0 });
  };
  if (!pool) {
    const agentOf = plan.agentFn ?? (specs ? specAgents(specs) : defaultAgent);
    for (const task of tasks) add(tallyGames(task, (seed) => playGame(preset, seed, setup, agentOf)));
  } else {
    let next = 0;
    let failed: Error | null = null;
    const lane = async (): Promise<void> => {
      while (failed === null && next < tasks.length) {
        const task = tasks[next++]!;
        try {
          add((await pool.run(task)).result as Tally);
        } catch (e) {
          const why = (e instanceof Error ? e.message : String(e)).split("\n")[0];
          failed ??= new DefinitionError(
            `simulate: a worker could not play seeds ${task.first}…${task.first + task.count - 1} of preset "${preset.id}": ${why}` +
              ("id" in ref ? " (a preset that is not built in needs presetModule, or workers: 0)" : ""),
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(pool.size, tasks.length) }, lane));
    if (failed) throw failed;
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    ...resultOf(
      {
        turnkit: plan.made.turnkit,
        rules: plan.made.rules,
        preset: preset.id,
        options: setup.options,
        players,
        maxActions: setup.maxActions,
        seeds: { first: plan.first, count: opts.games },
        shard: opts.shard ? { index: opts.shard.index, count: opts.shard.count } : null,
        played: range,
        decks: opts.decks?.map((d) => ({ name: d.name, size: d.cards.length })) ?? null,
        ...(specs ? { agents: specs } : {}),
      },
      tally,
    ),
    timing: {
      workers: pool ? Math.min(pool.size, tasks.length) : 0,
      seconds,
      gamesPerSecond: seconds > 0 ? range.count / seconds : 0,
    },
  };
}

/** Options are an object (a call from JavaScript may pass anything). */
function checkOptions(opts: unknown, what: string): void {
  check(
    typeof opts === "object" && opts !== null && !Array.isArray(opts),
    `${what} takes an options object, not ${describeValue(opts)}`,
  );
}

function workerCount(workers: number | undefined): number {
  const n = workers ?? Math.min(availableParallelism(), MAX_WORKERS);
  check(
    Number.isInteger(n) && n >= 0 && n <= MAX_WORKERS,
    `workers must be a whole number from 0 to ${MAX_WORKERS}, not ${describeValue(workers)}`,
  );
  return n;
}

/**
 * One run on threads of its own: started for it (their start is not in `timing`) and stopped
 * after. For many runs in one process, `openSimulator` keeps its threads — and their compiled
 * code — from run to run.
 */
export async function simulate(opts: SimulateOptions): Promise<SimulationResult> {
  checkOptions(opts, "simulate");
  const workers = workerCount(opts.workers);
  const plan = planRun(opts, workers);
  const size = Math.min(workers, plan.tasks.length);
  if (size === 0) return executePlan(plan, null);
  const pool = new Pool<SimTask>(size, workerEntry(), SIMULATE_WORKER_FLAG);
  try {
    await pool.ready();
    return await executePlan(plan, pool);
  } finally {
    await pool.close();
  }
}

/** Worker threads kept for many `simulate` runs (`openSimulator`). */
export interface Simulator {
  /** Its worker threads (0: runs play in the calling thread). */
  readonly workers: number;
  /** A run as `simulate()` plays it, on this simulator's threads (`opts.workers` must be absent or equal). */
  simulate(opts: SimulateOptions): Promise<SimulationResult>;
  /** Stops the threads; later runs are refused. Idle threads don't keep the process alive, but close when done. */
  close(): Promise<void>;
}

/**
 * Starts `workers` threads (default: one per core) that play the runs given to it: a process doing
 * many runs (a parameter sweep, a tournament) starts each thread and compiles the engine in it
 * once, instead of once per run. Runs given at once share the threads, a batch at a time each.
 */
export async function openSimulator(opts: { workers?: number } = {}): Promise<Simulator> {
  checkOptions(opts, "openSimulator");
  const workers = workerCount(opts.workers);
  const pool =
    workers > 0 ? new Pool<SimTask>(workers, workerEntry(), SIMULATE_WORKER_FLAG, { idle: "unref" }) : null;
  await pool?.ready();
  let closed = false;
  return {
    workers,
    async simulate(run: SimulateOptions): Promise<SimulationResult> {
      check(!closed, "simulate: this simulator is closed");
      checkOptions(run, "simulate");
      check(
        run.workers === undefined || run.workers === workers,
        `workers: this simulator has ${workers}, not ${describeValue(run.workers)} (open another)`,
      );
      return executePlan(planRun(run, workers), pool);
    },
    async close(): Promise<void> {
      closed = true;
      await pool?.close();
    },
  };
}
