/**
 * What one player may see (DESIGN: each player's view hides what that player may not see, and
 * nothing in it depends on a hidden card). A view is built from what the rules show this player,
 * never by deleting secrets from the referee's state:
 * - cards by their handles (`GameObject.handle`), never the referee's ids; a handle is shown only
 *   to players who can follow the card, and is renewed whenever someone starts to;
 * - a card's identity only where the player sees it;
 * - log entries only if the player is told the event happened at all, with no engine counters
 *   (sequence numbers, incarnations, limit keys) that would count hidden events;
 * - another player's decision as who decides what, never its options or its answer.
 * Every value is a fresh copy: nothing in a view can change the game. Non-interference is proved
 * by property (tests/properties/noninterference.test.ts).
 *
 * A spectator (`viewer` null: `publicView`) is told only what every player is told: a card seen by
 * all, an event announced to all, a handle everyone follows, any decision as who decides what.
 */

import type { DecisionView, HiddenCard, PlayerView, VisibleCard, ZoneView } from "./contract/data.js";
import type { Game } from "./contract/game.js";
import type { Json, JsonObject } from "./json.js";
import type { Decision, GameObject, LogEntry, PlayerId } from "./types.js";
import { seenIn, trackersOf } from "./visibility.js";

export type { DecisionView, HiddenCard, PlayerView, VisibleCard, ZoneView } from "./contract/data.js";

/** Data fields that are engine bookkeeping: counters of events, incarnations and asks, limit cell keys. */
const BOOKKEEPING = new Set(["fromInc", "key", "pending", "decision"]);

/** A player, or null: a spectator, who sees only what every player sees. */
export type Viewer = PlayerId | null;

/** Is `p` among `who`? A spectator is when every player is. */
function among(game: Game, who: readonly PlayerId[] | "all", p: Viewer): boolean {
  if (who === "all") return true;
  return p === null ? game.state.players.every((pl) => who.includes(pl.id)) : who.includes(p);
}

/** Is `p` in a log entry's list (absent: everyone)? */
function includes(game: Game, list: PlayerId[] | undefined, p: Viewer): boolean {
  return list === undefined || among(game, list, p);
}

function trackers(game: Game, obj: GameObject): PlayerId[] | "all" {
  if (obj.underOf !== null) {
    const top = game.state.objects[obj.underOf]!;
    return trackers(game, top);
  }
  return trackersOf(game, game.state.zones[obj.zone]!, obj.owner);
}

function tracks(game: Game, obj: GameObject, viewer: Viewer): boolean {
  return among(game, trackers(game, obj), viewer);
}

/** May `viewer` see this card's identity now? The one rule views, and tools that must agree with them (determinization), use. */
export function canSee(game: Game, obj: GameObject, viewer: Viewer): boolean {
  // A card the viewer looks at while deciding (searching their deck).
  const d = game.state.decision;
  if (
    viewer !== null &&
    d?.reveals &&
    (d.player === viewer || d.for === viewer) &&
    d.reveals.includes(obj.id)
  )
    return true;
  // A card shown to everyone while its user decides (its cost, DM 601.1).
  if (d?.shows?.includes(obj.id)) return true;
  if (obj.underOf !== null) {
    const top = game.state.objects[obj.underOf]!;
    if (!canSee(game, top, viewer)) return false;
  }
  return among(game, seenIn(game, game.state.zones[obj.zone]!, obj.faceDown, obj.owner), viewer);
}

/** How `viewer` names a card now: its handle if they can follow it, its place if they only look at it. */
export function refFor(game: Game, obj: GameObject, viewer: Viewer): string | null {
  if (obj.handle && tracks(game, obj, viewer)) return obj.handle;
  if (canSee(game, obj, viewer) && obj.underOf === null)
    return `${obj.zone}#${game.state.zones[obj.zone]!.cards.indexOf(obj.id) + 1}`;
  return null;
}

/**
 * `refFor` of a card the viewer sees (`canSee` holds), lying at `index` of its zone's cards when
 * it isn't under another: the same string without asking again whether they see it or looking
 * for its place.
 */
export function refForSeen(game: Game, obj: GameObject, viewer: Viewer, index: number): string | null {
  if (obj.handle && tracks(game, obj, viewer)) return obj.handle;
  return obj.underOf === null ? `${obj.zone}#${index + 1}` : null;
}

/**
 * A referee's object id met in data, as `viewer` may know it: the handle, if they can follow the
 * card now and it has had that handle since `since` (so an old event can't link to a later
 * handle); else null.
 */
function mapRef(game: Game, id: string, viewer: Viewer, since: number): string | null {
  const o = game.state.objects[id];
  if (!o) return null;
  return o.handle && o.handleSince <= since && tracks(game, o, viewer) ? o.handle : null;
}

/** A copy of plain data with every referee's object id replaced as `mapRef` says. */
function mapRefs(game: Game, value: Json, viewer: Viewer, since: number): Json {
  if (typeof value === "string")
    return game.state.objects[value] ? mapRef(game, value, viewer, since) : value;
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => mapRefs(game, v, viewer, since));
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = mapRefs(game, v, viewer, since);
  return out;
}

function cardView(game: Game, obj: GameObject, viewer: Viewer): VisibleCard | HiddenCard {
  if (!canSee(game, obj, viewer)) {
    const zone = game.state.zones[obj.zone]!;
    if (zone.visibility !== "public") return { hidden: true };
    const ref = refFor(game, obj, viewer);
    return ref ? { hidden: true, id: ref, tapped: obj.tapped } : { hidden: true, tapped: obj.tapped };
  }
  const now = game.state.ids.event;
  return {
    id: refFor(game, obj, viewer) ?? "",
    card: obj.card,
    name: game.rules.card(obj.card).name,
    tapped: obj.tapped,
    faceDown: obj.faceDown,
    counters: { ...obj.counters },
    under: obj.under.map((u) => cardView(game, game.state.objects[u]!, viewer)),
    vars: mapRefs(game, obj.vars, viewer, now) as JsonObject,
  };
}

/**
 * An event as `viewer` may see it, or null when they are not told it happened. Identity (card,
 * name, data) only if they saw the card; its handle only if they could follow it; the cause's
 * card only if they saw it; never the engine's counters.
 */
export function redactEntry(game: Game, entry: LogEntry, viewer: Viewer): JsonObject | null {
  if (!includes(game, entry.audience, viewer)) return null;
  const sees = includes(game, entry.seenBy, viewer);
  const out: JsonObject = {
    type: entry.type,
    turn: entry.turn,
    active: entry.active,
    node: entry.node,
    attack: entry.attack,
  };
  if (entry.player !== undefined) out.player = entry.player;
  if (entry.obj !== undefined) {
    if (entry.h !== undefined && includes(game, entry.trackedBy, viewer)) out.obj = entry.h;
    else if (entry.hWas !== undefined && entry.trackedWas && among(game, entry.trackedWas, viewer))
      out.obj = entry.hWas;
    if (sees) {
      if (entry.card !== undefined) out.card = entry.card;
      if (entry.name !== undefined) out.name = entry.name;
    }
  }
  if (entry.from !== undefined) out.from = entry.from;
  if (entry.to !== undefined) out.to = entry.to;
  // A card came into this viewer's view: they follow it now and did not before.
  if (
    entry.shown &&
    includes(game, entry.trackedBy, viewer) &&
    !(entry.trackedWas && among(game, entry.trackedWas, viewer))
  )
    out.shown = true;
  if (entry.cause) {
    const c = entry.cause;
    const cause: JsonObject = { kind: c.kind };
    if (c.player !== undefined) cause.player = c.player;
    if (c.keyword !== undefined) cause.keyword = c.keyword;
    if (c.rule !== undefined) cause.rule = c.rule;
    if (includes(game, entry.causeSeenBy, viewer)) {
      if (c.obj !== undefined) {
        const ref = mapRef(game, c.obj, viewer, entry.seq);
        if (ref) cause.obj = ref;
      }
      if (c.card !== undefined) cause.card = c.card;
      if (c.name !== undefined) cause.name = c.name;
      if (c.ability !== undefined) cause.ability = c.ability;
    }
    out.cause = cause;
  }
  if (entry.data) {
    const data: JsonObject = {};
    for (const [k, v] of Object.entries(entry.data)) {
      if (BOOKKEEPING.has(k)) continue;
      if (!sees && !entry.public?.includes(k)) continue;
      data[k] = mapRefs(game, v, viewer, entry.seq);
    }
    out.data = data;
  }
  return out;
}

function decisionView(game: Game, d: Decision, viewer: Viewer): PlayerView["decision"] {
  if (d.player !== viewer) {
    // A private question's own prompt may depend on what only its player sees (what a search found);
    // the player it is made for sees it as their controller does (CR 722.3).
    const prompt =
      d.for === viewer
        ? d.prompt
        : (d.publicPrompt ?? (d.private ? `${game.playerName(d.player)} decides` : d.prompt));
    return { player: d.player, kind: d.kind, prompt, ...(d.for !== undefined ? { for: d.for } : {}) };
  }
  const view: DecisionView = {
    id: d.id,
    player: d.player,
    ...(d.for !== undefined ? { for: d.for } : {}),
    kind: d.kind,
    prompt: d.prompt,
    options: d.options.map((o) => ({
      id: o.id,
      label: o.label,
      ...(o.private ? { private: true } : {}),
      ...(o.pass ? { pass: true } : {}),
    })),
  };
  if (d.reveals) view.reveals = d.reveals.map((id) => refFor(game, game.state.objects[id]!, viewer) ?? "");
  return view;
}

export function viewFor(game: Game, viewer: PlayerId): PlayerView {
  const s = game.state;
  if (!Number.isInteger(viewer) || !s.players[viewer]) throw new RangeError(`no player ${viewer}`);
  return viewOf(game, viewer) as PlayerView;
}

/** A spectator's view: what every player sees, and no more (`viewer` is null). */
export function publicView(game: Game): PublicView {
  return viewOf(game, null) as PublicView;
}

/** What a spectator is given: a player's view of what all the players see. */
export type PublicView = Omit<PlayerView, "viewer"> & { viewer: null };

function viewOf(game: Game, viewer: Viewer): PlayerView | PublicView {
  const s = game.state;
  const zones: Record<string, ZoneView> = {};
  for (const z of Object.values(s.zones))
    zones[z.id] = {
      kind: z.kind,
      owner: z.owner,
      count: z.cards.length,
      cards: z.cards.map((id) => cardView(game, s.objects[id]!, viewer)),
    };
  const turnId = s.clock.turn.id;
  const log: JsonObject[] = [];
  let i = s.log.length - 1;
  while (i >= 0 && s.log[i]!.turn === turnId) i--;
  for (i++; i < s.log.length; i++) {
    const e = redactEntry(game, s.log[i]!, viewer);
    if (e) log.push(e);
  }
  const now = s.ids.event;
  return {
    viewer,
    preset: s.preset,
    turn: {
      id: turnId,
      player: s.clock.turn.player,
      extra: s.clock.turn.extra,
      ...(s.clock.turn.controlledBy !== undefined ? { controlledBy: s.clock.turn.controlledBy } : {}),
    },
    path: [...s.clock.path],
    attack: s.clock.attack,
    players: s.players.map((p) => ({
      id: p.id,
      name: p.name,
      vars: mapRefs(game, p.vars, viewer, now) as JsonObject,
    })),
    zones,
    decision: s.decision ? decisionView(game, s.decision, viewer) : null,
    result: s.result ? { winner: s.result.winner, reason: s.result.reason } : null,
    log,
  };
}
