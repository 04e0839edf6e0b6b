/**
 * Exert (CR 701.39): "You may exert <this> as it attacks" — as a creature with an exert ability is
 * declared as an attacker, its controller chooses whether to exert it (a `exert` decision, yes or
 * no). An exerted permanent won't untap during its exerter's next untap step (701.39a): the
 * kernel's exemption from the untap step, until the end of that player's next untap step — so a
 * creature exerted by a player who stole it untaps in its owner's untap step once control has
 * gone back (src/core/turn-actions.ts). Exerting it again before then changes nothing more (701.39b).
 * An `exert` event follows: "when you do" is a triggered ability on it (`on: exert, self: true`,
 * CR 603.12). A card has the ability as a static `{ kind: exert }`, with a `condition` when it
 * says one ("If Combat Celebrant hasn't been exerted this turn, you may exert it as it attacks").
 */
import { addDuration } from "../../core/durations.js";
import type { Game } from "../../core/game.js";
import { evalCondition } from "../../core/match.js";
import { EXEMPT } from "../../core/turn-actions.js";
import type { GameObject, Task } from "../../core/types.js";
import { nameOf } from "./state.js";

/** The static kind of "You may exert <this> as it attacks". */
export const EXERT = "exert";

/** Whether its controller may exert `o` as it attacks now: it has the ability, and its condition holds. */
export function mayExert(game: Game, o: GameObject): boolean {
  for (const a of game.card(o).abilities ?? [])
    if (a.kind === "static" && (a.static as { kind?: string } | undefined)?.kind === EXERT)
      return !a.condition || evalCondition(game, a.condition, { controller: o.controller, obj: o });
  return false;
}

/** CR 701.39a: `o` is exerted: it won't untap during its controller's next untap step. */
export function exert(game: Game, o: GameObject): void {
  const p = o.controller;
  const name = nameOf(game, o);
  addDuration(game, {
    expires: { at: "boundary", edge: "end", node: "untap", players: [p] },
    effect: { kind: EXEMPT, target: { obj: o.id, inc: o.inc }, value: { from: "untap" } },
    controller: p,
    label: `exerted: ${name} won't untap during ${game.playerName(p)}'s next untap step`,
    source: { obj: o.id, inc: o.inc, name },
  });
  game.emit({ type: "exert", player: p, obj: o.id, inc: o.inc, card: o.card, name });
}

/**
 * The exert choice of the declare attackers step: after `o` is declared as an attacker, the task
 * remembers it (`task.exerting`) and this asks, then applies the answer. True when it asked or
 * answered (the declaration goes on at its next call).
 */
export function exertStep(game: Game, task: Task): boolean {
  const id = task.exerting;
  if (typeof id !== "string") return false;
  const o = game.state.objects[id];
  if (task.answer) {
    const yes = task.answer.id === "yes";
    task.answer = undefined;
    delete task.exerting;
    if (yes && o) exert(game, o);
    return true;
  }
  if (!o || !mayExert(game, o)) {
    delete task.exerting;
    return false;
  }
  const name = nameOf(game, o);
  game.ask({
    player: o.controller,
    kind: "exert",
    prompt: `Exert ${name} as it attacks? (It won't untap during your next untap step.)`,
    options: [
      { id: "yes", label: `Exert ${name}` },
      { id: "no", label: `Don't exert ${name}`, pass: true },
    ],
  });
  return true;
}
