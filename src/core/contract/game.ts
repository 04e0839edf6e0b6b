/**
 * The contract's game (DESIGN: the kernel is driven through one object): the interface every
 * client, agent, scenario, preset hook and kernel module sees — `src/core/game.ts` implements it
 * (`Game.create`, `Game.fromState`, `Game.deserialize`). Modules below the facade name this
 * interface, never the class, so no module depends on the facade.
 */
import type { Json } from "../json.js";
import type {
  Cause,
  CounterMark,
  Decision,
  Duration,
  GameEvent,
  GameObject,
  GameState,
  LogEntry,
  ObjectId,
  PlayerId,
  Task,
  ZoneState,
} from "../types.js";
import type { AbilityDef, CardDef, EventPattern, Op } from "../vocabulary/schema.js";
import type {
  AbilityRef,
  Action,
  ActivationVerdict,
  CompiledNode,
  CounterSpec,
  MoveOptions,
  PlaceOptions,
  PlayerView,
  Reason,
  RemainingEntry,
  Snapshot,
  TriggerEntry,
  Verdict,
  ZoneDef,
} from "./data.js";
import type {
  CompiledStateChecks,
  ConditionFn,
  OpHandler,
  Preset,
  StateCheck,
  TaskHandler,
} from "./hooks.js";

/**
 * A preset compiled with one game's options and extra cards (src/core/registry.ts): indexes built
 * once so the hot paths — event emission, trigger lookup, counters — never search.
 */
export interface Rules {
  readonly preset: Preset;
  /** Shared by every game of the preset with these options: no run-time additions. */
  readonly shared: boolean;
  readonly nodes: Map<string, CompiledNode>;
  readonly cards: Map<string, CardDef>;
  readonly abilities: Map<string, Map<string, AbilityDef>>;
  /** card id → event type → triggered abilities of that card listening to it. */
  readonly triggersByCard: Map<string, Map<string, TriggerEntry[]>>;
  /** card id → static ability kind → that card's static abilities of that kind, with their zones. */
  readonly staticsByCard: Map<
    string,
    Map<
      string,
      {
        ability: AbilityDef;
        zones: readonly string[];
      }[]
    >
  >;
  /** static ability kind → zone kinds where some card's static ability of that kind works. */
  readonly staticZones: Map<string, Set<string>>;
  /** Some card has a static ability of kind `skipNode` (`staticZones.has("skipNode")`). */
  readonly skipsNodes: boolean;
  /** event type → zone kinds where some card listens to it. */
  readonly triggerZones: Map<string, Set<string>>;
  /** card id → the `triggerZones` sets of the event types its triggered abilities listen to. */
  readonly listenedZonesByCard: Map<string, Set<ReadonlySet<string>>>;
  listenedZonesOf(card: CardDef): ReadonlySet<ReadonlySet<string>> | undefined;
  /** Event types whose triggers look back though no zone changed (Preset.lookBackEvents, CR 603.10a). */
  readonly lookBackTypes: ReadonlySet<string>;
  /** Event types some card's delayed triggered ability waits for (CR 603.7): emitted even when nothing else reads them. */
  readonly delayedTypes: Set<string>;
  /** Event type → the nodes its abilities name, when all name one; null when some listen at any node. */
  readonly triggerNodes: Map<string, Set<string> | null>;
  /**
   * Event type → optional triggered abilities of the library that work from a zone not every
   * player sees (Ninja Strike in a hand): on such an event, a player who could hold one is asked
   * whether they respond, whether or not they do (DESIGN: non-interference).
   */
  readonly hiddenTriggers: Map<string, TriggerEntry[]>;
  /** card ids with replacement abilities, and the zones they work in. */
  readonly replacementCards: Map<
    string,
    {
      ability: AbilityDef;
      zones: readonly string[];
    }[]
  >;
  /** Zone kinds where some replacement ability works (in play, or a hand for Madness). */
  readonly replacementZoneKinds: Set<string>;
  readonly counterSpecs: Map<string, CounterSpec>;
  readonly countersByType: Map<string, CounterSpec[]>;
  /** Event types a counter, a triggered or a delayed ability reads (events.heard: one lookup). */
  readonly readTypes: Set<string>;
  /** What the rules do with events of a type, gathered from the maps above: one lookup per event. */
  eventRules(type: string): EventTypeRules;
  /** Each of the kernel's bookkeeping events: read by something of the rules, ignored by the state checks (events.heard). */
  readonly bookkeeping: Readonly<Record<BookkeepingEvent, Readonly<EventFlags>>>;
  readonly tasks: Map<string, TaskHandler>;
  /** `tasks.get("node")`, the handler of most of the engine's steps. */
  readonly nodeTaskHandler: TaskHandler | undefined;
  readonly ops: Map<string, OpHandler>;
  readonly conditions: Map<string, ConditionFn>;
  readonly zoneDefs: Map<string, ZoneDef>;
  readonly inPlayKinds: readonly string[];
  readonly windows: Set<string>;
  readonly root: CompiledNode;
  /** Event types an `emit` op of the game's cards records: cards may name them like the preset's. */
  readonly cardEvents: ReadonlySet<string>;
  /** The preset's state checks, by when they run (state-checks.ts). */
  readonly stateChecks: CompiledStateChecks;
  node(id: string): CompiledNode;
  card(id: string): CardDef;
  ability(cardId: string, abilityId: string): AbilityDef;
  registerCounter(pattern: EventPattern, window: string): CounterSpec;
  /**
   * Checks an effect's ops against their handlers' argument specs (op-args.ts), recursing into
   * nested op lists: a DefinitionError naming preset, card, ability, each op's path
   * (`effect[2].then[0]`) and argument, with a "did you mean" where a close name exists.
   */
  checkOps(ops: readonly Op[], at: string, field?: string): void;
}

/** The game as plain reads see it: its state and its compiled rules (the narrowest context). */
export type GameReader = Pick<Game, "state" | "rules">;

/**
 * Whether a card entering or leaving `zone` may change a membership fact (Game.membershipFact):
 * from the rules, the card's definition, the zone and the fact's key alone (one function may serve
 * the facts of several keys).
 */
export type MembershipConcerns = (game: GameReader, card: CardDef, zone: ZoneState, key: unknown) => boolean;

/** A preset's rules plus one game's state: the API every client and preset uses (src/core/game.ts). */
export interface Game {
  state: GameState;
  readonly rules: Rules;
  /** Engine steps allowed per `act` before the engine reports that it makes no progress. */
  stepBudget: number;
  /**
   * Events allowed per `act`: a runaway trigger loop stops with a clear error (and the action is
   * undone) long before its log fills the memory — 200,000 events are a few tens of megabytes.
   */
  eventBudget: number;
  /** Decisions allowed in one game (a bound on runaway games and on replay files). */
  decisionBudget: number;
  /**
   * true: a copy of the state before every action, so undoing a failed action restores exactly the
   * state of just before even when code depends on more than the game (a clock, a global). Default
   * false: a copy every 256 actions and the answers since replayed — exact for deterministic code,
   * and about half the CPU per action. `Game.create(preset, { exactUndo: true })` sets it.
   */
  exactUndo: boolean;
  /** The state as plain data (a copy). */
  toJSON(): GameState;
  /** The state as a string: equal strings mean equal games (DESIGN: determinism). */
  serialize(): string;
  /**
   * A restore point: a copy of the state (the specialised copier, state-copy.ts); the log is
   * shared, up to its length then (entries never change and the live array is only appended to).
   */
  snapshot(): Snapshot;
  /** Goes back to a restore point made by `snapshot()` of a game of the same preset. The snapshot stays usable. */
  restore(s: Snapshot): void;
  /**
   * An independent game in the same state, sharing the compiled rules (search: one copy per
   * iteration). No validation: the state is this game's own. Listeners are not copied.
   * `log: false` starts the copy with an empty log and logging "none" (history a search never reads).
   */
  clone(opts?: { log?: boolean }): Game;
  /** Runs the engine until a decision is pending or the game is over. */
  run(): this;
  /**
   * The sequence number of the last event before the current batch: the events after it are one
   * event in the rules' sense (CR 603.2c: "one or more" abilities trigger once for all its
   * occurrences) — one step of the engine's work (an op, a task), one simultaneous block (a pass of
   * state checks), one answer. Derived from the state as each begins, so it needs no saving: a
   * batch never spans a decision.
   */
  batchStart: number;
  /** Whether some duration lasts "while" a condition holds (durations.ts): checked after every change. */
  whileDurations: boolean;
  /** Whether a `pauseWhen` condition is waiting to be checked after each step of the engine's work. */
  readonly pausing: boolean;
  /**
   * Runs the state checks at every step and before every decision, even when nothing happened
   * since they last found nothing — the same game, slower: tests/core/state-checks-skip.test.ts
   * compares it with the default.
   */
  recheck: boolean;
  /**
   * Runs every state check of the preset now (a preset's own moment to check, e.g. CR 514.3:
   * the cleanup step checks state-based actions though nobody receives priority). Returns
   * whether any acted.
   */
  checkState(): boolean;
  /**
   * Makes the engine stop, once, as soon as `when` holds after a step of its work, even with no
   * decision to ask (a scenario stopping at a step where nobody acts). `run()` continues from there.
   */
  pauseWhen(when: ((game: Game) => boolean) | null): void;
  /** Whether the engine stopped with work left and nothing asked (pauseWhen): `run()` goes on. */
  readonly paused: boolean;
  /** Alias of run() for readability at the start of a game. */
  start(): this;
  /** The pending decision: a copy (changing it changes nothing). Give players `viewFor(p).decision`. */
  readonly decision: Decision | null;
  readonly result: GameState["result"];
  readonly over: boolean;
  /** Every response legal now: one per option of the pending decision. */
  legalActions(): Action[];
  /**
   * Answers the pending decision and runs on. The action is atomic (DESIGN): if the response is
   * illegal, or anything throws while it is carried out (an op, a preset, a listener), the state
   * is left byte-identical and a TurnkitError is thrown.
   */
  act(action: Action | string): this;
  /**
   * Event `seq`, of a type some state checks ignore (events.emit: StateCheck.ignores), changed
   * nothing they read: those that had found nothing just before it still find nothing. Inside a
   * simultaneous block, whose abilities trigger only at its end, the block is judged as a whole.
   * `typeRules`: the type's rules, when the caller has them (`rules.eventRules(type)`).
   */
  quietEvent(seq: number, type: string, typeRules?: EventTypeRules): void;
  /** Whether this state check found nothing when it last ran and has seen only events it ignores since. */
  foundNothing(check: StateCheck): boolean;
  /**
   * This state check just ran: it found nothing, or it acted — which may have changed anything,
   * with or without events (every check runs again).
   */
  noteVerdict(check: StateCheck, acted: boolean): void;
  /** Sets the pending decision; the task that asks gets the answer in `task.answer`. */
  ask(d: Omit<Decision, "id">): void;
  pushTask(task: Task): void;
  popTask(task: Task): void;
  /**
   * Starts a game in the middle of a turn (scenarios): turn `turnId` of `player`, at the beginning
   * of node `nodeId`, as if every node above it had begun.
   */
  startAt(
    turnId: number,
    player: PlayerId,
    nodeId: string,
    opts?: {
      extra?: boolean;
    },
  ): this;
  /** A card by its referee's id, its handle or its place (`deck@0#3`: the third card from the bottom). */
  obj(ref: string): GameObject;
  card(obj: GameObject): CardDef;
  zone(kind: string, owner: PlayerId | null): ZoneState;
  cardsIn(kind: string, owner: PlayerId | null): GameObject[];
  /** The object a handle names now, if any. */
  byHandle(handle: string): GameObject | undefined;
  /** Gives an object a new handle (objects.renewHandle draws it). */
  indexHandle(obj: GameObject, handle: string): void;
  /**
   * How options and labels name a card: its handle, or its place (`hand@1#3`) while nobody can
   * follow it (a card in a deck). Never the referee's id (DESIGN: ids can't be used to infer cards).
   */
  ref(obj: GameObject): string;
  zonesOfKinds(kinds: Iterable<string>): ZoneState[];
  /**
   * The zones of one kind or of a list of kinds, in the state's order (the order selections list
   * objects in). A list that can't change (the rules' own, a frozen one: a card definition's) has
   * its zones found once per state; any other list, at every call.
   */
  zonesOf(kinds: string | readonly string[]): readonly ZoneState[];
  /** In-play zones, the active player's first, then in turn order. */
  zonesInTurnOrder(kinds?: Iterable<string>): readonly ZoneState[];
  characteristic(obj: GameObject, field: string): Json | undefined;
  /**
   * Runs `fn`, which must change nothing (an option list, the detection half of a state check),
   * with facts derived from the state computed once (`memo`): who is attached to what, a
   * player's available mana. Nested scopes share the outer one.
   */
  withMemo<T>(fn: () => T): T;
  /** Whether a `withMemo` scope is running (a fact worth indexing only then). */
  readonly memoizing: boolean;
  /** `compute()`, kept under `key` for the rest of the `withMemo` scope; outside one, computed each time. */
  memo<T>(key: unknown, compute: () => T): T;
  /**
   * `compute()`, kept under `key` until the zones' membership or an object's card changes. The
   * key is compared by identity: an object of the rules (one per fact) or a string. `concerns`:
   * whether a card entering or leaving a zone may change the fact (a function of the rules, the
   * card's definition and the zone); the moves it says no to keep it. Without it, every move drops it.
   */
  membershipFact<T>(key: unknown, compute: () => T, concerns?: MembershipConcerns): T;
  /**
   * A card entered or left a zone, a zone was reordered, or an object became another card;
   * `moved` and `zone`, when one object entered or left that zone.
   */
  membershipChanged(moved?: ObjectId, zone?: ZoneState): void;
  /** Makes `obj` another card (DM awakening and release; determinization's redeal). */
  setCard(obj: GameObject, card: string): void;
  /** Whether the rules treat `obj` as existing now (`Preset.exists`; CR 702.26b phasing). */
  exists(obj: GameObject): boolean;
  playerName(p: PlayerId): string;
  opponents(p: PlayerId): readonly PlayerId[];
  /** Where the game is, for messages: "turn 3 (P1), Main step". */
  where(): string;
  /** A label for an object as `viewer` may see it. */
  describeObject(obj: GameObject, viewer: PlayerId | null): string;
  countEvents(
    pattern: EventPattern,
    window: string,
    viewer: PlayerId,
    self?: GameObject,
  ): {
    n: number;
    first?: CounterMark;
  };
  effects(kind: string): Duration[];
  /** Static abilities in play whose `static.kind` is `kind`, in turn order then zone order (RULINGS DM-3.9). */
  staticAbilities(kind: string): AbilityRef[];
  abilityRef(objId: ObjectId, abilityId: string): AbilityRef;
  /**
   * May this ability be used now, as far as its limits say? Allowed, or refused with a reason
   * naming the limit, its key, its window and what used it up.
   */
  canUse(
    objId: ObjectId,
    abilityId: string,
    ctx?: {
      player?: PlayerId;
    },
  ): Verdict;
  /**
   * May `player` (default: the card's controller) activate this ability now? Every reason that
   * stops it — zone, face-down, timing, condition, limits, costs, targets, the preset's own —
   * in words (activation.ts). Presets offer exactly the activations this allows.
   */
  canActivate(
    objRef: string,
    abilityId: string,
    ctx?: {
      player?: PlayerId;
    },
  ): ActivationVerdict;
  /** `canActivate(...).ok` without the words: the cheap check option lists make (activation.ts `mayActivate`). */
  mayActivate(
    objRef: string,
    abilityId: string,
    ctx?: {
      player?: PlayerId;
    },
  ): boolean;
  /** Why this activation is not offered now: every reason, or [] when it may be activated. */
  whyNot(
    objRef: string,
    abilityId: string,
    ctx?: {
      player?: PlayerId;
    },
  ): Reason[];
  /** Uses an activated ability's limits (activation or use); throws if a limit refuses. */
  useLimits(ref: AbilityRef): void;
  /** A negated activation gives back limits used up on activation, not those used up on use (RULINGS YG-2.4). */
  negateActivation(ref: AbilityRef): void;
  /** Checks and charges the limits used up when a static ability actually applies (RULINGS DM-3.7). */
  applyStatic(ref: AbilityRef): Verdict;
  /** May a static ability apply now (without using it)? */
  canApply(ref: AbilityRef): Verdict;
  /** What each limited ability of `player`'s cards still has in its window. */
  remaining(player: PlayerId): RemainingEntry[];
  /** Creates a card in its owner's zone of that kind, or (`opts.controller`) under another player's control in theirs. */
  createCard(
    card: string,
    owner: PlayerId,
    kind: string,
    opts?: PlaceOptions & {
      controller?: PlayerId;
    },
  ): GameObject;
  move(obj: GameObject, to: string, opts?: MoveOptions): LogEntry;
  /** Moves a card unless a replacement effect applies instead (then returns null). */
  moveWithReplacement(
    obj: GameObject,
    to: string,
    opts?: MoveOptions & {
      noReplace?: boolean;
    },
  ): LogEntry | null;
  readonly deckZoneKind: string;
  /** Draws n cards; drawing from an empty deck emits "drawFromEmpty" for the preset's loss rule. */
  draw(player: PlayerId, n?: number, cause?: Cause): void;
  shuffle(zone: string): void;
  /**
   * Adds turn nodes (phases or steps) right after the node `after` now running ends, before its
   * next sibling — CR 500.8: "after this main phase, there is an additional combat phase followed
   * by an additional main phase". Each added node must be a sibling of `after` in the turn tree;
   * nodes added after the same node later run first (CR 500.8: the most recently created first).
   * Those not reached this turn (their node already ended) lapse with the turn.
   */
  addNodesAfter(after: string, nodes: readonly string[], source?: string): void;
  /**
   * The running nodes end and the game goes straight to node `to`, later in this turn, skipping
   * every node in between (CR 723.1d: "end the turn" goes to the cleanup step; "end the Battle
   * Phase"). The nodes that end do so as they would — their end actions, "at the end of" events and
   * "until the end of" durations — but start no more children and ask nothing more (their
   * interaction stops once the work in progress, a resolving effect or chain, is done).
   */
  skipTo(to: string, source?: string): void;
  /**
   * `player` skips their next run of turn node `node` (CR 500.10, 614.10: "skip your next draw
   * step"): when that node would next begin in one of their turns, it doesn't happen at all — no
   * turn-based actions, no "at the beginning of" or "at the end of" events, and what waits for its
   * next run waits for the next one that isn't skipped. Several calls skip as many runs.
   */
  skipNextNode(player: PlayerId, node: string, source?: string): void;
  /**
   * `by` controls `player` during that player's next turn (CR 722: Mindslaver): `by` makes every
   * decision `player` would make and sees what they see, for that whole turn; `player` still takes
   * it. `extraTurnAfter`: after that turn, `player` takes an extra turn (Emrakul, the Promised End).
   */
  controlNextTurn(
    player: PlayerId,
    by: PlayerId,
    opts?: {
      extraTurnAfter?: boolean;
      source?: string;
    },
  ): void;
  addExtraTurn(player: PlayerId, source?: string): void;
  declareWinner(player: PlayerId | null, reason: string): void;
  declareLoser(player: PlayerId, reason: string): void;
  emit(event: GameEvent): LogEntry;
  readonly keepLog: boolean;
  /**
   * Called for every event (narration, a server streaming the game). Not part of the state. The
   * events of an action are told once it has been carried out — never those of an action undone;
   * `{ immediate: true }` tells each as it is logged (tracing), even of an action later undone.
   */
  onEvent(listener: (entry: LogEntry) => void, opts?: { immediate?: boolean }): () => void;
  /** Whether any `onEvent` listener is subscribed (events.heard). */
  readonly hasListeners: boolean;
  /**
   * An event was logged (events.emit): counted against the running step's event budget and told to
   * listeners, each a copy so a listener can't change the game (inside `act`, once it commits).
   */
  notify(entry: LogEntry): void;
  collectTriggers(entry: LogEntry, typeRules?: EventTypeRules): void;
  /**
   * Runs `fn` as one simultaneous event (CR 603.10a, 704.3; DM shields broken at once): abilities
   * trigger once it is all done, each seeing every event of the block — a creature that dies with
   * others "looks back" and sees them die too, creatures entering together see each other enter.
   * State checks run each check's actions this way.
   */
  simultaneously<T>(fn: () => T): T;
  /** `simultaneously(() => fn(this, arg))` without a closure per call (state checks, on every step). */
  simultaneouslyWith<A, T>(fn: (game: Game, arg: A) => T, arg: A): T;
  /** The state as `player` may see it: no opponent's hand, no deck order, no face-down identity. */
  viewFor(player: PlayerId): PlayerView;
  ability(cardId: string, abilityId: string): AbilityDef;
}

/**
 * The kernel's bookkeeping events, skipped when nothing hears them (events.heard): a node entered
 * (a marker), begun ("at the start of"), ended; a turn begun and ended; a decision answered; a
 * card tapped or untapped.
 */
export type BookkeepingEvent =
  | "nodeEnter"
  | "nodeBegin"
  | "nodeEnd"
  | "turnBegin"
  | "turnEnd"
  | "decision"
  | "tap"
  | "untap";

/** What the rules do with an event type: read it (a counter, a trigger), or ignore it in their state checks. */
export interface EventFlags {
  read: boolean;
  quiet: boolean;
  /** The type's `eventRules` record once made (dropped with them): its emitter hands it to `emit`. */
  typeRules: EventTypeRules | undefined;
}

/** What the rules do with events of one type (Rules.eventRules): each field one of the rules' maps, read for that type. */
export interface EventTypeRules {
  /** The counters it bumps (`countersByType`). */
  readonly counters: readonly CounterSpec[] | undefined;
  /** The nodes its triggers name (`triggerNodes`): null for any node, undefined when none names one. */
  readonly triggerNodes: ReadonlySet<string> | null | undefined;
  /** Some delayed ability waits for it (`delayedTypes`). */
  readonly delayed: boolean;
  /** The zone kinds where some card listens to it (`triggerZones`). */
  readonly triggerZones: ReadonlySet<string> | undefined;
  /** Its triggers look back (`lookBackTypes`). */
  readonly lookBack: boolean;
  /** Some card may answer it from a hidden zone (`hiddenTriggers`). */
  readonly hidden: boolean;
  /** Every state check ignores it (`stateChecks.quiet`). */
  readonly quietAll: boolean;
  /** The state checks that ignore it, by index (`stateChecks.ignoredBy`); undefined for none. */
  readonly quietBy: readonly number[] | undefined;
}
