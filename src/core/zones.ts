/**
 * Zones as lists of card ids: their ids, their creation, and putting a card id in or taking it out
 * (no event: the caller records what happened). Every change of membership tells the game, which
 * keeps facts derived from it (Game.membershipFact).
 */
import type { PlaceOptions } from "./contract/data.js";
import type { Game, GameReader } from "./contract/game.js";

/** What changing a zone's cards needs: the game, told that membership changed. */
type ZoneKeeper = Pick<Game, "membershipChanged">;

import { EngineError } from "./errors.js";
import { internalized } from "./intern.js";
import type { ObjectId, PlayerId, ZoneState } from "./types.js";

/** Ids made for each zone kind, by owner (internalized: `zones[id]` compares pointers). */
const ZONE_IDS = new Map<string, string[]>();
/** Bounds on what is kept: the kinds of a few presets and their seats, never an unbounded map. */
const KEPT_KINDS = 256;
const KEPT_OWNERS = 16;

/** A zone's id: its kind, and "@" and its owner for a player's own zone ("hand@0"). */
export function zoneId(kind: string, owner: PlayerId | null): string {
  if (owner === null) return kind;
  let byOwner = ZONE_IDS.get(kind);
  let id = byOwner?.[owner];
  if (id !== undefined) return id;
  id = `${kind}@${owner}`;
  if (!Number.isInteger(owner) || owner < 0 || owner >= KEPT_OWNERS) return id;
  if (byOwner === undefined) {
    if (ZONE_IDS.size >= KEPT_KINDS) return id;
    byOwner = [];
    ZONE_IDS.set(kind, byOwner);
  }
  id = internalized(id);
  byOwner[owner] = id;
  return id;
}

export function createZones(game: GameReader): Record<string, ZoneState> {
  const zones: Record<string, ZoneState> = {};
  for (const def of game.rules.preset.zones) {
    const owners: (PlayerId | null)[] = def.perPlayer ? game.state.players.map((p) => p.id) : [null];
    for (const owner of owners) {
      const id = zoneId(def.kind, owner);
      zones[id] = { id, kind: def.kind, owner, visibility: def.visibility, cards: [] };
    }
  }
  return zones;
}

/** Puts a card id into a zone's list (no event: the caller records what happened). */
export function insertCard(
  game: ZoneKeeper,
  zone: ZoneState,
  id: ObjectId,
  position: PlaceOptions["position"],
): void {
  game.membershipChanged(id, zone);
  if (position === "bottom") zone.cards.unshift(id);
  else if (typeof position === "number") zone.cards.splice(position, 0, id);
  else zone.cards.push(id);
}

/** Takes a card id out of a zone's list (no event). */
export function removeCard(game: ZoneKeeper, zone: ZoneState, id: ObjectId): void {
  // From the end: a draw takes the top card, the last of the list (an id is in a zone once).
  const cards = zone.cards;
  const i = cards.lastIndexOf(id);
  if (i < 0) throw new EngineError(`card ${id} is not in zone ${zone.id}`);
  // The later cards move down one and the last place goes (a splice would also make a list of the
  // one removed; setting the length is a call into the engine's runtime, pop is not).
  const last = cards.length - 1;
  for (let j = i; j < last; j++) cards[j] = cards[j + 1]!;
  cards.pop();
  game.membershipChanged(id, zone);
}
