/**
 * The presets turnkit ships, by id. `turnkit play --game <id>` and scenario files name them here.
 * `import { getPreset } from "turnkit/presets"`; a game of your own joins them with
 * `registerPreset`. The built-ins are made on first use, not when this module is imported.
 */
import { installFullChecks } from "../core/checks.js";

import { DefinitionError } from "../core/errors.js";
import type { Preset } from "../core/preset.js";
import { duelMasters, duelMastersPlay } from "./duel-masters/index.js";
import { lab } from "./lab/index.js";
import { magic } from "./magic/index.js";
import { skirmish } from "./skirmish/index.js";
import { yugioh } from "./yugioh/index.js";

export { duelMasters, duelMastersPlay, lab, magic, skirmish, yugioh };

/** The built-in presets, each made the first time it is asked for. */
const builtins: Readonly<Record<string, () => Preset>> = {
  skirmish: () => skirmish,
  lab: () => lab,
  "duel-masters": duelMasters,
  "duel-masters-play": duelMastersPlay,
  yugioh,
  magic,
};

const registry = new Map<string, Preset>();

/** Whether `id` is a preset turnkit ships (not one registered or loaded by a user). */
export function isBuiltInPreset(id: string): boolean {
  return Object.hasOwn(builtins, id);
}

/** Makes `preset` known by its id to `getPreset`, the CLI and scenario files (replacing any preset of that id). */
export function registerPreset(preset: Preset): void {
  registry.set(preset.id, preset);
}

/** The ids of every known preset, built-in and registered, sorted. */
export function presetIds(): string[] {
  return [...new Set([...Object.keys(builtins), ...registry.keys()])].sort();
}

/** The preset of that id; a DefinitionError naming the known ones if there is none. */
export function getPreset(id: string): Preset {
  let p = registry.get(id);
  if (!p && Object.hasOwn(builtins, id)) {
    p = builtins[id]!();
    registry.set(id, p);
  }
  if (!p) throw new DefinitionError(`unknown preset "${id}"; known presets: ${presetIds().join(", ")}`);
  return p;
}

// Definitions are checked in every game made through this entry (core/checking.ts; not in turnkit/core).
installFullChecks();
