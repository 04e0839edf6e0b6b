/**
 * Activating abilities in the lab: limits are checked and used up on activation, costs are paid,
 * the opponent may respond once (negating the activation or only its effect), then the ability
 * resolves. A small chain, enough to tell "use" from "activate" limits (RULINGS YG-1.2, YG-2.4).
 */

import type { ActivationRules } from "../../core/activation.js";
import { activationOptions as kernelActivationOptions } from "../../core/activation.js";
import { currentNode } from "../../core/clock.js";
import { EngineError } from "../../core/errors.js";
import { closeWindow, emit, openWindow } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import { cloneJson, type JsonObject } from "../../core/json.js";
import { type AbilityRef, chargeLimits, checkLimits, usedUpOf } from "../../core/limits.js";
import { type OpHandler, scriptTask, varsOf } from "../../core/script.js";
import type { DecisionOption, PlayerId, Task } from "../../core/types.js";

/** Timings: main (default), battle, response (only while answering an activation), attack (during an attack). */
export type Timing = "main" | "battle" | "response" | "attack";

export interface ChainLink extends JsonObject {
  id: number;
  obj: string;
  inc: number;
  card: string;
  ability: string;
  controller: PlayerId;
  /** The link this one was activated in response to (its negate ops act on that one). */
  respondsTo: number | null;
}

export interface ChainTask extends Task {
  t: "lab.chain";
  link: ChainLink;
  /** What the cost chose (`as:` names), handed to the effect as it resolves (set by `lab.paid`). */
  vars?: JsonObject;
  stage: "respond" | "resolve";
  outermost: boolean;
}

function timingOf(ref: AbilityRef): Timing {
  return (ref.ability.timing as Timing | undefined) ?? "main";
}

/** The chain link being responded to now, if any (its task is on the engine's stack). */
function linkRespondedTo(game: Game): ChainLink | undefined {
  const id = game.state.vars.respondingTo;
  if (typeof id !== "number") return undefined;
  for (const t of game.state.tasks)
    if (t.t === "lab.chain" && (t as ChainTask).link.id === id) return (t as ChainTask).link;
  return undefined;
}

/**
 * The timings open now and who may use them: an answer to an activation (the opponent of the
 * link's controller), an attack in progress (the defending player), the battle phase (main and
 * battle timings) or the main phase (main timing) of the active player.
 */
export function openTimings(game: Game, player: PlayerId): { open: Timing[]; why?: string } {
  const clock = game.state.clock;
  const link = linkRespondedTo(game);
  if (link)
    return link.controller === player
      ? { open: [], why: "only the opponent may respond to this activation" }
      : { open: ["response"] };
  const active = clock.turn.player;
  if (clock.path.includes("attack"))
    return player === active
      ? { open: [], why: "during an attack only the defending player may activate" }
      : { open: ["attack"] };
  const node = currentNode(clock);
  const open: Timing[] = node === "battle" ? ["main", "battle"] : node === "main" ? ["main"] : [];
  if (open.length > 0 && player !== active)
    return { open: [], why: "only the active player may activate now" };
  return { open };
}

/** The lab's part of legal activation: an ability's timing must be open now (activation.ts in the kernel). */
export const labActivation: ActivationRules = {
  timing(game, ref, player) {
    const t = timingOf(ref);
    const { open, why } = openTimings(game, player);
    if (open.includes(t)) return null;
    return `a ${t}-timing ability: ${why ?? (open.length ? `now only ${open.join(" or ")} timing is open` : "no activation window is open now")}`;
  },
};

/**
 * Activated abilities `player` may activate now: the kernel's list, from `canActivate` (zone,
 * face-down, timing, condition, limits, costs), so what is offered and what `whyNot` explains never
 * disagree.
 */
export const activationOptions = (game: Game, player: PlayerId): DecisionOption[] =>
  kernelActivationOptions(game, player);

/** Activates from an option id "activate:<obj>:<ability>": limits, event, costs, then the chain task. */
export function activate(game: Game, player: PlayerId, optionId: string): void {
  const [, objId, abilityId] = optionId.split(":");
  const ref = game.abilityRef(objId!, abilityId!);
  game.useLimits(ref); // RULINGS YG-1.2: a "use" limit counts even if the activation is then negated.
  const vars = game.state.vars;
  const outermost = !("chain" in game.state.clock.windows);
  if (outermost) openWindow(game, "chain");
  const link: ChainLink = {
    id: ((vars.linkSeq as number | undefined) ?? 0) + 1,
    obj: ref.obj.id,
    inc: ref.obj.inc,
    card: ref.obj.card,
    ability: ref.ability.id,
    controller: player,
    respondsTo: !outermost && typeof vars.respondingTo === "number" ? vars.respondingTo : null,
  };
  vars.linkSeq = link.id;
  emit(game, {
    type: "activate",
    player,
    obj: ref.obj.id,
    inc: ref.obj.inc,
    card: ref.obj.card,
    name: ref.card.name,
    data: { ability: ref.ability.id, link: link.id },
  });
  game.pushTask({ t: "lab.chain", link, stage: "respond", outermost } satisfies ChainTask);
  // The cost ends with lab.paid, which keeps its variables for the effect ("discard a card: … the
  // discarded card" — a choice made paying the cost is the effect's to read).
  if (ref.ability.cost?.length)
    game.pushTask(
      scriptTask([...ref.ability.cost, { op: "lab.paid" }], {
        controller: player,
        source: ref.obj.id,
        sourceInc: ref.obj.inc,
        card: ref.obj.card,
        ability: ref.ability.id,
      }),
    );
}

function linkRef(game: Game, link: ChainLink): AbilityRef {
  const obj = game.state.objects[link.obj]!;
  const card = game.rules.card(link.card);
  return { obj, card, ability: game.rules.ability(link.card, link.ability), controller: link.controller };
}

/** What happened to a link: set by the negate ops. */
export function linkStatus(game: Game, linkId: number): string | undefined {
  const s = game.state.vars.linkStatus as JsonObject | undefined;
  return s?.[String(linkId)] as string | undefined;
}

export function setLinkStatus(
  game: Game,
  linkId: number,
  status: "activationNegated" | "effectNegated",
): void {
  const vars = game.state.vars;
  const s = (vars.linkStatus as JsonObject | undefined) ?? {};
  s[String(linkId)] = status;
  vars.linkStatus = s;
}

export function runChainTask(game: Game, task: Task): void {
  const t = task as ChainTask;
  const link = t.link;
  if (t.stage === "respond") {
    const responder = opponentOf(game, link.controller);
    if (task.answer) {
      const id = task.answer.id;
      delete task.answer;
      t.stage = "resolve";
      if (id !== "pass") {
        game.state.vars.respondingTo = link.id;
        activate(game, responder, id);
      }
      return;
    }
    // Responding to this link: the response timing is open for the responder (openTimings).
    game.state.vars.respondingTo = link.id;
    const options = activationOptions(game, responder);
    // Asked with a usable response or not, so the question tells the opponent nothing.
    if (options.length === 0 && game.state.options.leakyFastPath === true) {
      t.stage = "resolve";
      return;
    }
    options.push({ id: "pass", label: "Don't respond", pass: true });
    game.ask({
      player: responder,
      kind: "respond",
      prompt: `Respond to ${game.rules.card(link.card).name}?`,
      private: true,
      options,
    });
    return;
  }
  resolveLink(game, t);
}

function opponentOf(game: Game, p: PlayerId): PlayerId {
  return game.opponents(p)[0]!;
}

function resolveLink(game: Game, t: ChainTask): void {
  const link = t.link;
  const ref = linkRef(game, link);
  const status = linkStatus(game, link.id);
  const base = {
    player: link.controller,
    obj: link.obj,
    inc: link.inc,
    card: link.card,
    name: ref.card.name,
  };
  game.popTask(t);
  if (t.outermost) {
    closeWindow(game, "chain");
    delete game.state.vars.linkStatus;
    delete game.state.vars.respondingTo;
  }
  if (status === "activationNegated") {
    emit(game, { type: "negated", ...base, data: { ability: link.ability, what: "activation" } });
    return;
  }
  if (status === "effectNegated") {
    emit(game, { type: "negated", ...base, data: { ability: link.ability, what: "effect" } });
    return;
  }
  const v = checkLimits(game, ref, (s) => usedUpOf(s) === "resolution");
  if (!v.ok) {
    emit(game, { type: "fizzle", ...base, data: { ability: link.ability, reason: v.reason } });
    return;
  }
  chargeLimits(game, ref, "resolution");
  // Its effect acts on the link it responded to (negateActivation, negateEffect read respondingTo).
  if (link.respondsTo !== null) game.state.vars.respondingTo = link.respondsTo;
  emit(game, {
    type: "resolve",
    ...base,
    data: { ability: link.ability, ...(ref.ability.keyword ? { keyword: ref.ability.keyword } : {}) },
  });
  if (ref.ability.effect?.length)
    game.pushTask(
      scriptTask(
        ref.ability.effect,
        {
          controller: link.controller,
          source: link.obj,
          sourceInc: link.inc,
          card: link.card,
          ability: link.ability,
          ...(ref.ability.keyword ? { keyword: ref.ability.keyword } : {}),
        },
        { ...t.vars },
      ),
    );
}

/** The chain task an activation's cost frame belongs to: the nearest one below it on the task stack. */
function chainTaskBelow(game: Game, frame: Task): ChainTask {
  const tasks = game.state.tasks;
  for (let i = tasks.lastIndexOf(frame) - 1; i >= 0; i--)
    if (tasks[i]!.t === "lab.chain") return tasks[i] as ChainTask;
  throw new EngineError("lab.paid: no activation below this cost");
}

/** (Internal) ends a cost: its variables are kept on the chain link for the effect. */
export const paidOp: OpHandler = {
  doc: "(Internal) ends an activation's cost: the variables it set (`as:`) are kept for the effect.",
  args: {},
  run(game, _op, frame) {
    chainTaskBelow(game, frame).vars = cloneJson(varsOf(game, frame));
    return "next";
  },
};
