/**
 * Trigger Effects (FLIP effects, "When this card is flipped face-up: You can …") become chain
 * links: the checkpoint builds a chain in the order of simultaneous effects — the turn player's
 * mandatory effects, the opponent's mandatory, the turn player's optional, the opponent's optional —
 * then both players may respond as to any chain. In the Damage Step they are activated in the timing
 * they trigger in, except the FLIP effects of the attacked monster flipped before damage calculation
 * and effects triggered during damage calculation: those wait until after damage calculation.
 */
import { costReasons, describeCondition } from "../../core/activation.js";
import { emit, openWindow } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import { cloneJson, type JsonObject } from "../../core/json.js";
import { evalCondition } from "../../core/match.js";
import type { TaskHandler } from "../../core/preset.js";
import { scriptTask } from "../../core/script.js";
import type { PendingAbility } from "../../core/types.js";
import { flippedForBattle } from "./attack.js";
import { activate, chainOf, inDamageStep } from "./chain.js";
import { answerHiddenTriggers, askHiddenTriggers, hiddenCard } from "./hidden-triggers.js";

/** The Damage Step's timings up to damage calculation. */
const BEFORE_CALCULATION = [
  "damageStep",
  "startOfDamageStep",
  "beforeDamageCalculation",
  "damageCalculation",
];

/**
 * Puts aside the pending effects that wait for "after damage calculation" (YG-T7): all of them
 * during damage calculation, and those the attacked monster's flip triggered before it. True when
 * none is left to activate now.
 */
function holdTriggers(game: Game): boolean {
  const state = game.state;
  const node = state.clock.path.at(-1) ?? "";
  if (!BEFORE_CALCULATION.includes(node)) return state.pending.length === 0;
  const calculating = node === "damageCalculation";
  const wait = state.pending.filter((p) => calculating || flippedForBattle(game, p.event));
  if (wait.length > 0) {
    const held = (state.vars.heldTriggers as unknown as PendingAbility[] | undefined) ?? [];
    held.push(...wait);
    state.vars.heldTriggers = held as unknown as JsonObject[];
    state.pending = state.pending.filter((p) => !wait.includes(p));
  }
  return state.pending.length === 0;
}

function segocRank(game: Game, p: PendingAbility): number {
  const optional = game.ability(p.card, p.ability).optional === true;
  const turnPlayer = p.controller === game.state.clock.turn.player;
  return (optional ? 2 : 0) + (turnPlayer ? 0 : 1);
}

/**
 * "During the End Phase"-style effects (triggered as a phase begins) are processed player by
 * player, the turn player first (RULINGS YG-T10: the turn player has priority): each player's go
 * on a chain of their own.
 */
const phaseTimed = (p: PendingAbility): boolean => p.eventData.type === "nodeBegin";

/** The next pending effect to put on the chain: SEGOC order, then the order they triggered. */
function nextPending(game: Game, phasePlayer?: number): PendingAbility | undefined {
  let best: PendingAbility | undefined;
  for (const p of game.state.pending) {
    if (phasePlayer !== undefined && (p.controller !== phasePlayer || !phaseTimed(p))) continue;
    if (!best || segocRank(game, p) < segocRank(game, best)) best = p;
  }
  return best;
}

function take(game: Game, p: PendingAbility): void {
  const list = game.state.pending;
  list.splice(list.indexOf(p), 1);
}

/** Is the card still where it was when the effect triggered? */
function stillThere(game: Game, p: PendingAbility): boolean {
  return game.state.objects[p.obj]?.inc === p.inc;
}

const LEFT = "the card is no longer where it was when the effect triggered";

/**
 * Why a trigger effect can't be activated now, or nothing: the card left where it triggered, its
 * condition doesn't hold, or a cost can't be paid — a target it needs is missing (the rulebook's
 * targets and costs; the kernel's `feasible` of each cost op).
 */
function whyNotActivated(game: Game, p: PendingAbility): string[] {
  if (!stillThere(game, p)) return [LEFT];
  const ability = game.ability(p.card, p.ability);
  const obj = game.state.objects[p.obj]!;
  if (
    ability.condition &&
    !evalCondition(game, ability.condition, { controller: p.controller, obj, event: p.eventData })
  )
    return [`its condition does not hold: ${describeCondition(game, ability.condition)}`];
  const ref = { obj, card: game.rules.card(p.card), ability, controller: p.controller };
  return costReasons(game, ref, p.controller).map((r) => r.text);
}

/** A trigger effect that can't be activated is not: it leaves the pending effects, said with why. */
function cannotActivate(game: Game, p: PendingAbility, why: string[]): void {
  emit(game, {
    type: "cannotActivate",
    player: p.controller,
    obj: p.obj,
    card: p.card,
    name: game.rules.card(p.card).name,
    data: { ability: p.ability, pending: p.id, reasons: why },
  });
}

export const ygoTriggers: TaskHandler = (game, task) => {
  const state = game.state;
  if (task.answer && task.window !== undefined) {
    answerHiddenTriggers(game, task);
    return;
  }
  if (task.answer) {
    const yes = task.answer.id === "activate";
    task.answer = undefined;
    const p = state.pending.find((x) => x.id === task.current);
    if (p) {
      take(game, p);
      if (!yes)
        emit(game, {
          type: "decline",
          player: p.controller,
          obj: p.obj,
          card: p.card,
          name: game.rules.card(p.card).name,
          data: { ability: p.ability, pending: p.id },
        });
      else if (stillThere(game, p)) activate(game, p.controller, p.obj, p.ability);
      else cannotActivate(game, p, [LEFT]);
    }
    return;
  }
  // Players who could hold a trigger effect in a hidden zone are asked first, privately.
  if (!game.over && state.hiddenResponses.length > 0) {
    askHiddenTriggers(game, task);
    return;
  }
  if (game.over || state.pending.length === 0) {
    game.popTask(task);
    return;
  }
  // YG rulebook: Damage Step — Konami's Damage Step rules: trigger effects are activated in the
  // timing they trigger in ("at the start of the Damage Step" ones at its start), except the
  // attacked monster's effects triggered by its flip before damage calculation (FLIP) and effects
  // triggered during damage calculation: those wait for "after damage calculation".
  if (inDamageStep(game) && holdTriggers(game)) {
    game.popTask(task);
    return;
  }
  // Lingering effects applied later ("During the End Phase of this turn, …": the kernel's delayed
  // abilities) are applied, not activated: no chain link, nothing to respond to.
  const lingering = state.pending.filter((p) => game.ability(p.card, p.ability).kind === "delayed");
  if (lingering.length > 0) {
    state.pending = state.pending.filter((p) => !lingering.includes(p));
    for (const p of lingering.reverse()) {
      const effect = game.ability(p.card, p.ability).effect ?? [];
      const ctx = {
        controller: p.controller,
        source: p.obj,
        sourceInc: p.inc,
        card: p.card,
        ability: p.ability,
      };
      game.pushTask(scriptTask(effect, ctx, cloneJson(p.vars ?? {})));
    }
    return;
  }
  if (!chainOf(game)) {
    // A new chain: its responses come once every simultaneous effect is on it.
    game.popTask(task);
    openWindow(game, "chain");
    state.vars.chain = { links: [], next: state.clock.turn.player, passes: 0 };
    game.pushTask({ t: "ygo.chain" });
    const first = nextPending(game)!;
    game.pushTask({ t: "ygo.triggers", ...(phaseTimed(first) ? { phasePlayer: first.controller } : {}) });
    return;
  }
  const p = nextPending(game, task.phasePlayer === undefined ? undefined : Number(task.phasePlayer));
  if (!p) {
    game.popTask(task); // the rest go on the next chain
    return;
  }
  const ability = game.ability(p.card, p.ability);
  const why = whyNotActivated(game, p);
  if (why.length > 0) {
    take(game, p);
    cannotActivate(game, p, why);
    return;
  }
  // YG Missing the timing: an optional effect worded "When … you can" (`timing: when`) is activated
  // only if what triggered it was the last thing to happen; a chain link that resolved after it
  // (its trigger was a cost, or happened in an earlier link's resolution) makes it miss the timing.
  // "If … you can" effects and mandatory ones never miss it.
  if (ability.optional && ability.timing === "when" && p.event <= Number(state.vars.resolvingSince ?? -1)) {
    take(game, p);
    emit(game, {
      type: "missedTiming",
      player: p.controller,
      obj: p.obj,
      card: p.card,
      name: game.rules.card(p.card).name,
      data: { ability: p.ability, pending: p.id },
    });
    return;
  }
  // Two copies triggered together under one "only once per turn": the first activated uses it up.
  const limit = game.canUse(p.obj, p.ability, { player: p.controller });
  if (!limit.ok) {
    take(game, p);
    emit(game, {
      type: "limitRefused",
      player: p.controller,
      obj: p.obj,
      card: p.card,
      name: game.rules.card(p.card).name,
      data: { ability: p.ability, pending: p.id, reason: limit.reason, at: "activation" },
    });
    return;
  }
  // Already chosen privately (a card only its controller sees): activated now, no second question.
  if (ability.optional && p.answered !== "use") {
    task.current = p.id;
    const name = game.rules.card(p.card).name;
    const hidden = hiddenCard(game, p);
    game.ask({
      player: p.controller,
      kind: "trigger",
      about: p.obj,
      ...(hidden
        ? { private: true, publicPrompt: `${game.playerName(p.controller)} may activate an effect` }
        : {}),
      prompt: `${name}: activate its effect${ability.text ? ` (“${ability.text}”)` : ""}?`,
      options: [
        { id: "activate", label: `Activate ${name}'s effect` },
        { id: "decline", label: "Don't activate it", pass: true },
      ],
    });
    return;
  }
  take(game, p);
  activate(game, p.controller, p.obj, p.ability);
};

/** "After damage calculation": effects held from earlier in the Damage Step become pending again. */
export const releaseHeldTriggers: TaskHandler = (game, task) => {
  game.popTask(task);
  const held = game.state.vars.heldTriggers as unknown as PendingAbility[] | undefined;
  if (!held?.length) return;
  game.state.pending.push(...held);
  delete game.state.vars.heldTriggers;
};
