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
  "faceDown",
  "faceUp",
  "counter",
  "reveal",
  "turnBegin",
  "turnEnd",
  "turnSkipped",
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
}

const hint = (name: string, known: Iterable<string>): string => {
  const near = didYouMean(name, known);
  return near ? ` (did you mean "${near}"?)` : "";
};

/** Every event type cards of this preset may name: the kernel's and the preset's. */
export function knownEventTypes(preset: Preset): string[] {
  return [...KERNEL_EVENT_TYPES, ...Object.keys(preset.events ?? {})];
}

/**
 * A problem with an `until` op's effect kind, or null: the kind must be one the preset reads
 * (`Preset.effectKinds`). `at` names where it is written.
 */
export function checkEffectKind(preset: Preset, kind: unknown, at: string): string | null {
  const problem = effectKindProblem(preset, kind);
  return problem === null ? null : `${at}: ${problem}`;
}

function effectKindProblem(preset: Preset, kind: unknown): string | null {
  const kinds = Object.keys(preset.effectKinds ?? {});
  if (typeof kind !== "string" || kind === "")
    return `an until effect needs a kind (a string: ${kinds.length ? kinds.join(", ") : "the preset declares none"})`;
  if (kinds.includes(kind)) return null;
  if (kinds.length === 0)
    return `unknown effect kind "${kind}": preset "${preset.id}" declares no effect kinds (Preset.effectKinds) that an until effect could name`;
  return `unknown effect kind "${kind}"${hint(kind, kinds)}; preset "${preset.id}" reads ${kinds.join(", ")}`;
}

const list = (v: string | readonly string[] | undefined): readonly string[] =>
  v === undefined ? [] : typeof v === "string" ? [v] : v;

class CardChecker {
  readonly problems: DefinitionProblem[] = [];
  private readonly events: string[];
  private readonly zones: string[];

  constructor(private readonly ctx: DefinitionContext) {
    this.events = knownEventTypes(ctx.preset);
    this.zones = [...ctx.zoneKinds.keys()];
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
      if (!this.events.includes(type))
        this.add(
          `${at}.on`,
          `unknown event type "${type}"${hint(type, this.events)}: neither the kernel nor preset "${this.ctx.preset.id}" emits it (declare the preset's events in Preset.events)`,
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
    if (Array.isArray(v)) for (const [i, x] of v.entries()) this.ops(x, `${at}[${i}]`);
    else if (v !== null && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (o.op === "until" && o.effect !== null && typeof o.effect === "object") {
        const problem = effectKindProblem(this.ctx.preset, (o.effect as { kind?: unknown }).kind);
        if (problem) this.add(`${at}.effect.kind`, problem);
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
      for (const [k, x] of Object.entries(o))
        if (k !== "effect" || o.op !== "until") this.ops(x, `${at}.${k}`);
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
    if (a.kind === "static" && a.static?.kind === "skipNode") this.skipNode(a.static, `${at}: static`);
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
