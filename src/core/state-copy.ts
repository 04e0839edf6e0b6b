/**
 * A copier specialised to the game state's shape, for snapshots, restores, the undo checkpoint and
 * search (MCTS copies a state per iteration). Every part whose shape the kernel fixes (objects,
 * zones, players, the generators, the clock, the id counters) is copied by its shape: a spread of
 * each fixed-shape record (V8's fast clone, keys in the same order, so a copy serializes to the
 * same text) with its nested parts copied after, no generic walk over keys; the pending decision
 * field by field, in its one shape. Parts that presets shape (vars, tasks, durations, counters) go
 * through `cloneJson`, with a fast path for the common empty record. Card definitions
 * (`extraCards`) are never changed once the game exists, so copies share them. The log is the
 * caller's business (its entries never change).
 */
import { cloneJson, type JsonObject } from "./json.js";
import type { RngState } from "./rng.js";
import type {
  ClockState,
  Decision,
  DecisionOption,
  GameObject,
  GameState,
  IdCounters,
  PlayerState,
  ZoneState,
} from "./types.js";

/** An option of a decision, field by field (its data, plain JSON, copied). */
function copyOption(o: DecisionOption): DecisionOption {
  const c: DecisionOption = { id: o.id, label: o.label };
  if (o.data !== undefined) c.data = cloneJson(o.data);
  if (o.private !== undefined) c.private = o.private;
  if (o.pass !== undefined) c.pass = o.pass;
  return c;
}

/**
 * A pending decision, field by field in the order Game.ask sets them (a generic copy walks every
 * key of every option: this runs on each read of `game.decision`).
 */
export function copyDecision(d: Decision): Decision {
  const options = d.options;
  const copies = new Array<DecisionOption>(options.length);
  for (let i = 0; i < options.length; i++) copies[i] = copyOption(options[i]!);
  // One shape, as Game.ask makes it (unset fields undefined: the serialization leaves them out).
  return {
    id: d.id,
    player: d.player,
    kind: d.kind,
    prompt: d.prompt,
    options: copies,
    for: d.for,
    publicPrompt: d.publicPrompt,
    private: d.private,
    reveals: d.reveals?.slice(),
    shows: d.shows?.slice(),
    about: d.about,
  };
}

/** A JSON record, copied; `{}` for the empty one without walking it. */
function copyRecord<T extends object>(r: T): T {
  for (const _ in r) return cloneJson(r);
  return {} as T;
}

/**
 * The windows' counter cells, each window a dictionary (Object.create(null), as events.openWindow
 * makes it: keys such as object ids would each add a hidden class to a plain object).
 */
function copyCounters(c: GameState["counters"]): GameState["counters"] {
  const out: GameState["counters"] = {};
  for (const w in c) {
    const cells = c[w]!;
    const copy = Object.create(null) as (typeof c)[string];
    for (const k in cells) copy[k] = cloneJson(cells[k]!);
    out[w] = copy;
  }
  return out;
}

function copyRng(r: RngState): RngState {
  return { key: r.key.slice(), stream: r.stream, block: r.block, words: r.words.slice(), at: r.at };
}

function copyObject(o: GameObject): GameObject {
  // A spread of a record of one shape is V8's fast clone (key order kept); then the nested parts.
  const c = { ...o };
  c.counters = copyRecord(o.counters);
  c.under = o.under.length === 0 ? [] : o.under.slice();
  c.vars = copyRecord(o.vars);
  return c;
}

function copyZone(z: ZoneState): ZoneState {
  const c = { ...z };
  c.cards = z.cards.slice();
  return c;
}

function copyPlayer(p: PlayerState): PlayerState {
  return { id: p.id, name: p.name, turns: p.turns, lastTurn: p.lastTurn, vars: copyRecord(p.vars) };
}

function copyClock(c: ClockState): ClockState {
  return {
    turn: { ...c.turn },
    path: c.path.slice(),
    instances: { ...c.instances },
    windows: { ...c.windows },
    attack: c.attack,
    rotation: c.rotation,
  };
}

function copyIds(i: IdCounters): IdCounters {
  return { ...i };
}

/**
 * A deep copy of `s` whose log is `log` (the caller's: shared, sliced or empty). Equal to
 * `cloneJson(s)` with that log, field for field and key order for key order (tested on every
 * preset).
 */
export function copyState(s: GameState, log: GameState["log"]): GameState {
  const zones: Record<string, ZoneState> = {};
  for (const id in s.zones) zones[id] = copyZone(s.zones[id]!);
  // A dictionary, as Game.create makes it: looked up by id on every event, where a plain object's
  // many keys would take V8's generic lookup through its cache of (shape, key) pairs.
  const objects = Object.create(null) as Record<string, GameObject>;
  for (const id in s.objects) objects[id] = copyObject(s.objects[id]!);
  return {
    format: s.format,
    // Never changed after the game is made: shared, like the extra cards.
    madeBy: s.madeBy,
    preset: s.preset,
    options: copyRecord(s.options),
    seed: s.seed,
    rng: copyRng(s.rng),
    handleRng: copyRng(s.handleRng),
    players: s.players.map(copyPlayer),
    zones,
    objects,
    clock: copyClock(s.clock),
    turnQueue: s.turnQueue.length === 0 ? [] : cloneJson(s.turnQueue),
    tasks: cloneJson(s.tasks),
    decision: s.decision === null ? null : copyDecision(s.decision),
    pending: s.pending.length === 0 ? [] : cloneJson(s.pending),
    hiddenResponses: s.hiddenResponses.slice(),
    durations: s.durations.length === 0 ? [] : cloneJson(s.durations),
    counters: copyCounters(s.counters),
    log,
    logging: s.logging,
    ids: copyIds(s.ids),
    result: s.result === null ? null : cloneJson(s.result),
    vars: copyRecord(s.vars as JsonObject),
    // Never changed after the game is made (compiled into its rules): shared.
    extraCards: s.extraCards,
  };
}
