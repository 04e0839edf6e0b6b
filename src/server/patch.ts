/**
 * Patches between two JSON values, in the JSON Patch format (RFC 6902: `add`, `remove`, `replace`
 * with JSON Pointer paths, RFC 6901), such that applying `diff(a, b)` to `a` gives a value whose
 * JSON text is byte for byte `JSON.stringify(b)` — keys in the same order, not only equal.
 *
 * Protocol 2 of `turnkit serve` sends each seat a patch against the last view it was sent instead
 * of the whole view (docs/server.md). Any RFC 6902 library applies these patches; `applyPatch`
 * here also keeps the key order, so a client ends with exactly the server's `viewFor(seat)`.
 *
 * Key order: a key added to an object goes last, so where `b` orders the keys it shares with `a`
 * differently, or puts a new key before an old one, the object is replaced whole. Arrays of one
 * length are patched element by element; otherwise their common beginning and end are kept and
 * the rest removed or added (a card leaving a hand is one `remove`; a log growing is `add`s at
 * its end), or the array replaced when both changed between them. A key whose value is
 * `undefined` counts as absent, as in JSON.
 */

export type PatchOp =
  | { op: "add"; path: string; value: unknown }
  | { op: "remove"; path: string }
  | { op: "replace"; path: string; value: unknown };

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** One path segment as JSON Pointer writes it (RFC 6901: `~` is `~0`, `/` is `~1`). */
function segment(key: string | number): string {
  const k = String(key);
  return k.includes("~") || k.includes("/") ? k.replaceAll("~", "~0").replaceAll("/", "~1") : k;
}

/** The keys of `o` that JSON writes (own, enumerable, not `undefined`), in its order. */
function jsonKeys(o: Obj): string[] {
  const keys = Object.keys(o);
  for (const k of keys) if (o[k] === undefined) return keys.filter((x) => o[x] !== undefined);
  return keys;
}

/** Deep equality of two JSON values, key order included. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const kb = sameOrder(a as Obj, b as Obj);
  if (kb === null) return false;
  for (const k of kb) if (!sameJson((a as Obj)[k], (b as Obj)[k])) return false;
  return true;
}

/**
 * `b`'s keys when `a` has the same ones in the same order (the common case, checked without
 * copying `a`'s), else null. Keys whose value is `undefined` are left to `jsonKeys`.
 */
function sameOrder(a: Obj, b: Obj): string[] | null {
  const kb = Object.keys(b);
  let i = 0;
  // for…in walks a plain object's own keys in order without making an array of them.
  for (const k in a) if (kb[i++] !== k) return null;
  return i === kb.length ? kb : null;
}

/** The operations that turn `a` into `b` (none when they are the same JSON). */
export function diff(a: unknown, b: unknown): PatchOp[] {
  const d = new Differ();
  d.values(a, b);
  return d.ops;
}

/** Walks two values; the path to where it is is kept as keys, and made a pointer only for an operation. */
class Differ {
  readonly ops: PatchOp[] = [];
  private readonly at: (string | number)[] = [];

  private path(last?: string | number): string {
    let p = "";
    for (const k of this.at) p += `/${segment(k)}`;
    return last === undefined ? p : `${p}/${segment(last)}`;
  }

  values(a: unknown, b: unknown): void {
    if (a === b) return;
    if (Array.isArray(a) && Array.isArray(b)) this.arrays(a, b);
    else if (isObject(a) && isObject(b)) this.objects(a, b);
    else this.ops.push({ op: "replace", path: this.path(), value: b });
  }

  private inside(key: string | number, a: unknown, b: unknown): void {
    if (a === b) return;
    this.at.push(key);
    this.values(a, b);
    this.at.pop();
  }

  private objects(a: Obj, b: Obj): void {
    // The same keys in the same order (the common case): each value patched in place.
    const same = sameOrder(a, b);
    if (same) {
      for (const k of same) this.inside(k, a[k], b[k]);
      return;
    }
    const ka = jsonKeys(a);
    const kb = jsonKeys(b);
    // The keys `b` keeps from `a` must come first and in `a`'s order: an added key goes last.
    let kept = 0;
    for (const k of ka) {
      if (b[k] === undefined) continue;
      if (kb[kept] !== k) return void this.ops.push({ op: "replace", path: this.path(), value: b });
      kept++;
    }
    for (let i = kept; i < kb.length; i++)
      if (a[kb[i]!] !== undefined) return void this.ops.push({ op: "replace", path: this.path(), value: b });
    for (const k of ka) if (b[k] === undefined) this.ops.push({ op: "remove", path: this.path(k) });
    for (let i = 0; i < kept; i++) this.inside(kb[i]!, a[kb[i]!], b[kb[i]!]);
    for (let i = kept; i < kb.length; i++)
      this.ops.push({ op: "add", path: this.path(kb[i]!), value: b[kb[i]!] });
  }

  /**
   * Arrays of one length are patched element by element (a card tapped in place). Otherwise their
   * common beginning and end are kept and what is between is removed or added; where both have
   * something between (a log begun again, a hand with one card gone and another come), the array
   * is replaced whole.
   */
  private arrays(a: readonly unknown[], b: readonly unknown[]): void {
    if (a.length === b.length) {
      for (let i = 0; i < a.length; i++) this.inside(i, a[i], b[i]);
      return;
    }
    const min = Math.min(a.length, b.length);
    let start = 0;
    while (start < min && sameJson(a[start], b[start])) start++;
    let endA = a.length;
    let endB = b.length;
    while (endA > start && endB > start && sameJson(a[endA - 1], b[endB - 1])) {
      endA--;
      endB--;
    }
    if (endA > start && endB > start)
      return void this.ops.push({ op: "replace", path: this.path(), value: b });
    // Removed from the last, so each index still names the element meant.
    for (let i = endA - 1; i >= start; i--) this.ops.push({ op: "remove", path: this.path(i) });
    for (let i = start; i < endB; i++) this.ops.push({ op: "add", path: this.path(i), value: b[i] });
  }
}

/** A patch that can't be applied: names the operation and why. */
export class PatchError extends Error {
  constructor(
    readonly index: number,
    message: string,
  ) {
    super(`patch operation ${index}: ${message}`);
  }
}

function parsePointer(path: string, index: number): string[] {
  if (path === "") return [];
  if (!path.startsWith("/"))
    throw new PatchError(index, `the path ${JSON.stringify(path)} doesn't start with /`);
  return path
    .slice(1)
    .split("/")
    .map((s) => {
      const k = s.replaceAll("~1", "/").replaceAll("~0", "~");
      if (k === "__proto__") throw new PatchError(index, "the key __proto__ is not allowed");
      return k;
    });
}

function arrayIndex(key: string, length: number, index: number, adding: boolean): number {
  const i = /^(0|[1-9]\d*)$/.test(key) ? Number(key) : key === "-" && adding ? length : -1;
  if (i < 0 || i > length || (!adding && i === length))
    throw new PatchError(index, `no element ${JSON.stringify(key)} in an array of ${length}`);
  return i;
}

/**
 * `doc` with `ops` applied, as a new value: `doc` itself is not changed, and the parts the patch
 * doesn't touch are shared with it (so views kept from earlier messages stay as they were).
 * Throws a `PatchError` naming the operation when a path leads nowhere.
 */
export function applyPatch<T>(doc: T, ops: readonly PatchOp[]): T {
  let root: unknown = doc;
  /** Containers made by this call: changed in place; any other is copied before it changes. */
  const fresh = new WeakSet<object>();
  const own = (v: unknown): unknown => {
    if (v === null || typeof v !== "object" || fresh.has(v)) return v;
    const copy = Array.isArray(v) ? v.slice() : { ...(v as Obj) };
    fresh.add(copy);
    return copy;
  };
  for (const [n, op] of ops.entries()) {
    const keys = parsePointer(op.path, n);
    if (keys.length === 0) {
      if (op.op === "remove") throw new PatchError(n, "can't remove the whole value");
      root = op.value;
      continue;
    }
    root = own(root);
    let parent = root as Obj | unknown[];
    for (let i = 0; i < keys.length - 1; i++) {
      const k = keys[i]!;
      const child = Array.isArray(parent)
        ? parent[arrayIndex(k, parent.length, n, false)]
        : Object.hasOwn(parent, k)
          ? parent[k]
          : undefined;
      if (child === null || typeof child !== "object")
        throw new PatchError(n, `${op.path}: nothing at ${JSON.stringify(k)} to go into`);
      const copy = own(child) as Obj | unknown[];
      if (Array.isArray(parent)) parent[Number(k)] = copy;
      else parent[k] = copy;
      parent = copy;
    }
    const last = keys[keys.length - 1]!;
    if (Array.isArray(parent)) {
      if (op.op === "add") parent.splice(arrayIndex(last, parent.length, n, true), 0, op.value);
      else if (op.op === "remove") parent.splice(arrayIndex(last, parent.length, n, false), 1);
      else parent[arrayIndex(last, parent.length, n, false)] = op.value;
    } else {
      if (op.op !== "add" && !Object.hasOwn(parent, last))
        throw new PatchError(n, `${op.path}: no key ${JSON.stringify(last)} to ${op.op}`);
      if (op.op === "remove") delete parent[last];
      else parent[last] = op.value;
    }
  }
  return root as T;
}
