/**
 * Priority and the stack (CR 117, 405, 601, 608). The active player receives priority first;
 * a player who acts keeps priority (CR 117.3c); when all players pass in succession, the top of
 * the stack resolves and the active player gets priority again (CR 117.3b), or, with an empty
 * stack, the step or phase ends (CR 500.2). Before a player would receive priority, state-based
 * actions are checked and waiting triggered abilities go on the stack, APNAP (CR 117.5, 603.3b).
 */

import { costReasons } from "../../core/activation.js";
import { appendOptions } from "../../core/bounds.js";
import { IllegalActionError } from "../../core/errors.js";
import type { Game } from "../../core/game.js";
import type { Json } from "../../core/json.js";
import { cloneJson } from "../../core/json.js";
import { abilityLabel } from "../../core/labels.js";
import { zoneId } from "../../core/objects.js";
import { type ArgSpec, type ScriptTask, scriptTask, varsOf } from "../../core/script.js";
import { pendingOptionId } from "../../core/triggers.js";
import type { DecisionOption, GameObject, PendingAbility, PlayerId, Task } from "../../core/types.js";
import type { Op } from "../../core/vocabulary/schema.js";
import { mayPlayLand, whyNotPlayLand } from "./action-limits.js";
import { activateAbility, activateOptions, castOptions, castSpell } from "./activation.js";
import { auraSpellResolves, enterAttached } from "./attachments.js";
import { enteredBattlefield } from "./entering.js";
import { activateManaAbility, manaOptions } from "./mana.js";
import { apnap, battlefield, inGame, type StackItem, stack, waiting } from "./state.js";
import { isTargetOp, playerTargetReasons, targetsStillLegal } from "./targets.js";

/**
 * What a player may do with priority besides passing: play a land, and the spells and abilities
 * `canActivate` allows (activation.ts), so the options and `whyNot` never disagree.
 */
export function priorityActions(game: Game, p: PlayerId): DecisionOption[] {
  // Nothing changes while options are listed: derived facts (available mana, attachments) once.
  return game.withMemo(() => buildPriorityActions(game, p));
}

function buildPriorityActions(game: Game, p: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  // CR 305.2, 305.2a: as many lands as the player may play this turn, at sorcery timing.
  if (mayPlayLand(game, p))
    for (const o of game.cardsIn("hand", p)) {
      const card = game.card(o);
      if (card.types.includes("land")) out.push({ id: `land:${game.ref(o)}`, label: `Play ${card.name}` });
    }
  appendOptions(out, castOptions(game, p), "spells to cast");
  appendOptions(out, activateOptions(game, p), "abilities to activate");
  // Mana abilities of any permanent (CR 605.3a): activated whenever a player has priority.
  appendOptions(out, manaOptions(game, p), "mana abilities");
  return out;
}

function ownCard(game: Game, p: PlayerId, id: string, zone: string): GameObject {
  const obj = game.byHandle(id);
  if (!obj || obj.controller !== p || game.state.zones[obj.zone]!.kind !== zone)
    throw new IllegalActionError(`${id} is not a card in ${game.playerName(p)}'s ${zone}`);
  return obj;
}

/** Does what a priority option says. Validated before anything changes. */
export function performPriorityAction(game: Game, p: PlayerId, id: string): void {
  const [verb, objId = "", ...rest] = id.split(":");
  const abilityId = rest.join(":"); // a cast's target and X (`cast:c5:P2:X=3`), or an ability
  if (verb === "mana") {
    activateManaAbility(game, p, ownCard(game, p, objId, "battlefield"), abilityId);
    return;
  }
  if (verb === "land") {
    const obj = ownCard(game, p, objId, "hand");
    const why = whyNotPlayLand(game, p);
    if (why) throw new IllegalActionError(`${game.card(obj).name} can't be played: ${why}`);
    if (!game.card(obj).types.includes("land"))
      throw new IllegalActionError(`${game.card(obj).name} is not a land`);
    // CR 603.6a: a land played enters the battlefield like any other permanent: the zone change
    // is a `move` event ("whenever a land enters" triggers on it), then the play itself is noted.
    game.move(obj, battlefield(p));
    enteredBattlefield(game, obj); // a land Saga's lore counter (CR 714.3a), counters it enters with
    game.emit({
      type: "playLand",
      player: p,
      obj: obj.id,
      inc: obj.inc,
      card: obj.card,
      name: game.card(obj).name,
    });
    return;
  }
  if (verb === "cast") {
    castSpell(game, p, ownCard(game, p, objId, "hand"), abilityId);
    return;
  }
  if (verb === "activate") {
    activateAbility(game, p, objId, abilityId);
    return;
  }
  throw new IllegalActionError(`unknown action "${id}"`);
}

const triggerLabel = (game: Game, pa: PendingAbility): string =>
  `${game.rules.card(pa.card).name}: ${abilityLabel(game.ability(pa.card, pa.ability), pa.ability, 400)}`;

/** Whether triggered abilities wait to be put on the stack. */
export function triggersWaiting(game: Game): boolean {
  return waiting(game).length + game.state.pending.length > 0;
}

/**
 * Puts a triggered ability on the stack. CR 603.3d: its targets are chosen now; if it has none
 * legal, it is removed instead. Returns true when a choice of targets was started (the caller
 * waits for it: the ability goes on the stack as it ends).
 */
function pushAbility(game: Game, pa: PendingAbility): boolean {
  const ability = game.rules.ability(pa.card, pa.ability);
  const targets = (ability.cost ?? []).filter(isTargetOp);
  if (targets.length === 0 || pa.vars) {
    placeAbility(game, pa);
    return false;
  }
  const obj = game.state.objects[pa.obj]!;
  const ref = { obj, card: game.rules.card(pa.card), ability, controller: pa.controller };
  const none = [
    ...costReasons(game, ref, pa.controller).filter((r) => r.kind === "target"),
    ...playerTargetReasons(game, ability.cost, pa.controller),
  ];
  if (none.length > 0) {
    game.emit({
      type: "fizzle",
      player: pa.controller,
      obj: pa.obj,
      name: game.rules.card(pa.card).name,
      data: {
        ability: pa.ability,
        reason: `removed as it would go on the stack (CR 603.3d): ${none[0]!.text}`,
      },
    });
    return false;
  }
  const ctx = {
    controller: pa.controller,
    source: pa.obj,
    sourceInc: pa.inc,
    card: pa.card,
    ability: pa.ability,
    event: pa.eventData,
  };
  // The frame starts with what the pending ability remembers (a delayed trigger's `$it`); targets are added to it.
  game.pushTask(
    scriptTask(
      [...targets, { op: "mtg.triggerOnStack", pending: pa as unknown as Json }],
      ctx,
      pa.vars ? cloneJson(pa.vars) : {},
    ),
  );
  return true;
}

/** Ends a triggered ability's target choice: it goes on the stack with them (CR 603.3d). */
export const triggerOnStackOp = {
  doc: "(Internal) puts the triggered ability whose targets were just chosen on the stack.",
  args: {
    pending: {
      type: "json",
      required: true,
      doc: "The pending triggered ability (the kernel's PendingAbility).",
    },
  } satisfies Record<string, ArgSpec>,
  run(game: Game, op: Op, frame: ScriptTask): "next" {
    const pa = cloneJson(op.pending as unknown as PendingAbility);
    pa.vars = cloneJson(varsOf(game, frame));
    placeAbility(game, pa);
    return "next";
  },
};

function placeAbility(game: Game, pa: PendingAbility): void {
  stack(game).push({
    kind: "ability",
    pending: pa,
    controller: pa.controller,
    label: triggerLabel(game, pa),
  });
  game.emit({
    type: "putOnStack",
    player: pa.controller,
    obj: pa.obj,
    name: game.rules.card(pa.card).name,
    data: { ability: pa.ability },
  });
}

/**
 * CR 117.5, 603.3b: waiting triggered abilities go on the stack, the active player's first (so
 * they resolve last); each player puts theirs in the order they choose.
 */
export function runTriggersToStack(game: Game, task: Task): void {
  if (!Array.isArray(task.items)) {
    task.items = [...waiting(game), ...game.state.pending] as unknown as Json;
    game.state.vars.waiting = [];
    game.state.pending = [];
  }
  const items = task.items as unknown as PendingAbility[];
  if (task.answer) {
    const id = task.answer.id;
    task.answer = undefined;
    const i = items.findIndex((pa) => pendingOptionId(game, pa, items) === id);
    if (pushAbility(game, items.splice(i, 1)[0]!)) return;
  }
  for (const p of apnap(game)) {
    const mine = items.filter((pa) => pa.controller === p);
    if (mine.length === 0) continue;
    // One ability, or the same ability of the same object several times: no order to choose.
    if (mine.every((pa) => pa.obj === mine[0]!.obj && pa.ability === mine[0]!.ability)) {
      for (const pa of mine) {
        items.splice(items.indexOf(pa), 1);
        if (pushAbility(game, pa)) return; // its targets first; the rest when this task runs again
      }
      continue;
    }
    game.ask({
      player: p,
      kind: "orderTriggers",
      prompt:
        "Put your triggered abilities on the stack: choose the next one (the last one put resolves first)",
      options: mine.map((pa) => ({ id: pendingOptionId(game, pa, mine), label: triggerLabel(game, pa) })),
    });
    return;
  }
  game.popTask(task);
}

/** Resolves the top object of the stack (CR 608). */
function resolveTop(game: Game): void {
  const item = stack(game).pop() as StackItem;
  if (item.kind === "ability") {
    if (item.activated) resolveActivated(game, item);
    else game.pushTask({ t: "resolve", pending: item.pending });
    return;
  }
  const obj = game.obj(item.obj);
  const card = game.card(obj);
  if (card.types.includes("instant") || card.types.includes("sorcery")) {
    // CR 608.2n: the spell goes to its owner's graveyard as the last step of its resolution.
    game.pushTask({ t: "mtg.toGraveyard", obj: obj.id });
    const ctx = {
      controller: item.controller,
      source: obj.id,
      sourceInc: obj.inc,
      card: obj.card,
      ability: "spell",
    };
    const vars = item.vars ?? {};
    // CR 608.2b: a spell whose every target is illegal doesn't resolve; otherwise illegal targets are left alone.
    if (!targetsStillLegal(game, vars, ctx)) {
      game.emit({
        type: "fizzle",
        player: item.controller,
        obj: obj.id,
        name: card.name,
        data: { reason: `${card.name}: its target is no longer legal (CR 608.2b)` },
      });
      return;
    }
    game.emit({ type: "resolveSpell", player: item.controller, obj: obj.id, name: card.name });
    const effect = card.abilities?.find((a) => a.id === "spell")?.effect ?? [];
    game.pushTask(scriptTask(effect, ctx, vars));
    return;
  }
  // CR 608.3b: an Aura spell whose target is illegal doesn't resolve (attachments.ts).
  if (!auraSpellResolves(game, item)) return;
  // CR 608.3: a permanent spell enters the battlefield under its controller's control.
  game.emit({ type: "resolveSpell", player: item.controller, obj: obj.id, name: card.name });
  const moved = game.obj(obj.id);
  game.move(moved, battlefield(item.controller));
  enteredBattlefield(game, moved); // CR 306.5b, 614.1c, 714.3a
  enterAttached(game, moved, item); // CR 303.4b: an Aura enters attached to its target
}

/**
 * An activated ability resolves with the targets chosen as it was activated (CR 608.2b: if every
 * target is illegal now it doesn't resolve; otherwise illegal ones are left alone).
 */
function resolveActivated(game: Game, item: Extract<StackItem, { kind: "ability" }>): void {
  const pa = item.pending;
  const name = game.rules.card(pa.card).name;
  const ctx = {
    controller: pa.controller,
    source: pa.obj,
    sourceInc: pa.inc,
    card: pa.card,
    ability: pa.ability,
    pending: pa.id,
  };
  const vars = item.vars ?? {};
  const base = { player: pa.controller, obj: pa.obj, inc: pa.inc, card: pa.card, name };
  if (!targetsStillLegal(game, vars, ctx)) {
    game.emit({
      type: "fizzle",
      ...base,
      data: { ability: pa.ability, reason: `${name}: its target is no longer legal (CR 608.2b)` },
    });
    return;
  }
  game.emit({ type: "resolve", ...base, data: { ability: pa.ability, pending: pa.id } });
  const effect = game.ability(pa.card, pa.ability).effect ?? [];
  if (effect.length) game.pushTask(scriptTask(effect, ctx, vars));
}

export interface PriorityTask extends Task {
  t: "mtg.priority";
  player?: PlayerId;
  passes?: number;
}

function nextPlayer(game: Game, p: PlayerId): PlayerId {
  const n = game.state.players.length;
  for (let k = 1; k <= n; k++) {
    const q = (p + k) % n;
    if (inGame(game, q)) return q;
  }
  return p;
}

/** The priority interaction of a step or phase. */
export function runPriority(game: Game, task: Task): void {
  const t = task as PriorityTask;
  const ap = game.state.clock.turn.player;
  // CR 800.4a: if the player who would get priority left the game, it passes to the next player
  // in turn order still in the game (from the active player, if they left).
  if (t.player === undefined) t.player = inGame(game, ap) ? ap : nextPlayer(game, ap);
  else if (!inGame(game, t.player)) t.player = nextPlayer(game, t.player);
  t.passes ??= 0;
  if (t.answer) {
    const id = t.answer.id;
    t.answer = undefined;
    if (id === "pass") {
      t.passes += 1;
      const alive = apnap(game).length;
      if (t.passes < alive) {
        t.player = nextPlayer(game, t.player);
        return;
      }
      t.passes = 0;
      if (stack(game).length === 0) {
        game.popTask(t); // CR 500.2: all passed with an empty stack: the step ends.
        return;
      }
      t.player = inGame(game, ap) ? ap : nextPlayer(game, ap); // CR 117.3b (800.4a: the active player may have left)
      resolveTop(game);
      return;
    }
    t.passes = 0; // CR 117.3c: the acting player receives priority again.
    performPriorityAction(game, t.player, id);
    return;
  }
  if (game.state.result) return;
  // CR 117.5: state-based actions are performed whenever a player would receive priority (the
  // kernel runs them before every priority decision: sba.ts) — and before waiting triggered
  // abilities go on the stack, so that abilities triggered by them go on with the others.
  if (triggersWaiting(game)) {
    if (game.checkState()) return;
    game.pushTask({ t: "mtg.triggersToStack" });
    return;
  }
  const p = t.player;
  const options = priorityActions(game, p);
  options.push({
    id: "pass",
    label: stack(game).length ? "Pass priority" : "Pass priority (end the step)",
    pass: true,
  });
  game.ask({
    player: p,
    kind: "priority",
    prompt: stack(game).length ? `Priority (stack: ${topLabel(game)})` : "Priority",
    options,
  });
}

function topLabel(game: Game): string {
  const top = stack(game)[stack(game).length - 1]!;
  return top.kind === "spell" ? game.card(game.obj(top.obj)).name : top.label;
}

/** The preset checkpoint: abilities that triggered go wait for the next priority (CR 117.5, 502.4). */
export function runCheckpoint(game: Game, task: Task): void {
  waiting(game).push(...game.state.pending);
  game.state.pending = [];
  game.popTask(task);
}

export function runToGraveyard(game: Game, task: Task): void {
  game.popTask(task);
  const obj = game.obj(String(task.obj));
  if (game.state.zones[obj.zone]!.kind === "stack") game.move(obj, zoneId("graveyard", obj.owner));
}
