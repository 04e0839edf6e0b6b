/**
 * Two games a player can't tell apart (DESIGN: nothing a player is given depends on a card hidden
 * from them): game B is game A with the identities of two cards hidden from player P exchanged —
 * a Set card and a card in its owner's deck, a card in an opponent's hand and one in their deck.
 * The referee's ids travel with the identities (ids are numbered in deck-list order, so in a
 * real game an id goes with its card), renamed everywhere the state names them, the log
 * included; so does the incarnation of a card still where the setup put it (numbered in
 * deck-list order too); each place keeps what the player sees of it (handle, face, taps,
 * counters) and the incarnation it got when a card was put there.
 *
 * Which cards may be exchanged is the rules' business, read from cards alone so that B is a
 * state the game reaches: two cards in hidden zones of one owner that the same draws fill (a hand
 * and its deck, or one zone); or two cards of the same types (`CardDef.types`) whose places may
 * hold either (a Set Trap and a Trap in the deck; a face-down Fusion Monster in the Extra Deck
 * and another). A card the player knows (core/knowledge.ts) or that engine work in progress names
 * (core/in-progress.ts) is never exchanged, and what the player knows lies in a hand or a deck
 * still does in B. B is a game P can't tell from A, not one every player could: the identities
 * other players were shown in the log are left as they were in A.
 */
import { couldLieAt } from "../agents/determinize.js";
import type { Game } from "../core/game.js";
import { objectsInProgress } from "../core/in-progress.js";
import { knowledgeOf } from "../core/knowledge.js";
import { nextInt, type RngState } from "../core/rng.js";
import type { GameObject, GameState, PlayerId } from "../core/types.js";
import { canSee, refFor } from "../core/view.js";

export interface HiddenPair {
  /** Game B (validated as a saved state). */
  game: Game;
  /** The two places exchanged, as "zone#position (card)" in A. */
  swapped: [string, string];
  /** Whether one of them is a card the player follows (a Set card, a face-down shield, an Extra Deck card). */
  followed: boolean;
}

interface Candidate {
  obj: GameObject;
  /** A place the player can't follow cards in (a hand, a deck): any of the owner's such cards could be here. */
  blind: boolean;
  types: string;
}

/** Exact strings equal to `a` or `b` (values and keys) exchanged, everywhere in plain data. */
function exchanged<T>(value: T, a: string, b: string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return v === a ? b : v === b ? a : v;
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map(walk);
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k === a ? b : k === b ? a : k] = walk(x);
    return out;
  };
  return walk(value) as T;
}

/**
 * The incarnation each object was made with, for those the log saw move (a move's `fromInc`, the
 * first time); an object absent here never moved: its incarnation is the one it was made with.
 */
function madeWith(state: GameState): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of state.log) {
    const from = e.data?.fromInc;
    if (e.obj !== undefined && e.to !== undefined && typeof from === "number" && !out.has(e.obj))
      out.set(e.obj, from);
  }
  return out;
}

/**
 * The incarnations a real game would give B (ids already exchanged): a place whose card never
 * moved holds its new card's incarnation from the setup. Old incarnation → new, for every
 * reference (`{ obj, inc }`, a log entry, a limit's counter cell) to follow.
 */
function setupIncarnations(a: GameState, x: GameObject, y: GameObject): Map<number, number> {
  const was = new Map<number, number>();
  if (a.logging === "none") return was;
  const made = madeWith(a);
  // x's place now holds y's card and id, y's place x's.
  for (const [place, card] of [
    [x, y],
    [y, x],
  ] as const) {
    if (made.has(place.id)) continue;
    const setup = made.get(card.id) ?? card.inc;
    if (setup !== place.inc) was.set(place.inc, setup);
  }
  return was;
}

/** B's incarnations renamed by `was`: the objects `ids`, references to them, limits' cells. */
function withIncarnations(b: GameState, was: Map<number, number>, ids: Set<string>): GameState {
  if (was.size === 0) return b;
  const walk = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map(walk);
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const parts = k.split(":");
      const key =
        parts[0] === "L" && parts[1] === "inc" && was.has(Number(parts[2]))
          ? [...parts.slice(0, 2), String(was.get(Number(parts[2]))), ...parts.slice(3)].join(":")
          : k;
      out[key] = walk(x);
    }
    const ref = v as { obj?: unknown; id?: unknown; inc?: unknown; lineage?: unknown };
    const named = typeof ref.obj === "string" ? ref.obj : typeof ref.id === "string" ? ref.id : undefined;
    if (named !== undefined && ids.has(named) && typeof ref.inc === "number" && was.has(ref.inc)) {
      out.inc = was.get(ref.inc);
      if (ref.lineage === ref.inc) out.lineage = out.inc;
    }
    return out;
  };
  return walk(b) as GameState;
}

/** Does every card the player knows lies in a blind zone still lie there after the exchange? */
function keepsKnown(state: GameState, known: Map<string, Map<string, number>>): boolean {
  for (const [zone, counts] of known)
    for (const [card, n] of counts) {
      const here = state.zones[zone]!.cards.filter((id) => state.objects[id]!.card === card).length;
      if (here < n) return false;
    }
  return true;
}

/**
 * B for `game` and player `p`, or null when no two hidden cards of different identity may be
 * exchanged. Prefers (one time in two) a pair with a card the player follows.
 */
export function hiddenPair(game: Game, p: PlayerId, rng: RngState): HiddenPair | null {
  const state = game.state;
  const knowledge = knowledgeOf(game, p);
  const busy = objectsInProgress(state);
  const drawFrom = game.deckZoneKind;
  const drawTo = game.rules.preset.drawTo ?? "hand";
  const candidates: Candidate[] = [];
  for (const obj of Object.values(state.objects)) {
    if (canSee(game, obj, p) || busy.has(obj.id)) continue;
    if (obj.handle !== "" && knowledge.objects.has(obj.handle)) continue;
    const zone = state.zones[obj.zone]!;
    const blind = refFor(game, obj, p) === null && obj.underOf === null && zone.visibility !== "public";
    candidates.push({ obj, blind, types: [...game.rules.card(obj.card).types].sort().join() });
  }
  const kindOf = (o: GameObject) => {
    const k = state.zones[o.zone]!.kind;
    return k === drawTo ? drawFrom : k;
  };
  const pairs: [Candidate, Candidate][] = [];
  for (const [i, x] of candidates.entries())
    for (const y of candidates.slice(i + 1)) {
      if (x.obj.owner !== y.obj.owner || x.obj.card === y.obj.card) continue;
      if (x.obj.underOf !== null || y.obj.underOf !== null) continue;
      const sameDraws = x.blind && y.blind && kindOf(x.obj) === kindOf(y.obj);
      // A card the player follows: another of the same types could be there (Set from the hand).
      const sameTypes = x.types === y.types && (x.blind || y.blind || kindOf(x.obj) === kindOf(y.obj));
      const sameFace = x.obj.faceDown === y.obj.faceDown || x.blind || y.blind;
      // Or each could lie at the other's place by the preset's declarations (a face-down shield
      // and any card of the deck; determinize.ts `couldLieAt`).
      const declared = couldLieAt(game, y.obj.card, x.obj) && couldLieAt(game, x.obj.card, y.obj);
      if (((sameDraws || sameTypes) && sameFace) || declared) pairs.push([x, y]);
    }
  if (pairs.length === 0) return null;
  const followed = pairs.filter(([x, y]) => !x.blind || !y.blind);
  const from = followed.length > 0 && nextInt(rng, 2) === 0 ? followed : pairs;
  // Draw pairs until one keeps what the player knows of hands and decks.
  for (let tries = 0; tries < 20; tries++) {
    const [x, y] = from[nextInt(rng, from.length)]!;
    const placeOf = (o: GameObject) => `${o.zone}#${state.zones[o.zone]!.cards.indexOf(o.id)} (${o.card})`;
    const copy = structuredClone(state);
    // The identities change places; then the ids are exchanged everywhere, so each id goes with its card.
    copy.objects[x.obj.id]!.card = y.obj.card;
    copy.objects[y.obj.id]!.card = x.obj.card;
    if (!keepsKnown(copy, knowledge.zones)) continue;
    const b = withIncarnations(
      exchanged(copy, x.obj.id, y.obj.id),
      setupIncarnations(state, x.obj, y.obj),
      new Set([x.obj.id, y.obj.id]),
    );
    // Objects are listed in the order they were made, by id (as in A), not by place.
    const objects: GameState["objects"] = {};
    for (const id of Object.keys(state.objects)) objects[id] = b.objects[id]!;
    b.objects = objects;
    // Another player's question may name the exchanged cards (their hand's options): asked again.
    const reask = state.decision !== null && state.decision.player !== p;
    if (reask) {
      b.decision = null;
      b.ids.decision -= 1;
      const top = b.tasks[b.tasks.length - 1];
      if (top) delete top.answer;
    }
    const GameClass = game.constructor as typeof Game;
    const other = GameClass.fromState(game.rules.preset, b);
    if (reask) {
      other.run();
      // A question asked only when some card is held tells P which: then B is not a game P can't tell from A.
      if (JSON.stringify(other.viewFor(p)) !== JSON.stringify(game.viewFor(p))) continue;
    }
    return { game: other, swapped: [placeOf(x.obj), placeOf(y.obj)], followed: !x.blind || !y.blind };
  }
  return null;
}
