/**
 * Checks of a card's names and fields against the game it is compiled into (run by Rules when a
 * preset is compiled, after the card fits the vocabulary): event types, zone kinds, named
 * conditions, windows, `until` effect kinds, and fields that contradict each other (`self: false`,
 * a limit's `nth` without `counts: event` …). Every problem names the card, the ability and the
 * field, with a "did you mean" where a close name exists; the caller adds the preset.
 */
import { didYouMean } from "./did-you-mean.js";
import type { Preset } from "./preset.js";
import type { AbilityDef, CardDef, ConditionT, EventPattern, Selector } from "./vocabulary/schema.js";
import type { LimitSpec } from "./vocabulary/types.generated.js";
import { vocabularyProblems } from "./vocabulary/validate.js";

/**
 * The event types the kernel emits (their catalogue, with when and which fields, is KERNEL_EVENTS
 * in kernel-events.ts: kept apart so the kernel's bundle carries the names, not the prose).
 */
export const KERNEL_EVENT_TYPES: readonly string[] = [
  "move",
  "draw",
  "drawFromEmpty",
  "shuffle",
  "putUnder",
  "control",
  "skipTo",
  "tap",
  "untap",
  "targeted",
  "faceDown",
  "faceUp",
  "counter",
  "reveal",
  "turnBegin",
  "turnEnd",
  "turnSkipped",
  "turnControlAdded",
  "turnControl",
  "extraTurnAdded",
  "nodesAdded",
  "skipNodeAdded",
  "nodeSkipped",
  "nodeEnter",
  "nodeBegin",
  "nodeEnd",
  "durationEnd",
  "trigger",
  "resolve",
  "fizzle",
  "decline",
  "accept",
  "activate",
  "replaced",
  "limitUsed",
  "limitRefused",
  "limitRefunded",
  "roll",
  "coin",
  "note",
  "decision",
  "gameEnd",
];

/** A problem of a card: where (`card "x" ability "y": trigger.on`) and what. */
export interface DefinitionProblem {
  at: string;
  message: string;
}

/** What a card may name in this game. */
export interface DefinitionContext {
  preset: Preset;
  zoneKinds: ReadonlySet<string> | ReadonlyMap<string, unknown>;
  conditions: ReadonlyMap<string, unknown>;
  windows: ReadonlySet<string>;
  /** The turn tree's nodes (a static ability of kind `skipNode` names one). */
  nodes?: ReadonlyMap<string, unknown>;
  /** Event types the game's own cards make up: those an `emit` op of any of its cards records. */
  cardEvents?: ReadonlySet<string>;
}

const hint = (name: string, known: Iterable<string>): string => {
  const near = didYouMean(name, known);
  return near ? ` (did you mean "${near}"?)` : "";
};

const KERNEL_EVENT_SET: ReadonlySet<string> = new Set(KERNEL_EVENT_TYPES);

/**
 * Every event type cards of this preset may name: the kernel's, the preset's, and those the game's
 * cards make up (an `emit` op's `event`: a card's own event, which another card may trigger on or
 * count).
 */
export function knownEventTypes(preset: Preset, cardEvents?: ReadonlySet<string>): string[] {
  return [...KERNEL_EVENT_TYPES, ...Object.keys(preset.events ?? {}), ...(cardEvents ?? [])];
}

/**
 * A problem with an `until` op's effect kind, or null: the kind must be one the preset reads
 * (`Preset.effectKinds`). `at` names where it is written.
 */
export function checkEffectKind(preset: Preset, kind: unknown, at: string): string | null {
  const problem = effectKindProblem(preset, kind);
  return problem === null ? null : `${at}: ${problem}`;
}

/**
 * Continuous effect kinds the kernel reads itself, open to every preset's `until` ops: `exempt`
 * (turn-actions.ts: "doesn't untap during its controller's next untap step"), `permission`
 * (permissions.ts: "as though it had flash"), `actionLimit` (action-limits.ts: "you may play an
 * additional land this turn").
 */
export const KERNEL_EFFECT_KINDS: readonly string[] = ["exempt", "permission", "actionLimit"];

function effectKindProblem(preset: Preset, kind: unknown): string | null {
  const kinds = [...KERNEL_EFFECT_KINDS, ...Object.keys(preset.effectKinds ?? {})];
  if (typeof kind !== "string" || kind === "")
    return `an until effect needs a kind (a string: ${kinds.join(", ")})`;
  if (kinds.includes(kind)) return null;
  return `unknown effect kind "${kind}"${hint(kind, kinds)}; the kernel and preset "${preset.id}" read ${kinds.join(", ")}`;
}

/** Kinds of static ability the kernel reads itself: skipping a node, and its rule-changing kinds. */
export const KERNEL_STATIC_KINDS: readonly string[] = ["skipNode", ...KERNEL_EFFECT_KINDS];

const libraryStaticKinds = new WeakMap<Preset, ReadonlySet<string>>();

/**
 * The kinds of static ability cards of this preset may name: the kernel's, those the preset
 * declares (`Preset.staticKinds`) and those of its own library's cards (the preset reads them).
 */
export function knownStaticKinds(preset: Preset): ReadonlySet<string> {
  let kinds = libraryStaticKinds.get(preset);
  if (!kinds) {
    const all = new Set([...KERNEL_STATIC_KINDS, ...Object.keys(preset.staticKinds ?? {})]);
    for (const card of preset.cards)
      for (const a of card.abilities ?? [])
        if (a.kind === "static" && typeof a.static?.kind === "string") all.add(a.static.kind);
    kinds = all;
    libraryStaticKinds.set(preset, kinds);
  }
  return kinds;
}

const isNested = (v: unknown): v is object => v !== null && typeof v === "object";

const list = (v: string | readonly string[] | undefined): readonly string[] =>
  v === undefined ? [] : typeof v === "string" ? [v] : v;

class CardChecker {
  readonly problems: DefinitionProblem[] = [];
  private readonly zones: string[];

  constructor(private readonly ctx: DefinitionContext) {
    this.zones = [...ctx.zoneKinds.keys()];
  }

  /** Does the kernel, the preset or an emit op of the game's cards make events of this type? */
  private knownEvent(type: string): boolean {
    const { preset, cardEvents } = this.ctx;
    return (
      KERNEL_EVENT_SET.has(type) ||
      (preset.events !== undefined && Object.hasOwn(preset.events, type)) ||
      cardEvents?.has(type) === true
    );
  }

  private add(at: string, message: string): void {
    this.problems.push({ at, message });
  }

  zone(kind: string, at: string): void {
    if (!this.zones.includes(kind))
      this.add(
        at,
        `unknown zone kind "${kind}"${hint(kind, this.zones)}; zone kinds: ${this.zones.join(", ")}`,
      );
  }

  pattern(p: EventPattern, at: string): void {
    for (const type of list(p.on))
      if (!this.knownEvent(type))
        this.add(
          `${at}.on`,
          `unknown event type "${type}"${hint(type, knownEventTypes(this.ctx.preset, this.ctx.cardEvents))}: neither the kernel, preset "${this.ctx.preset.id}" nor an emit op of the game's cards emits it (declare the preset's events in Preset.events)`,
        );
    for (const field of ["from", "to"] as const)
      for (const z of list(p[field])) this.zone(z, `${at}.${field}`);
    if (p.self === false)
      this.add(
        `${at}.self`,
        'self: false is not a filter: leave self out for "any", and write other: true for "another" (an object other than this ability\'s own)',
      );
    if (p.self === true && p.other === true)
      this.add(
        `${at}.other`,
        "self: true and other: true contradict each other: the event can't be about this object and another",
      );
  }

  selector(s: Selector, at: string): void {
    for (const z of list(s.zone)) this.zone(z, `${at}.zone`);
  }

  condition(c: ConditionT, at: string): void {
    if ("all" in c) for (const [i, x] of c.all.entries()) this.condition(x, `${at}.all[${i}]`);
    else if ("any" in c) for (const [i, x] of c.any.entries()) this.condition(x, `${at}.any[${i}]`);
    else if ("not" in c) this.condition(c.not, `${at}.not`);
    else if ("count" in c) this.selector(c.count, `${at}.count`);
    else if ("events" in c) {
      this.pattern(c.events, `${at}.events`);
      this.window(c.window ?? "turn", `${at}.window`);
    } else if ("fn" in c) {
      const names = [...this.ctx.conditions.keys()];
      if (!this.ctx.conditions.has(c.fn))
        this.add(
          `${at}.fn`,
          `unknown condition "${c.fn}"${hint(c.fn, names)}: register it in Preset.conditions`,
        );
    }
  }

  window(w: string, at: string): void {
    if (!this.ctx.windows.has(w))
      this.add(
        at,
        `limit window "${w}" is not declared by the preset${hint(w, this.ctx.windows)}; windows: ${[...this.ctx.windows].join(", ")}`,
      );
  }

  limit(l: LimitSpec, ability: AbilityDef, at: string): void {
    this.window(l.window ?? "turn", `${at}.window`);
    for (const [i, w] of (l.alsoRecordIn ?? []).entries()) this.window(w, `${at}.alsoRecordIn[${i}]`);
    const counts = `counts: ${l.counts}`;
    if (l.counts !== "event") {
      if (l.nth !== undefined)
        this.add(`${at}.nth`, `nth counts occurrences of an event: it needs counts: event, not ${counts}`);
      if (l.event !== undefined)
        this.add(
          `${at}.event`,
          `event names what counts: event counts; it needs counts: event, not ${counts}`,
        );
      if (l.eachPlayer !== undefined)
        this.add(
          `${at}.eachPlayer`,
          `eachPlayer counts each player's events apart: it needs counts: event, not ${counts}`,
        );
    } else if (!(l.event ?? ability.trigger))
      this.add(at, "a limit that counts events needs event or a trigger");
    else if (l.eachPlayer) {
      // Only events counted by player can be split by player (registry.ts counterSpecFor).
      const p = (l.event ?? ability.trigger)!;
      if (p.self || p.player === undefined || p.player === "any")
        this.add(
          `${at}.eachPlayer`,
          'eachPlayer splits events counted by player: the pattern needs a player relative to the controller ("self", "opponent" …), not self: true or any player',
        );
    }
    if (l.event) this.pattern(l.event, `${at}.event`);
    if (l.times !== undefined && l.nth !== undefined)
      this.add(
        `${at}.times`,
        "times and nth contradict each other: nth already says which single occurrence counts",
      );
    const keyField = { group: "group", bucket: "bucket" } as const;
    if (l.name !== undefined && l.key !== "name" && l.key !== "namePerPlayer")
      this.add(`${at}.name`, `name is read only by key name or namePerPlayer, not key ${l.key}`);
    if (l.keyword !== undefined && l.key !== "keywordPerPlayer")
      this.add(`${at}.keyword`, `keyword is read only by key keywordPerPlayer, not key ${l.key}`);
    // A group also joins one object's abilities under key incarnation or card (CR 606.3).
    const groupKeys = new Set(["group", "incarnation", "card"]);
    for (const f of ["group", "bucket"] as const) {
      if (l[f] !== undefined && l.key !== keyField[f] && !(f === "group" && groupKeys.has(l.key)))
        this.add(
          `${at}.${f}`,
          f === "group"
            ? `group is read only by key group, incarnation or card, not key ${l.key}`
            : `${f} is read only by key ${f}, not key ${l.key}`,
        );
      if (l.key === f && !l[f]) this.add(`${at}.${f}`, `key ${f} needs ${f}`);
    }
    if (l.key === "keywordPerPlayer" && !(l.keyword ?? ability.keyword))
      this.add(`${at}.keyword`, "key keywordPerPlayer needs keyword (on the limit or the ability)");
  }

  /** `until` ops anywhere in an op list (nested blocks too). */
  /**
   * Names inside an op list, nested blocks too: `until` effect kinds, the event types and zone
   * kinds of `if` conditions, the zone kinds of `choose` selectors and `{ select }` references.
   * The ops' own arguments are checked by op-args.ts; a value malformed there is skipped here.
   */
  ops(v: unknown, at: string): void {
    // Only lists and records hold names to check: no path is built for a plain value.
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (isNested(v[i])) this.ops(v[i], `${at}[${i}]`);
    } else if (v !== null && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (o.op === "until" && o.effect !== null && typeof o.effect === "object") {
        const effect = o.effect as { kind?: unknown; value?: unknown };
        const problem = effectKindProblem(this.ctx.preset, effect.kind);
        if (problem) this.add(`${at}.effect.kind`, problem);
        else if (typeof effect.kind === "string" && KERNEL_EFFECT_KINDS.includes(effect.kind))
          this.kernelRule(effect.kind, effect.value ?? {}, `${at}.effect.value`, false);
      }
      if (o.op === "if" && vocabularyProblems("Condition", o.if, "").length === 0)
        this.condition(o.if as ConditionT, `${at}.if`);
      if (
        o.op === "choose" &&
        o.from !== undefined &&
        vocabularyProblems("Selector", o.from, "").length === 0
      )
        this.selector(o.from as Selector, `${at}.from`);
      if (
        o.op === undefined &&
        o.select !== undefined &&
        vocabularyProblems("Selector", o.select, "").length === 0
      )
        this.selector(o.select as Selector, `${at}.select`);
      for (const k of Object.keys(o))
        if (isNested(o[k]) && (k !== "effect" || o.op !== "until")) this.ops(o[k], `${at}.${k}`);
    }
  }

  ability(a: AbilityDef, at: string): void {
    for (const [i, z] of (a.zones ?? []).entries()) this.zone(z, `${at}: zones[${i}]`);
    if (a.trigger) this.pattern(a.trigger, `${at}: trigger`);
    if (a.replaces) this.pattern(a.replaces, `${at}: replaces`);
    if (a.condition) this.condition(a.condition, `${at}: condition`);
    const limits = a.limit === undefined ? [] : Array.isArray(a.limit) ? a.limit : [a.limit];
    for (const [i, l] of limits.entries())
      this.limit(l, a, `${at}: limit${Array.isArray(a.limit) ? `[${i}]` : ""}`);
    for (const f of ["cost", "effect", "instead"] as const) if (a[f]) this.ops(a[f], `${at}: ${f}`);
    const kind = a.kind === "static" ? a.static?.kind : undefined;
    if (a.kind === "static" && a.static !== undefined) this.staticKind(kind, `${at}: static.kind`);
    if (kind === "skipNode") this.skipNode(a.static!, `${at}: static`);
    else if (typeof kind === "string" && KERNEL_EFFECT_KINDS.includes(kind))
      this.kernelRule(kind, a.static!, `${at}: static`, true);
  }

  /** A static ability's kind must be one something reads: else the ability would do nothing. */
  private staticKind(kind: unknown, at: string): void {
    const known = knownStaticKinds(this.ctx.preset);
    if (typeof kind === "string" && known.has(kind)) return;
    const preset = this.ctx.preset.id;
    this.add(
      at,
      typeof kind !== "string"
        ? `a static ability's static needs a kind (a string), not ${JSON.stringify(kind)}`
        : `unknown kind of static ability "${kind}"${hint(kind, known)}: neither the kernel nor preset "${preset}" reads it, so the ability would do nothing (a preset declares the kinds it reads in Preset.staticKinds)`,
    );
  }

  /**
   * The kernel's rule-changing kinds, as a static ability or an `until` effect's value: `exempt {
   * from, what? }`, `permission { grants, what?, player? }`, `actionLimit { action, times?, add?,
   * max?, player? }` (`player` only on a static: an effect names its player as its target).
   */
  private kernelRule(kind: string, v: unknown, at: string, isStatic: boolean): void {
    if (v === null || typeof v !== "object" || Array.isArray(v)) {
      this.add(
        at,
        `a ${kind} ${isStatic ? "static" : "effect value"} is a mapping, not ${JSON.stringify(v)}`,
      );
      return;
    }
    const r = v as Record<string, unknown>;
    const fields: Record<string, readonly string[]> = {
      exempt: ["from", "what"],
      permission: ["grants", "what", "player"],
      actionLimit: ["action", "times", "add", "max", "player"],
    };
    const allowed = [...fields[kind]!, ...(isStatic ? ["kind"] : [])].filter(
      (f) => isStatic || f !== "player",
    );
    for (const k of Object.keys(r))
      if (!allowed.includes(k))
        this.add(
          `${at}.${k}`,
          `a ${kind} takes ${allowed.filter((f) => f !== "kind").join(", ")}${hint(k, allowed)}, not ${k}`,
        );
    const name = kind === "exempt" ? "from" : kind === "permission" ? "grants" : "action";
    if (typeof r[name] !== "string" || r[name] === "")
      this.add(
        `${at}.${name}`,
        `a ${kind} names ${name === "from" ? "the turn-based action it exempts from (untap …)" : name === "grants" ? "the permission it grants (flash …)" : "the action limit it changes"}`,
      );
    else if (kind === "actionLimit") {
      const known = Object.keys(this.ctx.preset.actionLimits ?? {});
      if (!known.includes(r.action as string))
        this.add(
          `${at}.action`,
          `unknown action limit "${String(r.action)}"${hint(String(r.action), known)}; preset "${this.ctx.preset.id}" limits ${known.length ? known.join(", ") : "no action (Preset.actionLimits)"}`,
        );
      for (const f of ["times", "add", "max"] as const)
        if (r[f] !== undefined && (!Number.isInteger(r[f]) || (f !== "add" && (r[f] as number) < 0)))
          this.add(
            `${at}.${f}`,
            `${f} is a whole number${f !== "add" ? " (0 or more)" : ""}, not ${JSON.stringify(r[f])}`,
          );
      if (r.add === undefined && r.max === undefined && r.times === undefined)
        this.add(at, "an actionLimit says times (at least that many uses), add (more uses) or max (a cap)");
    }
    if (r.what !== undefined) {
      const found = vocabularyProblems("Selector", r.what, "what");
      if (found.length) this.add(`${at}.what`, found.map((p) => `${p.path}: ${p.message}`).join("; "));
      else this.selector(r.what as Selector, `${at}.what`);
    }
    if (r.player !== undefined && r.player !== "self" && r.player !== "opponent" && r.player !== "any")
      this.add(`${at}.player`, `expected "self", "opponent" or "any", not ${JSON.stringify(r.player)}`);
  }

  /** The kernel's own static kind: `{ kind: skipNode, node, player: self | opponent | any }` (CR 500.10). */
  private skipNode(st: Readonly<Record<string, unknown>>, at: string): void {
    const nodes = this.ctx.nodes;
    if (typeof st.node !== "string") this.add(`${at}.node`, "a skipNode static names the turn node skipped");
    else if (nodes && !nodes.has(st.node))
      this.add(`${at}.node`, `unknown turn node "${st.node}"${hint(st.node, nodes.keys())}`);
    if (st.player !== undefined && st.player !== "self" && st.player !== "opponent" && st.player !== "any")
      this.add(`${at}.player`, `expected "self", "opponent" or "any", not ${JSON.stringify(st.player)}`);
  }
}

/**
 * Every problem of a card (already checked against the vocabulary) with the names of this game:
 * each `at` is `card "id" ability "id": field.path`.
 */
export function cardDefinitionProblems(card: CardDef, ctx: DefinitionContext): DefinitionProblem[] {
  const c = new CardChecker(ctx);
  for (const a of card.abilities ?? []) c.ability(a, `card "${card.id}" ability "${a.id}"`);
  return c.problems;
}
