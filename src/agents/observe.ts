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
  const l = layout(preset, opts);
  return (view) => {
    const n = view.players.length;
    if (n !== l.players)
      throw new RangeError(`these features are for ${l.players} players, the view has ${n}`);
    if (view.preset !== preset.id)
      throw new RangeError(`these features are for ${preset.id}, the view is ${view.preset}`);
    const offset = (p: PlayerId) => (p - view.viewer + n) % n;
    const out: number[] = [];
    const byKey = new Map<string, PlayerView["zones"][string]>();
    for (const z of Object.values(view.zones))
      byKey.set(`${z.kind}@${z.owner === null ? "-" : offset(z.owner)}`, z);
    for (const z of l.zoneKinds)
      for (let s = 0; s < (z.perPlayer ? n : 1); s++) {
        const zone = byKey.get(`${z.kind}@${z.perPlayer ? s : "-"}`);
        out.push(zone?.count ?? 0);
        if (z.isPublic) {
          const cards = zone?.cards ?? [];
          out.push(
            cards.filter((c) => c.tapped === true).length,
            cards.filter((c) => "hidden" in c || c.faceDown).length,
          );
        }
      }
    for (let s = 0; s < n; s++) {
      const p = view.players[(view.viewer + s) % n]!;
      for (const v of l.vars) {
        const x = p.vars[v];
        out.push(typeof x === "number" ? x : x === true ? 1 : 0);
      }
    }
    const d = view.decision;
    out.push(
      view.turn.id,
      offset(view.turn.player),
      view.turn.extra ? 1 : 0,
      d && d.player === view.viewer ? 1 : 0,
      d ? offset(d.player) : -1,
      view.result ? 1 : 0,
      view.result?.winner === view.viewer ? 1 : 0,
    );
    const hot = new Array<number>(l.nodes.size).fill(0);
    for (const id of view.path) {
      const i = l.nodes.get(id);
      if (i !== undefined) hot[i] = 1;
    }
    out.push(...hot);
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
