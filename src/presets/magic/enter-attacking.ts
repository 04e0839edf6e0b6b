/**
 * Creatures put onto the battlefield attacking (CR 508.4): they were never declared as attackers,
 * so "whenever … attacks" doesn't trigger for them, they don't attack alone, they ignore attack
 * requirements, restrictions and costs, and they didn't "attack" this turn. Their controller
 * chooses which defending player, or which planeswalker a defending player controls, each
 * attacks (unless the effect says). Outside combat, or for a player who isn't the attacking
 * player, the creature enters but is never an attacking creature (CR 506.2, 506.3d).
 */
import type { Game } from "../../core/game.js";
import type { DecisionOption, GameObject, PlayerId } from "../../core/types.js";
import { defenders } from "./declarations.js";
import { isPlaneswalker } from "./planeswalkers.js";
import { nameOf, permanents } from "./state.js";

/** The planeswalker var of an attacking creature: the id of the planeswalker it attacks (CR 506.3). */
export const WALKER = "attackingWalker";
/** The incarnation of that planeswalker as it was attacked. */
export const WALKER_INC = "walkerInc";

/**
 * CR 506.2, 506.3d, 508.4: can `p` put a creature onto the battlefield attacking now? Only the
 * attacking player — the active player during the combat phase — with someone to attack.
 */
export const mayEnterAttacking = (game: Game, p: PlayerId): boolean =>
  game.state.clock.path.includes("combat") &&
  game.state.clock.turn.player === p &&
  defenders(game).length > 0;

/** CR 508.4: what such a creature may attack — `player:<name>` or `walker:<planeswalker>`. */
export function enterAttackingOptions(game: Game): DecisionOption[] {
  const out: DecisionOption[] = [];
  for (const d of defenders(game)) {
    out.push({ id: `player:${game.playerName(d)}`, label: game.playerName(d) });
    for (const w of permanents(game, d))
      if (isPlaneswalker(game, w))
        out.push({ id: `walker:${game.ref(w)}`, label: `${nameOf(game, w)} (${game.playerName(d)})` });
  }
  return out;
}

/** Makes `o` an attacking creature, attacking what `choice` (an option of enterAttackingOptions) names. */
export function setAttacking(game: Game, o: GameObject, choice: string): void {
  const [kind, ref = ""] = choice.split(":");
  if (kind === "walker") {
    const w = game.obj(ref);
    o.vars.attacking = w.controller;
    o.vars[WALKER] = w.id;
    o.vars[WALKER_INC] = w.inc;
  } else o.vars.attacking = game.state.players.find((p) => p.name === ref)!.id;
  game.emit({
    type: "enterAttacking",
    player: o.controller,
    obj: o.id,
    inc: o.inc,
    name: nameOf(game, o),
    data: { defender: o.vars.attacking as number },
  });
}
