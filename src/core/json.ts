/** Plain JSON data: the only kind of value the game state may hold. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * A deep copy of plain data. A tight loop over arrays and own keys is about four times faster than
 * structuredClone for the game state's many small objects (it runs on every snapshot and action).
 */
export function cloneJson<T>(value: T): T {
  return copy(value) as T;
}

function copy(v: unknown): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    const n = v.length;
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      const x = v[i];
      out[i] = x !== null && typeof x === "object" ? copy(x) : x;
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const k in v as Record<string, unknown>) {
    const x = (v as Record<string, unknown>)[k];
    if (x !== undefined) out[k] = x !== null && typeof x === "object" ? copy(x) : x;
  }
  return out;
}

/** Deterministic JSON: object keys in insertion order, which the engine keeps stable. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value);
}

/** Nesting deeper than this is refused by `jsonProblem` (a bound on the stack a copy needs). */
export const MAX_JSON_DEPTH = 64;

/**
 * What makes `value` not plain JSON data, or null when it is: the path (`.a[2].b`) of the first
 * value that is not null, a boolean, a finite number, a string, an array or a plain object (its
 * own enumerable fields, prototype Object or null; a field `undefined` counts as left out); of a
 * key `__proto__`, which a copy would turn into the object's prototype; or of nesting deeper than
 * `maxDepth`.
 */
export function jsonProblem(
  value: unknown,
  maxDepth = MAX_JSON_DEPTH,
): { path: string; problem: string } | null {
  const walk = (v: unknown, path: string, depth: number): { path: string; problem: string } | null => {
    if (v === null || typeof v === "boolean" || typeof v === "string") return null;
    if (typeof v === "number")
      return Number.isFinite(v) ? null : { path, problem: `${String(v)} is not a JSON number` };
    if (typeof v !== "object")
      return { path, problem: `${v === undefined ? "undefined" : `a ${typeof v}`} is not JSON data` };
    if (depth >= maxDepth) return { path, problem: `nested deeper than ${maxDepth} levels` };
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const p = walk(v[i], `${path}[${i}]`, depth + 1);
        if (p) return p;
      }
      return null;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null)
      return {
        path,
        problem: `an object of class ${(v as object).constructor?.name ?? "?"}, not plain JSON data`,
      };
    for (const k of Object.keys(v)) {
      const at = /^[A-Za-z_$][\w$@#-]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`;
      if (k === "__proto__") return { path: at, problem: 'a key named "__proto__" is not allowed' };
      const x = (v as Record<string, unknown>)[k];
      if (x === undefined) continue; // a field left out, as JSON.stringify leaves it
      const p = walk(x, at, depth + 1);
      if (p) return p;
    }
    return null;
  };
  return walk(value, "", 0);
}

/** The path of the first key `__proto__` in parsed JSON or YAML data, as a list of keys, or null. */
export function protoKeyPath(value: unknown, depth = 0): (string | number)[] | null {
  if (value === null || typeof value !== "object" || depth > MAX_JSON_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = protoKeyPath(value[i], depth + 1);
      if (p) return [i, ...p];
    }
    return null;
  }
  for (const k of Object.keys(value)) {
    if (k === "__proto__") return [k];
    const p = protoKeyPath((value as Record<string, unknown>)[k], depth + 1);
    if (p) return [k, ...p];
  }
  return null;
}

/** Describes a JSON value by its kind, for "expected …, got …" in the doors' errors. */
export function jsonKindOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === "object") return "an object";
  return `${typeof v} ${String(v)}`;
}
