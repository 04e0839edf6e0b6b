/**
 * Life (CR 119): gaining and losing life are events with their amount, so "whenever you gain
 * life, … that many" and "whenever a player loses life" can be written as data (`{ event: data.n }`).
 * Life is lost to damage (CR 120.3a), to an effect ("loses 4 life") and to paying it (CR 119.4).
 */
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import type { Cause, PlayerId } from "../../core/types.js";
import { life } from "./state.js";

/** `p` gains `n` life (CR 119.3): a `lifeGain` event (data.n, data.life). */
export function gainLife(game: Game, p: PlayerId, n: number, cause?: Cause, data: JsonObject = {}): void {
  if (n <= 0) return;
  const pl = game.state.players[p]!;
  pl.vars.life = life(game, p) + n;
  game.emit({
    type: "lifeGain",
    player: p,
    ...(cause ? { cause } : {}),
    data: { n, life: life(game, p), ...data },
  });
}

/**
 * `p` loses `n` life (CR 119.3): a `lifeLoss` event (data.n, data.life; data.damage when damage
 * caused it, CR 120.3a; data.paid when it was paid, CR 119.4).
 */
export function loseLife(game: Game, p: PlayerId, n: number, cause?: Cause, data: JsonObject = {}): void {
  if (n <= 0) return;
  const pl = game.state.players[p]!;
  pl.vars.life = life(game, p) - n;
  game.emit({
    type: "lifeLoss",
    player: p,
    ...(cause ? { cause } : {}),
    data: { n, life: life(game, p), ...data },
  });
}
