/**
 * Load-time checking of effect ops against their handlers' argument specs (`OpHandler.args`):
 * unknown ops and arguments (with a "did you mean"), missing required arguments, values of the
 * wrong kind, zone kinds the preset doesn't have, and nested op lists, recursively. Selectors,
 * conditions and card filters are checked against the vocabulary.
 */

import type { ArgSpec } from "./contract/data.js";
import type { OpHandler } from "./contract/hooks.js";
import { didYouMean } from "./did-you-mean.js";
import { vocabularyProblems } from "./vocabulary/validate.js";

/** One thing wrong in an op list: where (`effect[2].then[0]`) and what. */
export interface OpProblem {
  path: string;
  message: string;
}

/** Names looked up by a check: a set of them, or the keys of a map. */
export interface Names {
  has(name: string): boolean;
  keys(): IterableIterator<string>;
}

/** What the ops of a game may name. */
export interface OpArgsContext {
  ops: ReadonlyMap<string, OpHandler>;
  /** Zone kinds of the preset. */
  zones: Names;
  /** Turn node ids, for expiries (`{ endOf: node }`); unchecked when absent. */
  nodes?: Names;
}

/** Player references every `player`/`players` argument takes besides `"$var"` and a number. */
export const PLAYER_WORDS = [
  "controller",
  "owner",
  "event",
  "eventCause",
  "self",
  "opponent",
  "any",
  "active",
  "nonActive",
] as const;

/** Object references every `objects` argument takes besides `"$var"`, an object id and `{ select }`. */
export const OBJECT_WORDS = ["self", "selfCard", "event", "eventCause", "batch"] as const;

/** Expiry words; the object forms are `{ endOf }`, `{ until }`, `{ nextTurnOf }` and `{ tag }`. */
export const EXPIRY_WORDS = ["turn", "nextTurn", "source", "never"] as const;
const BOUNDARY_FIELDS = ["begin", "end", "player", "turn"] as const;

const show = (v: unknown): string => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 57)}…` : s;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

const isVar = (v: unknown): boolean => typeof v === "string" && v.length > 1 && v.startsWith("$");

/** ` Did you mean "x"?` or, with no close name, ` Known: a, b, c.` (when `list` is set). */
function suggestion(word: string, candidates: Iterable<string>, list = true): string {
  const all = [...candidates];
  const close = didYouMean(word, all);
  if (close !== undefined) return `; did you mean "${close}"?`;
  return list ? `; known: ${all.sort().join(", ")}` : "";
}

/** Every problem in a list of ops, each with its path (`effect[2].then[0]`). */
export function opListProblems(
  ops: unknown,
  path: string,
  ctx: OpArgsContext,
  /** Called with each well-formed condition argument (to register its event counters). */
  onCondition?: (condition: unknown) => void,
): OpProblem[] {
  const checker = new Checker(ctx, onCondition);
  checker.list(ops, path);
  return checker.problems;
}

class Checker {
  readonly problems: OpProblem[] = [];
  private readonly zones: Names;
  private readonly nodes: Names | undefined;

  constructor(
    private readonly ctx: OpArgsContext,
    private readonly onCondition?: (condition: unknown) => void,
  ) {
    this.zones = ctx.zones;
    this.nodes = ctx.nodes;
  }

  /** "which is not a turn node", with the closest node's id when one is close. */
  private notANode(name: string): string {
    return `which is not a turn node${suggestion(name, this.nodes?.keys() ?? [])}`;
  }

  list(ops: unknown, path: string): void {
    if (!Array.isArray(ops)) {
      this.problems.push({ path, message: `must be a list of ops, not ${show(ops)}` });
      return;
    }
    for (const [i, op] of ops.entries()) this.op(op, `${path}[${i}]`);
  }

  private op(op: unknown, path: string): void {
    if (!isRecord(op) || typeof op.op !== "string") {
      this.problems.push({ path, message: `an op needs op: <name>, not ${show(op)}` });
      return;
    }
    const name = op.op;
    const handler = this.ctx.ops.get(name);
    if (!handler) {
      this.problems.push({ path, message: `unknown op "${name}"${suggestion(name, this.ctx.ops.keys())}` });
      return;
    }
    const at = `op "${name}"`;
    const before = this.problems.length;
    if (handler.args) {
      const args = handler.args;
      for (const key of Object.keys(op)) {
        if (key === "op" || Object.hasOwn(args, key)) continue;
        const names = Object.keys(args);
        const hint = didYouMean(key, names);
        this.problems.push({
          path,
          message: `${at}: unknown argument "${key}"${
            hint
              ? `; did you mean "${hint}"?`
              : names.length
                ? `; it takes ${names.join(", ")}`
                : "; it takes none"
          }`,
        });
      }
      this.fields(args, op, path, at, "");
    } else {
      for (const block of handler.blocks?.(op as never) ?? []) this.list(block, path);
    }
    if (this.problems.length === before) {
      const problem = handler.check?.(op as never);
      if (problem) this.problems.push({ path, message: `${at}: ${problem}` });
    }
  }

  /** Checks the fields of an op (prefix "") or of a record argument (prefix "options[0]."). */
  private fields(
    specs: Record<string, ArgSpec>,
    value: Record<string, unknown>,
    path: string,
    at: string,
    prefix: string,
  ): void {
    for (const [arg, spec] of Object.entries(specs)) {
      const v = value[arg];
      if (v === undefined) {
        if (spec.required) this.problems.push({ path, message: `${at}: needs ${prefix}${arg}` });
        continue;
      }
      this.value(spec, v, path, at, `${prefix}${arg}`);
    }
  }

  private bad(path: string, at: string, arg: string, message: string): void {
    this.problems.push({ path, message: `${at}: ${arg} ${message}` });
  }

  private value(spec: ArgSpec, v: unknown, path: string, at: string, arg: string): void {
    switch (spec.type) {
      case "json":
        return;
      case "number":
        if (typeof v === "number") {
          if (spec.max !== undefined && !(Number.isInteger(v) && v >= 0 && v <= spec.max))
            this.bad(path, at, arg, `must be a whole number from 0 to ${spec.max}, not ${show(v)}`);
          else if (!Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER)
            this.bad(path, at, arg, `must be a number within ±${Number.MAX_SAFE_INTEGER}, not ${show(v)}`);
          return;
        }
        if (isVar(v)) return;
        if (isRecord(v) && Object.keys(v).length === 1 && "count" in v) {
          this.vocab("Selector", v.count, path, at, `${arg}.count`);
          return;
        }
        // "That many": a field of the triggering event, or of its whole batch (CR 603.2c).
        if (isRecord(v) && Object.keys(v).length === 1 && ("event" in v || "batch" in v)) {
          const [k, x] = Object.entries(v)[0]!;
          if (typeof x !== "string" || x === "")
            this.bad(
              path,
              at,
              `${arg}.${k}`,
              `must be a dotted event field ("data.n")${k === "batch" ? ' or "count"' : ""}, not ${show(x)}`,
            );
          return;
        }
        this.bad(
          path,
          at,
          arg,
          `must be a number, a "$var", { count: Selector }, { event: field } or { batch: count | field }, not ${show(v)}`,
        );
        return;
      case "integer":
        if (Number.isInteger(v)) return;
        this.bad(path, at, arg, `must be a whole number, not ${show(v)}`);
        return;
      case "boolean":
        if (typeof v === "boolean") return;
        this.bad(path, at, arg, `must be true or false, not ${show(v)}`);
        return;
      case "string":
        if (typeof v !== "string") {
          this.bad(path, at, arg, `must be a string, not ${show(v)}`);
          return;
        }
        if (spec.values && !spec.values.includes(v))
          this.bad(
            path,
            at,
            arg,
            `is "${v}", not one of ${spec.values.join(", ")}${suggestion(v, spec.values, false)}`,
          );
        return;
      case "strings":
        if (Array.isArray(v) && v.every((x) => typeof x === "string")) return;
        this.bad(path, at, arg, `must be a list of strings, not ${show(v)}`);
        return;
      case "node":
        if (typeof v !== "string") this.bad(path, at, arg, `must be a turn node id, not ${show(v)}`);
        else if (this.nodes && !this.nodes.has(v))
          this.bad(path, at, arg, `names "${v}", ${this.notANode(v)}`);
        return;
      case "runningNode":
        if (v === "current") return;
        if (typeof v === "string") {
          if (this.nodes && !this.nodes.has(v)) this.bad(path, at, arg, `names "${v}", ${this.notANode(v)}`);
          return;
        }
        if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === "string")) {
          this.bad(
            path,
            at,
            arg,
            `must be "current", a turn node id or a non-empty list of them, not ${show(v)}`,
          );
          return;
        }
        for (const x of v as string[])
          if (this.nodes && !this.nodes.has(x)) this.bad(path, at, arg, `names "${x}", ${this.notANode(x)}`);
        return;
      case "nodes":
        if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) {
          this.bad(path, at, arg, `must be a list of turn node ids, not ${show(v)}`);
          return;
        }
        for (const x of v as string[])
          if (this.nodes && !this.nodes.has(x)) this.bad(path, at, arg, `names "${x}", ${this.notANode(x)}`);
        return;
      case "var":
        if (typeof v !== "string" || v === "")
          this.bad(path, at, arg, `must name a variable, not ${show(v)}`);
        else if (v.startsWith("$"))
          this.bad(
            path,
            at,
            arg,
            `names a variable: write "${v.slice(1)}" (read later as "${v}"), not "${v}"`,
          );
        return;
      case "zone": {
        if (typeof v !== "string") {
          this.bad(path, at, arg, `must be a zone kind, not ${show(v)}`);
          return;
        }
        const allowed = spec.values ? spec.values.filter((z) => this.zones.has(z)) : [...this.zones.keys()];
        if (allowed.includes(v)) return;
        this.bad(
          path,
          at,
          arg,
          `is "${v}", which is not a zone kind ${spec.values ? "this op takes" : "of this game"}${suggestion(v, allowed)}`,
        );
        return;
      }
      case "player":
      case "players":
        if (typeof v === "number" && Number.isInteger(v) && v >= 0) return;
        if (isVar(v)) return;
        if (typeof v === "string" && (PLAYER_WORDS as readonly string[]).includes(v)) return;
        this.bad(
          path,
          at,
          arg,
          `does not name a player: ${show(v)}${typeof v === "string" ? suggestion(v, PLAYER_WORDS) : `; known: ${PLAYER_WORDS.join(", ")}, "$var" or a player number`}`,
        );
        return;
      case "objects":
        this.objects(v, path, at, arg);
        return;
      case "selector":
        this.vocab("Selector", v, path, at, arg);
        return;
      case "cardFilter":
        this.vocab("CardFilter", v, path, at, arg);
        return;
      case "condition": {
        const before = this.problems.length;
        this.vocab("Condition", v, path, at, arg);
        if (this.problems.length === before) this.onCondition?.(v);
        return;
      }
      case "ops":
        this.list(v, `${path}.${arg}`);
        return;
      case "expiry":
        this.expiry(v, path, at, arg);
        return;
      case "record":
        if (!isRecord(v)) {
          this.bad(path, at, arg, `must be an object, not ${show(v)}`);
          return;
        }
        this.record(spec, v, path, at, arg);
        return;
      case "records":
        if (!Array.isArray(v) || v.length === 0) {
          this.bad(path, at, arg, `must be a non-empty list of objects, not ${show(v)}`);
          return;
        }
        v.forEach((item, i) => {
          if (!isRecord(item)) this.bad(path, at, `${arg}[${i}]`, `must be an object, not ${show(item)}`);
          else this.record(spec, item, `${path}`, at, `${arg}[${i}]`);
        });
        return;
    }
  }

  private record(spec: ArgSpec, v: Record<string, unknown>, path: string, at: string, arg: string): void {
    const fields = spec.fields ?? {};
    for (const key of Object.keys(v))
      if (!Object.hasOwn(fields, key))
        this.bad(path, at, arg, `has an unknown field "${key}"${suggestion(key, Object.keys(fields))}`);
    // Nested op lists inside a record: their path continues from the record (options[0].do[1]).
    for (const [field, f] of Object.entries(fields)) {
      const x = v[field];
      if (x === undefined) {
        if (f.required) this.bad(path, at, arg, `needs ${field}`);
      } else if (f.type === "ops") this.list(x, `${path}.${arg}.${field}`);
      else this.value(f, x, path, at, `${arg}.${field}`);
    }
  }

  private objects(v: unknown, path: string, at: string, arg: string): void {
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) this.objects(x, path, at, `${arg}[${i}]`);
      return;
    }
    if (typeof v === "string") {
      if ((OBJECT_WORDS as readonly string[]).includes(v) || isVar(v) || /^c\d+$/.test(v)) return;
      this.bad(
        path,
        at,
        arg,
        `does not name objects: "${v}"${suggestion(v, OBJECT_WORDS, false) || ` (self, selfCard, event, eventCause, batch, "$var", an object id or { select: Selector })`}`,
      );
      return;
    }
    if (isRecord(v) && "select" in v) {
      const extra = Object.keys(v).filter((k) => k !== "select");
      if (extra.length) this.bad(path, at, arg, `has unknown fields ${extra.join(", ")} beside select`);
      else this.vocab("Selector", v.select, path, at, `${arg}.select`);
      return;
    }
    this.bad(
      path,
      at,
      arg,
      `does not name objects: ${show(v)} (self, selfCard, event, eventCause, batch, "$var", an object id or { select: Selector })`,
    );
  }

  private expiry(v: unknown, path: string, at: string, arg: string): void {
    if (typeof v === "string") {
      if ((EXPIRY_WORDS as readonly string[]).includes(v)) return;
      this.bad(path, at, arg, `is "${v}", not an expiry${suggestion(v, EXPIRY_WORDS)}`);
      return;
    }
    if (isRecord(v) && Object.keys(v).length === 1) {
      const [key, x] = Object.entries(v)[0]!;
      if (key === "endOf" || key === "until") {
        this.turnNode(x, path, at, `${arg}.${key}`, false);
        return;
      }
      if (key === "nextTurnOf") {
        this.value({ type: "player", doc: "" }, x, path, at, `${arg}.${key}`);
        return;
      }
      if (key === "tag") {
        if (typeof x === "string") return;
        this.bad(path, at, `${arg}.${key}`, `must be a string, not ${show(x)}`);
        return;
      }
      if (key === "while") {
        this.value({ type: "condition", doc: "" }, x, path, at, `${arg}.while`);
        return;
      }
    }
    if (isRecord(v) && ("begin" in v || "end" in v)) {
      const edge = "begin" in v ? "begin" : "end";
      const extra = Object.keys(v).filter((k) => k !== edge && k !== "player" && k !== "turn");
      if ("begin" in v && "end" in v)
        this.bad(path, at, arg, "names both begin and end: an expiry is one boundary");
      else if (extra.length)
        this.bad(
          path,
          at,
          arg,
          `has unknown field${extra.length > 1 ? "s" : ""} ${extra.join(", ")}${suggestion(extra[0]!, BOUNDARY_FIELDS, false)} (a boundary takes ${edge}, player, turn)`,
        );
      this.turnNode(v[edge], path, at, `${arg}.${edge}`, true);
      if (v.player !== undefined && v.player !== "targetController")
        this.value({ type: "player", doc: "" }, v.player, path, at, `${arg}.player`);
      if (v.turn !== undefined && v.turn !== "this" && v.turn !== "next")
        this.bad(
          path,
          at,
          `${arg}.turn`,
          `is ${show(v.turn)}: "this" (within this turn) or "next" (in the next turn that qualifies)`,
        );
      return;
    }
    this.bad(
      path,
      at,
      arg,
      `is not an expiry: ${show(v)} ("turn", "nextTurn", "source", "never", { begin: node, player?, turn? }, { end: node, player?, turn? }, { while: condition }, { endOf: node }, { until: node }, { nextTurnOf: player } or { tag })`,
    );
  }

  /** A turn node id (or, where `turnToo`, "turn": the turn itself). */
  private turnNode(x: unknown, path: string, at: string, arg: string, turnToo: boolean): void {
    if (typeof x !== "string") {
      this.bad(path, at, arg, `must be a turn node id${turnToo ? ' or "turn"' : ""}, not ${show(x)}`);
      return;
    }
    if (turnToo && x === "turn") return;
    if (this.nodes && !this.nodes.has(x)) this.bad(path, at, arg, `is "${x}", ${this.notANode(x)}`);
  }

  private vocab(
    def: "Selector" | "Condition" | "CardFilter",
    v: unknown,
    path: string,
    at: string,
    arg: string,
  ): void {
    const found = vocabularyProblems(def, v, arg);
    if (found.length)
      this.bad(path, at, arg, `is not valid: ${found.map((p) => `${p.path}: ${p.message}`).join("; ")}`);
  }
}
