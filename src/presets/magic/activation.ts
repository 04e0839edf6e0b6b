/**
 * Legal activation in Magic (DESIGN: legal activation): casting spells (CR 601) and activating
 * abilities (CR 602) are offered only when the kernel's `canActivate` allows them, with Magic's
 * part given by `magicActivation` (Preset.activation): timing (priority, sorcery timing, "activate
 * only as a sorcery"), mana, casting restrictions, summoning sickness for {T} abilities, targets.
 *
 * Casting a spell is "activating" its spell ability (id `spell`) from the hand: a card without one
 * (a creature) gets an empty one. Targets are chosen as the spell is cast (its option suffix) or
 * the ability is activated (a `choose` decision); costs are paid on activation — targets first,
 * then the other costs as written, mana last (CR 601.2c, 601.2g–h, 602.2b) — and the ability goes
 * on the stack with its targets (targets.ts).
 */
import { hasActivatedAbility } from "../../core/abilities.js";
import {
  type ActivationRules,
  abilityZones,
  becomeTargets,
  mayActivate,
  type Reason,
  whyNotActivate,
} from "../../core/activation.js";
import { checkOptionRoom } from "../../core/bounds.js";
import { IllegalActionError } from "../../core/errors.js";
import type { Game } from "../../core/game.js";
import { cloneJson, type JsonObject } from "../../core/json.js";
import { abilityLabel } from "../../core/labels.js";
import type { AbilityRef } from "../../core/limits.js";
import { evalCondition, isRelative } from "../../core/match.js";
import { granted, mayBeGranted } from "../../core/permissions.js";
import { perPlayerMembershipFact } from "../../core/player-facts.js";
import { type EffectContext, type OpHandler, scriptTask, varsOf } from "../../core/script.js";
import type { Cause, DecisionOption, GameObject, PlayerId } from "../../core/types.js";
import type { AbilityDef, CardDef, ConditionT, Op, RelativePlayer } from "../../core/vocabulary/schema.js";
import { whyNotCastMore } from "./action-limits.js";
import { asCost } from "./costs.js";
import {
  cantPay,
  cantPayWithout,
  genericCost,
  type ManaCost,
  manaCostOf,
  manaTotal,
  maxX,
  otherActivatedAbilities,
  parseMana,
  payCost,
  tapsSelf,
} from "./mana.js";
import { isType, nameOf, phasedOut, sorceryTiming, stack, summoningSick } from "./state.js";
import {
  hasTargetChoice,
  isTargetOp,
  playerTargetReasons,
  recordTarget,
  spellAbility,
  spellTarget,
  type TargetChoice,
  targetable,
  targetChoices,
} from "./targets.js";

export const SPELL = "spell";

/** Instants (and spells with flash, CR 702.8a) may be cast any time their controller has priority. */
function instantSpeed(card: CardDef): boolean {
  return card.types.includes("instant") || (card.keywords ?? []).includes("flash");
}

/**
 * CR 702.8a, 601.3: a spell may be cast at instant speed if it is an instant, has flash, or an
 * effect lets its caster cast it "as though it had flash" (Leyline of Anticipation, Alchemist's
 * Refuge, Winding Canyons: the kernel's permission "flash"). Returns what allows it, or null.
 */
export function flashFrom(game: Game, card: CardDef, obj: GameObject, p: PlayerId): string | null {
  if (instantSpeed(card)) return card.name;
  return granted(game, "flash", p, obj);
}

/**
 * "Each opponent can cast spells only any time they could cast a sorcery" (Teferi, Mage of
 * Zhalfir; Teferi, Time Raveler): a static `{ kind: castOnlyAsSorcery, player: opponent }` (player
 * relative to its controller; `opponent` by default). Its card's name, or null. It wins over flash
 * (CR 601.3: an effect that prohibits casting applies whatever allows it).
 */
function sorceryOnlyFrom(game: Game, p: PlayerId): string | null {
  if (!game.rules.staticZones.has(SORCERY_ONLY)) return null;
  for (const ref of game.staticAbilities(SORCERY_ONLY)) {
    const who = (ref.ability.static as { player?: RelativePlayer }).player ?? "opponent";
    if (isRelative(game, who, p, ref.controller)) return ref.card.name;
  }
  return null;
}
const SORCERY_ONLY = "castOnlyAsSorcery";

/** A casting restriction printed on a card: `stats.castOnly: { if: Condition, text }` (docs/magic.md). */
interface CastOnly {
  if: ConditionT;
  text: string;
}
function castOnly(card: CardDef): CastOnly | null {
  const c = card.stats?.castOnly as unknown as CastOnly | undefined;
  return c && typeof c === "object" && c.if ? c : null;
}

/** Each card definition's spell ability as cast from the hand, made once (asked for every card at every priority). */
const castAbilities = new WeakMap<CardDef, AbilityDef>();

function castAbility(card: CardDef): AbilityDef {
  const known = castAbilities.get(card);
  if (known !== undefined) return known;
  const ability: AbilityDef = { ...(spellAbility(card) ?? { id: SPELL, kind: "static" }), zones: ["hand"] };
  castAbilities.set(card, Object.freeze(ability));
  return ability;
}

/** The ability reference for casting a card: its spell ability (or an empty one), cast from the hand. */
export function castRef(game: Game, obj: GameObject, p: PlayerId): AbilityRef {
  const card = game.card(obj);
  return { obj, card, ability: castAbility(card), controller: p };
}

const ctxOf = (obj: GameObject, p: PlayerId, ability: string): EffectContext => ({
  controller: p,
  source: obj.id,
  sourceInc: obj.inc,
  card: obj.card,
  ability,
});

/** Magic's part of legal activation (Preset.activation). */
export const magicActivation: ActivationRules = {
  timing(game, ref, player) {
    // Words built only for a reason there is: an ability that may be activated now allocates nothing.
    // CR 117.1: a player casts spells and activates abilities only while they have priority.
    // The decision is the player's it is for: a player controlled during their turn (CR 722.4).
    const d = game.state.decision;
    const priority =
      d && !(d.kind === "priority" && (d.for ?? d.player) === player)
        ? `${game.playerName(player)} doesn't have priority (CR 117.1)`
        : null;
    let speed: string | null = null;
    if (ref.ability.id === SPELL) {
      const only = sorceryOnlyFrom(game, player);
      if (only && !sorceryTiming(game, player))
        speed = `${only}: ${game.playerName(player)} can cast spells only any time they could cast a sorcery (CR 307.1, 601.3)`;
      else if (!sorceryTiming(game, player) && flashFrom(game, ref.card, ref.obj, player) === null)
        speed = `${ref.card.name} is not an instant and nothing lets ${game.playerName(player)} cast it as though it had flash: it can be cast only in their main phase while the stack is empty (CR 307.1, 117.1a, 702.8a)`;
    } else if (ref.ability.timing === "sorcery" && !sorceryTiming(game, player))
      speed = `activate only as a sorcery: in ${game.playerName(player)}'s main phase while the stack is empty (CR 602.5d)`;
    return priority === null ? speed : speed === null ? priority : `${priority}; ${speed}`;
  },
  check(game, ref, player) {
    const out: Reason[] = [];
    if (ref.ability.id === SPELL) {
      const card = ref.card;
      // CR 601.2g–h: each coloured symbol paid with its colour, generic with any (X announced as 0 here).
      const why = cantPay(game, player, manaCostOf(card));
      if (why) out.push({ kind: "cost", text: `${card.name} ${why} (CR 601.2g–h)` });
      // CR 601.3: an effect may forbid casting more spells this turn (Rule of Law, Silence).
      const more = whyNotCastMore(game, player);
      if (more) out.push({ kind: "rule", text: more });
      const only = castOnly(card);
      if (only && !evalCondition(game, only.if, { controller: player, obj: ref.obj }))
        out.push({ kind: "condition", text: `${card.name}: “${only.text}” (CR 601.3)` });
      const spec = spellTarget(card);
      // A target declared with the kernel's choose is checked by the kernel (costs); an effect op's own here.
      if (spec && !spec.declared && !hasTargetChoice(game, spec, ctxOf(ref.obj, player, SPELL)))
        out.push({ kind: "target", text: `${card.name} has no legal target (CR 601.2c)` });
      return out;
    }
    const obj = ref.obj;
    // Indexed loops: card data is frozen, and V8 allocates an iterator for a frozen array's for…of.
    const targetReasons = playerTargetReasons(game, ref.ability.cost, player); // CR 115.4: "target player"
    for (let i = 0; i < targetReasons.length; i++) out.push(targetReasons[i]!);
    const taps = tapsSelf(ref.ability);
    // CR 602.2b, 601.2h: "{G}{U}, {T}: …" on a land: its own mana can't pay the rest of the cost.
    const cost = ref.ability.cost;
    if (taps && !obj.tapped && cost)
      for (let i = 0; i < cost.length; i++) {
        const op = cost[i]!;
        if (op.op !== "payMana") continue;
        const mana =
          op.mana !== undefined
            ? parseMana(String(op.mana))
            : genericCost(typeof op.n === "number" ? op.n : 0);
        const why = cantPayWithout(game, player, mana, obj);
        if (why) out.push({ kind: "cost", text: `${nameOf(game, obj)} is tapped to pay {T}: ${why}` });
      }
    if (phasedOut(obj))
      out.push({
        kind: "rule",
        text: `${game.card(obj).name} is phased out: it is treated as though it doesn't exist (CR 702.26b)`,
      });
    // CR 302.6: a creature's {T} ability only if its controller has controlled it since their most recent turn began.
    if (
      taps &&
      game.state.zones[obj.zone]?.kind === "battlefield" &&
      isType(game, obj, "creature") &&
      summoningSick(game, obj)
    )
      out.push({
        kind: "cost",
        text: `${nameOf(game, obj)} came under ${game.playerName(player)}'s control this turn: its {T} cost can't be paid (summoning sickness, CR 302.6)`,
      });
    return out;
  },
  defaultZones: (_game, ref) => (ref.ability.id === SPELL ? IN_HAND : ON_BATTLEFIELD),
  targetable,
  illegalTargets: "fizzle",
};

const IN_HAND: readonly string[] = ["hand"];
const ON_BATTLEFIELD: readonly string[] = ["battlefield"];

// ---- options -------------------------------------------------------------------------------

/** A spell's legal targets now (CR 601.2c): an object, a player or "any target" (targets.ts); null when it has none. */
function spellTargets(game: Game, card: CardDef, obj: GameObject, p: PlayerId): TargetChoice[] | null {
  const spec = spellTarget(card);
  return spec ? targetChoices(game, spec, ctxOf(obj, p, SPELL)) : null;
}

/** Spells `p` may cast now, one option per legal target (CR 601.2c), built from canActivate. */
export function castOptions(game: Game, p: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  const sorcery = sorceryTiming(game, p);
  // Whether anything lets p cast spells as though they had flash, asked once, not of every card.
  const flashGranted = !sorcery && mayBeGranted(game, "flash", p);
  for (const { obj: o, card, instant, cast } of spellsInHand(game, p)) {
    // A fast path: canActivate refuses these too (cost, timing), with their reasons.
    if (!sorcery && !instant && !(flashGranted && granted(game, "flash", p, o) !== null)) continue;
    const cost = manaCostOf(card);
    const most = maxX(game, p, cost);
    if (most < 0 || !mayActivate(game, { obj: o, card, ability: cast, controller: p }, p)) continue;
    const label = `Cast ${card.name} (${card.cost ?? 0})`;
    const targets = spellTargets(game, card, o, p);
    const suffixes =
      targets === null
        ? [{ suffix: "", label }]
        : targets.map((t) => ({
            suffix: `:${t.suffix}`,
            label: `${label} targeting ${t.label}`,
          }));
    // CR 107.3a, 601.2b: X is announced as the spell is cast: one option for each X that can be paid.
    for (const s of suffixes)
      if (cost.x === 0) out.push({ id: `cast:${game.ref(o)}${s.suffix}`, label: s.label });
      else {
        // One option per payable X: counted before they are made (70,000 mana, 70,001 options).
        checkOptionRoom(out.length, most + 1, `casting ${card.name} with X from 0 to ${most}`);
        for (let x = 0; x <= most; x++)
          out.push({ id: `cast:${game.ref(o)}${s.suffix}:X=${x}`, label: `${s.label} with X = ${x}` });
      }
  }
  return out;
}

/** A card in a hand that isn't a land, whether it may be cast at instant speed by itself, and its cast ability. */
export interface SpellInHand {
  readonly obj: GameObject;
  readonly card: CardDef;
  readonly instant: boolean;
  readonly cast: AbilityDef;
}

/** `p`'s cards in hand that aren't lands, in the hand's order, found afresh. */
export function scanSpellsInHand(game: Game, p: PlayerId): SpellInHand[] {
  const out: SpellInHand[] = [];
  const objects = game.state.objects;
  for (const id of game.zone("hand", p).cards) {
    const obj = objects[id]!;
    const card = game.card(obj);
    if (!card.types.includes("land"))
      out.push({ obj, card, instant: instantSpeed(card), cast: castAbility(card) });
  }
  return out;
}

/**
 * `scanSpellsInHand`, kept until a card that isn't a land enters or leaves a zone
 * (Game.membershipFact): the priorities in between don't walk the hand. Read, never changed.
 */
export const spellsInHand: (game: Game, p: PlayerId) => readonly SpellInHand[] = perPlayerMembershipFact(
  "magic.spellsInHand",
  scanSpellsInHand,
  (_game, card) => !card.types.includes("land"),
);

/** Zones whose cards' activated abilities may work (the battlefield by default; a card says others). */
const ABILITY_ZONES = ["battlefield", "graveyard", "hand", "exile", "command"];

/** A card's activated ability (not a mana ability) in a zone it may be activated from. */
export interface Activatable {
  readonly kind: string;
  readonly obj: GameObject;
  readonly card: CardDef;
  readonly ability: AbilityDef;
}

/**
 * `p`'s activated abilities (not mana abilities) in the zones they work from, asked at every
 * priority: indexed until a card enters or leaves a zone or becomes another card
 * (Game.membershipFact), so most priorities don't walk every card. Read, never changed.
 */
export const activatedAbilities: (game: Game, p: PlayerId) => readonly Activatable[] =
  perPlayerMembershipFact("magic.activated", scanActivated, (_game, card) => hasActivatedAbility(card));

/** `activatedAbilities` computed afresh (what the index must equal: tests/core/membership-index.test.ts). */
export function scanActivated(game: Game, p: PlayerId): Activatable[] {
  const out: Activatable[] = [];
  const objects = game.state.objects;
  for (const kind of ABILITY_ZONES)
    for (const id of game.zone(kind, p).cards) {
      const obj = objects[id]!;
      const card = game.card(obj);
      // Most cards have no activated ability but mana abilities (`mana:` options: manaOptions).
      // Where an ability works depends on the card alone (magicActivation.defaultZones).
      for (const ability of otherActivatedAbilities(card))
        if (abilityZones(game, { obj, card, ability, controller: p }).includes(kind))
          out.push({ kind, obj, card, ability });
    }
  return out;
}

/** Activated abilities `p` may activate now (not mana abilities), built from canActivate. */
export function activateOptions(game: Game, p: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  for (const { kind, obj, card, ability } of activatedAbilities(game, p)) {
    if (kind === "battlefield" && phasedOut(obj)) continue; // CR 702.26b
    if (obj.tapped && tapsSelf(ability)) continue; // its {T} can't be paid (mayActivate's cost check)
    if (!mayActivate(game, { obj, card, ability, controller: p }, p)) continue;
    out.push({
      id: `activate:${game.ref(obj)}:${ability.id}`,
      label: `Activate ${nameOf(game, obj)}: ${abilityLabel(ability, ability.id, 400)}`,
    });
  }
  return out;
}

// ---- casting and activating ----------------------------------------------------------------

const refused = (what: string, reasons: readonly Reason[]): IllegalActionError =>
  new IllegalActionError(`${what}: ${reasons.map((r) => r.text).join("; ")}`);

/** Counts spells the active player casts this turn, for the day/night check (CR 726.3a). */
function recordCast(game: Game, p: PlayerId): void {
  const v = game.state.vars;
  const turn = game.state.clock.turn;
  if (turn.player !== p) return;
  if (v.apCastsTurn !== turn.id) {
    v.apCastsTurn = turn.id;
    v.apCasts = 0;
  }
  v.apCasts = Number(v.apCasts) + 1;
}

/**
 * CR 107.3a, 601.2b: the value of X announced in a cast option (`…:X=3`), and the rest of the
 * suffix (the target). A spell with X in its mana cost must announce it; others can't.
 */
function announcedX(name: string, mana: ManaCost, suffix: string): { target: string; x: number } {
  const parts = suffix === "" ? [] : suffix.split(":");
  const xs = parts.filter((s) => /^X=\d+$/.test(s));
  const target = parts.filter((s) => !/^X=\d+$/.test(s)).join(":");
  if (mana.x === 0) {
    if (xs.length) throw new IllegalActionError(`${name} has no X in its mana cost`);
    return { target, x: 0 };
  }
  if (xs.length !== 1)
    throw new IllegalActionError(
      `${name}: announce the value of X as it is cast (CR 107.3a, 601.2b), e.g. ":X=2"`,
    );
  return { target, x: Number(xs[0]!.slice(2)) };
}

/**
 * CR 601.2: the spell moves to the stack with its target (chosen in the option, 601.2c), its cost
 * is paid (601.2g–h), and it becomes cast (601.2i). Checked first: an illegal cast is refused with
 * every reason.
 */
export function castSpell(game: Game, p: PlayerId, obj: GameObject, suffix: string): void {
  const card = game.card(obj);
  const refusal = whyNotActivate(game, castRef(game, obj, p), p);
  if (refusal.length > 0) throw refused(`${card.name} can't be cast now`, refusal);
  const mana = manaCostOf(card);
  const { target, x } = announcedX(card.name, mana, suffix);
  const spec = spellTarget(card);
  const vars: JsonObject = {};
  let chosen: TargetChoice | undefined;
  const targets = spellTargets(game, card, obj, p);
  if (targets) {
    chosen = targets.find((t) => t.suffix === target);
    if (!chosen) throw new IllegalActionError(`${card.name} needs a legal target, not "${target}"`);
    recordTarget(game, vars, spec!, chosen);
  } else if (target !== "") throw new IllegalActionError(`${card.name} has no target`);
  // CR 601.2f: the total cost includes X; it must be paid in full (601.2g–h).
  const why = cantPay(game, p, mana, x);
  if (why) throw new IllegalActionError(`${card.name} can't be cast with X = ${x}: ${why} (CR 601.2f–h)`);
  if (mana.x > 0) vars.X = x; // CR 107.3a: on the stack X is the announced value
  payCost(game, p, mana, x);
  recordCast(game, p);
  // CR 202.3e: on the stack its mana value counts X.
  const cost = typeof card.stats?.manaCost === "string" ? manaTotal(mana, x) : (card.cost ?? 0);
  game.move(obj, "stack", {
    event: "cast",
    data: { cost, ...(mana.x > 0 ? { x } : {}), ...(chosen ? { target: chosen.label } : {}) },
  });
  stack(game).push({ kind: "spell", obj: obj.id, controller: p, vars });
  // CR 115.1, 601.2c, 603.2: its target, locked in, becomes the target of the spell now that it
  // is cast (a `targeted` event caused by the spell; once however often the spell names it).
  if (chosen)
    becomeTargets(
      game,
      chosen.obj ? [chosen.obj] : [],
      chosen.player !== undefined ? [chosen.player] : [],
      spellCause(game, obj, p),
    );
}

/** The cause a spell on the stack gives what it does as it is cast (`ability: "spell"`). */
export function spellCause(game: Game, obj: GameObject, p: PlayerId): Cause {
  return {
    kind: "effect",
    player: p,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: game.card(obj).name,
    ability: SPELL,
  };
}

/**
 * CR 602.2: activating an ability — checked first (refused with every reason), its limits used
 * (CR 602.5b), then its cost runs as a script: targets first (602.2b, a `choose` decision), the
 * other costs as written ({T}, removing counters, sacrificing, discarding, paying life), mana
 * last; its last op puts the ability on the stack with the targets (`mtg.activated`).
 */
export function activateAbility(game: Game, p: PlayerId, objRef: string, abilityId: string): void {
  const obj = game.byHandle(objRef) ?? game.state.objects[objRef];
  if (!obj) throw new IllegalActionError(`no card "${objRef}"`);
  const ref: AbilityRef = { ...game.abilityRef(obj.id, abilityId), controller: p };
  const why = whyNotActivate(game, ref, p);
  if (why.length > 0) throw refused(`${ref.card.name} can't be activated now`, why);
  game.useLimits(ref);
  const cost = ref.ability.cost ?? [];
  // Paid as costs ({T}, loyalty counters: costs.ts), each event caused by the cost.
  const ops: Op[] = [
    ...cost.filter(isTargetOp),
    ...cost.filter((op) => !isTargetOp(op) && op.op !== "payMana").map((op) => asCost(op)),
    ...cost.filter((op) => op.op === "payMana"),
    { op: "mtg.activated" },
  ];
  game.pushTask(scriptTask(ops, ctxOf(obj, p, abilityId)));
}

/** The last op of an activation: the ability, its costs paid, goes on the stack with its targets (CR 601.2i via 602.2b). */
export const activatedOp: OpHandler = {
  doc: "(Internal) ends an activation: the ability goes on the stack with the targets chosen (CR 602.2).",
  args: {},
  run(game, _op, frame) {
    const ctx = frame.ctx;
    const p = ctx.controller;
    const objId = ctx.source!;
    const inc = ctx.sourceInc!;
    const cardId = ctx.card!;
    const abilityId = ctx.ability!;
    const ability = game.ability(cardId, abilityId);
    const obj = game.state.objects[objId];
    const name = obj && obj.inc === inc ? nameOf(game, obj) : game.rules.card(cardId).name;
    stack(game).push({
      kind: "ability",
      controller: p,
      label: `${name}: ${abilityLabel(ability, abilityId, 400)}`,
      activated: true,
      vars: cloneJson(varsOf(game, frame)),
      pending: {
        id: ++game.state.ids.pending,
        obj: objId,
        inc,
        card: cardId,
        ability: abilityId,
        controller: p,
        event: game.state.ids.event,
        eventData: { type: "activate", player: p, obj: objId },
        charged: [],
      },
    });
    game.emit({
      type: "activate",
      player: p,
      obj: objId,
      inc,
      card: cardId,
      name,
      data: { ability: abilityId },
    });
    return "next";
  },
};
