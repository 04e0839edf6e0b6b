/**
 * Legal activation (DESIGN): an ability or spell is offered only when the rules allow it — where
 * the card is, whether it is face-down, the ability's timing and condition, its limits, costs that
 * can be paid and targets that exist — and one query gives every reason that stops it, in words.
 * Presets build their options from `canActivate`, so what is offered and what `whyNot` explains
 * never disagree.
 *
 * Targets are `choose` ops with `target: true` in an ability's `cost` (chosen on activation, CR
 * 601.2c / 602.2b, the Yu-Gi-Oh! rulebook's "target" on activation): the kernel records each
 * target's incarnation, and `checkTargets` on resolution keeps only the targets still legal (CR
 * 608.2b); what happens when none is left is the preset's rule (`illegalTargets`).
 */

import { limitsOf } from "./abilities.js";
import type { ActivationVerdict, Reason } from "./contract/data.js";
import type { Game } from "./contract/game.js";
import { IllegalActionError } from "./errors.js";
import { emit } from "./events.js";
import type { Json, JsonObject } from "./json.js";
import { type AbilityRef, checkLimit } from "./limits.js";
import { evalCondition, matchObject } from "./match.js";
import { type EffectContext, type OpHandler, type ScriptTask, scriptTask } from "./script.js";
import type { Cause, DecisionOption, GameObject, PlayerId } from "./types.js";
import type { ConditionT, Op, Selector } from "./vocabulary/schema.js";

export type { ActivationVerdict, Reason, ReasonKind } from "./contract/data.js";
export type { ActivationRules } from "./contract/hooks.js";

/** A frame to evaluate an ability's ops against before it runs (nothing is pushed). */
export function probeFrame(ref: AbilityRef, player: PlayerId): ScriptTask {
  const ctx: ScriptTask["ctx"] = {
    controller: player,
    source: ref.obj.id,
    sourceInc: ref.obj.inc,
    card: ref.card.id,
    ability: ref.ability.id,
  };
  if (ref.ability.keyword) ctx.keyword = ref.ability.keyword;
  return { t: "script", ops: [], pc: 0, ctx, vars: {} };
}

/** Zone kinds where an activated ability works. */
export function abilityZones(game: Game, ref: AbilityRef): readonly string[] {
  return (
    ref.ability.zones ?? game.rules.preset.activation?.defaultZones?.(game, ref) ?? game.rules.inPlayKinds
  );
}

/**
 * Every reason `player` can't activate this ability now: zone, face-down, timing, condition,
 * limits, costs that can't be paid, targets that don't exist, and the preset's own.
 */
export function canActivate(game: Game, ref: AbilityRef, player: PlayerId): ActivationVerdict {
  const reasons: Reason[] = [];
  const { obj, card, ability } = ref;
  const rules = game.rules.preset.activation;
  const zone = game.state.zones[obj.zone]!;
  const zones = abilityZones(game, ref);
  const zoneLabel = (k: string) => game.rules.zoneDefs.get(k)?.label ?? k;
  if (!zones.includes(zone.kind))
    reasons.push({
      kind: "zone",
      text: `${card.name} works from the ${zones.map(zoneLabel).join(" or ")}; it is in the ${zoneLabel(zone.kind)}`,
    });
  if (obj.faceDown && !(rules?.faceDownWorks?.(game, ref) ?? false))
    reasons.push({ kind: "faceDown", text: `${card.name} is face-down: its abilities can't be activated` });
  if (obj.controller !== player && zone.owner !== player)
    reasons.push({ kind: "rule", text: `${card.name} is not ${game.playerName(player)}'s to use` });
  const timing = rules?.timing?.(game, ref, player) ?? null;
  if (timing) reasons.push({ kind: "timing", text: timing });
  if (ability.condition && !evalCondition(game, ability.condition, { controller: player, obj }))
    reasons.push({
      kind: "condition",
      text: `its condition does not hold: ${describeCondition(game, ability.condition)}`,
    });
  const as = { ...ref, controller: player };
  for (const spec of limitsOf(ability)) {
    const v = checkLimit(game, as, spec, "query");
    if (!v.ok) reasons.push({ kind: "limit", text: v.reason });
  }
  reasons.push(...costReasons(game, ref, player));
  for (const r of rules?.check?.(game, ref, player) ?? []) reasons.push(r);
  return { ok: reasons.length === 0, reasons };
}

/**
 * Whether `player` may activate this ability now: `canActivate(...).ok`, without the words. The
 * same checks, cheapest first, stopping at the first that refuses — what option lists call for
 * every ability at every decision (the preset's own check and the costs' feasibility last).
 */
export function mayActivate(game: Game, ref: AbilityRef, player: PlayerId): boolean {
  const { obj, ability } = ref;
  const rules = game.rules.preset.activation;
  const zone = game.state.zones[obj.zone]!;
  if (!abilityZones(game, ref).includes(zone.kind)) return false;
  if (obj.faceDown && !(rules?.faceDownWorks?.(game, ref) ?? false)) return false;
  if (obj.controller !== player && zone.owner !== player) return false;
  // Timing before limits: at most windows most abilities can't be activated at all (Yu-Gi-Oh!'s
  // Spell Speed 1 in a chain: seven refusals in ten), and a limit is the costlier question.
  if ((rules?.timing?.(game, ref, player) ?? null) !== null) return false;
  const specs = limitsOf(ability);
  if (specs.length > 0) {
    const as = ref.controller === player ? ref : { ...ref, controller: player };
    for (const spec of specs) if (!checkLimit(game, as, spec, "query").ok) return false;
  }
  if (ability.condition && !evalCondition(game, ability.condition, { controller: player, obj })) return false;
  if ((rules?.check?.(game, ref, player) ?? []).length > 0) return false;
  const cost = ability.cost;
  if (cost && cost.length > 0) {
    const frame = probeFrame(ref, player);
    for (const op of cost) if (game.rules.ops.get(op.op)?.feasible?.(game, op, frame)) return false;
  }
  return true;
}

/**
 * `canActivate(...).reasons` for an action about to be performed: empty when `mayActivate` allows
 * it (the usual case: no words built), every reason otherwise.
 */
export function whyNotActivate(game: Game, ref: AbilityRef, player: PlayerId): readonly Reason[] {
  return mayActivate(game, ref, player) ? NO_REASONS : canActivate(game, ref, player).reasons;
}
const NO_REASONS: readonly Reason[] = [];

/** Costs that can't be paid and targets that don't exist, from the ops of an ability's cost. */
export function costReasons(game: Game, ref: AbilityRef, player: PlayerId): Reason[] {
  const cost = ref.ability.cost;
  if (!cost || cost.length === 0) return [];
  const frame = probeFrame(ref, player);
  const out: Reason[] = [];
  for (const op of cost) {
    const handler = game.rules.ops.get(op.op);
    const why = handler?.feasible?.(game, op, frame) ?? null;
    if (why) out.push({ kind: op.target === true ? "target" : "cost", text: why });
  }
  return out;
}

/** Words for a condition, for reasons. */
export function describeCondition(game: Game, c: ConditionT): string {
  if ("all" in c) return c.all.map((x) => describeCondition(game, x)).join(" and ");
  if ("any" in c) return c.any.map((x) => describeCondition(game, x)).join(" or ");
  if ("not" in c) return `not (${describeCondition(game, c.not)})`;
  const bound = (x: { eq?: number; gte?: number; lte?: number }) =>
    x.eq !== undefined ? `exactly ${x.eq}` : x.gte !== undefined ? `at least ${x.gte}` : `at most ${x.lte}`;
  if ("count" in c) return `${bound(c)} ${describeSelector(game, c.count)}`;
  if ("events" in c) return `${bound(c)} ${[c.events.on].flat().join("/")} event(s) this ${c.window}`;
  if ("turn" in c)
    return c.turn === "self" ? "only during your turn" : `only during the ${c.turn} player's turn`;
  if ("node" in c)
    return `only during ${[c.node]
      .flat()
      .map((n) => (game.rules.nodes.has(n) ? game.rules.node(n).label : n))
      .join(" or ")}`;
  return game.rules.preset.conditionLabels?.[c.fn] ?? c.fn;
}

/** Words for a selector: "monsters your opponent controls in the graveyard". */
export function describeSelector(game: Game, s: Selector): string {
  const what = [s.name, s.type].flat().filter(Boolean).join("/") || "cards";
  const whose = s.controller ?? s.owner;
  const zones = [s.zone ?? []]
    .flat()
    .map((k) => game.rules.zoneDefs.get(k)?.label ?? k)
    .join(" or ");
  const who = whose === "self" ? " you control" : whose === "opponent" ? " your opponent controls" : "";
  return `${what}${who}${zones ? ` in the ${zones}` : ""}`;
}

// ---- targets ---------------------------------------------------------------------------

const TARGETS = "@targets";

interface TargetRecord extends JsonObject {
  from: Json;
  objs: [string, number][];
}

/** Records the objects a `choose` with `target: true` picked, with their incarnations (CR 115.1). */
export function recordTargets(game: Game, vars: JsonObject, as: string, from: Json, picked: string[]): void {
  const all = (vars[TARGETS] as Record<string, TargetRecord> | undefined) ?? {};
  all[as] = { from, objs: picked.map((id) => [id, game.state.objects[id]!.inc]) };
  vars[TARGETS] = all as unknown as Json;
}

/**
 * The objects and players just chosen as targets "become the target" of a spell or ability (CR
 * 115.1, 603.2; Yu-Gi-Oh! "targets this card"): one `targeted` event each — an object or a player
 * chosen twice by the same choice is targeted once — all one event of the rules (a batch). `cause`
 * names the spell or ability (its controller, source and ability). Presets with their own target
 * choice call it once the targets are chosen.
 */
export function becomeTargets(
  game: Game,
  objs: readonly GameObject[],
  players: readonly PlayerId[],
  cause: Cause,
): void {
  if (objs.length === 0 && players.length === 0) return;
  game.simultaneously(() => {
    const seen = new Set<string>();
    for (const o of objs) {
      if (seen.has(o.id)) continue;
      seen.add(o.id);
      game.emit({
        type: "targeted",
        player: o.controller,
        obj: o.id,
        inc: o.inc,
        card: o.card,
        name: game.rules.card(o.card).name,
        cause,
      });
    }
    for (const p of new Set(players))
      game.emit({ type: "targeted", player: p, cause, data: { target: "player" } });
  });
}

/** The targets an effect's variables hold, by name, as ids (for views and scenarios). */
export function targetsOf(vars: JsonObject | undefined): string[] {
  const all = (vars?.[TARGETS] as Record<string, TargetRecord> | undefined) ?? {};
  return Object.values(all).flatMap((r) => r.objs.map(([id]) => id));
}

/** Is this target still legal: the same object (incarnation), still matching what it was chosen from, still targetable? */
export function targetStillLegal(
  game: Game,
  id: string,
  inc: number,
  from: Json,
  ctx: EffectContext,
): boolean {
  const obj = game.state.objects[id];
  if (!obj || obj.inc !== inc) return false;
  const source = ctx.source ? game.state.objects[ctx.source] : undefined;
  if (
    from &&
    typeof from === "object" &&
    !Array.isArray(from) &&
    !matchObject(game, obj, from as Selector, ctx.controller, source)
  )
    return false;
  return game.rules.preset.activation?.targetable?.(game, obj, ctx) ?? true;
}

/**
 * CR 608.2b: on resolution, keeps in the effect's variables only the targets still legal. Returns
 * how many targets were chosen and how many are still legal.
 */
export function recheckTargets(
  game: Game,
  vars: JsonObject,
  ctx: EffectContext,
): { chosen: number; legal: number } {
  const all = (vars[TARGETS] as Record<string, TargetRecord> | undefined) ?? {};
  let chosen = 0;
  let legal = 0;
  for (const [as, rec] of Object.entries(all)) {
    chosen += rec.objs.length;
    const still = rec.objs.filter(([id, inc]) => targetStillLegal(game, id, inc, rec.from, ctx));
    legal += still.length;
    vars[as] = still.map(([id]) => id);
  }
  return { chosen, legal };
}

/** The kernel op presets put first in a resolving effect with targets (CR 608.2b). */
export const checkTargetsOp: OpHandler = {
  doc: 'On resolution, drops targets that are no longer legal (CR 608.2b); if none is left and the preset\'s rule is "fizzle", the effect does not resolve.',
  args: {},
  run(game, _op, frame) {
    const vars = frame.vars ?? {};
    const { chosen, legal } = recheckTargets(game, vars, frame.ctx);
    if (chosen > 0 && legal === 0 && game.rules.preset.activation?.illegalTargets === "fizzle") {
      const src = frame.ctx.source ? game.state.objects[frame.ctx.source] : undefined;
      emit(game, {
        type: "fizzle",
        player: frame.ctx.controller,
        ...(src
          ? {
              obj: src.id,
              inc: frame.ctx.sourceInc ?? src.inc,
              card: src.card,
              name: game.rules.card(src.card).name,
            }
          : {}),
        data: { ability: frame.ctx.ability ?? null, reason: "every target is illegal (CR 608.2b)" },
      });
      return "stop";
    }
    return "next";
  },
};

/** Whether an ability's cost has targets. */
export function hasTargets(ops: readonly Op[] | undefined): boolean {
  return (ops ?? []).some((op) => op.op === "choose" && op.target === true);
}

// ---- a ready-made activation for games without a stack -----------------------------------

/**
 * Options for every activated ability `player` may activate now in these zones (default: every
 * zone but hidden ones), built from `canActivate`: id `activate:<card ref>:<ability id>`.
 */
export function activationOptions(game: Game, player: PlayerId, zones?: readonly string[]): DecisionOption[] {
  const out: DecisionOption[] = [];
  for (const zone of Object.values(game.state.zones)) {
    if (zones ? !zones.includes(zone.kind) : zone.visibility === "hidden") continue; // not from a deck
    for (const id of zone.cards) {
      const obj = game.state.objects[id]!;
      if (obj.controller !== player) continue;
      const card = game.rules.card(obj.card);
      for (const ability of card.abilities ?? []) {
        if (ability.kind !== "activated") continue;
        if (!mayActivate(game, { obj, card, ability, controller: player }, player)) continue;
        out.push({
          id: `activate:${game.ref(obj)}:${ability.id}`,
          label: `Activate ${card.name}${ability.text ? `: ${ability.text}` : ""}`,
        });
      }
    }
  }
  return out;
}

/**
 * Activates an ability at once, for games without a stack: checks it (an illegal activation is
 * refused with its reasons), uses its limits, then runs its cost — targets first, then the other
 * costs (CR 601.2c, 601.2h) — and its effect, which starts by checking its targets again.
 */
export function activateNow(game: Game, player: PlayerId, objRef: string, abilityId: string): void {
  const ref = game.abilityRef(objRef, abilityId);
  const verdict = canActivate(game, ref, player);
  if (!verdict.ok)
    throw new IllegalActionError(
      `${ref.card.name} can't be activated now: ${verdict.reasons.map((r) => r.text).join("; ")}`,
    );
  game.useLimits({ ...ref, controller: player });
  const cost = ref.ability.cost ?? [];
  const targets = cost.filter((op) => op.op === "choose" && op.target === true);
  const others = cost.filter((op) => !(op.op === "choose" && op.target === true));
  const effect = ref.ability.effect ?? [];
  const ops: Op[] = [...targets, ...others, ...(targets.length ? [{ op: "checkTargets" }] : []), ...effect];
  game.emit({
    type: "activate",
    player,
    obj: ref.obj.id,
    inc: ref.obj.inc,
    card: ref.card.id,
    name: ref.card.name,
    data: { ability: abilityId },
  });
  game.pushTask(scriptTask(ops, probeFrame(ref, player).ctx));
}

/** An activated ability of a player's card, where it works, that can't be activated now, and why. */
export interface NotOffered {
  obj: GameObject;
  ability: string;
  reasons: Reason[];
}

/**
 * Every activated ability of `player`'s cards lying where it works that `player` can't activate
 * now, with its reasons: what a client shows as "greyed out", what the CLI narrates.
 */
export function notOffered(game: Game, player: PlayerId): NotOffered[] {
  const out: NotOffered[] = [];
  for (const zone of Object.values(game.state.zones))
    for (const id of zone.cards) {
      const obj = game.state.objects[id]!;
      if (obj.controller !== player) continue;
      const card = game.rules.card(obj.card);
      for (const ability of card.abilities ?? []) {
        if (ability.kind !== "activated") continue;
        const ref = { obj, card, ability, controller: player };
        if (!abilityZones(game, ref).includes(zone.kind)) continue;
        const v = canActivate(game, ref, player);
        if (!v.ok) out.push({ obj, ability: ability.id, reasons: v.reasons });
      }
    }
  return out;
}
