/**
 * Targets (Yu-Gi-Oh! rulebook: a card or effect that targets chooses its targets as it is
 * activated). Every target choice is the kernel's `choose` with `target: true`, which emits one
 * `targeted` event per object, caused by the effect (its controller, card and ability): "when this
 * card is targeted by a card effect" is a trigger on `{ on: targeted, self: true }`, "by your
 * opponent's card effect" adds `by: opponent`. A Trigger Effect that triggers as an activation
 * targets it (during the chain's building) is activated once that chain has resolved, as with any
 * event during an activation (YG Chain: triggers by a cost wait for the chain).
 *
 * A chain link keeps the objects its activation targeted, each as it was then (`targeted`), so that
 * what happens "after resolving a card effect that targets this card" (Spirit Reaper's Continuous
 * Effect, static `destroyedAfterTargeting`) is done as that link finishes resolving — not as a chain
 * link of its own, and not if the link was negated (it did not resolve).
 */
import { targetsOf } from "../../core/activation.js";
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { zoneId } from "../../core/objects.js";
import type { TaskHandler } from "../../core/preset.js";
import { staticOf } from "./monsters.js";

/** An object as it was when targeted. */
export type TargetRef = { obj: string; inc: number };

/** The objects an activation targeted, each with its incarnation then (read as its chain link is made). */
export function targetedNow(game: Game, vars: JsonObject): TargetRef[] {
  return targetsOf(vars)
    .filter((id) => game.state.objects[id] !== undefined)
    .map((id) => ({ obj: id, inc: game.state.objects[id]!.inc }));
}

/**
 * After a chain link that targeted cards has resolved: each target with "After resolving a card
 * effect that targets this face-up card, destroy this card" that is still that face-up card on the
 * field (not turned face-down, not gone and back) and whose effects are not negated is destroyed.
 */
export const afterTargetingResolved: TaskHandler = (game, task) => {
  game.popTask(task);
  const targeted = (task.targeted as TargetRef[] | undefined) ?? [];
  for (const { obj: id, inc } of targeted) {
    const obj = game.state.objects[id];
    if (!obj || obj.inc !== inc || obj.faceDown || game.state.zones[obj.zone]!.kind !== "monster") continue;
    if (!staticOf(game, obj, "destroyedAfterTargeting")) continue;
    if (game.effects("negateEffects").some((d) => isOn(d.effect.target, obj.id, obj.inc))) continue;
    game.move(obj, zoneId("graveyard", obj.owner), {
      event: "destroy",
      // Its own Continuous Effect destroys it.
      cause: {
        kind: "effect",
        player: obj.controller,
        obj: obj.id,
        inc: obj.inc,
        card: obj.card,
        name: game.card(obj).name,
      },
    });
  }
};

function isOn(target: unknown, id: string, inc: number): boolean {
  const t = target as { obj?: string; inc?: number } | undefined;
  return t?.obj === id && t.inc === inc;
}
