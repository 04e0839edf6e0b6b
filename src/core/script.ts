/**
 * The effect interpreter. An effect is a list of ops (data); the interpreter runs them one at a
 * time from a task on the engine's stack, so an effect can stop for a decision and continue when
 * the answer comes, and a game saved in the middle of an effect restores and continues exactly.
 */

import { checkedCount } from "./bounds.js";
import type { EffectContext, ScriptTask } from "./contract/data.js";
import type { Game } from "./contract/game.js";
import { EngineError } from "./errors.js";
import type { Json, JsonObject } from "./json.js";
import { countSelected, eventField, matchObject, relativePlayers, selectObjects } from "./match.js";
import type { GameEvent, GameObject, PlayerId, Task } from "./types.js";
import type { Op, RelativePlayer, Selector } from "./vocabulary/schema.js";

export type { ArgSpec, ArgType, EffectContext, OpResult, ScriptTask } from "./contract/data.js";
export type { OpHandler } from "./contract/hooks.js";

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
    frame.scratch = undefined;
    frame.answer = undefined;
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
  const n = readNumber(game, ref, frame, fallback);
  // Infinity, NaN or 1e308 (a var, an event's field) would end as null in a save, or loop forever.
  if (Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER) return n;
  throw new EngineError(
    `${JSON.stringify(ref)} is ${String(n)}: not a number a game can use (at most ${Number.MAX_SAFE_INTEGER} either way)`,
  );
}

/**
 * A count an op reads (`resolveNumber`): a whole number from 0 to `max` (a limit of bounds.ts),
 * or an EngineError naming `what` — checked before the op makes anything.
 */
export function resolveCount(
  game: Game,
  ref: Json | undefined,
  frame: ScriptTask,
  fallback: number,
  what: string,
  max: number,
): number {
  return checkedCount(resolveNumber(game, ref, frame, fallback), what, max);
}

function readNumber(game: Game, ref: Json | undefined, frame: ScriptTask, fallback: number): number {
  if (ref === undefined || ref === null) return fallback;
  if (typeof ref === "number") return ref;
  if (typeof ref === "string" && ref.startsWith("$")) {
    const v = varsOf(game, frame)[ref.slice(1)];
    return typeof v === "number" ? v : Array.isArray(v) ? v.length : fallback;
  }
  if (typeof ref === "object" && !Array.isArray(ref) && "count" in ref)
    return countSelected(
      game,
      ref.count as Selector,
      frame.ctx.controller,
      sourceOf(game, frame.ctx),
      Infinity,
    );
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
