/** Plain JSON data: the only kind of value the game state may hold. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A deep copy of plain data. structuredClone is faster than a JSON round trip for our shapes. */
export function cloneJson<T>(value: T): T {
  return structuredClone(value);
}

/** Deterministic JSON: object keys in insertion order, which the engine keeps stable. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value);
}
