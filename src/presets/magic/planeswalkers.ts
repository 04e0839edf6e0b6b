/**
 * Planeswalkers (CR 306, 606): loyalty, loyalty abilities and what damage does to them.
 *
 * - A planeswalker enters the battlefield with loyalty counters equal to its printed loyalty
 *   (`stats.loyalty`, CR 306.5b); its loyalty is the number of them (CR 306.5b).
 * - A loyalty ability (planeswalker-cards.ts `loyaltyAbility`) is an activated ability whose cost adds or removes loyalty
 *   counters (CR 606.4); one with a negative cost needs that many counters (CR 606.6, the kernel's
 *   `addCounter` cost check). It may be activated only at sorcery speed and only if no loyalty
 *   ability of that permanent was activated this turn (CR 606.3): one limit shared by the
 *   permanent's loyalty abilities (key incarnation, group "loyalty": a permanent that left and came
 *   back is a new object, CR 400.7). Activation uses it up, even if the ability is then countered.
 * - Damage dealt to a planeswalker removes that many loyalty counters (CR 120.3c); a planeswalker
 *   with 0 loyalty is put into its owner's graveyard (CR 704.5i, sba.ts).
 * - Creatures may attack planeswalkers (CR 506.3, 508.1b, combat.ts); "any target" includes them
 *   (CR 115.4, targets.ts).
 * - The legend rule (CR 704.5j) for legendary permanents, planeswalkers or not.
 */
import { DefinitionError } from "../../core/errors.js";
import type { Game } from "../../core/game.js";
import { zoneId } from "../../core/objects.js";
import type { GameObject, PlayerId, Task } from "../../core/types.js";
import type { LimitSpec } from "../../core/vocabulary/schema.js";
import { isType, nameOf } from "./state.js";

export const LOYALTY = "loyalty";

/** CR 606.3: once each turn, among all of one permanent's loyalty abilities. */
export const LOYALTY_LIMIT: LimitSpec = {
  counts: "use",
  key: "incarnation",
  group: LOYALTY,
  window: "turn",
  label: "one loyalty ability of this permanent each turn",
};

export const isPlaneswalker = (game: Game, o: GameObject): boolean => isType(game, o, "planeswalker");

export const loyaltyOf = (o: GameObject): number => o.counters[LOYALTY] ?? 0;

/** CR 306.5b: the printed loyalty a planeswalker enters the battlefield with. */
export function printedLoyalty(game: Game, o: GameObject): number {
  if (!isPlaneswalker(game, o)) return 0;
  const card = game.card(o);
  const n = card.stats?.loyalty ?? 0;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0)
    throw new DefinitionError(`${card.name}: stats.loyalty must be a whole number, not ${JSON.stringify(n)}`);
  return n;
}

/** A legendary permanent (`stats.supertypes` includes "Legendary", CR 205.4d). */
export function isLegendary(game: Game, o: GameObject): boolean {
  const s = game.card(o).stats?.supertypes;
  return Array.isArray(s) && s.includes("Legendary");
}

const LEGEND_TASK = "mtg.legendRule";

/** A legend-rule choice is waiting (the other state-based actions wait for it: sba.ts). */
export const legendChoicePending = (game: Game): boolean => game.state.tasks.some((t) => t.t === LEGEND_TASK);

/**
 * CR 704.5j, the legend rule: a player who controls two or more legendary permanents with the
 * same name chooses one, and the rest are put into their owners' graveyards. The choice is a task
 * (`mtg.legendRule`) asked before anyone receives priority; the state-based actions found with it
 * are performed right after it (sba.ts). Returns whether it found any.
 */
export function legendRule(game: Game, perms: readonly GameObject[]): boolean {
  const groups = new Map<string, GameObject[]>();
  for (const o of perms) {
    if (!isLegendary(game, o)) continue;
    const key = `${o.controller}\u0000${nameOf(game, o)}`;
    const g = groups.get(key) ?? [];
    g.push(o);
    groups.set(key, g);
  }
  let found = false;
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    game.pushTask({
      t: LEGEND_TASK,
      player: g[0]!.controller,
      name: nameOf(game, g[0]!),
      objs: g.map((o) => o.id),
    });
    found = true;
  }
  return found;
}

/** The legend rule's choice: which one to keep; the others go to their owners' graveyards. */
const legendRuleTask = (game: Game, task: Task): void => {
  const player = task.player as PlayerId;
  const name = String(task.name);
  const left = (task.objs as string[])
    .map((id) => game.state.objects[id])
    .filter(
      (o): o is GameObject =>
        o !== undefined &&
        game.state.zones[o.zone]!.kind === "battlefield" &&
        o.controller === player &&
        nameOf(game, o) === name,
    );
  if (left.length < 2) {
    game.popTask(task);
    return;
  }
  if (!task.answer) {
    game.ask({
      player,
      kind: "legendRule",
      prompt: `Legend rule: choose the ${name} to keep; the others go to the graveyard`,
      // Told apart by when each entered the battlefield (the handle is in the id).
      options: left.map((o, i) => ({
        id: `keep:${game.ref(o)}`,
        label: `Keep ${name} #${i + 1} (entered on turn ${o.enteredTurn})`,
      })),
    });
    return;
  }
  const kept = game.obj(task.answer.id.slice(5));
  task.answer = undefined;
  game.popTask(task);
  game.simultaneously(() => {
    for (const o of left)
      if (o !== kept)
        game.move(o, zoneId("graveyard", o.owner), {
          event: "dies",
          cause: { kind: "rule" },
          data: { reason: "legend rule (CR 704.5j)", shown: name },
        });
  });
};

export const planeswalkerTasks: Record<string, (game: Game, task: Task) => void> = {
  [LEGEND_TASK]: legendRuleTask,
};
