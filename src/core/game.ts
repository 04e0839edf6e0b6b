/**
 * The Game: a preset's rules plus one game's state, and the public API every client, agent,
 * scenario and benchmark uses. The engine never blocks: it runs until a decision is pending,
 * exposes it, and continues when `act` gives the answer.
 */
import { type ActivationVerdict, canActivate, mayActivate, type Reason } from "./activation.js";
import { LIMITS, LIMITS_DOC } from "./bounds.js";
import { currentNode } from "./clock.js";
import type { Action, NewGameOptions, Snapshot } from "./contract/data.js";
import type {
  Rules as CompiledRules,
  EventTypeRules,
  Game as GameApi,
  MembershipConcerns,
} from "./contract/game.js";
import type { TaskHandler } from "./contract/hooks.js";
import { type DeckRules, deckProblems } from "./decks.js";
import { didYouMeanText } from "./did-you-mean.js";
import { activeEffects, checkWhileDurations } from "./durations.js";
import {
  DefinitionError,
  EngineError,
  errorText,
  HookError,
  IllegalActionError,
  ListenerError,
  TurnkitError,
} from "./errors.js";
import { copyEntry, countEvents, emit, heard, newEntry, openWindow } from "./events.js";
import { fingerprintDifference, type RulesFingerprint, rulesFingerprint } from "./fingerprint.js";
import { cloneJson, type Json, type JsonObject, jsonProblem } from "./json.js";
import {
  type AbilityRef,
  ALLOWED,
  chargeLimits,
  checkLimit,
  checkLimits,
  limitStatus,
  type RemainingEntry,
  refundLimit,
  usedUpOf,
  type Verdict,
} from "./limits.js";
import { printedField } from "./match.js";
import {
  createObject,
  createZones,
  type MoveOptions,
  moveObject,
  objectIdOf,
  type PlaceOptions,
  seenIn,
  zoneId,
} from "./objects.js";
import { kernelOps } from "./ops.js";
import { checkNewGame, describeValue, validateOptions } from "./options.js";
import type { Preset } from "./preset.js";
import { limitsOf, Rules } from "./registry.js";
import { replacementHolders, tryReplace } from "./replacement.js";
import { randomSeed, seedRng, seedText, shuffleInPlace } from "./rng.js";
import { runScriptTask } from "./script.js";
import { runStateChecks, type StateCheck } from "./state-checks.js";
import { copyDecision, copyState } from "./state-copy.js";
import { endedInteraction, enterNode, interactionTask, nodeTask, runNodeTask, Stage } from "./structure.js";
import { collectTriggers, runResolvePending, runResolveTask } from "./triggers.js";
import { runGameTask, runTurnTask } from "./turns.js";
import type {
  Cause,
  CounterMark,
  Decision,
  DecisionOption,
  Duration,
  GameEvent,
  GameObject,
  GameState,
  LogEntry,
  ObjectId,
  PlayerId,
  Task,
  ZoneState,
} from "./types.js";
import { checkBody, checkHeader, questionOf } from "./validate.js";
import { TURNKIT_VERSION } from "./version.js";
import { type PlayerView, viewFor } from "./view.js";
import type { AbilityDef, CardDef, EventPattern } from "./vocabulary/schema.js";

export type { Action, NewGameOptions, Snapshot } from "./contract/data.js";

const compiled = new WeakMap<Preset, Map<string, Rules>>();

/** A card holding statics of one kind, and those statics (Game.staticAbilities). */
interface StaticHolder {
  id: ObjectId;
  card: CardDef;
  entries: readonly { ability: AbilityDef; zones: readonly string[] }[];
}

/** A saved state longer than this is refused before parsing (64 MiB). */
const MAX_STATE_CHARS = 64 * 1024 * 1024;
/** Nesting a saved state may have (its tasks nest op lists, a log entry its data): a bound on the copy's stack. */
const MAX_STATE_DEPTH = 256;

/** What makes two states need the same compiled rules. */
function cloneRulesKey(s: GameState): string {
  return JSON.stringify([s.options, s.extraCards]);
}

/** The preset compiled with these options: shared when nothing game-specific is added. */
function compiledRules(
  preset: Preset,
  options: JsonObject,
  cards: readonly CardDef[],
  privateRules: boolean,
): Rules {
  const make = (shared: boolean) =>
    new Rules(
      preset,
      options,
      cards,
      { tasks: kernelTasks, ops: kernelOps, conditions: kernelConditions },
      shared,
    );
  if (privateRules || cards.length > 0) return make(false);
  let byOptions = compiled.get(preset);
  if (!byOptions) {
    byOptions = new Map();
    compiled.set(preset, byOptions);
  }
  const key = JSON.stringify(options);
  let rules = byOptions.get(key);
  if (!rules) {
    rules = make(true);
    byOptions.set(key, rules);
  }
  return rules;
}

interface SnapshotData {
  state: GameState;
  logLength: number;
  /** The live log then: only ever appended to, so its first `logLength` entries are the snapshot's. */
  log: LogEntry[];
  rules: CompiledRules;
  /** Handle → object id then: shared with the game that made it, which copies its own before a handle changes. */
  handles: ReadonlyMap<string, ObjectId>;
}

/**
 * Responses between two restore points of `act` (without exactUndo): a copy of the state costs
 * about as much as one or two responses, and an undo replays at most this many.
 */
const RESTORE_EVERY = 256;

const NONE: readonly number[] = [];

/**
 * The lists a decision event holds, shared by every such event (frozen: no entry can change
 * another's): who sees the answer, and its public fields.
 */
const PUBLIC_KIND: string[] = Object.freeze(["kind"]) as string[];
const PUBLIC_KIND_FOR: string[] = Object.freeze(["kind", "for"]) as string[];
const ONLY_PLAYER: PlayerId[][] = [];
function onlyPlayer(p: PlayerId): PlayerId[] {
  let list = ONLY_PLAYER[p];
  if (list === undefined) {
    list = Object.freeze([p]) as PlayerId[];
    ONLY_PLAYER[p] = list;
  }
  return list;
}

/** Calls a thunk (Game.simultaneously through simultaneouslyWith). */
const callIt = <T>(_game: Game, fn: () => T): T => fn();

/** A fact kept until the zones' membership changes (`membershipFact`), with the cards it concerns. */
interface MembershipFact {
  /** Its key in `byMembership` (kept here: a walk over the facts reads no [key, fact] pairs). */
  readonly key: unknown;
  readonly value: unknown;
  readonly concerns: MembershipConcerns | undefined;
}

/** No zones of a kind (not frozen: V8 iterates a frozen array on a slow path). */
const NO_ZONES: readonly ZoneState[] = [];
/** The log of copies that keep theirs elsewhere (snapshots, the undo checkpoint): never appended to. */
const EMPTY_LOG: LogEntry[] = Object.freeze([]) as unknown as LogEntry[];

/**
 * What Game.create made a game from. The same inputs make the same game (DESIGN: determinism): a
 * game changed since by nothing but its running and its answers is its making, replayed — the
 * restore point of its first actions needs no copy of the state (checkpoint).
 */
interface Making {
  names: string[];
  options: JsonObject;
  seed: string;
  cards: CardDef[];
  logging: GameState["logging"];
  /** The decks the setup was given, as they were then (copied: their owner may change them). */
  decks: string[][] | undefined;
  madeBy: GameState["madeBy"];
}

/** A new game's state before its zones and setup (Game.create, and its remaking). */
function newState(preset: Preset, m: Making): GameState {
  const vars = presetCode(preset, "playerVars", () => preset.playerVars?.(m.options) ?? {});
  return {
    format: "turnkit/state@3",
    madeBy: m.madeBy,
    preset: preset.id,
    options: m.options,
    seed: m.seed,
    rng: seedRng(m.seed, 0),
    handleRng: seedRng(m.seed, 1),
    players: m.names.map((name, id) => ({ id, name, turns: 0, lastTurn: 0, vars: cloneJson(vars) })),
    zones: {},
    objects: Object.create(null) as Record<string, GameObject>, // a dictionary: state-copy.ts
    clock: {
      turn: { id: 0, player: 0, extra: false, ordinal: 0 },
      path: [],
      instances: {},
      windows: {},
      attack: null,
      rotation: m.names.length - 1,
    },
    turnQueue: [],
    tasks: [{ t: "game" }],
    decision: null,
    pending: [],
    hiddenResponses: [],
    durations: [],
    counters: {},
    log: [],
    logging: m.logging,
    ids: { object: 0, event: 0, inc: 0, window: 0, decision: 0, pending: 0, duration: 0, attack: 0 },
    result: null,
    vars: {},
    extraCards: m.cards,
  };
}

/** A log to go on from: the first `n` entries of `log` (a fresh array: the old one may still be read). */
function logPrefix(log: LogEntry[], n: number): LogEntry[] {
  return n === 0 ? [] : log.slice(0, n);
}

/**
 * The handle `snapshot()` gives: its data sits in a private field, out of reach (a WeakMap did the
 * same, but its entries cost every garbage collection; a search makes millions of snapshots).
 */
class SnapshotHandle implements Snapshot {
  readonly #data: SnapshotData;
  readonly preset: string;
  readonly turn: number;
  constructor(data: SnapshotData) {
    this.#data = data;
    this.preset = data.state.preset;
    this.turn = data.state.clock.turn.id;
    Object.freeze(this);
  }
  static dataOf(s: unknown): SnapshotData | undefined {
    return s instanceof SnapshotHandle ? s.#data : undefined;
  }
}

interface Guard {
  /** The state at the restore point, without its log; null when it is the game's making (`made`). */
  copy: GameState | null;
  /** What the game was made from, when its making is the restore point: made again and run to it. */
  made: Making | null;
  /** The restore point's last event and pending decision (a remaking must reach them). */
  at: { event: number; decision: number | undefined };
  /** The live state it was taken from, and its event count after the last action: a change outside `act` makes a new one. */
  state: GameState;
  event: number;
  logging: GameState["logging"];
  logLength: number;
  /** The choices answered since, in order (replayed by an undo). */
  choices: string[];
  /** The largest budgets the actions since were carried out under: their replay gets as much. */
  eventBudget: number;
  stepBudget: number;
}

/** The option of `d` with this id (a loop: this runs on every answer). */
function optionOf(d: Decision, id: string): DecisionOption | undefined {
  const options = d.options;
  for (let i = 0; i < options.length; i++) if (options[i]!.id === id) return options[i];
  return undefined;
}

const kernelTasks = {
  game: runGameTask,
  turn: runTurnTask,
  node: runNodeTask,
  script: runScriptTask,
  resolve: runResolveTask,
  "kernel.resolvePending": runResolvePending,
};

const kernelConditions = {
  always: () => true,
  never: () => false,
};

/** How a saved state is loaded (`Game.fromState`, `Game.deserialize`). */
export interface LoadOptions {
  /**
   * Load a state saved under other rules (another card library, turn tree or options: its
   * `madeBy` fingerprint differs). By default it is refused, saying what differs: its objects,
   * tasks and durations were made by those rules, so the game might not go on as it would have.
   */
  acceptOtherRules?: boolean;
}

/** A save is loaded under the rules that made it: otherwise it is refused, naming what differs. */
function sameRules(made: GameState["madeBy"], now: RulesFingerprint): void {
  if (made.rules.all === now.all) return;
  const parts = fingerprintDifference(made.rules, now);
  throw new DefinitionError(
    `saved state, madeBy: saved by turnkit ${made.turnkit} under other rules than these (turnkit ${TURNKIT_VERSION}): ${parts.length ? `${parts.join(", ")} ${parts.length === 1 ? "differs" : "differ"}` : "they differ"}; replay its game instead, or load it with { acceptOtherRules: true }`,
  );
}

/** Refuses decks that break the preset's deck rules, naming the player and every problem. */
function checkDecks(deckRules: DeckRules, rules: CompiledRules, names: string[], decks: string[][]): void {
  for (const [i, deck] of decks.entries()) {
    const problems = deckProblems(deckRules, deck, (id) => rules.cards.get(id), rules.cards.keys());
    if (problems.length > 0)
      throw new DefinitionError(`${names[i] ?? `deck ${i + 1}`}'s deck is not legal: ${problems.join("; ")}`);
  }
}

/**
 * Runs a preset's own code outside an action (its setup, its rules' compilation): an error of its
 * own (not a turnkit error) is a HookError naming the preset and the hook.
 */
function presetCode<T>(preset: Preset, hook: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof TurnkitError) throw e;
    throw new HookError(`preset "${preset.id}": ${hook} threw: ${errorText(e)}`, hook, preset.id, {
      cause: e,
    });
  }
}

/** What `run` is doing, for an error's words: a task's handler, "while" durations, state checks, pauseWhen. */
const Doing = { Handler: 0, While: 1, Checks: 2, Pause: 3 } as const;
type Doing = (typeof Doing)[keyof typeof Doing];

/** The fields an action may have (contract/data.ts Action). */
const ACTION_FIELDS = ["player", "decision", "choice", "label"];

/** An action object to its exact type: own fields only, each of its type, no other field. */
function checkAction(action: unknown): Action {
  if (action === null || typeof action !== "object" || Array.isArray(action))
    throw new IllegalActionError(
      `an action is an option id or { player, choice }, not ${describeValue(action)}`,
    );
  const a = action as Record<string, unknown>;
  // Its own enumerable keys (not `for…in`: no prototype walk), each field read by name as it is
  // met (an agent's actions have one shape: one plain load each). This runs once per action.
  const keys = Object.keys(a);
  let choice: unknown;
  let player: unknown;
  let decision: unknown;
  let label: unknown;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k === "choice") choice = a.choice;
    else if (k === "player") player = a.player;
    else if (k === "decision") decision = a.decision;
    else if (k === "label") label = a.label;
    else
      throw new IllegalActionError(
        `action.${k}: an action has no field "${k}"${didYouMeanText(k, ACTION_FIELDS)}; it has player, choice and optionally decision and label`,
      );
  }
  if (typeof choice !== "string")
    throw new IllegalActionError(
      `action.choice must be an option id (a string), not ${describeValue(choice)}`,
    );
  if (typeof player !== "number" || !Number.isInteger(player))
    throw new IllegalActionError(
      `action.player must be a player number (0, 1, …), not ${describeValue(player)}`,
    );
  if (decision !== undefined && (typeof decision !== "number" || !Number.isInteger(decision)))
    throw new IllegalActionError(
      `action.decision must be a decision id (a whole number), not ${describeValue(decision)}`,
    );
  if (label !== undefined && typeof label !== "string")
    throw new IllegalActionError(`action.label must be a string, not ${describeValue(label)}`);
  return decision === undefined ? { player, choice } : { player, choice, decision };
}

/**
 * The engine behind `Game` (contract/game.ts): `Game.create`, `Game.fromState`, `Game.deserialize`
 * and `Game.fromTrustedState` make one; everything else is the contract's API.
 */
class GameEngine implements Game {
  state: GameState;
  readonly rules: CompiledRules;
  private listeners: ((entry: LogEntry) => void)[] = [];
  private zonesByKind: Map<string, ZoneState[]> = new Map();
  /** Zone kind → its zones by owner (a shared zone alone, owner null). */
  private zonesByKindOwner: Map<string, ZoneState[]> = new Map();
  /** The kind `zone` was last asked for, and its zones (`zonesByKindOwner`'s entry). */
  private lastZoneKind: string | undefined = undefined;
  private lastZoneList: ZoneState[] | undefined = undefined;
  /** Zones of the kinds asked in turn order, by list of kinds and active player, built when first asked. */
  private inTurnOrderCache = new WeakMap<Iterable<string>, ZoneState[][]>();
  /** Zones of several kinds in the state's order, by list of kinds, built when first asked. */
  private zonesOfCache = new WeakMap<readonly string[], readonly ZoneState[]>();
  /** Handle → the referee's object id (GameObject.handle). */
  private handles = new Map<string, ObjectId>();
  /** `handles` is a snapshot's too: copied before the next handle changes (restore doesn't rebuild it). */
  private handlesShared = false;
  /** Engine steps allowed per `act` before the engine reports that it makes no progress. */
  stepBudget = 1_000_000;
  /**
   * Events allowed per `act`: a runaway trigger loop stops with a clear error (and the action is
   * undone) long before its log fills the memory — 200,000 events are a few tens of megabytes.
   */
  eventBudget = 200_000;
  /** Decisions allowed in one game (a bound on runaway games and on replay files). */
  decisionBudget = 1_000_000;
  /**
   * A copy of the state before every action, so that undoing a failed action restores exactly the
   * state of just before even when code depends on more than the game (a clock, a global). Off by
   * default: the restore point is then copied every 256 actions and the answers since replayed,
   * which is exact for deterministic code and about half as costly per action.
   */
  exactUndo = false;

  private constructor(rules: CompiledRules, state: GameState) {
    this.rules = rules;
    this.state = state;
    this.indexZones();
  }

  // ---- creation, serialization, snapshots ------------------------------------------------

  static create(preset: Preset, opts: NewGameOptions = {}): Game {
    // Every field to its exact type, the player count before a name is made (options.ts).
    const names = checkNewGame(preset, opts);
    const options = validateOptions(preset, opts.options);
    const seed = seedText(opts.seed ?? randomSeed());
    const cards = opts.cards ?? [];
    const rules = presetCode(preset, "compiling the rules (turn, cards, options)", () =>
      compiledRules(preset, options, cards, opts.privateRules === true),
    );
    if (preset.deckRules && opts.decks) checkDecks(preset.deckRules, rules, names, opts.decks);
    const setup = opts.setup !== false;
    // The decks as they are now: the caller's lists may change after, or the preset's setup may.
    const making: Making = {
      names,
      options,
      seed,
      cards,
      logging: opts.logging ?? "full",
      decks: setup && opts.decks ? opts.decks.map((d) => d.slice()) : undefined,
      madeBy: { turnkit: TURNKIT_VERSION, rules: rulesFingerprint(rules, options) },
    };
    const game = new GameEngine(rules, newState(preset, making));
    game.exactUndo = opts.exactUndo === true;
    game.setUp(setup, opts.decks);
    if (setup) game.made = { making, state: game.state };
    return game;
  }

  /** Zones, the game's window and the preset's setup: the rest of a new game's making. */
  private setUp(setup: boolean, decks: string[][] | undefined): void {
    this.state.zones = createZones(this);
    this.indexZones();
    openWindow(this, "game");
    if (!setup) return;
    const preset = this.rules.preset;
    const spec = { players: this.state.players.length, ...(decks ? { decks } : {}) };
    const run = preset.setup;
    if (run) presetCode(preset, "setup", () => run(this, spec));
  }

  /**
   * What this game was made from, while nothing but its own running changed it since (`touched`
   * forgets it): the restore point of its first actions (checkpoint).
   */
  private made: { making: Making; state: GameState } | null = null;

  /**
   * The game is changed from outside its running (a placement, a move, a task pushed by its
   * caller): what it was made from no longer makes it (checkpoint then copies the state).
   */
  private touched(): void {
    if (this.made !== null && this.eventLimit === Number.POSITIVE_INFINITY) this.made = null;
  }

  /** Makes the game again as Game.create made it, and runs it to its first decision (rollBack). */
  private remake(m: Making): void {
    this.state = newState(this.rules.preset, m);
    this.indexZones();
    this.setUp(
      true,
      m.decks?.map((d) => d.slice()),
    );
    this.run();
  }

  /**
   * Rebuilds a game from a state, after checking every part of it (src/core/validate.ts): the
   * preset, options, players, zones, cards and where they lie, the engine's work, and the pending
   * decision against the one the rules ask at that point. Refuses with what and where.
   */
  static fromState(preset: Preset, state: GameState, opts: LoadOptions = {}): Game {
    const header = checkHeader(preset, state);
    // Plain JSON data throughout, before any of it is copied: no "__proto__" key (a copy would
    // make it the object's prototype), no Infinity or class instance, no nesting past a bound.
    const notJson = jsonProblem(state, MAX_STATE_DEPTH);
    if (notJson)
      throw new DefinitionError(
        `saved state, ${notJson.path.replace(/^\./, "") || "(top)"}: ${notJson.problem}`,
      );
    let rules: CompiledRules;
    try {
      rules = compiledRules(preset, header.options, header.extraCards, false);
    } catch (e) {
      throw new DefinitionError(`saved state, extraCards: ${(e as Error).message}`);
    }
    if (!opts.acceptOtherRules) sameRules(header.madeBy, rulesFingerprint(rules, header.options));
    const checked = cloneJson(state);
    checkBody(rules, checked);
    // Copied by the state copier: copies of this game (snapshots, clones) serialize as it does.
    const game = new GameEngine(rules, copyState(checked, checked.log));
    game.checkDecision();
    return game;
  }

  /**
   * The pending decision must be the one the rules ask: the task that asked it, run again without
   * it, must ask the same question (an option added to a saved decision is refused here).
   */
  private checkDecision(): void {
    const d = this.state.decision;
    if (!d) return;
    const probe = new GameEngine(this.rules, cloneJson(this.state));
    probe.state.decision = null;
    probe.state.ids.decision -= 1;
    const top = probe.state.tasks[probe.state.tasks.length - 1];
    const handler = top && this.rules.tasks.get(top.t);
    let asked: Decision | null = null;
    try {
      if (top && handler) {
        top.answer = undefined;
        handler(probe, top);
        asked = probe.state.decision as Decision | null;
      }
    } catch (e) {
      throw new DefinitionError(
        `saved state, decision: the task that asks it fails: ${(e as Error).message}`,
      );
    }
    if (!asked || questionOf(asked as unknown as Json) !== questionOf(d as unknown as Json)) {
      const got = asked ? (asked as Decision).options.map((o) => o.id) : [];
      const extra = d.options.filter((o) => !got.includes(o.id)).map((o) => o.id);
      throw new DefinitionError(
        `saved state, decision: not the question the rules ask here (${d.kind}, ${this.playerName(d.player)})${
          extra.length ? `: option ${extra.map((x) => `"${x}"`).join(", ")} is not offered` : ""
        }`,
      );
    }
  }

  /** The state as plain data (a copy). */
  toJSON(): GameState {
    return cloneJson(this.state);
  }

  /** The state as a string: equal strings mean equal games (DESIGN: determinism). */
  serialize(): string {
    return JSON.stringify(this.state);
  }

  static deserialize(preset: Preset, json: string, opts: LoadOptions = {}): Game {
    if (typeof json !== "string") throw new DefinitionError("a saved state is a JSON string");
    if (json.length > MAX_STATE_CHARS)
      throw new DefinitionError(`saved state is ${json.length} characters; at most ${MAX_STATE_CHARS}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (e) {
      throw new DefinitionError(`saved state is not JSON: ${(e as Error).message}`);
    }
    return GameEngine.fromState(preset, parsed as GameState, opts);
  }

  /**
   * A restore point: a copy of the state (the specialised copier, state-copy.ts); the log is
   * shared, up to its length then (entries never change and the live array is only appended to).
   */
  snapshot(): Snapshot {
    const log = this.state.log;
    const copy = copyState(this.state, EMPTY_LOG);
    this.handlesShared = true;
    return new SnapshotHandle({
      state: copy,
      logLength: log.length,
      log,
      rules: this.rules,
      handles: this.handles,
    });
  }

  /** Goes back to a restore point made by `snapshot()` of a game of the same preset. The snapshot stays usable. */
  restore(s: Snapshot): void {
    const data = SnapshotHandle.dataOf(s);
    if (!data)
      throw new IllegalActionError("restore takes a snapshot made by Game.snapshot(), not a copy of one");
    if (data.state.preset !== this.state.preset)
      throw new IllegalActionError(
        `the snapshot is of a ${data.state.preset} game, not ${this.state.preset}`,
      );
    // The same compiled rules (shared by games of the same options and cards), or equal ones.
    if (data.rules !== this.rules && cloneRulesKey(data.state) !== cloneRulesKey(this.state))
      throw new IllegalActionError("the snapshot was made with other options or cards than this game");
    this.state = copyState(data.state, logPrefix(data.log, data.logLength));
    this.indexZones(data.handles);
    this.guard = null;
    this.made = null; // another state: its next restore point is a copy
  }

  /**
   * An independent game in the same state, sharing the compiled rules (search: one copy per
   * iteration). No validation: the state is this game's own. Listeners are not copied.
   * `log: false` starts the copy with an empty log and logging "none" (history a search never reads).
   */
  clone(opts: { log?: boolean } = {}): Game {
    const s = this.state;
    if (opts.log === false) {
      const state = copyState(s, []);
      state.logging = "none";
      return new GameEngine(this.rules, state);
    }
    return new GameEngine(this.rules, copyState(s, s.log.length === 0 ? [] : s.log.slice()));
  }

  /**
   * A game with `like`'s rules in `state`, which the caller made from `like`'s own state (the
   * kernel's tools: determinize). Not validated — saves and anything from outside go through
   * `fromState`, which checks every part.
   */
  static fromTrustedState(like: Game, state: GameState): Game {
    return new GameEngine(like.rules, state);
  }

  // ---- running -------------------------------------------------------------------------

  /** Runs the engine until a decision is pending or the game is over. */
  run(): this {
    const state = this.state;
    let budget = this.stepBudget;
    // Checked at every event (notify), not only between steps: one op making events without end
    // stops as soon as it passes the budget.
    const outerLimit = this.eventLimit;
    this.eventLimit = state.ids.event + this.eventBudget;
    const sc = this.rules.stateChecks;
    const checks = sc.always.length > 0 ? sc.always : null;
    const before = sc.beforeDecision.size > 0 ? sc.beforeDecision : null;
    const handlers = this.rules.tasks;
    const nodeHandler = this.rules.nodeTaskHandler;
    let task: Task | undefined;
    let doing: Doing = Doing.Handler;
    try {
      while (state.decision === null && state.result === null) {
        const tasks = this.state.tasks;
        task = tasks[tasks.length - 1];
        if (task === undefined) throw new EngineError("the engine has no work left but the game is not over");
        // A node the turn skips past asks nothing more: its interaction stops (Game.skipTo).
        if (state.turnQueue.length !== 0 && endedInteraction(this, task)) {
          this.popTask(task);
          continue;
        }
        const type = task.t;
        let handler: TaskHandler | undefined;
        if (type === "node") handler = nodeHandler;
        else if (type === this.lastTaskType) handler = this.lastTaskHandler;
        else {
          // The same kind of task often runs again next (an interaction asked, then answered).
          handler = handlers.get(type);
          if (handler) {
            this.lastTaskType = type;
            this.lastTaskHandler = handler;
          }
        }
        if (handler === undefined) throw new EngineError(`no handler for task "${task.t}"`);
        this.batchStart = state.ids.event; // each step of work is one event of the rules (CR 603.2c)
        doing = Doing.Handler;
        handler(this, task);
        // CR 611.2b: effects lasting "for as long as" a condition holds end as soon as it doesn't.
        if (this.whileDurations && state.ids.event !== this.whileCheckedAt) {
          doing = Doing.While;
          this.batchStart = state.ids.event;
          checkWhileDurations(this);
          this.whileCheckedAt = state.ids.event;
        }
        doing = Doing.Checks;
        if (checks !== null && (state.ids.event !== this.checkedAt || this.recheck)) this.checkAlways(checks);
        if (state.decision !== null && before !== null) this.checkBeforeDecision(before);
        doing = Doing.Pause;
        if (this.pause?.(this)) {
          this.pause = null;
          return this;
        }
        if (--budget <= 0)
          throw new EngineError(
            `no decision after ${this.stepBudget} engine steps at ${this.where()}: a loop in the preset or a card (Game.stepBudget; ${LIMITS_DOC})`,
          );
      }
    } catch (e) {
      if (e instanceof TurnkitError) throw e;
      throw this.hookError(e, task, doing);
    } finally {
      this.eventLimit = outerLimit;
    }
    // The bound on a game's length ends it, a draw, rather than leave it stuck: an action that
    // threw here would be undone, and so would every other answer to the same question.
    if (state.decision !== null && state.decision.id > this.decisionBudget) {
      this.withdrawDecision();
      this.declareWinner(
        null,
        `stopped: the game asked ${this.decisionBudget} decisions, the most one game may ask (Game.decisionBudget)`,
      );
    }
    return this;
  }

  /**
   * The last task type `run` looked up (not a node's), and its handler (the rules' own). A string
   * from the start: compared with a task's type, it is then compared as a string, not generically.
   */
  private lastTaskType = "";
  private lastTaskHandler: TaskHandler | undefined = undefined;

  /** The last event the running step may make (run sets it from `eventBudget`; none outside run). */
  private eventLimit = Number.POSITIVE_INFINITY;

  /** Past the event budget: a loop of triggers or effects, stopped at the event that passed it. */
  private tooManyEvents(entry: LogEntry): never {
    const task = this.state.tasks[this.state.tasks.length - 1];
    throw new EngineError(
      `${this.eventBudget} events without a decision at ${this.where()} (the last: ${entry.type}${task ? `, in ${this.codeOf(task).hook}` : ""}): a loop of triggers or effects (Game.eventBudget; ${LIMITS_DOC})`,
    );
  }

  /** Whose code a task runs: an op or task of the preset, or the kernel's. */
  private codeOf(task: Task): { hook: string; preset: string | null } {
    const preset = this.rules.preset;
    if (task.t === "script") {
      const frame = task as unknown as { ops?: { op?: unknown }[]; pc?: number };
      const op = frame.ops?.[frame.pc ?? 0]?.op;
      const name = typeof op === "string" ? op : "?";
      return preset.ops && Object.hasOwn(preset.ops, name)
        ? { hook: `op "${name}" of preset "${preset.id}"`, preset: preset.id }
        : { hook: `the kernel's op "${name}"`, preset: null };
    }
    return preset.tasks && Object.hasOwn(preset.tasks, task.t)
      ? { hook: `task "${task.t}" of preset "${preset.id}"`, preset: preset.id }
      : { hook: `the kernel's task "${task.t}"`, preset: null };
  }

  /** An error of its own thrown by code the engine ran, as a HookError naming that code. */
  private hookError(e: unknown, task: Task | undefined, doing: Doing): HookError {
    const preset = this.rules.preset.id;
    const code =
      doing === Doing.Checks
        ? { hook: `a state check of preset "${preset}"`, preset }
        : doing === Doing.While
          ? { hook: `a "while" condition of preset "${preset}"`, preset }
          : doing === Doing.Pause
            ? { hook: "the pauseWhen condition", preset: null }
            : task
              ? this.codeOf(task)
              : { hook: "the engine", preset: null };
    return new HookError(`${code.hook} threw at ${this.where()}: ${errorText(e)}`, code.hook, code.preset, {
      cause: e,
    });
  }

  private pause: ((game: Game) => boolean) | null = null;

  /**
   * The sequence number of the last event before the current batch: the events after it are one
   * event in the rules' sense (CR 603.2c: "one or more" abilities trigger once for all its
   * occurrences) — one step of the engine's work (an op, a task), one simultaneous block (a pass of
   * state checks), one answer. Derived from the state as each begins, so it needs no saving: a
   * batch never spans a decision.
   */
  batchStart = -1;

  /** Whether some duration lasts "while" a condition holds (durations.ts): checked after every change. */
  whileDurations = false;
  /** The event count when those conditions were last checked. */
  private whileCheckedAt = -1;

  /** Whether a `pauseWhen` condition is waiting to be checked after each step of the engine's work. */
  get pausing(): boolean {
    return this.pause !== null;
  }

  /** The event count when the "always" state checks last ran: they run again once anything happened. */
  private checkedAt = -1;
  /**
   * Runs the state checks at every step and before every decision, even when nothing happened
   * since they last found nothing — the same game, slower: tests/core/state-checks-skip.test.ts
   * compares it with the default.
   */
  recheck = false;
  /**
   * The event count when the checks before a decision of kind `beforeCheckedKind` last ran (and,
   * running until none acts, left nothing for them to do): while nothing happens, they are not run
   * again for the next decision of that kind (CR 704.3: priority passed from player to player).
   */
  private beforeCheckedAt = -1;
  private beforeCheckedKind = "";
  /**
   * The event count when every check of the preset last ran and left nothing to do (Game.checkState,
   * or the checks before a decision whose list holds them all): while nothing happens, none runs again.
   */
  private allCheckedAt = -1;
  /**
   * Each state check's own verdict (by index in `stateChecks.all`): the event count when it last
   * ran and found nothing, carried over the events it ignores (StateCheck.ignores). A check whose
   * mark is now is not run: it would find nothing again.
   */
  private foundNothingAt: number[] = [];

  /** DESIGN, state checks: after a step of work that changed the game (an op, a task). */
  private checkAlways(checks: readonly StateCheck[]): void {
    const acted = runStateChecks(this, checks);
    this.checkedAt = this.state.ids.event;
    // A question asked before the checks changed the game may be stale: ask it again.
    // (Also when the checks ended the game: a game that is over has no pending decision.)
    if (acted && this.state.decision !== null) this.withdrawDecision();
  }

  /** CR 704.3: checks run before a player would receive priority; if one acts, the question is asked again. */
  private checkBeforeDecision(byKind: ReadonlyMap<string, StateCheck[]>): void {
    const checks = byKind.get(this.state.decision!.kind);
    if (!checks) return;
    // Nothing happened since every check last ran and found nothing (a player passed priority to
    // the next): they would find nothing again.
    const kind = this.state.decision!.kind;
    const now = this.state.ids.event;
    if (
      !this.recheck &&
      ((now === this.beforeCheckedAt && kind === this.beforeCheckedKind) || now === this.allCheckedAt)
    )
      return;
    const acted = runStateChecks(this, checks);
    this.checkedAt = this.state.ids.event;
    this.beforeCheckedAt = this.state.ids.event;
    this.beforeCheckedKind = kind;
    if (checks.length === this.rules.stateChecks.all.length) this.allCheckedAt = this.state.ids.event;
    if (acted) this.withdrawDecision(); // asked again, or not at all if the checks ended the game
  }

  /** Takes back a decision nobody has seen yet; the task that asked it asks again when it runs. */
  private withdrawDecision(): void {
    this.state.decision = null;
    this.state.ids.decision--;
  }

  /**
   * Runs every state check of the preset now (a preset's own moment to check, e.g. CR 514.3:
   * the cleanup step checks state-based actions though nobody receives priority). Returns
   * whether any acted.
   */
  checkState(): boolean {
    this.touched();
    // Nothing happened since they all last ran and found nothing: they would find nothing again.
    if (this.state.ids.event === this.allCheckedAt && !this.recheck) return false;
    const acted = runStateChecks(this, this.rules.stateChecks.all);
    this.checkedAt = this.state.ids.event;
    this.allCheckedAt = this.state.ids.event;
    return acted;
  }

  /**
   * Makes the engine stop, once, as soon as `when` holds after a step of its work, even with no
   * decision to ask (a scenario stopping at a step where nobody acts). `run()` continues from there.
   */
  pauseWhen(when: ((game: Game) => boolean) | null): void {
    this.pause = when;
  }

  /** Whether the engine stopped with work left and nothing asked (pauseWhen): `run()` goes on. */
  get paused(): boolean {
    return this.state.decision === null && this.state.result === null && this.state.tasks.length > 0;
  }

  /** Alias of run() for readability at the start of a game. */
  start(): this {
    return this.run();
  }

  /** The pending decision: a copy (changing it changes nothing). Give players `viewFor(p).decision`. */
  get decision(): Decision | null {
    const d = this.state.decision;
    return d ? copyDecision(d) : null;
  }

  get result(): GameState["result"] {
    return this.state.result;
  }

  get over(): boolean {
    return this.state.result !== null;
  }

  /** Every response legal now: one per option of the pending decision. */
  legalActions(): Action[] {
    const d = this.state.decision;
    if (!d) return [];
    return d.options.map((o) => ({ player: d.player, decision: d.id, choice: o.id, label: o.label }));
  }

  /**
   * Answers the pending decision and runs on. The action is atomic (DESIGN): if the response is
   * illegal, or anything throws while it is carried out (an op, a preset, a listener), the state
   * is left byte-identical and a TurnkitError is thrown.
   */
  act(action: Action | string): this {
    const d = this.state.decision;
    if (this.state.result) throw new IllegalActionError(`the game is over (${this.state.result.reason})`);
    if (!d) throw new IllegalActionError("no decision is pending");
    let choice: string;
    if (typeof action === "string") choice = action;
    else {
      const a = checkAction(action);
      if (a.player !== d.player)
        throw new IllegalActionError(
          `${this.playerName(a.player)} cannot answer: decision ${d.id} (${d.kind}) is ${this.playerName(d.player)}'s`,
        );
      if (a.decision !== undefined && a.decision !== d.id)
        throw new IllegalActionError(
          `decision ${a.decision} is not pending; the pending one is ${d.id} (${d.kind})`,
        );
      choice = a.choice;
    }
    const option = optionOf(d, choice);
    if (!option) {
      const why = this.refusal(d, choice);
      throw new IllegalActionError(
        `"${choice}" is not an option of decision ${d.id} (${d.kind}: ${d.prompt})${why ? `: ${why}` : ""}; options: ${d.options
          .map((o) => o.id)
          .join(", ")}`,
      );
    }
    const guard = this.checkpoint();
    // Listeners hear the action's events once it has been carried out: an action undone was never
    // heard of. Held only while someone listens (no cost per event otherwise).
    const held: LogEntry[] | null = this.listeners.length > 0 ? [] : null;
    this.held = held;
    try {
      this.apply(d, option);
    } catch (e) {
      this.held = null;
      const where = this.where();
      const undo = this.rollBack(guard, d.id);
      // The next action takes a fresh restore point: failing again replays nothing.
      this.guard = null;
      throw this.failedAction(e, d, option.id, where, undo);
    }
    this.held = null;
    guard.choices.push(option.id);
    guard.event = this.state.ids.event;
    if (this.eventBudget > guard.eventBudget) guard.eventBudget = this.eventBudget;
    if (this.stepBudget > guard.stepBudget) guard.stepBudget = this.stepBudget;
    if (held !== null && held.length > 0) this.tell(held);
    return this;
  }

  /**
   * The error `act` throws for an action that failed while it was carried out: a turnkit error as
   * it is (a rule refusing, a budget), anything else as the HookError naming the code that threw;
   * and, when the undo could not restore the state of just before (`undo` says why), where the
   * game is now.
   */
  private failedAction(e: unknown, d: Decision, choice: string, where: string, undo: string | null): Error {
    const after = undo === null ? "" : `; ${undo}`;
    if (e instanceof HookError)
      return new HookError(
        `carrying out "${choice}" (decision ${d.id}, ${d.kind}) failed: ${e.message}; the action was undone${after}`,
        e.hook,
        e.preset,
        { cause: e.cause },
      );
    if (e instanceof ListenerError)
      return new ListenerError(`${e.message}; the action was undone${after}`, { cause: e.cause });
    if (e instanceof TurnkitError) {
      if (undo === null) return e;
      const Kind = e.constructor as new (message: string, options?: { cause?: unknown }) => TurnkitError;
      return new Kind(`${e.message}${after}`, { cause: e });
    }
    return new EngineError(
      `carrying out "${choice}" (decision ${d.id}, ${d.kind}) failed at ${where}: ${errorText(e)}; the action was undone${after}`,
      { cause: e },
    );
  }

  /** The preset's reason a choice that isn't an option is illegal (`Preset.refusal`), if it has one. */
  private refusal(d: Decision, choice: string): string | null {
    const hook = this.rules.preset.refusal;
    if (!hook) return null;
    try {
      return this.withMemo(() => hook(this, d, choice));
    } catch {
      return null; // the reason is a courtesy: a refusal never fails on it
    }
  }

  /** Carries out a chosen option (no checks: `act` made them). */
  private apply(d: Decision, option: DecisionOption): void {
    const top = this.state.tasks[this.state.tasks.length - 1]!;
    // A copy (the decision's options stay as asked), built field by field: this runs once per answer.
    const answer: DecisionOption = { id: option.id, label: option.label };
    if (option.data !== undefined) answer.data = cloneJson(option.data);
    if (option.private !== undefined) answer.private = option.private;
    top.answer = answer;
    this.state.decision = null;
    // An answer alone changes nothing the state checks read: if they had found nothing before it,
    // they still find nothing (DESIGN, state checks: they run again once something happened).
    const checked = this.checkedAt === this.state.ids.event;
    const checkedBefore = this.beforeCheckedAt === this.state.ids.event;
    const checkedAll = this.allCheckedAt === this.state.ids.event;
    const at = this.state.ids.event;
    const pending = this.state.pending.length;
    this.batchStart = this.state.ids.event;
    if (!heard(this, this.rules.bookkeeping.decision)) {
      this.state.ids.event++; // nobody reads it: skip the entry, keep the sequence (events.heard)
      this.answerChangedNothing(checked, checkedBefore, checkedAll, at);
      this.run();
      return;
    }
    // The answer is the decider's: others learn what it does from the events it causes.
    // Built field by field (no spreads): this runs once per answer.
    const data: JsonObject = {
      decision: d.id,
      kind: d.kind,
      prompt: d.prompt,
      choice: option.id,
      label: option.label,
    };
    if (option.pass === true) data.pass = true;
    if (d.options.length === 1) data.only = true;
    const about = d.about === undefined ? undefined : this.state.objects[d.about];
    if (about) data.about = this.ref(about);
    if (d.for !== undefined) data.for = d.for;
    const event = newEntry("decision");
    event.player = d.player;
    event.data = data;
    event.seenBy = d.for !== undefined ? [d.player, d.for] : onlyPlayer(d.player);
    // Who decided for whom is public (CR 722: everyone knows who controls the turn).
    event.public = d.for !== undefined ? PUBLIC_KIND_FOR : PUBLIC_KIND;
    emit(this, event, this.rules.bookkeeping.decision.typeRules);
    // …unless an ability triggered on the answer itself.
    if (this.state.pending.length === pending)
      this.answerChangedNothing(checked, checkedBefore, checkedAll, at);
    this.run();
  }

  /**
   * Event `seq`, of a type some state checks ignore (events.emit: StateCheck.ignores), changed
   * nothing they read: those that had found nothing just before it still find nothing. Inside a
   * simultaneous block, whose abilities trigger only at its end, the block is judged as a whole.
   */
  quietEvent(seq: number, type: string, typeRules = this.rules.eventRules(type)): void {
    const all = typeRules.quietAll;
    const own = this.rules.stateChecks.perCheck ? (typeRules.quietBy ?? NONE) : NONE;
    if (this.batch !== null) {
      // The block as a whole is judged at its end (simultaneouslyWith).
      if (all) this.quietInBatch++;
      for (const i of own) this.quietInBatchBy[i]!++;
      return;
    }
    if (all) this.nothingChanged(seq - 1, seq);
    else for (const i of own) this.carryVerdict(i, seq - 1, seq);
  }

  foundNothing(check: StateCheck): boolean {
    return (
      this.foundNothingAt.length !== 0 &&
      !this.recheck &&
      this.foundNothingAt[this.rules.stateChecks.indexOf.get(check)!] === this.state.ids.event
    );
  }

  noteVerdict(check: StateCheck, acted: boolean): void {
    if (this.foundNothingAt.length === 0) return;
    if (acted) this.foundNothingAt.fill(-1);
    else this.foundNothingAt[this.rules.stateChecks.indexOf.get(check)!] = this.state.ids.event;
  }

  /** Check `i` found nothing at event `from` and nothing it reads changed until `to`. */
  private carryVerdict(i: number, from: number, to: number): void {
    if (this.foundNothingAt[i] === from) this.foundNothingAt[i] = to;
  }

  /** The state checks' verdicts at event `from` (those that had found nothing then) hold at `to`. */
  private nothingChanged(from: number, to: number): void {
    if (this.checkedAt === from) this.checkedAt = to;
    if (this.beforeCheckedAt === from) this.beforeCheckedAt = to;
    if (this.allCheckedAt === from) this.allCheckedAt = to;
    for (let i = 0; i < this.foundNothingAt.length; i++) this.carryVerdict(i, from, to);
  }

  /** The state checks that held before an answer hold after it. */
  private answerChangedNothing(
    checked: boolean,
    checkedBefore: boolean,
    checkedAll: boolean,
    at: number,
  ): void {
    if (checked) this.checkedAt = this.state.ids.event;
    if (checkedBefore) this.beforeCheckedAt = this.state.ids.event;
    if (checkedAll) this.allCheckedAt = this.state.ids.event;
    for (let i = 0; i < this.foundNothingAt.length; i++) this.carryVerdict(i, at, this.state.ids.event);
  }

  /**
   * The restore point `act` falls back on: a copy of the state taken every so many actions, and
   * the responses since. Undoing an action restores the copy and replays those responses, which
   * the engine's determinism makes exact — cheaper than copying the whole state on every action.
   */
  private guard: Guard | null = null;

  private checkpoint(): Guard {
    const g = this.guard;
    const s = this.state;
    const every = this.exactUndo ? 1 : RESTORE_EVERY;
    if (g && g.state === s && g.event === s.ids.event && g.logging === s.logging && g.choices.length < every)
      return g;
    const log = s.log;
    // A game as Game.create made it, run to its first decision and changed by nothing else since:
    // its making is the restore point of its first actions (made again, the same game), no copy.
    // Only the first: any later one is a copy.
    const made = this.made;
    this.made = null;
    const remade = made !== null && made.state === s && s.logging === made.making.logging && !this.exactUndo;
    this.guard = {
      copy: remade ? null : copyState(s, EMPTY_LOG),
      made: remade ? made.making : null,
      at: { event: s.ids.event, decision: s.decision?.id },
      state: s,
      logLength: log.length,
      event: s.ids.event,
      logging: s.logging,
      choices: [],
      eventBudget: this.eventBudget,
      stepBudget: this.stepBudget,
    };
    return this.guard;
  }

  /**
   * Puts the state back as it was before the failed action: the restore point's copy, then the
   * responses since, replayed (with no listeners, no pause, and the budgets they were carried out
   * under). Returns null when that state is reached; if the replay fails or ends elsewhere (code
   * whose result depends on more than the game), the game is left at the restore point itself —
   * whole, its decision pending — and the words say so.
   */
  private rollBack(g: Guard, decision: number): string | null {
    const log = this.state.log;
    const { listeners, tracers, pause, stepBudget, eventBudget } = this;
    this.listeners = [];
    this.tracers = [];
    this.pause = null;
    this.stepBudget = Math.max(stepBudget, g.stepBudget);
    this.eventBudget = Math.max(eventBudget, g.eventBudget);
    const n = g.choices.length;
    const responses = `${n} response${n === 1 ? "" : "s"}`;
    // Only code whose result depends on more than the game can fail to make the game again.
    const lostAt = (why: string): string =>
      `undoing it failed too (${why}), so the game is where that left it, at ${this.where()} (code whose result depends on more than the game? Game.exactUndo copies the state before every action instead)`;
    let words: string | null = null;
    try {
      const lost = this.restoreTo(g, log);
      if (lost !== null) words = lostAt(lost);
      else {
        const failure = this.replay(g, decision);
        if (failure !== null) {
          // Not the state of just before, but the restore point's: whole, its decision pending.
          const replaying = `replaying the ${responses} since the last restore point: ${failure}`;
          const again = this.restoreTo(g, log);
          words =
            again !== null
              ? lostAt(`${replaying}; then ${again}`)
              : `undoing it failed too (${replaying}), so the game is back at that restore point, decision ${this.state.decision?.id} at ${this.where()}, ${responses} before this action (code whose result depends on more than the game?)`;
          g.choices = [];
        }
      }
    } finally {
      this.listeners = listeners;
      this.tracers = tracers;
      this.pause = pause;
      this.stepBudget = stepBudget;
      this.eventBudget = eventBudget;
    }
    g.state = this.state;
    g.event = this.state.ids.event;
    return words;
  }

  /**
   * Puts the state back at the guard's restore point: its copy, or the game made again and run to
   * its first decision, which must be the restore point's. Why it could not, or null.
   */
  private restoreTo(g: Guard, log: LogEntry[]): string | null {
    if (g.copy !== null) {
      this.state = copyState(g.copy, logPrefix(log, g.logLength));
      this.indexZones();
      return null;
    }
    try {
      this.remake(g.made!);
    } catch (e) {
      return `making the game again failed: ${errorText(e)}`;
    }
    const s = this.state;
    if (s.ids.event !== g.at.event || s.decision?.id !== g.at.decision || s.log.length !== g.logLength)
      return "making the game again led to another game";
    s.log = logPrefix(log, g.logLength); // the same entries: the live log's beginning
    return null;
  }

  /** The guard's choices answered again from its restore point: why they did not lead to `decision`, or null. */
  private replay(g: Guard, decision: number): string | null {
    try {
      for (const [i, choice] of g.choices.entries()) {
        const d = this.state.decision;
        const option = d ? optionOf(d, choice) : undefined;
        if (!d || !option) return `response ${i + 1} ("${choice}") is no longer an option`;
        this.apply(d, option);
      }
    } catch (e) {
      return `one of them failed: ${errorText(e)}`;
    }
    if (this.state.ids.event !== g.event || this.state.decision?.id !== decision)
      return "they led to another game";
    return null;
  }

  /** Sets the pending decision; the task that asks gets the answer in `task.answer`. */
  ask(d: Omit<Decision, "id">): void {
    this.touched();
    if (this.state.decision) throw new EngineError("a decision is already pending");
    if (d.options.length === 0) throw new EngineError(`decision "${d.kind}" has no options`);
    if (d.options.length > LIMITS.decisionOptions)
      throw new EngineError(
        `decision "${d.kind}" (${d.prompt}) has ${d.options.length} options, more than ${LIMITS.decisionOptions}, the most one decision may offer (${LIMITS_DOC})`,
      );
    // Built field by field, every field present (unset ones undefined, which the serialization
    // leaves out): one shape for every decision, whoever asks, so the engine's reads of it stay
    // specialised; a spread of the caller's object would be a slow generic copy on every ask.
    // CR 722.4: a player controlled during their turn has every decision made by their controller.
    const turn = this.state.clock.turn;
    const controlled = turn.controlledBy !== undefined && d.player === turn.player;
    this.state.decision = {
      id: ++this.state.ids.decision,
      player: controlled ? turn.controlledBy! : d.player,
      kind: d.kind,
      prompt: d.prompt,
      options: d.options,
      for: controlled ? d.player : undefined,
      publicPrompt: d.publicPrompt,
      private: d.private,
      reveals: d.reveals,
      shows: d.shows,
      about: d.about,
    };
  }

  pushTask(task: Task): void {
    this.touched();
    this.state.tasks.push(task);
  }

  popTask(task: Task): void {
    this.touched();
    const top = this.state.tasks.pop();
    if (top !== task) throw new EngineError(`task "${task.t}" tried to end while "${top?.t}" was running`);
  }

  /**
   * Starts a game in the middle of a turn (scenarios): turn `turnId` of `player`, at the beginning
   * of node `nodeId`, as if every node above it had begun.
   */
  startAt(turnId: number, player: PlayerId, nodeId: string, opts: { extra?: boolean } = {}): this {
    this.touched();
    const state = this.state;
    const target = this.rules.node(nodeId);
    const chain: string[] = [];
    for (let n: string | null = target.id; n !== null; n = this.rules.node(n).parent) chain.unshift(n);
    // Turns alternate from turn 1, so the player who began turn 1 is this many seats back.
    const n = state.players.length;
    const first = (((player - (turnId - 1)) % n) + n) % n;
    for (const p of state.players) {
      const seat = (p.id - first + n) % n;
      p.turns = seat < turnId ? Math.floor((turnId - 1 - seat) / n) + 1 : 0;
      p.lastTurn = seat < turnId ? turnId - ((turnId - 1 - seat) % n) : 0;
    }
    state.clock.turn = {
      id: turnId,
      player,
      extra: opts.extra ?? false,
      ordinal: state.players[player]!.turns,
    };
    state.clock.rotation = player;
    state.tasks = [{ t: "game" }, { t: "turn", stage: "end" }];
    openWindow(this, "turn");
    for (let i = 0; i < chain.length - 1; i++) {
      const node = this.rules.node(chain[i]!);
      enterNode(this, node);
      const childIndex = (node.children ?? []).findIndex((c) => c.id === chain[i + 1]);
      const isOnDemand = node.children?.[childIndex]?.onDemand === true;
      // A sequenced child returns to its next sibling; an on-demand child (one attack) returns to
      // the parent's interaction, whose sequenced children have not run yet.
      this.pushTask({
        t: "node",
        node: node.id,
        stage: Stage.Children,
        child: isOnDemand ? 0 : childIndex + 1,
        ...(isOnDemand ? {} : { last: chain[i + 1]! }),
      });
      if (isOnDemand && node.interaction) this.pushTask(interactionTask(node.interaction, node.id));
    }
    this.pushTask(nodeTask(target.id));
    return this;
  }

  // ---- queries -------------------------------------------------------------------------

  /** A card by its referee's id, its handle or its place (`deck@0#3`: the third card from the bottom). */
  obj(ref: string): GameObject {
    if (typeof ref !== "string")
      throw new IllegalActionError(`a card is named by a string, not ${describeValue(ref)}`);
    // A handle first (what options name): a string made at run time, looked up as an object's key,
    // is first sought in the engine's table of names. No handle is an id (validate.ts).
    const id = this.handles.get(ref);
    const objects = this.state.objects;
    const byHandle = id === undefined ? undefined : objects[id];
    if (byHandle) return byHandle;
    // Own fields only: "constructor" or "toString" names no card.
    const o = (Object.hasOwn(objects, ref) ? objects[ref] : undefined) ?? this.atPlace(ref);
    if (!o) throw new IllegalActionError(`no card "${ref}"`);
    return o;
  }

  private atPlace(ref: string): GameObject | undefined {
    const hash = ref.lastIndexOf("#");
    if (hash < 0) return undefined;
    const zoneId = ref.slice(0, hash);
    const zone = Object.hasOwn(this.state.zones, zoneId) ? this.state.zones[zoneId] : undefined;
    const n = Number(ref.slice(hash + 1));
    const id = zone && Number.isInteger(n) && n >= 1 ? zone.cards[n - 1] : undefined;
    return id === undefined ? undefined : this.state.objects[id];
  }

  card(obj: GameObject): CardDef {
    return this.rules.card(obj.card);
  }

  zone(kind: string, owner: PlayerId | null): ZoneState {
    // By index (kind → owner → zone): no id string built per call; the same kind is often asked
    // for again next (each card of a list priced against the mana zone).
    let byOwner: ZoneState[] | undefined;
    if (kind === this.lastZoneKind) byOwner = this.lastZoneList;
    else {
      byOwner = this.zonesByKindOwner.get(kind);
      this.lastZoneKind = kind;
      this.lastZoneList = byOwner;
    }
    if (byOwner) {
      const z = byOwner.length === 1 && byOwner[0]!.owner === null ? byOwner[0] : byOwner[owner ?? -1];
      if (z) return z;
    }
    const def = this.rules.zoneDefs.get(kind);
    if (!def) throw new IllegalActionError(`no zone kind "${kind}" in ${this.rules.preset.name}`);
    const z = this.state.zones[zoneId(kind, def.perPlayer ? owner : null)];
    if (!z) throw new IllegalActionError(`no ${kind} zone for player ${owner}`);
    return z;
  }

  cardsIn(kind: string, owner: PlayerId | null): GameObject[] {
    return this.zone(kind, owner).cards.map((id) => this.state.objects[id]!);
  }

  /** Indexes a new state's zones and handles (`handles`: the state's own, already made — shared until one changes). */
  private indexZones(handles?: ReadonlyMap<string, ObjectId>): void {
    this.membershipChanged(); // a new state: nothing derived from the old one holds
    this.staticObjects = null;
    this.checkedAt = -1;
    this.beforeCheckedAt = -1;
    this.allCheckedAt = -1;
    // Each check's own verdict only where the checks ignore different events (else `quiet` does it all).
    const checks = this.rules.stateChecks.perCheck ? this.rules.stateChecks.all.length : 0;
    this.foundNothingAt = new Array<number>(checks).fill(-1);
    this.quietInBatchBy = new Array<number>(checks).fill(0);
    this.whileCheckedAt = -1;
    this.whileDurations = this.state.durations.some((d) => d.expires.at === "while");
    const byKind = new Map<string, ZoneState[]>();
    const zones = this.state.zones;
    for (const id in zones) {
      const z = zones[id]!;
      const list = byKind.get(z.kind);
      if (list) list.push(z);
      else byKind.set(z.kind, [z]);
    }
    this.zonesByKind = byKind;
    const byKindOwner = new Map<string, ZoneState[]>();
    for (const [kind, list] of byKind) {
      const byOwner: ZoneState[] = [];
      for (const z of list) byOwner[z.owner ?? 0] = z;
      byKindOwner.set(kind, list.length === 1 && list[0]!.owner === null ? [list[0]!] : byOwner);
    }
    this.zonesByKindOwner = byKindOwner;
    this.lastZoneKind = undefined;
    this.lastZoneList = undefined;
    this.inTurnOrderCache = new WeakMap();
    this.zonesOfCache = new WeakMap();
    if (handles !== undefined) {
      this.handles = handles as Map<string, ObjectId>; // read-only until indexHandle copies it
      this.handlesShared = true;
      return;
    }
    const byHandle = new Map<string, ObjectId>();
    const objects = this.state.objects;
    for (const id in objects) {
      const h = objects[id]!.handle;
      if (h !== "") byHandle.set(h, id);
    }
    this.handles = byHandle;
    this.handlesShared = false;
  }

  /** The object a handle names now, if any. */
  byHandle(handle: string): GameObject | undefined {
    const id = this.handles.get(handle);
    return id === undefined ? undefined : this.state.objects[id];
  }

  /** Gives an object a new handle (objects.renewHandle draws it). */
  indexHandle(obj: GameObject, handle: string): void {
    if (this.handlesShared) {
      this.handles = new Map(this.handles);
      this.handlesShared = false;
    }
    if (obj.handle) this.handles.delete(obj.handle);
    obj.handle = handle;
    this.handles.set(handle, obj.id);
  }

  /**
   * How options and labels name a card: its handle, or its place (`hand@1#3`) while nobody can
   * follow it (a card in a deck). Never the referee's id (DESIGN: ids can't be used to infer cards).
   */
  ref(obj: GameObject): string {
    if (obj.handle) return obj.handle;
    if (obj.underOf !== null) {
      const top = this.state.objects[obj.underOf]!;
      return `${this.ref(top)}/${top.under.indexOf(obj.id) + 1}`;
    }
    return `${obj.zone}#${this.state.zones[obj.zone]!.cards.indexOf(obj.id) + 1}`;
  }

  zonesOfKinds(kinds: Iterable<string>): ZoneState[] {
    const out: ZoneState[] = [];
    for (const k of kinds) for (const z of this.zonesByKind.get(k) ?? []) out.push(z);
    return out;
  }

  zonesOf(kinds: string | readonly string[]): readonly ZoneState[] {
    if (typeof kinds === "string") return this.zonesByKind.get(kinds) ?? NO_ZONES;
    if (!Array.isArray(kinds))
      throw new EngineError(
        `zonesOf takes a zone kind or a list of them, not ${JSON.stringify(kinds) ?? String(kinds)}`,
      );
    if (kinds.length === 1) return this.zonesByKind.get(kinds[0]!) ?? NO_ZONES;
    // Kept only for lists that can't change: the rules' own, and frozen ones (card definitions').
    const keep = kinds === this.rules.inPlayKinds || Object.isFrozen(kinds);
    let cached = keep ? this.zonesOfCache.get(kinds) : undefined;
    if (cached === undefined) {
      const zones = this.state.zones;
      const out: ZoneState[] = [];
      for (const id in zones) if (kinds.includes(zones[id]!.kind)) out.push(zones[id]!);
      cached = out;
      if (keep) this.zonesOfCache.set(kinds, cached);
    }
    return cached;
  }

  /** In-play zones, the active player's first, then in turn order. */
  zonesInTurnOrder(kinds?: Iterable<string>): readonly ZoneState[] {
    // Built once per list of kinds (the same object asks again: the rules' own sets) and active
    // player; the zones of a game never change. Held weakly: a list made for one call goes with it.
    const key = kinds ?? this.rules.inPlayKinds;
    if (typeof key !== "object") return this.inTurnOrder(this.zonesOfKinds(key));
    let byActive = this.inTurnOrderCache.get(key);
    if (!byActive) {
      byActive = [];
      this.inTurnOrderCache.set(key, byActive);
    }
    const active = this.state.clock.turn.player;
    let cached = byActive[active];
    if (!cached) {
      cached = this.inTurnOrder(this.zonesOfKinds(key));
      byActive[active] = cached;
    }
    return cached;
  }

  private inTurnOrder(zones: ZoneState[]): ZoneState[] {
    const n = this.state.players.length;
    const active = this.state.clock.turn.player;
    return zones.sort((a, b) => (((a.owner ?? 0) - active + n) % n) - (((b.owner ?? 0) - active + n) % n));
  }

  characteristic(obj: GameObject, field: string): Json | undefined {
    const def = this.rules.card(obj.card);
    const printed = field === "name" ? def.name : field === "types" ? def.types : printedField(def, field);
    const hook = this.rules.preset.characteristic;
    return hook ? hook(this, obj, field, printed) : printed;
  }

  /** Facts derived from the state, kept while a `withMemo` scope runs (null outside one). */
  private memoScope: Map<unknown, unknown> | null = null;

  /**
   * Runs `fn`, which must change nothing (an option list, the detection half of a state check),
   * with facts derived from the state computed once (`memo`): who is attached to what, a
   * player's available mana. Nested scopes share the outer one.
   */
  withMemo<T>(fn: () => T): T {
    if (this.memoScope !== null) return fn();
    const scope = this.spareMemo ?? new Map();
    this.spareMemo = null;
    this.memoScope = scope;
    try {
      return fn();
    } finally {
      this.memoScope = null;
      scope.clear();
      this.spareMemo = scope; // the next scope reuses it: one map per game, not one per option list
    }
  }

  private spareMemo: Map<unknown, unknown> | null = null;

  /** Whether a `withMemo` scope is running (a fact worth indexing only then). */
  get memoizing(): boolean {
    return this.memoScope !== null;
  }

  /** `compute()`, kept under `key` for the rest of the `withMemo` scope; outside one, computed each time. */
  memo<T>(key: unknown, compute: () => T): T {
    const m = this.memoScope;
    if (m === null) return compute();
    if (m.has(key)) return m.get(key) as T;
    const v = compute();
    m.set(key, v);
    return v;
  }

  /**
   * Facts derived from which objects are in which zone and what card each is (the objects that
   * listen to an event type, triggers.ts): kept until a zone's membership or order, or an
   * object's card, changes (`membershipChanged`), or the state is replaced.
   */
  private byMembership = new Map<unknown, MembershipFact>();

  /**
   * `compute()`, kept under `key` until the zones' membership or an object's card changes. The
   * key is compared by identity: an object of the rules (one per fact) or a string. `concerns`:
   * whether a card entering or leaving a zone may change the fact (a function of the rules, the
   * card's definition and the zone); the moves it says no to keep it. Without it, every move drops it.
   */
  membershipFact<T>(key: unknown, compute: () => T, concerns?: MembershipConcerns): T {
    // The same fact is often asked for again before anything moves (a block of taps: who listens).
    if (key === this.lastFactKey) return this.lastFactValue as T;
    const m = this.byMembership;
    const kept = m.get(key);
    let value: unknown;
    if (kept !== undefined) value = kept.value;
    else {
      value = compute();
      m.set(key, { key, value, concerns });
    }
    this.lastFactKey = key;
    this.lastFactValue = value;
    return value as T;
  }
  /** The fact `membershipFact` gave last, until the next change of membership. */
  private lastFactKey: unknown = undefined;
  private lastFactValue: unknown = undefined;

  /**
   * A card entered or left a zone, a zone was reordered, or an object became another card.
   * `moved`: the one object that entered or left `zone` (the static holders' index and the facts
   * that say which moves concern them outlive the others).
   */
  membershipChanged(moved?: ObjectId, zone?: ZoneState): void {
    this.lastFactKey = undefined;
    this.lastFactValue = undefined;
    const obj = moved === undefined ? undefined : this.state.objects[moved];
    if (this.staticIndex !== null) {
      if (obj === undefined || zone === undefined) this.staticIndex = null;
      // A holder entered or left a zone where its statics work: put back in place on the next read.
      else if (this.holdsStaticIn(obj, zone)) this.staticsMoved.push(obj.id);
    }
    const m = this.byMembership;
    if (m.size === 0) return;
    const card = obj === undefined ? undefined : this.rules.cards.get(obj.card); // once for every fact
    if (card === undefined || zone === undefined) {
      m.clear();
      return;
    }
    for (const fact of m.values())
      if (fact.concerns === undefined || fact.concerns(this, card, zone, fact.key)) m.delete(fact.key);
  }

  /** Whether `obj`'s card has a static ability that works in zones of `zone`'s kind (`staticHolders`). */
  private holdsStaticIn(obj: GameObject, zone: ZoneState): boolean {
    const byKind = this.rules.staticsByCard.get(obj.card);
    if (byKind === undefined) return false;
    for (const kind of byKind.keys()) if (this.rules.staticZones.get(kind)!.has(zone.kind)) return true;
    return false;
  }

  /** Makes `obj` another card (DM awakening and release; determinization's redeal). */
  setCard(obj: GameObject, card: string): void {
    this.touched();
    obj.card = card;
    this.staticObjects = null;
    this.membershipChanged();
  }

  /** Whether the rules treat `obj` as existing now (`Preset.exists`; CR 702.26b phasing). */
  exists(obj: GameObject): boolean {
    const f = this.rules.preset.exists;
    return f === undefined || f(this, obj);
  }

  playerName(p: PlayerId): string {
    return this.state.players[p]?.name ?? `player ${p}`;
  }

  opponents(p: PlayerId): readonly PlayerId[] {
    // A game's players never change: each player's opponents are listed once.
    const n = this.state.players.length;
    let all = this.opponentLists;
    if (all === null || all.length !== n) {
      all = this.state.players.map((me) =>
        Object.freeze(this.state.players.filter((x) => x.id !== me.id).map((x) => x.id)),
      );
      this.opponentLists = all;
    }
    return all[p] ?? this.state.players.filter((x) => x.id !== p).map((x) => x.id);
  }
  private opponentLists: (readonly PlayerId[])[] | null = null;

  /** Where the game is, for messages: "turn 3 (P1), Main step". */
  where(): string {
    const c = this.state.clock;
    const node = currentNode(c);
    return `turn ${c.turn.id} (${this.playerName(c.turn.player)}), ${node ? this.rules.node(node).label : "between turns"}`;
  }

  /** A label for an object as `viewer` may see it. */
  describeObject(obj: GameObject, viewer: PlayerId | null): string {
    const zone = this.state.zones[obj.zone]!;
    const seen = seenIn(this, zone, obj.faceDown, obj.owner);
    const where = `${this.playerName(zone.owner ?? obj.owner)}'s ${this.rules.zoneDefs.get(zone.kind)?.label ?? zone.kind}`;
    if (seen === "all" || (viewer !== null && seen.includes(viewer)))
      return `${this.rules.card(obj.card).name} (${this.ref(obj)}) in ${where}`;
    return `a face-down card in ${where} (#${zone.cards.indexOf(obj.id) + 1})`;
  }

  countEvents(
    pattern: EventPattern,
    window: string,
    viewer: PlayerId,
    self?: GameObject,
  ): { n: number; first?: CounterMark } {
    return countEvents(this, pattern, window, viewer, self);
  }

  effects(kind: string): Duration[] {
    return activeEffects(this, kind);
  }

  /** Static abilities in play whose `static.kind` is `kind`, in turn order then zone order (RULINGS DM-3.9). */
  staticAbilities(kind: string): AbilityRef[] {
    // Which cards have statics of the kind, per zone: kept until a card moves or becomes another.
    let index = this.staticIndex;
    if (index === null) {
      index = this.staticHolders();
      this.staticIndex = index;
      this.staticsMoved.length = 0;
    } else if (this.staticsMoved.length > 0) {
      index = this.placeHolders(index);
      this.staticIndex = index;
    }
    const byZone = index.get(kind);
    if (byZone === undefined) return [];
    // While an option list is built, every card asks the same: found once per kind (the
    // holders' map is the kind's key, one per index).
    if (this.memoScope !== null) return this.memo(byZone, () => this.findStaticAbilities(byZone));
    return this.findStaticAbilities(byZone);
  }

  /**
   * The index of static holders: made on the first read after a change it can't follow (a zone
   * reordered, an object made another card, a new state), else kept and mended (`placeHolders`).
   */
  private staticIndex: Map<string, Map<string, StaticHolder[]>> | null = null;
  /** Holders that entered or left a zone where their statics work since the index was last read. */
  private readonly staticsMoved: ObjectId[] = [];

  /**
   * Puts each moved holder where it is now in the index, as `staticHolders` would find it: out of
   * every list of its kinds, then into its zone's list at its place in the zone. A kind's holders'
   * map it touches is a new one (the map is the key of what `memo` keeps for the kind). One gone
   * from the game since: the index is made afresh.
   */
  private placeHolders(
    index: Map<string, Map<string, StaticHolder[]>>,
  ): Map<string, Map<string, StaticHolder[]>> {
    const rules = this.rules;
    const { objects, zones } = this.state;
    for (const id of this.staticsMoved) {
      const obj = objects[id];
      const statics = obj === undefined ? undefined : rules.staticsByCard.get(obj.card);
      if (obj === undefined || statics === undefined) {
        this.staticsMoved.length = 0;
        return this.staticHolders();
      }
      const zone = obj.underOf === null ? zones[obj.zone] : undefined; // under another card: in no list
      for (const [kind, entries] of statics) {
        const before = index.get(kind);
        const byZone = new Map<string, StaticHolder[]>();
        if (before !== undefined)
          for (const [zoneId, list] of before) {
            const rest = list.filter((h) => h.id !== id);
            if (rest.length > 0) byZone.set(zoneId, rest);
          }
        if (zone !== undefined && rules.staticZones.get(kind)!.has(zone.kind)) {
          const list = byZone.get(zone.id) ?? [];
          list.push({ id, card: rules.card(obj.card), entries });
          if (list.length > 1) list.sort((x, y) => zone.cards.indexOf(x.id) - zone.cards.indexOf(y.id));
          byZone.set(zone.id, list);
        }
        if (byZone.size > 0) index.set(kind, byZone);
        else index.delete(kind);
      }
    }
    this.staticsMoved.length = 0;
    return index;
  }

  private findStaticAbilities(byZone: Map<string, StaticHolder[]>): AbilityRef[] {
    const out: AbilityRef[] = [];
    const objects = this.state.objects;
    for (const zone of this.zonesInTurnOrder()) {
      const holders = byZone.get(zone.id);
      if (holders === undefined) continue;
      for (const h of holders) {
        const obj = objects[h.id]!;
        if (obj.faceDown || !this.exists(obj)) continue;
        for (const e of h.entries)
          if (e.zones.includes(zone.kind))
            out.push({ obj, card: h.card, ability: e.ability, controller: obj.controller });
      }
    }
    return out;
  }

  /** Per kind of static, the cards in each zone where one of the kind works that have one, in zone order. */
  private staticHolders(): Map<string, Map<string, StaticHolder[]>> {
    const out = new Map<string, Map<string, StaticHolder[]>>();
    const rules = this.rules;
    const { objects, zones } = this.state;
    for (const id of this.objectsWithStatics()) {
      const obj = objects[id];
      if (obj === undefined || obj.underOf !== null) continue; // gone, or under another card
      const zone = zones[obj.zone]!;
      for (const [kind, entries] of rules.staticsByCard.get(obj.card)!) {
        if (!rules.staticZones.get(kind)!.has(zone.kind)) continue;
        let byZone = out.get(kind);
        if (!byZone) {
          byZone = new Map();
          out.set(kind, byZone);
        }
        let list = byZone.get(zone.id);
        if (!list) {
          list = [];
          byZone.set(zone.id, list);
        }
        list.push({ id, card: rules.card(obj.card), entries });
      }
    }
    for (const byZone of out.values())
      for (const [zoneId, list] of byZone)
        if (list.length > 1) {
          const cards = zones[zoneId]!.cards;
          list.sort((x, y) => cards.indexOf(x.id) - cards.indexOf(y.id));
        }
    return out;
  }

  /**
   * The objects whose card has static abilities, by id: found once, then extended by the objects
   * made since (ids only grow); forgotten when an object becomes another card or the state is replaced.
   */
  private objectsWithStatics(): readonly ObjectId[] {
    const ids = this.state.ids.object;
    let known = this.staticObjects;
    if (known === null) {
      known = { ids: [], upTo: 0 };
      this.staticObjects = known;
    }
    if (known.upTo < ids) {
      const statics = this.rules.staticsByCard;
      for (let n = known.upTo + 1; n <= ids; n++) {
        const obj = this.state.objects[objectIdOf(n)];
        if (obj !== undefined && statics.has(obj.card)) known.ids.push(obj.id);
      }
      known.upTo = ids;
    }
    return known.ids;
  }

  private staticObjects: { ids: ObjectId[]; upTo: number } | null = null;

  // ---- limits --------------------------------------------------------------------------

  abilityRef(objId: ObjectId, abilityId: string): AbilityRef {
    const obj = this.obj(objId);
    const card = this.rules.card(obj.card);
    const ability = (card.abilities ?? []).find((a) => a.id === abilityId);
    if (!ability) throw new IllegalActionError(`${card.name} (${objId}) has no ability "${abilityId}"`);
    return { obj, card, ability, controller: obj.controller };
  }

  /**
   * May this ability be used now, as far as its limits say? Allowed, or refused with a reason
   * naming the limit, its key, its window and what used it up.
   */
  canUse(objId: ObjectId, abilityId: string, ctx: { player?: PlayerId } = {}): Verdict {
    const ref = this.abilityRef(objId, abilityId);
    if (ctx.player !== undefined) ref.controller = ctx.player;
    const zone = this.state.zones[ref.obj.zone]!;
    const zones = ref.ability.zones ?? this.rules.inPlayKinds;
    if (!zones.includes(zone.kind) && limitsOf(ref.ability).length > 0) {
      const spec = limitsOf(ref.ability)[0]!;
      return {
        ok: false,
        reason: `${ref.card.name}: this ability works only in ${zones.join(" or ")}, and the card is in ${zone.kind}`,
        limit: spec,
        key: "",
        window: spec.window,
      };
    }
    return checkLimits(this, ref, () => true);
  }

  /**
   * May `player` (default: the card's controller) activate this ability now? Every reason that
   * stops it — zone, face-down, timing, condition, limits, costs, targets, the preset's own —
   * in words (activation.ts). Presets offer exactly the activations this allows.
   */
  canActivate(objRef: string, abilityId: string, ctx: { player?: PlayerId } = {}): ActivationVerdict {
    const ref = this.abilityRef(objRef, abilityId);
    return canActivate(this, ref, ctx.player ?? ref.obj.controller);
  }

  /** `canActivate(...).ok` without the words: the cheap check option lists make (activation.ts `mayActivate`). */
  mayActivate(objRef: string, abilityId: string, ctx: { player?: PlayerId } = {}): boolean {
    const ref = this.abilityRef(objRef, abilityId);
    const player = ctx.player ?? ref.obj.controller;
    return mayActivate(this, ref.controller === player ? ref : { ...ref, controller: player }, player);
  }

  /** Why this activation is not offered now: every reason, or [] when it may be activated. */
  whyNot(objRef: string, abilityId: string, ctx: { player?: PlayerId } = {}): Reason[] {
    return this.canActivate(objRef, abilityId, ctx).reasons;
  }

  /** Uses an activated ability's limits (activation or use); throws if a limit refuses. */
  useLimits(ref: AbilityRef): void {
    this.touched();
    const v = checkLimits(this, ref, (s) => usedUpOf(s) === "use" || usedUpOf(s) === "activation");
    if (!v.ok) throw new IllegalActionError(v.reason);
    chargeLimits(this, ref, "use");
    chargeLimits(this, ref, "activation");
  }

  /** A negated activation gives back limits used up on activation, not those used up on use (RULINGS YG-2.4). */
  negateActivation(ref: AbilityRef): void {
    this.touched();
    for (const spec of limitsOf(ref.ability))
      if (usedUpOf(spec) === "activation") refundLimit(this, ref, spec);
  }

  /** Checks and charges the limits used up when a static ability actually applies (RULINGS DM-3.7). */
  applyStatic(ref: AbilityRef): Verdict {
    this.touched();
    const v = checkLimits(this, ref, (s) => usedUpOf(s) === "application" || s.counts === "event");
    if (!v.ok) return v;
    chargeLimits(this, ref, "application");
    return ALLOWED;
  }

  /** May a static ability apply now (without using it)? */
  canApply(ref: AbilityRef): Verdict {
    for (const spec of limitsOf(ref.ability)) {
      const v = checkLimit(this, ref, spec, "query");
      if (!v.ok) return v;
    }
    return ALLOWED;
  }

  /** What each limited ability of `player`'s cards still has in its window. */
  remaining(player: PlayerId): RemainingEntry[] {
    const out: RemainingEntry[] = [];
    for (const zone of Object.values(this.state.zones)) {
      if (zone.visibility === "hidden") continue;
      for (const id of zone.cards) {
        const obj = this.state.objects[id]!;
        if (obj.controller !== player) continue;
        const card = this.rules.card(obj.card);
        for (const ability of card.abilities ?? []) {
          if (!(ability.zones ?? this.rules.inPlayKinds).includes(zone.kind)) continue;
          for (const spec of limitsOf(ability))
            out.push(limitStatus(this, { obj, card, ability, controller: player }, spec));
        }
      }
    }
    return out;
  }

  // ---- changing the game ---------------------------------------------------------------

  /** Creates a card in its owner's zone of that kind, or (`opts.controller`) under another player's control in theirs. */
  createCard(
    card: string,
    owner: PlayerId,
    kind: string,
    opts: PlaceOptions & { controller?: PlayerId } = {},
  ): GameObject {
    this.touched();
    const controller = opts.controller ?? owner;
    const obj = createObject(this, card, owner, this.zone(kind, controller).id, opts);
    obj.controller = controller;
    return obj;
  }

  move(obj: GameObject, to: string, opts: MoveOptions = {}): LogEntry {
    this.touched();
    return moveObject(this, obj, to, opts);
  }

  /** Moves a card unless a replacement effect applies instead (then returns null). */
  moveWithReplacement(
    obj: GameObject,
    to: string,
    opts: MoveOptions & { noReplace?: boolean } = {},
  ): LogEntry | null {
    this.touched();
    // No card that could replace it in a zone where it works (replacement.ts, an index kept until
    // such a card moves): no proposed event to build, nothing to ask.
    if (!opts.noReplace && this.rules.replacementCards.size > 0 && replacementHolders(this).length > 0) {
      const dest = this.state.zones[to]!;
      const proposed: GameEvent = {
        type: opts.event ?? "move",
        player: obj.owner,
        obj: obj.id,
        inc: obj.inc,
        card: obj.card,
        name: this.rules.card(obj.card).name,
        from: this.state.zones[obj.zone]!.kind,
        to: dest.kind,
        ...(opts.cause ? { cause: opts.cause } : {}),
        data: { controller: obj.controller },
      };
      if (tryReplace(this, proposed)) return null;
    }
    // `noReplace` goes along: moveObject reads only the options it has.
    return moveObject(this, obj, to, opts);
  }

  get deckZoneKind(): string {
    return this.rules.preset.drawFrom ?? "deck";
  }

  /** Draws n cards; drawing from an empty deck emits "drawFromEmpty" for the preset's loss rule. */
  draw(player: PlayerId, n = 1, cause?: Cause): void {
    this.touched();
    const deck = this.zone(this.deckZoneKind, player);
    const hand = this.zone(this.rules.preset.drawTo ?? "hand", player);
    for (let i = 0; i < n; i++) {
      const top = deck.cards[deck.cards.length - 1];
      if (top === undefined) {
        emit(this, { type: "drawFromEmpty", player, ...(cause ? { cause } : {}) });
        return;
      }
      moveObject(this, this.state.objects[top]!, hand.id, { event: "draw", ...(cause ? { cause } : {}) });
    }
  }

  shuffle(zone: string): void {
    this.touched();
    const z = this.state.zones[zone];
    if (!z) throw new EngineError(`no zone "${zone}"`);
    shuffleInPlace(this.state.rng, z.cards);
    this.membershipChanged();
    emit(this, { type: "shuffle", ...(z.owner !== null ? { player: z.owner } : {}), data: { zone: z.kind } });
  }

  /**
   * Adds turn nodes (phases or steps) right after the node `after` now running ends, before its
   * next sibling — CR 500.8: "after this main phase, there is an additional combat phase followed
   * by an additional main phase". Each added node must be a sibling of `after` in the turn tree;
   * nodes added after the same node later run first (CR 500.8: the most recently created first).
   * Those not reached this turn (their node already ended) lapse with the turn.
   */
  addNodesAfter(after: string, nodes: readonly string[], source?: string): void {
    this.touched();
    const node = this.rules.node(after);
    const clock = this.state.clock;
    if (!clock.path.includes(after))
      throw new EngineError(
        `nodes can be added only after a node that is running; "${after}" is not (now: ${this.where()})`,
      );
    const siblings =
      node.parent === null ? [] : (this.rules.node(node.parent).children ?? []).map((c) => c.id);
    for (const n of nodes)
      if (!siblings.includes(n))
        throw new DefinitionError(
          `"${n}" can't be added after "${after}": added nodes are its siblings (${siblings.join(", ") || "none"})`,
        );
    if (nodes.length === 0) return;
    this.state.turnQueue.push({
      kind: "nodes",
      after,
      instance: clock.instances[after]!,
      nodes: [...nodes],
      ...(source ? { source } : {}),
    });
    emit(this, {
      type: "nodesAdded",
      player: clock.turn.player,
      data: { after, nodes: [...nodes], source: source ?? null },
    });
  }

  /**
   * The running nodes end and the game goes straight to node `to`, later in this turn, skipping
   * every node in between (CR 723.1d: "end the turn" goes to the cleanup step; "end the Battle
   * Phase"). The nodes that end do so as they would — their end actions, "at the end of" events and
   * "until the end of" durations — but start no more children and ask nothing more (their
   * interaction stops once the work in progress, a resolving effect or chain, is done).
   */
  skipTo(to: string, source?: string): void {
    this.touched();
    const clock = this.state.clock;
    const path = clock.path;
    const chain: string[] = [];
    for (let n: string | null = this.rules.node(to).id; n !== null; n = this.rules.node(n).parent)
      chain.unshift(n);
    let c = 0;
    while (c < path.length && c < chain.length && path[c] === chain[c]) c++;
    if (c === 0 || c >= chain.length)
      throw new EngineError(`the turn can't skip to "${to}": it is running now (${this.where()})`);
    const below = path[c - 1]!;
    const ended = path.slice(c);
    const kids = (this.rules.node(below).children ?? []).map((k) => k.id);
    if (ended.length > 0 && kids.indexOf(chain[c]!) <= kids.indexOf(path[c]!))
      throw new EngineError(
        `the turn can't skip to "${to}": it is not ahead of the running "${path[c]}" (the turn only skips forward)`,
      );
    const q = this.state.turnQueue;
    for (let i = q.length - 1; i >= 0; i--) if (q[i]!.kind === "skipTo") q.splice(i, 1);
    q.push({ kind: "skipTo", below, to, ended, ...(source ? { source } : {}) });
    emit(this, {
      type: "skipTo",
      player: clock.turn.player,
      data: { to, ended: [...ended], source: source ?? null },
    });
  }

  /**
   * `player` skips their next run of turn node `node` (CR 500.10, 614.10: "skip your next draw
   * step"): when that node would next begin in one of their turns, it doesn't happen at all — no
   * turn-based actions, no "at the beginning of" or "at the end of" events, and what waits for its
   * next run waits for the next one that isn't skipped. Several calls skip as many runs.
   */
  skipNextNode(player: PlayerId, node: string, source?: string): void {
    this.touched();
    const n = this.rules.node(node);
    if (n.parent === null)
      throw new EngineError(`"${node}" is the whole turn: a turn is skipped with skipTurn, not skipNode`);
    this.state.turnQueue.push({ kind: "skipNode", node, player, ...(source ? { source } : {}) });
    emit(this, { type: "skipNodeAdded", player, data: { node, source: source ?? null } });
  }

  /**
   * `by` controls `player` during that player's next turn (CR 722: Mindslaver): `by` makes every
   * decision `player` would make and sees what they see, for that whole turn; `player` still takes
   * it. `extraTurnAfter`: after that turn, `player` takes an extra turn (Emrakul, the Promised End).
   */
  controlNextTurn(
    player: PlayerId,
    by: PlayerId,
    opts: { extraTurnAfter?: boolean; source?: string } = {},
  ): void {
    this.touched();
    this.state.turnQueue.push({
      kind: "control",
      player,
      by,
      ...(opts.extraTurnAfter ? { extraTurnAfter: true } : {}),
      ...(opts.source ? { source: opts.source } : {}),
    });
    emit(this, { type: "turnControlAdded", player, data: { by, source: opts.source ?? null } });
  }

  addExtraTurn(player: PlayerId, source?: string): void {
    this.touched();
    this.state.turnQueue.push({ kind: "extra", player, ...(source ? { source } : {}) });
    emit(this, { type: "extraTurnAdded", player, data: { source: source ?? null } });
  }

  declareWinner(player: PlayerId | null, reason: string): void {
    this.touched();
    if (this.state.result) return;
    this.state.result = { winner: player, reason, turn: this.state.clock.turn.id };
    emit(this, { type: "gameEnd", ...(player !== null ? { player } : {}), data: { reason, winner: player } });
  }

  declareLoser(player: PlayerId, reason: string): void {
    this.touched();
    const others = this.opponents(player);
    this.declareWinner(others.length === 1 ? others[0]! : null, `${this.playerName(player)} lost: ${reason}`);
  }

  emit(event: GameEvent): LogEntry {
    this.touched();
    // A copy: the caller's object stays theirs (events.emit copies what `newEntry` did not make).
    return emit(this, event);
  }

  // ---- observation ---------------------------------------------------------------------

  get keepLog(): boolean {
    return this.state.logging === "full";
  }

  /**
   * Called for every event (narration, a server streaming the game). Not part of the state. The
   * events of an action are told once it has been carried out, in order — never those of an
   * action that failed and was undone. `{ immediate: true }`: told as each event is logged, even
   * of an action later undone (tracing, checks at every event); one that throws undoes the action.
   */
  onEvent(listener: (entry: LogEntry) => void, opts: { immediate?: boolean } = {}): () => void {
    if (typeof listener !== "function")
      throw new IllegalActionError(`onEvent takes a function, not ${describeValue(listener)}`);
    if (opts.immediate === true) this.tracers = [...this.tracers, listener];
    else this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
      this.tracers = this.tracers.filter((l) => l !== listener);
    };
  }

  /** Listeners told as each event is logged (`onEvent(l, { immediate: true })`). */
  private tracers: ((entry: LogEntry) => void)[] = [];

  /** Whether any `onEvent` listener is subscribed (events.heard). */
  get hasListeners(): boolean {
    return this.listeners.length > 0 || this.tracers.length > 0;
  }

  /**
   * An event was logged: it counts against the running step's event budget, and listeners are
   * told of it — each a copy, so a listener can't change the game — at once, or, inside `act`,
   * once the action has been carried out.
   */
  notify(entry: LogEntry): void {
    if (entry.seq > this.eventLimit) this.tooManyEvents(entry);
    if (this.tracers.length !== 0) this.trace(entry);
    if (this.listeners.length === 0) return;
    if (this.held !== null) this.held.push(copyEntry(entry));
    else this.tell([copyEntry(entry)]);
  }

  /** Tells the immediate listeners; one that throws stops the step (and undoes an action). */
  private trace(entry: LogEntry): void {
    for (const l of this.tracers) {
      try {
        l(copyEntry(entry));
      } catch (e) {
        throw new ListenerError(
          `an onEvent listener ({ immediate: true }) threw on event ${entry.seq} (${entry.type}): ${errorText(e)}`,
          { cause: e },
        );
      }
    }
  }

  /** Events of the action being carried out, told to listeners once it commits (null outside `act`). */
  private held: LogEntry[] | null = null;

  /**
   * Tells every listener every event. A listener that throws doesn't stop the others; the first
   * error is thrown after, as a ListenerError (the events happened: the game goes on from them).
   */
  private tell(entries: LogEntry[]): void {
    const listeners = this.listeners;
    const last = listeners.length - 1;
    let failed: { error: unknown; entry: LogEntry } | null = null;
    for (const entry of entries)
      for (let i = 0; i <= last; i++) {
        try {
          // Each listener its own copy (the entries are copies already: the last takes it).
          listeners[i]!(i === last ? entry : copyEntry(entry));
        } catch (error) {
          failed ??= { error, entry };
        }
      }
    if (failed)
      throw new ListenerError(
        `an onEvent listener threw on event ${failed.entry.seq} (${failed.entry.type}): ${errorText(failed.error)}; the game went on: what it was told happened`,
        { cause: failed.error },
      );
  }

  collectTriggers(entry: LogEntry, typeRules?: EventTypeRules): void {
    if (this.batch !== null) this.batch.push(entry);
    else collectTriggers(this, entry, undefined, undefined, typeRules);
  }

  /** Events of a `simultaneously` block, whose triggers wait for its end. */
  private batch: LogEntry[] | null = null;
  /** How many events of the running block were of types every state check ignores (StateCheck.ignores). */
  private quietInBatch = 0;
  /** …and of types each check ignores (by index in `stateChecks.all`). */
  private quietInBatchBy: number[] = [];
  /** An empty batch array left by a block in which nothing happened, for the next block. */
  private spareBatch: LogEntry[] | null = null;

  /**
   * Runs `fn` as one simultaneous event (CR 603.10a, 704.3; DM shields broken at once): abilities
   * trigger once it is all done, each seeing every event of the block — a creature that dies with
   * others "looks back" and sees them die too, creatures entering together see each other enter.
   * State checks run each check's actions this way.
   */
  simultaneously<T>(fn: () => T): T {
    return this.simultaneouslyWith(callIt, fn) as T;
  }

  /** `simultaneously(() => fn(this, arg))` without a closure per call (state checks, on every step). */
  simultaneouslyWith<A, T>(fn: (game: Game, arg: A) => T, arg: A): T {
    if (this.batch !== null) return fn(this, arg);
    const batch: LogEntry[] = this.spareBatch ?? [];
    this.spareBatch = null;
    this.batch = batch;
    // The block is one event of the rules (CR 603.2c), apart from what happened before it.
    const outer = this.batchStart;
    const before = this.state.ids.event;
    this.batchStart = before;
    this.quietInBatch = 0;
    if (this.quietInBatchBy.length !== 0) this.quietInBatchBy.fill(0);
    let out: T;
    try {
      out = fn(this, arg);
    } finally {
      this.batch = null;
    }
    if (batch.length === 0) {
      this.spareBatch = batch; // nothing happened (a state check that found nothing): reused
      if (this.state.ids.event === before) this.batchStart = outer;
      // …or only events skipped as unheard (events.skipUnheard), quiet for the checks that ignore them all.
      else if (this.quietInBatch === this.state.ids.event - before)
        this.nothingChanged(before, this.state.ids.event);
      else if (this.quietInBatchBy.length !== 0) this.judgeQuietBlock(before);
      return out;
    }
    // Where each object that moved in the block was before it (the first move's origin), and the
    // objects of events that look back though no zone changed (phasing out: CR 603.10a) — for a
    // preset whose triggers look back at all.
    let lookBack: Map<ObjectId, string> | undefined;
    let existed: Set<ObjectId> | undefined;
    const backMoves = this.rules.preset.lookBack === true;
    const backTypes = this.rules.lookBackTypes;
    if (backMoves || backTypes.size > 0)
      for (const e of batch) {
        if (e.obj === undefined) continue;
        if (backMoves && e.from !== undefined) {
          lookBack ??= new Map();
          if (!lookBack.has(e.obj)) lookBack.set(e.obj, e.from);
        }
        if (backTypes.has(e.type)) {
          existed ??= new Set();
          existed.add(e.obj);
        }
      }
    const pending = this.state.pending.length;
    for (const e of batch) collectTriggers(this, e, lookBack, existed);
    // A block whose every event the state checks ignore, on which nothing triggered, changed
    // nothing they read (events.emit: each such event alone is quiet).
    if (this.state.pending.length === pending) {
      if (this.quietInBatch === this.state.ids.event - before)
        this.nothingChanged(before, this.state.ids.event);
      else if (this.quietInBatchBy.length !== 0) this.judgeQuietBlock(before);
    }
    this.batchStart = this.state.ids.event; // what follows in the same step is another event
    return out;
  }

  /**
   * A block on which nothing triggered, whose every event a check ignores, changed nothing that
   * check reads (events.emit: each such event alone is quiet): its own verdict stands.
   */
  private judgeQuietBlock(before: number): void {
    const n = this.state.ids.event - before;
    for (let i = 0; i < this.quietInBatchBy.length; i++)
      if (this.quietInBatchBy[i] === n) this.carryVerdict(i, before, this.state.ids.event);
  }

  /** The state as `player` may see it: no opponent's hand, no deck order, no face-down identity. */
  viewFor(player: PlayerId): PlayerView {
    return viewFor(this, player);
  }

  ability(cardId: string, abilityId: string): AbilityDef {
    return this.rules.ability(cardId, abilityId);
  }
}

/** The game (its API: contract/game.ts); `Game.create(preset, options)` makes one. */
export const Game = GameEngine;
export type Game = GameApi;
