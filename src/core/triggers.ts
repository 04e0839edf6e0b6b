/**
 * Triggered abilities: matching events to abilities, the pending set, and resolution with its
 * limit checks (DESIGN: triggers and pending effects; RULINGS DM-2.1, DM-3.3 to 3.5, DM-4.1, 4.2).
 */

import { limitsOf, mayUse } from "./abilities.js";
import { hasTargets } from "./activation.js";
import type { HiddenResponseWords, TriggerEntry } from "./contract/data.js";
import type { EventTypeRules, Game, MembershipConcerns } from "./contract/game.js";
import { emit, eventOfEntry, newEntry } from "./events.js";
import type { Json, JsonObject } from "./json.js";
import { cloneJson } from "./json.js";
import { abilityLabel } from "./labels.js";
import { type AbilityRef, chargeLimit, checkLimit, emitLimitRefused, usedUpOf } from "./limits.js";
import { evalCondition, matchEvent } from "./match.js";
import { type ScriptTask, scriptTask } from "./script.js";
import type { GameObject, LogEntry, ObjectId, PendingAbility, PlayerId, Task } from "./types.js";
import { seenIn } from "./visibility.js";

export type { HiddenResponseWords } from "./contract/data.js";

/** Whether the ability's trigger names a node other than `evNode`, the node of a node's event (TriggerEntry.node). */
function namesOtherNode(entry: TriggerEntry, evNode: string | undefined): boolean {
  return evNode !== undefined && entry.node !== undefined && entry.node !== evNode;
}

/** Does this ability work from where its object is now? Self-triggers may look back at where it was. */
function worksFrom(entry: TriggerEntry, zoneKind: string, obj: GameObject, ev: LogEntry): boolean {
  if (entry.zones.includes(zoneKind)) return true;
  const t = entry.ability.trigger!;
  return t.self === true && ev.obj === obj.id && ev.from !== undefined && entry.zones.includes(ev.from);
}

/**
 * Lets every ability listening to this event trigger (DM 500.4, CR 603.2), delayed ones included
 * (CR 603.7). `lookBack`: where the objects that moved in the same simultaneous block were;
 * `existed`: objects that stopped existing in it by an event that looks back (CR 603.10a: they
 * trigger as they were).
 */
export function collectTriggers(
  game: Game,
  ev: LogEntry,
  lookBack?: ReadonlyMap<string, string>,
  existed?: ReadonlySet<string>,
  /** The rules for the event's type, when the caller has looked them up (emit). */
  known?: EventTypeRules,
): void {
  // Every path below matches a pattern of this type: an event of a node none of them names
  // (most node events: only "at the beginning of the end step" listens) triggers nothing.
  const typeRules = known ?? game.rules.eventRules(ev.type);
  // A node's event: abilities whose trigger names another node are passed over (TriggerEntry.node).
  const named =
    typeRules.triggerNodes !== undefined ? (ev.data as { node?: unknown } | undefined)?.node : undefined;
  const evNode = typeof named === "string" ? named : undefined;
  const nodes = typeRules.triggerNodes;
  if (nodes && evNode !== undefined && !nodes.has(evNode)) return;
  if (game.state.durations.length > 0 && typeRules.delayed) collectDelayed(game, ev);
  const kinds = typeRules.triggerZones;
  if (!kinds) return;
  const state = game.state;
  const lookingBack = typeRules.lookBack;
  for (const c of listeners(game, ev.type, kinds)) {
    const obj = state.objects[c.id]!;
    if (obj.faceDown) continue;
    // Preset.exists: CR 702.26b, no triggers — unless it stopped existing by this very event, or one
    // simultaneous with it, that looks back (CR 603.10a: "whenever this phases out").
    if (!game.exists(obj) && !(lookingBack && (c.id === ev.obj || existed?.has(c.id) === true))) continue;
    for (const entry of c.entries)
      if (!namesOtherNode(entry, evNode) && worksFrom(entry, c.zoneKind, obj, ev))
        tryTrigger(game, obj, entry, ev);
  }
  // CR 603.10a: in a simultaneous event, objects that left a zone where their abilities work see
  // the event as they were then (Game.simultaneously).
  // The moving object's own abilities that aren't "self" ones ("whenever a creature dies", on a
  // dying creature) look back too.
  if (game.rules.preset.lookBack === true) {
    if (lookBack) for (const [id, formerKind] of lookBack) lookBackTriggers(game, ev, id, formerKind, kinds);
    else if (ev.obj !== undefined && ev.from !== undefined)
      lookBackTriggers(game, ev, ev.obj, ev.from, kinds);
  }
  if (typeRules.hidden && game.state.options.leakyFastPath !== true) noteHiddenResponders(game, ev, evNode);
  // "When this card leaves <zone>": the card is now elsewhere, in a zone not scanned above; its
  // own leave-triggers look back to where it was (CR 603.10).
  if (ev.obj !== undefined && ev.from !== undefined) {
    const obj = state.objects[ev.obj];
    const now = obj ? state.zones[obj.zone] : undefined;
    if (obj && now && !obj.faceDown && !kinds.has(now.kind) && obj.underOf === null) {
      const entries = game.rules.triggersByCard.get(obj.card)?.get(ev.type);
      for (const entry of entries ?? [])
        if (worksFrom(entry, now.kind, obj, ev)) tryTrigger(game, obj, entry, ev);
    }
  }
}

/** An object in a zone where some card listens to an event type, with its card's abilities for it. */
export interface Listener {
  id: ObjectId;
  zoneKind: string;
  entries: readonly TriggerEntry[];
}

/**
 * The objects whose card has triggered abilities for `type`, in the zones where such abilities
 * work, in scan order (zone kinds, then each zone's order): indexed once until a card enters or
 * leaves a zone or becomes another card (Game.membershipFact), instead of scanning every card of
 * those zones on every event.
 */
function listeners(game: Game, type: string, kinds: ReadonlySet<string>): readonly Listener[] {
  // Keyed by the rules' own set of zone kinds for this type: one object per event type, no string built.
  return game.membershipFact(kinds, () => scanListeners(game, type, kinds), changesListeners);
}

/**
 * Only a card with triggered abilities for the type changes who listens to it, entering or leaving
 * a zone of the kinds where they work (the fact's key: the rules' set of kinds for that one type).
 */
const changesListeners: MembershipConcerns = (game, card, zone, kinds) => {
  // Most cards listen to nothing: asked first (the moving card's answer is kept between facts).
  const listened = game.rules.listenedZonesOf(card);
  return (
    listened?.has(kinds as ReadonlySet<string>) === true && (kinds as ReadonlySet<string>).has(zone.kind)
  );
};

/** `listeners` computed afresh (and what the index must equal: tests/core/membership-index.test.ts). */
export function scanListeners(game: Game, type: string, kinds: ReadonlySet<string>): Listener[] {
  const out: Listener[] = [];
  const byCard = game.rules.triggersByCard;
  for (const zone of game.zonesOfKinds(kinds))
    for (const id of zone.cards) {
      const entries = byCard.get(game.state.objects[id]!.card)?.get(type);
      if (entries) out.push({ id, zoneKind: zone.kind, entries });
    }
  return out;
}

/** The indexed listeners of an event type (empty when no card listens to it). */
export function indexedListeners(game: Game, type: string): readonly Listener[] {
  const kinds = game.rules.triggerZones.get(type);
  return kinds ? listeners(game, type, kinds) : [];
}

/** Abilities of an object that left a zone kind where they work, seeing `ev` as from there (CR 603.10a). */
function lookBackTriggers(
  game: Game,
  ev: LogEntry,
  id: string,
  formerKind: string,
  kinds: ReadonlySet<string>,
): void {
  if (!kinds.has(formerKind)) return;
  const obj = game.state.objects[id];
  const now = obj ? game.state.zones[obj.zone] : undefined;
  if (!obj || !now || obj.faceDown || obj.underOf !== null) return;
  const entries = game.rules.triggersByCard.get(obj.card)?.get(ev.type);
  for (const entry of entries ?? []) {
    if (!entry.zones.includes(formerKind) || entry.zones.includes(now.kind)) continue; // scanned where it is
    if (entry.ability.trigger!.self === true && id === ev.obj) continue; // its own leave-trigger, above
    tryTrigger(game, obj, entry, ev);
  }
}

/**
 * Players who could hold a card that may respond to this event from a hidden zone — judged by
 * the game's card library and what everyone sees (the event, the zone not being empty), never by
 * the cards they hold — are asked at the next checkpoint, whether they hold one or not.
 */
function noteHiddenResponders(game: Game, ev: LogEntry, evNode: string | undefined): void {
  const state = game.state;
  const entries = game.rules.hiddenTriggers.get(ev.type)!;
  for (const p of state.players)
    if (!state.hiddenResponses.includes(p.id) && couldRespond(game, ev, evNode, p.id, entries))
      state.hiddenResponses.push(p.id);
}

/** Whether player `p` could hold a card of `entries` that responds to `ev` from a hidden zone. */
function couldRespond(
  game: Game,
  ev: LogEntry,
  evNode: string | undefined,
  p: PlayerId,
  entries: readonly TriggerEntry[],
): boolean {
  const state = game.state;
  for (const entry of entries) {
    if (namesOtherNode(entry, evNode)) continue;
    const t = entry.ability.trigger!;
    for (const kind of entry.zones) {
      const def = game.rules.zoneDefs.get(kind)!;
      if (def.visibility === "public") continue;
      if (t.self) {
        const o = ev.obj !== undefined ? state.objects[ev.obj] : undefined;
        if (o && o.controller === p && state.zones[o.zone]!.kind === kind && matchEvent(game, ev, t, p, o))
          return true;
        continue;
      }
      // Zone kinds of abilities are checked against the preset's when cards are compiled.
      if (game.zone(kind, def.perPlayer ? p : null).cards.length > 0 && matchEvent(game, ev, t, p))
        return true;
    }
  }
  return false;
}

/**
 * A "one or more" ability already pending from this batch (CR 603.2c): another occurrence of the
 * same event joins it instead of triggering it again.
 */
function pendingInBatch(game: Game, obj: GameObject, ability: string): PendingAbility | undefined {
  for (const p of game.state.pending)
    if (p.batch === game.batchStart && p.obj === obj.id && p.inc === obj.inc && p.ability === ability)
      return p;
  return undefined;
}

function tryTrigger(game: Game, obj: GameObject, entry: TriggerEntry, ev: LogEntry): void {
  const ability = entry.ability;
  const controller = obj.controller;
  if (!matchEvent(game, ev, ability.trigger!, controller, obj)) return;
  const batched = ability.trigger!.oneOrMore === true;
  if (batched) {
    const same = pendingInBatch(game, obj, ability.id);
    if (same) {
      same.more ??= [];
      same.more.push(eventOfEntry(ev));
      return;
    }
  }
  if (ability.condition && !evalCondition(game, ability.condition, { controller, obj, event: ev })) return;
  const ref: AbilityRef = { obj, card: entry.card, ability, controller };
  const charged: string[] = [];
  for (const spec of limitsOf(ability)) {
    const moment = usedUpOf(spec);
    if (moment === "application") continue;
    const v = checkLimit(
      game,
      ref,
      spec,
      moment === "trigger" && spec.counts === "event" ? "trigger" : "query",
      ev,
    );
    if (!v.ok) {
      emitLimitRefused(game, ref, v, "trigger");
      return;
    }
  }
  for (const spec of limitsOf(ability))
    if (usedUpOf(spec) === "trigger" && spec.counts !== "event") {
      chargeLimit(game, ref, spec);
      charged.push(spec.window);
    }
  const what: Parameters<typeof pend>[2] = {
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    ability: ability.id,
    controller,
    charged,
  };
  if (batched) what.batch = game.batchStart;
  pend(game, ev, what, charged.length ? LIMIT_USED : NO_DATA);
}

/** Makes an ability pending on this event (it waits in `state.pending`) and records `trigger`. */
function pend(
  game: Game,
  ev: LogEntry,
  what: Pick<
    PendingAbility,
    "obj" | "inc" | "card" | "ability" | "controller" | "charged" | "vars" | "batch"
  >,
  data: JsonObject,
): void {
  // Field by field, in the order a spread of `what` would give (no temporary objects).
  const pending: PendingAbility = {
    id: ++game.state.ids.pending,
    obj: what.obj,
    inc: what.inc,
    card: what.card,
    ability: what.ability,
    controller: what.controller,
    charged: what.charged,
  } as PendingAbility;
  if (what.vars !== undefined) pending.vars = what.vars;
  if (what.batch !== undefined) pending.batch = what.batch;
  pending.event = ev.seq;
  pending.eventData = eventOfEntry(ev);
  game.state.pending.push(pending);
  const told: JsonObject = { ability: what.ability, pending: pending.id, on: ev.type };
  for (const k in data) told[k] = data[k] as Json;
  const entry = newEntry("trigger");
  entry.player = what.controller;
  entry.obj = what.obj;
  entry.inc = what.inc;
  entry.card = what.card;
  entry.name = game.rules.card(what.card).name;
  entry.data = told;
  emit(game, entry);
}

const LIMIT_USED: JsonObject = Object.freeze({ limitUsed: true });
const NO_DATA: JsonObject = Object.freeze({});

/** The kind of the durations that hold delayed triggered abilities waiting for their event. */
export const DELAYED_TRIGGER = "delayedTrigger";

interface DelayedValue {
  card: string;
  ability: string;
  obj: ObjectId;
  inc: number;
  vars: JsonObject;
  /** A stated duration ("this turn, whenever …"): it triggers each time until it ends (603.7b). */
  repeats?: boolean;
}

/**
 * Delayed triggered abilities (CR 603.7) waiting for this event: each that matches triggers once
 * (603.7b: "the next") and is gone — unless it has a stated duration (`repeats`: "this turn,
 * whenever …"), then it stays until that ends; it becomes a pending ability of its card,
 * controlled by the player whose effect created it, with the objects it remembered.
 */
function collectDelayed(game: Game, ev: LogEntry): void {
  for (const d of [...game.state.durations]) {
    if (d.effect.kind !== DELAYED_TRIGGER) continue;
    const v = d.effect.value as unknown as DelayedValue;
    const ability = game.rules.ability(v.card, v.ability);
    const src = game.state.objects[v.obj];
    if (!matchEvent(game, ev, ability.trigger!, d.controller, src)) continue;
    if (
      ability.condition &&
      !evalCondition(game, ability.condition, {
        controller: d.controller,
        ...(src ? { obj: src } : {}),
        event: ev,
      })
    )
      continue;
    if (!v.repeats) game.state.durations = game.state.durations.filter((x) => x !== d);
    const { obj, inc, card, ability: id } = v;
    pend(
      game,
      ev,
      { obj, inc, card, ability: id, controller: d.controller, charged: [], vars: cloneJson(v.vars) },
      {
        delayed: true,
      },
    );
  }
}

export interface ResolveTask extends Task {
  t: "resolve";
  pending: PendingAbility;
  stage?: "asked";
}

/** The ability reference of a pending ability: its object as it is now, its printed card. */
function pendingRef(game: Game, p: PendingAbility): AbilityRef {
  const obj = game.state.objects[p.obj]!;
  const card = game.rules.card(p.card);
  return { obj, card, ability: game.rules.ability(p.card, p.ability), controller: p.controller };
}

/**
 * Resolves one pending ability: limits used up on resolution are checked (a keyword already
 * resolved this attack fizzles, RULINGS DM-4.2), an optional ability asks its controller
 * (declining uses the limit up only where the ruling says so), then the effect runs.
 */
export function runResolveTask(game: Game, task: Task): void {
  const t = task as ResolveTask;
  const p = t.pending;
  const ref = pendingRef(game, p);
  const ability = ref.ability;
  const base = { player: p.controller, obj: p.obj, inc: p.inc, card: p.card, name: ref.card.name };
  if (t.stage !== "asked") {
    for (const spec of limitsOf(ability)) {
      if (usedUpOf(spec) !== "resolution") continue;
      const v = checkLimit(game, ref, spec, "query");
      if (!v.ok) {
        emit(game, {
          type: "fizzle",
          ...base,
          data: { ability: ability.id, pending: p.id, reason: v.reason, key: v.key },
        });
        game.popTask(t);
        return;
      }
    }
    if (
      ability.condition &&
      !evalCondition(game, ability.condition, { controller: p.controller, obj: ref.obj, event: p.eventData })
    ) {
      emit(game, {
        type: "fizzle",
        ...base,
        data: {
          ability: ability.id,
          pending: p.id,
          reason: `${ref.card.name}: its condition no longer holds`,
        },
      });
      game.popTask(t);
      return;
    }
    if (p.answered === "decline") {
      t.stage = "asked";
      t.answer = { id: "no", label: "Decline" };
      runResolveTask(game, t);
      return;
    }
    if (ability.optional && p.answered !== "use") {
      t.stage = "asked";
      askToUse(game, p, ref);
      return;
    }
  } else if (t.answer === undefined) {
    // Asked before and not answered yet (a saved game being checked): ask the same again.
    askToUse(game, p, ref);
    return;
  } else if (t.answer.id === "no") {
    decline(game, p, ref);
    game.popTask(t);
    return;
  }
  for (const spec of limitsOf(ability)) if (usedUpOf(spec) === "resolution") chargeLimit(game, ref, spec);
  const entry = newEntry("resolve");
  entry.player = base.player;
  entry.obj = base.obj;
  entry.inc = base.inc;
  entry.card = base.card;
  entry.name = base.name;
  entry.data = {
    ability: ability.id,
    pending: p.id,
    ...(ability.keyword ? { keyword: ability.keyword } : {}),
  };
  emit(game, entry);
  game.popTask(t);
  if (ability.effect?.length) {
    // Targets chosen as it was put on the stack are checked again first (CR 603.3d, 608.2b).
    const effect =
      p.vars && hasTargets(ability.cost) ? [{ op: "checkTargets" }, ...ability.effect] : ability.effect;
    const frame: ScriptTask = scriptTask(
      effect,
      {
        controller: p.controller,
        source: p.obj,
        sourceInc: p.inc,
        card: p.card,
        ability: ability.id,
        ...(ability.keyword ? { keyword: ability.keyword } : {}),
        event: p.eventData,
        ...(p.batch !== undefined ? { batch: [p.eventData, ...(p.more ?? [])] } : {}),
        pending: p.id,
        ...(p.answered === "use" ? { accepted: true } : {}),
      },
      p.vars ? cloneJson(p.vars) : {},
    );
    game.pushTask(frame);
  }
}

/** The controller declines a pending ability: limits that declining uses up are used (RULINGS DM-3.5). */
function decline(game: Game, p: PendingAbility, ref: AbilityRef): void {
  const usedUp: string[] = [];
  for (const spec of limitsOf(ref.ability))
    if (spec.declineUsesUp && usedUpOf(spec) !== "trigger") {
      chargeLimit(game, ref, spec);
      usedUp.push(spec.window);
    }
  emit(game, {
    type: "decline",
    player: p.controller,
    obj: p.obj,
    inc: p.inc,
    card: p.card,
    name: ref.card.name,
    data: { ability: ref.ability.id, pending: p.id, limitUsed: usedUp.length > 0 },
  });
}

function askToUse(game: Game, p: PendingAbility, ref: AbilityRef): void {
  const ability = ref.ability;
  const hidden = !seenByAll(game, ref.obj);
  game.ask({
    player: p.controller,
    kind: "useAbility",
    about: p.obj,
    prompt: `Use ${ref.card.name}'s ability${ability.text ? `: “${ability.text}”` : ""}?`,
    ...(hidden ? { private: true, publicPrompt: `${game.playerName(p.controller)} may use an ability` } : {}),
    options: [
      { id: "yes", label: "Use it" },
      // Told by the decline event (its limit, if declining uses it).
      { id: "no", label: "Decline", pass: true },
    ],
  });
}

export interface PendingTask extends Task {
  t: "kernel.resolvePending";
}

/**
 * The default order for pending abilities (DM: the active player's first; each player orders
 * their own): picks the next one, asking its controller when they have several.
 */
export function runResolvePending(game: Game, task: Task): void {
  const state = game.state;
  if (task.answer && task.window !== undefined) {
    answerHiddenResponse(game, task);
    return;
  }
  if (state.hiddenResponses.length > 0) {
    askHiddenResponse(game, task);
    return;
  }
  if (state.pending.length === 0) {
    game.popTask(task);
    return;
  }
  if (task.answer) {
    const chosen = task.answer.id;
    task.answer = undefined;
    const mine = state.pending.filter((x) => x.controller === task.player);
    const p = mine.find((x) => pendingOptionId(game, x, mine) === chosen);
    if (!p) throw new Error(`no pending ability answers "${chosen}"`);
    takePending(game, p.id);
    return;
  }
  const n = state.players.length;
  for (let k = 0; k < n; k++) {
    const player = (state.clock.turn.player + k) % n;
    const mine = state.pending.filter((p) => p.controller === player);
    if (mine.length === 0) continue;
    if (mine.length === 1) {
      takePending(game, mine[0]!.id);
      return;
    }
    task.player = player;
    // Abilities of cards others can't see (a Ninja Strike in hand) are ordered privately.
    const hidden = mine.some((x) => {
      const o = state.objects[x.obj];
      return o !== undefined && !seenByAll(game, o);
    });
    game.ask({
      player,
      kind: "orderTriggers",
      prompt: "Choose which of your triggered abilities resolves next",
      ...(hidden ? { private: true } : {}),
      options: mine.map((p) => ({
        id: pendingOptionId(game, p, mine),
        label: `${game.rules.card(p.card).name}: ${abilityLabel(game.rules.ability(p.card, p.ability))}`,
      })),
    });
    return;
  }
}

/** Optional abilities of `player`'s cards pending from zones others can't see. */
function hiddenPending(game: Game, player: number): PendingAbility[] {
  return game.state.pending.filter((x) => {
    if (x.controller !== player || x.answered !== undefined) return false;
    const o = game.state.objects[x.obj];
    return o !== undefined && !seenByAll(game, o) && mayUse(game.rules.ability(x.card, x.ability));
  });
}

const RESPOND_WORDS: HiddenResponseWords = {
  prompt: "Respond with a card only you can see?",
  noneNow: " (none of yours can now)",
  othersSee: "may respond with a card only they can see",
  use: (card, ability, id) => `Use ${card}: ${abilityLabel(ability, id, 400)}`,
  decline: "Don't respond",
};

/**
 * One private question per player who could respond with a hidden card (`state.hiddenResponses`,
 * the turn player first): which to use, or none. Asked whether they hold one or not, so the
 * question tells the others nothing. The answer: `answerHiddenResponse` (while `task.window` is set).
 */
export function askHiddenResponse(game: Game, task: Task, words: HiddenResponseWords = RESPOND_WORDS): void {
  const state = game.state;
  const n = state.players.length;
  const active = state.clock.turn.player;
  state.hiddenResponses.sort((a, b) => ((a - active + n) % n) - ((b - active + n) % n));
  const player = state.hiddenResponses[0]!;
  const mine = hiddenPending(game, player);
  task.window = player;
  game.ask({
    player,
    kind: "respond",
    prompt: mine.length > 0 ? words.prompt : `${words.prompt}${words.noneNow}`,
    publicPrompt: `${game.playerName(player)} ${words.othersSee}`,
    private: true,
    options: [
      ...mine.map((p) => ({
        id: `use:${pendingOptionId(game, p, mine)}`,
        label: words.use(game.rules.card(p.card).name, game.rules.ability(p.card, p.ability), p.ability),
      })),
      { id: "no", label: words.decline, pass: true },
    ],
  });
}

/** The answer to askHiddenResponse: the abilities chosen wait to be used; the others are declined. */
export function answerHiddenResponse(game: Game, task: Task): void {
  const state = game.state;
  const player = Number(task.window);
  const chosen = task.answer!.id;
  task.answer = undefined;
  task.window = undefined;
  state.hiddenResponses = state.hiddenResponses.filter((p) => p !== player);
  const mine = hiddenPending(game, player);
  for (const p of mine) {
    if (`use:${pendingOptionId(game, p, mine)}` === chosen) {
      p.answered = "use";
      continue;
    }
    // Declined here and now: nothing of it is left to order or resolve.
    state.pending.splice(state.pending.indexOf(p), 1);
    decline(game, p, pendingRef(game, p));
  }
}

/**
 * "<card>:<ability>" (the card as its controller names it), or "<card>:<ability>#2" for the second
 * of the same ability of the same card pending twice.
 */
export function pendingOptionId(game: Game, p: PendingAbility, among: readonly PendingAbility[]): string {
  const obj = game.state.objects[p.obj]!;
  const base = `${game.ref(obj)}:${p.ability}`;
  const twins = among.filter((x) => x.obj === p.obj && x.ability === p.ability);
  return twins.length > 1 ? `${base}#${twins.indexOf(p) + 1}` : base;
}

function takePending(game: Game, id: number): void {
  const state = game.state;
  const i = state.pending.findIndex((p) => p.id === id);
  const [p] = state.pending.splice(i, 1);
  game.pushTask({ t: "resolve", pending: p! } satisfies ResolveTask);
}

/** Every player can see this card where it is. */
function seenByAll(game: Game, obj: GameObject): boolean {
  return seenIn(game, game.state.zones[obj.zone]!, obj.faceDown, obj.owner) === "all";
}

/** The pending abilities as a preset's stack (Preset.stack), in the order they wait. */
export function pendingStack(game: Game): import("./preset.js").StackEntry[] {
  return game.state.pending.map((p) => ({
    obj: p.obj,
    card: p.card,
    name: game.rules.card(p.card).name,
    ability: p.ability,
    controller: p.controller,
  }));
}
