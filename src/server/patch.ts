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
 * differently, or puts a new key before an old one, the object is replaced whole. Arrays: their
 * common beginning and end are kept, the elements between are patched in place, and the extra
 * ones removed or added (a card leaving a hand is one `remove`; a log growing is `add`s at its end).
 * A key whose value is `undefined` counts as absent, as in JSON.
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
  const out: string[] = [];
  for (const k of Object.keys(o)) if (o[k] !== undefined) out.push(k);
  return out;
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
  const ka = jsonKeys(a as Obj);
  const kb = jsonKeys(b as Obj);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !sameJson((a as Obj)[k], (b as Obj)[k])) return false;
  }
  return true;
}

/** The operations that turn `a` into `b` (none when they are the same JSON). */
export function diff(a: unknown, b: unknown): PatchOp[] {
  const ops: PatchOp[] = [];
  diffInto(a, b, "", ops);
  return ops;
}

function diffInto(a: unknown, b: unknown, path: string, ops: PatchOp[]): void {
  if (a === b) return;
  if (Array.isArray(a) && Array.isArray(b)) diffArrays(a, b, path, ops);
  else if (isObject(a) && isObject(b)) diffObjects(a, b, path, ops);
  else ops.push({ op: "replace", path, value: b });
}

function diffObjects(a: Obj, b: Obj, path: string, ops: PatchOp[]): void {
  const ka = jsonKeys(a);
  const kb = jsonKeys(b);
  // The keys `b` keeps from `a` must come first and in `a`'s order: an added key goes last.
  let kept = 0;
  for (const k of ka) if (b[k] !== undefined) kept++;
  let j = 0;
  for (const k of ka) {
    if (b[k] === undefined) continue;
    if (kb[j] !== k) {
      ops.push({ op: "replace", path, value: b });
      return;
    }
    j++;
  }
  for (let i = kept; i < kb.length; i++)
    if (a[kb[i]!] !== undefined) {
      ops.push({ op: "replace", path, value: b });
      return;
    }
  for (const k of ka) if (b[k] === undefined) ops.push({ op: "remove", path: `${path}/${segment(k)}` });
  for (let i = 0; i < kept; i++) {
    const k = kb[i]!;
    diffInto(a[k], b[k], `${path}/${segment(k)}`, ops);
  }
  for (let i = kept; i < kb.length; i++) {
    const k = kb[i]!;
    ops.push({ op: "add", path: `${path}/${segment(k)}`, value: b[k] });
  }
}

function diffArrays(a: readonly unknown[], b: readonly unknown[], path: string, ops: PatchOp[]): void {
  const min = Math.min(a.length, b.length);
  let start = 0;
  while (start < min && sameJson(a[start], b[start])) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && sameJson(a[endA - 1], b[endB - 1])) {
    endA--;
    endB--;
  }
  const common = Math.min(endA - start, endB - start);
  for (let i = 0; i < common; i++) diffInto(a[start + i], b[start + i], `${path}/${start + i}`, ops);
  // Removed from the last, so each index still names the element meant.
  for (let i = endA - 1; i >= start + common; i--) ops.push({ op: "remove", path: `${path}/${i}` });
  for (let i = start + common; i < endB; i++) ops.push({ op: "add", path: `${path}/${i}`, value: b[i] });
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
