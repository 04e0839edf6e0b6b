/**
 * Mana (CR 106, 107.4, 605): mana costs with coloured, generic and X symbols; the mana pool by
 * type; mana abilities — any activated ability without a target that adds mana (CR 605.1a), on
 * any permanent — activated without the stack (CR 605.3b); paying costs (CR 601.2g–h); and pools
 * emptying as each step and phase ends (CR 500.4, 106.4), unless an effect keeps the mana
 * (a static `{ kind: keepMana }`: Upwelling).
 *
 * The pool is the player's `vars.manaPool` (`{ W, U, B, R, G, C }`) with its total in `vars.mana`.
 */
import { hasActivatedAbility } from "../../core/abilities.js";
import { mayActivate, whyNotActivate } from "../../core/activation.js";
import { EngineError, IllegalActionError } from "../../core/errors.js";
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import type { AbilityRef } from "../../core/limits.js";
import { setTapped } from "../../core/objects.js";
import { perPlayerMembershipFact } from "../../core/player-facts.js";
import { scriptTask } from "../../core/script.js";
import type { DecisionOption, GameObject, PlayerId } from "../../core/types.js";
import type { AbilityDef, CardDef, Op } from "../../core/vocabulary/schema.js";
import { asCost } from "./costs.js";
import { nameOf, phasedOut } from "./state.js";

/** The five colours and colourless (CR 105.1, 106.1b): the types of mana a pool holds. */
export const MANA_TYPES = ["W", "U", "B", "R", "G", "C"] as const;
export type ManaType = (typeof MANA_TYPES)[number];
export type ManaPool = Record<ManaType, number>;

/**
 * A mana cost (CR 107.4, 202.1): coloured (and {C}) symbols, each paid with one mana of that type;
 * generic mana, paid with any type; and how many {X} (CR 107.3).
 */
export interface ManaCost {
  /** Symbols of each type, every type present (0 when none): one shape for every cost read. */
  typed: ManaPool;
  generic: number;
  x: number;
}

const isManaType = (s: string): s is ManaType => (MANA_TYPES as readonly string[]).includes(s);

/**
 * Parsed mana strings (a payMana or addMana op's, asked at every priority its ability is offered):
 * the same few dozen strings a game, each parsed once. A cost is read, never changed.
 */
const parsedMana = new Map<string, ManaCost>();

/** Parses "{X}{1}{G}{G}" (the printed form; CR 107.4). Throws on a symbol the preset lacks. */
export function parseMana(text: string): ManaCost {
  let cost = parsedMana.get(text);
  if (cost === undefined) {
    cost = parseManaText(text);
    // Bounded: a program that parses strings of its own (a card editor) doesn't grow it for ever.
    if (parsedMana.size >= 4096) parsedMana.clear();
    parsedMana.set(text, cost);
  }
  return cost;
}

function parseManaText(text: string): ManaCost {
  const out: ManaCost = { typed: emptyPool(), generic: 0, x: 0 };
  const rest = text.replace(/\{([^}]*)\}/g, (_m, sym: string) => {
    if (/^\d+$/.test(sym)) out.generic += Number(sym);
    else if (sym === "X") out.x += 1;
    else if (isManaType(sym)) out.typed[sym] += 1;
    else
      throw new EngineError(
        `mana symbol {${sym}} is not supported (only {W}{U}{B}{R}{G}{C}, numbers and {X})`,
      );
    return "";
  });
  if (rest.trim() !== "") throw new EngineError(`"${text}" is not a mana cost like "{1}{G}"`);
  return out;
}

/** Writes a cost back in printed form, X already chosen: "{3}{R}". */
export function showMana(cost: ManaCost, x = 0): string {
  const n = cost.generic + x * cost.x;
  let typed = "";
  for (const t of MANA_TYPES) for (let k = cost.typed[t]; k > 0; k--) typed += SYMBOL[t];
  return n > 0 || typed === "" ? `{${n}}${typed}` : typed;
}

const SYMBOL: Record<ManaType, string> = { W: "{W}", U: "{U}", B: "{B}", R: "{R}", G: "{G}", C: "{C}" };

/** The total mana a cost asks for with this X (CR 601.2f; its mana value on the stack, CR 202.3e). */
export const manaTotal = (cost: ManaCost, x = 0): number =>
  cost.generic + x * cost.x + typedTotal(cost.typed);

/**
 * The coloured and {C} symbols of a cost. Each type is read by its name here and in `payable` and
 * `computeHave` (asked for every card in hand at every priority): every cost's `typed` has one
 * shape, all six types, so each read is a field at a known place.
 */
const typedTotal = (t: ManaCost["typed"]): number => t.W + t.U + t.B + t.R + t.G + t.C;

/** A generic cost of n. */
export const genericCost = (n: number): ManaCost => ({ typed: emptyPool(), generic: n, x: 0 });

/** Parsed costs by card definition (definitions don't change during a game): read, never changed. */
const costCache = new WeakMap<CardDef, Readonly<ManaCost>>();

/** A card's mana cost: `stats.manaCost` as printed, else its `cost` (mana value) as generic mana. */
export function manaCostOf(card: CardDef): Readonly<ManaCost> {
  let cost = costCache.get(card);
  if (!cost) {
    const printed = card.stats?.manaCost;
    cost = typeof printed === "string" ? parseMana(printed) : genericCost(Number(card.cost ?? 0));
    costCache.set(card, cost);
  }
  return cost;
}

// ---- the pool ----------------------------------------------------------------------------------

/** No mana of any type: a pool, or a cost's typed symbols (ManaCost.typed). */
export const emptyPool = (): ManaPool => ({ W: 0, U: 0, B: 0, R: 0, G: 0, C: 0 });

/** A player's mana pool by type. A total set without types (a scenario's `mana: 2`) counts as {C}. */
export function poolOf(game: Game, p: PlayerId): ManaPool {
  const vars = game.state.players[p]!.vars;
  const stored = vars.manaPool as JsonObject | undefined;
  const pool = emptyPool();
  // The stored pool lists only the types it holds (objects of many shapes): walked by its own keys.
  if (stored !== undefined) for (const t in stored) if (isManaType(t)) pool[t] = Number(stored[t] ?? 0);
  const sum = pool.W + pool.U + pool.B + pool.R + pool.G + pool.C;
  const total = Number(vars.mana ?? 0);
  if (total > sum) pool.C += total - sum;
  return pool;
}

/** Stores a pool: `vars.manaPool` lists the types it holds (`{ G: 1 }`), `vars.mana` the total. */
export function setPoolOf(game: Game, p: PlayerId, pool: ManaPool): void {
  const vars = game.state.players[p]!.vars;
  const held: JsonObject = {};
  for (const t of MANA_TYPES) if (pool[t] > 0) held[t] = pool[t];
  vars.manaPool = held;
  vars.mana = MANA_TYPES.reduce((a, t) => a + pool[t], 0);
}

/** Adds mana to a player's pool (CR 106.4); `payment` when a land is tapped as a cost is paid. */
export function addManaTo(
  game: Game,
  p: PlayerId,
  mana: ManaCost,
  source?: GameObject,
  payment = false,
): void {
  const pool = poolOf(game, p);
  for (const t of MANA_TYPES) pool[t] += mana.typed[t];
  pool.C += mana.generic; // "Add {2}" adds colourless mana (CR 106.1b)
  setPoolOf(game, p, pool);
  const data: JsonObject = { mana: showMana(mana), pool: Number(game.state.players[p]!.vars.mana) };
  if (payment) data.payment = true;
  game.emit({
    type: "mana",
    player: p,
    ...(source ? { obj: source.id, name: nameOf(game, source) } : {}),
    data,
  });
}

// ---- mana abilities ----------------------------------------------------------------------------

const addsMana = (ops: Op[] | undefined): boolean => (ops ?? []).some((op) => op.op === "addMana");
const targets = (ops: Op[] | undefined): boolean =>
  (ops ?? []).some((op) => op.op === "choose" && op.target === true);

/** CR 605.1a: an activated ability without a target that could add mana as it resolves. */
export function isManaAbility(ability: AbilityDef): boolean {
  return (
    ability.kind === "activated" &&
    addsMana(ability.effect) &&
    !targets(ability.cost) &&
    !targets(ability.effect)
  );
}

const manaAbilityCache = new WeakMap<CardDef, AbilityDef[]>();

/** The mana abilities of a card (worked out once per card definition). */
export function manaAbilities(card: CardDef): AbilityDef[] {
  let list = manaAbilityCache.get(card);
  if (!list) {
    list = (card.abilities ?? []).filter(isManaAbility);
    manaAbilityCache.set(card, list);
  }
  return list;
}

const tapsSelfCache = new WeakMap<AbilityDef, boolean>();

/** Does this ability's cost tap its own permanent ({T}, CR 107.5)? Worked out once per ability. */
export function tapsSelf(ability: AbilityDef): boolean {
  let taps = tapsSelfCache.get(ability);
  if (taps === undefined) {
    taps = (ability.cost ?? []).some((op) => op.op === "tap" && (op.what ?? "self") === "self");
    tapsSelfCache.set(ability, taps);
  }
  return taps;
}

const otherActivatedCache = new WeakMap<CardDef, AbilityDef[]>();

/** The activated abilities of a card that are not mana abilities (worked out once per card definition). */
export function otherActivatedAbilities(card: CardDef): AbilityDef[] {
  let list = otherActivatedCache.get(card);
  if (!list) {
    list = (card.abilities ?? []).filter((a) => a.kind === "activated" && !isManaAbility(a));
    otherActivatedCache.set(card, list);
  }
  return list;
}

/** What each card definition's tap-for-fixed-mana ability adds (null: none), worked out once. */
const landManaCache = new WeakMap<CardDef, ManaCost | null>();

function tapOnlyMana(card: CardDef): ManaCost | null {
  if (landManaCache.has(card)) return landManaCache.get(card)!;
  let out: ManaCost | null = null;
  for (const a of manaAbilities(card)) {
    const cost = a.cost ?? [];
    const onlyTap = cost.length === 1 && cost[0]!.op === "tap" && (cost[0]!.what ?? "self") === "self";
    const effect = a.effect ?? [];
    if (onlyTap && effect.every((op) => op.op === "addMana" && typeof op.mana === "string")) {
      out = effect.reduce<ManaCost>((acc, op) => addCosts(acc, parseMana(String(op.mana))), genericCost(0));
      break;
    }
  }
  landManaCache.set(card, out);
  return out;
}

/**
 * What a land's mana ability makes when paying a cost makes it tap by itself: its ability costs only
 * {T} and only adds fixed mana (a basic land, CR 305.6). Other mana abilities (creatures', Wall of
 * Roots') are activated by their controller (`mana:` options) before the payment.
 */
function landMana(game: Game, obj: GameObject, card: CardDef = game.card(obj)): ManaCost | null {
  if (obj.tapped || phasedOut(obj) || !card.types.includes("land")) return null; // isType
  return tapOnlyMana(card);
}

function addCosts(a: ManaCost, b: ManaCost): ManaCost {
  const typed: ManaPool = { ...a.typed };
  for (const t of MANA_TYPES) typed[t] += b.typed[t];
  return { typed, generic: a.generic + b.generic, x: a.x + b.x };
}

/** Untapped lands whose mana ability a payment may activate, with what each adds. */
export function manaLands(game: Game, p: PlayerId): { obj: GameObject; mana: ManaCost }[] {
  const out: { obj: GameObject; mana: ManaCost }[] = [];
  // Only a permanent with a mana ability can be one (manaSources: no walk over every permanent).
  for (const { obj, card } of manaSources(game, p)) {
    const mana = landMana(game, obj, card);
    if (mana) out.push({ obj, mana });
  }
  return out;
}

/** Kept for callers that list lands: untapped lands with a mana ability. */
export function untappedLands(game: Game, p: PlayerId): GameObject[] {
  return manaLands(game, p).map((l) => l.obj);
}

/** Mana a player could spend now: the pool plus what their untapped lands add. */
export function available(game: Game, p: PlayerId): number {
  const have = haveOf(game, p);
  return have.W + have.U + have.B + have.R + have.G + have.C;
}

type ManaByType = Record<ManaType, number>;

/** The pool plus what untapped lands add, by type ({C} for generic land mana). */
function computeHave(game: Game, p: PlayerId): ManaByType {
  const have = poolOf(game, p); // a fresh object
  for (const l of manaLands(game, p)) {
    const t = l.mana.typed;
    have.W += t.W;
    have.U += t.U;
    have.B += t.B;
    have.R += t.R;
    have.G += t.G;
    have.C += t.C + l.mana.generic;
  }
  return have;
}

/** Memo keys, one per player (no key string built per call). */
const haveKeys: symbol[] = [];

/** Available mana, computed once per player while a memo scope lasts (Game.withMemo: option lists). */
function haveOf(game: Game, p: PlayerId): Readonly<ManaByType> {
  haveKeys[p] ??= Symbol(`available mana of player ${p}`);
  return game.memo(haveKeys[p], () => computeHave(game, p));
}

/**
 * Taps a land for its mana (its mana ability, no stack, CR 605.3b): as part of a payment (CR
 * 601.2g: `payment`), or as its controller activates it.
 */
function tapLand(game: Game, land: { obj: GameObject; mana: ManaCost }, payment: boolean): void {
  // "Whenever you tap a land for mana": a `tap` event caused by its mana ability (cause.ability "mana").
  const o = land.obj;
  setTapped(game, o, true, {
    kind: "cost",
    player: o.controller,
    obj: o.id,
    card: o.card,
    name: nameOf(game, o),
    ability: "mana",
  });
  addManaTo(game, land.obj.controller, land.mana, land.obj, payment);
}

/**
 * Why `p` can't pay `cost` with X = x from their pool and untapped lands (CR 601.2g–h: each
 * coloured symbol with mana of its type, generic with any), or null if they can.
 */
export function cantPay(game: Game, p: PlayerId, cost: ManaCost, x = 0): string | null {
  return cantPayWith(game, p, haveOf(game, p), cost, x);
}

/**
 * Why `p` can't pay `cost` without the mana of `source` (CR 602.2b, 601.2h): an ability whose cost
 * also taps its own land ("{G}{U}, {T}: …") can't be paid with that land's mana — tapped for mana,
 * it couldn't pay {T}.
 */
export function cantPayWithout(game: Game, p: PlayerId, cost: ManaCost, source: GameObject): string | null {
  const own = source.tapped || source.controller !== p ? null : landMana(game, source);
  if (!own) return cantPay(game, p, cost);
  const have = { ...haveOf(game, p) };
  for (const t of MANA_TYPES) have[t] -= own.typed[t];
  have.C -= own.generic;
  return cantPayWith(game, p, have, cost, 0);
}

/** Can `have` pay `cost` (with X = `x`): each coloured symbol with its type, the total with anything? */
function payable(have: Readonly<ManaByType>, cost: ManaCost, x: number): boolean {
  const t = cost.typed;
  return (
    have.W >= t.W &&
    have.U >= t.U &&
    have.B >= t.B &&
    have.R >= t.R &&
    have.G >= t.G &&
    have.C >= t.C &&
    have.W + have.U + have.B + have.R + have.G + have.C >= manaTotal(cost, x)
  );
}

function cantPayWith(
  game: Game,
  p: PlayerId,
  have: Readonly<ManaByType>,
  cost: ManaCost,
  x: number,
): string | null {
  if (payable(have, cost, x)) return null; // no words to build
  const short: string[] = [];
  for (const t of MANA_TYPES) {
    const need = cost.typed[t];
    if (have[t] < need) short.push(`{${t}}`.repeat(need - have[t]));
  }
  const total = MANA_TYPES.reduce((a, t) => a + have[t], 0);
  const needAll = manaTotal(cost, x);
  if (short.length === 0 && total >= needAll) return null; // payable: no words to build
  const who = game.playerName(p);
  const shown = showMana(cost, x);
  if (short.length)
    return `needs ${shown}: ${short.join("")} that ${who}'s pool and untapped lands can't make`;
  if (total < needAll)
    return shown === `{${needAll}}`
      ? `needs ${needAll} mana; ${who} has ${total} available`
      : `needs ${shown} (${needAll} mana); ${who} has ${total} available`;
  return null;
}

/** The largest X `p` can pay for `cost` now (−1 if not even X = 0). */
export function maxX(game: Game, p: PlayerId, cost: ManaCost): number {
  if (!payable(haveOf(game, p), cost, 0)) return -1;
  if (cost.x === 0) return 0;
  return Math.floor((available(game, p) - manaTotal(cost, 0)) / cost.x);
}

/**
 * Pays a mana cost (CR 601.2g–h): lands are tapped for what the pool lacks — first for coloured
 * symbols the pool can't pay, then for the rest — and the cost is paid from the pool: each
 * coloured symbol with its type, generic with colourless first, then any colour.
 */
export function payCost(game: Game, p: PlayerId, cost: ManaCost, x = 0): void {
  const why = cantPay(game, p, cost, x);
  if (why) throw new EngineError(`${game.playerName(p)} can't pay: ${why}`);
  const lands = manaLands(game, p);
  const tapped = new Set<GameObject>();
  for (const t of MANA_TYPES) {
    const need = cost.typed[t];
    for (const l of lands) {
      if (poolOf(game, p)[t] >= need) break;
      if (!tapped.has(l.obj) && l.mana.typed[t] > 0) {
        tapLand(game, l, true);
        tapped.add(l.obj);
      }
    }
  }
  const total = manaTotal(cost, x);
  for (const l of lands) {
    if (Number(game.state.players[p]!.vars.mana ?? 0) >= total) break;
    if (!tapped.has(l.obj)) {
      tapLand(game, l, true);
      tapped.add(l.obj);
    }
  }
  const pool = poolOf(game, p);
  for (const t of MANA_TYPES) pool[t] -= cost.typed[t];
  let generic = cost.generic + x * cost.x;
  for (const t of ["C", "W", "U", "B", "R", "G"] as const) {
    const n = Math.min(pool[t], generic);
    pool[t] -= n;
    generic -= n;
  }
  setPoolOf(game, p, pool);
}

/** Pays n generic mana. */
export function payMana(game: Game, p: PlayerId, n: number): void {
  payCost(game, p, genericCost(n));
}

/** A permanent with mana abilities, and those abilities (its card's). */
export interface ManaSource {
  readonly obj: GameObject;
  readonly card: CardDef;
  readonly abilities: readonly AbilityDef[];
}

/**
 * The permanents on `p`'s battlefield with mana abilities, phased-out ones included (asked at every
 * priority): indexed until a card enters or leaves a zone or becomes another card
 * (Game.membershipFact). Read, never changed.
 */
export const manaSources: (game: Game, p: PlayerId) => readonly ManaSource[] = perPlayerMembershipFact(
  "magic.manaSources",
  scanManaSources,
  (_game, card) => hasActivatedAbility(card), // a mana ability is one (CR 605.1a)
);

/** `manaSources` computed afresh (what the index must equal: tests/core/membership-index.test.ts). */
export function scanManaSources(game: Game, p: PlayerId): ManaSource[] {
  const out: ManaSource[] = [];
  const objects = game.state.objects;
  for (const id of game.zone("battlefield", p).cards) {
    const obj = objects[id]!;
    const card = game.card(obj);
    const abilities = manaAbilities(card);
    if (abilities.length > 0) out.push({ obj, card, abilities });
  }
  return out;
}

/** The mana-ability options of a player with priority (CR 605.3a): `mana:<id>` or `mana:<id>:<ability>`. */
export function manaOptions(game: Game, p: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  for (const { obj: o, card, abilities } of manaSources(game, p)) {
    if (phasedOut(o)) continue; // CR 702.26b: treated as though it doesn't exist
    for (const ability of abilities) {
      if (o.tapped && tapsSelf(ability)) continue; // its {T} can't be paid (mayActivate's cost check)
      const ref: AbilityRef = { obj: o, card, ability, controller: p };
      if (!mayActivate(game, ref, p)) continue;
      const land = card.types.includes("land") && abilities.length === 1; // isType
      out.push({
        id: abilities.length === 1 ? `mana:${game.ref(o)}` : `mana:${game.ref(o)}:${ability.id}`,
        label: land
          ? `Tap ${nameOf(game, o)} for mana`
          : `Activate ${nameOf(game, o)}: ${ability.text ?? ability.id}`,
      });
    }
  }
  return out;
}

/**
 * Activates a mana ability (CR 605.3): checked like any activation (costs, limits such as "once
 * each turn", summoning sickness for {T}), its costs paid, then it resolves at once — it doesn't go
 * on the stack (CR 605.3b).
 */
export function activateManaAbility(game: Game, p: PlayerId, obj: GameObject, abilityId = ""): void {
  const card = game.card(obj);
  const abilities = manaAbilities(card);
  const ability = abilityId ? abilities.find((a) => a.id === abilityId) : abilities[0];
  if (!ability) throw new IllegalActionError(`${card.name} has no mana ability "${abilityId}"`);
  const ref: AbilityRef = { obj, card, ability, controller: p };
  const why = whyNotActivate(game, ref, p);
  if (why.length > 0)
    throw new IllegalActionError(`${card.name} can't be activated now: ${why.map((r) => r.text).join("; ")}`);
  game.useLimits(ref);
  const land = manaLands(game, p).find((l) => l.obj.id === obj.id);
  if (land && abilities.length === 1) {
    tapLand(game, land, false);
    return;
  }
  game.pushTask(
    // Its {T} is a mana ability's cost (costs.ts: cause.ability "mana", "whenever you tap … for mana").
    scriptTask([...(ability.cost ?? []).map((op) => asCost(op, true)), ...(ability.effect ?? [])], {
      controller: p,
      source: obj.id,
      sourceInc: obj.inc,
      card: obj.card,
      ability: ability.id,
    }),
  );
}

/** Taps a land for mana (its only mana ability). */
export function tapForMana(game: Game, land: GameObject): void {
  activateManaAbility(game, land.controller, land);
}

// ---- emptying ----------------------------------------------------------------------------------

/**
 * Types of mana a player doesn't lose as steps and phases end: static abilities `{ kind: keepMana,
 * players?: "all" | "controller", types?: ["G"] }` of phased-in permanents (Upwelling: every
 * player, all mana; "You don't lose unspent green mana": the controller, G).
 */
function keptTypes(game: Game, p: PlayerId): Set<ManaType> {
  const out = new Set<ManaType>();
  for (const ref of game.staticAbilities("keepMana")) {
    if (phasedOut(ref.obj)) continue;
    const s = ref.ability.static ?? {};
    const who = s.players === "controller" ? "controller" : "all";
    if (who === "controller" && ref.obj.controller !== p) continue;
    const types = Array.isArray(s.types) ? (s.types as string[]).filter(isManaType) : [...MANA_TYPES];
    for (const t of types) out.add(t);
  }
  return out;
}

/** CR 500.4, 106.4: as a step or phase ends, unused mana empties from every pool — except mana an effect keeps. */
export function emptyManaPools(game: Game, node: string): void {
  for (const pl of game.state.players) {
    // Nothing to empty (the usual case): no scan for what keeps mana.
    const held = pl.vars.manaPool as JsonObject | undefined;
    if (Number(pl.vars.mana ?? 0) === 0 && (!held || Object.keys(held).length === 0)) continue;
    const pool = poolOf(game, pl.id);
    const kept = keptTypes(game, pl.id);
    let n = 0;
    for (const t of MANA_TYPES)
      if (!kept.has(t)) {
        n += pool[t];
        pool[t] = 0;
      }
    if (n === 0) continue;
    setPoolOf(game, pl.id, pool);
    game.emit({ type: "manaEmptied", player: pl.id, data: { n, node } });
  }
}
