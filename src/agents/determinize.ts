/**
 * Determinization for information-set search (ISMCTS, MCTS over determinizations): a full game
 * state consistent with everything one player can see now, with the cards hidden from them
 * resampled from what is unknown to them.
 *
 * What is hidden is the kernel's own rule (view.ts `canSee`), never a guess from zone names. What
 * the player sees stays exactly as it is; what they don't is redrawn so that nothing in the result
 * depends on the real hidden cards beyond their multiset per group (DESIGN: nothing a player is
 * given depends on a card hidden from them):
 * - identities (`card`) are dealt again, within groups that keep the state legal (same owner, same
 *   zone kind — a hand and the zone it draws from are one group —, face-up or face-down, on top or
 *   under another card);
 * - where the player can't even follow the cards (a hand, a deck), the referee's ids are dealt
 *   again too: ids are numbered in deck-list order at setup, so a kept id would name the real card;
 * - the generators are reseeded from `rng` (with the real ones and the real deck order the future
 *   would be known), and the seed's text is replaced (it regenerates them);
 * - the log keeps, of each entry, only what the player was shown of it;
 * - another player's pending decision is asked again of the new state (its options may name the
 *   resampled cards), and a redeal is kept only if the player's view of the result is the one
 *   they have (rejection sampling: a Fusion Summon is asked only with materials in hand, so the
 *   redeal must hold some); the player's own decision is kept — non-interference says the rules
 *   ask the same question of the new state, and `check: true` has Game.fromState verify it (the
 *   tests do; a search skips the validation for speed: the state is built by the copier).
 * - what the player remembers of hidden cards (core/knowledge.ts, read from the log as they were
 *   shown it) holds in the result: a card they follow and saw (a snared shield, a monster turned
 *   face-down) keeps its identity, and a zone they can't follow cards in (a hand, a deck) holds
 *   at least the cards they know went in and did not come out.
 * Simplifications: each group's multiset of identities is the real one (the decks are known, as
 * in OpenSpiel's determinized games); a hidden card named by engine work in progress (a pending
 * hidden trigger, an effect resolving) is kept as it is — see `UnknownCards.pinned`; determinize
 * at a quiet point to have none; and memory is only what the log holds (none with logging "none").
 */
import { Game } from "../core/game.js";
import { objectsInProgress } from "../core/in-progress.js";
import type { Json, JsonObject } from "../core/json.js";
import { type Knowledge, knowledgeOf } from "../core/knowledge.js";
import { nextUint32, type RngState, shuffled } from "../core/rng.js";
import { copyState } from "../core/state-copy.js";
import type { GameObject, GameState, LogEntry, ObjectId, PlayerId } from "../core/types.js";
import { canSee, refFor } from "../core/view.js";

/** One group of cards hidden from a player, whose identities may be exchanged with each other. */
export interface UnknownGroup {
  /** owner|zone kind (hand and deck share one)|face-down|under another card. */
  key: string;
  /** The hidden objects, in the order of their places (zone, then position): an order the player sees. */
  objects: ObjectId[];
  /** Their identities, sorted: the multiset dealt again. */
  cards: string[];
  /** Those the player can't follow (a hand, a deck): their ids are dealt again too. */
  untracked: ObjectId[];
  /**
   * What the player knows must lie in one of the group's zones (core/knowledge.ts): at least
   * `count` of `card` among the group's places in `zone`. Sorted by zone, then card.
   */
  known: { zone: string; card: string; count: number }[];
}

export interface UnknownCards {
  groups: UnknownGroup[];
  /** Hidden cards named by engine work in progress (pending abilities, tasks, durations): kept as they are. */
  pinned: ObjectId[];
}

/** A place's sort key: zone, then position (under cards after their top card, by position). */
function placeOf(state: GameState, obj: GameObject): string {
  const pad = (n: number) => String(n).padStart(6, "0");
  if (obj.underOf !== null) {
    const top = state.objects[obj.underOf]!;
    return `${placeOf(state, top)}/${pad(top.under.indexOf(obj.id))}`;
  }
  return `${obj.zone}#${pad(state.zones[obj.zone]!.cards.indexOf(obj.id))}`;
}

/**
 * The cards hidden from `player` now, grouped as `determinize` deals them again. A card they
 * know (`knowledge`, by default read from the game's log) is not among them.
 */
export function unknownCards(
  game: Game,
  player: PlayerId,
  knowledge: Knowledge = knowledgeOf(game, player),
): UnknownCards {
  const s = game.state;
  const busy = objectsInProgress(s);
  // The kernel's draw pair: a card in hand may as well be in the deck (any preset's drawFrom/drawTo).
  const drawFrom = game.deckZoneKind;
  const drawTo = game.rules.preset.drawTo ?? "hand";
  const byKey = new Map<string, { obj: GameObject; place: string; untracked: boolean }[]>();
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
    const zone = s.zones[obj.zone]!;
    const kind = zone.kind === drawTo ? drawFrom : zone.kind;
    const key = `${obj.owner}|${kind}|${obj.faceDown ? "down" : "up"}|${obj.underOf === null ? "top" : "under"}`;
    // Untracked: the player can't tell these cards apart (no handle for them, nothing under or over).
    const untracked =
      refFor(game, obj, player) === null &&
      obj.underOf === null &&
      obj.under.length === 0 &&
      zone.visibility !== "public";
    const list = byKey.get(key) ?? [];
    list.push({ obj, place: placeOf(s, obj), untracked });
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
      untracked: list.filter((x) => x.untracked).map((x) => x.obj.id),
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
  const left = new Map<string, number>();
  for (const c of cards) left.set(c, (left.get(c) ?? 0) + 1);
  for (const zone of [...new Set(zones)].sort()) {
    const counts = knowledge.zones.get(zone);
    if (!counts) continue;
    let places = zones.filter((z) => z === zone).length;
    for (const card of [...counts.keys()].sort()) {
      const visible = shown.filter((x) => x === `${zone}\u0000${card}`).length;
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
 * group (`unknownCards`). Many samples of one position: `determinizer`.
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
  const check = options.check ?? false;
  if (d === null || d.player === player)
    return { player, unknown, deal: (rng) => dealt(source, player, unknown, rng, false, check) };
  // Another player's question may depend on cards hidden from `player` (a Fusion Summon offered
  // only with its materials in hand): a redeal is kept only if it asks them what they saw asked,
  // so the result is drawn from the states consistent with their view (rejection sampling: the
  // test reads only that view, so which redeal is kept depends on no hidden card).
  const seen = JSON.stringify(source.viewFor(player));
  const deal = (rng: RngState): Game => {
    for (let attempt = 1; ; attempt++) {
      const out = dealt(source, player, unknown, rng, true, check);
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

/**
 * One redeal of the unknown cards; `reask`: the pending decision (another player's) is asked
 * again; `check`: the result is validated as a saved state would be (Game.fromState: the player's
 * own question must be the one the rules ask of the new state), else built as trusted.
 */
function dealt(
  game: Game,
  player: PlayerId,
  unknown: UnknownCards,
  rng: RngState,
  reask: boolean,
  check: boolean,
): Game {
  const state = copyState(game.state, []);
  for (const g of unknown.groups) {
    const cards = g.known.length === 0 ? shuffled(rng, g.cards) : dealtKnown(game, g, rng);
    g.objects.forEach((id, i) => {
      state.objects[id]!.card = cards[i]!;
    });
    // The referee's ids of cards the player can't follow: dealt again among their places. The
    // place keeps its bookkeeping (handle, incarnation, entry stamp), which the player can't see either.
    const ids = shuffled(rng, [...g.untracked].sort());
    const records = g.untracked.map((id) => state.objects[id]!);
    g.untracked.forEach((oldId, i) => {
      const rec = { ...records[i]!, id: ids[i]! };
      state.objects[rec.id] = rec;
      const zone = state.zones[rec.zone]!;
      zone.cards[game.state.zones[rec.zone]!.cards.indexOf(oldId)] = rec.id;
    });
  }
  state.log = game.state.log.length === 0 ? [] : game.state.log.map((e) => keptOf(e, player));
  state.rng = reseeded(rng, 0);
  state.handleRng = reseeded(rng, 1);
  state.seed = `determinized:${state.rng.key.map((w) => w.toString(16).padStart(8, "0")).join("")}`;
  if (reask) {
    // The task that asked asks again of the new state (the contract Game.fromState checks: run
    // again without its answer, it asks the same question).
    state.decision = null;
    state.ids.decision -= 1;
    const top = state.tasks[state.tasks.length - 1];
    if (top) delete top.answer;
  }
  const out = check ? Game.fromState(game.rules.preset, state) : Game.fromTrustedState(game, state);
  if (reask) out.run();
  return out;
}

/**
 * A group's identities in place order when the player knows some lie in a zone: those are dealt
 * first, each to places of its zone drawn by `rng`, then the rest shuffled into the places left.
 * Reads only the places' zones, the group's multiset and what the player knows.
 */
function dealtKnown(game: Game, g: UnknownGroup, rng: RngState): string[] {
  const out: (string | undefined)[] = g.objects.map(() => undefined);
  const left = [...g.cards];
  for (const { zone, card, count } of g.known) {
    const free: number[] = [];
    g.objects.forEach((id, i) => {
      const obj = game.state.objects[id]!;
      if (out[i] === undefined && obj.underOf === null && obj.zone === zone) free.push(i);
    });
    for (const i of shuffled(rng, free).slice(0, count)) {
      out[i] = card;
      left.splice(left.indexOf(card), 1);
    }
  }
  const rest = shuffled(rng, left);
  let k = 0;
  return out.map((c) => c ?? rest[k++]!);
}
