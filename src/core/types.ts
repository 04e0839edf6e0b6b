import type { Json, JsonObject } from "./json.js";
import type { RngState } from "./rng.js";
import type { CardDef, ConditionT } from "./vocabulary/schema.js";

/** Players are numbered from 0 in turn order; they are shown as P1, P2, … */
export type PlayerId = number;
/** A card's stable id for the whole game ("c12"). */
export type ObjectId = string;

export interface PlayerState {
  id: PlayerId;
  name: string;
  /** Turns this player has begun. */
  turns: number;
  /** Turn id of the most recent turn this player began; 0 before their first ("since your most recent turn began", CR 302.6). */
  lastTurn: number;
  /** Preset-owned numbers and flags (life points, mana pool, hand size …). */
  vars: JsonObject;
}

/** Who may see the identity of a face-up card in a zone. */
export type Visibility = "public" | "owner" | "hidden";

export interface ZoneState {
  id: string;
  kind: string;
  owner: PlayerId | null;
  visibility: Visibility;
  /** Bottom first for stacks of cards: the top of a deck is the last element. */
  cards: ObjectId[];
}

/**
 * A card in the game. `id` never changes; `inc` (incarnation) is renewed on every zone change
 * and on turning face-down, so the rules can tell "the same object" apart (CR 400.7, YGO soft
 * once-per-turn reset, RULINGS YG-1.3).
 */
export interface GameObject {
  /** The referee's id: stable for the whole game, never shown to players (views show `handle`). */
  id: ObjectId;
  /**
   * The name players know this card by: renewed whenever a player who could not follow the card
   * can follow it now (it leaves a hand or a deck, it is Set from a hand), so a handle never links
   * a card to its hidden past. "" while nobody can follow it (in a deck).
   */
  handle: string;
  /** Sequence number of the event that gave the card its handle. */
  handleSince: number;
  card: string;
  owner: PlayerId;
  controller: PlayerId;
  zone: string;
  inc: number;
  /** Incarnation that a self-inflicted face-down flip keeps (RULINGS YG-1.5). */
  lineage: number;
  faceDown: boolean;
  tapped: boolean;
  /** Log sequence number at which this incarnation began. */
  enteredAt: number;
  enteredTurn: number;
  /**
   * Turn id since which its controller has controlled it without a break (CR 302.6): its entering
   * turn, or the turn control last changed; -1 for a card placed before the game (a scenario).
   */
  controlledSince: number;
  counters: Record<string, number>;
  /** Cards stacked under this one (evolution sources, materials). */
  under: ObjectId[];
  /** When this card lies under another: that card's id. */
  underOf: ObjectId | null;
  /** Per-incarnation preset state (summoning sickness, damage, attacks made …); cleared on zone change. */
  vars: JsonObject;
}

/** Where an event happened: its place on the clock. */
export interface Stamp {
  seq: number;
  turn: number;
  active: PlayerId;
  node: string;
  attack: number | null;
}

export interface Cause {
  kind: "effect" | "rule" | "cost" | "action" | "replacement";
  player?: PlayerId;
  obj?: ObjectId;
  inc?: number;
  card?: string;
  /** Printed name of the source, captured when the cause happened. */
  name?: string;
  ability?: string;
  keyword?: string;
  /** For kind "rule": which rule or turn-based action ("untap": the untap step's, CR 502.3). */
  rule?: string;
}

/** A game event as emitted; the log adds a stamp. */
export interface GameEvent {
  type: string;
  player?: PlayerId;
  obj?: ObjectId;
  inc?: number;
  card?: string;
  name?: string;
  from?: string;
  to?: string;
  cause?: Cause;
  data?: JsonObject;
  /** Players who may see the object's identity (card, name, data); absent = everyone. */
  seenBy?: PlayerId[];
  /** Players who may see the object's handle (they can follow the card); absent = everyone. */
  trackedBy?: PlayerId[];
  /** Players told that the event happened at all; absent = everyone (a hidden card's trigger is its controller's alone). */
  audience?: PlayerId[];
  /** Data fields that players who don't see the object's identity may still see. */
  public?: string[];
  /** The object's handle when the event happened; before a move that renewed it, `hWas`. */
  h?: string;
  hWas?: string;
  /** With `shown`: those who followed the card before the move (and saw `hWas`, if it had a handle). */
  trackedWas?: PlayerId[];
  /** Players who could see the cause's source card when the event happened; absent = everyone. */
  causeSeenBy?: PlayerId[];
  /**
   * The move brought the card where a player can follow it who could not before (it left a deck
   * or a hand): the rules show that player a card — at least that there was one (a search that
   * found something). Views keep this mark; the non-interference check treats it as a reveal.
   */
  shown?: true;
}

export interface LogEntry extends GameEvent, Stamp {}

export interface TurnState {
  /** Turn ids count every turn of the game from 1, extra turns included. */
  id: number;
  player: PlayerId;
  extra: boolean;
  /** How many turns this player has begun, this one included. */
  ordinal: number;
  /**
   * The player who controls the turn's player during this turn (CR 722: Mindslaver), making every
   * decision that player would make; absent when they make their own.
   */
  controlledBy?: PlayerId;
}

export interface ClockState {
  turn: TurnState;
  /** Node ids from the root to the node now running. */
  path: string[];
  /** Node id → instance id of its current run (every begin of a node gets a new one). */
  instances: Record<string, number>;
  /** Window name → open instance id. A window absent here is closed. */
  windows: Record<string, number>;
  attack: number | null;
  /** Player of the last normal (non-extra) turn: normal turns rotate from here. */
  rotation: PlayerId;
}

export type TurnModification =
  | { kind: "extra"; player: PlayerId; source?: string }
  | { kind: "skip"; player: PlayerId; source?: string }
  /**
   * Nodes added to this turn (CR 500.8: "an additional combat phase"): run, in order, right after
   * the run `instance` of node `after` ends, before its next sibling.
   */
  | { kind: "nodes"; after: string; instance: number; nodes: string[]; source?: string }
  /**
   * The running nodes `ended` (all below node `below`) end now — no more children, no more of
   * their interaction, their own end as usual — and the game goes straight on to node `to`, a later
   * node under `below`, skipping every node in between (CR 723.1d "end the turn": to the cleanup
   * step; "end the Battle Phase").
   */
  | { kind: "skipTo"; below: string; to: string; ended: string[]; source?: string }
  /**
   * `player` skips the next run of node `node` in one of their turns (CR 500.10, 614.10: "skip your
   * next draw step"; Yu-Gi-Oh! "skip your next Draw Phase"). Kept across turns until it is used;
   * several skip as many runs, one each.
   */
  | { kind: "skipNode"; node: string; player: PlayerId; source?: string }
  /**
   * `by` controls `player` during that player's next turn (CR 722.1), the next one they actually
   * take (722.1b); the most recent such effect for a player is the one that works (722.1a).
   * `extraTurnAfter`: after that turn, the player takes an extra turn (Emrakul, the Promised End).
   */
  | { kind: "control"; player: PlayerId; by: PlayerId; extraTurnAfter?: boolean; source?: string };

export interface CounterCell {
  /** Window instance this cell counts in; a cell from an older instance reads as zero. */
  w: number;
  n: number;
  first: CounterMark;
  last: CounterMark;
}

/** What a counter remembers of an occurrence, to explain a limit decision. */
export interface CounterMark extends Stamp {
  name?: string;
  obj?: ObjectId;
  player?: PlayerId;
}

export interface DecisionOption {
  id: string;
  label: string;
  data?: JsonObject;
  /** Choosing this option is seen only by the deciding player (Setting a card face-down from the hand). */
  private?: boolean;
  /**
   * Choosing this option only lets the moment pass: pass priority, end a step, don't block, don't
   * respond, decline an optional ability. The narration tells nothing of it — what comes next says
   * what happened, and a declined ability is told by its own `decline` event.
   */
  pass?: boolean;
}

export interface Decision {
  id: number;
  /** Who answers: the player whose decision it is, or the player controlling them this turn (CR 722.4). */
  player: PlayerId;
  /** The player the decision is for, when another player makes it for them (CR 722.4). */
  for?: PlayerId;
  kind: string;
  prompt: string;
  options: DecisionOption[];
  /** What other players see of the prompt (default: the prompt), when it names hidden cards. */
  publicPrompt?: string;
  /** The answer is seen only by the deciding player (choosing among hidden cards). */
  private?: boolean;
  /**
   * Hidden cards the deciding player looks at while deciding (searching their deck): their view
   * shows these cards face up until the decision is answered.
   */
  reveals?: ObjectId[];
  /**
   * Hidden cards shown to every player while deciding (a card being used is revealed from the
   * hand before its cost is paid, DM 601.1): every view shows them face up until the answer.
   */
  shows?: ObjectId[];
  /**
   * The card the question is about (a triggered ability's, a Shield Trigger's): the answer's event
   * names it by its handle (`data.about`, the decider's alone), so the narration tells the answer
   * by what then happens to that card.
   */
  about?: ObjectId;
}

export interface PendingAbility {
  id: number;
  obj: ObjectId;
  inc: number;
  card: string;
  ability: string;
  controller: PlayerId;
  /** Sequence number of the event that triggered it. */
  event: number;
  eventData: GameEvent;
  /** Limit keys already charged at trigger time. */
  charged: string[];
  /** Its controller already chose to use it, or not, in a hidden-response window. */
  answered?: "use" | "decline";
  /** Choices made as it was put on the stack — its targets (CR 603.3d) — read by its effect. */
  vars?: JsonObject;
  /**
   * A "one or more" ability (CR 603.2c): the batch it triggered in (Game.batchStart then), and the
   * batch's other occurrences of its event after the first (`eventData`).
   */
  batch?: number;
  more?: GameEvent[];
}

export type Expiry =
  /** "until the end of <node>": expires when that run of the node ends (DM 500.3). */
  | { at: "nodeEnd"; node: string; instance: number }
  /** "until <node>": expires when the node next begins (DM 500.3). */
  | { at: "nodeBegin"; node: string }
  /** "this turn": expires after the turn has completely ended (DM 500.3). */
  | { at: "turnEnd"; turn: number }
  /** "until the start of <player>'s next turn". */
  | { at: "turnBegin"; player: PlayerId }
  /** Expired by a turn-based action that names this tag (CR 514.2 "until end of turn"). */
  | { at: "tag"; tag: string }
  /** For as long as an object stays the same incarnation. */
  | { at: "objectLeaves"; obj: ObjectId; inc: number }
  /** No boundary ends it: it ends by what it does (a delayed trigger that has triggered, CR 603.7b). */
  | { at: "never" }
  /**
   * A boundary of the turn tree, relative to a player or an object (DESIGN: durations): the first
   * time, after the effect began, that `edge` of node `node` (null: of the turn itself) is reached
   * in a turn that qualifies — a turn of one of `players` (absent: anyone's), or of whoever then
   * controls the object the effect applies to (`ofTarget`: "during its controller's next untap
   * step"); within turn `turn` if set (and then at the latest when that turn ends: "until end of
   * combat on your next turn" in a turn with no combat); or in the first qualifying turn after turn
   * `after` ("your next turn": `turn` is set to it as it begins). Skipped turns and skipped nodes
   * never begin, so they neither end it nor use it up; added phases are runs like any other.
   */
  | {
      at: "boundary";
      edge: "begin" | "end";
      node: string | null;
      players?: PlayerId[];
      ofTarget?: true;
      turn?: number;
      after?: number;
    }
  /** "For as long as" a condition holds (CR 611.2b): ends as soon as it doesn't, checked after every change. */
  | { at: "while"; condition: ConditionT; controller: PlayerId; obj?: ObjectId; inc?: number };

export interface ContinuousEffect {
  kind: string;
  target?: { obj: ObjectId; inc: number } | { player: PlayerId };
  value?: Json;
}

export interface Duration {
  id: number;
  expires: Expiry;
  effect: ContinuousEffect;
  controller: PlayerId;
  source?: { obj: ObjectId; inc: number; name: string };
  createdAt: number;
  label: string;
}

export interface GameResult {
  winner: PlayerId | null;
  reason: string;
  turn: number;
}

export interface IdCounters {
  object: number;
  event: number;
  inc: number;
  window: number;
  decision: number;
  pending: number;
  duration: number;
  attack: number;
}

/** A unit of pending engine work. Tasks are plain data so the whole game serializes. */
export interface Task {
  t: string;
  /** The option chosen for the decision this task asked, handed back on the next run. */
  answer?: DecisionOption;
  [field: string]: unknown;
}

/** The hashes (16 hex digits each) of the parts of a game's rules (core/fingerprint.ts), and of all together. */
export interface RulesFingerprint {
  all: string;
  turn: string;
  cards: string;
  preset: string;
  options: string;
}

/** What made a game: the turnkit version and its rules' fingerprint (a save loads only under the same rules). */
export interface MadeBy {
  turnkit: string;
  rules: RulesFingerprint;
}

/** The whole state of a game: plain JSON data (DESIGN: state is plain data). */
export interface GameState {
  format: "turnkit/state@3";
  /** The turnkit version and the rules that made this game: a save loads only under the same rules. */
  madeBy: MadeBy;
  preset: string;
  options: JsonObject;
  /** The seed's text (integers in decimal): hashed into the generators. */
  seed: string;
  /** Shuffles, dice, coins. */
  rng: RngState;
  /** Object handles: a stream of its own, drawn only at public moments. */
  handleRng: RngState;
  players: PlayerState[];
  zones: Record<string, ZoneState>;
  objects: Record<ObjectId, GameObject>;
  clock: ClockState;
  turnQueue: TurnModification[];
  tasks: Task[];
  decision: Decision | null;
  pending: PendingAbility[];
  /** Players to ask, at the next checkpoint, whether they respond with a hidden card (triggers.collectTriggers). */
  hiddenResponses: PlayerId[];
  durations: Duration[];
  /** Window name → cell key → count, for the open instance of each window (reset when it opens). */
  counters: Record<string, Record<string, CounterCell>>;
  log: LogEntry[];
  /** "full" keeps every event in `log`; "none" keeps only the counters (for search and benchmarks). */
  logging: "full" | "none";
  ids: IdCounters;
  result: GameResult | null;
  vars: JsonObject;
  /** Card definitions beyond the preset's library, kept so the state restores on its own. */
  extraCards: CardDef[];
}
