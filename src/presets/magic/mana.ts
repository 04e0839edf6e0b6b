/**
 * Mana: basic lands' mana abilities (CR 605: they don't use the stack) and the mana pool, emptied
 * as each step and phase ends (CR 500.4, 703.4s). Mana is generic here (docs/magic.md).
 */
import { EngineError } from "../../core/errors.js";
import type { Game } from "../../core/game.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import { isType, permanents, pool, setPool } from "./state.js";

export function untappedLands(game: Game, p: PlayerId): GameObject[] {
  return permanents(game, p).filter((o) => !o.tapped && isType(game, o, "land"));
}

/** Mana a player could spend now: the pool plus one for each untapped land. */
export function available(game: Game, p: PlayerId): number {
  return pool(game, p) + untappedLands(game, p).length;
}

/** Activates a land's mana ability: tap it, add one mana to its controller's pool (CR 106.4). */
export function tapForMana(game: Game, land: GameObject): void {
  land.tapped = true;
  setPool(game, land.controller, pool(game, land.controller) + 1);
  game.emit({
    type: "mana",
    player: land.controller,
    obj: land.id,
    name: game.card(land).name,
    data: { pool: pool(game, land.controller) },
  });
}

/** Pays n mana: from the pool first, then by activating mana abilities (CR 601.2g-h). */
export function payMana(game: Game, p: PlayerId, n: number): void {
  if (available(game, p) < n) throw new EngineError(`${game.playerName(p)} can't pay ${n} mana`);
  const lands = untappedLands(game, p);
  while (pool(game, p) < n) tapForMana(game, lands.shift()!);
  setPool(game, p, pool(game, p) - n);
}

/** CR 703.4s: as a step or phase ends, unused mana empties from every pool. */
export function emptyManaPools(game: Game, node: string): void {
  for (const pl of game.state.players) {
    const n = pool(game, pl.id);
    if (n === 0) continue;
    setPool(game, pl.id, 0);
    game.emit({ type: "manaEmptied", player: pl.id, data: { n, node } });
  }
}
