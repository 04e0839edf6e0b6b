/**
 * Rules compiled from a preset and the game's extra card definitions: indexes built once per game
 * so the hot paths (event emission, trigger lookup, counters) never search.
 */

import { counterSpecFor, limitsOf, mayUse } from "./abilities.js";
import { definitionChecks } from "./checking.js";
import type { CompiledNode, CounterSpec, TriggerEntry } from "./contract/data.js";
import type {
  BookkeepingEvent,
  Rules as CompiledRules,
  EventFlags,
  EventTypeRules,
} from "./contract/game.js";
import type { KernelParts, OpHandler } from "./contract/hooks.js";
import { DefinitionError } from "./errors.js";
import { cloneJson } from "./json.js";
import { eventTypes } from "./match.js";
import { conditionsInOps } from "./op-walk.js";
import type { ConditionFn, Preset, TaskHandler, TurnNode, ZoneDef } from "./preset.js";
import { type CompiledStateChecks, compileStateChecks } from "./state-checks.js";
import type {
  AbilityDef,
  CardDef,
  ConditionT,
  EventPattern,
  Op,
  PresetCardDef,
} from "./vocabulary/schema.js";

// Ability facts have a module of their own (abilities.ts); still importable from here.
export { counterSpecFor, limitsOf, mayUse } from "./abilities.js";

export type { CompiledNode, CounterSpec, TriggerEntry } from "./contract/data.js";
export type { KernelParts } from "./contract/hooks.js";

function deepFreeze(v: unknown): void {
  if (v === null || typeof v !== "object" || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const x of Object.values(v)) deepFreeze(x);
}

export class Rules implements CompiledRules {
  readonly nodes = new Map<string, CompiledNode>();
  readonly cards = new Map<string, CardDef>();
  readonly abilities = new Map<string, Map<string, AbilityDef>>();
  /** card id → event type → triggered abilities of that card listening to it. */
  readonly triggersByCard = new Map<string, Map<string, TriggerEntry[]>>();
  /** card id → static ability kind → that card's static abilities of that kind, with their zones. */
  readonly staticsByCard = new Map<
    string,
    Map<string, { ability: AbilityDef; zones: readonly string[] }[]>
  >();
  /** static ability kind → zone kinds where some card's static ability of that kind works. */
  readonly staticZones = new Map<string, Set<string>>();
  /** Some card has a static ability that skips turn nodes (`skipNode`): looked at for every node run. */
  skipsNodes = false;
  /** event type → zone kinds where some card listens to it. */
  readonly triggerZones = new Map<string, Set<string>>();
  /** card id → the `triggerZones` sets of the event types its triggered abilities listen to. */
  readonly listenedZonesByCard = new Map<string, Set<ReadonlySet<string>>>();
  /** Event types whose triggers look back though no zone changed (Preset.lookBackEvents, CR 603.10a). */
  readonly lookBackTypes: ReadonlySet<string>;
  /** Event types some card's delayed triggered ability waits for (CR 603.7): emitted even when nothing else reads them. */
  readonly delayedTypes = new Set<string>();
  /**
   * Event type → the nodes (`data.node`) its triggered and delayed abilities name, when every one
   * of them names one ("at the beginning of the end step": `where: { "data.node": "end" }`); null
   * when some ability listens to that type at any node. An event of a node no ability names
   * triggers nothing, and collecting triggers stops there.
   */
  readonly triggerNodes = new Map<string, Set<string> | null>();
  /**
   * Event type → optional triggered abilities of the library that work from a zone not every
   * player sees (Ninja Strike in a hand): on such an event, a player who could hold one is asked
   * whether they respond, whether or not they do (DESIGN: non-interference). One entry for each
   * distinct trigger and zones: who could respond doesn't depend on which card has it.
   */
  readonly hiddenTriggers = new Map<string, TriggerEntry[]>();
  /** The trigger-and-zones keys `hiddenTriggers` holds, by event type. */
  private readonly hiddenTriggerKeys = new Map<string, Set<string>>();
  /** card ids with replacement abilities, and the zones they work in. */
  readonly replacementCards = new Map<string, { ability: AbilityDef; zones: readonly string[] }[]>();
  /** Zone kinds where some replacement ability works (in play, or a hand for Madness). */
  readonly replacementZoneKinds = new Set<string>();
  readonly counterSpecs = new Map<string, CounterSpec>();
  readonly countersByType = new Map<string, CounterSpec[]>();
  /** Event types a counter, a triggered or a delayed ability reads (events.heard: one lookup). */
  readonly readTypes = new Set<string>();
  /**
   * The kernel's bookkeeping events, each read by something or not and ignored by the state checks
   * or not: their emitters read these flags by name (events.heard), not the sets.
   */
  readonly bookkeeping: Record<BookkeepingEvent, EventFlags> = {
    nodeEnter: { read: false, quiet: false, typeRules: undefined },
    nodeBegin: { read: false, quiet: false, typeRules: undefined },
    nodeEnd: { read: false, quiet: false, typeRules: undefined },
    turnBegin: { read: false, quiet: false, typeRules: undefined },
    turnEnd: { read: false, quiet: false, typeRules: undefined },
    decision: { read: false, quiet: false, typeRules: undefined },
    tap: { read: false, quiet: false, typeRules: undefined },
    untap: { read: false, quiet: false, typeRules: undefined },
  };
  readonly tasks = new Map<string, TaskHandler>();
  /** The handler of node tasks, most of the engine's steps: the engine loop tests for it first. */
  readonly nodeTaskHandler: TaskHandler | undefined;
  readonly ops = new Map<string, OpHandler>();
  readonly conditions = new Map<string, ConditionFn>();
  readonly zoneDefs = new Map<string, ZoneDef>();
  readonly inPlayKinds: readonly string[];
  readonly windows = new Set<string>(["game", "turn"]);
  readonly root: CompiledNode;
  /** Event types an `emit` op of the game's cards records: cards may name them like the preset's. */
  readonly cardEvents: ReadonlySet<string>;
  /** The preset's state checks, by when they run (state-checks.ts). */
  readonly stateChecks: CompiledStateChecks;

  constructor(
    readonly preset: Preset,
    options: Record<string, import("./json.js").Json>,
    extraCards: readonly PresetCardDef[],
    kernel: KernelParts,
    /** Shared by every game of the preset with these options: no run-time additions. */
    readonly shared = false,
  ) {
    for (const z of preset.zones) this.zoneDefs.set(z.kind, z);
    this.inPlayKinds = preset.zones.filter((z) => z.inPlay).map((z) => z.kind);
    for (const [k, v] of Object.entries(kernel.tasks)) this.tasks.set(k, v);
    for (const [k, v] of Object.entries(preset.tasks ?? {})) this.tasks.set(k, v);
    this.nodeTaskHandler = this.tasks.get("node");
    for (const [k, v] of Object.entries(kernel.ops)) this.ops.set(k, v);
    for (const [k, v] of Object.entries(preset.ops ?? {})) this.ops.set(k, v);
    for (const [k, v] of Object.entries(kernel.conditions)) this.conditions.set(k, v);
    for (const [k, v] of Object.entries(preset.conditions ?? {})) this.conditions.set(k, v);
    for (const w of preset.windows ?? []) this.windows.add(w);
    this.lookBackTypes = new Set(preset.lookBackEvents ?? []);

    this.root = this.compileTree(preset.turn(options));
    const library = validatedLibrary(preset);
    // Event types the cards make up (emit ops): another card may trigger on them or count them.
    this.cardEvents = emittedTypes([...library, ...extraCards]);
    for (const card of library) this.addCard(card, `preset "${preset.id}"`);
    for (const card of extraCards) {
      if (this.cards.has(card.id)) throw new DefinitionError(`card id "${card.id}" is defined twice`);
      const checks = definitionChecks();
      this.addCard(
        checks ? checks.parseCard(card, "extra cards", preset) : uncheckedCard(card),
        "extra cards",
      );
    }
    // After the cards: a check may ignore an event type unless some card makes it matter.
    this.stateChecks = compileStateChecks(preset.stateChecks, [...this.cards.values()]);
    for (const [type, flags] of Object.entries(this.bookkeeping))
      flags.quiet = this.stateChecks.ignoredBy.has(type);
    for (const c of preset.counters ?? []) this.registerCounter(c.pattern, c.window);
    // The events the preset's limited actions count (action-limits.ts).
    for (const a of Object.values(preset.actionLimits ?? {}))
      this.registerCounter(a.counts, a.window ?? "turn");
    this.compiledDone = true;
  }

  private compiledDone = false;

  node(id: string): CompiledNode {
    // The engine asks for a few nodes in turn (a step, its phase, the next step): the last two kept.
    if (id === this.lastNodeId) return this.lastNode!;
    if (id === this.otherNodeId) {
      const n = this.otherNode!;
      this.otherNodeId = this.lastNodeId;
      this.otherNode = this.lastNode;
      this.lastNodeId = id;
      this.lastNode = n;
      return n;
    }
    const n = this.nodes.get(id);
    if (!n)
      throw new DefinitionError(`unknown turn node "${id}"; known: ${[...this.nodes.keys()].join(", ")}`);
    this.otherNodeId = this.lastNodeId;
    this.otherNode = this.lastNode;
    this.lastNodeId = id;
    this.lastNode = n;
    return n;
  }
  private lastNodeId: string | undefined = undefined;
  private lastNode: CompiledNode | undefined = undefined;
  private otherNodeId: string | undefined = undefined;
  private otherNode: CompiledNode | undefined = undefined;

  card(id: string): CardDef {
    // The same card is often read several times in a row (its name, then its types, …).
    if (id === this.lastCardId) return this.lastCard!;
    const c = this.cards.get(id);
    if (!c) throw new DefinitionError(`unknown card "${id}"`);
    this.lastCardId = id;
    this.lastCard = c;
    return c;
  }
  private lastCardId: string | undefined = undefined;
  private lastCard: CardDef | undefined = undefined;

  /**
   * The sets of zone kinds where `card`'s triggered abilities listen (`listenedZonesByCard`). A
   * moving card is asked about once per listened event type: the last card's answer is kept.
   */
  listenedZonesOf(card: CardDef): ReadonlySet<ReadonlySet<string>> | undefined {
    if (card !== this.lastListenedCard) {
      this.lastListenedCard = card;
      this.lastListened = this.listenedZonesByCard.get(card.id);
    }
    return this.lastListened;
  }
  private lastListenedCard: CardDef | undefined = undefined;
  private lastListened: ReadonlySet<ReadonlySet<string>> | undefined = undefined;

  ability(cardId: string, abilityId: string): AbilityDef {
    const a = this.abilities.get(cardId)?.get(abilityId);
    if (!a) throw new DefinitionError(`card "${cardId}" has no ability "${abilityId}"`);
    return a;
  }

  /** `eventRules`' records, made on first use; dropped when a registration changes the maps they read. */
  private readonly byEventType = new Map<string, EventTypeRules>();

  eventRules(type: string): EventTypeRules {
    let r = this.byEventType.get(type);
    if (r === undefined) {
      r = {
        counters: this.countersByType.get(type),
        triggerNodes: this.triggerNodes.get(type),
        delayed: this.delayedTypes.has(type),
        triggerZones: this.triggerZones.get(type),
        lookBack: this.lookBackTypes.has(type),
        hidden: this.hiddenTriggers.has(type),
        quietAll: this.stateChecks.quiet.has(type),
        quietBy: this.stateChecks.ignoredBy.get(type),
      };
      this.byEventType.set(type, r);
      // A bookkeeping event's emitter hands its record to emit (no lookup per event).
      if (Object.hasOwn(this.bookkeeping, type)) this.bookkeeping[type as BookkeepingEvent].typeRules = r;
    }
    return r;
  }

  /** Drops `eventRules`' records (a registration changed the maps they read), the bookkeeping events' too. */
  private forgetEventRules(): void {
    this.byEventType.clear();
    for (const flags of Object.values(this.bookkeeping)) flags.typeRules = undefined;
  }

  /** Adds a trigger pattern's node to `triggerNodes` (or makes its type listen at every node). */
  private noteTriggerNode(type: string, pattern: EventPattern): void {
    this.forgetEventRules();
    const known = this.triggerNodes.get(type);
    if (known === null) return;
    const node = pattern.where?.["data.node"];
    if (typeof node !== "string") this.triggerNodes.set(type, null);
    else if (known) known.add(node);
    else this.triggerNodes.set(type, new Set([node]));
  }

  registerCounter(pattern: EventPattern, window: string): CounterSpec {
    const spec = counterSpecFor(pattern, window);
    if (!this.counterSpecs.has(spec.id)) {
      // A counter added at run time would count in every game sharing these rules.
      if (this.shared && this.compiledDone)
        throw new DefinitionError(
          `cannot register a counter for "${eventTypes(pattern).join("/")}" in window "${window}" at run time: these rules are shared by every game of preset "${this.preset.id}"; create the game with { privateRules: true }`,
        );
      this.counterSpecs.set(spec.id, spec);
      for (const type of eventTypes(spec.pattern)) {
        const list = this.countersByType.get(type) ?? [];
        list.push(spec);
        this.countersByType.set(type, list);
        this.noteRead(type);
      }
    }
    return this.counterSpecs.get(spec.id)!;
  }

  /** Something of the rules reads events of this type (a counter, a trigger): they are logged. */
  private noteRead(type: string): void {
    this.forgetEventRules();
    this.readTypes.add(type);
    if (Object.hasOwn(this.bookkeeping, type)) this.bookkeeping[type as BookkeepingEvent].read = true;
  }

  private compileTree(root: TurnNode): CompiledNode {
    const visit = (node: TurnNode, parent: string | null, depth: number): CompiledNode => {
      if (this.nodes.has(node.id)) throw new DefinitionError(`turn node id "${node.id}" is used twice`);
      for (const name of [
        ...(node.onBegin ?? []),
        ...(node.onEnd ?? []),
        ...(node.interaction ? [node.interaction] : []),
      ])
        if (!this.tasks.has(name))
          throw new DefinitionError(
            `turn node "${node.id}" names task "${name}", which no preset or kernel registers`,
          );
      for (const cond of [node.when, node.repeatWhile])
        if (cond && !this.conditions.has(cond.replace(/^!/, "")))
          throw new DefinitionError(
            `turn node "${node.id}" names condition "${cond}", which is not registered`,
          );
      // Every node of one shape (every field present, in one order; a preset's extra fields after
      // them), its children compiled too: the engine reads them at every step.
      const compiled: CompiledNode = {
        id: node.id,
        label: node.label,
        kind: node.kind,
        when: node.when,
        onBegin: node.onBegin,
        onEnd: node.onEnd,
        interaction: node.interaction,
        children: undefined,
        onDemand: node.onDemand,
        repeatWhile: node.repeatWhile,
        windows: node.windows,
        parent,
        depth,
      };
      for (const k of Object.keys(node))
        if (!Object.hasOwn(compiled, k) && k !== "__proto__")
          (compiled as unknown as Record<string, unknown>)[k] = (node as unknown as Record<string, unknown>)[
            k
          ];
      this.nodes.set(node.id, compiled);
      for (const w of node.windows ?? []) this.windows.add(w);
      if (node.children) compiled.children = node.children.map((child) => visit(child, node.id, depth + 1));
      return compiled;
    };
    return visit(root, null, 0);
  }

  private addHiddenTrigger(type: string, entry: TriggerEntry): void {
    this.forgetEventRules();
    const key = `${JSON.stringify(entry.ability.trigger)}@${entry.zones.join(",")}`;
    const keys = this.hiddenTriggerKeys.get(type) ?? new Set<string>();
    if (keys.has(key)) return;
    keys.add(key);
    this.hiddenTriggerKeys.set(type, keys);
    const hidden = this.hiddenTriggers.get(type) ?? [];
    hidden.push(entry);
    this.hiddenTriggers.set(type, hidden);
  }

  private addCard(card: CardDef, where: string): void {
    // A card id is a key of records (counts per card, a simulation's tally): "__proto__" would be
    // the record's prototype, not a key.
    if (card.id === "__proto__") throw new DefinitionError(`${where}: card id "__proto__" is not allowed`);
    if (this.cards.has(card.id)) throw new DefinitionError(`${where}: card id "${card.id}" is defined twice`);
    // Names and fields checked against this game: event types, zone kinds, conditions, windows,
    // until kinds, contradicting fields (definition-checks.ts).
    const problems =
      definitionChecks()?.cardProblems(card, {
        preset: this.preset,
        zoneKinds: this.zoneDefs,
        conditions: this.conditions,
        windows: this.windows,
        nodes: this.nodes,
        cardEvents: this.cardEvents,
      }) ?? [];
    if (problems.length)
      throw new DefinitionError(problems.map((p) => `${where}: ${p.at}: ${p.message}`).join("\n"));
    // Frozen: a limit or a card handed out in a verdict or a list can't be changed through it.
    deepFreeze(card);
    this.cards.set(card.id, card);
    const abilities = new Map<string, AbilityDef>();
    for (const ability of card.abilities ?? []) {
      const at = `card "${card.id}" ability "${ability.id}"`;
      if (abilities.has(ability.id)) throw new DefinitionError(`${at}: ability id is used twice`);
      abilities.set(ability.id, ability);
      for (const field of ["effect", "cost", "instead"] as const)
        if (ability[field]) this.checkOps(ability[field], at, field);
      if (ability.condition) this.registerConditionCounters(ability.condition);
      const zones = ability.zones ?? this.inPlayKinds;
      if (ability.kind === "triggered" && ability.trigger) {
        const byType = this.triggersByCard.get(card.id) ?? new Map<string, TriggerEntry[]>();
        const named = ability.trigger.where?.["data.node"];
        const node = typeof named === "string" ? named : undefined;
        for (const type of eventTypes(ability.trigger)) {
          this.noteTriggerNode(type, ability.trigger);
          const list = byType.get(type) ?? [];
          list.push({ card, ability, zones, node });
          byType.set(type, list);
          const zs = this.triggerZones.get(type) ?? new Set<string>();
          for (const z of zones) zs.add(z);
          if (ability.trigger.self && ability.trigger.from)
            for (const z of [ability.trigger.from].flat()) zs.add(z);
          this.triggerZones.set(type, zs);
          const listened = this.listenedZonesByCard.get(card.id) ?? new Set<ReadonlySet<string>>();
          listened.add(zs);
          this.listenedZonesByCard.set(card.id, listened);
          this.noteRead(type);
          if (mayUse(ability) && zones.some((z) => this.zoneDefs.get(z)!.visibility !== "public"))
            this.addHiddenTrigger(type, { card, ability, zones, node });
        }
        this.triggersByCard.set(card.id, byType);
      }
      if (ability.kind === "delayed" && ability.trigger)
        for (const type of eventTypes(ability.trigger)) {
          this.delayedTypes.add(type);
          this.noteRead(type);
          this.noteTriggerNode(type, ability.trigger);
        }
      const staticKind = ability.kind === "static" ? ability.static?.kind : undefined;
      if (typeof staticKind === "string") {
        const kind = staticKind;
        const byKind = this.staticsByCard.get(card.id) ?? new Map();
        const list = byKind.get(kind) ?? [];
        list.push({ ability, zones });
        byKind.set(kind, list);
        this.staticsByCard.set(card.id, byKind);
        const zs = this.staticZones.get(kind) ?? new Set<string>();
        for (const z of zones) zs.add(z);
        this.staticZones.set(kind, zs);
        if (kind === "skipNode") this.skipsNodes = true;
      }
      if (ability.kind === "replacement") {
        const list = this.replacementCards.get(card.id) ?? [];
        list.push({ ability, zones });
        this.replacementCards.set(card.id, list);
        for (const z of zones) this.replacementZoneKinds.add(z);
      }
      // Windows, keys and contradicting fields were checked above (definition-checks.ts).
      for (const limit of limitsOf(ability)) {
        const pattern = limit.counts === "event" ? (limit.event ?? ability.trigger) : undefined;
        if (pattern) this.registerCounter(pattern, limit.window);
      }
    }
    this.abilities.set(card.id, abilities);
    // A `delayed` op names a delayed triggered ability of its own card (CR 603.7).
    for (const ability of card.abilities ?? [])
      for (const name of delayedNames([ability.cost, ability.effect, ability.instead])) {
        const target = abilities.get(name);
        if (target?.kind !== "delayed")
          throw new DefinitionError(
            `card "${card.id}" ability "${ability.id}": the delayed op names "${name}", ${
              target ? `an ability of kind ${target.kind}` : "which is not an ability of this card"
            }: it must name one of its abilities of kind delayed${
              definitionChecks()?.hint(
                name,
                [...abilities.values()].filter((a) => a.kind === "delayed").map((a) => a.id),
              ) ?? ""
            }`,
          );
      }
  }

  private registerConditionCounters(cond: ConditionT): void {
    if ("all" in cond) for (const c of cond.all) this.registerConditionCounters(c);
    else if ("any" in cond) for (const c of cond.any) this.registerConditionCounters(c);
    else if ("not" in cond) this.registerConditionCounters(cond.not);
    else if ("events" in cond) this.registerCounter(cond.events, cond.window ?? "turn");
  }

  /**
   * Checks an effect's ops against their handlers' argument specs (op-args.ts), recursing into
   * nested op lists: a DefinitionError naming preset, card, ability, each op's path
   * (`effect[2].then[0]`) and argument, with a "did you mean" where a close name exists.
   */
  checkOps(ops: readonly Op[], at: string, field = "effect"): void {
    const conditions: ConditionT[] = [];
    const collect = (c: unknown) => conditions.push(c as ConditionT);
    const checks = definitionChecks();
    // Without the checks (turnkit/core) the conditions are still found: their counters are needed.
    if (!checks) conditionsInOps(ops, this.ops, collect);
    const problems = checks
      ? checks.opProblems(ops, field, { ops: this.ops, zones: this.zoneDefs, nodes: this.nodes }, collect)
      : [];
    if (problems.length)
      throw new DefinitionError(
        problems.map((p) => `preset "${this.preset.id}" ${at}: ${p.path}: ${p.message}`).join("\n"),
      );
    for (const c of conditions) this.registerConditionCounters(c);
  }
}

/**
 * A card taken as it is (`turnkit/core`, no checks installed): a copy with the vocabulary's one
 * default filled in, a limit's window ("turn"), as a checked card has it.
 */
function uncheckedCard(card: unknown): CardDef {
  const copy = cloneJson(card) as CardDef;
  for (const a of copy.abilities ?? [])
    for (const l of a.limit === undefined ? [] : Array.isArray(a.limit) ? a.limit : [a.limit])
      (l as { window?: string }).window ??= "turn";
  return copy;
}

/** A preset's library, checked once per library (games are created often; cards don't change). */
const checkedLibraries = new WeakMap<readonly PresetCardDef[], CardDef[]>();
const uncheckedLibraries = new WeakMap<readonly PresetCardDef[], CardDef[]>();
function validatedLibrary(preset: Preset): CardDef[] {
  const checks = definitionChecks();
  const cache = checks ? checkedLibraries : uncheckedLibraries;
  let lib = cache.get(preset.cards);
  if (!lib) {
    lib = oneShape(
      preset.cards.map((c) =>
        checks ? checks.parseCard(c, `preset "${preset.id}"`, preset) : uncheckedCard(c),
      ),
    );
    cache.set(preset.cards, lib);
  }
  return lib;
}

/**
 * The cards with one set of fields in one order (those of the card with the most, then the others'
 * as they come; a field a card lacks is there, undefined, which the serialization leaves out), and
 * their abilities likewise: the engine and the presets read `card.name`, `ability.kind`, … of
 * every card at every step, and a read that meets more than four shapes is a slow generic lookup.
 */
function oneShape(cards: CardDef[]): CardDef[] {
  if (cards.length < 2) return cards;
  const cardKeys = keysOf(cards);
  const abilityKeys = keysOf(cards.flatMap((c) => c.abilities ?? []));
  return cards.map((c) => {
    const shaped = shapedAs(c, cardKeys);
    if (c.abilities) shaped.abilities = c.abilities.map((a) => shapedAs(a, abilityKeys));
    return shaped;
  });
}

/** The fields of these records: those of the one with the most, then the others' as they come. */
function keysOf(records: readonly object[]): string[] {
  if (records.length === 0) return [];
  let widest = records[0]!;
  for (const r of records) if (Object.keys(r).length > Object.keys(widest).length) widest = r;
  const keys = new Set(Object.keys(widest));
  for (const r of records) for (const k of Object.keys(r)) keys.add(k);
  keys.delete("__proto__");
  return [...keys];
}

/** A copy of `r` with exactly these fields, in this order (those it lacks undefined). */
function shapedAs<T extends object>(r: T, keys: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = (r as Record<string, unknown>)[k];
  return out as T;
}

/** The event types `emit` ops record anywhere in these cards' abilities (nested blocks included). */
function emittedTypes(cards: readonly unknown[]): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (o.op === "emit" && typeof o.event === "string" && o.event !== "") out.add(o.event);
      for (const x of Object.values(o)) if (x && typeof x === "object") walk(x);
    }
  };
  for (const c of cards) walk((c as { abilities?: unknown }).abilities);
  return out;
}

/** The ability ids `delayed` ops name anywhere in these op lists (branches included). */
function delayedNames(lists: readonly (readonly Op[] | undefined)[]): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (o.op === "delayed" && typeof o.ability === "string") out.push(o.ability);
      for (const x of Object.values(o)) if (x && typeof x === "object") walk(x);
    }
  };
  for (const l of lists) walk(l);
  return out;
}
