/**
 * The contract's extension points (DESIGN: presets): what a preset gives the kernel — its tasks,
 * ops, conditions, state checks and activation rules — and the preset itself. Each receives the
 * game (contract/game.ts).
 */
import type { Json, JsonObject } from "../json.js";
import type { Decision, GameEvent, GameObject, LogEntry, PlayerId, Task, ZoneState } from "../types.js";
import type { CardDef, EventPattern, Op, PresetCardDef } from "../vocabulary/schema.js";
import type {
  AbilityRef,
  ActionLimitDef,
  ArgSpec,
  CardFieldSpec,
  DeckRules,
  EffectContext,
  OpResult,
  PresetOptionDef,
  Reason,
  Redirect,
  ScriptTask,
  SetupSpec,
  StackEntry,
  TurnNode,
  ZoneDef,
} from "./data.js";
import type { Game } from "./game.js";

export type TaskHandler = (game: Game, task: Task) => void;

export type ConditionFn = (game: Game, args: JsonObject | undefined) => boolean;

/** A rule of the game that must hold after every action: `check` says, in words, what breaks it ([] when nothing). */
export interface PresetInvariant {
  id: string;
  check(game: Game): string[];
}

/**
 * A game's rules as data plus small named functions. A preset is everything the kernel does not
 * know: its zones, its turn tree, its turn-based actions and interactions, its effect vocabulary
 * and its card library.
 */
export interface Preset {
  id: string;
  name: string;
  players: { min: number; max: number };
  zones: ZoneDef[];
  /** Windows this preset declares besides game, turn and the ones turn nodes open. */
  windows?: string[];
  options?: Record<string, PresetOptionDef>;
  turn(options: JsonObject): TurnNode;
  tasks?: Record<string, TaskHandler>;
  ops?: Record<string, OpHandler>;
  conditions?: Record<string, ConditionFn>;
  /** Words for named conditions in reasons (`whyNot`): "lastLinkIs" → "only in response to …". */
  conditionLabels?: Record<string, string>;
  /** The card library. Each card is checked against the vocabulary when the preset is compiled. */
  cards: readonly PresetCardDef[];
  /**
   * Top-level card fields this preset adds to the kernel's (id, name, types, cost, power, keywords,
   * stats, text, abilities): field → a JSON Schema fragment of the vocabulary's subset, with a
   * `description`. Duel Masters declares `civilizations`, `races` and `nameJa`. A card field that is
   * neither the kernel's nor the preset's is refused with a "did you mean".
   */
  cardFields?: Record<string, CardFieldSpec>;
  /**
   * Keys of a card's `stats` this preset reads, each with a JSON Schema fragment of the
   * vocabulary's subset and a `description`: checked whenever a card has that key (Magic's
   * `colors` must be colour names, not mana letters), while keys it doesn't declare stay free.
   */
  statFields?: Record<string, CardFieldSpec>;
  /**
   * Event types this preset emits beside the kernel's (KERNEL_EVENTS in kernel-events.ts):
   * type → one line saying when it is emitted and with which fields (`summon`: "a creature is
   * summoned: obj, from, to"). Triggers, replacements, limits and conditions may name only these and
   * the kernel's; a typo is refused with a "did you mean".
   */
  events?: Record<string, string>;
  /**
   * Kinds of continuous effect the preset reads (`game.effects(kind)`, `characteristic()`): kind →
   * what it does. The kernel's `until` op in a card may name only these (`effect: { kind: power }`).
   */
  effectKinds?: Record<string, string>;
  /**
   * Kinds of static ability the preset reads (`game.staticAbilities(kind)`) besides those its own
   * library's cards have: kind → what it does. A card's `static: { kind }` may name only these,
   * its library's and the kernel's (`skipNode`, `exempt`, `permission`, `actionLimit`): a typo,
   * which would make an ability that does nothing, is refused with a "did you mean".
   */
  staticKinds?: Record<string, string>;
  /** Event counters the preset's own rules read. */
  counters?: { pattern: EventPattern; window: string }[];
  /**
   * The game's own actions limited per window, by name (action-limits.ts): "playLand" — one per
   * turn (CR 305.2) —, "normalSummon", "charge" … Effects and static abilities of kind
   * `actionLimit` change them; the preset asks `actionAllowance(game, name, player)` before offering
   * the action.
   */
  actionLimits?: Record<string, ActionLimitDef>;
  /**
   * Conditions the rules check whenever the game could have changed (a player with no deck loses;
   * CR 704 state-based actions; cards bound to another card), in the order the rules give: the
   * kernel runs them after every op and task, or before the decisions they name (state-checks.ts).
   */
  stateChecks?: StateCheck[];
  /**
   * CR 603.10a: abilities of an object that left a zone where they work see the event that made it
   * leave ("whenever a creature dies" on the dying creature), and every event simultaneous with it
   * (`Game.simultaneously`). Default: only "self" leave-triggers look back.
   */
  lookBack?: boolean;
  /**
   * CR 603.10a: event types whose triggers "look back in time" though no zone changed — Magic's
   * `phaseOut` ("whenever this phases out": the object is treated as though it doesn't exist once
   * it has). The object an event of such a type is about, and every object of such events in the
   * same simultaneous block, trigger as they were just before (they still exist for it).
   */
  lookBackEvents?: readonly string[];
  /** The game's part of legal activation: timing, face-down, targetability, illegal targets (activation.ts). */
  activation?: ActivationRules;
  /** Task pushed after every node begins and after every action, to resolve what is pending. */
  checkpoint?: string;
  /** Deal cards and set player variables for a new game (not used by scenarios). */
  setup?(game: Game, spec: SetupSpec): void;
  /**
   * Deck construction rules as data: parts (Main Deck, Extra Deck, hyperspatial zone …) with
   * their sizes, copy limits, cards that may not be in a deck (src/core/decks.ts). `Game.create`
   * refuses decks that break them, naming the player and every problem.
   */
  deckRules?: DeckRules;
  /** A random legal deck per player built from the whole library, for fuzzing and simulations; `pick(n)` returns a uniform integer in [0, n). */
  randomDecks?(players: number, pick: (n: number) => number): string[][];
  /**
   * The game's own invariants, which random games must never break (Duel Masters Play's: no zone
   * over its limit): the fuzzer runs each after every action and reports what it returns.
   */
  invariants?: PresetInvariant[];
  /** Player variables every player starts with. */
  playerVars?(options: JsonObject): JsonObject;
  /** Picks the replacement that applies when several could (default: the first in play order, RULINGS DM-3.9). */
  chooseReplacement?(game: Game, event: GameEvent, candidates: AbilityRef[]): AbilityRef;
  /**
   * Where a card moved to `to` really goes, by a rule of the game rather than an effect (nothing
   * applies it, nothing can replace it): a Yu-Gi-Oh! Pendulum Monster leaving the field for the GY
   * is placed face-up in the Extra Deck. Undefined keeps the move as asked.
   */
  redirect?(game: Game, obj: GameObject, to: ZoneState): Redirect | undefined;
  /**
   * Whether an object in its zone is treated as existing (default: always). An object for which it
   * says false — Magic's phased-out permanent, "treated as though it does not exist" (CR 702.26b) —
   * matches no selector (`matchObject`, so no "all creatures", no count, no target), and its
   * static, triggered and replacement abilities don't work (`Game.staticAbilities`, triggers,
   * replacements). Rules that name such objects read them directly (`cardsIn`, `state.objects`).
   */
  exists?(game: Game, obj: GameObject): boolean;
  /**
   * Asked before `obj` changes controller (core/control.ts): false refuses the change (the effect
   * does nothing). `returning`: a control effect ended and control goes back — the preset may then
   * deal with a card that has no room (Yu-Gi-Oh!: sent to the GY). It may also reset its own state
   * of the card (a Monster Zone column). Default: always allowed.
   */
  beforeControlChange?(game: Game, obj: GameObject, to: PlayerId, returning: boolean): boolean;
  /** A characteristic as modified by effects in play (power, name, types …); default printed. */
  characteristic?(game: Game, obj: GameObject, field: string, printed: Json | undefined): Json | undefined;
  /** Zone kind cards are drawn from (default "deck") and drawn to (default "hand"). */
  drawFrom?: string;
  drawTo?: string;
  /** Called by the scenario runner after it has placed the cards, before the game runs. */
  prepareScenario?(game: Game): void;
  /** What waits to resolve, bottom first: the stack, the chain or the pending abilities (scenarios' `expect.stack`, tools). */
  stack?(game: Game): StackEntry[];
  /**
   * A one-line narration of a log entry; null to use the kernel's words (a card changing zones
   * under any event name is told as a move), or "" when another line tells it.
   */
  narrate?(game: Game, entry: LogEntry, viewer: PlayerId | null): string | null;
  /**
   * Why `choice`, which is not among the options of the pending decision, would be illegal (an
   * attacker that can't attack, "done" while a requirement is unmet): added to the refusal's
   * message, for the deciding player only; null when there is nothing more to say.
   */
  refusal?(game: Game, decision: Decision, choice: string): string | null;
}

export interface OpHandler {
  run(game: Game, op: Op, frame: ScriptTask): OpResult;
  /**
   * The op's arguments by name (every op of the kernel and of the built-in presets has them):
   * a card using an unknown argument, leaving out a required one or giving one of the wrong kind
   * is refused when the game is created; nested `ops` arguments are checked the same way.
   */
  args?: Record<string, ArgSpec>;
  /**
   * @deprecated Give `args` with `type: "ops"` instead. The nested op lists of an op that has no
   * `args`, checked when cards load.
   */
  blocks?(op: Op): Op[][];
  /**
   * As a cost or a target choice on activation: why it can't be done now (a reason a player can
   * read), or null. Checked before an ability is offered (activation.ts); ops that name objects
   * chosen by an earlier op (`$x`) can't be judged beforehand and return null.
   */
  feasible?(game: Game, op: Op, frame: ScriptTask): string | null;
  /** Load-time check of rules between arguments (after `args` are checked): a message, or null when fine. */
  check?(op: Op): string | null;
  /** What the op does, in one line (docs/reference/ops.md, error messages). */
  doc?: string;
}

/** One state check of a preset. */
export interface StateCheck {
  /** A name for messages and docs ("deckOut"). */
  id: string;
  /** The rule it implements ("DM 104.2", "CR 704.5a"). */
  rule: string;
  /**
   * When the kernel runs it: "always" (default) after every step of the engine's work that changed
   * the game — every op, every task —; or only before one of these kinds of decision is asked
   * (CR 704.3: "whenever a player would receive priority") and when the preset asks (`game.checkState()`).
   */
  when?: "always" | { beforeDecision: readonly string[] };
  /**
   * Looks and acts: performs what the rule says for everything it finds, all at once (CR 704.3:
   * simultaneously), and returns whether it changed the game. The kernel then runs every check
   * again, from the first, until none acts.
   */
  run(game: Game): boolean;
  /**
   * Event types that can't make this check act (Magic's state-based actions read no mana pool: a
   * "mana" event can't make a creature die). After events of these types only, the kernel doesn't
   * run the checks again; an event of any other type — and any event of a preset that says
   * nothing — counts as a change. A function is asked once, when the rules compile, with every
   * card of the game (a check that reads whether a permanent is tapped only when some card makes
   * it matter: Magic's Auras whose enchant ability names tapped permanents).
   */
  ignores?: readonly string[] | ((cards: readonly CardDef[]) => readonly string[]);
}

/** The checks split by when they run (Rules compiles this once per preset). */
export interface CompiledStateChecks {
  always: StateCheck[];
  /** Every check (always ones first, in declaration order), by the decision kind it precedes. */
  beforeDecision: Map<string, StateCheck[]>;
  all: StateCheck[];
  /** Event types every check ignores: they leave the checks' last verdict standing. */
  quiet: ReadonlySet<string>;
  /** Event type → the checks (indexes in `all`) that ignore it: their own last verdict stands. */
  ignoredBy: ReadonlyMap<string, readonly number[]>;
  /** Each check's index in `all`. */
  indexOf: ReadonlyMap<StateCheck, number>;
  /**
   * Whether some event type is ignored by some checks and not others: only then does a check's own
   * verdict outlast what `quiet` already carries (the kernel keeps none otherwise).
   */
  perCheck: boolean;
}

/** A preset's part of legal activation. */
export interface ActivationRules {
  /** Why the ability can't be activated at this moment of the turn (speed, step, sorcery timing, "once per chain"), or null. */
  timing?(game: Game, ref: AbilityRef, player: PlayerId): string | null;
  /** Other reasons of the game's own (a free zone, mana, a casting restriction). */
  check?(game: Game, ref: AbilityRef, player: PlayerId): Reason[];
  /** Whether this ability may be activated while its card is face-down (a Set Trap Card's activation). Default: no. */
  faceDownWorks?(game: Game, ref: AbilityRef): boolean;
  /** Whether `obj` can be the target of an ability of `by` (hexproof, "can't be targeted"). Default: yes. */
  targetable?(game: Game, obj: GameObject, by: EffectContext): boolean;
  /** CR 608.2b: "fizzle" — an ability whose every target is illegal does not resolve; "resolve" (default) — it resolves, doing nothing to illegal targets. */
  illegalTargets?: "fizzle" | "resolve";
  /** Zone kinds where activated abilities work when the ability names none (default: the in-play zones). */
  defaultZones?(game: Game, ref: AbilityRef): readonly string[];
}

export interface KernelParts {
  tasks: Record<string, TaskHandler>;
  ops: Record<string, OpHandler>;
  conditions: Record<string, ConditionFn>;
}
