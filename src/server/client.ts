/**
 * A client of `turnkit serve` over its WebSocket (docs/server.md): joins a game as a seat (with
 * its token) or a spectator, and hands each server message to the caller. `turnkit bot`, the load
 * harness and the tests use it; a browser client speaks the same JSON.
 *
 * In protocol 2 the server sends a seat's view whole once (the welcome) and then patches; the
 * client applies each to the view it holds (`nextView`) and hands the caller the whole view, so a
 * caller sees the same messages in either protocol. A patch that doesn't follow the last message
 * (a gap in `seq`) is not applied: the client asks for the whole view again (`sync`).
 */
import type { WebSocket as Ws } from "ws";
import { importTool, OPTIONAL_TOOLS } from "../cli/optional-tools.js";
import type { GameState } from "../core/types.js";
import type { PlayerView } from "../core/view.js";
import { applyPatch, type PatchOp } from "./patch.js";
import { type ErrorMessage, PROTOCOL_VERSION, type ProtocolVersion } from "./protocol.js";
import type { ViewMessage } from "./seat-state.js";

export type { ViewMessage } from "./seat-state.js";

/** The answer to `sample`: saved states (`Game.fromState`) of the game as the seat may imagine it. */
export interface SamplesMessage {
  type: "samples";
  decision: number;
  saves: GameState[];
}

export type ServerMessage = ViewMessage | SamplesMessage | ErrorMessage | { type: "pong" };

/** An update as protocol 2 sends it: a patch against the view of update `seq - 1`. */
export interface PatchMessage extends Omit<ViewMessage, "view" | "type"> {
  type: "update";
  seq: number;
  patch: PatchOp[];
}

/** What a client holds of its stream: the last whole view and its update number. */
export interface ViewState {
  seq: number;
  view: PlayerView;
}

/**
 * A server message applied to the view held: the message with its whole view and the new state,
 * or `gap` when a patch doesn't follow the state's update (ask for the whole view: `sync`).
 * Messages without a view pass through.
 */
export function nextView(
  state: ViewState | null,
  m: ServerMessage | PatchMessage,
): { message: ServerMessage; state: ViewState | null } | "gap" {
  if (m.type !== "welcome" && m.type !== "update" && m.type !== "view") return { message: m, state };
  if (!("patch" in m)) return { message: m, state: { seq: m.seq ?? 0, view: m.view } };
  if (!state || m.seq !== state.seq + 1) return "gap";
  const { patch, ...rest } = m;
  const view = applyPatch(state.view, patch);
  return { message: { ...rest, view }, state: { seq: m.seq, view } };
}

export interface JoinOptions {
  game: string;
  /** A seat's token; without one, a spectator. */
  token?: string;
  /** Responses already seen (resuming): the welcome's events start after them. */
  since?: number;
  /** The protocol to ask for (default the newest, 2; 1 sends whole views). */
  protocol?: ProtocolVersion;
}

export class GameClient {
  private readonly queue: ServerMessage[] = [];
  private readonly waiters: ((m: ServerMessage | null) => void)[] = [];
  private closedWith: { code: number; reason: string } | null = null;
  /** Every message received, in order (the load harness compares them). */
  readonly received: string[] = [];
  /** Bytes and messages received. */
  bytesReceived = 0;
  messagesReceived = 0;
  /** The view held (protocol 2 patches apply to it), or null before the welcome. */
  private state: ViewState | null = null;
  /** A `sync` was sent after a gap: patches wait for the whole view. */
  private syncing = false;

  private constructor(
    readonly socket: Ws,
    keep: boolean,
  ) {
    socket.on("message", (data: Buffer) => {
      const text = data.toString("utf8");
      if (keep) this.received.push(text);
      this.bytesReceived += data.length;
      this.messagesReceived++;
      const wire = JSON.parse(text) as ServerMessage | PatchMessage;
      if (this.syncing && wire.type === "update") return;
      const next = nextView(this.state, wire);
      if (next === "gap") {
        this.syncing = true;
        this.sendJson({ type: "sync" });
        return;
      }
      if (wire.type === "view") this.syncing = false;
      this.state = next.state;
      const m = next.message;
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
    const { protocol, ...rest } = join;
    c.sendJson({ type: "hello", protocol: protocol ?? PROTOCOL_VERSION, ...rest });
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

  /** Asks for the whole view again: the answer is a `view` message. */
  sync(): void {
    this.sendJson({ type: "sync" });
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
