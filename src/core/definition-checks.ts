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
 * The event types the kernel emits, with when and with which fields (`player`, `obj`, `card`,
 * `name`, `from`, `to`, `cause`, `data`). A preset declares its own in `Preset.events`. This is the
 * kernel's event catalogue.
 */
export const KERNEL_EVENTS: Readonly<Record<string, string>> = {
  move: "An object changed zone (game.move, the move op): obj, card, name, from and to (zone kinds), player (owner), data.controller (before the move), cause. A move may be recorded under another type (the move op's `event`, MoveOptions.event: destroy, discard, summon …).",
  draw: "A card was drawn (game.draw, the draw op): a move from the deck to the hand; player, obj, from, to.",
  drawFromEmpty: "A player had to draw from an empty deck: player.",
  shuffle: "A zone was shuffled: player (its owner, if any), data.zone (zone kind).",
  putUnder:
    "An object was put under another (seals, evolution sources, Xyz materials): obj, from, to, player.",
  tap: "An object became tapped: obj, player (controller), cause.",
  untap: "An object became untapped: obj, player (controller), cause.",
  faceDown: "An object was turned face-down: obj, player (controller), data.bySelf.",
  faceUp: "An object was turned face-up: obj, player (controller).",
  counter:
    "Counters were put on or removed from an object (the addCounter op): obj, data.counter, data.n, data.total.",
  reveal:
    "A hidden card was shown to every player (as a replacement moved it from a hidden zone): obj, card, data.why.",
  turnBegin: "A turn began: player (active), data.turn, data.extra, data.ordinal.",
  turnEnd: "A turn ended: player (active), data.turn.",
  turnSkipped: "A player's turn was skipped: player, data.extra.",
  extraTurnAdded: "An extra turn was added (the extraTurn op, game.addExtraTurn): player, data.source.",
  nodeEnter: "A turn node is entered, before its turn-based actions: player (active), data.node.",
  nodeBegin:
    'A turn node began, after its turn-based actions ("at the start of your … step"): player (active), data.node.',
  nodeEnd: 'A turn node ended ("at the end of …"): player (active), data.node.',
  durationEnd:
    "A continuous effect with a duration ended: player (its controller), data.duration, data.label, data.kind, data.boundary.",
  trigger: "An ability triggered and is pending: obj, card, name, player (controller), data.ability.",
  resolve: "A pending ability resolved: obj, card, player (controller), data.ability, data.keyword.",
  fizzle:
    "An ability did not resolve (its condition no longer holds, a limit refused at resolution, its targets are illegal): obj, data.ability, data.reason.",
  decline:
    'A player declined an optional ability or answered no to a "you may": player, obj, data.ability, data.limitUsed; or data.prompt.',
  accept: 'A player answered yes to a "you may" (the may op): player, data.prompt.',
  activate: "An activated ability was activated (activateNow): obj, card, player, data.ability.",
  replaced:
    "A replacement ability applied instead of an event: obj (the replacing card), player, data.ability, data.replaced (the event type), data.target.",
  limitUsed: "A usage limit was charged: obj, card, player, data.ability, data.limit, data.key, data.window.",
  limitRefused:
    "A usage limit refused an ability at trigger, replacement or application: obj, data.ability, data.reason, data.key, data.window, data.at.",
  limitRefunded:
    "An activation limit was given back (a negated activation): obj, data.ability, data.limit, data.key, data.window.",
  roll: "A die was rolled (the roll op): player, data.sides, data.value.",
  coin: "A coin was tossed (the coin op): player, data.value.",
  note: "A line of narration from the log op: player, data.text.",
  decision:
    "A player answered a decision: player, data.decision, data.kind, data.choice, data.label (seen by that player only).",
  gameEnd: "The game ended: player (the winner, if any), data.reason, data.winner.",
};

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
}

const hint = (name: string, known: Iterable<string>): string => {
  const near = didYouMean(name, known);
  return near ? ` (did you mean "${near}"?)` : "";
};

/** Every event type cards of this preset may name: the kernel's and the preset's. */
export function knownEventTypes(preset: Preset): string[] {
  return [...Object.keys(KERNEL_EVENTS), ...Object.keys(preset.events ?? {})];
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
    } else if (!(l.event ?? ability.trigger))
      this.add(at, "a limit that counts events needs event or a trigger");
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
    for (const f of ["group", "bucket"] as const) {
      if (l[f] !== undefined && l.key !== keyField[f])
        this.add(`${at}.${f}`, `${f} is read only by key ${f}, not key ${l.key}`);
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
