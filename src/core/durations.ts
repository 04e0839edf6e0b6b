/**
 * Durations: continuous effects registered with the clock and expired at the exact boundary
 * their wording names (DM 500.3, CR 514.2; RULINGS DM-T11, MT-18, YG-T8).
 */
import { controlEffectsEnded } from "./control.js";
import { emit } from "./events.js";
import type { Game } from "./game.js";
import type { ContinuousEffect, Duration, Expiry, PlayerId } from "./types.js";

export interface NewDuration {
  expires: Expiry;
  effect: ContinuousEffect;
  controller: PlayerId;
  source?: Duration["source"];
  label: string;
}

export function addDuration(game: Game, d: NewDuration): Duration {
  const duration: Duration = { id: ++game.state.ids.duration, createdAt: game.state.ids.event, ...d };
  game.state.durations.push(duration);
  return duration;
}

/**
 * A duration already over as its effect would begin: "for as long as" an object that has left
 * (CR 611.2b: such an effect does nothing — it doesn't start and stop at once, nor last forever).
 */
export function expiryOver(game: Game, e: Expiry): boolean {
  return e.at === "objectLeaves" && game.state.objects[e.obj]?.inc !== e.inc;
}

function stillAttached(game: Game, d: Duration): boolean {
  const t = d.effect.target;
  if (t && "obj" in t && game.state.objects[t.obj]?.inc !== t.inc) return false;
  if (d.expires.at === "objectLeaves" && game.state.objects[d.expires.obj]?.inc !== d.expires.inc)
    return false;
  return true;
}

/** The boundary the clock has reached. */
export type Boundary =
  | { at: "nodeBegin"; node: string }
  | { at: "nodeEnd"; node: string; instance: number }
  | { at: "turnEnd"; turn: number }
  | { at: "turnBegin"; player: PlayerId }
  | { at: "tag"; tag: string };

function expiresAt(e: Expiry, b: Boundary): boolean {
  switch (b.at) {
    case "nodeBegin":
      return e.at === "nodeBegin" && e.node === b.node;
    case "nodeEnd":
      return e.at === "nodeEnd" && e.node === b.node && e.instance === b.instance;
    case "turnEnd":
      return e.at === "turnEnd" && e.turn === b.turn;
    case "turnBegin":
      return e.at === "turnBegin" && e.player === b.player;
    case "tag":
      return e.at === "tag" && e.tag === b.tag;
  }
}

/** Ends every duration that expires at this boundary (and any whose object is gone). */
export function expireDurations(game: Game, boundary: Boundary): void {
  const list = game.state.durations;
  if (list.length === 0) return;
  const keep: Duration[] = [];
  const ended: Duration[] = [];
  for (const d of list) (expiresAt(d.expires, boundary) || !stillAttached(game, d) ? ended : keep).push(d);
  if (ended.length === 0) return;
  game.state.durations = keep;
  for (const d of ended)
    emit(game, {
      type: "durationEnd",
      player: d.controller,
      data: { duration: d.id, label: d.label, kind: d.effect.kind, boundary: boundary.at },
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
  const ends = (d: Duration): boolean => {
    const t = d.effect.target;
    return (
      d.expires.at === "objectLeaves" &&
      d.expires.obj === obj &&
      d.expires.inc === inc &&
      !(t && "obj" in t && t.obj === obj)
    );
  };
  const ended = list.filter(ends);
  if (ended.length === 0) return;
  game.state.durations = list.filter((d) => !ends(d));
  for (const d of ended)
    emit(game, {
      type: "durationEnd",
      player: d.controller,
      data: { duration: d.id, label: d.label, kind: d.effect.kind, boundary: "objectLeaves" },
    });
  controlEffectsEnded(game, ended);
}

/** Active continuous effects of a kind, oldest first. */
export function activeEffects(game: Game, kind: string): Duration[] {
  const out: Duration[] = [];
  for (const d of game.state.durations) if (d.effect.kind === kind && stillAttached(game, d)) out.push(d);
  return out;
}
