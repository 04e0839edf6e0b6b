/**
 * A fingerprint of a game's compiled rules (DESIGN: determinism — "every replay and save says which
 * version and rules made it"): SHA-256 hashes of the parts a game depends on, so that a replay or a
 * save recorded under other rules can say *what* differs instead of diverging silently — the turn
 * tree, the card library (the preset's and the game's own cards, each card's definition), the
 * preset's other declarations (zones, events, effect kinds, limits on actions, windows, the names
 * of its tasks, ops, conditions and state checks) and the options. Code (a task's or an op's body)
 * can't be hashed here: a change of code shows as another turnkit or preset version.
 */

import { bytesToHex } from "@noble/hashes/utils.js";
import type { CompiledNode } from "./contract/data.js";
import type { Rules } from "./contract/game.js";
import type { JsonObject } from "./json.js";
import { sha256 } from "./sha256.js";
import type { RulesFingerprint } from "./types.js";

export type { RulesFingerprint } from "./types.js";

/** The parts' names, in the words of messages. */
export const FINGERPRINT_PARTS: Readonly<Record<Exclude<keyof RulesFingerprint, "all">, string>> = {
  turn: "the turn tree",
  cards: "the card library",
  preset: "the preset's declarations (zones, events, tasks, ops, state checks)",
  options: "the options",
};

/**
 * JSON with the keys of every object sorted: the same data, the same text. Exactly what
 * `JSON.stringify` writes when each object is first remade from its entries in sorted order —
 * integer keys ("0", "10") then come first, in numeric order, as such an object holds them — built
 * in one pass without those copies.
 */
export function canonicalJson(v: unknown): string | undefined {
  return canonicalValue(v, "");
}

function canonicalValue(value: unknown, key: string): string | undefined {
  let x = value;
  if (x !== null && typeof x === "object" && typeof (x as { toJSON?: unknown }).toJSON === "function")
    x = (x as { toJSON(key: string): unknown }).toJSON(key);
  // Strings, numbers, booleans and null as JSON writes them; nothing for undefined and functions.
  if (x === null || typeof x !== "object") return JSON.stringify(x);
  if (Array.isArray(x)) {
    let out = "[";
    for (let i = 0; i < x.length; i++)
      out += `${i === 0 ? "" : ","}${canonicalValue(x[i], String(i)) ?? "null"}`;
    return `${out}]`;
  }
  const record = x as Record<string, unknown>;
  let out = "{";
  for (const k of sortedKeys(record)) {
    const text = canonicalValue(record[k], k);
    if (text === undefined) continue;
    out += `${out.length === 1 ? "" : ","}${JSON.stringify(k)}:${text}`;
  }
  return `${out}}`;
}

/** An array index as an object orders it (ECMA-262 6.1.7: a canonical integer below 2^32 - 1). */
const isIndexKey = (k: string): boolean => /^(?:0|[1-9]\d*)$/.test(k) && Number(k) < 4294967295;

/** An object's keys in the order an object made from its sorted entries holds them. */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record).sort();
  if (!keys.some(isIndexKey)) return keys;
  const indexes = keys.filter(isIndexKey).sort((a, b) => Number(a) - Number(b));
  return [...indexes, ...keys.filter((k) => !isIndexKey(k))];
}

/**
 * The turn tree as the preset gave it, the root with its place (parent, depth): the compiled
 * children's own places are left out, so the fingerprint is the preset's tree however it is
 * compiled.
 */
function turnTree(root: CompiledNode): unknown {
  const plain = (n: CompiledNode): unknown => {
    const { parent: _p, depth: _d, children, ...rest } = n;
    return children ? { ...rest, children: children.map(plain) } : rest;
  };
  const { children, ...rest } = root;
  return children ? { ...rest, children: children.map(plain) } : rest;
}

const hash = (v: unknown): string =>
  bytesToHex(sha256(new TextEncoder().encode(canonicalJson(v)))).slice(0, 16);

const computed = new WeakMap<Rules, RulesFingerprint>();

/** The fingerprint of compiled rules (computed once per Rules object). */
export function rulesFingerprint(rules: Rules, options: JsonObject): RulesFingerprint {
  const known = computed.get(rules);
  if (known) return known;
  const p = rules.preset;
  const names = (m: ReadonlyMap<string, unknown>) => [...m.keys()].sort();
  const parts = {
    turn: hash(turnTree(rules.root)),
    cards: hash([...rules.cards.values()].sort((a, b) => (a.id < b.id ? -1 : 1))),
    preset: hash({
      id: p.id,
      zones: p.zones,
      windows: [...rules.windows].sort(),
      events: p.events ?? {},
      effectKinds: Object.keys(p.effectKinds ?? {}).sort(),
      actionLimits: p.actionLimits ?? {},
      tasks: names(rules.tasks),
      ops: names(rules.ops),
      conditions: names(rules.conditions),
      stateChecks: rules.stateChecks.all.map((c) => [c.id, c.rule, c.when ?? "always"]),
      lookBack: p.lookBack === true,
      lookBackEvents: p.lookBackEvents ?? [],
      checkpoint: p.checkpoint ?? null,
    }),
    options: hash(options),
  };
  const out: RulesFingerprint = { all: hash(parts), ...parts };
  computed.set(rules, out);
  return out;
}

/** The parts that differ between two fingerprints, in words ("the card library, the options"). */
export function fingerprintDifference(then: Partial<RulesFingerprint>, now: RulesFingerprint): string[] {
  return (Object.keys(FINGERPRINT_PARTS) as (keyof typeof FINGERPRINT_PARTS)[])
    .filter((k) => then[k] !== undefined && then[k] !== now[k])
    .map((k) => FINGERPRINT_PARTS[k]);
}
