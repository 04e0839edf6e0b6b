/**
 * A stable encoding of the options of a decision, for agents and learning. Option ids
 * name cards by handles (`attack:k4fq9a2c:kx7p2m3d`), which differ from game to game; here each
 * option becomes `{ kind, refs, args }`:
 * - `kind`: the option's verb, the id's first part (`attack`, `cast`, `pass`); when the id begins
 *   with a card (`kq2…` "choose this card", `kq2…:toMana` "resolve this trigger first") or a blind
 *   pick (`hand@1#?`, "a card from that hand, unseen": args `unseen`, `@opponent`, `hand`) or a
 *   card the decider can no longer place (a trigger's source shuffled into a deck: arg `gone`),
 *   the decision's kind (`choose`, `orderTriggers`);
 * - `refs`: the cards the id names, in order, by where the deciding player sees them — seat
 *   relative to them, zone kind, position in the zone (bottom first, as the view lists it) and,
 *   for a card under another, its position there;
 * - `args`: every other part of the id: a player as their seat relative to the decider (`@self`,
 *   `@opponent`), an amount given to a card as `=n` (the card joins `refs`: `assign:k1=2,P2=1` is
 *   refs [k1's place], args [`=2`, `@opponent=1`]), anything else as written (`X=3`, an ability id).
 * So two games that reach the same visible situation by different seeds encode the same.
 *
 * Everything here is computed from the player's view (`viewFor`) alone, never from the referee's
 * state: an encoding can't depend on a card hidden from its player, because the view doesn't
 * (DESIGN, non-interference; proved again for encodings in tests/agents/encoding.test.ts).
 */

import { IllegalActionError } from "../core/errors.js";
import type { Game } from "../core/game.js";
import { isHandle } from "../core/rng.js";
import type { PlayerId } from "../core/types.js";
import type { ObservedView } from "./observed.js";

/**
 * A seat relative to the viewer: "self"; "opponent" in a two-player game; in a game of more
 * players, the number of seats after the viewer in turn order (1, 2, …); "shared" for a zone
 * nobody owns (a stack, a chain).
 */
export type Seat = "self" | "opponent" | "shared" | number;

/** A card as the deciding player can name it: by its place, never by an id. */
export interface CardRef {
  owner: Seat;
  /** The zone's kind (`hand`, `battle`, `deck`). */
  zone: string;
  /** Position in the zone, from 0 at the bottom (the view's order: a deck's top is its last card). */
  index: number;
  /** For a card under the card at `index` (evolution source, material): its position there. */
  under?: number;
}

export interface EncodedAction {
  kind: string;
  refs: CardRef[];
  args: string[];
  /**
   * Only when two options of one decision would encode the same (none of the built-in presets
   * does, tests/agents/encoding.test.ts): 1 for the second such option in the decision's order,
   * 2 for the third … The order is the view's, so this too depends only on what the player sees.
   */
  n?: number;
}

/** An option of the viewer's pending decision with its encoding. */
export interface EncodedOption {
  id: string;
  label: string;
  encoding: EncodedAction;
}

/** The seat of `owner` as `viewer` names it. */
export function seatOf(owner: PlayerId | null, viewer: PlayerId, players: number): Seat {
  if (owner === null) return "shared";
  const offset = (owner - viewer + players) % players;
  if (offset === 0) return "self";
  return players === 2 ? "opponent" : offset;
}

/**
 * Every card id the view gives (handles, places like `deck@0#7`) → where the viewer sees that
 * card; only ids in `wanted` when it is given (the parts of the options, `partsOf`).
 */
function placesIn(view: ObservedView, wanted: Set<string> | null): Map<string, CardRef> {
  const out = new Map<string, CardRef>();
  const n = view.players.length;
  for (const id in view.zones) {
    const zone = view.zones[id]!;
    const cards = zone.cards;
    const owner = seatOf(zone.owner, view.viewer, n);
    for (let index = 0; index < cards.length; index++) {
      const c = cards[index]!;
      if (c.hidden === true) {
        if (c.id && (!wanted || wanted.has(c.id))) out.set(c.id, { owner, zone: zone.kind, index });
        continue;
      }
      if (c.id && (!wanted || wanted.has(c.id))) out.set(c.id, { owner, zone: zone.kind, index });
      const under = c.under;
      if (under)
        for (let k = 0; k < under.length; k++) {
          const u = under[k]!;
          if (u.id && (!wanted || wanted.has(u.id)))
            out.set(u.id, {
              owner,
              zone: zone.kind,
              index,
              under: k,
            });
        }
    }
  }
  return out;
}

/** The characters that split an option id into the parts the encoding looks cards up by. */
const SPLIT = /[:+,=/]/;

/** Zone kinds with a character of SPLIT, asked once each (a game has a handful of kinds). */
const kindSplits = new Map<string, boolean>();
function splits(kind: string): boolean {
  let v = kindSplits.get(kind);
  if (v === undefined) {
    v = SPLIT.test(kind);
    if (kindSplits.size < 1024) kindSplits.set(kind, v);
  }
  return v;
}

/**
 * Every string the encoding may look a card up by in these option ids: the pieces between the
 * characters that split ids (`:`, `+`, `,`, `=`, `/`). A card's id has none of them — a handle
 * never, a place (`<zone id>#<n>`) unless its zone kind does, and then this is null: every card
 * is wanted — so a lookup that can find a card looks up one of these pieces.
 */
function partsOf(view: ObservedView, ids: readonly string[]): Set<string> | null {
  for (const id in view.zones) if (splits(view.zones[id]!.kind)) return null;
  const out = new Set<string>();
  for (const id of ids) for (const piece of id.split(SPLIT)) out.add(piece);
  return out;
}

/**
 * A card named by a part of an option id: a handle or place the view gives, or a card under one
 * (`<ref>/<k>`, Game.ref's form for an under-card nobody follows by handle).
 */
function refOf(part: string, places: Map<string, CardRef>): CardRef | undefined {
  const direct = places.get(part);
  if (direct) return direct;
  const slash = part.lastIndexOf("/");
  if (slash < 0) return undefined;
  const top = places.get(part.slice(0, slash));
  const k = Number(part.slice(slash + 1));
  if (!top || top.under !== undefined || !Number.isInteger(k) || k < 1) return undefined;
  return { ...top, under: k - 1 };
}

/** The players' names as the viewer names their seats (`@self`, `@opponent`, `@2`). */
function seatsByName(view: ObservedView): Map<string, string> {
  const n = view.players.length;
  return new Map(view.players.map((p) => [p.name, `@${seatOf(p.id, view.viewer, n)}`]));
}

/**
 * `<zone id>#?`, "a card from that zone, unseen" (a blind pick among cards the chooser can't
 * see): the words `unseen`, the zone owner's seat and the zone's kind; undefined for anything else.
 */
function unseenPick(part: string, view: ObservedView): string[] | undefined {
  if (!part.endsWith("#?")) return undefined;
  const zone = Object.hasOwn(view.zones, part.slice(0, -2)) ? view.zones[part.slice(0, -2)] : undefined;
  if (!zone) return undefined;
  return ["unseen", `@${seatOf(zone.owner, view.viewer, view.players.length)}`, zone.kind];
}

/**
 * One part of an id after the first: a card (→ refs), cards joined by `+` (a menace block),
 * `<card or player>=<amount>` lists joined by `,` (a damage assignment), a player's name (→ their
 * seat), or a word as written (`fromMana`, `X=3`, an ability id).
 */
function encodePart(
  part: string,
  view: ObservedView,
  places: Map<string, CardRef>,
  seats: Map<string, string>,
  refs: CardRef[],
  args: string[],
): void {
  const ref = refOf(part, places);
  if (ref) return void refs.push(ref);
  const unseen = unseenPick(part, view);
  if (unseen) return void args.push(...unseen);
  const seat = seats.get(part);
  if (seat) return void args.push(seat);
  const joined = part.split("+");
  if (joined.length > 1 && joined.every((p) => refOf(p, places))) {
    for (const p of joined) refs.push(refOf(p, places)!);
    return;
  }
  const pairs = part.split(",").map((p) => {
    const eq = p.lastIndexOf("=");
    return eq < 0 ? null : ([p.slice(0, eq), p.slice(eq + 1)] as const);
  });
  if (pairs.every((x) => x && (refOf(x[0], places) || seats.has(x[0])))) {
    for (const [who, amount] of pairs as (readonly [string, string])[]) {
      const r = refOf(who, places);
      if (r) {
        refs.push(r);
        args.push(`=${amount}`);
      } else args.push(`${seats.get(who)}=${amount}`);
    }
    return;
  }
  args.push(isHandle(part) ? GONE : part);
}

/**
 * A card the decider knew by its handle but can't place now (a trigger's source shuffled into
 * its deck): named by the word `gone`, never by the handle, which differs from game to game.
 */
const GONE = "gone";

/** One option id as its decider sees it. `places` and `seats` from the decider's view. */
function encodeId(
  id: string,
  view: ObservedView,
  places: Map<string, CardRef>,
  seats: Map<string, string>,
): EncodedAction {
  const parts = id.split(":");
  const refs: CardRef[] = [];
  const args: string[] = [];
  let kind: string | undefined;
  for (const [i, part] of parts.entries()) {
    if (i === 0) {
      const ref = refOf(part, places);
      const unseen = ref ? undefined : unseenPick(part, view);
      if (ref) refs.push(ref);
      else if (unseen) args.push(...unseen);
      else if (isHandle(part)) args.push(GONE);
      else kind = part;
    } else encodePart(part, view, places, seats, refs, args);
  }
  return { kind: kind ?? view.decision!.kind, refs, args };
}

/** A canonical string of an encoding: equal strings, equal encodings. */
export function encodingKey(e: EncodedAction): string {
  const refs = e.refs.map(
    (r) => `${r.owner}.${r.zone}.${r.index}${r.under === undefined ? "" : `/${r.under}`}`,
  );
  return `${e.kind}|${refs.join(",")}|${e.args.join(":")}${e.n ? `|#${e.n}` : ""}`;
}

/**
 * The encodings of the options of the viewer's pending decision, in the decision's order; [] when
 * the viewer has no decision pending. Options that would encode the same get `n` (see EncodedAction).
 */
export function encodeView(view: ObservedView): EncodedOption[] {
  return encodeKeyed(view).map(([, o]) => o);
}

/** `encodeView`'s options, each with its `encodingKey`. */
function encodeKeyed(view: ObservedView): (readonly [string, EncodedOption])[] {
  const d = view.decision;
  if (!d?.options) return [];
  const places = placesIn(
    view,
    partsOf(
      view,
      d.options.map((o) => o.id),
    ),
  );
  const seats = seatsByName(view);
  const seen = new Map<string, number>();
  return d.options.map((o) => {
    const encoding = encodeId(o.id, view, places, seats);
    const key = encodingKey(encoding);
    const dup = seen.get(key) ?? 0;
    seen.set(key, dup + 1);
    if (dup === 0) return [key, { id: o.id, label: o.label, encoding }] as const;
    encoding.n = dup;
    return [encodingKey(encoding), { id: o.id, label: o.label, encoding }] as const;
  });
}

/** The encoded options `player` may choose now ([] if the pending decision is not theirs). */
export function encodeOptions(game: Game, player: PlayerId): EncodedOption[] {
  return encodeView(game.viewFor(player));
}

/**
 * The option id an encoding stands for in `player`'s pending decision. Refused with the options
 * there are when no option of the decision encodes so.
 */
export function decodeAction(game: Game, player: PlayerId, encoding: EncodedAction): string {
  return decodeIn(encodeOptions(game, player), encoding, game, player);
}

/** `decodeAction` over options already encoded (no second view). */
export function decodeIn(
  options: readonly EncodedOption[],
  encoding: EncodedAction,
  game?: Game,
  player?: PlayerId,
): string {
  const key = encodingKey(encoding);
  const hit = options.find((o) => encodingKey(o.encoding) === key);
  if (hit) return hit.id;
  const who = game && player !== undefined ? `${game.playerName(player)}'s` : "the";
  throw new IllegalActionError(
    `no option of ${who} pending decision encodes as ${key}; options: ${
      options.length
        ? options.map((o) => encodingKey(o.encoding)).join(", ")
        : "none (no decision of theirs is pending)"
    }`,
  );
}

/**
 * The options of the viewer's pending decision in canonical order: sorted by their encodings
 * (`encodingKey`), so the order depends on what the viewer sees and nothing else — not on handles,
 * nor on the order the rules happened to build the list in. Slot i of an action space is the i-th.
 */
export function canonicalOptions(view: ObservedView): EncodedOption[] {
  const keyed = encodeKeyed(view);
  keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return keyed.map(([, o]) => o);
}
