/**
 * The contract's data (DESIGN: the contract between kernel and preset): the plain shapes the
 * kernel, presets and clients exchange — a turn tree, zones, an ability as the limits see it,
 * verdicts and reasons, deck rules, an effect's frame, options of a new game, views. No behaviour
 * and no game here: every layer may import it.
 */
import type { Json, JsonObject } from "../json.js";
import type { Seed } from "../rng.js";
import type {
  Cause,
  CounterMark,
  GameEvent,
  GameObject,
  ObjectId,
  PlayerId,
  Task,
  Visibility,
} from "../types.js";
import type { AbilityDef, CardDef, EventPattern, LimitSpec, Op } from "../vocabulary/schema.js";
import type { SchemaNode } from "../vocabulary/spec.js";

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
  /**
   * A deck of its own beside the main deck (the Extra Deck, the super GR zone, a scheme deck):
   * the cards that match lie unseen only in zones of this kind, and no other card does. What a
   * search may deal to a card hidden from its player (determinize) is read from this.
   */
  ownDeck?: CardMatch;
  /**
   * What a face-down card here can be (a Set card in the Spell & Trap Zone is a Spell or a Trap,
   * a Set monster a monster); default any card. Read, like `ownDeck`, by determinize.
   */
  faceDownCards?: CardMatch;
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

/** A preset's answer to "where does this card really go": the zone id, whether face-down there, and where in it (default: as the move asked). */
export interface Redirect {
  to: string;
  faceDown: boolean;
  position?: "top" | "bottom";
}

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

/** An ability of one object, as the limits see it. */
export interface AbilityRef {
  obj: GameObject;
  card: CardDef;
  ability: AbilityDef;
  controller: PlayerId;
}

export interface Allowed {
  ok: true;
}

export interface Refused {
  ok: false;
  /** A sentence a person can read: the limit, its key, its window and what used it up. */
  reason: string;
  limit: LimitSpec;
  key: string;
  window: string;
  usedBy?: CounterMark;
}

export type Verdict = Allowed | Refused;

export type UsedUp = "trigger" | "use" | "activation" | "resolution" | "application";

/** One line of `remaining(player)`: what a limited ability still has in its window. */
export interface RemainingEntry {
  /** The card as its controller names it (its handle): this list is for that player's client. */
  obj: string;
  card: string;
  name: string;
  ability: string;
  limit: string;
  window: string;
  used: number;
  max: number;
  remaining: number;
  reason?: string;
}

/** What kind of rule stops an activation. */
export type ReasonKind = "zone" | "faceDown" | "timing" | "condition" | "limit" | "cost" | "target" | "rule";

/** One thing that stops an activation now, in words a player can read. */
export interface Reason {
  kind: ReasonKind;
  text: string;
}

export interface ActivationVerdict {
  ok: boolean;
  /** Every reason the activation is not allowed now (empty when it is). */
  reasons: Reason[];
}

/** Which cards a rule is about. Every field given must hold; a list holds when any of its items does. */
export interface CardMatch {
  /** The card has one of these types. */
  types?: string[];
  /** The card's printed name is one of these. */
  names?: string[];
  /** The card has this entry in its `stats`. */
  hasStat?: string;
}

/** One part of a deck list: the main deck, or a zone filled before the game (Extra Deck, hyperspatial zone). */
export interface DeckPart {
  id: string;
  /** How a person calls it: "Main Deck", "hyperspatial zone". */
  label: string;
  /** Fewest cards (default 0). */
  min?: number;
  /** Most cards (default no limit). */
  max?: number;
  /** The cards that go in this part; default: every card no other part takes (one part has none). */
  cards?: CardMatch;
  /** Copies of a card allowed, when this part allows fewer or more than the deck's `maxCopies`. */
  maxCopies?: number;
}

/** A preset's deck construction rules. */
export interface DeckRules {
  /** The parts, the part for "every other card" (no `cards`) among them. */
  parts: DeckPart[];
  /** Copies of one card allowed across the whole list (default: no limit). */
  maxCopies?: number;
  /** What counts as "the same card" for the copy limit (default: the printed name). */
  copiesBy?: "name" | "id";
  /** Cards any number of copies of may be in a deck (basic lands, CR 100.2a). */
  unlimited?: CardMatch;
  /** Cards that may not be in a deck at all, and why. */
  forbidden?: { cards: CardMatch; reason: string }[];
  /** Cards a deck may hold fewer copies of than `maxCopies` (a restricted list), and why. */
  limited?: { cards: CardMatch; max: number; reason: string }[];
}

/** One game action a preset limits per window. */
export interface ActionLimitDef {
  /** The events that are one use each, seen from the acting player (`player: self`). */
  counts: EventPattern;
  /** Uses per window before effects (default: unlimited — only effects limit it, e.g. casting spells). */
  times?: number;
  /** The window (default "turn"). */
  window?: string;
  /** One use, in words: "land", "Normal Summon or Set", "mana charge". */
  noun: string;
  /** Several, in words, when adding an "s" won't do ("Normal Summons or Sets"). */
  plural?: string;
}

/** Where a player stands with a limited action now. */
export interface Allowance {
  action: string;
  /** Uses so far in the window. */
  used: number;
  /** Uses allowed in the window now (Infinity: unlimited). */
  allowed: number;
  ok: boolean;
  /** Why not, naming the limit, what used it and the effects that changed it (when `ok` is false and it was asked to explain). */
  reason?: string;
  /** The first use in the window. */
  first?: CounterMark;
}

/** Who and what an effect is about. */
export interface EffectContext {
  controller: PlayerId;
  source?: ObjectId;
  sourceInc?: number;
  card?: string;
  ability?: string;
  keyword?: string;
  /** The event that triggered the ability, or the event a replacement replaces. */
  event?: GameEvent;
  /** A "one or more" ability (CR 603.2c): every occurrence of its event in the batch, `event` first. */
  batch?: GameEvent[];
  /** Inside a replacement: what happens is not replaced again (RULINGS DM-3.8). */
  noReplace?: boolean;
  /** The pending ability or stack item this effect belongs to. */
  pending?: number;
  /** Its controller already chose to use it (a hidden-response window): its opening "you may" is answered yes. */
  accepted?: boolean;
}

export interface ScriptTask extends Task {
  t: "script";
  ops: Op[];
  pc: number;
  ctx: EffectContext;
  /** Variables of this effect; nested blocks use their root frame's (varsAt). */
  vars?: JsonObject;
  varsAt?: number;
  /** Scratch state of the op at pc (loop index, picks so far); cleared when pc advances. */
  scratch?: Json;
}

/** next: advance; wait: a decision was asked, call again with the answer; again: call again (a child ran). */
export type OpResult = "next" | "wait" | "again" | "stop";

/**
 * The kinds of value an op argument takes (src/core/op-args.ts checks them when cards load;
 * scripts/gen-ops.ts turns them into TypeScript types and docs/reference/ops.md):
 * - `number`: a number, `"$var"` (a number, or a list's length) or `{ count: Selector }` (resolveNumber);
 * - `integer`: a whole number written as is (the op reads no `$var`);
 * - `string`, `boolean`, `json` (anything);
 * - `var`: the name of an effect variable, written without `$` (`as: "t"`, read later as `"$t"`);
 * - `zone`: a zone kind of the preset;
 * - `player` / `players`: `controller`, `owner`, `event`, a relative player (`self`, `opponent`,
 *   `any`, `active`, `nonActive`), `"$var"` or a player number — one player, or each named;
 * - `objects`: `self`, `selfCard`, `event`, `"$var"`, an object id, `{ select: Selector }`, or a list;
 * - `selector`, `condition`, `cardFilter`: the vocabulary's Selector, Condition, CardFilter;
 * - `ops`: a nested list of ops (checked like the effect around it);
 * - `expiry`: `"turn"`, `"nextTurn"`, `"source"`, `{ endOf: node }`, `{ until: node }`,
 *   `{ nextTurnOf: player }` or `{ tag }`;
 * - `strings`: a list of strings; `nodes`: a list of turn node ids (checked against the turn tree);
 * - `record` / `records`: an object (a list of objects) whose fields are described by `fields`.
 */
export type ArgType =
  | "number"
  | "integer"
  | "string"
  | "boolean"
  | "json"
  | "var"
  | "zone"
  | "player"
  | "players"
  | "objects"
  | "selector"
  | "condition"
  | "cardFilter"
  | "ops"
  | "expiry"
  | "strings"
  | "node"
  | "nodes"
  | "runningNode"
  | "record"
  | "records";

/** One argument of an op: checked when cards load, typed and documented from this. */
export interface ArgSpec {
  type: ArgType;
  /** A card that leaves it out is refused when the game is created. */
  required?: boolean;
  /** What it means, in one sentence (docs/reference/ops.md, TSDoc of the generated op types). */
  doc: string;
  /** For `string` and `zone`: the only values allowed. */
  values?: readonly string[];
  /** What the op uses when it is left out. */
  default?: Json;
  /** For `record` and `records`: the object's fields. */
  fields?: Record<string, ArgSpec>;
  /**
   * For `number`: a count, a whole number from 0 to `max` (a limit of bounds.ts) — a number written
   * on the card is checked as the game is made, one read when the op runs (`resolveCount`) then.
   */
  max?: number;
}

export interface NewGameOptions {
  /**
   * The seed: an integer, a bigint or a string, hashed (SHA-256) into the game's generators.
   * Default: a fresh 128-bit random seed, recorded in the state (`state.seed`). For a game with
   * hidden information between people, keep the default or give 128 bits or more: a short seed
   * can be found by trying them all against one's own opening hand.
   */
  seed?: Seed;
  /** How many players, or their names (default 2). */
  players?: number | string[];
  /** Preset options (rule variants). */
  options?: JsonObject;
  /** Card definitions beyond the preset's library (scenario inline cards, a designer's set). */
  cards?: CardDef[];
  /** Card ids per player, for the preset's own setup. */
  decks?: string[][];
  /** false: leave the board empty (scenarios place cards themselves). */
  setup?: boolean;
  /** "none" keeps only the counters, not the event log. */
  logging?: "full" | "none";
  /**
   * Compile the preset for this game alone. By default games of a preset with the same options and
   * no extra cards share one compiled `Rules` (compiling costs 0.1–0.4 ms); a game that registers
   * counters at run time (`game.rules.registerCounter`, as the scenario runner does) needs its own.
   */
  privateRules?: boolean;
  /** A copy of the state before every action, for an exact undo whatever the code (`Game.exactUndo`). */
  exactUndo?: boolean;
}

/** A response to the pending decision. */
export interface Action {
  player: PlayerId;
  /** The decision answered; optional, checked when given. */
  decision?: number;
  /** The id of the chosen option. */
  choice: string;
  /** The option's label (informative, ignored by act). */
  label?: string;
}

/**
 * A restore point made by `Game.snapshot()`: an opaque handle. What it holds is kept out of
 * reach, so nobody can change it between snapshot and restore, and `restore` can trust it.
 */
export interface Snapshot {
  readonly preset: string;
  readonly turn: number;
}

export interface PlaceOptions {
  faceDown?: boolean;
  tapped?: boolean;
  /** "top" (default, end of the list), "bottom", or an index. */
  position?: "top" | "bottom" | number;
}

export interface MoveOptions extends PlaceOptions {
  cause?: Cause;
  /** Event type to emit (default "move"); presets use e.g. "draw", "discard". */
  event?: string;
  /** The card is shown to every player as it moves (a card added from the Deck to the hand, YGO). */
  reveal?: boolean;
  data?: import("../json.js").JsonObject;
}

export interface VisibleCard {
  /** The card's handle, or its place (`deck@0#7`) while the viewer only looks at it in a hidden zone. */
  id: string;
  card: string;
  name: string;
  tapped: boolean;
  faceDown: boolean;
  counters: Record<string, number>;
  under: (VisibleCard | HiddenCard)[];
  vars: JsonObject;
}

/** A card whose identity the viewer can't see; `id` (its handle) when they can follow it (a face-down card on the field). */
export interface HiddenCard {
  hidden: true;
  id?: string;
  tapped?: boolean;
}

export interface ZoneView {
  kind: string;
  owner: PlayerId | null;
  count: number;
  cards: (VisibleCard | HiddenCard)[];
}

/** A pending decision as the deciding player sees it. */
export interface DecisionView {
  id: number;
  player: PlayerId;
  /** The player it is made for, when the viewer controls them this turn (CR 722.4). */
  for?: PlayerId;
  kind: string;
  prompt: string;
  /** `pass`: choosing it only lets the moment pass (pass priority, don't block, decline). */
  options: { id: string; label: string; private?: boolean; pass?: boolean }[];
  /** Hidden cards the player looks at while deciding, by the ids their view gives them. */
  reveals?: string[];
}

export interface PlayerView {
  viewer: PlayerId;
  preset: string;
  /** The turn; `controlledBy`: the player controlling the turn's player (CR 722). */
  turn: { id: number; player: PlayerId; extra: boolean; controlledBy?: PlayerId };
  path: string[];
  attack: number | null;
  players: { id: PlayerId; name: string; vars: JsonObject }[];
  zones: Record<string, ZoneView>;
  /** The pending decision: with its options if it is the viewer's, else only who decides what. */
  decision: DecisionView | { player: PlayerId; kind: string; prompt: string; for?: PlayerId } | null;
  result: { winner: PlayerId | null; reason: string } | null;
  /** This turn's events as the viewer may see them. */
  log: JsonObject[];
}

export interface CompiledNode extends TurnNode {
  /** The node's children, compiled. */
  children?: CompiledNode[];
  parent: string | null;
  depth: number;
}

/**
 * An event counter: occurrences of a pattern per window, keyed by player, object or nothing — and
 * also by the player who caused each (`byCause`) when the pattern names one relative to its reader
 * (`by: opponent`).
 */
export interface CounterSpec {
  id: string;
  pattern: EventPattern;
  window: string;
  by: "player" | "object" | "all";
  byCause: boolean;
}

export interface TriggerEntry {
  card: CardDef;
  ability: AbilityDef;
  zones: readonly string[];
  /**
   * The node its trigger names (`where: { "data.node": … }`), if one: an event of another node
   * can't match it, and is passed over before anything else is looked at.
   */
  node: string | undefined;
}

/** How a preset words the private question about hidden cards (askHiddenResponse). */
export interface HiddenResponseWords {
  /** The question, asked whether or not the player holds a usable card. */
  prompt: string;
  /** Added for the player only when none of theirs can be used now. */
  noneNow: string;
  /** What the other players are told: "<player name> may …". */
  othersSee: string;
  /** An option's label for one pending ability. */
  use(card: string, ability: AbilityDef, abilityId: string): string;
  /** The label of declining them all. */
  decline: string;
}
