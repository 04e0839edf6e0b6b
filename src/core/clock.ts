/** Reads of the turn clock (GameState.clock) shared by the kernel and the presets. */
import type { ClockState } from "./types.js";

/**
 * The node running now, the innermost of the clock's path: "" between turns. The length is checked
 * first: `path[-1]` of an empty path would look up a property named "-1", which optimized code does
 * the slow, generic way (at every event of a turn's own beginning and end).
 */
export function currentNode(clock: Readonly<ClockState>): string {
  const path = clock.path;
  return path.length > 0 ? path[path.length - 1]! : "";
}
