/**
 * What an agent observes: the player's view as plain JSON — OpenSpiel's information
 * state — and a numeric feature vector of a fixed length per preset, for learners. Both come from
 * `viewFor(player)` alone, so neither depends on a card hidden from the player (DESIGN,
 * non-interference; tests/agents/encoding.test.ts checks it for observations too).
 */
import type { Game } from "../core/game.js";
import type { JsonObject } from "../core/json.js";
import { validateOptions } from "../core/options.js";
import type { Preset, TurnNode } from "../core/preset.js";
import type { PlayerId } from "../core/types.js";
import type { PlayerView } from "../core/view.js";
import { type Seat, seatOf } from "./encoding.js";
import type { ObservedView } from "./observed.js";

/** A feature hook: a view to numbers, the same length for every view of one preset and player count. */
export type Features = (view: PlayerView) => number[];

export interface Observation {
  /** The player's view (a fresh copy: plain JSON, safe to keep or send). */
  view: PlayerView;
  features: number[];
}

export interface FeatureOptions {
  /** Players in the games (default 2): zones and variables are per seat. */
  players?: number;
  /** Preset options of the games (the turn tree and starting variables may depend on them). */
  options?: JsonObject;
}

function nodeIds(node: TurnNode, out: string[]): string[] {
  out.push(node.id);
  for (const c of node.children ?? []) nodeIds(c, out);
  return out;
}

function seats(players: number): Seat[] {
  return Array.from({ length: players }, (_, offset) => seatOf(offset, 0, players));
}

/** Names of the default features, in order (for logging and for a model's input layer). */
export function featureNames(preset: Preset, opts: FeatureOptions = {}): string[] {
  return layout(preset, opts).names;
}

interface Layout {
  names: string[];
  players: number;
  zoneKinds: { kind: string; perPlayer: boolean; isPublic: boolean }[];
  vars: string[];
  nodes: Map<string, number>;
}

function layout(preset: Preset, opts: FeatureOptions): Layout {
  const players = opts.players ?? 2;
  const options = validateOptions(preset, opts.options);
  const start = preset.playerVars?.(options) ?? {};
  // Numeric and true/false variables a player starts with; keys added later are not features.
  const vars = Object.keys(start)
    .filter((k) => typeof start[k] === "number" || typeof start[k] === "boolean")
    .sort();
  const nodes = nodeIds(preset.turn(options), []);
  const zoneKinds = preset.zones.map((z) => ({
    kind: z.kind,
    perPlayer: z.perPlayer,
    isPublic: z.visibility === "public",
  }));
  const names: string[] = [];
  for (const z of zoneKinds)
    for (const s of z.perPlayer ? seats(players) : ["shared"]) {
      names.push(`${s}.${z.kind}.count`);
      if (z.isPublic) names.push(`${s}.${z.kind}.tapped`, `${s}.${z.kind}.faceDown`);
    }
  for (const s of seats(players)) for (const v of vars) names.push(`${s}.var.${v}`);
  names.push("turn", "turn.activeSeat", "turn.extra", "decision.mine", "decision.seat", "over", "won");
  for (const n of nodes) names.push(`node.${n}`);
  return { names, players, zoneKinds, vars, nodes: new Map(nodes.map((n, i) => [n, i])) };
}

/**
 * The default features: per zone kind and seat (relative to the viewer), the card count and, in
 * public zones, how many are tapped and face down; each seat's numeric player variables (those the
 * preset starts players with; true = 1); the turn number, the active seat's offset, whether the
 * turn is extra; whether the viewer decides and the decider's seat offset (-1: nobody); game over
 * and won; a one-hot of every turn-tree node on the clock's path. `featureNames` names them.
 */
export function defaultFeatures(preset: Preset, opts: FeatureOptions = {}): Features {
  return observedFeatures(preset, opts);
}

/**
 * `defaultFeatures` of the fields of a view it reads (`ObservedView`: a `PlayerView` is one, so is
 * `observedView`'s, which the stdio host builds without the rest of the view).
 */
export function observedFeatures(
  preset: Preset,
  opts: FeatureOptions = {},
): (view: ObservedView) => number[] {
  const l = layout(preset, opts);
  // Where each zone kind's numbers start in the output, and how many numbers a seat's zone has.
  const zoneAt = new Map<string, { at: number; width: number; perPlayer: boolean }>();
  let at = 0;
  for (const z of l.zoneKinds) {
    const width = z.isPublic ? 3 : 1;
    zoneAt.set(z.kind, { at, width, perPlayer: z.perPlayer });
    at += width * (z.perPlayer ? l.players : 1);
  }
  const varsAt = at;
  const length = l.names.length;
  return (view) => {
    const n = view.players.length;
    if (n !== l.players)
      throw new RangeError(`these features are for ${l.players} players, the view has ${n}`);
    if (view.preset !== preset.id)
      throw new RangeError(`these features are for ${preset.id}, the view is ${view.preset}`);
    const offset = (p: PlayerId) => (p - view.viewer + n) % n;
    const out = new Array<number>(length).fill(0);
    // Zones: the last zone of a kind and seat counts, as a map by kind and seat would keep it.
    for (const id in view.zones) {
      const zone = view.zones[id]!;
      const place = zoneAt.get(zone.kind);
      if (!place || (zone.owner === null) === place.perPlayer) continue;
      const i = place.at + (zone.owner === null ? 0 : offset(zone.owner) * place.width);
      out[i] = zone.count;
      if (place.width === 3) {
        let tapped = 0;
        let faceDown = 0;
        for (const c of zone.cards) {
          if (c.tapped === true) tapped++;
          if ("hidden" in c || c.faceDown) faceDown++;
        }
        out[i + 1] = tapped;
        out[i + 2] = faceDown;
      }
    }
    let i = varsAt;
    for (let s = 0; s < n; s++) {
      const p = view.players[(view.viewer + s) % n]!;
      for (const v of l.vars) {
        const x = p.vars[v];
        out[i++] = typeof x === "number" ? x : x === true ? 1 : 0;
      }
    }
    const d = view.decision;
    out[i++] = view.turn.id;
    out[i++] = offset(view.turn.player);
    out[i++] = view.turn.extra ? 1 : 0;
    out[i++] = d && d.player === view.viewer ? 1 : 0;
    out[i++] = d ? offset(d.player) : -1;
    out[i++] = view.result ? 1 : 0;
    out[i++] = view.result?.winner === view.viewer ? 1 : 0;
    for (const id of view.path) {
      const k = l.nodes.get(id);
      if (k !== undefined) out[i + k] = 1;
    }
    return out;
  };
}

/** `player`'s observation: their view and its features (default features: `defaultFeatures`). */
export function observe(game: Game, player: PlayerId, features?: Features): Observation {
  const view = game.viewFor(player);
  const f =
    features ??
    defaultFeatures(game.rules.preset, { players: game.state.players.length, options: game.state.options });
  return { view, features: f(view) };
}
