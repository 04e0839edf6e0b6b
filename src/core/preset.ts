import type { ActionLimitDef } from "./action-limits.js";
import type { ActivationRules } from "./activation.js";
import type { DeckRules } from "./decks.js";
import type { Game } from "./game.js";
import type { Json, JsonObject } from "./json.js";
import type { AbilityRef } from "./limits.js";
import type { OpHandler } from "./script.js";
import type { StateCheck } from "./state-checks.js";
import type {
  Decision,
  GameEvent,
  GameObject,
  LogEntry,
  ObjectId,
  PlayerId,
  Task,
  Visibility,
  ZoneState,
} from "./types.js";
import type { EventPattern, PresetCardDef } from "./vocabulary/schema.js";
import type { SchemaNode } from "./vocabulary/spec.js";

/** A card field a preset declares: a JSON Schema fragment (the vocabulary's subset) with a description. */
export type CardFieldSpec = SchemaNode & { description: string };

/** A zone kind of a preset. */
export interface ZoneDef {
  kind: string;
  label: string;
  /** One zone per player (hand, deck) or one shared zone (stack, chain). */
  perPlayer: boolean;
  visibility: Visibility;
  /** Who may look at face-down cards here: "owner" (a Yu-Gi-Oh! Set card) or nobody (default: DM shields, a manifested card's face is hidden from all until revealed). */
  faceDownSeenBy?: "owner" | "nobody";
  /** Abilities of cards here work by default (battle zone, battlefield, field). */
  inPlay?: boolean;
}

/**
 * A node of the turn tree: the turn, its phases, steps and substeps, to any depth (DESIGN: turn
 * structure as data). Behaviour is referenced by name: `onBegin`, `onEnd` and `interaction` name
 * tasks registered by the preset, `when` and `repeatWhile` name conditions.
 */
export interface TurnNode {
  id: string;
  label: string;
  kind?: "turn" | "phase" | "step" | "substep" | "group";
  /** The node runs only if this condition holds when its turn comes ("!name" negates). */
  when?: string;
  /** Turn-based actions run first when the node begins (CR 703.3, DM 500.4 order). */
  onBegin?: string[];
  /** Turn-based actions run when the node ends (CR 703.4s). */
  onEnd?: string[];
  /** The task that runs the node's body: players act here until it ends. */
  interaction?: string;
  children?: TurnNode[];
  /** Children are not run in sequence; an interaction enters this node on demand (one run per attack). */
  onDemand?: boolean;
  /** After the node ends, it runs again (a new instance) while this condition holds (CR 514.3a). */
  repeatWhile?: string;
  /** Limit windows opened while the node runs (e.g. "attack", "phase", "battlePhase"). */
  windows?: string[];
}

export type TaskHandler = (game: Game, task: Task) => void;

/** A preset's answer to "where does this card really go": the zone id, and whether face-down there. */
export interface Redirect {
  to: string;
  faceDown: boolean;
}
export type ConditionFn = (game: Game, args: JsonObject | undefined) => boolean;

export interface PresetOptionDef {
  description: string;
  default: Json;
  /** The allowed values, when they are a list. */
  values?: Json[];
  /** The value's type (default: the default's type); integers and numbers may have a range. */
  type?: "boolean" | "integer" | "number" | "string";
  min?: number;
  max?: number;
  /**
   * Every value in `values` makes a whole game from the usual setup (no special decks or players):
   * the fuzzer and random-game tests play each game under a value drawn from its seed.
   */
  fuzz?: boolean;
}

/** One thing waiting to resolve (a spell or ability on the stack, a chain link, a pending ability). */
export interface StackEntry {
  /** The source object, when it is a card. */
  obj?: ObjectId;
  /** Its card id and printed name. */
  card?: string;
  name: string;
  /** The ability, when it is one (absent for a spell, or a Spell/Trap Card's own activation). */
  ability?: string;
  controller: PlayerId;
  /** Objects it targets, in order. */
  targets?: ObjectId[];
}

/** What a preset needs to set a game up. */
export interface SetupSpec {
  players: number;
  /** Card ids per player, for a preset's own dealing; scenarios place cards themselves. */
  decks?: string[][];
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
  /** A one-line narration of a log entry, or null to use the default. */
  narrate?(game: Game, entry: LogEntry, viewer: PlayerId | null): string | null;
  /**
   * Why `choice`, which is not among the options of the pending decision, would be illegal (an
   * attacker that can't attack, "done" while a requirement is unmet): added to the refusal's
   * message, for the deciding player only; null when there is nothing more to say.
   */
  refusal?(game: Game, decision: Decision, choice: string): string | null;
}
