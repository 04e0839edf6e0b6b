/**
 * Facts kept per player until a zone's membership changes (Game.membershipFact): the key of each
 * player's fact made once, not a string built at every call.
 */
import type { Game, GameReader } from "./contract/game.js";
import type { PlayerId } from "./types.js";
import type { CardDef } from "./vocabulary/schema.js";

/**
 * `scan(game, p)`, kept for each player `p` until a card enters or leaves a zone or becomes
 * another — with `concerns`, only a card it says may change the scan (Game.membershipFact).
 */
export function perPlayerMembershipFact<T>(
  name: string,
  scan: (game: Game, p: PlayerId) => T,
  concerns?: (game: GameReader, card: CardDef) => boolean,
): (game: Game, p: PlayerId) => T {
  const keys: string[] = [];
  return (game, p) => {
    let key = keys[p];
    if (key === undefined) {
      key = `${name}.${p}`;
      keys[p] = key;
    }
    return game.membershipFact(key, () => scan(game, p), concerns);
  };
}
