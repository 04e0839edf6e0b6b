/**
 * The objects named by engine work in progress — a task on the stack, a pending ability, a
 * duration — by id or by handle. Their identities are committed: a pending trigger records the
 * card it came from, so a state where such an object is another card is not one the game
 * reaches. Determinization keeps them as they are, and so does the non-interference perturbation.
 */
import type { GameState, ObjectId } from "./types.js";

export function objectsInProgress(state: GameState): Set<ObjectId> {
  const byHandle = new Map<string, ObjectId>();
  for (const o of Object.values(state.objects)) if (o.handle) byHandle.set(o.handle, o.id);
  const idOf = (ref: string) => (state.objects[ref] ? ref : byHandle.get(ref));
  const out = new Set<ObjectId>();
  collect(state.tasks, idOf, out);
  collect(state.pending, idOf, out);
  collect(state.durations, idOf, out);
  return out;
}

/** Every object met as a string anywhere in some plain data. */
function collect(value: unknown, idOf: (ref: string) => ObjectId | undefined, out: Set<ObjectId>): void {
  if (typeof value === "string") {
    const id = idOf(value);
    if (id !== undefined) out.add(id);
  } else if (Array.isArray(value)) for (const v of value) collect(v, idOf, out);
  else if (value !== null && typeof value === "object")
    for (const v of Object.values(value as Record<string, unknown>)) collect(v, idOf, out);
}
