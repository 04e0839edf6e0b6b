/**
 * Determinization for information-set search (ISMCTS, MCTS over determinizations): a full game
 * state consistent with everything one player can see now, with the cards hidden from them
 * dealt again from what is unknown to them.
 *
 * What is hidden is the kernel's own rule (view.ts `canSee`), never a guess from zone names. What
 * the player sees stays exactly as it is; every card they don't see is dealt again, each time,
 * so that nothing in the result depends on the real hidden cards beyond each pool's multiset
 * (DESIGN: nothing a player is given depends on a card hidden from them):
 * - identities (`card`) are dealt from pools: per owner, the cards of the main deck wherever
 *   they lie unseen (a hand, the deck, a face-down shield, a Set card, a card under another),
 *   and apart from them a deck of its own (`ZoneDef.ownDeck`: the Extra Deck, the super GR
 *   zone). A card the player follows (a Set card, a shield) is dealt like any: following a card
 *   is not knowing it. A place the rules narrow gets only what it may hold (`ZoneDef.faceDownCards`:
 *   a Set card in the Spell & Trap Zone is a Spell or a Trap);
 * - in a zone the player can't follow cards in (a hand, a deck) the records (bookkeeping: when
 *   a card went in, its handle) are put in a new order; a card the player follows keeps its place;
 * - the referee's names of every dealt record are given anew: ids dealt again among the pool,
 *   fresh incarnation numbers — both are numbered in deck-list order at setup, so a kept one
 *   would name the real card; every mention of a record (the log, variables, limits' counters,
 *   cards under cards) follows it;
 * - the generators are reseeded from `rng` (with the real ones and the real deck order the future
 *   would be known), and the seed's text is replaced (it regenerates them);
 * - the log keeps, of each entry, only what the player was shown of it;
 * - another player's pending decision is asked again of the new state (its options may name the
 *   dealt cards), and a redeal is kept only if the player's view of the result is the one they
 *   have (rejection sampling: a Fusion Summon is asked only with materials in hand, so the
 *   redeal must hold some); the player's own decision is kept — non-interference says the rules
 *   ask the same question of the new state, and `check: true` has Game.fromState verify it (the
 *   tests do; a search skips the validation for speed: the state is built by the copier).
 * - what the player remembers of hidden cards (core/knowledge.ts, read from the log as they were
 *   shown it) holds in the result: a card they follow and saw (a snared shield, a monster turned
 *   face-down) keeps its identity, and a zone they can't follow cards in (a hand, a deck) holds
 *   at least the cards they know went in and did not come out.
 * Simplifications: each pool's multiset of identities is the real one (the decks are known, as
 * in OpenSpiel's determinized games); a hidden card named by engine work in progress (a pending
 * hidden trigger, an effect resolving: its identity is committed) is kept as it is — see
 * `UnknownCards.pinned` (a search determinizes at its player's own decision, where that is
 * rare: mostly the other player's cards are named while they decide); and memory is only what
 * the log holds (none with logging "none").
 */
import { type CardMatch, matchesCard } from "../core/decks.js";
import { Game } from "../core/game.js";
import { objectsInProgress } from "../core/in-progress.js";
import type { Json, JsonObject } from "../core/json.js";
import { type Knowledge, knowledgeOf } from "../core/knowledge.js";
import { nextUint32, type RngState, shuffled } from "../core/rng.js";
import { copyState } from "../core/state-copy.js";
import type { GameObject, GameState, LogEntry, ObjectId, PlayerId } from "../core/types.js";
import { canSee, refFor } from "../core/view.js";

/** One pool of cards hidden from a player: every card of one owner that could lie in any of its places. */
export interface UnknownGroup {
  /** owner|pool: `main`, or the zone kind of a deck of its own (`ZoneDef.ownDeck`: `extra`, `superGR`). */
  key: string;
  /** Their places, in an order the player sees (zone, then position; under-cards after their top card). */
  objects: ObjectId[];
  /** Their identities, sorted: the multiset dealt again. */
  cards: string[];
  /**
   * Places the rules narrow (`ZoneDef.faceDownCards`: a Set card in the Spell & Trap Zone is a
   * Spell or a Trap): indices into `objects`, and the identities of `cards` they may hold
   * (distinct, sorted). Fewest identities first; places not listed may hold any.
   */
  limited: { places: number[]; cards: string[] }[];
  /**
   * What the player knows must lie in one of the pool's zones (core/knowledge.ts): at least
   * `count` of `card` among the pool's places in `zone`. Sorted by zone, then card.
   */
  known: { zone: string; card: string; count: number }[];
}

export interface UnknownCards {
  groups: UnknownGroup[];
  /** Hidden cards named by engine work in progress (pending abilities, tasks, durations): kept as they are. */
  pinned: ObjectId[];
}

/** Every object's position in its zone's cards, or under the card it lies under. */
function positionsOf(state: GameState): Map<ObjectId, number> {
  const out = new Map<ObjectId, number>();
  for (const z of Object.values(state.zones)) for (const [i, id] of z.cards.entries()) out.set(id, i);
  for (const o of Object.values(state.objects)) for (const [i, id] of o.under.entries()) out.set(id, i);
  return out;
}

/** A place's sort key: zone, then position (under cards after their top card, by position). */
function placeOf(state: GameState, obj: GameObject, at: Map<ObjectId, number>): string {
  const pad = (n: number) => String(n).padStart(6, "0");
  if (obj.underOf !== null)
    return `${placeOf(state, state.objects[obj.underOf]!, at)}/${pad(at.get(obj.id)!)}`;
  return `${obj.zone}#${pad(at.get(obj.id)!)}`;
}

/**
 * The pool a card hidden in a zone of `kind` is dealt from: the zone kind itself if it is a deck
 * of its own (`ZoneDef.ownDeck`), else `main` — the main deck's cards lie unseen anywhere else
 * (a hand, the deck, a face-down shield, a Set card).
 */
function poolOfPlace(game: Game, kind: string): string {
  return game.rules.zoneDefs.get(kind)?.ownDeck ? kind : "main";
}

/** The pool a card belongs to: the first zone kind whose `ownDeck` it matches, else `main`. */
function poolOfCard(game: Game, card: string): string {
  const def = game.rules.card(card);
  for (const z of game.rules.preset.zones) if (z.ownDeck && matchesCard(def, z.ownDeck)) return z.kind;
  return "main";
}

/**
 * The rule that narrows what a hidden card at `obj`'s place can be, as the player sees the place:
 * a face-down card in a public zone that says what its face-down cards are (`ZoneDef.faceDownCards`).
 */
function limitOf(game: Game, obj: GameObject): CardMatch | undefined {
  const zone = game.state.zones[obj.zone]!;
  if (!obj.faceDown || zone.visibility !== "public" || obj.underOf !== null) return undefined;
  return game.rules.zoneDefs.get(zone.kind)?.faceDownCards;
}

/**
 * Could `card` lie hidden at `obj`'s place, by the rules' declarations alone (the place's pool
 * and what its face-down cards can be)? What determinize deals to each place obeys it.
 */
export function couldLieAt(game: Game, card: string, obj: GameObject): boolean {
  if (poolOfCard(game, card) !== poolOfPlace(game, game.state.zones[obj.zone]!.kind)) return false;
  const limit = limitOf(game, obj);
  return limit === undefined || matchesCard(game.rules.card(card), limit);
}

/**
 * The cards hidden from `player` now, pooled as `determinize` deals them again: per owner, every
 * place the same cards could lie in. A card they know (`knowledge`, by default read from the
 * game's log) is not among them, nor one engine work in progress names (`pinned`).
 */
export function unknownCards(
  game: Game,
  player: PlayerId,
  knowledge: Knowledge = knowledgeOf(game, player),
): UnknownCards {
  const s = game.state;
  const busy = objectsInProgress(s);
  const at = positionsOf(s);
  const byKey = new Map<string, { obj: GameObject; place: string }[]>();
  const pinned: ObjectId[] = [];
  const shown: string[] = [];
  for (const obj of Object.values(s.objects)) {
    if (canSee(game, obj, player) || (obj.handle !== "" && knowledge.objects.has(obj.handle))) {
      // Seen there now (a deck searched): not among the cards the player must place.
      if (knowledge.zones.has(obj.zone)) shown.push(`${obj.zone}\u0000${obj.card}`);
      continue;
    }
    if (busy.has(obj.id)) {
      pinned.push(obj.id);
      continue;
    }
    const zone = obj.underOf === null ? s.zones[obj.zone]! : s.zones[s.objects[obj.underOf]!.zone]!;
    const key = `${obj.owner}|${poolOfPlace(game, zone.kind)}`;
    const list = byKey.get(key) ?? [];
    list.push({ obj, place: placeOf(s, obj, at) });
    byKey.set(key, list);
  }
  const groups: UnknownGroup[] = [];
  for (const key of [...byKey.keys()].sort()) {
    const list = byKey.get(key)!.sort((a, b) => (a.place < b.place ? -1 : a.place > b.place ? 1 : 0));
    const cards = list.map((x) => x.obj.card).sort();
    groups.push({
      key,
      objects: list.map((x) => x.obj.id),
      cards,
      limited: limitsOf(
        game,
        list.map((x) => x.obj),
        cards,
      ),
      known: knownIn(
        knowledge,
        list.filter((x) => x.obj.underOf === null).map((x) => x.obj.zone),
        cards,
        shown,
      ),
    });
  }
  return { groups, pinned: pinned.sort() };
}

/**
 * The pool's narrowed places: per distinct set of identities allowed, the places allowed only
 * those. Places with the same set deal as one (so a pool's deal is uniform over the states the
 * limits allow: the sets of the built-in presets nest or are apart).
 */
function limitsOf(game: Game, places: GameObject[], cards: string[]): UnknownGroup["limited"] {
  const distinct = [...new Set(cards)];
  const bySet = new Map<string, { places: number[]; cards: string[] }>();
  // Each zone kind's declaration is one object: its allowed identities are read once.
  const allowedBy = new Map<CardMatch, string[]>();
  places.forEach((obj, i) => {
    const limit = limitOf(game, obj);
    if (!limit) return;
    let allowed = allowedBy.get(limit);
    if (!allowed) {
      allowed = distinct.filter((c) => matchesCard(game.rules.card(c), limit));
      allowedBy.set(limit, allowed);
    }
    if (allowed.length === distinct.length) return;
    const k = allowed.join("\u0000");
    const entry = bySet.get(k) ?? { places: [], cards: allowed };
    entry.places.push(i);
    bySet.set(k, entry);
  });
  return [...bySet.values()].sort((a, b) => a.cards.length - b.cards.length || a.places[0]! - b.places[0]!);
}

/**
 * What the player knows lies in the group's zones (`zones`: the zone of each top place), less
 * what they see there now (`shown`: zone and card), as many as the group's places in that zone
 * and its cards allow (a card pinned by engine work is not among them).
 */
function knownIn(
  knowledge: Knowledge,
  zones: string[],
  cards: string[],
  shown: string[],
): UnknownGroup["known"] {
  const out: UnknownGroup["known"] = [];
  if (knowledge.zones.size === 0) return out;
  const tally = (xs: string[]) => {
    const m = new Map<string, number>();
    for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
    return m;
  };
  const left = tally(cards);
  const placesIn = tally(zones);
  const visibleIn = tally(shown);
  for (const zone of [...placesIn.keys()].sort()) {
    const counts = knowledge.zones.get(zone);
    if (!counts) continue;
    let places = placesIn.get(zone)!;
    for (const card of [...counts.keys()].sort()) {
      const visible = visibleIn.get(`${zone}\u0000${card}`) ?? 0;
      const count = Math.min(counts.get(card)! - visible, left.get(card) ?? 0, places);
      if (count <= 0) continue;
      out.push({ zone, card, count });
      left.set(card, left.get(card)! - count);
      places -= count;
    }
  }
  return out;
}

/** A log entry with only what `player` was shown of it (view.ts `redactEntry` reads no more). */
function keptOf(entry: LogEntry, player: PlayerId): LogEntry {
  const out: LogEntry = { ...entry };
  if (entry.seenBy && !entry.seenBy.includes(player)) {
    delete out.card;
    delete out.name;
    if (entry.data) {
      const data: JsonObject = {};
      for (const k of entry.public ?? []) if (k in entry.data) data[k] = entry.data[k] as Json;
      out.data = data;
    }
  }
  if (entry.cause && entry.causeSeenBy && !entry.causeSeenBy.includes(player)) {
    const { kind, player: p, keyword } = entry.cause;
    out.cause = {
      kind,
      ...(p !== undefined ? { player: p } : {}),
      ...(keyword !== undefined ? { keyword } : {}),
    };
  }
  return out;
}

/** A fresh generator state drawn from `rng` (ChaCha20 key of 8 words; `stream` as in seedRng). */
function reseeded(rng: RngState, stream: number): GameState["rng"] {
  const key = Array.from({ length: 8 }, () => nextUint32(rng));
  return { key, stream, block: 0, words: [], at: 0 };
}

/**
 * A new game whose state is consistent with everything `player` sees now, the cards hidden from
 * them dealt again by `rng` (which advances). The input game is not changed. The same rng state
 * gives the same result for two games that differ only in which hidden card lies where within a
 * pool (`unknownCards`). Many samples of one position: `determinizer`.
 */
export function determinize(
  game: Game,
  player: PlayerId,
  rng: RngState,
  options: DeterminizeOptions = {},
): Game {
  return determinizer(game, player, options).deal(rng);
}

export interface DeterminizeOptions {
  /** Redeals tried at another player's decision before `DeterminizeError` (default `MAX_REDEALS`). */
  maxRedeals?: number;
  /** Validate each sample as a saved state (`Game.fromState`); off for search (the copier builds it). */
  check?: boolean;
  /**
   * `false`: samples start with an empty log and logging "none" (history a search never reads:
   * each copy is cheaper). What the player remembers is read from the game's log first.
   */
  log?: boolean;
}

/** One position prepared for many samples: what is unknown and remembered is read once. */
export interface Determinizer {
  readonly player: PlayerId;
  readonly unknown: UnknownCards;
  /** One sample, drawn by `rng` (which advances); the same as `determinize` with that rng. */
  deal(rng: RngState): Game;
}

/** Prepares `game` for sampling from `player`'s information set (`deal` as often as needed). */
export function determinizer(game: Game, player: PlayerId, options: DeterminizeOptions = {}): Determinizer {
  const maxRedeals = options.maxRedeals ?? MAX_REDEALS;
  if (!Number.isInteger(maxRedeals) || maxRedeals < 1)
    throw new RangeError(`determinize: maxRedeals must be a positive integer, not ${maxRedeals}`);
  if (!Number.isInteger(player) || !game.state.players[player]) throw new RangeError(`no player ${player}`);
  const knowledge = knowledgeOf(game, player);
  const source = options.log === false ? game.clone({ log: false }) : game;
  const unknown = unknownCards(source, player, knowledge);
  const d = source.state.decision;
  const reask = d !== null && d.player !== player;
  const plan = planOf(source, player, unknown, reask);
  const check = options.check ?? false;
  if (!reask) return { player, unknown, deal: (rng) => dealt(plan, rng, check) };
  // Another player's question may depend on cards hidden from `player` (a Fusion Summon offered
  // only with its materials in hand): a redeal is kept only if it asks them what they saw asked,
  // so the result is drawn from the states consistent with their view (rejection sampling: the
  // test reads only that view, so which redeal is kept depends on no hidden card).
  const seen = JSON.stringify(source.viewFor(player));
  const deal = (rng: RngState): Game => {
    for (let attempt = 1; ; attempt++) {
      const out = dealt(plan, rng, check);
      if (JSON.stringify(out.viewFor(player)) === seen) return out;
      if (attempt >= maxRedeals)
        throw new DeterminizeError(
          `no redeal of the ${unknown.groups.reduce((n, g) => n + g.objects.length, 0)} cards hidden from ` +
            `${game.playerName(player)} in ${maxRedeals} tries agrees with what they see at ` +
            `${game.playerName(d.player)}'s "${d.kind}" decision; determinize at one of their own decisions`,
        );
    }
  };
  return { player, unknown, deal };
}

/** How many redeals `determinize` tries, by default, before it gives up on another player's pending question. */
export const MAX_REDEALS = 200;

/** No state consistent with the player's view was found (see `MAX_REDEALS`). */
export class DeterminizeError extends Error {
  override name = "DeterminizeError";
}

/** What every deal of one position shares, read once: nothing in it depends on a card hidden from the player. */
interface Plan {
  game: Game;
  unknown: UnknownCards;
  /** Per group, what its deals read. */
  pools: PoolPlan[];
  /** The pools' ids: each deal gives them out again. */
  pooled: Set<ObjectId>;
  /** Some pooled card lies under another or has cards under it. */
  stacked: boolean;
  /** Parts of the state besides zones that name a pooled card by id (counters, variables, the decision): renamed per deal. */
  named: ("counters" | "players" | "vars" | "decision" | "turnQueue" | "objects")[];
  /** The log as the player was shown it (entries are shared by every deal) and which entries name a pooled card. */
  log: LogEntry[];
  logNames: { at: number; inData: boolean }[];
  reask: boolean;
}

/** One pool's places, read once for all its deals. */
interface PoolPlan {
  /** Per place: its zone and position there (-1 for a card under another). */
  at: { zone: string; index: number }[];
  /** The pool's ids, sorted: dealt again to its places. */
  ids: ObjectId[];
  /** Per zone, the places on top there (indices into the pool's places): where known cards go. */
  topPlaces: Map<string, number[]>;
  /** Per identity, the index of its first copy in the pool's sorted `cards`. */
  firstCopy: Map<string, number>;
  /** Per narrowed set of places (`limited`), the copies in `cards` that may go there. */
  fits: number[][];
  /**
   * Per zone whose cards the player can't follow (a hand, a deck): its places, and the same
   * places ordered by what their records hold besides the referee's names (`recordKey`). Each
   * deal puts the records in a new order there: where a record lies is as unknown as its card.
   */
  blind: { places: number[]; canon: number[] }[];
}

/** A record's bookkeeping without what a deal gives it anew (id, card, incarnation). */
function recordKey(o: GameObject): string {
  const { id: _i, card: _c, inc: _n, lineage: _l, ...rest } = o;
  return JSON.stringify(rest);
}

function poolPlanOf(
  game: Game,
  player: PlayerId,
  g: UnknownGroup,
  positions: Map<ObjectId, number>,
): PoolPlan {
  const s = game.state;
  const at = g.objects.map((id) => {
    const o = s.objects[id]!;
    return { zone: o.zone, index: o.underOf === null ? positions.get(id)! : -1 };
  });
  const topPlaces = new Map<string, number[]>();
  at.forEach(({ zone, index }, i) => {
    if (index < 0) return;
    const list = topPlaces.get(zone) ?? [];
    list.push(i);
    topPlaces.set(zone, list);
  });
  const firstCopy = new Map<string, number>();
  g.cards.forEach((c, j) => {
    if (!firstCopy.has(c)) firstCopy.set(c, j);
  });
  const fits = g.limited.map(({ cards }) => {
    const allowed = new Set(cards);
    return g.cards.flatMap((c, j) => (allowed.has(c) ? [j] : []));
  });
  const blindIn = new Map<string, number[]>();
  g.objects.forEach((id, i) => {
    const o = s.objects[id]!;
    const zone = s.zones[o.zone]!;
    if (o.underOf !== null || o.under.length > 0 || zone.visibility === "public") return;
    if (refFor(game, o, player) !== null) return;
    const list = blindIn.get(o.zone) ?? [];
    list.push(i);
    blindIn.set(o.zone, list);
  });
  const blind = [...blindIn.values()].map((places) => {
    const keys = new Map(places.map((i) => [i, recordKey(s.objects[g.objects[i]!]!)]));
    const canon = [...places].sort((a, b) =>
      keys.get(a)! < keys.get(b)! ? -1 : keys.get(a)! > keys.get(b)! ? 1 : 0,
    );
    return { places, canon };
  });
  return { at, ids: [...g.objects].sort(), topPlaces, firstCopy, fits, blind };
}

function planOf(game: Game, player: PlayerId, unknown: UnknownCards, reask: boolean): Plan {
  const s = game.state;
  const pooled = new Set(unknown.groups.flatMap((g) => g.objects));
  const positions = positionsOf(s);
  const pools = unknown.groups.map((g) => poolPlanOf(game, player, g, positions));
  const stacked = [...pooled].some((id) => {
    const o = s.objects[id]!;
    return o.underOf !== null || o.under.length > 0;
  });
  const names = (v: unknown) => namesAny(v, pooled);
  const named: Plan["named"] = [];
  const incs = new Set([...pooled].map((id) => s.objects[id]!.inc));
  const cellKeys = Object.values(s.counters).flatMap((cells) => Object.keys(cells));
  if (cellKeys.some((k) => keyNames(k, pooled, incs)) || names(s.counters)) named.push("counters");
  if (names(s.players.map((p) => p.vars))) named.push("players");
  if (names(s.vars)) named.push("vars");
  if (!reask && names(s.decision)) named.push("decision");
  if (names(s.turnQueue)) named.push("turnQueue");
  if (Object.values(s.objects).some((o) => names(o.vars))) named.push("objects");
  const log = s.log.length === 0 ? [] : s.log.map((e) => keptOf(e, player));
  const logNames: Plan["logNames"] = [];
  log.forEach((e, i) => {
    const inData = names(e.data);
    if (inData || (e.obj !== undefined && pooled.has(e.obj)) || names(e.cause?.obj))
      logNames.push({ at: i, inData });
  });
  return { game, unknown, pools, pooled, stacked, named, log, logNames, reask };
}

/** Does plain data hold one of `ids` as a string (a value or a key)? */
function namesAny(v: unknown, ids: Set<string>): boolean {
  if (typeof v === "string") return ids.has(v);
  if (v === null || typeof v !== "object") return false;
  if (Array.isArray(v)) return v.some((x) => namesAny(x, ids));
  for (const [k, x] of Object.entries(v)) if (ids.has(k) || namesAny(x, ids)) return true;
  return false;
}

/** A deal's new names: old id → new id, old incarnation → new (of the dealt records only). */
interface Renaming {
  ids: Map<ObjectId, ObjectId>;
  incs: Map<number, number>;
}

/**
 * A copy of plain data with every string naming a dealt id (values and keys) renamed, and the
 * incarnation of every reference to a dealt card (`{ obj, inc }`) with it.
 */
function renamed<T>(v: T, names: Renaming): T {
  const walk = (x: unknown): unknown => {
    if (typeof x === "string") return names.ids.get(x) ?? x;
    if (x === null || typeof x !== "object") return x;
    if (Array.isArray(x)) return x.map(walk);
    const out: Record<string, unknown> = {};
    for (const [k, y] of Object.entries(x)) out[names.ids.get(k) ?? k] = walk(y);
    const ref = x as { obj?: unknown; inc?: unknown };
    if (typeof ref.obj === "string" && names.ids.has(ref.obj) && typeof ref.inc === "number")
      out.inc = names.incs.get(ref.inc) ?? ref.inc;
    return out;
  };
  return walk(v) as T;
}

/** A counter cell counted by object (events.ts `objectCellKey`): `…#o<id>.<incarnation>`, maybe `#c…` after. */
const BY_OBJECT = /#o([^#.]+)\.(\d+)(?=#|$)/;

/**
 * Does a counter cell's key name one of `ids` or `incs` (limits.ts `limitKey`: `L:card:<id>:…`,
 * `L:inc:<incarnation>:…`; events counted by object: `…#o<id>.<incarnation>`)?
 */
function keyNames(key: string, ids: Set<string>, incs: Set<number>): boolean {
  const byObject = BY_OBJECT.exec(key);
  if (byObject) return ids.has(byObject[1]!) || incs.has(Number(byObject[2]));
  const parts = key.split(":");
  if (parts[1] === "inc") return incs.has(Number(parts[2]));
  return parts.some((p) => ids.has(p));
}

/** A counter cell's key with the record it names renamed (the forms `keyNames` reads). */
function renamedCellKey(key: string, names: Renaming): string {
  const byObject = BY_OBJECT.exec(key);
  if (byObject) {
    const [whole, id, inc] = byObject as unknown as [string, string, string];
    const renamedInc = names.incs.get(Number(inc)) ?? Number(inc);
    const at = byObject.index;
    return `${key.slice(0, at)}#o${names.ids.get(id) ?? id}.${renamedInc}${key.slice(at + whole.length)}`;
  }
  const parts = key.split(":");
  if (parts[1] === "inc")
    return [parts[0], parts[1], String(names.incs.get(Number(parts[2])) ?? parts[2]), ...parts.slice(3)].join(
      ":",
    );
  return parts.map((p) => names.ids.get(p) ?? p).join(":");
}

/**
 * The counter cells of every window with their keys and contents renamed (`renamedCellKey`,
 * `renamed`); each window a dictionary, as events.openWindow makes it.
 */
function renamedCounters(counters: GameState["counters"], names: Renaming): GameState["counters"] {
  const out: GameState["counters"] = {};
  for (const [window, cells] of Object.entries(counters)) {
    const copy = Object.create(null) as (typeof counters)[string];
    for (const [key, cell] of Object.entries(cells)) copy[renamedCellKey(key, names)] = renamed(cell, names);
    out[window] = copy;
  }
  return out;
}

/**
 * One redeal: every pool's identities dealt to its places (`dealtCards`); in a zone the player
 * can't follow cards in, the records (bookkeeping: handle, taps, counters, entry stamp) in a new
 * order; and the referee's names of every record given anew — ids dealt again among the pool and
 * fresh incarnations: both are numbered in deck-list order at setup, so a kept one would name
 * the real card, and an engine that orders by id would act on it. A card the player follows
 * keeps its record at its place. Every mention of a dealt record in the state and the kept log
 * (its id, its incarnation with it) follows the record. The objects are listed in the order of
 * their ids, as in every game. With `reask`, the pending
 * decision (another player's) is asked again; `check`: the result is validated as a saved state
 * would be (Game.fromState: the player's own question must be the one the rules ask of the new
 * state), else built as trusted.
 */
function dealt(plan: Plan, rng: RngState, check: boolean): Game {
  const { game, unknown } = plan;
  const state = copyState(game.state, []);
  const names: Renaming = { ids: new Map(), incs: new Map() };
  const records = new Map<ObjectId, GameObject>();
  unknown.groups.forEach((g, gi) => {
    const pool = plan.pools[gi]!;
    const cards = dealtCards(g, pool, rng);
    // Which record lies at each place: kept, but in a hand or a deck a new order.
    const recordAt = g.objects.slice();
    for (const { places, canon } of pool.blind) {
      const order = shuffled(
        rng,
        canon.map((i) => g.objects[i]!),
      );
      places.forEach((i, k) => {
        recordAt[i] = order[k]!;
      });
    }
    const ids = shuffled(rng, pool.ids);
    recordAt.forEach((old, i) => {
      const rec = state.objects[old]!;
      const id = ids[i]!;
      // A fresh incarnation, numbered by place: the real one may name the card (one still where
      // the setup put it has its incarnation in deck-list order, like its id).
      const inc = ++state.ids.inc;
      names.ids.set(old, id);
      names.incs.set(rec.inc, inc);
      if (rec.lineage === rec.inc) rec.lineage = inc;
      rec.inc = inc;
      rec.card = cards[i]!;
      rec.id = id;
      records.set(id, rec);
      const { zone, index } = pool.at[i]!;
      if (index >= 0) state.zones[zone]!.cards[index] = id;
    });
  });
  const to = names.ids;
  if (to.size > 0) {
    const objects: GameState["objects"] = {};
    for (const id in state.objects) objects[id] = records.get(id) ?? state.objects[id]!;
    state.objects = objects;
    if (plan.stacked)
      for (const o of Object.values(objects)) {
        if (o.under.length > 0) o.under = o.under.map((u) => to.get(u) ?? u);
        if (o.underOf !== null) o.underOf = to.get(o.underOf) ?? o.underOf;
      }
    for (const part of plan.named) {
      if (part === "players") for (const p of state.players) p.vars = renamed(p.vars, names);
      else if (part === "objects") for (const o of Object.values(objects)) o.vars = renamed(o.vars, names);
      else if (part === "counters") state.counters = renamedCounters(state.counters, names);
      else if (part === "vars") state.vars = renamed(state.vars, names);
      else if (part === "decision") state.decision = renamed(state.decision, names);
      else state.turnQueue = renamed(state.turnQueue, names);
    }
  }
  state.log = plan.log.length === 0 ? [] : plan.log.slice();
  for (const { at, inData } of plan.logNames) state.log[at] = renamedEntry(plan.log[at]!, names, inData);
  state.rng = reseeded(rng, 0);
  state.handleRng = reseeded(rng, 1);
  state.seed = `determinized:${state.rng.key.map((w) => w.toString(16).padStart(8, "0")).join("")}`;
  if (plan.reask) {
    // The task that asked asks again of the new state (the contract Game.fromState checks: run
    // again without its answer, it asks the same question).
    state.decision = null;
    state.ids.decision -= 1;
    const top = state.tasks[state.tasks.length - 1];
    if (top) delete top.answer;
  }
  const out = check ? Game.fromState(game.rules.preset, state) : Game.fromTrustedState(game, state);
  if (plan.reask) out.run();
  return out;
}

/** A kept log entry whose mentions of dealt records follow them. */
function renamedEntry(e: LogEntry, names: Renaming, inData: boolean): LogEntry {
  const out: LogEntry = { ...e };
  if (e.obj !== undefined && names.ids.has(e.obj)) {
    out.obj = names.ids.get(e.obj)!;
    if (e.inc !== undefined) out.inc = names.incs.get(e.inc) ?? e.inc;
  }
  if (e.cause?.obj !== undefined && names.ids.has(e.cause.obj)) {
    const inc = e.cause.inc;
    out.cause = {
      ...e.cause,
      obj: names.ids.get(e.cause.obj)!,
      ...(inc !== undefined ? { inc: names.incs.get(inc) ?? inc } : {}),
    };
  }
  if (inData && e.data) out.data = renamed(e.data, names);
  return out;
}

/**
 * A pool's identities in place order, drawn by `rng` from its multiset: first the cards the
 * player knows lie in a zone, each to places of that zone; then the narrowed places (a Set
 * card), each set of them from the cards it may hold, fewest first; then the rest shuffled into
 * the places left. Reads only the places, the pool's multiset, its limits and what the player
 * knows — never which card lies where. Should the limits leave a narrowed place nothing it may
 * hold (declarations that miss a card), it takes from the rest like any place. Linear in the
 * pool's size (times its few limits).
 */
function dealtCards(g: UnknownGroup, prep: PoolPlan, rng: RngState): string[] {
  if (g.known.length === 0 && g.limited.length === 0) return shuffled(rng, g.cards);
  const out: (string | undefined)[] = g.objects.map(() => undefined);
  // Instances of `g.cards` (sorted, so a card's copies are adjacent) already given a place.
  const taken = new Uint8Array(g.cards.length);
  const next = new Map<string, number>();
  let free: number[] = [];
  let zone: string | undefined;
  let k = 0;
  for (const known of g.known) {
    // The zone's places in a random order, handed out card by card (`known` is sorted by zone).
    if (known.zone !== zone) {
      zone = known.zone;
      free = shuffled(rng, prep.topPlaces.get(zone) ?? []);
      k = 0;
    }
    for (let c = 0; c < known.count && k < free.length; c++) {
      const j = next.get(known.card) ?? prep.firstCopy.get(known.card)!;
      out[free[k++]!] = known.card;
      taken[j] = 1;
      next.set(known.card, j + 1);
    }
  }
  g.limited.forEach(({ places }, li) => {
    const open = places.filter((i) => out[i] === undefined);
    const fits = shuffled(
      rng,
      prep.fits[li]!.filter((j) => taken[j] === 0),
    );
    open.forEach((i, n) => {
      if (n >= fits.length) return;
      out[i] = g.cards[fits[n]!]!;
      taken[fits[n]!] = 1;
    });
  });
  const rest = shuffled(
    rng,
    g.cards.filter((_, j) => taken[j] === 0),
  );
  let r = 0;
  return out.map((c) => c ?? rest[r++]!);
}
