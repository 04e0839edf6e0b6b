/**
 * `createServer`: the authoritative game server — HTTP to create and list games, a WebSocket per
 * client (`/play`), a database that keeps every response (docs/server.md). Clients answer the
 * pending decision of their own seat; the server checks every message at the door (protocol.ts),
 * plays the answer, stores it, and sends each client only what its seat (or a spectator) may see.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { WebSocket, WebSocketServer } from "ws";
import { importTool, OPTIONAL_TOOLS } from "../cli/optional-tools.js";
import { protoKeyPath } from "../core/json.js";
import type { Preset } from "../core/preset.js";
import { getPreset, presetIds } from "../presets/index.js";
import { replayFileOf } from "../replay/format.js";
import type { Cluster, ClusterOptions } from "./cluster.js";
import { BadGameRequest, gameOf, hashToken, NewGameBody, newGame, tokenMatches } from "./create-game.js";
import { AddressLimiter, DEFAULT_HTTP_LIMITS, type HttpLimits } from "./http-limits.js";
import {
  type ErrorMessage,
  errorMessage,
  type HelloMessage,
  isProtocolVersion,
  PROTOCOL_VERSION,
  PROTOCOL_VERSIONS,
  parseClientMessage,
  RateLimiter,
  WIRE_LIMITS,
} from "./protocol.js";
import { REAL_TIME, Room, type RoomClient, type TimeSource } from "./room.js";
import { sampleAnswer } from "./samples.js";
import type { Store } from "./store.js";

export interface ServerOptions {
  /** Where games are kept: a store (`openStore`), made by the caller and closed by `close()`. */
  store: Store;
  /** The address to listen on (default 127.0.0.1: this machine only). */
  host?: string;
  /** The port (default 0: any free port; `address()` says which). */
  port?: number;
  /**
   * When set, creating a game needs `Authorization: Bearer <adminToken>`; `GET /games` lists the
   * games' ids only to a request bearing it; its requests are not rate-limited.
   */
  adminToken?: string;
  /** HTTP requests per client address (docs/server.md, "HTTP"); default `DEFAULT_HTTP_LIMITS`. */
  httpLimits?: Partial<HttpLimits>;
  /** Presets by id (default: the built-in ones and those registered). */
  presets?: (id: string) => Preset | undefined;
  /** A snapshot of a game's state every this many responses (default 100; 0: none). */
  snapshotEvery?: number;
  /** The clock and timers (default: the real ones). */
  time?: TimeSource;
  /** Games listed at most by `GET /games` (default 100). */
  listLimit?: number;
  /** Bytes a client may have waiting unsent before it is disconnected as too slow (default 8 MiB). */
  maxBuffered?: number;
  /**
   * Share the database with other server processes (PostgreSQL only): a game is played by the
   * process holding its lease; the others pass their clients' answers on (docs/server.md,
   * "Several processes").
   */
  cluster?: ClusterOptions;
}

export interface TurnkitServer {
  /** Where it listens. */
  address(): { host: string; port: number };
  /** The HTTP base URL and the WebSocket URL. */
  readonly url: string;
  readonly wsUrl: string;
  /** Games loaded in this process. */
  rooms(): number;
  /** Stops accepting, closes every connection and the store. */
  close(): Promise<void>;
}

function defaultPresets(id: string): Preset | undefined {
  return presetIds().includes(id) ? getPreset(id) : undefined;
}

const HTTP_BODY_BYTES = 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorMessage,
  ) {
    super(body.message);
  }
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/json\b/.test(type))
    throw new HttpError(
      415,
      errorMessage("bad-message", "the body must be JSON (Content-Type: application/json)", "body"),
    );
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > HTTP_BODY_BYTES)
      throw new HttpError(
        413,
        errorMessage("too-large", `the body is over ${HTTP_BODY_BYTES} bytes`, "body"),
      );
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new HttpError(
      400,
      errorMessage("bad-json", `the body is not JSON (${(e as Error).message})`, "body"),
    );
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(text);
}

/** Starts a server; resolves once it listens. */
export async function createServer(opts: ServerOptions): Promise<TurnkitServer> {
  const { WebSocketServer: Wss } = await importTool(OPTIONAL_TOOLS.ws, "turnkit serve", () => import("ws"));
  const store = opts.store;
  const time = opts.time ?? REAL_TIME;
  const presetOf = opts.presets ?? defaultPresets;
  const snapshotEvery = opts.snapshotEvery ?? 100;
  const maxBuffered = opts.maxBuffered ?? 8 * 1024 * 1024;
  const rooms = new Map<string, Room>();
  const loading = new Map<string, Promise<Room | null>>();
  let cluster: Cluster | null = null;
  const roomOptions = {
    store,
    time,
    snapshotEvery,
    onBroken: (room: Room) => {
      if (rooms.get(room.id) === room) rooms.delete(room.id);
    },
    onCommitted: (room: Room) => cluster?.committed(room),
  };

  /** The room of game `id`: in memory, else loaded from the store (once, however many ask). */
  async function roomOf(id: string): Promise<Room | null> {
    const live = rooms.get(id);
    if (live) return live;
    const pending = loading.get(id);
    if (pending) return pending;
    const load = (async () => {
      const stored = await store.loadGame(id);
      if (!stored) return null;
      const preset = presetOf(stored.record.preset);
      if (!preset)
        throw new Error(`game ${id} is of the preset ${stored.record.preset}, which this server lacks`);
      const room = Room.resume(preset, stored, () => gameOf(preset, stored.record), roomOptions);
      if (cluster) await cluster.settle(room);
      rooms.set(id, room);
      return room;
    })().finally(() => loading.delete(id));
    loading.set(id, load);
    return load;
  }

  const adminHash = opts.adminToken !== undefined ? hashToken(opts.adminToken) : null;
  /** Does the request bear the admin token? */
  function isAdmin(req: IncomingMessage): boolean {
    if (adminHash === null) return false;
    const auth = req.headers.authorization ?? "";
    return auth.startsWith("Bearer ") && tokenMatches(auth.slice(7), adminHash);
  }
  const limits = { ...DEFAULT_HTTP_LIMITS, ...opts.httpLimits };
  const limiters = {
    create: new AddressLimiter(() => time.now(), limits.createPerMinute, limits.createBurst),
    read: new AddressLimiter(() => time.now(), limits.readPerMinute, limits.readBurst),
  };
  /** Refuses with 429 a request over its address's limit (the admin's are not limited). */
  function limit(kind: "create" | "read", req: IncomingMessage, res: ServerResponse): void {
    if (isAdmin(req)) return;
    const wait = limiters[kind].take(req.socket.remoteAddress ?? "");
    if (wait === 0) return;
    res.setHeader("retry-after", String(wait));
    const per = kind === "create" ? limits.createPerMinute : limits.readPerMinute;
    throw new HttpError(
      429,
      errorMessage(
        "rate-limited",
        `more than ${per} ${kind === "create" ? "games created" : "reads of games"} a minute from this address; try again in ${wait} s`,
        "address",
      ),
    );
  }

  async function createGame(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (opts.adminToken !== undefined) {
      if (!isAdmin(req))
        throw new HttpError(
          401,
          errorMessage(
            "bad-token",
            "creating a game needs Authorization: Bearer <admin token>",
            "authorization",
          ),
        );
    }
    const raw = await readBody(req);
    const checked = parseClientBody(raw);
    const { record, game, tokens } = newGame(checked, presetOf, time.now());
    await store.createGame(record);
    const room = Room.start(record, game, roomOptions);
    rooms.set(record.id, room);
    if (cluster) await cluster.adopt(room);
    send(res, 201, {
      id: record.id,
      preset: record.preset,
      // Not the seed: with it and the preset, anyone could deal the hidden cards.
      seats: record.players.map((name, seat) => ({ seat, name, token: tokens[seat] })),
      ws: `${wsUrl}`,
    });
  }

  function parseClientBody(raw: unknown): NewGameBody {
    const proto = protoKeyPath(raw);
    if (proto)
      throw new HttpError(
        400,
        errorMessage("bad-message", "the key __proto__ is not allowed", proto.join(".")),
      );
    const parsed = NewGameBody.safeParse(raw);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const where = [...issue.path, ...(issue.code === "unrecognized_keys" ? [issue.keys[0]!] : [])].join(".");
    throw new HttpError(400, errorMessage("bad-message", issue.message, where || "body"));
  }

  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const parts = url.pathname.split("/").filter(Boolean);
    if (req.method === "GET" && url.pathname === "/health")
      return send(res, 200, {
        ok: true,
        protocol: PROTOCOL_VERSION,
        protocols: PROTOCOL_VERSIONS,
        rooms: rooms.size,
        db: store.dialect,
      });
    if (parts[0] !== "games" || parts.length > 3)
      throw new HttpError(404, errorMessage("unknown-type", `no such path ${url.pathname}`, "path"));
    if (parts.length === 1) {
      if (req.method === "POST") {
        limit("create", req, res);
        return createGame(req, res);
      }
      if (req.method !== "GET")
        throw new HttpError(405, errorMessage("bad-message", `${req.method} /games`, "method"));
      limit("read", req, res);
      const status = url.searchParams.get("status");
      if (status !== null && status !== "playing" && status !== "finished")
        throw new HttpError(400, errorMessage("bad-message", "status is playing or finished", "status"));
      const games = await store.listGames({ limit: opts.listLimit ?? 100, ...(status ? { status } : {}) });
      // An id lets anyone watch the game: listed to the admin only.
      if (isAdmin(req)) return send(res, 200, { games });
      return send(res, 200, { games: games.map(({ id: _, ...rest }) => rest) });
    }
    if (req.method !== "GET")
      throw new HttpError(405, errorMessage("bad-message", `${req.method} ${url.pathname}`, "method"));
    limit("read", req, res);
    const id = parts[1]!;
    const stored = await store.loadGame(id);
    if (!stored)
      throw new HttpError(404, errorMessage("unknown-game", `no game ${JSON.stringify(id)}`, "game"));
    if (parts.length === 2)
      return send(res, 200, {
        id,
        preset: stored.record.preset,
        players: stored.record.players,
        createdAt: stored.record.createdAt,
        responses: stored.responses.length,
        status: stored.status,
        end: stored.end,
        clock: stored.record.clock ?? null,
        // Deck lists every seat may know (the game's `samples` are dealt from them).
        ...(stored.record.openDecks ? { decks: stored.record.decks ?? null } : {}),
      });
    if (parts[2] !== "replay")
      throw new HttpError(404, errorMessage("unknown-type", `no such path ${url.pathname}`, "path"));
    // A replay holds the seed and every answer: it would tell the hidden cards of a game in play.
    if (stored.status !== "finished")
      throw new HttpError(
        409,
        errorMessage("game-over", "a game's replay is given once it has finished", "game"),
      );
    const preset = presetOf(stored.record.preset);
    if (!preset)
      throw new HttpError(500, errorMessage("unavailable", "the game's preset is missing", "preset"));
    const game = gameOf(preset, stored.record);
    const responses = stored.responses.map((r) => [r.player, r.choice] as [number, string]);
    for (const [player, choice] of responses) game.act({ player, choice });
    return send(res, 200, replayFileOf(game, responses, stored.record.players, stored.record.decks));
  }

  const http = createHttpServer((req, res) => {
    handleHttp(req, res).catch((e: unknown) => {
      if (e instanceof HttpError) return send(res, e.status, e.body);
      if (e instanceof BadGameRequest) return send(res, 400, errorMessage("bad-message", e.message, e.where));
      send(res, 500, errorMessage("unavailable", "the server failed to answer", "server"));
    });
  });

  const wss: WebSocketServer = new Wss({ server: http, path: "/play", maxPayload: WIRE_LIMITS.socketBytes });
  wss.on("connection", (ws) => connect(ws));

  function connect(ws: WebSocket): void {
    const limiter = new RateLimiter(() => time.now());
    let strikes = 0;
    let room: Room | null = null;
    let client: RoomClient | null = null;
    let joining = false;
    const sendText = (text: string) => {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > maxBuffered) {
        ws.close(1008, "too slow: messages piled up unread");
        return;
      }
      ws.send(text);
    };
    const refuse = (m: ErrorMessage) => {
      sendText(JSON.stringify(m));
      if (++strikes >= WIRE_LIMITS.strikes) ws.close(1008, "too many refused messages");
    };
    ws.on("message", (data: Buffer, isBinary: boolean) => {
      if (!limiter.take())
        return refuse(
          errorMessage("rate-limited", `more than ${WIRE_LIMITS.ratePerSecond} messages a second`, "message"),
        );
      const msg = parseClientMessage(isBinary ? data : data.toString("utf8"));
      if (msg.type === "error") return refuse(msg);
      if (msg.type === "ping") return sendText(JSON.stringify({ type: "pong" }));
      if (msg.type === "hello") {
        if (room || joining)
          return refuse(errorMessage("already-joined", "this connection has joined a game", "hello"));
        joining = true;
        hello(msg)
          .then((r) => {
            if (!r) return;
            if (ws.readyState !== ws.OPEN) {
              r.room.leave(r.client);
              return;
            }
            room = r.room;
            client = r.client;
            sendText(r.welcome);
          })
          .catch(() => refuse(errorMessage("unavailable", "the game could not be loaded", "hello.game")))
          .finally(() => {
            joining = false;
          });
        return;
      }
      if (!room || !client) return refuse(errorMessage("not-joined", "send hello first", msg.type));
      if (msg.type === "sync") return sendText(room.resync(client));
      if (msg.type === "sample") {
        let answer: string | ErrorMessage;
        try {
          answer = sampleAnswer(room, client.seat, msg);
        } catch {
          answer = errorMessage("unavailable", "the samples could not be dealt", "sample");
        }
        return typeof answer === "string" ? sendText(answer) : refuse(answer);
      }
      // act
      if (client.seat === null)
        return refuse(errorMessage("spectator", "a spectator can't answer decisions", "act"));
      const r = cluster
        ? cluster.submit(room, client.seat, msg.decision, msg.choice)
        : room.submit(client.seat, msg.decision, msg.choice);
      r.then((err) => err && refuse(err)).catch(() =>
        refuse(errorMessage("unavailable", "the answer could not be stored", "act")),
      );
    });
    ws.on("close", () => {
      if (room && client) {
        room.leave(client);
        // A finished game's last client gone: it is read from the store from now on.
        if (room.over && room.clients.size === 0 && rooms.get(room.id) === room) {
          room.stop();
          rooms.delete(room.id);
        }
      }
      room = null;
    });
    ws.on("error", () => {});

    async function hello(
      msg: HelloMessage,
    ): Promise<{ room: Room; client: RoomClient; welcome: string } | null> {
      const protocol = msg.protocol;
      if (!isProtocolVersion(protocol)) {
        refuse(
          errorMessage(
            "protocol-version",
            `this server speaks protocols ${PROTOCOL_VERSIONS.join(" and ")}, not ${protocol}`,
            "hello.protocol",
          ),
        );
        return null;
      }
      const r = await roomOf(msg.game);
      if (!r) {
        refuse(errorMessage("unknown-game", `no game ${JSON.stringify(msg.game)}`, "hello.game"));
        return null;
      }
      let seat: number | null = null;
      if (msg.token !== undefined) {
        const token = msg.token;
        const i = r.record.tokenHashes.findIndex((h) => tokenMatches(token, h));
        if (i < 0) {
          refuse(errorMessage("bad-token", "the token is not a seat's of this game", "hello.token"));
          return null;
        }
        seat = i;
      }
      const c: RoomClient = {
        seat,
        protocol,
        send: sendText,
        close(m) {
          sendText(JSON.stringify(m));
          room = null;
          ws.close(4000, m.code);
        },
      };
      // In the room's order: an answer being stored is told before the welcome's view shows it.
      const welcome = await r.inOrder(async () => r.join(c, msg.since));
      return { room: r, client: c, welcome };
    }
  }

  if (opts.cluster) {
    if (store.dialect !== "postgres")
      throw new Error("cluster: several processes share a PostgreSQL database, not a SQLite file");
    const { Cluster } = await import("./cluster.js");
    cluster = await Cluster.start(opts.cluster, { store, rooms });
  }

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => {
      http.off("error", reject);
      resolve();
    });
  });
  const addr = http.address() as AddressInfo;
  const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  const url = `http://${host}:${addr.port}`;
  const wsUrl = `ws://${host}:${addr.port}/play`;

  return {
    address: () => ({ host: addr.address, port: addr.port }),
    url,
    wsUrl,
    rooms: () => rooms.size,
    async close() {
      for (const r of rooms.values()) r.stop();
      await cluster?.stop();
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await store.close();
    },
  };
}
