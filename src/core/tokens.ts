/**
 * Tokens and objects that leave the game (CR 111, 800.4a). A token is an object that isn't a card
 * (CR 111.1): its definition is a library entry with `stats.token: true`, never a card in a deck.
 * It is created in a zone by an effect, and it ceases to exist when a rule says so — a token out of
 * play (CR 111.7, 704.5d), every object of a player who leaves the game (CR 800.4a): the object is
 * removed from its zone and from the state, so it is in no zone and nothing can find it again.
 */

import type { Game } from "./contract/game.js";
import { EngineError } from "./errors.js";
import { emit } from "./events.js";
import { createObject } from "./objects.js";
import type { Cause, GameObject, LogEntry, PlayerId } from "./types.js";

/** Is this object a token (CR 111.1)? Its definition says so: `stats.token: true`. */
export function isToken(game: Game, obj: GameObject): boolean {
  return game.rules.card(obj.card).stats?.token === true;
}

/**
 * Creates a token of definition `card` in `zone`, owned and controlled by `owner` (CR 111.2). It
 * enters that zone without coming from any other: a `move` event with no `from` and
 * `data.token: true` ("whenever a creature enters" sees it, CR 603.6a).
 */
export function createToken(
  game: Game,
  card: string,
  owner: PlayerId,
  zone: string,
  cause?: Cause,
): { obj: GameObject; event: LogEntry } {
  const def = game.rules.card(card);
  if (def.stats?.token !== true) throw new EngineError(`card "${card}" is not a token definition`);
  const obj = createObject(game, card, owner, zone);
  obj.enteredAt = game.state.ids.event + 1;
  obj.enteredTurn = game.state.clock.turn.id;
  const to = game.state.zones[zone]!;
  const event = emit(game, {
    type: "move",
    player: owner,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: def.name,
    to: to.kind,
    ...(cause ? { cause } : {}),
    data: { controller: owner, token: true },
  });
  return { obj, event };
}

/**
 * The object ceases to exist (CR 111.7, 800.4a): it leaves its zone (or the card it lies under)
 * and the state. Cards under it go with it. Emits nothing: the caller names the rule in its event.
 */
export function ceaseToExist(game: Game, obj: GameObject): void {
  for (const u of [...obj.under]) ceaseToExist(game, game.state.objects[u]!);
  if (obj.underOf !== null) {
    const top = game.state.objects[obj.underOf];
    if (top) top.under.splice(top.under.indexOf(obj.id), 1);
  } else {
    const zone = game.state.zones[obj.zone]!;
    const i = zone.cards.indexOf(obj.id);
    if (i >= 0) zone.cards.splice(i, 1);
    game.membershipChanged();
  }
  delete game.state.objects[obj.id];
}
