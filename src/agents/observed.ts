/**
 * The part of a player's view that the default features and the option encoding read, built
 * straight from the game without the rest of the view (card names, counters, card variables, the
 * log): the stdio host builds one per step, so its observations cost what they read.
 *
 * Every field is the view's own (`viewFor`): each card is shown or hidden by the view's rule
 * (`canSee`) and named by the view's rule (`refFor`), so this can reveal nothing the view does
 * not. tests/agents/observed.test.ts checks, over random games of every preset, for every player
 * at every step, that this equals the same fields of `viewFor`, and that features and canonical
 * options computed from either are the same.
 */
import type { Game } from "../core/game.js";
import type { Json } from "../core/json.js";
import type { GameObject, PlayerId } from "../core/types.js";
import { canSee, refFor, refForSeen } from "../core/view.js";

/** A card as features and encodings read it (a `VisibleCard` or `HiddenCard` of the view is one). */
export interface ObservedCard {
  /** Present on a card hidden from the viewer, absent on a card they see. */
  readonly hidden?: true;
  readonly id?: string;
  readonly tapped?: boolean;
  readonly faceDown?: boolean;
  /** Cards under a card the viewer sees. */
  readonly under?: readonly ObservedCard[];
}

export interface ObservedZone {
  readonly kind: string;
  readonly owner: PlayerId | null;
  readonly count: number;
  readonly cards: readonly ObservedCard[];
}

/** The fields of a `PlayerView` that features and encodings read; a `PlayerView` is one. */
export interface ObservedView {
  readonly viewer: PlayerId;
  readonly preset: string;
  readonly turn: { readonly id: number; readonly player: PlayerId; readonly extra: boolean };
  readonly path: readonly string[];
  readonly players: readonly {
    readonly id: PlayerId;
    readonly name: string;
    readonly vars: Readonly<Record<string, Json>>;
  }[];
  readonly zones: Readonly<Record<string, ObservedZone>>;
  /** With `options` only when the decision is the viewer's. */
  readonly decision: {
    readonly player: PlayerId;
    readonly kind: string;
    readonly options?: readonly { readonly id: string; readonly label: string }[];
  } | null;
  readonly result: { readonly winner: PlayerId | null } | null;
}

/** A card whose identity and handle the viewer doesn't get (shared: nothing reads it to change it). */
const UNSEEN: ObservedCard = Object.freeze({ hidden: true });
const NONE_UNDER: readonly ObservedCard[] = Object.freeze([]);

/**
 * The view's `cardView` (core/view.ts), without the fields nobody here reads; `index` is the
 * card's place in its zone (or under its card).
 */
function cardOf(game: Game, obj: GameObject, viewer: PlayerId, index: number): ObservedCard {
  if (!canSee(game, obj, viewer)) {
    if (game.state.zones[obj.zone]!.visibility !== "public") return UNSEEN;
    const ref = refFor(game, obj, viewer);
    return ref ? { hidden: true, id: ref, tapped: obj.tapped } : { hidden: true, tapped: obj.tapped };
  }
  let under = NONE_UNDER;
  if (obj.under.length > 0) {
    const objects = game.state.objects;
    const cards = new Array<ObservedCard>(obj.under.length);
    for (let k = 0; k < cards.length; k++) cards[k] = cardOf(game, objects[obj.under[k]!]!, viewer, k);
    under = cards;
  }
  return {
    id: refForSeen(game, obj, viewer, index) ?? "",
    tapped: obj.tapped,
    faceDown: obj.faceDown,
    under,
  };
}

/** Numbers and true/false of player variables: the only ones features read (the view shows them as they are). */
function plainVars(vars: Readonly<Record<string, Json>>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const k in vars) {
    const v = vars[k];
    if (typeof v === "number" || typeof v === "boolean") out[k] = v;
  }
  return out;
}

/** What `viewer` observes now, as features and encodings read it: the same as those fields of `game.viewFor(viewer)`. */
export function observedView(game: Game, viewer: PlayerId): ObservedView {
  const s = game.state;
  if (!Number.isInteger(viewer) || !s.players[viewer]) throw new RangeError(`no player ${viewer}`);
  const d = s.decision;
  // In a hidden zone nobody sees a card unless the decision reveals or shows it (core/view.ts canSee).
  const looking = d !== null && ((d.reveals?.length ?? 0) > 0 || (d.shows?.length ?? 0) > 0);
  const zones: Record<string, ObservedZone> = {};
  for (const id in s.zones) {
    const z = s.zones[id]!;
    const n = z.cards.length;
    let cards: ObservedCard[];
    if (z.visibility === "hidden" && !looking) cards = new Array<ObservedCard>(n).fill(UNSEEN);
    else {
      cards = new Array<ObservedCard>(n);
      for (let i = 0; i < n; i++) cards[i] = cardOf(game, s.objects[z.cards[i]!]!, viewer, i);
    }
    zones[z.id] = { kind: z.kind, owner: z.owner, count: n, cards };
  }
  return {
    viewer,
    preset: s.preset,
    turn: { id: s.clock.turn.id, player: s.clock.turn.player, extra: s.clock.turn.extra },
    path: s.clock.path.slice(),
    players: s.players.map((p) => ({ id: p.id, name: p.name, vars: plainVars(p.vars) })),
    zones,
    decision:
      d === null
        ? null
        : d.player === viewer
          ? {
              player: d.player,
              kind: d.kind,
              options: d.options.map((o) => ({ id: o.id, label: o.label })),
            }
          : { player: d.player, kind: d.kind },
    result: s.result ? { winner: s.result.winner } : null,
  };
}
