/**
 * A client of `turnkit serve` over its WebSocket (docs/server.md): joins a game as a seat (with
 * its token) or a spectator, and hands each server message to the caller. `turnkit bot`, the load
 * harness and the tests use it; a browser client speaks the same JSON.
 */
import type { WebSocket as Ws } from "ws";
import { importTool, OPTIONAL_TOOLS } from "../cli/optional-tools.js";
import type { GameState } from "../core/types.js";
import { type ErrorMessage, PROTOCOL_VERSION } from "./protocol.js";
import type { ViewMessage } from "./seat-state.js";

export type { ViewMessage } from "./seat-state.js";

/** The answer to `sample`: saved states (`Game.fromState`) of the game as the seat may imagine it. */
export interface SamplesMessage {
  type: "samples";
  decision: number;
  saves: GameState[];
}

export type ServerMessage = ViewMessage | SamplesMessage | ErrorMessage | { type: "pong" };

export interface JoinOptions {
  game: string;
  /** A seat's token; without one, a spectator. */
  token?: string;
  /** Responses already seen (resuming): the welcome's events start after them. */
  since?: number;
}

export class GameClient {
  private readonly queue: ServerMessage[] = [];
  private readonly waiters: ((m: ServerMessage | null) => void)[] = [];
  private closedWith: { code: number; reason: string } | null = null;
  /** Every message received, in order (the load harness compares them). */
  readonly received: string[] = [];

  private constructor(
    readonly socket: Ws,
    keep: boolean,
  ) {
    socket.on("message", (data: Buffer) => {
      const text = data.toString("utf8");
      if (keep) this.received.push(text);
      const m = JSON.parse(text) as ServerMessage;
      const w = this.waiters.shift();
      if (w) w(m);
      else this.queue.push(m);
    });
    socket.on("close", (code: number, reason: Buffer) => {
      this.closedWith = { code, reason: reason.toString("utf8") };
      for (const w of this.waiters.splice(0)) w(null);
    });
    socket.on("error", () => {});
  }

  /** Opens a connection to `wsUrl` (ws://host:port/play). `keep`: record every message in `received`. */
  static async open(wsUrl: string, opts: { keep?: boolean } = {}): Promise<GameClient> {
    const { WebSocket } = await importTool(OPTIONAL_TOOLS.ws, "a turnkit client", () => import("ws"));
    const socket = new WebSocket(wsUrl);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return new GameClient(socket, opts.keep === true);
  }

  /** Opens a connection and joins: resolves with the welcome, rejects with the server's error. */
  static async join(wsUrl: string, join: JoinOptions, opts: { keep?: boolean } = {}): Promise<GameClient> {
    const c = await GameClient.open(wsUrl, opts);
    c.sendJson({ type: "hello", protocol: PROTOCOL_VERSION, ...join });
    const m = await c.next();
    if (m?.type !== "welcome") {
      c.close();
      throw new Error(m?.type === "error" ? `${m.code}: ${m.message}` : "the server closed the connection");
    }
    c.welcome = m;
    return c;
  }

  welcome: ViewMessage | null = null;

  /** Sends a message as it is (tests send bad ones). */
  sendRaw(data: string | Buffer): void {
    this.socket.send(data);
  }

  sendJson(value: unknown): void {
    this.socket.send(JSON.stringify(value));
  }

  /** Answers decision `decision` with option `choice`. */
  act(decision: number, choice: string): void {
    this.sendJson({ type: "act", decision, choice });
  }

  /** Asks for `count` determinizations at the seat's pending decision `decision` (answered `samples`). */
  sample(decision: number, count: number, seed: number | string): void {
    this.sendJson({ type: "sample", decision, count, seed });
  }

  /** The next message, or null once the connection is closed. */
  next(): Promise<ServerMessage | null> {
    const m = this.queue.shift();
    if (m) return Promise.resolve(m);
    if (this.closedWith) return Promise.resolve(null);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The next message of `type` (others before it are dropped), or null once closed. */
  nextOf(type: ViewMessage["type"]): Promise<ViewMessage | null>;
  nextOf(type: "error"): Promise<ErrorMessage | null>;
  nextOf(type: "samples"): Promise<SamplesMessage | null>;
  async nextOf(type: ServerMessage["type"]): Promise<ServerMessage | null> {
    for (;;) {
      const m = await this.next();
      if (!m) return null;
      if (m.type === type) return m;
    }
  }

  get closed(): { code: number; reason: string } | null {
    return this.closedWith;
  }

  /** Resolves once the connection is closed. */
  waitClosed(): Promise<{ code: number; reason: string }> {
    if (this.closedWith) return Promise.resolve(this.closedWith);
    return new Promise((resolve) =>
      this.socket.once("close", (code: number, r: Buffer) => resolve({ code, reason: r.toString() })),
    );
  }

  close(): void {
    this.socket.close();
  }
}
