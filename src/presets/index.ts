/**
 * The presets turnkit ships, by id. `turnkit play --game <id>` and scenario files name them here.
 */
import { skirmish } from "../../examples/skirmish.js";
import { DefinitionError } from "../core/errors.js";
import type { Preset } from "../core/preset.js";
import { duelMasters, duelMastersPlay } from "./duel-masters/index.js";
import { lab } from "./lab/index.js";
import { magic } from "./magic/index.js";
import { yugioh } from "./yugioh/index.js";

const registry = new Map<string, Preset>();

export function registerPreset(preset: Preset): void {
  registry.set(preset.id, preset);
}

registerPreset(skirmish);
registerPreset(lab);
registerPreset(duelMasters());
registerPreset(duelMastersPlay());
registerPreset(yugioh());
registerPreset(magic());

export function presetIds(): string[] {
  return [...registry.keys()].sort();
}

export function getPreset(id: string): Preset {
  const p = registry.get(id);
  if (!p) throw new DefinitionError(`unknown preset "${id}"; known presets: ${presetIds().join(", ")}`);
  return p;
}
