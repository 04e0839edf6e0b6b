/**
 * The module `simulate()`'s worker threads run (src/workers/pool.ts): it plays batches of games
 * and sends back their records. A built-in preset is found by id; another is loaded from its module.
 */
import { installFullChecks } from "../core/checks.js";

import type { Preset } from "../core/preset.js";
import { getPreset } from "../presets/index.js";
import { serveTasks } from "../workers/pool.js";
import { type GameSetup, playGame } from "./play.js";
import { tallyGames } from "./tally.js";
import type { Tally } from "./types.js";

export const SIMULATE_WORKER_FLAG = "turnkit.simulate.worker";

/** Where a worker finds the preset: a built-in (registered) id, or a module file. */
export type PresetRef = { id: string } | { module: string };

export interface SimTask {
  preset: PresetRef;
  setup: GameSetup;
  first: number;
  count: number;
}

const loaded = new Map<string, Preset>();

async function presetOf(ref: PresetRef): Promise<Preset> {
  if ("id" in ref) return getPreset(ref.id);
  let p = loaded.get(ref.module);
  if (!p) {
    // Only for a preset that is not built in: the CLI's module loader (tsx), imported on demand.
    const { loadPresetModule } = await import("../cli/load-preset.js");
    p = await loadPresetModule(ref.module, ref.module);
    loaded.set(ref.module, p);
  }
  return p;
}

/**
 * Plays a batch of consecutive seeds and sums it up here (tally.ts: sums add up in any order): the
 * thread that started the run only adds one tally per batch, instead of every game's record.
 */
export async function playBatch(task: SimTask): Promise<Tally> {
  const preset = await presetOf(task.preset);
  return tallyGames(task, (seed) => playGame(preset, seed, task.setup));
}

// Definitions are checked in every game made through this entry (core/checking.ts; not in turnkit/core).
installFullChecks();

serveTasks<SimTask>(SIMULATE_WORKER_FLAG, playBatch);
