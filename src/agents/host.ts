/**
 * The environment host behind `turnkit host --stdio` (docs/agents.md, "The stdio host"): games
 * for a learner in another language, one JSON object per line each way. The envelope is the game
 * server's: `{ "type": "...", ... }`, the protocol version in the first message (`hello` →
 * `welcome`), errors `{ "type": "error", "code", "message", "where" }`. A bad line gets its error
 * and changes nothing; the host reads on.
 *
 * Many games live in one host, each by an `id` the learner picks; `batch` carries many messages
 * in one line and answers them in one line, in order (the throughput path). Every answer about a
 * player comes from their view: features (`defaultFeatures`), the number of their legal options
 * (slots 0 … n-1 of the action space, canonical order), and on request the options themselves,
 * their feature rows and the view.
 */

import { z } from "zod";
import { TurnkitError } from "../core/errors.js";
import { Game } from "../core/game.js";
import type { JsonObject } from "../core/json.js";
import { jsonKindOf as kindOf, protoKeyPath } from "../core/json.js";
import type { Preset } from "../core/preset.js";
import type { PlayerId } from "../core/types.js";
import { type ActionSpace, actionSpace, optionFeatures } from "./action-space.js";
import { canonicalOptions, type EncodedOption } from "./encoding.js";
import { observedFeatures } from "./observe.js";
import { type ObservedView, observedView } from "./observed.js";

/** The host protocol's version, in `hello` and `welcome`. */
export const HOST_PROTOCOL = 1;

export const HOST_LIMITS = {
  /** Bytes in one line; a longer one is refused with `too-large`. */
  lineBytes: 4 * 1024 * 1024,
  /** Games one host holds at once. */
  games: 1024,
  /** Messages in one batch. */
  batch: 4096,
  /** Characters in a game id. */
  idLength: 64,
} as const;

export type HostErrorCode =
  | "bad-json"
  | "too-large"
  | "bad-message"
  | "unknown-type"
  | "protocol-version"
  | "no-hello"
  | "unknown-preset"
  | "bad-game"
  | "unknown-game"
  | "too-many-games"
  | "illegal-action"
  | "game-over"
  | "action-space";

export type HostError = {
  type: "error";
  code: HostErrorCode;
  message: string;
  where: string;
};

type Reply = Record<string, unknown> & { type: string };

const id = z.string().min(1).max(HOST_LIMITS.idLength);
const seed = z.union([
  z.number().int().refine(Number.isSafeInteger, "a safe integer"),
  z.string().min(1).max(200),
]);
const json: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(json), z.record(z.string(), json)]),
);

const Hello = z.strictObject({ type: z.literal("hello"), protocol: z.number().int() });
const Reset = z.strictObject({
  type: z.literal("reset"),
  id: id.optional(),
  game: z.string().min(1).max(200),
  seed,
  players: z.number().int().min(1).max(64).optional(),
  decks: z
    .array(z.array(z.string().min(1).max(200)).max(1000))
    .max(64)
    .optional(),
  options: z.record(z.string(), json).optional(),
  maxActions: z.number().int().min(1).max(1_000_000).optional(),
  maxOptions: z.number().int().min(1).optional(),
  /** What each observation carries besides features and the option count. */
  view: z.boolean().optional(),
  legal: z.boolean().optional(),
  rows: z.boolean().optional(),
});
const Observe = z.strictObject({
  type: z.literal("observe"),
  id: id.optional(),
  player: z.number().int().min(0).optional(),
});
const Legal = z.strictObject({ type: z.literal("legal"), id: id.optional() });
const Step = z.strictObject({
  type: z.literal("step"),
  id: id.optional(),
  /** A slot of the action space (0 … n-1), or an option id. */
  action: z.union([z.number().int().min(0), z.string().min(1).max(1000)]),
});
const Close = z.strictObject({ type: z.literal("close"), id: id.optional() });
const Spaces = z.strictObject({
  type: z.literal("spaces"),
  game: z.string().min(1).max(200),
  players: z.number().int().min(1).max(64).optional(),
  options: z.record(z.string(), json).optional(),
  maxOptions: z.number().int().min(1).optional(),
});

/** The shape of each message type but `batch` (zod schemas). */
export const HOST_SCHEMAS = {
  hello: Hello,
  reset: Reset,
  observe: Observe,
  legal: Legal,
  step: Step,
  close: Close,
  spaces: Spaces,
} as const;
type Message = z.infer<(typeof HOST_SCHEMAS)[keyof typeof HOST_SCHEMAS]>;
export const HOST_TYPES = [...Object.keys(HOST_SCHEMAS), "batch"] as const;

function error(code: HostErrorCode, message: string, where: string): HostError {
  return { type: "error", code, message, where };
}

class Refused extends Error {
  constructor(readonly reply: HostError) {
    super(reply.message);
  }
}

const has = (o: object, k: string) => Object.hasOwn(o, k);

/**
 * `value` as a `step` message when it is one exactly as the schema says (the hot message of the
 * throughput path, checked without zod); null for anything else, which `Step` then checks and
 * explains. Never accepts what `Step` refuses (tests/agents/host.test.ts compares them).
 */
export function asStep(value: unknown): z.infer<typeof Step> | null {
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype)
    return null;
  const m = value as { type?: unknown; id?: unknown; action?: unknown };
  if (m.type !== "step") return null;
  let keys = 0;
  for (const k in m) {
    if (k !== "type" && k !== "id" && k !== "action") return null;
    keys++;
  }
  if (keys !== Object.keys(m).length) return null;
  const { id: gid, action } = m;
  if (gid !== undefined && (typeof gid !== "string" || gid.length < 1 || gid.length > HOST_LIMITS.idLength))
    return null;
  if (typeof action === "number") {
    if (!Number.isSafeInteger(action) || action < 0) return null;
  } else if (typeof action !== "string" || action.length < 1 || action.length > 1000) return null;
  return m as z.infer<typeof Step>;
}

/** One message (already JSON) to its exact shape, or the error naming what and where. */
function parseMessage(value: unknown, at: string): Message | HostError {
  const step = asStep(value);
  if (step) return step;
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return error("bad-message", `a message is a JSON object, not ${kindOf(value)}`, at || "message");
  const type = has(value, "type") ? (value as { type: unknown }).type : undefined;
  if (typeof type !== "string")
    return error(
      "bad-message",
      type === undefined ? "the message has no type" : `type must be a string, not ${kindOf(type)}`,
      `${at}type`,
    );
  if (!has(HOST_SCHEMAS, type))
    return error(
      "unknown-type",
      `unknown message type ${JSON.stringify(type.slice(0, 40))}; the types are ${HOST_TYPES.join(", ")}`,
      `${at}type`,
    );
  const parsed = HOST_SCHEMAS[type as keyof typeof HOST_SCHEMAS].safeParse(value);
  if (parsed.success) return parsed.data as Message;
  const issue = parsed.error.issues[0]!;
  const path = (p: readonly PropertyKey[]) => [`${at}${type}`, ...p.map(String)].join(".");
  if (issue.code === "unrecognized_keys")
    return error(
      "bad-message",
      `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")} in ${type}`,
      path([...issue.path, issue.keys[0]!]),
    );
  const got = issue.path.reduce<unknown>(
    (v, k) =>
      v && typeof v === "object" && has(v, String(k)) ? (v as Record<string, unknown>)[String(k)] : undefined,
    value,
  );
  return error(
    "bad-message",
    `${issue.message} (${got === undefined ? "missing" : `got ${kindOf(got)}`})`,
    path(issue.path),
  );
}

/** One game of the host. */
interface HostGame {
  preset: Preset;
  game: Game;
  space: ActionSpace;
  features: (view: ObservedView) => number[];
  maxActions: number;
  actions: number;
  truncated: boolean;
  show: { view: boolean; legal: boolean; rows: boolean };
  /** The options of the player to act, canonical order (null: not computed since the last change). */
  legal: EncodedOption[] | null;
}

export interface HostOptions {
  /** The preset of an id (default: none; the CLI passes getPreset). */
  presetOf: (id: string) => Preset;
  /** turnkit's version, said in `welcome`. */
  version?: string;
}

/** The host's state: its games by id, and whether `hello` was said. */
const tooLarge = (bytes: number): Reply =>
  error("too-large", `the line is ${bytes} bytes; at most ${HOST_LIMITS.lineBytes}`, "message");

export class Host {
  private readonly games = new Map<string, HostGame>();
  private greeted = false;
  /** True once `close` without an id ended the session. */
  ended = false;

  constructor(private readonly opts: HostOptions) {}

  /** One line in, one line out (without its newline). */
  handleLine(line: string): string {
    return JSON.stringify(this.handleText(line));
  }

  /** The answer to a line of `bytes` bytes, over the bound, that the reader dropped unread. */
  lineTooLong(bytes: number): string {
    return JSON.stringify(tooLarge(bytes));
  }

  private handleText(line: string): Reply {
    const bytes = Buffer.byteLength(line);
    if (bytes > HOST_LIMITS.lineBytes) return tooLarge(bytes);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      return error("bad-json", `the line is not JSON (${(e as Error).message})`, "message");
    }
    const proto = protoKeyPath(value);
    if (proto) return error("bad-message", "the key __proto__ is not allowed", proto.join("."));
    if (
      value &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      (value as { type?: unknown }).type === "batch"
    )
      return this.batch(value as Record<string, unknown>);
    return this.handleValue(value, "");
  }

  private batch(value: Record<string, unknown>): Reply {
    const keys = Object.keys(value).filter((k) => k !== "type" && k !== "messages");
    if (keys.length > 0)
      return error("bad-message", `unknown key ${JSON.stringify(keys[0])} in batch`, `batch.${keys[0]}`);
    const messages = value.messages;
    if (!Array.isArray(messages))
      return error(
        "bad-message",
        `batch.messages must be a list of messages, not ${kindOf(messages)}`,
        "batch.messages",
      );
    if (messages.length > HOST_LIMITS.batch)
      return error(
        "too-large",
        `a batch of ${messages.length} messages; at most ${HOST_LIMITS.batch}`,
        "batch.messages",
      );
    const replies = messages.map((m, i) => {
      const at = `batch.messages.${i}.`;
      if (m && typeof m === "object" && (m as { type?: unknown }).type === "batch")
        return error("bad-message", "a batch may not hold a batch", `${at}type`);
      return this.handleValue(m, at);
    });
    return { type: "batch", replies };
  }

  private handleValue(value: unknown, at: string): Reply {
    const m = parseMessage(value, at);
    if (m.type === "error") return m;
    if (m.type !== "hello" && !this.greeted)
      return error("no-hello", `say hello first: {"type":"hello","protocol":${HOST_PROTOCOL}}`, `${at}type`);
    try {
      return this.run(m, at);
    } catch (e) {
      if (e instanceof Refused) return e.reply;
      throw e;
    }
  }

  private run(m: Message, at: string): Reply {
    switch (m.type) {
      case "hello":
        if (m.protocol !== HOST_PROTOCOL)
          return error(
            "protocol-version",
            `this host speaks protocol ${HOST_PROTOCOL}, not ${m.protocol}`,
            `${at}hello.protocol`,
          );
        this.greeted = true;
        return { type: "welcome", protocol: HOST_PROTOCOL, turnkit: this.opts.version ?? "unknown" };
      case "spaces": {
        const preset = this.preset(m.game, `${at}spaces.game`);
        const players = m.players ?? preset.players.min;
        const space = this.space(preset, m.maxOptions, `${at}spaces.maxOptions`);
        const features = this.featuresOf(preset, players, m.options as JsonObject | undefined, `${at}spaces`);
        return {
          type: "spaces",
          game: preset.id,
          players,
          actions: space.size,
          features: features.length,
          rowWidth: space.width,
        };
      }
      case "reset":
        return this.reset(m, at);
      case "observe": {
        const g = this.game(m.id, at, "observe");
        const p = m.player ?? g.game.state.decision?.player ?? 0;
        if (p >= g.game.state.players.length)
          return error(
            "bad-message",
            `there is no player ${p} (players 0…${g.game.state.players.length - 1})`,
            `${at}observe.player`,
          );
        return this.observation("observation", m.id ?? "0", g, p);
      }
      case "legal": {
        const g = this.game(m.id, at, "legal");
        const p = this.toAct(g);
        const legal = p === null ? [] : this.legalOf(g);
        const rows = optionFeatures(g.space, legal);
        return {
          type: "legal",
          id: m.id ?? "0",
          player: p,
          count: legal.length,
          actions: g.space.size,
          options: legal.map((o, i) => ({
            index: i,
            id: o.id,
            label: o.label,
            encoding: o.encoding,
            row: rows[i],
          })),
        };
      }
      case "step":
        return this.step(m, at);
      case "close":
        if (m.id === undefined) {
          this.games.clear();
          this.ended = true;
          return { type: "closed" };
        }
        this.game(m.id, at, "close");
        this.games.delete(m.id);
        return { type: "closed", id: m.id };
    }
  }

  private preset(name: string, where: string): Preset {
    try {
      return this.opts.presetOf(name);
    } catch (e) {
      throw new Refused(error("unknown-preset", (e as Error).message, where));
    }
  }

  private space(preset: Preset, maxOptions: number | undefined, where: string): ActionSpace {
    try {
      return actionSpace(preset, maxOptions === undefined ? {} : { maxOptions });
    } catch (e) {
      throw new Refused(error("bad-message", (e as Error).message, where));
    }
  }

  private featuresOf(
    preset: Preset,
    players: number,
    options: JsonObject | undefined,
    where: string,
  ): number[] {
    try {
      const f = observedFeatures(preset, { players, ...(options ? { options } : {}) });
      const game = Game.create(preset, {
        seed: 0,
        players,
        logging: "none",
        ...(options ? { options } : {}),
      });
      return f(game.viewFor(0));
    } catch (e) {
      throw new Refused(error("bad-game", (e as Error).message, where));
    }
  }

  private game(gid: string | undefined, at: string, type: string): HostGame {
    const g = this.games.get(gid ?? "0");
    if (!g)
      throw new Refused(
        error(
          "unknown-game",
          `no game "${gid ?? "0"}" here: start one with reset${this.games.size ? ` (the games are ${[...this.games.keys()].slice(0, 10).join(", ")}${this.games.size > 10 ? " …" : ""})` : ""}`,
          `${at}${type}.id`,
        ),
      );
    return g;
  }

  private reset(m: z.infer<typeof Reset>, at: string): Reply {
    const gid = m.id ?? "0";
    if (!this.games.has(gid) && this.games.size >= HOST_LIMITS.games)
      return error(
        "too-many-games",
        `a host holds at most ${HOST_LIMITS.games} games: close one first`,
        `${at}reset.id`,
      );
    const preset = this.preset(m.game, `${at}reset.game`);
    const space = this.space(preset, m.maxOptions, `${at}reset.maxOptions`);
    const players = m.players ?? preset.players.min;
    let game: Game;
    let features: HostGame["features"];
    try {
      const options = m.options as JsonObject | undefined;
      game = Game.create(preset, {
        seed: m.seed,
        players,
        logging: m.view ? "full" : "none",
        ...(options ? { options } : {}),
        ...(m.decks ? { decks: m.decks } : {}),
      }).run();
      features = observedFeatures(preset, { players, ...(options ? { options } : {}) });
    } catch (e) {
      if (!(e instanceof TurnkitError)) throw e;
      return error("bad-game", (e as Error).message, `${at}reset`);
    }
    const g: HostGame = {
      preset,
      game,
      space,
      features,
      maxActions: m.maxActions ?? 20_000,
      actions: 0,
      truncated: false,
      show: { view: m.view ?? false, legal: m.legal ?? false, rows: m.rows ?? false },
      legal: null,
    };
    this.games.set(gid, g);
    return this.observation("observation", gid, g, this.toAct(g) ?? 0);
  }

  private toAct(g: HostGame): PlayerId | null {
    return g.game.over || g.truncated ? null : g.game.state.decision!.player;
  }

  private legalOf(g: HostGame): EncodedOption[] {
    g.legal ??= canonicalOptions(observedView(g.game, g.game.state.decision!.player));
    return g.legal;
  }

  private step(m: z.infer<typeof Step>, at: string): Reply {
    const gid = m.id ?? "0";
    const g = this.game(m.id, at, "step");
    const p = this.toAct(g);
    if (p === null) return error("game-over", `game "${gid}" is over: reset it`, `${at}step`);
    const legal = this.legalOf(g);
    let choice: string;
    if (typeof m.action === "number") {
      if (legal.length > g.space.size)
        return error(
          "action-space",
          `the decision has ${legal.length} options, more than the ${g.space.size} slots of this game's action space (maxOptions)`,
          `${at}step.action`,
        );
      const o = legal[m.action];
      if (!o)
        return error(
          "illegal-action",
          `action ${m.action} is masked: P${p + 1} has ${legal.length} option${legal.length === 1 ? "" : "s"} (0…${legal.length - 1})`,
          `${at}step.action`,
        );
      choice = o.id;
    } else {
      if (!legal.some((o) => o.id === m.action))
        return error(
          "illegal-action",
          `"${m.action.slice(0, 80)}" is not an option of P${p + 1}'s decision`,
          `${at}step.action`,
        );
      choice = m.action;
    }
    g.game.act({ player: p, choice });
    g.legal = null;
    g.actions++;
    if (!g.game.over && g.actions >= g.maxActions) g.truncated = true;
    const next = this.toAct(g) ?? p;
    const out = this.observation("step", gid, g, next);
    out.acted = p;
    out.choice = choice;
    return out;
  }

  /**
   * What `p` observes now: features, their option count and, as asked at reset, more. One view
   * serves the features and the options: the full view when it is sent, else the part of it they
   * read (`observedView`).
   */
  private observation(type: string, gid: string, g: HostGame, p: PlayerId): Reply {
    const decider = this.toAct(g);
    const view = g.show.view ? g.game.viewFor(p) : observedView(g.game, p);
    let legal: EncodedOption[] = [];
    if (decider === p) {
      g.legal ??= canonicalOptions(view);
      legal = g.legal;
    }
    const result = g.game.result;
    const out: Reply = {
      type,
      id: gid,
      player: p,
      toAct: decider,
      features: g.features(view),
      count: legal.length,
      done: decider === null,
      truncated: g.truncated,
      rewards: g.game.state.players.map((q) =>
        !result || result.winner === null ? 0 : result.winner === q.id ? 1 : -1,
      ),
    };
    if (result) out.result = result;
    if (g.show.legal) out.legal = legal.map((o) => ({ id: o.id, label: o.label, encoding: o.encoding }));
    if (g.show.rows) out.rows = optionFeatures(g.space, legal);
    if (g.show.view) out.view = view;
    return out;
  }
}
