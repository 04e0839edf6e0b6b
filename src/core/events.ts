/**
 * The event log and its per-window counters (DESIGN: event log). Every game event is appended
 * once, stamped with the clock, and counted in the windows that are open, so "how many", "is
 * this the first" and "the Nth time" are O(1) lookups that never scan history.
 */
import type { BookkeepingEvent, EventFlags, EventTypeRules, Game, GameReader } from "./contract/game.js";

/** What hears whether anyone listens to an event type. */
type Listening = Pick<Game, "keepLog" | "hasListeners">;
/** What emitting an event needs: the log, its listeners, the counters and the triggers. */
type EventLog = Listening &
  Pick<Game, "state" | "rules" | "notify" | "collectTriggers" | "quietEvent" | "batchStart">;

import { counterSpecFor } from "./abilities.js";
import { currentNode } from "./clock.js";
import type { CounterSpec } from "./contract/data.js";
import { internalized } from "./intern.js";
import { cloneJson } from "./json.js";
import { eventTypes, isRelative, matchEventAbsolute } from "./match.js";
import type { CounterCell, CounterMark, GameEvent, GameObject, LogEntry, PlayerId } from "./types.js";
import { seenIn, trackersOf, union } from "./visibility.js";
import type { EventPattern } from "./vocabulary/schema.js";

/** The mark a counter cell keeps of an event: one shape for all (absent fields undefined, left out when serialized). */
export function markOf(entry: LogEntry): CounterMark {
  return {
    seq: entry.seq,
    turn: entry.turn,
    active: entry.active,
    node: entry.node,
    attack: entry.attack,
    name: entry.name,
    obj: entry.obj,
    player: entry.player,
  };
}

/** Opens a window: a new instance whose counters start at zero. O(1). */
export function openWindow(game: GameReader, name: string): number {
  const id = ++game.state.ids.window;
  game.state.clock.windows[name] = id;
  // A dictionary from the start: cells keyed by object ids would otherwise each add a hidden class.
  game.state.counters[name] = Object.create(null) as Record<string, CounterCell>;
  return id;
}

/**
 * Closes a window: the windows and the counters without it, as new records. Rebuilding a record of
 * a few keys costs a fifth of a `delete`, a call into V8's runtime (the turn window closes every turn).
 */
export function closeWindow(game: GameReader, name: string): void {
  const state = game.state;
  state.clock.windows = without(state.clock.windows, name);
  state.counters = without(state.counters, name);
}

/** `record` without `key`, the other keys in their order. */
function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k in record) if (k !== key) out[k] = record[k] as T;
  return out;
}

/** Adds one to a counter cell of an open window. */
export function bump(
  game: GameReader,
  window: string,
  key: string,
  mark: CounterMark,
  by = 1,
): CounterCell | null {
  const cells = game.state.counters[window];
  if (!cells) return null;
  const cell = cells[key];
  if (cell) {
    cell.n += by;
    cell.last = mark;
    return cell;
  }
  const fresh: CounterCell = { w: game.state.clock.windows[window]!, n: by, first: mark, last: mark };
  cells[key] = fresh;
  return fresh;
}

export function readCell(game: GameReader, window: string, key: string): CounterCell | undefined {
  return game.state.counters[window]?.[key];
}

/** Cell keys of specs counted by player or by cause, per player and cause, built once: hot queries don't concatenate. */
const cellKeys = new WeakMap<CounterSpec, Map<number, string>>();

function cellKey(
  spec: CounterSpec,
  player: PlayerId | undefined,
  obj: string | undefined,
  cause?: PlayerId,
): string {
  if (spec.by === "object") {
    const base = `${spec.id}#o${obj ?? "-"}`;
    return spec.byCause ? `${base}#c${cause ?? "-"}` : base;
  }
  if (spec.by !== "player" && !spec.byCause) return spec.id;
  let keys = cellKeys.get(spec);
  if (!keys) {
    keys = new Map();
    cellKeys.set(spec, keys);
  }
  const slot = ((player ?? -1) + 1) * 1024 + ((cause ?? -1) + 1);
  let key = keys.get(slot);
  if (key === undefined) {
    const base = spec.by === "player" ? `${spec.id}#p${player ?? "-"}` : spec.id;
    key = internalized(spec.byCause ? `${base}#c${cause ?? "-"}` : base);
    keys.set(slot, key);
  }
  return key;
}

/**
 * Cell keys of specs counted by object, per object id, incarnation and cause, built once: an event
 * about the same object (every tap of a creature) doesn't build and hash the key again.
 */
const objectCellKeys = new WeakMap<CounterSpec, Map<string, { inc: number; keys: (string | undefined)[] }>>();

function objectCellKey(spec: CounterSpec, id: string, inc: number | undefined, cause?: PlayerId): string {
  if (inc === undefined) return cellKey(spec, undefined, `${id}.${inc}`, cause);
  let byObject = objectCellKeys.get(spec);
  if (!byObject) {
    byObject = new Map();
    objectCellKeys.set(spec, byObject);
  }
  let entry = byObject.get(id);
  if (!entry || entry.inc !== inc) {
    entry = { inc, keys: [] };
    byObject.set(id, entry);
  }
  const slot = spec.byCause ? (cause ?? -1) + 1 : 0;
  let key = entry.keys[slot];
  if (key === undefined) {
    // Not internalized (the other keys are): a card's key lasts one incarnation, read a few times,
    // and internalizing it (a call into the engine's runtime) costs more than those reads save.
    key = cellKey(spec, undefined, `${id}.${inc}`, cause);
    entry.keys[slot] = key;
  }
  return key;
}

/**
 * Whether anything reads a bookkeeping event (Rules.bookkeeping: a node entered, begun or ended, a
 * turn, a decision, a tap): the log, a listener, a counter or a trigger. Those nobody reads are
 * skipped by their emitters, which still take their sequence number so `seq` is the same with or
 * without a log. The caller reads the type's flags by name (`rules.bookkeeping.nodeBegin`): one
 * property load, not a set lookup, at every node stage.
 */
export function heard(game: Listening, flags: Readonly<EventFlags>): boolean {
  return flags.read || game.keepLog || game.hasListeners;
}

/**
 * A bookkeeping event nobody reads (`heard` said no), skipped: it takes its sequence number all
 * the same, so `seq` is the same with or without a log, and is quiet for the state checks that
 * ignore its type, as `emit` would have made it.
 */
export function skipUnheard(
  game: Pick<Game, "state" | "quietEvent">,
  type: BookkeepingEvent,
  flags: Readonly<EventFlags>,
): void {
  const seq = ++game.state.ids.event;
  if (flags.quiet) game.quietEvent(seq, type);
}

/**
 * Who learns what of an event about a card where it is now (moves say it themselves): its
 * identity those who see the card, its handle those who can follow it, and the event at all only
 * those who either see or follow it — a trigger, a limit or a declined ability of a card in a
 * hand is its owner's alone, not even its existence is shown to others (DESIGN: non-interference).
 */
function describeVisibility(game: GameReader, entry: LogEntry): void {
  const state = game.state;
  const o = state.objects[entry.obj!];
  if (!o) return;
  if (entry.h === undefined && o.handle) entry.h = o.handle;
  const zone = state.zones[o.zone]!;
  // A "reveal" shows the card to every player unless it names who sees it (a hand card shown).
  const seen = entry.type === "reveal" ? "all" : seenIn(game, zone, o.faceDown, o.owner);
  if (entry.seenBy === undefined && seen !== "all") entry.seenBy = seen;
  let tracked: PlayerId[] | "all";
  if (o.underOf !== null) {
    const top = state.objects[o.underOf]!;
    tracked = trackersOf(game, state.zones[top.zone]!, top.owner);
  } else tracked = trackersOf(game, zone, o.owner);
  if (entry.trackedBy === undefined && tracked !== "all") entry.trackedBy = tracked;
  if (entry.audience === undefined && seen !== "all" && tracked !== "all") {
    const knows = union(entry.seenBy ?? [], tracked);
    if (knows.length < state.players.length) entry.audience = knows;
  }
}

/**
 * A log entry of `type` with every field of an entry present, in one order (stamps first): all
 * entries then share one shape, so the code that reads them — counters, trigger matching, views —
 * reads a field in a few instructions rather than looking it up per shape. Absent fields are
 * `undefined`, which the serialization leaves out. Hot emitters fill one in and pass it to `emit`
 * as it is; any other event is copied into one.
 */
export function newEntry(type: string): LogEntry {
  return {
    seq: 0,
    turn: 0,
    active: 0,
    node: "",
    attack: null,
    type,
    player: undefined,
    obj: undefined,
    inc: undefined,
    card: undefined,
    name: undefined,
    from: undefined,
    to: undefined,
    cause: undefined,
    data: undefined,
    seenBy: undefined,
    trackedBy: undefined,
    audience: undefined,
    public: undefined,
    h: undefined,
    hWas: undefined,
    trackedWas: undefined,
    causeSeenBy: undefined,
    shown: undefined,
  };
}

/** The fields of a log entry, in `newEntry`'s order. */
const ENTRY_KEYS: readonly string[] = Object.keys(newEntry(""));

/**
 * Each field of an entry written again once, at load: V8 then keeps every field as mutable from
 * the start. A field only ever written by `newEntry` counts as constant, and the first entry whose
 * rare field is filled in later (`causeSeenBy`: after ~100 Duel Masters games) throws away every
 * compiled function that read entries, to be compiled again.
 */
function writeEveryFieldTwice(): void {
  const e = newEntry("") as unknown as Record<string, unknown>;
  for (const k of ENTRY_KEYS) {
    const v = e[k];
    e[k] = typeof v === "number" ? v + 1 : typeof v === "string" ? `${v}.` : v === null ? undefined : null;
    e[k] = v;
  }
}
writeEveryFieldTwice();

/** Whether `e` has exactly `newEntry`'s fields in its order (every entry `emit` makes, unless changed since). */
function ofEntryShape(e: LogEntry): boolean {
  const keys = Object.keys(e);
  if (keys.length !== ENTRY_KEYS.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== ENTRY_KEYS[i]) return false;
  return true;
}

/** A field's value as cloneJson copies it: objects and arrays deep, the rest as it is. */
function copied<T>(x: T): T {
  return x !== null && typeof x === "object" ? cloneJson(x) : x;
}

/**
 * A deep copy of a log entry, the same as `cloneJson(e)` (absent fields left out, the other keys
 * in their order): an entry of `newEntry`'s shape field by field — about twice as fast as a
 * walk over its keys, and every listener gets one per event — any other entry by `cloneJson`.
 */
export function copyEntry(e: LogEntry): LogEntry {
  if (!ofEntryShape(e)) return cloneJson(e);
  const out: Partial<Record<keyof LogEntry, unknown>> = {};
  if (e.seq !== undefined) out.seq = copied(e.seq);
  if (e.turn !== undefined) out.turn = copied(e.turn);
  if (e.active !== undefined) out.active = copied(e.active);
  if (e.node !== undefined) out.node = copied(e.node);
  if (e.attack !== undefined) out.attack = copied(e.attack);
  if (e.type !== undefined) out.type = copied(e.type);
  if (e.player !== undefined) out.player = copied(e.player);
  if (e.obj !== undefined) out.obj = copied(e.obj);
  if (e.inc !== undefined) out.inc = copied(e.inc);
  if (e.card !== undefined) out.card = copied(e.card);
  if (e.name !== undefined) out.name = copied(e.name);
  if (e.from !== undefined) out.from = copied(e.from);
  if (e.to !== undefined) out.to = copied(e.to);
  if (e.cause !== undefined) out.cause = copied(e.cause);
  if (e.data !== undefined) out.data = copied(e.data);
  if (e.seenBy !== undefined) out.seenBy = copied(e.seenBy);
  if (e.trackedBy !== undefined) out.trackedBy = copied(e.trackedBy);
  if (e.audience !== undefined) out.audience = copied(e.audience);
  if (e.public !== undefined) out.public = copied(e.public);
  if (e.h !== undefined) out.h = copied(e.h);
  if (e.hWas !== undefined) out.hWas = copied(e.hWas);
  if (e.trackedWas !== undefined) out.trackedWas = copied(e.trackedWas);
  if (e.causeSeenBy !== undefined) out.causeSeenBy = copied(e.causeSeenBy);
  if (e.shown !== undefined) out.shown = copied(e.shown);
  return out as LogEntry;
}

/**
 * A log entry as the event it records: without its stamps (seq, turn, active, node, attack) and
 * the fields it left undefined (as the serialization would), the rest shared, not copied. An
 * entry of `newEntry`'s shape field by field (one plain load each), any other by a walk over its keys.
 */
export function eventOfEntry(e: LogEntry): GameEvent {
  if (!ofEntryShape(e)) return eventByKeys(e);
  const out: Partial<Record<keyof LogEntry, unknown>> = {};
  if (e.type !== undefined) out.type = e.type;
  if (e.player !== undefined) out.player = e.player;
  if (e.obj !== undefined) out.obj = e.obj;
  if (e.inc !== undefined) out.inc = e.inc;
  if (e.card !== undefined) out.card = e.card;
  if (e.name !== undefined) out.name = e.name;
  if (e.from !== undefined) out.from = e.from;
  if (e.to !== undefined) out.to = e.to;
  if (e.cause !== undefined) out.cause = e.cause;
  if (e.data !== undefined) out.data = e.data;
  if (e.seenBy !== undefined) out.seenBy = e.seenBy;
  if (e.trackedBy !== undefined) out.trackedBy = e.trackedBy;
  if (e.audience !== undefined) out.audience = e.audience;
  if (e.public !== undefined) out.public = e.public;
  if (e.h !== undefined) out.h = e.h;
  if (e.hWas !== undefined) out.hWas = e.hWas;
  if (e.trackedWas !== undefined) out.trackedWas = e.trackedWas;
  if (e.causeSeenBy !== undefined) out.causeSeenBy = e.causeSeenBy;
  if (e.shown !== undefined) out.shown = e.shown;
  return out as GameEvent;
}

/** The stamps every log entry gets (`emit`), which the event itself did not have. */
function isStamp(k: string): boolean {
  // Compared one by one: a `for…in` gives the engine's own (internalized) names, so each
  // comparison is one of pointers, where a `Set` would hash the key.
  return k === "seq" || k === "turn" || k === "active" || k === "node" || k === "attack";
}

function eventByKeys(e: LogEntry): GameEvent {
  const out: Record<string, unknown> = {};
  const from = e as unknown as Record<string, unknown>;
  for (const k in from) {
    const v = from[k];
    if (v !== undefined && !isStamp(k)) out[k] = v;
  }
  return out as unknown as GameEvent;
}

/** `event` as a log entry: itself when `newEntry` made it (not yet stamped), else a copy in that shape. */
function entryOf(event: GameEvent): LogEntry {
  if ((event as Partial<LogEntry>).seq === 0) return event as LogEntry;
  const entry = newEntry(event.type);
  // An event's usual fields stored by name (the entry has one shape: one store each), any other
  // by key — unless the event has no key but those (most: a walk over its keys costs more than
  // the copy).
  const e = event as Partial<LogEntry>;
  let usual = 1; // its type
  if (e.player !== undefined) {
    entry.player = e.player;
    usual++;
  }
  if (e.obj !== undefined) {
    entry.obj = e.obj;
    usual++;
  }
  if (e.inc !== undefined) {
    entry.inc = e.inc;
    usual++;
  }
  if (e.card !== undefined) {
    entry.card = e.card;
    usual++;
  }
  if (e.name !== undefined) {
    entry.name = e.name;
    usual++;
  }
  if (e.cause !== undefined) {
    entry.cause = e.cause;
    usual++;
  }
  if (e.data !== undefined) {
    entry.data = e.data;
    usual++;
  }
  if (Object.keys(event).length === usual) return entry;
  const out = entry as unknown as Record<string, unknown>;
  const from = event as unknown as Record<string, unknown>;
  for (const k in from)
    switch (k) {
      case "type":
      case "player":
      case "obj":
      case "inc":
      case "card":
      case "name":
      case "cause":
      case "data":
        break;
      default:
        if (from[k] !== undefined) out[k] = from[k];
    }
  return entry;
}

/**
 * Appends an event, counts it and collects its triggers. The entry is the event itself when
 * `newEntry` made it, else a copy: the caller's object stays theirs. `known`: the type's rules,
 * when the emitter has them (a bookkeeping event's flags hold them: `EventFlags.typeRules`).
 */
export function emit(game: EventLog, event: GameEvent, known?: EventTypeRules): LogEntry {
  const state = game.state;
  const seq = ++state.ids.event;
  const entry = entryOf(event);
  const clock = state.clock;
  entry.seq = seq;
  entry.turn = clock.turn.id;
  entry.active = clock.turn.player;
  entry.node = currentNode(clock);
  entry.attack = clock.attack;
  if (entry.obj !== undefined && entry.from === undefined) describeVisibility(game, entry);
  if (entry.cause?.obj !== undefined && entry.causeSeenBy === undefined) {
    const src = state.objects[entry.cause.obj];
    if (src) {
      const seen = seenIn(game, state.zones[src.zone]!, src.faceDown, src.owner);
      if (seen !== "all") entry.causeSeenBy = seen;
    }
  }
  if (game.keepLog) {
    // A store past the end, not push: the log starts empty each game, and V8 compiles a push that
    // has met an empty array (of the small-integer kind) as a call to its generic builtin.
    const log = state.log;
    log[log.length] = entry;
  }
  const typeRules = known ?? game.rules.eventRules(entry.type);
  const specs = typeRules.counters;
  if (specs) {
    let mark: CounterMark | undefined;
    for (const spec of specs) {
      if (!matchEventAbsolute(game, entry, spec.pattern)) continue;
      mark ??= markOf(entry);
      const key =
        spec.by === "object" && entry.obj !== undefined
          ? objectCellKey(spec, entry.obj, entry.inc ?? state.objects[entry.obj]?.inc, entry.cause?.player)
          : cellKey(spec, entry.player, undefined, entry.cause?.player);
      // "One or more" (CR 603.2c): the occurrences of one batch count once.
      if (spec.pattern.oneOrMore === true) {
        const cell = readCell(game, spec.window, key);
        if (cell !== undefined && cell.last.seq > game.batchStart) continue;
      }
      bump(game, spec.window, key, mark);
    }
  }
  game.notify(entry);
  const pending = state.pending.length;
  game.collectTriggers(entry, typeRules);
  // An event no state check reads (StateCheck.ignores) leaves their last verdict standing, unless
  // an ability triggered on it.
  if (typeRules.quietBy !== undefined && state.pending.length === pending)
    game.quietEvent(seq, entry.type, typeRules);
  return entry;
}

const ANY_CAUSE: readonly undefined[] = [undefined];

/**
 * Occurrences of a pattern in a window, as seen by `viewer` (and `self` for self-patterns); with
 * `only`, those of that one player (a pattern counted by player).
 */
export function countEvents(
  game: GameReader,
  pattern: EventPattern,
  window: string,
  viewer: PlayerId,
  self?: GameObject,
  only?: PlayerId,
): { n: number; first?: CounterMark } {
  const spec = game.rules.counterSpecs.get(counterSpecId(game, pattern, window));
  if (!spec)
    throw new Error(
      `no counter is registered for "${eventTypes(pattern).join("/")}" in window "${window}": declare it in a card or the preset so it counts from the window's start`,
    );
  // With `by`: the cells of each player who may have caused it, relative to the viewer.
  const causes: readonly (PlayerId | undefined)[] = spec.byCause
    ? game.state.players.map((p) => p.id).filter((c) => isRelative(game, pattern.by, c, viewer))
    : ANY_CAUSE;
  let n = 0;
  let first: CounterMark | undefined;
  const add = (cell: CounterCell | undefined): void => {
    if (!cell) return;
    n += cell.n;
    if (!first || cell.first.seq < first.seq) first = cell.first;
  };
  for (const cause of causes) {
    if (spec.by === "object") {
      if (self) add(readCell(game, window, objectCellKey(spec, self.id, self.inc, cause)));
    } else if (spec.by === "all") add(readCell(game, window, cellKey(spec, undefined, undefined, cause)));
    else
      for (const p of game.state.players) {
        if ((only !== undefined && p.id !== only) || !isRelative(game, pattern.player, p.id, viewer))
          continue;
        add(readCell(game, window, cellKey(spec, p.id, undefined, cause)));
      }
  }
  return first ? { n, first } : { n };
}

const specIds = new WeakMap<EventPattern, Map<string, string>>();

/** The id of the counter for a pattern, cached per pattern object so hot queries don't re-serialize. */
function counterSpecId(_game: GameReader, pattern: EventPattern, window: string): string {
  let byWindow = specIds.get(pattern);
  if (!byWindow) {
    byWindow = new Map();
    specIds.set(pattern, byWindow);
  }
  let id = byWindow.get(window);
  if (id === undefined) {
    id = counterSpecFor(pattern, window).id;
    byWindow.set(window, id);
  }
  return id;
}
