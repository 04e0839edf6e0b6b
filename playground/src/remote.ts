/**
 * A seat (or a spectator) of a game on a `turnkit serve` server, played from the page over the
 * server's WebSocket (docs/server.md): the page holds what the server sends — the seat's view and
 * the events it is told — and nothing more. Answers go through the socket; when the connection
 * drops, the page joins again with `since` (the responses it has seen) and goes on.
 *
 * Every welcome and update is folded in by `applyServerMessage` (src/server/seat-state.ts), the
 * one function that knows how an update carries the view. The board reads `view()`; `game` is a
 * game of the preset with no cards in it, for the rules: card definitions, zone and player names.
 */
import { type Action, Game, type PlayerView, type Preset } from "turnkit";
import { applyServerMessage, type SeatState, type ViewMessage } from "../../src/server/seat-state.js";
import type { Table } from "./table";

export interface JoinTarget {
  /** The server's WebSocket URL: ws://host:port/play. */
  url: string;
  game: string;
  /** The seat's token; absent: watch as a spectator. */
  token?: string;
}

/** The connection as the page shows it. */
export type Connection = "connecting" | "joined" | "reconnecting" | "refused" | "gave-up";

/** Errors after which joining again can't help. */
const FINAL = new Set(["bad-token", "unknown-game", "protocol-version", "bad-message"]);
/** Joins tried after a dropped connection before giving up. */
const RETRIES = 10;

export class RemoteTable implements Table {
  state: SeatState | null = null;
  connection: Connection = "connecting";
  /** The last refusal or connection problem, in words. */
  problem: string | null = null;
  /** Joins tried since the connection dropped. */
  attempts = 0;
  private standIn: Game | null = null;
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly target: JoinTarget,
    private readonly presetOf: (id: string) => Preset | undefined,
  ) {
    this.connect();
  }

  get spectator(): boolean {
    return this.target.token === undefined;
  }

  get game(): Game {
    if (!this.standIn) throw new Error("the game is not joined yet");
    return this.standIn;
  }

  get viewer(): number {
    return this.state?.seat ?? 0;
  }

  get atPresent(): boolean {
    return this.connection === "joined";
  }

  view(): PlayerView {
    if (!this.state) throw new Error("the game is not joined yet");
    return this.state.view as PlayerView;
  }

  /** Whether a seat is a person or a bot the server doesn't say: none is tagged a bot. */
  isPerson(_seat: number): boolean {
    return true;
  }

  isYou(seat: number): boolean {
    return seat === this.state?.seat;
  }

  /** Sends the answer; the server's update (or refusal) comes back on the socket. */
  act(action: Action): void {
    const d = this.state?.view.decision;
    if (!this.socket || this.connection !== "joined" || !d || !("id" in d)) return;
    this.problem = null;
    this.socket.send(JSON.stringify({ type: "act", decision: d.id, choice: action.choice }));
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close();
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }

  private connect(): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.target.url);
    } catch (e) {
      this.connection = "refused";
      this.problem = `${this.target.url} is not a WebSocket URL (${(e as Error).message})`;
      this.changed();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const since = this.state?.responses ?? 0;
      socket.send(
        JSON.stringify({
          type: "hello",
          protocol: 1,
          game: this.target.game,
          ...(this.target.token !== undefined ? { token: this.target.token } : {}),
          ...(since > 0 ? { since } : {}),
        }),
      );
    };
    socket.onmessage = (ev) => this.receive(String(ev.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.disposed || this.connection === "refused" || this.state?.end) return;
      if (this.attempts >= RETRIES) {
        this.connection = "gave-up";
        this.changed();
        return;
      }
      this.connection = "reconnecting";
      this.attempts++;
      this.changed();
      this.timer = setTimeout(() => this.connect(), Math.min(5000, 250 * 2 ** (this.attempts - 1)));
    };
  }

  private receive(text: string): void {
    let m: { type?: unknown; code?: unknown; message?: unknown };
    try {
      m = JSON.parse(text) as typeof m;
    } catch {
      return;
    }
    if (m.type === "welcome" || m.type === "update") {
      const msg = m as unknown as ViewMessage;
      if (!this.standIn) {
        const preset = this.presetOf(msg.view.preset);
        if (!preset) {
          this.connection = "refused";
          this.problem = `the game is of the preset ${msg.view.preset}, which this page doesn't have`;
          this.socket?.close();
          this.changed();
          return;
        }
        this.standIn = Game.create(preset, {
          seed: 0,
          players: msg.view.players.map((p) => p.name),
          setup: false,
        });
      }
      this.state = applyServerMessage(this.state, msg);
      if (m.type === "welcome") {
        this.connection = "joined";
        this.attempts = 0;
      }
      this.changed();
      return;
    }
    if (m.type === "error") {
      const code = String(m.code);
      this.problem = `${code}: ${String(m.message)}`;
      if (!this.state && FINAL.has(code)) {
        this.connection = "refused";
        this.socket?.close();
      }
      this.changed();
    }
  }
}
