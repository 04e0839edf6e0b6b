/**
 * Data predicates: matchers on values, card filters, object selectors, event patterns and
 * conditions. Everything a card definition says about "which" and "whether" is evaluated here.
 */
import type { Game, GameReader } from "./contract/game.js";

/** What reading an object's current characteristics needs. */
type ObjectReader = Pick<Game, "state" | "rules" | "exists" | "characteristic" | "zonesOf">;

import type { Json } from "./json.js";
import type { GameEvent, GameObject, PlayerId } from "./types.js";
import type {
  CardDef,
  CardFilter,
  ConditionT,
  EventPattern,
  MatcherT,
  RelativePlayer,
  Selector,
} from "./vocabulary/schema.js";

function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

const OPERATORS = new Set([
  "eq",
  "ne",
  "lt",
  "lte",
  "gt",
  "gte",
  "includes",
  "includesAny",
  "in",
  "not",
  "size",
]);

function isOperator(m: MatcherT): m is Exclude<MatcherT, Json> & object {
  if (typeof m !== "object" || m === null || Array.isArray(m)) return false;
  let known = operatorObjects.get(m);
  if (known === undefined) {
    const keys = Object.keys(m);
    known = keys.length > 0 && keys.every((k) => OPERATORS.has(k));
    operatorObjects.set(m, known);
  }
  return known;
}

/**
 * Facts about the rules' own objects (matchers, `where` maps), found once per object: card
 * definitions are frozen, so a matcher object always means the same. Keyed by identity.
 */
const operatorObjects = new WeakMap<object, boolean>();
const whereLists = new WeakMap<object, readonly (readonly [string, MatcherT])[]>();

/** `Object.entries(where)`, once per `where` object. */
function entriesOf(
  where: Readonly<Record<string, MatcherT>> | undefined,
): readonly (readonly [string, MatcherT])[] {
  if (where === undefined) return NO_ENTRIES;
  let list = whereLists.get(where);
  if (list === undefined) {
    list = Object.entries(where);
    whereLists.set(where, list);
  }
  return list;
}
const NO_ENTRIES: readonly (readonly [string, MatcherT])[] = [];

/** Does `actual` satisfy `matcher`? A bare scalar against a list means "the list includes it". */
export function matchValue(actual: Json | undefined, matcher: MatcherT): boolean {
  if (typeof matcher !== "object" || matcher === null) {
    // A scalar: equal, or one of a list's items (jsonEqual of a scalar is identity).
    if (actual === matcher) return true;
    if (Array.isArray(actual)) for (const x of actual) if (x === matcher) return true;
    return false;
  }
  if (!isOperator(matcher)) {
    if (Array.isArray(actual) && !Array.isArray(matcher))
      return actual.some((x) => jsonEqual(x, matcher as Json));
    return jsonEqual(actual, matcher as Json);
  }
  const m = matcher as Record<string, Json | MatcherT>;
  if ("not" in m) return !matchValue(actual, m.not as MatcherT);
  if ("size" in m) return Array.isArray(actual) && matchValue(actual.length, m.size as MatcherT);
  if ("eq" in m) return jsonEqual(actual, m.eq as Json);
  if ("ne" in m) return !jsonEqual(actual, m.ne as Json);
  if ("includes" in m) return Array.isArray(actual) && actual.some((x) => jsonEqual(x, m.includes as Json));
  if ("includesAny" in m)
    return (
      Array.isArray(actual) && (m.includesAny as Json[]).some((w) => actual.some((x) => jsonEqual(x, w)))
    );
  if ("in" in m) return (m.in as Json[]).some((w) => jsonEqual(actual, w));
  if (typeof actual !== "number") return false;
  if (typeof m.lt === "number" && !(actual < m.lt)) return false;
  if (typeof m.lte === "number" && !(actual <= m.lte)) return false;
  if (typeof m.gt === "number" && !(actual > m.gt)) return false;
  if (typeof m.gte === "number" && !(actual >= m.gte)) return false;
  return true;
}

/** A printed characteristic of a card definition: top-level fields first, then stats. */
export function printedField(def: CardDef, field: string): Json | undefined {
  const top = (def as unknown as Record<string, Json | undefined>)[field];
  if (top !== undefined && field !== "abilities" && field !== "stats") return top;
  return def.stats?.[field];
}

function oneOf(value: string | readonly string[] | undefined, actual: string | readonly string[]): boolean {
  if (value === undefined) return true;
  if (typeof value === "string")
    return typeof actual === "string" ? actual === value : actual.includes(value);
  if (typeof actual === "string") return value.includes(actual);
  for (const a of actual) if (value.includes(a)) return true;
  return false;
}

export function matchCard(def: CardDef, filter: CardFilter | undefined): boolean {
  if (!filter) return true;
  if (!oneOf(filter.type, def.types)) return false;
  if (!oneOf(filter.name, def.name)) return false;
  for (const [field, m] of entriesOf(filter.where))
    if (!matchValue(printedField(def, field), m)) return false;
  return true;
}

/** Is `player` the relative player `rel` as seen from `viewer`? */
export function isRelative(
  game: GameReader,
  rel: RelativePlayer | undefined,
  player: PlayerId | undefined,
  viewer: PlayerId,
): boolean {
  if (rel === undefined || rel === "any") return true;
  if (player === undefined) return false;
  switch (rel) {
    case "self":
      return player === viewer;
    case "opponent":
      return player !== viewer;
    case "active":
      return player === game.state.clock.turn.player;
    case "nonActive":
      return player !== game.state.clock.turn.player;
  }
}

/**
 * The players a relative player names, as seen from `viewer`, in APNAP order — the active player
 * first, then the others in turn order (CR 101.4: what several players do at once, such as take
 * extra turns, is done in that order).
 */
export function relativePlayers(
  game: GameReader,
  rel: RelativePlayer | undefined,
  viewer: PlayerId,
): PlayerId[] {
  const n = game.state.players.length;
  const active = game.state.clock.turn.player;
  const out: PlayerId[] = [];
  for (let k = 0; k < n; k++) {
    const p = (active + k) % n;
    if (isRelative(game, rel, p, viewer)) out.push(p);
  }
  return out;
}

/** Does an object match a selector, from the point of view of `viewer` and `source`? */
export function matchObject(
  game: ObjectReader,
  obj: GameObject,
  sel: Selector,
  viewer: PlayerId,
  source?: GameObject,
): boolean {
  if (obj.underOf !== null || !game.exists(obj)) return false; // Preset.exists (CR 702.26b)
  const zone = game.state.zones[obj.zone]!;
  const kinds = sel.zone ?? game.rules.inPlayKinds;
  if (!oneOf(kinds, zone.kind)) return false;
  if (!isRelative(game, sel.owner, obj.owner, viewer)) return false;
  if (!isRelative(game, sel.controller, obj.controller, viewer)) return false;
  if (sel.other && source && source.id === obj.id) return false;
  if (sel.tapped !== undefined && obj.tapped !== sel.tapped) return false;
  if (sel.faceDown !== undefined && obj.faceDown !== sel.faceDown) return false;
  // A characteristic is worked out (the preset's continuous effects) only when the selector asks for it.
  if (sel.type !== undefined && !oneOf(sel.type, game.characteristic(obj, "types") as string[])) return false;
  if (sel.name !== undefined && !oneOf(sel.name, game.characteristic(obj, "name") as string)) return false;
  for (const [field, m] of entriesOf(sel.where))
    if (!matchValue(game.characteristic(obj, field), m)) return false;
  return true;
}

export function selectObjects(
  game: ObjectReader,
  sel: Selector,
  viewer: PlayerId,
  source?: GameObject,
): GameObject[] {
  const out: GameObject[] = [];
  const objects = game.state.objects;
  // The zones of the kinds asked, in the state's order (the order of the objects found).
  for (const zone of game.zonesOf(sel.zone ?? game.rules.inPlayKinds))
    for (const id of zone.cards) {
      const obj = objects[id]!;
      if (matchObject(game, obj, sel, viewer, source)) out.push(obj);
    }
  return out;
}

/**
 * How many objects match a selector and `accept`, counted up to `upTo` (a question of "at least n":
 * a choice's feasibility, a count condition, stops at the n-th). The same walk as selectObjects.
 */
export function countSelected(
  game: ObjectReader,
  sel: Selector,
  viewer: PlayerId,
  source: GameObject | undefined,
  upTo: number,
  accept?: (obj: GameObject) => boolean,
): number {
  let n = 0;
  if (upTo <= 0) return n;
  const objects = game.state.objects;
  for (const zone of game.zonesOf(sel.zone ?? game.rules.inPlayKinds))
    for (const id of zone.cards) {
      const obj = objects[id]!;
      if (matchObject(game, obj, sel, viewer, source) && (accept === undefined || accept(obj)) && ++n >= upTo)
        return n;
    }
  return n;
}

/** Dotted paths of the rules' event patterns, split once (a few dozen in a preset). */
const pathParts = new Map<string, readonly string[]>();

/** Reads a dotted path of an event ("cause.name", "data.count"). */
export function eventField(ev: GameEvent, path: string): Json | undefined {
  let parts = pathParts.get(path);
  if (parts === undefined) {
    parts = path.split(".");
    pathParts.set(path, parts);
  }
  let cur: unknown = ev;
  for (const part of parts) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur as Json | undefined;
}

/** The event types a pattern listens to. */
export function eventTypes(p: EventPattern): readonly string[] {
  return typeof p.on === "string" ? [p.on] : p.on;
}

/** The parts of a pattern that do not depend on who is looking (what counters count). */
export function matchEventAbsolute(game: GameReader, ev: GameEvent, p: EventPattern): boolean {
  if (typeof p.on === "string" ? ev.type !== p.on : !p.on.includes(ev.type)) return false;
  if (p.from !== undefined && (ev.from === undefined || !oneOf(p.from, ev.from))) return false;
  if (p.to !== undefined && (ev.to === undefined || !oneOf(p.to, ev.to))) return false;
  if (p.card) {
    if (ev.card === undefined) return false;
    if (!matchCard(game.rules.card(ev.card), p.card)) return false;
  }
  for (const [path, m] of entriesOf(p.where)) if (!matchValue(eventField(ev, path), m)) return false;
  return true;
}

/** Does an event match a pattern as seen by the ability of `self` controlled by `viewer`? */
export function matchEvent(
  game: GameReader,
  ev: GameEvent,
  p: EventPattern,
  viewer: PlayerId,
  self?: GameObject,
): boolean {
  // The cheap tests first: most events a "self" ability hears are about other objects.
  if (p.self && (!self || ev.obj !== self.id)) return false;
  if (p.other && self && ev.obj === self.id) return false; // "another creature"
  if (!isRelative(game, p.player, ev.player, viewer)) return false;
  if (p.by !== undefined && !isRelative(game, p.by, ev.cause?.player, viewer)) return false;
  return matchEventAbsolute(game, ev, p);
}

/** What a condition is evaluated against. */
export interface ConditionContext {
  controller: PlayerId;
  obj?: GameObject;
  event?: GameEvent;
}

function compare(n: number, c: { eq?: number; gte?: number; lte?: number }): boolean {
  if (c.eq !== undefined && n !== c.eq) return false;
  if (c.gte !== undefined && n < c.gte) return false;
  if (c.lte !== undefined && n > c.lte) return false;
  return true;
}

export function evalCondition(game: Game, cond: ConditionT, ctx: ConditionContext): boolean {
  if ("all" in cond) return cond.all.every((c) => evalCondition(game, c, ctx));
  if ("any" in cond) return cond.any.some((c) => evalCondition(game, c, ctx));
  if ("not" in cond) return !evalCondition(game, cond.not, ctx);
  if ("count" in cond) {
    // Counted only as far as the comparison needs: one past its largest bound.
    const upTo = Math.max(cond.eq ?? 0, cond.gte ?? 0, cond.lte ?? 0) + 1;
    return compare(countSelected(game, cond.count, ctx.controller, ctx.obj, upTo), cond);
  }
  if ("events" in cond)
    return compare(game.countEvents(cond.events, cond.window ?? "turn", ctx.controller, ctx.obj).n, cond);
  if ("turn" in cond) return isRelative(game, cond.turn, game.state.clock.turn.player, ctx.controller);
  if ("node" in cond) return oneOf(cond.node, game.state.clock.path);
  const fn = game.rules.conditions.get(cond.fn);
  if (!fn) throw new Error(`unknown condition function "${cond.fn}"`);
  const obj = ctx.obj?.id ?? null;
  const eventObj = ctx.event?.obj ?? null; // the object the triggering event is about, if any
  // Without arguments, one literal of one shape (no copy of an empty object).
  if (cond.args === undefined) return fn(game, { controller: ctx.controller, obj, eventObj });
  return fn(game, { ...cond.args, controller: ctx.controller, obj, eventObj });
}
