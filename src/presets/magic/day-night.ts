/**
 * Day and night (CR 726) beyond the untap-step check (tba.ts): the designation chosen in setup
 * (option `dayNight`, for a game or scenario that starts where it already became day or night),
 * and the nightbound half of CR 726.2 — if it's neither day nor night and a permanent with
 * nightbound is on the battlefield (put there transformed), it becomes night. The daybound half
 * (sba.ts) is checked first: if both appear at once, it becomes day.
 */
import type { Game } from "../../core/game.js";
import type { GameObject } from "../../core/types.js";
import { dayNight, hasKeyword } from "./state.js";

export const DAY_NIGHT_VALUES = ["neither", "day", "night"] as const;

/** The setup's day/night designation (option `dayNight`; "neither" by default, CR 726.2). */
export function applyDayNightOption(game: Game): void {
  const d = game.state.options.dayNight;
  if (d === "day" || d === "night") game.state.vars.dayNight = d;
}

/** CR 726.2: neither day nor night and a nightbound permanent on the battlefield: it becomes night. */
export function nightboundMakesNight(game: Game, perms: readonly GameObject[]): boolean {
  if (dayNight(game) !== null || !perms.some((o) => hasKeyword(game, o, "nightbound"))) return false;
  game.state.vars.dayNight = "night";
  game.emit({
    type: "dayNight",
    data: { now: "night", was: null, reason: "a nightbound permanent is on the battlefield" },
  });
  return true;
}
