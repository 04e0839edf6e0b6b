/**
 * What a player knows of the cards hidden from them, remembered from what they were shown: read
 * from the log exactly as they were given it (`redactEntry`), so it depends on nothing hidden
 * from them (DESIGN: nothing a player is given depends on a card hidden from them).
 *
 * - A card they can still follow (a face-down shield, a Set monster: it kept its handle) whose
 *   identity they saw since it got that handle is known to them: Natural Snare puts a creature
 *   into the shields face-down, Book of Moon turns a monster face-down — both players know which
 *   card it is.
 * - In a zone they can't follow cards in (another player's hand, any deck), they know a lower
 *   bound of each identity: the cards they saw go in, less those they saw come out. A card that
 *   leaves unseen makes them unsure of the zone's whole content again (it could have been any).
 *   A card they knew by its handle is still known as it goes in (a known shield broken into the
 *   hand is known to be in that hand).
 *
 * - A card shown where it lies (revealed in a hand) is known to be there, at least one of it.
 *
 * Simplifications (never more than the player knows, sometimes less): a card shown privately to
 * a player while they decide (a search) is not remembered; and with logging "none" nothing is.
 */
import type { Game } from "./contract/game.js";
import type { Json } from "./json.js";
import type { ObjectId, PlayerId, ZoneState } from "./types.js";
import { canSee, redactEntry } from "./view.js";
import { trackersOf } from "./visibility.js";

export interface Knowledge {
  /**
   * Hidden cards the player follows and knows the identity of, by the handle they know each by
   * (never the referee's id): handle → card id.
   */
  objects: Map<string, string>;
  /** Per zone the player can't follow cards in: the least number of each card id in it. */
  zones: Map<string, Map<string, number>>;
}

/** What `player` knows now of the cards hidden from them (see the module comment). */
export function knowledgeOf(game: Game, player: PlayerId): Knowledge {
  if (!Number.isInteger(player) || !game.state.players[player])
    throw new RangeError(`knowledgeOf: no player ${String(player)}`);
  const state = game.state;
  const byHandle = new Map<string, string>();
  const zones = new Map<string, Map<string, number>>();
  // Where each card was last put (the events' own zone kinds and owners), and when it last moved:
  // a card shown where it lies (a card revealed in a hand) is placed by these.
  const putIn = new Map<ObjectId, string>();
  const lastMove = new Map<ObjectId, number>();
  for (const e of state.log) if (e.obj !== undefined && e.to !== undefined) lastMove.set(e.obj, e.seq);
  for (const entry of state.log) {
    if (entry.obj === undefined) continue;
    const seen = redactEntry(game, entry, player);
    if (entry.to !== undefined && entry.player !== undefined)
      putIn.set(entry.obj, `${entry.to}@${entry.player}`);
    if (seen === null) continue;
    const handle = typeof seen.obj === "string" ? seen.obj : undefined;
    let card = typeof seen.card === "string" ? seen.card : undefined;
    if (card !== undefined && handle !== undefined) byHandle.set(handle, card);
    card ??= handle !== undefined ? byHandle.get(handle) : undefined;
    const owner = typeof seen.player === "number" ? seen.player : undefined;
    const from = blindZone(game, seen.from, owner, player);
    const to = blindZone(game, seen.to, owner, player);
    if (from !== null) {
      const counts = zones.get(from.id);
      if (card === undefined) zones.delete(from.id);
      else if (counts) {
        const n = (counts.get(card) ?? 0) - 1;
        if (n > 0) counts.set(card, n);
        else counts.delete(card);
      }
    }
    if (to !== null && card !== undefined) {
      const counts = zones.get(to.id) ?? new Map<string, number>();
      counts.set(card, (counts.get(card) ?? 0) + 1);
      zones.set(to.id, counts);
    }
    // Shown where it lies (no move): at least one of that card is in that zone.
    if (seen.from === undefined && seen.to === undefined && typeof seen.card === "string") {
      const at =
        putIn.get(entry.obj) ??
        ((lastMove.get(entry.obj) ?? -1) < entry.seq ? state.objects[entry.obj]?.zone : undefined);
      const zone = at !== undefined ? state.zones[at] : undefined;
      if (zone && isBlind(game, zone, player)) {
        const counts = zones.get(zone.id) ?? new Map<string, number>();
        counts.set(seen.card, Math.max(counts.get(seen.card) ?? 0, 1));
        zones.set(zone.id, counts);
      }
    }
  }
  const objects = new Map<string, string>();
  for (const obj of Object.values(state.objects)) {
    if (!obj.handle) continue;
    const card = byHandle.get(obj.handle);
    // Still followed under the same handle: a player who lost sight of a card and found it again
    // sees it under a new handle (objects.ts renews it when someone gains sight of it).
    if (card === undefined || obj.underOf !== null || canSee(game, obj, player)) continue;
    const trackers = trackersOf(game, state.zones[obj.zone]!, obj.owner);
    if (trackers === "all" || trackers.includes(player)) objects.set(obj.handle, card);
  }
  return { objects, zones };
}

/** The zone of `kind` owned by `owner`, if `player` can't follow cards in it (else null). */
function blindZone(
  game: Game,
  kind: Json | undefined,
  owner: PlayerId | undefined,
  player: PlayerId,
): ZoneState | null {
  if (typeof kind !== "string" || owner === undefined) return null;
  const zone = game.state.zones[`${kind}@${owner}`];
  return zone && isBlind(game, zone, player) ? zone : null;
}

/** Can't `player` follow the cards in `zone` (a hand not theirs, any deck)? objects.ts `trackersOf`. */
function isBlind(game: Game, zone: ZoneState, player: PlayerId): boolean {
  const trackers = trackersOf(game, zone, zone.owner ?? player);
  return trackers !== "all" && !trackers.includes(player);
}
