/**
 * Maintenance costs: "During each of your Standby Phases, pay N Life Points or destroy this card"
 * (Fairy Box). Not an activation: no chain, nothing to respond to. The turn player answers for
 * each such card they control face-up, in field order.
 */
import type { Game } from "../../core/game.js";
import type { AbilityRef } from "../../core/limits.js";
import { zoneId } from "../../core/objects.js";
import type { TaskHandler } from "../../core/preset.js";
import { changeLifePoints, lifePoints } from "./game.js";

function due(game: Game, done: string[]): AbilityRef | undefined {
  const p = game.state.clock.turn.player;
  return game
    .staticAbilities("maintenance")
    .find(
      (ref) => ref.controller === p && !ref.obj.faceDown && !done.includes(`${ref.obj.id}@${ref.obj.inc}`),
    );
}

export const maintenance: TaskHandler = (game, task) => {
  const done = (task.done as string[] | undefined) ?? [];
  task.done = done;
  const p = game.state.clock.turn.player;
  if (task.answer) {
    const [verb, objId] = task.answer.id.split(":") as [string, string];
    task.answer = undefined;
    const obj = game.obj(objId);
    done.push(`${obj.id}@${obj.inc}`);
    const lp = Number(game.ability(obj.card, String(task.ability)).static?.lp ?? 0);
    if (verb === "pay") changeLifePoints(game, p, -lp, "payLP", { cause: { kind: "cost", player: p } });
    else game.move(obj, zoneId("graveyard", obj.owner), { event: "destroy", cause: { kind: "rule" } });
  }
  const ref = due(game, done);
  if (!ref || game.over) {
    game.popTask(task);
    return;
  }
  const lp = Number(ref.ability.static!.lp ?? 0);
  task.ability = ref.ability.id;
  game.ask({
    player: p,
    kind: "maintenance",
    prompt: `${ref.card.name}: pay ${lp} Life Points or destroy it`,
    options: [
      ...(lifePoints(game, p) >= lp ? [{ id: `pay:${game.ref(ref.obj)}`, label: `Pay ${lp} LP` }] : []),
      { id: `destroy:${game.ref(ref.obj)}`, label: `Destroy ${ref.card.name}` },
    ],
  });
};
