/**
 * Stops and auto-pass: which of a seat's decisions answer themselves, as in MTG Arena. One policy
 * for every place a person plays a seat (the terminal's `play --seat`, the playground, a server).
 *
 * The policy reads only what the seat is shown — its `PlayerView` (the decision as that seat sees
 * it, the public zones, the turn and the step, the log as redacted for it) — and the seat's own
 * settings. It never reads the game: nothing it does can depend on a card hidden from the seat
 * (tests/play/stops-fair.test.ts proves it on pairs of games that differ only in such cards).
 *
 * It answers a decision only by passing, and only when passing is no real choice:
 * - the decision's one option is a pass (pass priority with nothing to do, "Don't respond" with no
 *   card that could);
 * - the decision only gives a chance to act (a `skippable` kind: priority, an open window, a main
 *   phase's actions) and no stop of the seat's is set where the game is; or the seat asked to pass
 *   until the end of the turn / until something happens, and nothing happened yet.
 * A decision with no pass option (choose a target, discard, order triggers) and a decision that is
 * not skippable (block or not, use a trigger or not) are always left to the person.
 */
import type { PlayerView } from "../core/view.js";
import { stopTableOf } from "./preset-stops.js";

/** Whose turn a stop is for, as seen from the seat. */
export type Whose = "own" | "opponent" | "any";

/** A place a seat may stop at to act: a step or phase, kinds of decision, something on the stack. */
export interface StopDef {
  id: string;
  /** What the person sees in a list of stops. */
  label: string;
  /** Turn-structure node ids; the stop holds when any node of the game's current path is one. */
  steps?: readonly string[];
  /** Decision kinds; the stop holds only for these (default: any skippable kind). */
  kinds?: readonly string[];
  turn: Whose;
  /** Holds only while the stack holds an object (`opponent`: the top one was put there by another player). */
  stack?: "any" | "opponent";
  /** Holds only once this turn's log shows an entry of one of these types by another player (their attack). */
  logged?: readonly string[];
  /** The stop marks another player's action (an attack, a spell): "pass until something happens" ends there. */
  responds?: boolean;
  /** Set unless the seat turns it off. */
  on: boolean;
}

/** A preset's stops, as data. */
export interface StopTable {
  /** Decision kinds that only give a chance to act: passed where no stop is set. */
  skippable: readonly string[];
  /** The zone kind of the stack, if the game has one (`StopDef.stack`). */
  stackZone?: string;
  stops: readonly StopDef[];
}

/** "Pass until …": set by the seat, ends by itself. `turn`: the turn it was set in. */
export type PassMode =
  | { kind: "none" }
  /** Passes every skippable decision until the turn ends, unless another player acts. */
  | { kind: "endOfTurn"; turn: number }
  /** Passes every skippable decision until another player acts, or the seat's own next turn begins. */
  | { kind: "untilSomething"; turn: number };

/** One seat's settings: plain data, so a page, a terminal or a server can keep and send it. */
export interface SeatStops {
  /** Pass by itself where passing is no real choice (off: every decision is asked). */
  autoPass: boolean;
  /** The ids of the stops that are set. */
  stops: readonly string[];
  mode: PassMode;
}

/** An answer the policy gives for the seat: the option and why, for the person to read. */
export interface AutoAnswer {
  choice: string;
  label: string;
  why: string;
}

/** The settings a seat starts with in a game of `preset`: auto-pass on, the preset's default stops. */
export function defaultSeatStops(preset: string): SeatStops {
  return { autoPass: true, stops: defaultStopIds(stopTableOf(preset)), mode: { kind: "none" } };
}

export function defaultStopIds(table: StopTable): string[] {
  return table.stops.filter((s) => s.on).map((s) => s.id);
}

/** The seat's settings with its mode ended if the game has moved past it (a new turn). */
export function settle(view: PlayerView, seat: SeatStops): SeatStops {
  const m = seat.mode;
  if (m.kind === "endOfTurn" && view.turn.id !== m.turn) return { ...seat, mode: { kind: "none" } };
  if (m.kind === "untilSomething" && view.turn.id !== m.turn && view.turn.player === view.viewer)
    return { ...seat, mode: { kind: "none" } };
  return seat;
}

/** Whether stop `s` holds where the seat's view shows the game. */
export function stopHolds(s: StopDef, view: PlayerView, kind: string, table: StopTable): boolean {
  const own = view.turn.player === view.viewer;
  if (s.turn === "own" && !own) return false;
  if (s.turn === "opponent" && own) return false;
  if (s.steps && !view.path.some((n) => s.steps!.includes(n))) return false;
  if (s.kinds && !s.kinds.includes(kind)) return false;
  if (s.logged && !view.log.some((e) => s.logged!.includes(String(e.type)) && e.player !== view.viewer))
    return false;
  if (s.stack) {
    const top = stackTop(view, table);
    if (top === null) return false;
    if (s.stack === "opponent" && lastActor(view, top) === view.viewer) return false;
  }
  return true;
}

/** The handle of the stack's top object as the seat sees it, or null when the stack is empty. */
function stackTop(view: PlayerView, table: StopTable): string | null {
  if (!table.stackZone) return null;
  for (const z of Object.values(view.zones)) {
    if (z.kind !== table.stackZone || z.count === 0) continue;
    return z.cards[z.cards.length - 1]!.id ?? "";
  }
  return null;
}

/** The player of the latest entry of this turn's log, as the seat sees it, that names object `ref`. */
function lastActor(view: PlayerView, ref: string): number | null {
  for (let i = view.log.length - 1; i >= 0; i--) {
    const e = view.log[i]!;
    if (e.obj === ref && typeof e.player === "number") return e.player;
  }
  return null;
}

/**
 * The policy: the seat's answer to its pending decision if it answers itself, or null (the person
 * decides), and the seat's settings after it (a mode that ended is cleared). Reads `view` alone.
 */
export function autoAnswer(
  view: PlayerView,
  seatIn: SeatStops,
  table: StopTable = stopTableOf(view.preset),
): { answer: AutoAnswer | null; seat: SeatStops } {
  let seat = settle(view, seatIn);
  const d = view.decision;
  if (!d || !("options" in d) || d.player !== view.viewer) return { answer: null, seat };
  const passes = d.options.filter((o) => o.pass === true);
  const first = passes[0];
  // No way to pass: a real choice (or one forced move), always the person's.
  if (!first) return { answer: null, seat };
  const pass = (why: string) => ({ answer: { choice: first.id, label: first.label, why }, seat });
  if (d.options.length === 1 && (seat.autoPass || seat.mode.kind !== "none")) return pass("the only option");
  // Decline an ability, don't block, keep a trigger in hand: choices, never answered for the person.
  if (!table.skippable.includes(d.kind)) return { answer: null, seat };
  const here = table.stops.filter((s) => stopHolds(s, view, d.kind, table));
  if (seat.mode.kind !== "none") {
    const happened = here.find((s) => s.responds);
    if (!happened)
      return pass(
        seat.mode.kind === "endOfTurn" ? "passing until end of turn" : "passing until something happens",
      );
    seat = { ...seat, mode: { kind: "none" } };
    return { answer: null, seat };
  }
  if (!seat.autoPass) return { answer: null, seat };
  const set = here.find((s) => seat.stops.includes(s.id));
  return set ? { answer: null, seat } : pass("no stop here");
}

/** The seat's settings with stop `id` set or cleared. */
export function withStop(seat: SeatStops, id: string, on: boolean): SeatStops {
  const rest = seat.stops.filter((s) => s !== id);
  return { ...seat, stops: on ? [...rest, id] : rest };
}

/** The seat's settings passing until the end of the turn its view shows (or until something happens). */
export function passUntil(
  view: PlayerView,
  seat: SeatStops,
  kind: "endOfTurn" | "untilSomething",
): SeatStops {
  return { ...seat, mode: { kind, turn: view.turn.id } };
}
