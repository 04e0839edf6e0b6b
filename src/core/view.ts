/**
 * What one player may see (DESIGN: each player's view hides what that player may not see):
 * no opponent's hand, no deck order, no face-down card's identity, in the zones, the pending
 * decision and the log alike. Every client and agent is given this, never the state.
 */
import type { Game } from "./game.js";
import type { Json, JsonObject } from "./json.js";
import { seenIn } from "./objects.js";
import type { Decision, GameObject, LogEntry, PlayerId } from "./types.js";

export interface VisibleCard {
  id: string;
  card: string;
  name: string;
  tapped: boolean;
  faceDown: boolean;
  counters: Record<string, number>;
  under: (VisibleCard | HiddenCard)[];
  vars: JsonObject;
}

export interface HiddenCard {
  hidden: true;
  tapped?: boolean;
}

export interface ZoneView {
  kind: string;
  owner: PlayerId | null;
  count: number;
  cards: (VisibleCard | HiddenCard)[];
}

export interface PlayerView {
  viewer: PlayerId;
  preset: string;
  turn: { id: number; player: PlayerId; extra: boolean };
  path: string[];
  attack: number | null;
  players: { id: PlayerId; name: string; vars: JsonObject }[];
  zones: Record<string, ZoneView>;
  /** The pending decision: with its options if it is the viewer's, else only who decides what. */
  decision: Decision | { player: PlayerId; kind: string; prompt: string } | null;
  result: { winner: PlayerId | null; reason: string } | null;
  /** This turn's events as the viewer may see them. */
  log: JsonObject[];
}

function canSee(game: Game, obj: GameObject, viewer: PlayerId): boolean {
  // A card the viewer looks at while deciding (searching their deck).
  const d = game.state.decision;
  if (d?.reveals && d.player === viewer && d.reveals.includes(obj.id)) return true;
  if (obj.underOf !== null) {
    const top = game.state.objects[obj.underOf]!;
    if (!canSee(game, top, viewer)) return false;
  }
  const seen = seenIn(game, game.state.zones[obj.zone]!, obj.faceDown, obj.owner);
  return seen === "all" || seen.includes(viewer);
}

function cardView(game: Game, obj: GameObject, viewer: PlayerId): VisibleCard | HiddenCard {
  if (!canSee(game, obj, viewer)) {
    const zone = game.state.zones[obj.zone]!;
    return zone.visibility === "public" ? { hidden: true, tapped: obj.tapped } : { hidden: true };
  }
  return {
    id: obj.id,
    card: obj.card,
    name: game.rules.card(obj.card).name,
    tapped: obj.tapped,
    faceDown: obj.faceDown,
    counters: { ...obj.counters },
    under: obj.under.map((u) => cardView(game, game.state.objects[u]!, viewer)),
    vars: structuredClone(obj.vars),
  };
}

const IDENTITY_FIELDS = ["obj", "inc", "card", "name"] as const;

/** An event as `viewer` may see it: identity fields are dropped when the card was hidden from them. */
export function redactEntry(entry: LogEntry, viewer: PlayerId): JsonObject {
  const copy = structuredClone(entry) as unknown as Record<string, Json>;
  const hidden = entry.seenBy !== undefined && !entry.seenBy.includes(viewer);
  if (hidden) {
    for (const f of IDENTITY_FIELDS) delete copy[f];
    // What caused a hidden event can itself be a hidden card (an ability from a hand).
    delete copy.cause;
    if (copy.data && typeof copy.data === "object" && !Array.isArray(copy.data)) {
      const data = copy.data as JsonObject;
      delete data.fromInc;
      // A private decision's answer (a card chosen from a hidden zone).
      delete data.choice;
      delete data.label;
      // Reasons and prompts name the card ("X: its condition no longer holds").
      delete data.reason;
      delete data.prompt;
    }
  }
  delete copy.seenBy;
  return copy;
}

export function viewFor(game: Game, viewer: PlayerId): PlayerView {
  const s = game.state;
  if (!s.players[viewer]) throw new RangeError(`no player ${viewer}`);
  const zones: Record<string, ZoneView> = {};
  for (const z of Object.values(s.zones))
    zones[z.id] = {
      kind: z.kind,
      owner: z.owner,
      count: z.cards.length,
      cards: z.cards.map((id) => cardView(game, s.objects[id]!, viewer)),
    };
  const d = s.decision;
  const turnId = s.clock.turn.id;
  const log: JsonObject[] = [];
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]!;
    if (e.turn !== turnId) break;
    log.push(redactEntry(e, viewer));
  }
  log.reverse();
  return {
    viewer,
    preset: s.preset,
    turn: { id: turnId, player: s.clock.turn.player, extra: s.clock.turn.extra },
    path: [...s.clock.path],
    attack: s.clock.attack,
    players: s.players.map((p) => ({ id: p.id, name: p.name, vars: structuredClone(p.vars) })),
    zones,
    decision: d
      ? d.player === viewer
        ? structuredClone(d)
        : { player: d.player, kind: d.kind, prompt: d.publicPrompt ?? d.prompt }
      : null,
    result: s.result ? { winner: s.result.winner, reason: s.result.reason } : null,
    log,
  };
}
