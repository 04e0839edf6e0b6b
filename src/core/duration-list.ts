/**
 * The continuous effects with a duration in force (`state.durations`): adding one, and the ones of
 * a kind that still apply. When they end is durations.ts's business.
 */
import type { Game, GameReader } from "./contract/game.js";
import type { ContinuousEffect, Duration, Expiry, PlayerId } from "./types.js";

export interface NewDuration {
  expires: Expiry;
  effect: ContinuousEffect;
  controller: PlayerId;
  source?: Duration["source"];
  label: string;
}

export function addDuration(game: Pick<Game, "state" | "whileDurations">, d: NewDuration): Duration {
  const duration: Duration = { id: ++game.state.ids.duration, createdAt: game.state.ids.event, ...d };
  game.state.durations.push(duration);
  if (d.expires.at === "while") game.whileDurations = true;
  return duration;
}

export function stillAttached(game: GameReader, d: Duration): boolean {
  const t = d.effect.target;
  if (t && "obj" in t && game.state.objects[t.obj]?.inc !== t.inc) return false;
  if (d.expires.at === "objectLeaves" && game.state.objects[d.expires.obj]?.inc !== d.expires.inc)
    return false;
  return true;
}

/** Active continuous effects of a kind, oldest first. */
export function activeEffects(game: GameReader, kind: string): Duration[] {
  const out: Duration[] = [];
  for (const d of game.state.durations) if (d.effect.kind === kind && stillAttached(game, d)) out.push(d);
  return out;
}
