/**
 * The effect interpreter. An effect is a list of ops (data); the interpreter runs them one at a
 * time from a task on the engine's stack, so an effect can stop for a decision and continue when
 * the answer comes, and a game saved in the middle of an effect restores and continues exactly.
 */
import { EngineError } from "./errors.js";
import type { Game } from "./game.js";
import type { Json, JsonObject } from "./json.js";
import { eventField, matchObject, relativePlayers, selectObjects } from "./match.js";
import type { GameEvent, GameObject, ObjectId, PlayerId, Task } from "./types.js";
import type { Op, RelativePlayer, Selector } from "./vocabulary/schema.js";

/** Who and what an effect is about. */
export interface EffectContext {
  controller: PlayerId;
  source?: ObjectId;
  sourceInc?: number;
  card?: string;
  ability?: string;
  keyword?: string;
  /** The event that triggered the ability, or the event a replacement replaces. */
  event?: GameEvent;
  /** A "one or more" ability (CR 603.2c): every occurrence of its event in the batch, `event` first. */
  batch?: GameEvent[];
  /** Inside a replacement: what happens is not replaced again (RULINGS DM-3.8). */
  noReplace?: boolean;
  /** The pending ability or stack item this effect belongs to. */
  pending?: number;
  /** Its controller already chose to use it (a hidden-response window): its opening "you may" is answered yes. */
  accepted?: boolean;
}

export interface ScriptTask extends Task {
  t: "script";
  ops: Op[];
  pc: number;
  ctx: EffectContext;
  /** Variables of this effect; nested blocks use their root frame's (varsAt). */
  vars?: JsonObject;
  varsAt?: number;
  /** Scratch state of the op at pc (loop index, picks so far); cleared when pc advances. */
  scratch?: Json;
}

/** next: advance; wait: a decision was asked, call again with the answer; again: call again (a child ran). */
export type OpResult = "next" | "wait" | "again" | "stop";

/**
 * The kinds of value an op argument takes (src/core/op-args.ts checks them when cards load;
 * scripts/gen-ops.ts turns them into TypeScript types and docs/reference/ops.md):
 * - `number`: a number, `"$var"` (a number, or a list's length) or `{ count: Selector }` (resolveNumber);
 * - `integer`: a whole number written as is (the op reads no `$var`);
 * - `string`, `boolean`, `json` (anything);
 * - `var`: the name of an effect variable, written without `$` (`as: "t"`, read later as `"$t"`);
 * - `zone`: a zone kind of the preset;
 * - `player` / `players`: `controller`, `owner`, `event`, a relative player (`self`, `opponent`,
 *   `any`, `active`, `nonActive`), `"$var"` or a player number — one player, or each named;
 * - `objects`: `self`, `selfCard`, `event`, `"$var"`, an object id, `{ select: Selector }`, or a list;
 * - `selector`, `condition`, `cardFilter`: the vocabulary's Selector, Condition, CardFilter;
 * - `ops`: a nested list of ops (checked like the effect around it);
 * - `expiry`: `"turn"`, `"nextTurn"`, `"source"`, `{ endOf: node }`, `{ until: node }`,
 *   `{ nextTurnOf: player }` or `{ tag }`;
 * - `strings`: a list of strings; `nodes`: a list of turn node ids (checked against the turn tree);
 * - `record` / `records`: an object (a list of objects) whose fields are described by `fields`.
 */
export type ArgType =
  | "number"
  | "integer"
  | "string"
  | "boolean"
  | "json"
  | "var"
  | "zone"
  | "player"
  | "players"
  | "objects"
  | "selector"
  | "condition"
  | "cardFilter"
  | "ops"
  | "expiry"
  | "strings"
  | "node"
  | "nodes"
  | "record"
  | "records";

/** One argument of an op: checked when cards load, typed and documented from this. */
export interface ArgSpec {
  type: ArgType;
  /** A card that leaves it out is refused when the game is created. */
  required?: boolean;
  /** What it means, in one sentence (docs/reference/ops.md, TSDoc of the generated op types). */
  doc: string;
  /** For `string` and `zone`: the only values allowed. */
  values?: readonly string[];
  /** What the op uses when it is left out. */
  default?: Json;
  /** For `record` and `records`: the object's fields. */
  fields?: Record<string, ArgSpec>;
}

export interface OpHandler {
  run(game: Game, op: Op, frame: ScriptTask): OpResult;
  /**
   * The op's arguments by name (every op of the kernel and of the built-in presets has them):
   * a card using an unknown argument, leaving out a required one or giving one of the wrong kind
   * is refused when the game is created; nested `ops` arguments are checked the same way.
   */
  args?: Record<string, ArgSpec>;
  /**
   * @deprecated Give `args` with `type: "ops"` instead. The nested op lists of an op that has no
   * `args`, checked when cards load.
   */
  blocks?(op: Op): Op[][];
  /**
   * As a cost or a target choice on activation: why it can't be done now (a reason a player can
   * read), or null. Checked before an ability is offered (activation.ts); ops that name objects
   * chosen by an earlier op (`$x`) can't be judged beforehand and return null.
   */
  feasible?(game: Game, op: Op, frame: ScriptTask): string | null;
  /** Load-time check of rules between arguments (after `args` are checked): a message, or null when fine. */
  check?(op: Op): string | null;
  /** What the op does, in one line (docs/reference/ops.md, error messages). */
  doc?: string;
}

export function scriptTask(ops: Op[], ctx: EffectContext, vars: JsonObject = {}): ScriptTask {
  return { t: "script", ops, pc: 0, ctx, vars };
}

/** The variables a frame reads and writes: its own, or its root frame's for nested blocks. */
export function varsOf(game: Game, frame: ScriptTask): JsonObject {
  if (frame.varsAt !== undefined) {
    const root = game.state.tasks[frame.varsAt] as ScriptTask | undefined;
    if (!root?.vars) throw new EngineError("a nested effect block lost its root frame");
    return root.vars;
  }
  frame.vars ??= {};
  return frame.vars;
}

/** Pushes a nested block that shares the frame's variables. */
export function pushBlock(game: Game, frame: ScriptTask, ops: Op[]): void {
  if (ops.length === 0) return;
  const tasks = game.state.tasks;
  const rootIndex = frame.varsAt ?? tasks.indexOf(frame);
  if (rootIndex < 0) throw new EngineError("pushBlock: frame is not on the task stack");
  const child: ScriptTask = { t: "script", ops, pc: 0, ctx: frame.ctx, varsAt: rootIndex };
  tasks.push(child);
}

export function runScriptTask(game: Game, task: Task): void {
  const frame = task as ScriptTask;
  if (frame.pc >= frame.ops.length) {
    game.popTask(frame);
    return;
  }
  const op = frame.ops[frame.pc]!;
  const handler = game.rules.ops.get(op.op);
  if (!handler) throw new EngineError(`unknown op "${op.op}"`);
  const result = handler.run(game, op, frame);
  if (result === "next") {
    frame.pc++;
    delete frame.scratch;
    delete frame.answer;
  } else if (result === "stop") game.popTask(frame);
}

// ---- references inside ops -------------------------------------------------------------

/** The source object, if it is still the incarnation that created the effect (CR 400.7). */
export function sourceOf(game: Game, ctx: EffectContext): GameObject | undefined {
  if (!ctx.source) return undefined;
  const o = game.state.objects[ctx.source];
  if (!o) return undefined;
  return ctx.sourceInc === undefined || o.inc === ctx.sourceInc ? o : undefined;
}

/**
 * Objects an op names: "self" (the source, same incarnation), "selfCard" (the source card
 * wherever it is), "event" (the event's object, same incarnation), "$var" (ids stored by an
 * earlier op), an object id, or { select: Selector }.
 */
export function resolveObjects(game: Game, ref: Json | undefined, frame: ScriptTask): GameObject[] {
  if (ref === undefined || ref === null) return [];
  const ctx = frame.ctx;
  if (typeof ref === "string") {
    if (ref === "self") {
      const s = sourceOf(game, ctx);
      return s ? [s] : [];
    }
    if (ref === "selfCard")
      return ctx.source && game.state.objects[ctx.source] ? [game.state.objects[ctx.source]!] : [];
    if (ref === "event") return ctx.event ? eventObjects(game, [ctx.event]) : [];
    // "That spell", "that ability's source": what caused the triggering event, as it was then.
    if (ref === "eventCause") return causeObject(game, ctx.event);
    // "Those creatures": every object of the batch's occurrences, still the same objects (CR 603.2c).
    if (ref === "batch") return eventObjects(game, ctx.batch ?? (ctx.event ? [ctx.event] : []));
    if (ref.startsWith("$")) return resolveObjects(game, varsOf(game, frame)[ref.slice(1)] ?? null, frame);
    const o = game.state.objects[ref];
    return o ? [o] : [];
  }
  if (Array.isArray(ref)) return ref.flatMap((r) => resolveObjects(game, r, frame));
  // An object remembered as it was ({ obj, inc }: a delayed trigger's "it"): gone once it changed zones (CR 400.7, 603.7c).
  if (typeof ref === "object" && typeof ref.obj === "string" && typeof ref.inc === "number") {
    const o = game.state.objects[ref.obj];
    return o && o.inc === ref.inc ? [o] : [];
  }
  if (typeof ref === "object" && "select" in ref)
    return selectObjects(game, ref.select as Selector, ctx.controller, sourceOf(game, ctx));
  throw new EngineError(`cannot name objects with ${JSON.stringify(ref)}`);
}

/** The objects events are about, each while it is still the incarnation the event saw, once each. */
function eventObjects(game: Game, events: readonly GameEvent[]): GameObject[] {
  const out: GameObject[] = [];
  for (const ev of events) {
    const o = ev.obj ? game.state.objects[ev.obj] : undefined;
    if (o && (ev.inc === undefined || o.inc === ev.inc) && !out.includes(o)) out.push(o);
  }
  return out;
}

/** The object that caused an event (`cause.obj`), while it is still the incarnation the cause names. */
function causeObject(game: Game, ev: GameEvent | undefined): GameObject[] {
  const c = ev?.cause;
  const o = c?.obj ? game.state.objects[c.obj] : undefined;
  return o && (c!.inc === undefined || o.inc === c!.inc) ? [o] : [];
}

/** A number field of an event ("data.n"); 0 when absent. */
function eventNumber(ev: GameEvent | undefined, path: string): number {
  const v = ev ? eventField(ev, path) : undefined;
  return typeof v === "number" ? v : 0;
}

/** Players an op names: self/controller, opponent, active, nonActive, any, owner, "event", "eventCause", "$var" or a number. */
export function resolvePlayers(game: Game, ref: Json | undefined, frame: ScriptTask): PlayerId[] {
  const ctx = frame.ctx;
  if (ref === undefined || ref === null || ref === "controller") return [ctx.controller];
  if (typeof ref === "number") return [ref];
  if (typeof ref === "string") {
    if (ref === "owner") {
      const s = ctx.source ? game.state.objects[ctx.source] : undefined;
      return s ? [s.owner] : [ctx.controller];
    }
    if (ref === "event") return ctx.event?.player === undefined ? [] : [ctx.event.player];
    // "That player": who caused the triggering event (the controller of the spell or ability).
    if (ref === "eventCause") return ctx.event?.cause?.player === undefined ? [] : [ctx.event.cause.player];
    if (ref.startsWith("$")) return resolvePlayers(game, varsOf(game, frame)[ref.slice(1)] ?? null, frame);
    return relativePlayers(game, ref as RelativePlayer, ctx.controller);
  }
  throw new EngineError(`cannot name players with ${JSON.stringify(ref)}`);
}

export function resolvePlayer(game: Game, ref: Json | undefined, frame: ScriptTask): PlayerId {
  const ps = resolvePlayers(game, ref, frame);
  if (ps.length === 0) throw new EngineError(`no player for ${JSON.stringify(ref)}`);
  return ps[0]!;
}

/**
 * A number: a literal, "$var", { count: Selector }, { event: field } (a field of the triggering
 * event: "that much") or { batch: "count" | field } (how many occurrences in its batch, or the sum
 * of a field over them: "that many", CR 603.2c).
 */
export function resolveNumber(game: Game, ref: Json | undefined, frame: ScriptTask, fallback = 0): number {
  if (ref === undefined || ref === null) return fallback;
  if (typeof ref === "number") return ref;
  if (typeof ref === "string" && ref.startsWith("$")) {
    const v = varsOf(game, frame)[ref.slice(1)];
    return typeof v === "number" ? v : Array.isArray(v) ? v.length : fallback;
  }
  if (typeof ref === "object" && !Array.isArray(ref) && "count" in ref)
    return selectObjects(game, ref.count as Selector, frame.ctx.controller, sourceOf(game, frame.ctx)).length;
  if (typeof ref === "object" && !Array.isArray(ref) && typeof ref.event === "string")
    return eventNumber(frame.ctx.event, ref.event);
  if (typeof ref === "object" && !Array.isArray(ref) && typeof ref.batch === "string") {
    const batch = frame.ctx.batch ?? (frame.ctx.event ? [frame.ctx.event] : []);
    if (ref.batch === "count") return batch.length;
    let sum = 0;
    for (const ev of batch) sum += eventNumber(ev, ref.batch);
    return sum;
  }
  throw new EngineError(`cannot read a number from ${JSON.stringify(ref)}`);
}

export function objectMatches(game: Game, obj: GameObject, sel: Selector, frame: ScriptTask): boolean {
  return matchObject(game, obj, sel, frame.ctx.controller, sourceOf(game, frame.ctx));
}
