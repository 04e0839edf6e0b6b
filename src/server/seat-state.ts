/**
 * What a client of `turnkit serve` knows of its game: the last view the server sent its seat (or
 * its spectator's public view), the events told so far, the clock and the end. `applyServerMessage`
 * is the one place a client folds a `welcome` or `update` into it — `turnkit bot` and the
 * playground both use it — so how an update carries the view (whole; protocol 2 patches are applied first, `nextView`) is read in one place.
 * Plain data and no Node modules: it runs in the browser too.
 */
import type { JsonObject } from "../core/json.js";
import type { DecisionView, PlayerView } from "../core/view.js";

/** A spectator's view: what every player sees (`publicView`). */
export type SpectatorView = Omit<PlayerView, "viewer"> & { viewer: null };

export interface Clock {
  remainingMs: number[];
  running: number | null;
}

export interface GameEndNote {
  winner: number | null;
  reason: string;
}

/** A seat's or spectator's message with its whole view: after a response (`update`), on joining (`welcome`), or again when asked (`view`). */
export interface ViewMessage {
  type: "welcome" | "update" | "view";
  protocol?: number;
  game?: string;
  seat?: number | null;
  /** The stream's update number (protocol 2): a patch applies to the view of the number before it. */
  seq?: number;
  /** Responses so far (a spectator's: as of their delay). */
  responses: number;
  view: PlayerView;
  events: JsonObject[];
  clock: Clock | null;
  end: GameEndNote | null;
}

export interface SeatState {
  /** The seat's number, or null: a spectator. */
  seat: number | null;
  /** The responses the view is as of. */
  responses: number;
  view: PlayerView | SpectatorView;
  /** Every event told since joining (a welcome after a reconnect adds those missed, once). */
  events: JsonObject[];
  clock: Clock | null;
  end: GameEndNote | null;
}

/** At most this many events are kept (the oldest dropped first). */
export const KEPT_EVENTS = 2000;

/**
 * The state after message `m`: a welcome (joining, or joining again after a dropped connection)
 * or an update. The seat is the welcome's; an update before any welcome is refused.
 */
export function applyServerMessage(current: SeatState | null, m: ViewMessage): SeatState {
  if (m.type === "welcome") {
    const seat = m.seat ?? null;
    const kept = current && current.seat === seat ? current.events : [];
    return {
      seat,
      responses: m.responses,
      view: m.view,
      events: [...kept, ...m.events].slice(-KEPT_EVENTS),
      clock: m.clock,
      end: m.end,
    };
  }
  if (!current) throw new Error("an update came before the welcome");
  return {
    seat: current.seat,
    responses: m.responses,
    view: m.view,
    events: [...current.events, ...m.events].slice(-KEPT_EVENTS),
    clock: m.clock,
    end: m.end,
  };
}

/** The seat's own pending decision with its options, or null (another's, none, or a spectator). */
export function myDecision(state: SeatState): DecisionView | null {
  const d = state.view.decision;
  if (!d || !("options" in d) || state.seat === null || d.player !== state.seat) return null;
  return d;
}
