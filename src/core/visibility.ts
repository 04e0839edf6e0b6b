/**
 * Who sees and who can follow a card where it is (DESIGN: hidden information): the one rule events,
 * views and choices share. A zone's `visibility` says who sees its cards' faces; face-down cards
 * are seen by nobody unless the zone says `faceDownSeenBy: "owner"`; during a turn another player
 * controls, what its player sees that player sees too (CR 722.3).
 */
import type { GameReader } from "./contract/game.js";
import type { PlayerId, ZoneState } from "./types.js";

/**
 * Who can follow a card in a zone, face-up or face-down: everyone in a public zone (a face-down
 * shield or Set card still has its place), its owner in their hand, nobody in a deck.
 */
export function trackersOf(game: GameReader, zone: ZoneState, owner: PlayerId): PlayerId[] | "all" {
  if (zone.visibility === "public") return "all";
  if (zone.visibility === "owner") return seersOf(game, zone.owner ?? owner);
  return [];
}

/**
 * Who sees what player `p` sees: `p`, and during a turn of `p` that another player controls, that
 * player too (CR 722.3: "the controller of a player can see that player's hand").
 */
export function seersOf(game: GameReader, p: PlayerId): PlayerId[] {
  const t = game.state.clock.turn;
  return t.controlledBy !== undefined && t.player === p ? [p, t.controlledBy] : [p];
}

/** Who may see the identity of a card in a zone. */
export function seenIn(
  game: GameReader,
  zone: ZoneState,
  faceDown: boolean,
  owner: PlayerId,
): PlayerId[] | "all" {
  if (zone.visibility === "hidden") return [];
  if (faceDown)
    return game.rules.zoneDefs.get(zone.kind)?.faceDownSeenBy === "owner"
      ? seersOf(game, zone.owner ?? owner)
      : [];
  if (zone.visibility === "owner") return seersOf(game, zone.owner ?? owner);
  return "all";
}

export function mergeSeen(a: PlayerId[] | "all", b: PlayerId[] | "all"): PlayerId[] | undefined {
  if (a === "all" || b === "all") return undefined;
  return union(a, b);
}

/** The players of both lists, once each, in `sort()`'s order (a few players: no Set). */
export function union(a: readonly PlayerId[], b: readonly PlayerId[]): PlayerId[] {
  const out: PlayerId[] = [];
  for (const p of a) if (!out.includes(p)) out.push(p);
  for (const p of b) if (!out.includes(p)) out.push(p);
  return out.sort();
}
