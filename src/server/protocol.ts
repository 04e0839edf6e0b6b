/**
 * The wire protocol of `turnkit serve` (docs/server.md): every message is one JSON object
 * `{ "type": "...", ... }`, checked at the door before anything reads it — its size, its JSON, no
 * `__proto__` key, then its exact shape (no coercion: `"3"` is not 3; no extra keys). A message
 * that fails gets `{ "type": "error", "code", "message", "where" }` naming what and where.
 *
 * The envelope is shared with `turnkit host --stdio`: `type` first, a protocol version in
 * `hello`/`welcome`, errors as above.
 */

import { z } from "zod";
import { jsonKindOf as kindOf, protoKeyPath } from "../core/json.js";

/**
 * The protocol's version, sent in `hello` and `welcome`: 2 sends a patch against the last view
 * instead of the whole view in each update. A client asking for 1 is served as before (whole views).
 */
export const PROTOCOL_VERSION = 2;
/** The versions a server speaks. */
export const PROTOCOL_VERSIONS = [1, 2] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

export function isProtocolVersion(n: number): n is ProtocolVersion {
  return (PROTOCOL_VERSIONS as readonly number[]).includes(n);
}

/** Bounds on what a client may send (docs/server.md, "Limits"). */
export const WIRE_LIMITS = {
  /** Bytes in one client message; a longer one is refused with `too-large`. */
  messageBytes: 4096,
  /** Bytes at which the socket itself is closed (code 1009) without reading the message. */
  socketBytes: 64 * 1024,
  /** Messages a connection may send per second on average (a bot answering at once plays ~30) … */
  ratePerSecond: 50,
  /** … and in one burst. */
  burst: 100,
  /** Refused messages (bad or over the rate) after which the connection is closed (1008). */
  strikes: 50,
  /** Characters in a seat token, a game id, an option id. */
  tokenLength: 64,
  idLength: 64,
  choiceLength: 256,
  /** Determinizations in one `samples` answer, at most (`sample.count`) … */
  samplesPerMessage: 16,
  /** … and for one seat at one decision, over all its `sample` messages. */
  samplesPerDecision: 32,
  /** Bytes of saves in one `samples` answer: it holds fewer once this is reached (at least one). */
  samplesBytes: 2 * 1024 * 1024,
  /** Characters in a `sample.seed` string. */
  seedLength: 64,
} as const;

/** Error codes (docs/server.md lists each with when it is sent). */
export type ErrorCode =
  | "bad-json"
  | "too-large"
  | "bad-message"
  | "unknown-type"
  | "protocol-version"
  | "not-joined"
  | "already-joined"
  | "unknown-game"
  | "bad-token"
  | "spectator"
  | "not-your-decision"
  | "stale-decision"
  | "illegal-choice"
  | "game-over"
  | "rate-limited"
  | "unavailable"
  | "samples-unavailable";

export interface ErrorMessage {
  type: "error";
  code: ErrorCode;
  message: string;
  /** Where in the message (a path such as `act.choice`), or what the error is about. */
  where: string;
}

export function errorMessage(code: ErrorCode, message: string, where: string): ErrorMessage {
  return { type: "error", code, message, where };
}

const Hello = z.strictObject({
  type: z.literal("hello"),
  protocol: z.number().int(),
  game: z.string().min(1).max(WIRE_LIMITS.idLength),
  /** A seat's token; without one, the client watches as a spectator. */
  token: z.string().min(1).max(WIRE_LIMITS.tokenLength).optional(),
  /** Responses the client has already seen: the welcome's events start after them (resuming). */
  since: z.number().int().nonnegative().optional(),
});

const Act = z.strictObject({
  type: z.literal("act"),
  /** The id of the decision answered (the view's `decision.id`): a stale answer is refused. */
  decision: z.number().int().nonnegative(),
  /** The chosen option's id. */
  choice: z.string().min(1).max(WIRE_LIMITS.choiceLength),
});

const Ping = z.strictObject({ type: z.literal("ping") });

/** Asks for the whole view again (protocol 2): the next patches apply to it. */
const Sync = z.strictObject({ type: z.literal("sync") });

/** A seat asks for determinizations of the game from its own point of view (src/server/samples.ts). */
const Sample = z.strictObject({
  type: z.literal("sample"),
  /** The seat's pending decision: samples are dealt only there, and a stale request is refused. */
  decision: z.number().int().nonnegative(),
  count: z.number().int().min(1).max(WIRE_LIMITS.samplesPerMessage),
  /** The client's seed: the same seed at the same decision deals the same samples. */
  seed: z.union([z.number().int(), z.string().min(1).max(WIRE_LIMITS.seedLength)]),
});

const SCHEMAS = { hello: Hello, act: Act, ping: Ping, sync: Sync, sample: Sample } as const;
export type ClientMessage = z.infer<(typeof SCHEMAS)[keyof typeof SCHEMAS]>;
export type HelloMessage = z.infer<typeof Hello>;
export type ActMessage = z.infer<typeof Act>;
export type SampleMessage = z.infer<typeof Sample>;

/** The client message types, for error texts and docs. */
export const CLIENT_TYPES = Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[];

const has = (o: object, k: string) => Object.hasOwn(o, k);

function pathText(type: string, path: readonly PropertyKey[]): string {
  return [type, ...path.map(String)].join(".");
}

/**
 * Parses one client message (the socket's text or bytes): the message, or the error to send back.
 * Nothing is coerced; an inherited key is never read (only own keys count).
 */
export function parseClientMessage(data: string | Buffer): ClientMessage | ErrorMessage {
  const bytes = typeof data === "string" ? Buffer.byteLength(data) : data.length;
  if (bytes > WIRE_LIMITS.messageBytes)
    return errorMessage(
      "too-large",
      `the message is ${bytes} bytes; at most ${WIRE_LIMITS.messageBytes}`,
      "message",
    );
  let value: unknown;
  try {
    value = JSON.parse(typeof data === "string" ? data : data.toString("utf8"));
  } catch (e) {
    return errorMessage("bad-json", `the message is not JSON (${(e as Error).message})`, "message");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return errorMessage("bad-message", `a message is a JSON object, not ${kindOf(value)}`, "message");
  const proto = protoKeyPath(value);
  if (proto) return errorMessage("bad-message", "the key __proto__ is not allowed", proto.join("."));
  const type = has(value, "type") ? (value as { type: unknown }).type : undefined;
  if (typeof type !== "string")
    return errorMessage(
      "bad-message",
      type === undefined ? "the message has no type" : `type must be a string, not ${kindOf(type)}`,
      "type",
    );
  if (!has(SCHEMAS, type))
    return errorMessage(
      "unknown-type",
      `unknown message type ${JSON.stringify(type.slice(0, 40))}; the types are ${CLIENT_TYPES.join(", ")}`,
      "type",
    );
  const schema = SCHEMAS[type as keyof typeof SCHEMAS];
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.code === "unrecognized_keys")
    return errorMessage(
      "bad-message",
      `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")} in ${type}`,
      pathText(type, [...issue.path, issue.keys[0]!]),
    );
  const at = issue.path.reduce<unknown>(
    (v, k) =>
      v && typeof v === "object" && has(v, String(k)) ? (v as Record<string, unknown>)[String(k)] : undefined,
    value,
  );
  const got = at === undefined ? "missing" : `got ${kindOf(at)}`;
  return errorMessage("bad-message", `${issue.message} (${got})`, pathText(type, issue.path));
}

/**
 * A token bucket: `take()` is false when the connection sent more than `ratePerSecond` on
 * average or `burst` at once. `now` is the server's clock (milliseconds).
 */
export class RateLimiter {
  private tokens: number;
  private last: number;
  constructor(
    private readonly now: () => number,
    private readonly rate = WIRE_LIMITS.ratePerSecond,
    private readonly burst = WIRE_LIMITS.burst,
  ) {
    this.tokens = burst;
    this.last = now();
  }
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) * this.rate) / 1000);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
