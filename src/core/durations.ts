/**
 * Durations: continuous effects registered with the clock and expired at the exact boundary
 * their wording names (DM 500.3, CR 514.2, 611.2; RULINGS DM-T11, MT-18, YG-T8). A boundary is
 * relative to a player or an object ("until your next upkeep", "until end of combat on your next
 * turn", "during its controller's next untap step") and identified by the clock — the turn's id
 * and the node run — so skipped turns, extra turns and added phases never end it early or late.
 */

import type { Game } from "./contract/game.js";

// The list of durations has a module of its own; still importable from here.
export { activeEffects, addDuration, type NewDuration } from "./duration-list.js";

import { controlEffectsEnded } from "./control.js";
import { stillAttached } from "./duration-list.js";
import { emit } from "./events.js";
import { evalCondition } from "./match.js";
import type { Duration, Expiry, PlayerId } from "./types.js";

/**
 * A duration already over as its effect would begin: "for as long as" an object that has left, or
 * a condition that doesn't hold (CR 611.2b: such an effect does nothing — it doesn't start and stop
 * at once, nor last forever).
 */
export function expiryOver(game: Game, e: Expiry): boolean {
  if (e.at === "objectLeaves") return game.state.objects[e.obj]?.inc !== e.inc;
  if (e.at === "while") return !whileHolds(game, e);
  return false;
}

/** The boundary the clock has reached (the turn and node run are the clock's, read when it is reached). */
export type Boundary =
  | { at: "nodeBegin"; node: string }
  | { at: "nodeEnd"; node: string; instance: number }
  | { at: "turnEnd"; turn: number }
  | { at: "turnBegin"; player: PlayerId }
  | { at: "tag"; tag: string };

type Relative = Extract<Expiry, { at: "boundary" }>;

/** Whose turn this is to a relative boundary: one of its players, or the controller of the object it applies to. */
export function turnQualifies(game: Game, e: Relative, d: Duration, player: PlayerId): boolean {
  if (e.ofTarget) {
    const t = d.effect.target;
    if (!t) return false;
    const owner = "obj" in t ? game.state.objects[t.obj]?.controller : t.player;
    return owner === player;
  }
  return e.players === undefined || e.players.includes(player);
}

function relativeEnds(game: Game, e: Relative, d: Duration, b: Boundary): boolean {
  const turn = game.state.clock.turn;
  // At the latest as its turn ends ("this turn", "on your next turn"): the boundary can't come now.
  if (b.at === "turnEnd" && e.turn !== undefined && e.turn === b.turn) return true;
  if (b.at === "tag") return false;
  const edge = b.at === "nodeBegin" || b.at === "turnBegin" ? "begin" : "end";
  const node = b.at === "nodeBegin" || b.at === "nodeEnd" ? b.node : null;
  if (edge !== e.edge || node !== e.node) return false;
  if (e.turn !== undefined) return e.turn === turn.id;
  if (e.after !== undefined) return false; // its turn has not begun yet
  return turnQualifies(game, e, d, turn.player);
}

function expiresAt(game: Game, d: Duration, b: Boundary): boolean {
  const e = d.expires;
  switch (e.at) {
    case "boundary":
      return relativeEnds(game, e, d, b);
    case "nodeBegin":
      return b.at === "nodeBegin" && e.node === b.node;
    case "nodeEnd":
      return b.at === "nodeEnd" && e.node === b.node && e.instance === b.instance;
    case "turnEnd":
      return b.at === "turnEnd" && e.turn === b.turn;
    case "turnBegin":
      return b.at === "turnBegin" && e.player === b.player;
    case "tag":
      return b.at === "tag" && e.tag === b.tag;
    default:
      return false;
  }
}

/**
 * As a turn begins: effects waiting for "the next turn" of a player (`after`) learn which turn that
 * is, if it is this one — they then end within it. A new duration object (copies of the state may
 * share nothing with it, but the log's entries are never changed).
 */
function pinNextTurn(game: Game): void {
  const turn = game.state.clock.turn;
  const list = game.state.durations;
  for (let i = 0; i < list.length; i++) {
    const d = list[i]!;
    const e = d.expires;
    if (e.at !== "boundary" || e.after === undefined || e.turn !== undefined) continue;
    if (turn.id <= e.after || !turnQualifies(game, e, d, turn.player)) continue;
    const { after: _after, ...rest } = e;
    list[i] = { ...d, expires: { ...rest, turn: turn.id } };
  }
}

/** Ends every duration that expires at this boundary (and any whose object is gone). */
export function expireDurations(game: Game, boundary: Boundary): void {
  const list = game.state.durations;
  if (list.length === 0) return;
  if (boundary.at === "turnBegin") pinNextTurn(game);
  const ended: Duration[] = [];
  for (const d of game.state.durations)
    if (expiresAt(game, d, boundary) || !stillAttached(game, d)) ended.push(d);
  if (ended.length > 0) endDurations(game, ended, boundary.at);
}

/**
 * Ends these durations now (each a `durationEnd` event naming `boundary`; control effects give
 * their objects back): for a preset's own boundary, e.g. Magic's "that player's turn would have
 * begun" for a player who left the game (CR 800.4).
 */
export function endDurations(game: Game, ended: readonly Duration[], boundary: string): void {
  game.state.durations = game.state.durations.filter((d) => !ended.includes(d));
  for (const d of ended)
    emit(game, {
      type: "durationEnd",
      player: d.controller,
      data: { duration: d.id, label: d.label, kind: d.effect.kind, boundary },
    });
  controlEffectsEnded(game, ended);
}

/**
 * `obj` left (its incarnation `inc` is over): effects lasting "for as long as" it stays on another
 * object (the `until` / `gainControl` expiry "source") end at once, not at the next boundary —
 * control goes back now (CR 611.2b). Effects on the object itself stop applying as it leaves anyway.
 */
export function objectLeft(game: Game, obj: string, inc: number): void {
  const list = game.state.durations;
  if (list.length === 0) return;
  const ended: Duration[] = [];
  for (const d of list) {
    const t = d.effect.target;
    if (
      d.expires.at === "objectLeaves" &&
      d.expires.obj === obj &&
      d.expires.inc === inc &&
      !(t && "obj" in t && t.obj === obj)
    )
      ended.push(d);
  }
  if (ended.length > 0) endDurations(game, ended, "objectLeaves");
}

function whileHolds(game: Game, e: Extract<Expiry, { at: "while" }>): boolean {
  const o = e.obj === undefined ? undefined : game.state.objects[e.obj];
  const obj = o && (e.inc === undefined || o.inc === e.inc) ? o : undefined;
  return evalCondition(game, e.condition, { controller: e.controller, ...(obj ? { obj } : {}) });
}

/**
 * "For as long as" a condition holds (an expiry `{ while: condition }`): ends each such duration
 * whose condition no longer holds. The engine runs it after every step of work that changed the
 * game, while such durations exist (CR 611.2b).
 */
export function checkWhileDurations(game: Game): void {
  let any = false;
  const ended: Duration[] = [];
  for (const d of game.state.durations) {
    if (d.expires.at !== "while") continue;
    any = true;
    if (!whileHolds(game, d.expires)) ended.push(d);
  }
  if (ended.length > 0) endDurations(game, ended, "while");
  if (!any) game.whileDurations = false;
}
