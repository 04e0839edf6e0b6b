/**
 * Facts kept per player until a zone's membership changes (Game.membershipFact): the key of each
 * player's fact made once, not a string built at every call.
 */
import type { Game, GameReader, MembershipConcerns } from "./contract/game.js";
import type { PlayerId } from "./types.js";
import type { CardDef } from "./vocabulary/schema.js";

/**
 * `scan(game, p)`, kept for each player `p` until a card enters or leaves one of `p`'s zones or a
 * zone no player owns, or becomes another card — with `concerns`, only a card it says may change
 * the scan (Game.membershipFact). `scan` reads `p`'s own zones and shared ones (`game.zone(kind,
 * p)`): the moves in another player's zones keep `p`'s fact.
 */
export function perPlayerMembershipFact<T>(
  name: string,
  scan: (game: Game, p: PlayerId) => T,
  concerns?: (game: GameReader, card: CardDef) => boolean,
): (game: Game, p: PlayerId) => T {
  const keys: string[] = [];
  const concernsOf: MembershipConcerns[] = [];
  return (game, p) => {
    let key = keys[p];
    if (key === undefined) {
      key = `${name}.${p}`;
      keys[p] = key;
      concernsOf[p] = (g, card, zone) =>
        (zone.owner === null || zone.owner === p) && (concerns === undefined || concerns(g, card));
    }
    return game.membershipFact(key, () => scan(game, p), concernsOf[p]);
  };
}
