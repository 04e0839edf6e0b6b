/**
 * Small wording helpers shared by the timeline and the ledger: task names and event types in
 * words, player names, and the scrubbing of card handles a viewer can't follow.
 */
import type { Game, JsonObject, PlayerView } from "turnkit";

/** "ygo.normalDraw" → "normal draw"; "kernel.resolvePending" → "resolve pending". */
export function taskWords(name: string): string {
  const bare = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : name;
  return camelWords(bare);
}

/** "limitUsed" → "limit used", "extraTurnAdded" → "extra turn added". */
export function camelWords(s: string): string {
  return s
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase()
    .trim();
}

export function playerName(game: Game, p: number): string {
  return game.state.players[p]?.name ?? `P${p + 1}`;
}

/** Every card id (handle or place) the view names, face-up or not: what the viewer may follow. */
export function knownIds(view: PlayerView): Set<string> {
  const out = new Set<string>();
  const add = (c: { id?: string; under?: unknown[] }) => {
    if (c.id) out.add(c.id);
    for (const u of (c.under ?? []) as { id?: string }[]) add(u);
  };
  for (const z of Object.values(view.zones)) for (const c of z.cards) add(c as { id?: string });
  for (const e of view.log) if (typeof e.obj === "string") out.add(e.obj);
  return out;
}

const HANDLE = /\bk[a-z0-9]{7}\b/g;

/** Replaces every card handle in a sentence that the viewer can't follow by "…". */
export function scrubHandles(text: string, known: Set<string>): string {
  return text.replace(HANDLE, (h) => (known.has(h) ? h : "…"));
}

/** A view log entry's string field, or undefined. */
export function str(e: JsonObject, k: string): string | undefined {
  const v = e[k];
  return typeof v === "string" ? v : undefined;
}

export function dataOf(e: JsonObject): JsonObject {
  const d = e.data;
  return d && typeof d === "object" && !Array.isArray(d) ? (d as JsonObject) : {};
}

/** A node's label, or its id. */
export function nodeLabel(game: Game, id: string): string {
  return game.rules.nodes.get(id)?.label ?? id;
}
