/**
 * Targets (CR 115) of spells and activated abilities: chosen as the spell is cast or the ability
 * is activated (CR 601.2c, 602.2b), recorded with the incarnation of each object (CR 400.7), and
 * checked again as it resolves (CR 608.2b): an illegal target is not affected; a spell or ability
 * whose every target is illegal doesn't resolve (`Preset.activation.illegalTargets: "fizzle"`).
 *
 * A spell or ability declares its target in its `cost` with the kernel's `choose … target: true`
 * (objects `from` a selector). A spell whose effect op targets by itself without a declared target
 * gets that op's target: `damageAnyTarget` any target (a creature, a planeswalker or a player, CR 115.4),
 * `pumpTarget` a creature. A spell's target is part of its cast option (`cast:c5:c9`,
 * `cast:c5:P2`); an ability's is a `choose` decision while it is being activated. Object targets
 * are kept in the kernel's record (`@targets`, `targetsOf`), player targets beside it (`@players`).
 */
import {
  becomeTargets,
  type Reason,
  recheckTargets,
  recordTargets,
  targetsOf,
} from "../../core/activation.js";
import type { Game } from "../../core/game.js";
import type { Json, JsonObject } from "../../core/json.js";
import { countSelected, isRelative, selectObjects } from "../../core/match.js";
import { causeOf } from "../../core/ops.js";
import { type EffectContext, type OpHandler, varsOf } from "../../core/script.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import type { AbilityDef, CardDef, Op, RelativePlayer, Selector } from "../../core/vocabulary/schema.js";
import { cardColours, colours, protectedFrom, protects } from "./protection.js";
import { hasKeyword, inGame, nameOf, phasedOut } from "./state.js";

/** What a spell or ability targets: objects matching `from` (none for a player target), and players too for "any target". */
export interface TargetSpec {
  as: string;
  from: Selector | null;
  players: boolean;
  /** Which players may be targeted, relative to the controller ("target opponent"); default any. */
  who?: RelativePlayer;
  /** Declared in the cost with the kernel's `choose … target: true` (the kernel checks it then). */
  declared: boolean;
}

/** One legal target: the cast option's suffix and label. */
export interface TargetChoice {
  suffix: string;
  label: string;
  obj?: GameObject;
  player?: PlayerId;
}

const CREATURES: Selector = { type: "creature", zone: "battlefield" };
/** "Any target": a creature, a planeswalker or a player (CR 115.4). */
const ANY_TARGET: Selector = { type: ["creature", "planeswalker"], zone: "battlefield" };
const PLAYERS = "@players";

/** The op that declares a player target in a cost ("target player", "target opponent": `targetPlayer`). */
export const TARGET_PLAYER = "targetPlayer";

export const isTargetOp = (op: Op): boolean =>
  (op.op === "choose" && op.target === true) || op.op === TARGET_PLAYER || op.op === "targetAny";

/** The spell ability of a card (its effect as it resolves, CR 608.2), if it has one. */
export const spellAbility = (card: CardDef): AbilityDef | undefined =>
  card.abilities?.find((a) => a.id === "spell");

/** The target of a spell: declared in its spell ability's cost, or its effect op's own. */
export function spellTarget(card: CardDef): TargetSpec | null {
  const ability = spellAbility(card);
  const declared = (ability?.cost ?? []).find(isTargetOp);
  if (declared?.op === TARGET_PLAYER)
    return {
      as: String(declared.as),
      from: null,
      players: true,
      who: (declared.player ?? "any") as RelativePlayer,
      declared: false,
    };
  if (declared)
    return {
      as: String(declared.as),
      from: (declared.from ?? {}) as Selector,
      players: false,
      declared: true,
    };
  const effect = ability?.effect ?? [];
  if (effect.some((op) => op.op === "damageAnyTarget"))
    return { as: "target", from: ANY_TARGET, players: true, declared: false };
  if (effect.some((op) => op.op === "pumpTarget"))
    return { as: "target", from: CREATURES, players: false, declared: false };
  return null;
}

/** Can `obj` be the target of a spell or ability controlled by `by.controller`? (Preset.activation.targetable) */
export function targetable(game: Game, obj: GameObject, by: EffectContext): boolean {
  if (phasedOut(obj)) return false; // CR 702.26b: treated as though it doesn't exist
  if (hasKeyword(game, obj, "shroud")) return false; // CR 702.18a
  if (hasKeyword(game, obj, "hexproof") && obj.controller !== by.controller) return false; // CR 702.11b
  // CR 702.16b: not by a spell or ability of a colour it has protection from.
  if (protectedFrom(game, obj).length > 0) {
    const src = by.source ? game.state.objects[by.source] : undefined;
    const of = src ? colours(game, src) : by.card ? cardColours(game.rules.card(by.card)) : [];
    if (protects(game, obj, of)) return false;
  }
  return true;
}

/** Legal targets now, in a stable order: players first (for "any target"), then objects. */
export function targetChoices(game: Game, spec: TargetSpec, ctx: EffectContext): TargetChoice[] {
  const out: TargetChoice[] = [];
  if (spec.players)
    for (const p of legalPlayers(game, spec.who ?? "any", ctx.controller))
      out.push({ suffix: game.playerName(p), label: game.playerName(p), player: p });
  if (spec.from === null) return out;
  const source = ctx.source ? game.state.objects[ctx.source] : undefined;
  for (const o of selectObjects(game, spec.from, ctx.controller, source))
    if (targetable(game, o, ctx)) out.push({ suffix: game.ref(o), label: nameOf(game, o), obj: o });
  return out;
}

/** Whether there is a legal target now (CR 601.2c): `targetChoices` is not empty, without listing them. */
export function hasTargetChoice(game: Game, spec: TargetSpec, ctx: EffectContext): boolean {
  if (spec.players && legalPlayers(game, spec.who ?? "any", ctx.controller).length > 0) return true;
  if (spec.from === null) return false;
  const source = ctx.source ? game.state.objects[ctx.source] : undefined;
  return countSelected(game, spec.from, ctx.controller, source, 1, (o) => targetable(game, o, ctx)) > 0;
}

/** Players still in the game that are `who` as seen by `controller` (CR 115.4, 800.4a). */
export function legalPlayers(game: Game, who: RelativePlayer, controller: PlayerId): PlayerId[] {
  return game.state.players
    .map((p) => p.id)
    .filter((p) => inGame(game, p) && isRelative(game, who, p, controller));
}

/** Records a chosen target in an effect's variables (objects with their incarnation). */
export function recordTarget(game: Game, vars: JsonObject, spec: TargetSpec, t: TargetChoice): void {
  if (t.obj) {
    recordTargets(game, vars, spec.as, spec.from as unknown as Json, [t.obj.id]);
    return;
  }
  recordPlayerTarget(vars, spec.as, t.player!);
}

/** Records a player target: `@players[as]`, and `$as` names the player (for ops' `players: $as`). */
export function recordPlayerTarget(vars: JsonObject, as: string, p: PlayerId): void {
  const players = (vars[PLAYERS] as JsonObject | undefined) ?? {};
  players[as] = [p];
  vars[PLAYERS] = players;
  vars[as] = p;
}

/** Players an effect targets under this name (after the resolution check, only the legal ones). */
export function targetPlayers(vars: JsonObject, as: string): PlayerId[] {
  const players = vars[PLAYERS] as Record<string, number[]> | undefined;
  return players?.[as] ?? [];
}

/** Whether the effect's variables hold targets chosen on casting or activation. */
export function hasRecordedTargets(vars: JsonObject): boolean {
  return vars["@targets"] !== undefined || vars[PLAYERS] !== undefined;
}

/** The objects targeted, for the stack view (Preset.stack). */
export const targetObjects = (vars: JsonObject | undefined): string[] => targetsOf(vars);

/**
 * CR 608.2b: as a spell or ability resolves, keeps only the targets still legal (the same object,
 * still matching what it was chosen from, still targetable; a player still in the game). Returns
 * whether it resolves: not when it had targets and none is legal now.
 */
export function targetsStillLegal(game: Game, vars: JsonObject, ctx: EffectContext): boolean {
  const objs = recheckTargets(game, vars, ctx);
  let chosen = objs.chosen;
  let legal = objs.legal;
  const players = vars[PLAYERS] as Record<string, number[]> | undefined;
  for (const [as, list] of Object.entries(players ?? {})) {
    const still = list.filter((p) => inGame(game, p));
    chosen += list.length;
    legal += still.length;
    players![as] = still;
    if (still.length === 0 && typeof vars[as] === "number") vars[as] = []; // CR 608.2b: not affected
  }
  return !(chosen > 0 && legal === 0 && game.rules.preset.activation?.illegalTargets === "fizzle");
}

/** Whether this spell or ability already targets the object or player (CR 115.1: it becomes its target once). */
function alreadyTargeted(
  vars: JsonObject,
  obj: GameObject | undefined,
  player: PlayerId | undefined,
): boolean {
  if (obj) return targetsOf(vars).includes(obj.id);
  const players = (vars[PLAYERS] ?? {}) as Record<string, number[]>;
  return player !== undefined && Object.values(players).some((list) => list.includes(player));
}

/** Reasons (kind "target") why the player targets an ability declares can't be chosen now (CR 115.4, 603.3d). */
export function playerTargetReasons(
  game: Game,
  ops: readonly Op[] | undefined,
  controller: PlayerId,
): readonly Reason[] {
  if (ops === undefined) return NO_REASONS;
  let out: Reason[] | undefined;
  for (const op of ops) {
    if (op.op !== TARGET_PLAYER || legalPlayers(game, whoOf(op), controller).length > 0) continue;
    out = out ?? [];
    out.push({ kind: "target", text: `no legal target: ${String(op.prompt ?? "target player")}` });
  }
  return out ?? NO_REASONS;
}

const NO_REASONS: readonly Reason[] = [];

const whoOf = (op: Op): RelativePlayer => (op.player ?? "any") as RelativePlayer;

/**
 * "Target player" / "target opponent" in a cost (CR 115.1, 601.2c): in a spell's, the cast option
 * names the player (`cast:<card>:P2`); in an activated or triggered ability's, its controller
 * chooses as it is activated or put on the stack (CR 602.2b, 603.3d). The player becomes the target
 * (a `targeted` event), is recorded (`$as` names them) and is checked again as it resolves.
 */
export const targetPlayerOp: OpHandler = {
  doc: 'Declares a player target in a cost: "target player" (`player: any`, the default) or "target opponent" (`player: opponent`); `$as` names the player chosen.',
  args: {
    as: { type: "var", required: true, doc: "The variable that names the player chosen." },
    player: {
      type: "string",
      values: ["any", "opponent", "self"],
      default: "any",
      doc: 'Who may be chosen, relative to the controller: "any" (target player), "opponent" (target opponent).',
    },
    prompt: { type: "string", default: "Target player", doc: "The question asked." },
  },
  run(game, op, frame) {
    const p = frame.ctx.controller;
    const legal = legalPlayers(game, whoOf(op), p);
    let chosen: PlayerId | undefined;
    if (legal.length === 1) chosen = legal[0];
    else if (frame.answer) {
      const id = frame.answer.id;
      delete frame.answer;
      chosen = legal.find((q) => `player:${game.playerName(q)}` === id);
    }
    if (chosen === undefined) {
      if (legal.length === 0) return "next";
      game.ask({
        player: p,
        kind: "target",
        prompt: String(op.prompt ?? "Target player"),
        options: legal.map((q) => ({ id: `player:${game.playerName(q)}`, label: game.playerName(q) })),
      });
      return "wait";
    }
    const vars = varsOf(game, frame);
    const again = alreadyTargeted(vars, undefined, chosen);
    recordPlayerTarget(vars, String(op.as), chosen);
    if (!again) becomeTargets(game, [], [chosen], causeOf(game, frame)); // CR 115.1, 603.2
    return "next";
  },
};

/** The op that declares "any target" in an ability's cost (a creature, a planeswalker or a player, CR 115.4). */
export const TARGET_ANY = "targetAny";

/**
 * "Any target" in an activated or triggered ability's cost (CR 115.4, 602.2b, 603.3d): its
 * controller chooses a creature, a planeswalker (one it can target: hexproof, shroud, protection)
 * or a player as it is activated or put on the stack — options `target:<card>` and
 * `player:<name>`. The target becomes the target (a `targeted` event), is recorded under `as`
 * (what `damageAnyTarget` deals its damage to) and is checked again as it resolves.
 */
export const targetAnyOp: OpHandler = {
  doc: 'Declares "any target" in an ability\'s cost (CR 115.4): a creature, a planeswalker or a player, chosen as it is activated or put on the stack; `damageAnyTarget` deals its damage to it.',
  args: {
    as: { type: "var", default: "target", doc: "The variable that names the target chosen." },
    prompt: { type: "string", default: "Any target", doc: "The question asked." },
  },
  run(game, op, frame) {
    const as = String(op.as ?? "target");
    const spec: TargetSpec = { as, from: ANY_TARGET, players: true, declared: false };
    const choices = targetChoices(game, spec, frame.ctx);
    const idOf = (t: TargetChoice): string =>
      t.obj ? `target:${game.ref(t.obj)}` : `player:${game.playerName(t.player!)}`;
    const answer = frame.answer?.id;
    delete frame.answer;
    const chosen = answer === undefined ? undefined : choices.find((t) => idOf(t) === answer);
    if (!chosen) {
      game.ask({
        player: frame.ctx.controller,
        kind: "target",
        prompt: String(op.prompt ?? "Any target"),
        options: choices.map((t) => ({ id: idOf(t), label: t.label })),
      });
      return "wait";
    }
    const vars = varsOf(game, frame);
    const again = alreadyTargeted(vars, chosen.obj, chosen.player);
    recordTarget(game, vars, spec, chosen);
    if (!again)
      becomeTargets(
        game,
        chosen.obj ? [chosen.obj] : [],
        chosen.player !== undefined ? [chosen.player] : [],
        causeOf(game, frame),
      );
    return "next";
  },
};
