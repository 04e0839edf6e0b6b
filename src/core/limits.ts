/**
 * Usage limits: one declarative model for every "once per …" (DESIGN: usage limits; RULINGS DM-1
 * to DM-G7, YG-1 to YG-3, MTG "activate only once each turn"). A limit is data on an ability:
 * what it counts, the key that shares the count, the window, how many, and when it is used up.
 * Uses are counted in the same per-window counter cells as events, so a check is a handful of
 * map lookups whatever the length of the game.
 */

import { limitsOf } from "./abilities.js";
import { currentNode } from "./clock.js";
import type { AbilityRef, Allowed, Refused, RemainingEntry, UsedUp, Verdict } from "./contract/data.js";
import type { Game } from "./contract/game.js";
import { bump, countEvents, emit, readCell } from "./events.js";
import { plural } from "./labels.js";
import { eventTypes, isRelative } from "./match.js";
import type { CounterMark, LogEntry, PlayerId } from "./types.js";
import type { EventPattern, LimitSpec } from "./vocabulary/schema.js";

export type { AbilityRef, Allowed, Refused, RemainingEntry, UsedUp, Verdict } from "./contract/data.js";

export const ALLOWED: Allowed = Object.freeze({ ok: true });

/** When a limit is used up, defaulting from what it counts. */
export function usedUpOf(spec: LimitSpec): UsedUp {
  if (spec.usedUp) return spec.usedUp;
  return spec.counts === "event" ? "trigger" : spec.counts;
}

/** The printed name a name-keyed limit uses: the card's printed identity, never its current name (RULINGS YG-2.3). */
function printedName(ref: AbilityRef, spec: LimitSpec): string {
  return spec.name ?? ref.card.name;
}

/** The counter cell key that shares this limit's count. */
export function limitKey(ref: AbilityRef, spec: LimitSpec): string {
  const a = ref.ability.id;
  switch (spec.key) {
    // With `group`, the object's abilities of that group share one count (CR 606.3: one loyalty
    // ability of a permanent each turn, whichever).
    case "incarnation":
      return `L:inc:${spec.keepOnSelfFaceDown ? ref.obj.lineage : ref.obj.inc}:${spec.group !== undefined ? `g:${spec.group}` : a}`;
    case "card":
      return `L:card:${ref.obj.id}:${spec.group !== undefined ? `g:${spec.group}` : a}`;
    case "namePerPlayer":
      return `L:name:${ref.controller}:${printedName(ref, spec)}:${a}`;
    case "name":
      return `L:name:*:${printedName(ref, spec)}:${a}`;
    case "keywordPerPlayer":
      return `L:kw:${ref.controller}:${spec.keyword ?? ref.ability.keyword}`;
    case "group":
      return `L:group:${ref.controller}:${spec.group}`;
    case "bucket":
      return `L:bucket:${ref.controller}:${spec.bucket}`;
    case "player":
      return `L:player:${ref.controller}:${ref.card.id}:${a}`;
    case "all":
      return `L:all:${ref.card.id}:${a}`;
  }
}

const ORDINALS = [
  "zeroth",
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
];
export function ordinal(n: number): string {
  return ORDINALS[n] ?? `${n}th`;
}

function playerName(game: Game, p: PlayerId): string {
  return game.state.players[p]?.name ?? `P${p + 1}`;
}

export function nodeLabel(game: Game, node: string): string {
  return game.rules.nodes.get(node)?.label ?? node;
}

function windowPhrase(game: Game, window: string): string {
  switch (window) {
    case "turn":
      return `this turn (turn ${game.state.clock.turn.id})`;
    case "game":
      return "this game";
    case "attack":
      return "during this attack";
    default:
      return `in this ${window}`;
  }
}

function keyPhrase(game: Game, ref: AbilityRef, spec: LimitSpec): string {
  const who = playerName(game, ref.controller);
  switch (spec.key) {
    case "incarnation": {
      const what = spec.group !== undefined ? `this card's “${spec.group}” abilities` : "this card";
      return spec.keepOnSelfFaceDown
        ? `${what} (since it last left its zone or was turned face-down by another card)`
        : `${what} (since it last changed zone or turned face-down)`;
    }
    case "card":
      return spec.group !== undefined ? `this card's “${spec.group}” abilities` : "this card";
    case "namePerPlayer":
      return `${who}'s cards named “${printedName(ref, spec)}”`;
    case "name":
      return `every card named “${printedName(ref, spec)}”`;
    case "keywordPerPlayer":
      return `${who}'s “${spec.keyword ?? ref.ability.keyword}” abilities`;
    case "group":
      return `${who}'s effects sharing “${spec.group}”`;
    case "bucket":
      return `${who}'s effects with “${spec.bucket}”`;
    case "player":
      return `${who}`;
    case "all":
      return "every player";
  }
}

export function labelOf(spec: LimitSpec): string {
  if (spec.label) return spec.label;
  if (spec.counts === "event" && spec.nth) return `only the ${ordinal(spec.nth)} time each ${spec.window}`;
  const times = spec.times ?? 1;
  return `${times === 1 ? "once" : `${times} times`} per ${spec.window}`;
}

function markPhrase(game: Game, m: CounterMark): string {
  // The card by the handle it had then, if it still has it; never the referee's id.
  const o = m.obj !== undefined ? game.state.objects[m.obj] : undefined;
  const ref = o?.handle && o.handleSince <= m.seq ? ` (${o.handle})` : "";
  const by = m.name ? `, by ${m.name}${ref}` : "";
  return `turn ${m.turn}, ${nodeLabel(game, m.node)}${by}`;
}

function refuse(
  game: Game,
  ref: AbilityRef,
  spec: LimitSpec,
  key: string,
  reason: string,
  usedBy?: CounterMark,
): Refused {
  const r: Refused = {
    ok: false,
    reason: `${ref.card.name}: ${reason}`,
    limit: spec,
    key,
    window: spec.window,
  };
  if (usedBy) r.usedBy = usedBy;
  void game;
  return r;
}

/**
 * Checks one limit. `phase` is "query" before the counted thing happens (may it still happen?)
 * or "trigger" when the event being counted has just been counted (is this the Nth?); `event` is
 * that event (an `eachPlayer` limit counts its player's occurrences).
 */
export function checkLimit(
  game: Game,
  ref: AbilityRef,
  spec: LimitSpec,
  phase: "query" | "trigger",
  event?: LogEntry,
): Verdict {
  const key = limitKey(ref, spec);
  if (spec.ownTurnOnly && game.state.clock.turn.player !== ref.controller)
    return refuse(
      game,
      ref,
      spec,
      key,
      `“${labelOf(spec)}” works only during ${playerName(game, ref.controller)}'s turn`,
    );
  if (!(spec.window in game.state.clock.windows))
    return refuse(
      game,
      ref,
      spec,
      key,
      `“${labelOf(spec)}” needs ${/^[aeiou]/.test(spec.window) ? "an" : "a"} ${spec.window} in progress, and none is`,
    );
  if (spec.counts === "event") return checkEventLimit(game, ref, spec, phase, key, event);
  const cell = readCell(game, spec.window, key);
  const used = cell?.n ?? 0;
  const times = spec.times ?? 1;
  if (used < times) return ALLOWED;
  const last = cell!.last;
  return refuse(
    game,
    ref,
    spec,
    key,
    `“${labelOf(spec)}” is used up for ${keyPhrase(game, ref, spec)} ${windowPhrase(game, spec.window)}: ` +
      (times > 1 ? `${usedVerb(spec)} ${used} of ${times} times, the last in ` : `${usedVerb(spec)} in `) +
      markPhrase(game, last),
    last,
  );
}

function usedVerb(spec: LimitSpec): string {
  switch (usedUpOf(spec)) {
    case "trigger":
      return "triggered";
    case "resolution":
      return "resolved";
    case "application":
      return "applied";
    case "activation":
      return "activated";
    case "use":
      return "used";
  }
}

function checkEventLimit(
  game: Game,
  ref: AbilityRef,
  spec: LimitSpec,
  phase: "query" | "trigger",
  key: string,
  event?: LogEntry,
): Verdict {
  const pattern = spec.event ?? ref.ability.trigger!;
  const { n, first } = occurrences(game, ref, spec, pattern, event);
  const noun = pattern.noun ?? `${eventTypes(pattern).join("/")} event`;
  const target = spec.nth ?? spec.times ?? 1;
  const within = spec.window === "turn" ? `of turn ${game.state.clock.turn.id}` : `of this ${spec.window}`;
  if (phase === "trigger") {
    if (spec.nth ? n === spec.nth : n <= target) return ALLOWED;
    return refuse(
      game,
      ref,
      spec,
      key,
      spec.nth
        ? `this is the ${ordinal(n)} ${noun} ${within}, not the ${ordinal(spec.nth)}`
        : `${plural(n, noun)} ${within} already, more than ${target}`,
      first,
    );
  }
  if (n < target) return ALLOWED;
  if (spec.nth === 1 && first) {
    const before = first.seq < ref.obj.enteredAt ? ", before this card entered" : "";
    return refuse(
      game,
      ref,
      spec,
      key,
      `the first ${noun} ${within} happened in ${nodeLabel(game, first.node)}${before}`,
      first,
    );
  }
  return refuse(
    game,
    ref,
    spec,
    key,
    spec.nth
      ? `the ${ordinal(spec.nth)} ${noun} ${within} has already happened (${n} so far)`
      : `${plural(n, noun)} ${within} already${first ? `, the first in ${markPhrase(game, first)}` : ""}`,
    first,
  );
}

/**
 * The occurrences a `counts: event` limit sees: every one in its window, or with `eachPlayer`
 * those of one player (CR 603.2: "whenever an opponent draws their second card each turn" is each
 * opponent's second) — the event's player's at a trigger; asked beforehand, those of the watched
 * player with the fewest (could it still happen for someone?).
 */
function occurrences(
  game: Game,
  ref: AbilityRef,
  spec: LimitSpec,
  pattern: EventPattern,
  event?: LogEntry,
): { n: number; first?: CounterMark } {
  if (!spec.eachPlayer) return countEvents(game, pattern, spec.window, ref.controller, ref.obj);
  if (event?.player !== undefined)
    return countEvents(game, pattern, spec.window, ref.controller, ref.obj, event.player);
  let fewest: { n: number; first?: CounterMark } | undefined;
  for (const p of game.state.players) {
    if (!isRelative(game, pattern.player, p.id, ref.controller)) continue;
    const c = countEvents(game, pattern, spec.window, ref.controller, ref.obj, p.id);
    if (!fewest || c.n < fewest.n) fewest = c;
  }
  return fewest ?? { n: 0 };
}

/**
 * Says that a limit refused an ability (`limitRefused`): its controller, its card, the ability,
 * why, and the moment it was refused at ("trigger", "replacement", …).
 */
export function emitLimitRefused(game: Game, ref: AbilityRef, v: Refused, at: string): void {
  emit(game, {
    type: "limitRefused",
    player: ref.controller,
    obj: ref.obj.id,
    inc: ref.obj.inc,
    card: ref.obj.card,
    name: ref.card.name,
    data: { ability: ref.ability.id, reason: v.reason, key: v.key, window: v.window, at },
  });
}
/** Checks every limit of an ability that `which` selects; the first refusal wins. */
export function checkLimits(
  game: Game,
  ref: AbilityRef,
  which: (spec: LimitSpec) => boolean,
  phase: (spec: LimitSpec) => "query" | "trigger" = () => "query",
): Verdict {
  for (const spec of limitsOf(ref.ability)) {
    if (!which(spec)) continue;
    const v = checkLimit(game, ref, spec, phase(spec));
    if (!v.ok) return v;
  }
  return ALLOWED;
}

/** Records one use of a limit, stamped now. Event-counting limits are used up by their events. */
export function chargeLimit(game: Game, ref: AbilityRef, spec: LimitSpec): void {
  if (spec.counts === "event") return;
  // The stamp of now, in the one shape of every counter mark (events.markOf): no spread.
  const clock = game.state.clock;
  const mark: CounterMark = {
    seq: game.state.ids.event,
    turn: clock.turn.id,
    active: clock.turn.player,
    node: currentNode(clock),
    attack: clock.attack,
    name: ref.card.name,
    obj: ref.obj.id,
    player: ref.controller,
  };
  const key = limitKey(ref, spec);
  const cell = bump(game, spec.window, key, mark);
  for (const w of spec.alsoRecordIn ?? []) bump(game, w, key, mark); // a window not open now records nothing
  emit(game, {
    type: "limitUsed",
    player: ref.controller,
    obj: ref.obj.id,
    inc: ref.obj.inc,
    card: ref.obj.card,
    name: ref.card.name,
    data: {
      ability: ref.ability.id,
      limit: labelOf(spec),
      key,
      window: spec.window,
      used: cell?.n ?? 0,
      max: spec.times ?? 1,
      scope: keyPhrase(game, ref, spec),
    },
  });
}

/** Gives back a use: a negated activation of an "activate" limit (RULINGS YG-2.4). */
export function refundLimit(game: Game, ref: AbilityRef, spec: LimitSpec): void {
  const key = limitKey(ref, spec);
  const cells = game.state.counters[spec.window];
  if (!cells?.[key]) return;
  for (const w of [spec.window, ...(spec.alsoRecordIn ?? [])]) {
    const inWindow = game.state.counters[w];
    const cell = inWindow?.[key];
    if (!inWindow || !cell) continue;
    cell.n -= 1;
    if (cell.n <= 0) delete inWindow[key];
  }
  emit(game, {
    type: "limitRefunded",
    player: ref.controller,
    obj: ref.obj.id,
    inc: ref.obj.inc,
    card: ref.obj.card,
    name: ref.card.name,
    data: { ability: ref.ability.id, limit: labelOf(spec), key, window: spec.window },
  });
}

/** Charges every limit of an ability used up at `moment`. */
export function chargeLimits(game: Game, ref: AbilityRef, moment: UsedUp): LimitSpec[] {
  const charged: LimitSpec[] = [];
  for (const spec of limitsOf(ref.ability)) {
    if (usedUpOf(spec) !== moment) continue;
    chargeLimit(game, ref, spec);
    charged.push(spec);
  }
  return charged;
}

export function limitStatus(game: Game, ref: AbilityRef, spec: LimitSpec): RemainingEntry {
  const key = limitKey(ref, spec);
  const max = spec.counts === "event" ? (spec.nth ?? spec.times ?? 1) : (spec.times ?? 1);
  let used: number;
  if (spec.counts === "event") {
    const pattern = spec.event ?? ref.ability.trigger!;
    used = spec.window in game.state.clock.windows ? occurrences(game, ref, spec, pattern).n : 0;
  } else used = readCell(game, spec.window, key)?.n ?? 0;
  const v = checkLimit(game, ref, spec, "query");
  const entry: RemainingEntry = {
    obj: game.ref(ref.obj),
    card: ref.card.id,
    name: ref.card.name,
    ability: ref.ability.id,
    limit: labelOf(spec),
    window: spec.window,
    used: Math.min(used, max),
    max,
    remaining: v.ok ? Math.max(0, max - used) : 0,
  };
  if (!v.ok) entry.reason = v.reason;
  return entry;
}
