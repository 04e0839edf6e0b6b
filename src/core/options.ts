/**
 * Preset options (rule variants), checked at every door: only the preset's own options and the
 * kernel's, each of its type and range; anything else is refused with the allowed values.
 */
import { DefinitionError } from "./errors.js";
import type { Json, JsonObject } from "./json.js";
import type { Preset, PresetOptionDef } from "./preset.js";

/** Options every game has, whatever its preset. */
export const KERNEL_OPTIONS: Record<string, PresetOptionDef> = {
  leakyFastPath: {
    description:
      "Skip decisions only a hidden card makes possible (an action step with nothing to do ends at once; no prompt for a Shield Trigger, a Strike Back or a response the player can't use). Faster for simulations, but it LEAKS: an opponent learns from whether a decision was asked. Off for games between people.",
    default: false,
    type: "boolean",
  },
};

/** Every option of a preset: its own, then the kernel's. */
export function optionDefs(preset: Preset): Record<string, PresetOptionDef> {
  return { ...(preset.options ?? {}), ...KERNEL_OPTIONS };
}

function typeOf(def: PresetOptionDef): NonNullable<PresetOptionDef["type"]> | null {
  if (def.type) return def.type;
  switch (typeof def.default) {
    case "boolean":
      return "boolean";
    case "number":
      return Number.isInteger(def.default) ? "integer" : "number";
    case "string":
      return "string";
    default:
      return null;
  }
}

function describe(def: PresetOptionDef): string {
  if (def.values) return `one of ${def.values.map((v) => JSON.stringify(v)).join(", ")}`;
  const t = typeOf(def);
  const range =
    def.min !== undefined || def.max !== undefined ? ` from ${def.min ?? "-∞"} to ${def.max ?? "∞"}` : "";
  return t ? `${t === "integer" ? "an integer" : `a ${t}`}${range}` : "JSON";
}

function valid(def: PresetOptionDef, v: Json): boolean {
  if (def.values) return def.values.some((x) => JSON.stringify(x) === JSON.stringify(v));
  switch (typeOf(def)) {
    case "boolean":
      return typeof v === "boolean";
    case "string":
      return typeof v === "string";
    case "integer":
    case "number": {
      if (typeof v !== "number" || !Number.isFinite(v)) return false;
      if (typeOf(def) === "integer" && !Number.isInteger(v)) return false;
      return (def.min === undefined || v >= def.min) && (def.max === undefined || v <= def.max);
    }
    default:
      return true;
  }
}

/** The options of a new game: defaults, then the given ones, each checked. */
export function validateOptions(preset: Preset, given: unknown): JsonObject {
  const defs = optionDefs(preset);
  const out: JsonObject = {};
  for (const [k, d] of Object.entries(defs)) out[k] = d.default;
  if (given === undefined || given === null) return out;
  if (typeof given !== "object" || Array.isArray(given))
    throw new DefinitionError(
      `options must be an object of option names to values, not ${JSON.stringify(given)}`,
    );
  for (const [k, v] of Object.entries(given as Record<string, unknown>)) {
    const d = Object.hasOwn(defs, k) ? defs[k] : undefined;
    if (!d)
      throw new DefinitionError(
        `preset ${preset.id} has no option "${k}"; options: ${Object.keys(defs).join(", ")}`,
      );
    if (!valid(d, v as Json))
      throw new DefinitionError(`option "${k}" must be ${describe(d)}, got ${JSON.stringify(v)}`);
    out[k] = v as Json;
  }
  return out;
}
