/**
 * Rules compiled from a preset and the game's extra card definitions: indexes built once per game
 * so the hot paths (event emission, trigger lookup, counters) never search.
 */

import { DefinitionError } from "./errors.js";
import { eventTypes } from "./match.js";
import type { ConditionFn, Preset, TaskHandler, TurnNode, ZoneDef } from "./preset.js";
import type { OpHandler } from "./script.js";
import { type CompiledStateChecks, compileStateChecks } from "./state-checks.js";
import {
  type AbilityDef,
  type CardDef,
  CardDef as CardDefSchema,
  type ConditionT,
  type EventPattern,
  type LimitSpec,
  type Op,
} from "./vocabulary/schema.js";

export interface CompiledNode extends TurnNode {
  parent: string | null;
  depth: number;
}

/** An event counter: occurrences of a pattern per window, keyed by player, object or nothing. */
export interface CounterSpec {
  id: string;
  pattern: EventPattern;
  window: string;
  by: "player" | "object" | "all";
}

export interface TriggerEntry {
  card: CardDef;
  ability: AbilityDef;
  zones: readonly string[];
}

/**
 * An ability its controller may decline: optional, or with a "you may" anywhere in its effect
 * (Ryusousha Valchulis: "after the attack, you may put this creature into the battle zone").
 */
export function mayUse(ability: AbilityDef): boolean {
  return ability.optional === true || hasMay(ability.effect);
}

function hasMay(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasMay);
  if (v === null || typeof v !== "object") return false;
  if ((v as { op?: unknown }).op === "may") return true;
  return Object.values(v).some(hasMay);
}

function deepFreeze(v: unknown): void {
  if (v === null || typeof v !== "object" || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const x of Object.values(v)) deepFreeze(x);
}

export function limitsOf(ability: AbilityDef): LimitSpec[] {
  if (!ability.limit) return [];
  return Array.isArray(ability.limit) ? ability.limit : [ability.limit];
}

/** The counter that reads "occurrences of this pattern in this window". */
export function counterSpecFor(pattern: EventPattern, window: string): CounterSpec {
  const by: CounterSpec["by"] = pattern.self
    ? "object"
    : pattern.player && pattern.player !== "any"
      ? "player"
      : "all";
  const { player: _p, self: _s, noun: _n, ...absolute } = pattern;
  const id = `${window}|${by}|${JSON.stringify(absolute)}`;
  return { id, pattern: absolute, window, by };
}

export interface KernelParts {
  tasks: Record<string, TaskHandler>;
  ops: Record<string, OpHandler>;
  conditions: Record<string, ConditionFn>;
}

export class Rules {
  readonly nodes = new Map<string, CompiledNode>();
  readonly cards = new Map<string, CardDef>();
  readonly abilities = new Map<string, Map<string, AbilityDef>>();
  /** card id → event type → triggered abilities of that card listening to it. */
  readonly triggersByCard = new Map<string, Map<string, TriggerEntry[]>>();
  /** event type → zone kinds where some card listens to it. */
  readonly triggerZones = new Map<string, Set<string>>();
  /**
   * Event type → optional triggered abilities of the library that work from a zone not every
   * player sees (Ninja Strike in a hand): on such an event, a player who could hold one is asked
   * whether they respond, whether or not they do (DESIGN: non-interference).
   */
  readonly hiddenTriggers = new Map<string, TriggerEntry[]>();
  /** card ids with replacement abilities, and the zones they work in. */
  readonly replacementCards = new Map<string, { ability: AbilityDef; zones: readonly string[] }[]>();
  /** Zone kinds where some replacement ability works (in play, or a hand for Madness). */
  readonly replacementZoneKinds = new Set<string>();
  readonly counterSpecs = new Map<string, CounterSpec>();
  readonly countersByType = new Map<string, CounterSpec[]>();
  readonly tasks = new Map<string, TaskHandler>();
  readonly ops = new Map<string, OpHandler>();
  readonly conditions = new Map<string, ConditionFn>();
  readonly zoneDefs = new Map<string, ZoneDef>();
  readonly inPlayKinds: readonly string[];
  readonly windows = new Set<string>(["game", "turn"]);
  readonly root: CompiledNode;
  /** The preset's state checks, by when they run (state-checks.ts). */
  readonly stateChecks: CompiledStateChecks;

  constructor(
    readonly preset: Preset,
    options: Record<string, import("./json.js").Json>,
    extraCards: readonly CardDef[],
    kernel: KernelParts,
    /** Shared by every game of the preset with these options: no run-time additions. */
    readonly shared = false,
  ) {
    for (const z of preset.zones) this.zoneDefs.set(z.kind, z);
    this.inPlayKinds = preset.zones.filter((z) => z.inPlay).map((z) => z.kind);
    for (const [k, v] of Object.entries(kernel.tasks)) this.tasks.set(k, v);
    for (const [k, v] of Object.entries(preset.tasks ?? {})) this.tasks.set(k, v);
    for (const [k, v] of Object.entries(kernel.ops)) this.ops.set(k, v);
    for (const [k, v] of Object.entries(preset.ops ?? {})) this.ops.set(k, v);
    for (const [k, v] of Object.entries(kernel.conditions)) this.conditions.set(k, v);
    for (const [k, v] of Object.entries(preset.conditions ?? {})) this.conditions.set(k, v);
    for (const w of preset.windows ?? []) this.windows.add(w);
    this.stateChecks = compileStateChecks(preset.stateChecks);

    this.root = this.compileTree(preset.turn(options));
    for (const card of validatedLibrary(preset)) this.addCard(card, `preset ${preset.id}`);
    for (const card of extraCards) {
      if (this.cards.has(card.id)) throw new DefinitionError(`card id "${card.id}" is defined twice`);
      this.addCard(parseCard(card, "extra cards"), "extra cards");
    }
    for (const c of preset.counters ?? []) this.registerCounter(c.pattern, c.window);
    this.compiledDone = true;
  }

  private compiledDone = false;

  node(id: string): CompiledNode {
    const n = this.nodes.get(id);
    if (!n)
      throw new DefinitionError(`unknown turn node "${id}"; known: ${[...this.nodes.keys()].join(", ")}`);
    return n;
  }

  card(id: string): CardDef {
    const c = this.cards.get(id);
    if (!c) throw new DefinitionError(`unknown card "${id}"`);
    return c;
  }

  ability(cardId: string, abilityId: string): AbilityDef {
    const a = this.abilities.get(cardId)?.get(abilityId);
    if (!a) throw new DefinitionError(`card "${cardId}" has no ability "${abilityId}"`);
    return a;
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
      }
    }
    return this.counterSpecs.get(spec.id)!;
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
      const compiled: CompiledNode = { ...node, parent, depth };
      this.nodes.set(node.id, compiled);
      for (const w of node.windows ?? []) this.windows.add(w);
      for (const child of node.children ?? []) visit(child, node.id, depth + 1);
      return compiled;
    };
    return visit(root, null, 0);
  }

  private addCard(card: CardDef, where: string): void {
    if (this.cards.has(card.id)) throw new DefinitionError(`${where}: card id "${card.id}" is defined twice`);
    // Frozen: a limit or a card handed out in a verdict or a list can't be changed through it.
    deepFreeze(card);
    this.cards.set(card.id, card);
    const abilities = new Map<string, AbilityDef>();
    for (const ability of card.abilities ?? []) {
      const at = `card "${card.id}" ability "${ability.id}"`;
      if (abilities.has(ability.id)) throw new DefinitionError(`${at}: ability id is used twice`);
      abilities.set(ability.id, ability);
      for (const list of [ability.effect, ability.cost, ability.instead]) if (list) this.checkOps(list, at);
      if (ability.condition) this.registerConditionCounters(ability.condition);
      const zones = ability.zones ?? this.inPlayKinds;
      for (const z of zones)
        if (!this.zoneDefs.has(z)) throw new DefinitionError(`${at}: unknown zone kind "${z}"`);
      if (ability.kind === "triggered" && ability.trigger) {
        const byType = this.triggersByCard.get(card.id) ?? new Map<string, TriggerEntry[]>();
        for (const type of eventTypes(ability.trigger)) {
          const list = byType.get(type) ?? [];
          list.push({ card, ability, zones });
          byType.set(type, list);
          const zs = this.triggerZones.get(type) ?? new Set<string>();
          for (const z of zones) zs.add(z);
          if (ability.trigger.self && ability.trigger.from)
            for (const z of [ability.trigger.from].flat()) zs.add(z);
          this.triggerZones.set(type, zs);
          if (mayUse(ability) && zones.some((z) => this.zoneDefs.get(z)!.visibility !== "public")) {
            const hidden = this.hiddenTriggers.get(type) ?? [];
            hidden.push({ card, ability, zones });
            this.hiddenTriggers.set(type, hidden);
          }
        }
        this.triggersByCard.set(card.id, byType);
      }
      if (ability.kind === "replacement") {
        const list = this.replacementCards.get(card.id) ?? [];
        list.push({ ability, zones });
        this.replacementCards.set(card.id, list);
        for (const z of zones) this.replacementZoneKinds.add(z);
      }
      for (const limit of limitsOf(ability)) {
        if (!this.windows.has(limit.window) && !isNodeWindow(this, limit.window))
          throw new DefinitionError(`${at}: limit window "${limit.window}" is not declared by the preset`);
        if (limit.counts === "event") {
          const pattern = limit.event ?? ability.trigger;
          if (!pattern)
            throw new DefinitionError(`${at}: a limit that counts events needs event or a trigger`);
          this.registerCounter(pattern, limit.window);
        }
        if (limit.key === "group" && !limit.group) throw new DefinitionError(`${at}: key group needs group`);
        if (limit.key === "bucket" && !limit.bucket)
          throw new DefinitionError(`${at}: key bucket needs bucket`);
        if (limit.key === "keywordPerPlayer" && !(limit.keyword ?? ability.keyword))
          throw new DefinitionError(`${at}: key keywordPerPlayer needs keyword`);
      }
    }
    this.abilities.set(card.id, abilities);
  }

  private registerConditionCounters(cond: ConditionT): void {
    if ("all" in cond) for (const c of cond.all) this.registerConditionCounters(c);
    else if ("any" in cond) for (const c of cond.any) this.registerConditionCounters(c);
    else if ("not" in cond) this.registerConditionCounters(cond.not);
    else if ("events" in cond) this.registerCounter(cond.events, cond.window ?? "turn");
  }

  /** Checks every op of an effect exists, recursing into nested op lists. */
  checkOps(ops: readonly Op[], at: string): void {
    for (const op of ops) {
      const handler = this.ops.get(op.op);
      if (!handler)
        throw new DefinitionError(
          `${at}: unknown op "${op.op}"; known: ${[...this.ops.keys()].sort().join(", ")}`,
        );
      const problem = handler.check?.(op);
      if (problem) throw new DefinitionError(`${at}: op "${op.op}": ${problem}`);
      if (op.if && typeof op.if === "object") this.registerConditionCounters(op.if as ConditionT);
      for (const block of handler.blocks?.(op) ?? []) {
        if (!Array.isArray(block))
          throw new DefinitionError(`${at}: op "${op.op}" has a block that is not a list of ops`);
        this.checkOps(block, at);
      }
    }
  }
}

function isNodeWindow(rules: Rules, window: string): boolean {
  return rules.windows.has(window);
}

/** A card definition checked against the vocabulary (defaults filled in), or a DefinitionError naming card and fields. */
function parseCard(card: CardDef, where: string): CardDef {
  const parsed = CardDefSchema.safeParse(card);
  if (parsed.success) return parsed.data;
  const id = typeof (card as { id?: unknown }).id === "string" ? `card "${card.id}"` : "a card";
  const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(card)"}: ${i.message}`);
  throw new DefinitionError(`${where}: ${id}: ${issues.join("; ")}`);
}

/** A preset's library, checked once per library (games are created often; cards don't change). */
const checkedLibraries = new WeakMap<readonly CardDef[], CardDef[]>();
function validatedLibrary(preset: Preset): CardDef[] {
  let lib = checkedLibraries.get(preset.cards);
  if (!lib) {
    lib = preset.cards.map((c) => parseCard(c, `preset ${preset.id}`));
    checkedLibraries.set(preset.cards, lib);
  }
  return lib;
}
