/**
 * Checks a value against the vocabulary (spec.ts): a small interpreter of the JSON Schema subset
 * the vocabulary uses, with no dependencies. Problems name a path (`abilities[0].trigger.on`) and
 * say what was expected, with a "did you mean" for misspelled fields and enum values; of a union
 * (`anyOf`) the branch that fits the value best is reported, not every branch. Defaults are filled
 * in a copy, so kernel code reads `window: "turn"` when a limit leaves it out.
 */
import { closest, didYouMeanText, listNames } from "../did-you-mean.js";
import { cloneJson } from "../json.js";
import type { SchemaNode, VocabularyDef } from "./spec.js";
import { runtimeSpec } from "./spec.runtime.js";

/** One thing wrong with a definition: where, and what. */
export interface Problem {
  path: string;
  message: string;
  /** The path as keys and indexes, relative to the value checked (for locating it in a file). */
  keys?: (string | number)[];
  /** For an unknown field: its name (the last of `keys`), so a file position can point at the key. */
  unknownKey?: string;
}

type Keys = readonly (string | number)[];

export interface ValidateOptions {
  /** Top-level card fields a preset adds (`Preset.cardFields`), accepted on every CardDef. */
  cardFields?: Readonly<Record<string, SchemaNode>>;
  /** Keys of `stats` a preset declares (`Preset.statFields`): checked when present, others stay free. */
  statFields?: Readonly<Record<string, SchemaNode>>;
  /**
   * Check every branch of a union in full, even those the value can't fit (slower, the same
   * result: what a test compares the quick way with).
   */
  everyBranch?: boolean;
}

// The vocabulary without its documentation (spec.runtime.ts, generated from spec.ts): the kernel
// bundle carries the rules of the vocabulary, the docs carry its words.
const defs: Record<string, SchemaNode> = runtimeSpec.$defs;

function resolve(ref: string): SchemaNode {
  const name = ref.startsWith("#/$defs/") ? ref.slice(8) : undefined;
  const node = name === undefined ? undefined : defs[name];
  if (!node) throw new Error(`vocabulary: unknown $ref ${ref}`);
  return node;
}

const defaults = new WeakMap<object, readonly (readonly [string, unknown])[]>();

/** The fields of `props` that have a default, with it (found once per node). */
function defaultsOf(props: Readonly<Record<string, SchemaNode>>): readonly (readonly [string, unknown])[] {
  let found = defaults.get(props);
  if (found === undefined) {
    found = Object.entries(props)
      .filter(([, sub]) => sub.default !== undefined)
      .map(([key, sub]) => [key, sub.default] as const);
    defaults.set(props, found);
  }
  return found;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;
function join(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  if (!IDENT.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path ? `${path}.${key}` : key;
}

/** `abilities[0].trigger.on`: a path under `prefix`. */
export function formatKeys(prefix: string, keys: Keys): string {
  return keys.reduce<string>((p, k) => join(p, k), prefix);
}

function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

function describeValue(v: unknown): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "a mapping";
  if (typeof v === "string") return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return `the ${typeof v} ${String(v)}`;
}

const TYPE_WORDS: Record<string, string> = {
  object: "a mapping",
  array: "a list",
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "true or false",
  null: "null",
};

function typeFits(type: SchemaNode["type"], v: unknown): boolean {
  const k = kindOf(v);
  if (type === undefined) return true;
  if (type === "number") return (k === "number" || k === "integer") && Number.isFinite(v);
  return type === k;
}

/** What a node expects, in words ("a string or a list"). */
function expected(node: SchemaNode): string {
  const n = node.$ref ? resolve(node.$ref) : node;
  if (n.enum) return `one of ${listNames(n.enum.map(String))}`;
  if (n.anyOf) return [...new Set(n.anyOf.map(expected))].join(" or ");
  if (n.type === "array" && n.items) {
    const item = expected(n.items);
    return item === "a string" ? "a list of strings" : "a list";
  }
  return n.type ? TYPE_WORDS[n.type]! : "a value";
}

class Checker {
  constructor(
    private readonly options: ValidateOptions,
    private readonly prefix: string,
  ) {}

  private problem(keys: Keys, message: string, unknownKey?: string): Problem {
    return {
      path: formatKeys(this.prefix, keys),
      message,
      keys: [...keys],
      ...(unknownKey !== undefined ? { unknownKey } : {}),
    };
  }

  /** Checks `value` at `path`, appending problems; returns the value with defaults filled (a copy). */
  check(node: SchemaNode, value: unknown, path: Keys, out: Problem[], defName?: string): unknown {
    if (node.$ref) {
      const name = node.$ref.slice(8);
      return this.check(resolve(node.$ref), value, path, out, name);
    }
    if (node.anyOf) return this.checkAnyOf(node.anyOf, value, path, out);
    if (node.type === undefined && node.enum === undefined && node.const === undefined) {
      // Any JSON value.
      return value !== null && typeof value === "object" ? cloneJson(value) : value;
    }
    if (node.const !== undefined && value !== node.const) {
      out.push(this.problem(path, `must be ${JSON.stringify(node.const)}, not ${describeValue(value)}`));
      return value;
    }
    if (node.enum) {
      if (!node.enum.includes(value as never)) {
        const allowed = node.enum.map(String);
        const hint = typeof value === "string" ? didYouMeanText(value, allowed) : "";
        const shown = typeof value === "string" ? JSON.stringify(value) : describeValue(value);
        out.push(this.problem(path, `${shown} is not one of ${listNames(allowed)}${hint}`));
      }
      return value;
    }
    if (!typeFits(node.type, value)) {
      out.push(this.problem(path, `expected ${expected(node)}, not ${describeValue(value)}`));
      return value;
    }
    switch (node.type) {
      case "string": {
        const s = value as string;
        if (node.minLength !== undefined && s.length < node.minLength)
          out.push(this.problem(path, "must not be empty"));
        return s;
      }
      case "number":
      case "integer": {
        const n = value as number;
        if (node.minimum !== undefined && n < node.minimum)
          out.push(this.problem(path, `must be at least ${node.minimum}, not ${n}`));
        if (node.exclusiveMinimum !== undefined && n <= node.exclusiveMinimum)
          out.push(
            this.problem(
              path,
              node.exclusiveMinimum === 0
                ? `must be a positive ${node.type}, not ${n}`
                : `must be more than ${node.exclusiveMinimum}, not ${n}`,
            ),
          );
        return n;
      }
      case "array": {
        const a = value as unknown[];
        if (node.minItems !== undefined && a.length < node.minItems)
          out.push(
            this.problem(
              path,
              node.minItems === 1 ? "must not be empty" : `needs at least ${node.minItems} items`,
            ),
          );
        return node.items ? a.map((x, i) => this.check(node.items!, x, [...path, i], out)) : cloneJson(a);
      }
      case "object":
        return this.checkObject(node, value as Record<string, unknown>, path, out, defName);
      default:
        return value;
    }
  }

  private checkObject(
    node: SchemaNode,
    value: Record<string, unknown>,
    path: Keys,
    out: Problem[],
    defName?: string,
  ): Record<string, unknown> {
    const props = defName === "CardDef" ? this.cardProperties(node) : (node.properties ?? {});
    const result: Record<string, unknown> = {};
    const keys = Object.keys(value).filter((k) => value[k] !== undefined);
    for (const key of keys) {
      const sub = Object.hasOwn(props, key) ? props[key] : undefined;
      if (sub) result[key] = this.check(sub, value[key], [...path, key], out);
      else if (node.additionalProperties === false || node.additionalProperties === undefined) {
        const known = Object.keys(props);
        const near = closest(key, known);
        out.push(
          this.problem(
            [...path, key],
            near
              ? `unknown field "${key}" (did you mean "${near}"?)`
              : `unknown field "${key}" (known fields: ${known.join(", ")})`,
            key,
          ),
        );
      } else if (node.additionalProperties === true) result[key] = cloneJson(value[key]);
      else result[key] = this.check(node.additionalProperties, value[key], [...path, key], out);
    }
    for (const req of node.required ?? [])
      if (value[req] === undefined) out.push(this.problem([...path, req], "is required"));
    if (node.minProperties !== undefined && keys.length < node.minProperties)
      out.push(
        this.problem(path, `needs at least ${node.minProperties} of ${Object.keys(props).join(", ")}`),
      );
    for (const [key, fallback] of defaultsOf(props))
      if (value[key] === undefined) result[key] = cloneJson(fallback);
    // Fields required by another field's value (JSON Schema would say it with if/then).
    if (defName === "AbilityDef")
      for (const [kind, field] of [
        ["triggered", "trigger"],
        ["delayed", "trigger"],
        ["replacement", "replaces"],
      ] as const)
        if (value.kind === kind && value[field] === undefined)
          out.push(this.problem([...path, field], `is required: a ${kind} ability needs ${field}`));
    return result;
  }

  /** A card's fields: the vocabulary's, with the fields and stats the preset adds. */
  private cardProperties(node: SchemaNode): Readonly<Record<string, SchemaNode>> {
    const { cardFields, statFields } = this.options;
    const props: Record<string, SchemaNode> = { ...(node.properties ?? {}) };
    if (cardFields) for (const [k, v] of Object.entries(cardFields)) if (!(k in props)) props[k] = v;
    if (statFields && props.stats)
      props.stats = { ...props.stats, properties: { ...(props.stats.properties ?? {}), ...statFields } };
    return props;
  }

  private checkAnyOf(branches: readonly SchemaNode[], value: unknown, path: Keys, out: Problem[]): unknown {
    // The first branch the value fits wins. A branch it can't fit (wrong type, a required field
    // missing, a field the branch doesn't know…) is passed over without building its messages.
    for (const b of branches) {
      if (!this.options.everyBranch && !this.mayFit(b, value)) continue;
      const problems: Problem[] = [];
      const result = this.check(b, value, path, problems);
      if (problems.length === 0) return result;
    }
    // Only when no branch fits: each branch's problems, and how well each does (a fit asks for
    // near names: not for every value).
    const tried = branches.map((b) => {
      const problems: Problem[] = [];
      const result = this.check(b, value, path, problems);
      return { problems, result, score: this.fit(b, value) };
    });
    const best = tried.reduce((a, b) => (b.score > a.score ? b : a));
    if (best.score <= 0) {
      out.push(
        this.problem(
          path,
          `expected ${[...new Set(branches.map(expected))].join(" or ")}, not ${describeValue(value)}`,
        ),
      );
      return value;
    }
    out.push(...best.problems);
    return best.result;
  }

  /**
   * False only when checking `value` against `node` would surely find a problem at its top: a
   * type, constant or value the node doesn't allow, a required field missing, a field it doesn't
   * know. (Card definitions are let through: a preset may add fields to them.)
   */
  private mayFit(node: SchemaNode, value: unknown): boolean {
    if (node.$ref) return node.$ref === "#/$defs/CardDef" || this.mayFit(resolve(node.$ref), value);
    if (node.anyOf) return node.anyOf.some((b) => this.mayFit(b, value));
    if (node.const !== undefined) return value === node.const;
    if (node.enum) return node.enum.includes(value as never);
    if (node.type === undefined) return true;
    if (!typeFits(node.type, value)) return false;
    if (node.type !== "object") return true;
    const v = value as Record<string, unknown>;
    for (const req of node.required ?? []) if (v[req] === undefined) return false;
    if (node.additionalProperties === false || node.additionalProperties === undefined) {
      const props = node.properties ?? {};
      for (const k of Object.keys(v)) if (v[k] !== undefined && !Object.hasOwn(props, k)) return false;
    }
    return true;
  }

  /** How well a value fits a branch: 0 when its type does not; more for each field the branch knows. */
  private fit(node: SchemaNode, value: unknown): number {
    const n = node.$ref ? resolve(node.$ref) : node;
    if (n.anyOf) return Math.max(...n.anyOf.map((b) => this.fit(b, value)));
    if (n.type === undefined) return n.enum || n.const !== undefined ? 0.5 : 0.1; // "any" fits least
    if (!typeFits(n.type, value)) return 0;
    if (n.type !== "object" || !n.properties) return 1;
    const known = Object.keys(n.properties);
    let score = 1;
    for (const k of Object.keys(value as object)) {
      if (known.includes(k)) score += 2;
      else if (closest(k, known)) score += 1;
    }
    return score;
  }
}

/**
 * Checks `value` against a definition of the vocabulary; returns the value with defaults filled
 * in (a copy) and the problems found, each with its path under `path`.
 */
export function validateVocabulary(
  def: VocabularyDef,
  value: unknown,
  path = "",
  options: ValidateOptions = {},
): { value: unknown; problems: Problem[] } {
  const problems: Problem[] = [];
  const out = new Checker(options, path).check({ $ref: `#/$defs/${def}` }, value, [], problems);
  return { value: out, problems };
}

/**
 * The problems of `value` as a vocabulary definition, with paths under `path`: empty when it is
 * valid. Op argument checks call it for their Selector and Condition arguments.
 */
export function vocabularyProblems(
  def:
    | "CardDef"
    | "AbilityDef"
    | "LimitSpec"
    | "EventPattern"
    | "Selector"
    | "CardFilter"
    | "Condition"
    | "Matcher",
  value: unknown,
  path: string,
): Problem[] {
  return validateVocabulary(def, value, path).problems;
}

/** Problems as one line each: `abilities[0].trigger.on: …`. */
export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join("; ");
}
