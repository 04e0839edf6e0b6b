/**
 * Preset options (rule variants), checked at every door: only the preset's own options and the
 * kernel's, each of its type and range; anything else is refused with the allowed values.
 */
import { LIMITS } from "./bounds.js";
import { didYouMeanText } from "./did-you-mean.js";
import { DefinitionError } from "./errors.js";
import { type Json, type JsonObject, jsonProblem } from "./json.js";
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
  return presetOptions(preset).defs;
}

/** A preset's options and their defaults, made once per preset (as its rules are: Game.create). */
const optionsOf = new WeakMap<Preset, { defs: Record<string, PresetOptionDef>; defaults: JsonObject }>();

function presetOptions(preset: Preset): { defs: Record<string, PresetOptionDef>; defaults: JsonObject } {
  let known = optionsOf.get(preset);
  if (!known) {
    const defs = { ...(preset.options ?? {}), ...KERNEL_OPTIONS };
    const defaults: JsonObject = {};
    for (const [k, d] of Object.entries(defs)) defaults[k] = d.default;
    known = { defs, defaults };
    optionsOf.set(preset, known);
  }
  return known;
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
  const { defs, defaults } = presetOptions(preset);
  // Copied key by key, not spread: a spread's copy takes a hidden class V8 may change from one game
  // to the next (seen after ~150 Duel Masters games), and every function compiled for the old one
  // that reads an option is then deoptimized.
  const out: JsonObject = {};
  for (const k in defaults) out[k] = defaults[k] as Json;
  if (given === undefined || given === null) return out;
  if (!isPlainObject(given))
    throw new DefinitionError(
      `options must be an object of option names to values, not ${JSON.stringify(given) ?? describeValue(given)}`,
    );
  for (const k of Object.keys(given)) {
    const v = given[k];
    const d = Object.hasOwn(defs, k) ? defs[k] : undefined;
    if (!d)
      throw new DefinitionError(
        `preset ${preset.id} has no option "${k}"${didYouMeanText(k, Object.keys(defs))}; options: ${Object.keys(defs).join(", ")}`,
      );
    const notJson = jsonProblem(v);
    if (notJson) throw new DefinitionError(`option "${k}"${notJson.path}: ${notJson.problem}`);
    if (!valid(d, v as Json))
      throw new DefinitionError(`option "${k}" must be ${describe(d)}, got ${JSON.stringify(v)}`);
    out[k] = v as Json;
  }
  return out;
}

/** The fields of `Game.create`'s options (NewGameOptions), for "did you mean". */
const NEW_GAME_FIELDS = [
  "seed",
  "players",
  "options",
  "cards",
  "decks",
  "setup",
  "logging",
  "privateRules",
  "exactUndo",
];

/** What a value is, for a message: `the string "3"`, `an array`, `null`. */
export function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return "an object";
  if (typeof v === "function") return "a function";
  if (typeof v === "bigint") return `the bigint ${v}n`;
  return typeof v === "string" ? `the string ${JSON.stringify(v)}` : `the ${typeof v} ${String(v)}`;
}

/** The options of a new game that are true or false. */
const FLAG_FIELDS = ["setup", "privateRules", "exactUndo"] as const;

/** A plain object (`{}` or a null-prototype one), whose own fields are all that count. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Checks the options of `Game.create` to their exact types before anything is made: the fields
 * NewGameOptions has (an unknown one is refused with a "did you mean"), the player count within
 * the preset's range and `LIMITS.players` (checked before a name is made), the names, decks (one
 * list of card ids per player), cards, logging, setup, privateRules and exactUndo. The seed and options are
 * checked by `seedText` and `validateOptions`. Returns the players' names.
 */
export function checkNewGame(preset: Preset, opts: unknown): string[] {
  const bad = (field: string, why: string): never => {
    throw new DefinitionError(`Game.create: ${field}: ${why}`);
  };
  if (!isPlainObject(opts))
    bad("options", `expected an object of NewGameOptions, got ${describeValue(opts)}`);
  const o = opts as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!NEW_GAME_FIELDS.includes(k))
      bad(
        k,
        `not an option of a new game${didYouMeanText(k, NEW_GAME_FIELDS)}; they are ${NEW_GAME_FIELDS.join(", ")}`,
      );
  const { min, max } = preset.players;
  const range = `${preset.name} is played by ${min === max ? min : `${min} to ${max}`} players`;
  const p = o.players;
  let names: string[];
  if (p === undefined || typeof p === "number") {
    const n = p ?? 2;
    if (!Number.isInteger(n))
      bad("players", `expected a whole number of players or their names, got ${describeValue(n)}`);
    if (n < min || n > max) bad("players", `${range}, not ${n}`);
    if (n > LIMITS.players) bad("players", `${n} players: turnkit plays at most ${LIMITS.players}`);
    names = [];
    for (let i = 1; i <= n; i++) names.push(`P${i}`);
  } else if (Array.isArray(p)) {
    if (p.length < min || p.length > max) bad("players", `${range}, not ${p.length}`);
    if (p.length > LIMITS.players)
      bad("players", `${p.length} players: turnkit plays at most ${LIMITS.players}`);
    p.forEach((name, i) => {
      if (typeof name !== "string" || name === "")
        bad(`players[${i}]`, `a player's name is a non-empty string, got ${describeValue(name)}`);
      if (name.length > LIMITS.playerName)
        bad(`players[${i}]`, `a name of ${name.length} characters; at most ${LIMITS.playerName}`);
    });
    names = p as string[];
  } else names = bad("players", `expected a number of players or a list of names, got ${describeValue(p)}`);
  if (o.logging !== undefined && o.logging !== "full" && o.logging !== "none")
    bad("logging", `expected "full" or "none", got ${describeValue(o.logging)}`);
  for (const f of FLAG_FIELDS)
    if (o[f] !== undefined && typeof o[f] !== "boolean")
      bad(f, `expected true or false, got ${describeValue(o[f])}`);
  if (o.cards !== undefined && !Array.isArray(o.cards))
    bad("cards", `expected a list of card definitions, got ${describeValue(o.cards)}`);
  if (o.decks !== undefined) {
    if (!Array.isArray(o.decks))
      bad("decks", `expected a list of decks (card ids), got ${describeValue(o.decks)}`);
    const decks = o.decks as unknown[];
    if (decks.length !== names.length)
      bad(
        "decks",
        `${decks.length} decks for ${names.length} players; give one deck per player, in seat order`,
      );
    // Plain loops: every card id of every deck, on every new game.
    for (let i = 0; i < decks.length; i++) {
      const deck = decks[i];
      if (!Array.isArray(deck)) bad(`decks[${i}]`, `expected a list of card ids, got ${describeValue(deck)}`);
      const ids = deck as unknown[];
      for (let j = 0; j < ids.length; j++) {
        const id = ids[j];
        if (typeof id !== "string" || id === "")
          bad(`decks[${i}][${j}]`, `expected a card id, got ${describeValue(id)}`);
      }
    }
  }
  return names;
}
