/**
 * The kernel's effect vocabulary: ops every game shares (choices, control flow, moving cards,
 * durations, extra turns, randomness). Presets add their own ops beside these.
 */

import { becomeTargets, checkTargetsOp, describeSelector, recordTargets, targetsOf } from "./activation.js";
import { checkOptionRoom, LIMITS } from "./bounds.js";
import type { Game } from "./contract/game.js";
import { gainControl } from "./control.js";
import { addDuration, expiryOver } from "./durations.js";
import { EngineError } from "./errors.js";
import { emit } from "./events.js";
import type { Json, JsonObject } from "./json.js";
import { countSelected, evalCondition } from "./match.js";
import { addCounters, setTapped } from "./objects.js";
import { nextInt } from "./rng.js";
import {
  type OpHandler,
  pushBlock,
  resolveCount,
  resolveNumber,
  resolveObjects,
  resolvePlayer,
  resolvePlayers,
  type ScriptTask,
  sourceOf,
  varsOf,
} from "./script.js";
import { DELAYED_TRIGGER } from "./triggers.js";
import type { DecisionOption, Duration, Expiry, GameEvent, GameObject } from "./types.js";
import { seenIn, trackersOf } from "./visibility.js";
import type { ConditionT, Op, Selector } from "./vocabulary/schema.js";
import { zoneId } from "./zones.js";

const ops = (o: Op): Record<string, Json> => o as Record<string, Json>;
const list = (v: Json | undefined): Op[] => (Array.isArray(v) ? (v as unknown as Op[]) : []);

export function needs(...fields: string[]): (op: Op) => string | null {
  return (op) => {
    const missing = fields.filter((f) => op[f] === undefined);
    return missing.length ? `needs ${missing.join(", ")}` : null;
  };
}

/** Who an effect is caused by, for events it emits. */
export function causeOf(game: Game, frame: ScriptTask): import("./types.js").Cause {
  const ctx = frame.ctx;
  const src = ctx.source ? game.state.objects[ctx.source] : undefined;
  const cause: import("./types.js").Cause = { kind: "effect", player: ctx.controller };
  if (src) {
    cause.obj = src.id;
    cause.inc = ctx.sourceInc ?? src.inc;
    cause.card = src.card;
    cause.name = game.rules.card(src.card).name;
  }
  if (ctx.ability) cause.ability = ctx.ability;
  if (ctx.keyword) cause.keyword = ctx.keyword;
  return cause;
}

const ifOp: OpHandler = {
  doc: "Runs `then` if the condition holds, else `else`.",
  args: {
    if: { type: "condition", required: true, doc: "The condition, checked as the op runs." },
    // biome-ignore lint/suspicious/noThenProperty: "then" is the name of the op's argument
    then: { type: "ops", doc: "Run when the condition holds." },
    else: { type: "ops", doc: "Run when it does not." },
  },
  run(game, op, frame) {
    const holds = evalCondition(game, op.if as ConditionT, {
      controller: frame.ctx.controller,
      ...(sourceOf(game, frame.ctx) ? { obj: sourceOf(game, frame.ctx)! } : {}),
      ...(frame.ctx.event ? { event: frame.ctx.event } : {}),
    });
    pushBlock(game, frame, list(holds ? ops(op).then : ops(op).else));
    return "next";
  },
};

const mayOp: OpHandler = {
  doc: 'The controller chooses whether to do it ("you may"): yes runs `then`, no runs `else`.',
  args: {
    prompt: { type: "string", default: "Do it?", doc: "The question asked." },
    // biome-ignore lint/suspicious/noThenProperty: "then" is the name of the op's argument
    then: { type: "ops", required: true, doc: "Run when they say yes." },
    else: { type: "ops", doc: "Run when they say no." },
  },
  run(game, op, frame) {
    // The prompt of an ability of a card others can't see (in a hand) is the controller's alone.
    const src = sourceOf(game, frame.ctx);
    const hidden = src && seenIn(game, game.state.zones[src.zone]!, src.faceDown, src.owner) !== "all";
    // Chosen already in a hidden-response window: the ability's "you may" is that choice.
    const chosen = frame.ctx.accepted === true;
    if (frame.answer || chosen) {
      const yes = chosen || frame.answer!.id === "yes";
      const answered: GameEvent = {
        type: yes ? "accept" : "decline",
        player: frame.ctx.controller,
        data: { prompt: String(op.prompt ?? "") },
      };
      if (hidden) answered.seenBy = [frame.ctx.controller];
      emit(game, answered);
      pushBlock(game, frame, list(yes ? ops(op).then : ops(op).else));
      return "next";
    }
    game.ask({
      player: frame.ctx.controller,
      kind: "may",
      prompt: String(op.prompt ?? "Do it?"),
      ...(hidden
        ? { private: true, publicPrompt: `${game.playerName(frame.ctx.controller)} may use an ability` }
        : {}),
      options: [
        { id: "yes", label: "Yes" },
        { id: "no", label: "No" },
      ],
    });
    return "wait";
  },
};

function tracks(game: Game, obj: GameObject, p: import("./types.js").PlayerId): boolean {
  const top = obj.underOf !== null ? game.state.objects[obj.underOf]! : obj;
  const t = trackersOf(game, game.state.zones[top.zone]!, top.owner);
  return t === "all" || t.includes(p);
}

/** Does a selector look into a zone some player can't see (a deck, a hand)? */
function searchesHidden(game: Game, from: Json | undefined): boolean {
  if (from === undefined || from === null || typeof from !== "object" || Array.isArray(from)) return false;
  const zone = (from as { zone?: string | string[] }).zone;
  const kinds = zone === undefined ? game.rules.inPlayKinds : [zone].flat();
  return kinds.some((k) => game.rules.zoneDefs.get(k)?.visibility !== "public");
}

interface ChooseScratch {
  picked: string[];
}

/** `total: {field, atLeast}` on choose: the chosen objects' field must add up to at least that (Master J Tornado). */
function totalReached(game: Game, total: Json | undefined, picked: string[]): boolean {
  if (total === undefined || total === null || typeof total !== "object" || Array.isArray(total)) return true;
  const field = String(total.field);
  let sum = 0;
  for (const id of picked) sum += Number(game.characteristic(game.state.objects[id]!, field) ?? 0);
  return sum >= Number(total.atLeast ?? 0);
}

/** How many objects a choose op may pick from, counted up to `upTo` (is there enough to choose?). */
function choosePoolCount(game: Game, o: Record<string, Json>, frame: ScriptTask, upTo: number): number {
  if (o.from === undefined) return choosePool(game, o, frame).length;
  const targetable = o.target === true ? game.rules.preset.activation?.targetable : undefined;
  const ctx = frame.ctx;
  const accept = targetable === undefined ? undefined : (c: GameObject) => targetable(game, c, ctx);
  return countSelected(game, o.from as Selector, ctx.controller, sourceOf(game, ctx), upTo, accept);
}

/** The objects a choose op picks from; a target must be targetable by the effect (activation.ts). */
function choosePool(game: Game, o: Record<string, Json>, frame: ScriptTask): GameObject[] {
  const pool =
    o.from !== undefined
      ? resolveObjects(game, { select: o.from }, frame)
      : resolveObjects(game, o.among, frame);
  const targetable = game.rules.preset.activation?.targetable;
  return o.target === true && targetable ? pool.filter((c) => targetable(game, c, frame.ctx)) : pool;
}

const chooseOp: OpHandler = {
  doc: "Picks objects one at a time into `$as`; with `target: true` they are targets (chosen on activation, checked again on resolution).",
  args: {
    from: { type: "selector", doc: "The objects to choose from (this or `among`)." },
    among: { type: "objects", doc: "The objects to choose from, named another way (this or `from`)." },
    min: { type: "number", default: 1, doc: "How many at least." },
    max: { type: "number", doc: "How many at most (default: min, at least 1)." },
    as: { type: "var", required: true, doc: "The variable that receives the chosen object ids." },
    prompt: { type: "string", default: "Choose", doc: "The question asked." },
    chooser: { type: "player", default: "controller", doc: "Who chooses." },
    target: {
      type: "boolean",
      doc: "The objects are targets: chosen on activation, filtered by the preset's targetable rule, checked again on resolution.",
    },
    total: {
      type: "record",
      doc: "Done only once the chosen objects' field adds up to atLeast (Master J Tornado).",
      fields: {
        field: { type: "string", required: true, doc: "The characteristic added up (cost, power …)." },
        atLeast: { type: "integer", required: true, doc: "The sum needed." },
      },
    },
  },
  feasible(game, op, frame) {
    const o = ops(op);
    if (typeof o.among === "string" && o.among.startsWith("$")) return null;
    const min = typeof o.min === "number" ? o.min : o.min === undefined ? 1 : null;
    if (min === null || min <= 0) return null;
    const n = choosePoolCount(game, o, frame, min);
    if (n >= min) return null;
    const what = String(o.prompt ?? (o.from ? describeSelector(game, o.from as Selector) : "cards"));
    return `${o.target === true ? "no legal target" : "nothing to choose"}: ${what} (needs ${min}, ${n === 0 ? "there is none" : `there ${n === 1 ? "is" : "are"} only ${n}`})`;
  },
  check: (op) => (op.from === undefined && op.among === undefined ? "needs from or among" : null),
  run(game, op, frame) {
    const o = ops(op);
    const scratch = (frame.scratch as unknown as ChooseScratch | undefined) ?? { picked: [] };
    const finish = (): "next" => {
      const vars = varsOf(game, frame);
      vars[String(o.as)] = scratch.picked;
      if (o.target === true) {
        // CR 115.1: an object a spell or ability already targets (another of its targets) doesn't
        // become its target again: one `targeted` event per object per spell or ability.
        const already = new Set(targetsOf(vars));
        recordTargets(game, vars, String(o.as), o.from ?? null, scratch.picked);
        const objs = scratch.picked.filter((id) => !already.has(id)).map((id) => game.state.objects[id]!);
        becomeTargets(game, objs, [], causeOf(game, frame));
      }
      return "next";
    };
    const pool = choosePool(game, o, frame);
    const chooser = resolvePlayer(game, o.chooser ?? "controller", frame);
    // Cards the chooser can neither follow nor see (an opponent's hand) are chosen blind: one
    // option per zone, which takes one of them at random (the cards' order would tell otherwise).
    const blind = (c: GameObject): boolean => {
      if (c.handle && tracks(game, c, chooser)) return false;
      const zone = game.state.zones[c.zone]!;
      const seen = seenIn(game, zone, c.faceDown, c.owner);
      return seen !== "all" && !seen.includes(chooser) && zone.owner !== chooser;
    };
    if (frame.answer) {
      const id = frame.answer.id;
      frame.answer = undefined;
      if (id === "done") return finish();
      if (id.endsWith("#?")) {
        const among = pool.filter(
          (c) => c.zone === id.slice(0, -2) && blind(c) && !scratch.picked.includes(c.id),
        );
        scratch.picked.push(among[nextInt(game.state.rng, among.length)]!.id);
      } else scratch.picked.push(game.obj(id).id);
    }
    const candidates = pool.filter((c) => !scratch.picked.includes(c.id));
    const min = resolveNumber(game, o.min, frame, 1);
    const max = resolveNumber(game, o.max, frame, Math.max(min, 1));
    if (scratch.picked.length >= max) return finish();
    if (candidates.length === 0) {
      // Searching a zone some player can't see finds nothing: still a question, so that whether
      // the search was asked doesn't tell the opponent what that zone holds (DESIGN).
      if (!searchesHidden(game, o.from) || game.state.options.leakyFastPath === true) return finish();
      frame.scratch = scratch as unknown as Json;
      game.ask({
        player: chooser,
        kind: "choose",
        private: true,
        publicPrompt: `${game.playerName(chooser)} chooses`,
        prompt: `${String(o.prompt ?? "Choose")}: nothing ${scratch.picked.length ? "more " : ""}there can be chosen`,
        options: [{ id: "done", label: scratch.picked.length ? "Done choosing" : "Find nothing" }],
      });
      return "wait";
    }
    // Searching one's own hidden zone (a Deck) shows the searched cards to the chooser alone.
    const looked = candidates.filter((c) => {
      const zone = game.state.zones[c.zone]!;
      const seen = seenIn(game, zone, c.faceDown, c.owner);
      return zone.owner === chooser && seen !== "all" && !seen.includes(chooser);
    });
    const options: DecisionOption[] = [];
    const blindZones = new Map<string, number>();
    for (const c of candidates) {
      if (blind(c)) {
        blindZones.set(c.zone, (blindZones.get(c.zone) ?? 0) + 1);
        continue;
      }
      checkOptionRoom(options.length, 1, `${String(o.prompt ?? "Choose")}: the objects to choose from`);
      options.push({
        id: game.ref(c),
        label: looked.includes(c)
          ? `${game.rules.card(c.card).name} (${game.ref(c)}) in your ${game.rules.zoneDefs.get(game.state.zones[c.zone]!.kind)?.label ?? "zone"}`
          : game.describeObject(c, chooser),
      });
    }
    for (const [zone, n] of blindZones) {
      const z = game.state.zones[zone]!;
      const where = `${game.playerName(z.owner ?? 0)}'s ${game.rules.zoneDefs.get(z.kind)?.label ?? z.kind}`;
      options.push({ id: `${zone}#?`, label: `A card from ${where}, unseen (${n} there)` });
    }
    if (scratch.picked.length >= min && totalReached(game, o.total, scratch.picked))
      options.push({ id: "done", label: "Done choosing", pass: true });
    frame.scratch = scratch as unknown as Json;
    // Choosing among cards some player can't see: the answer is the chooser's alone.
    const hidden = candidates.some(
      (c) => seenIn(game, game.state.zones[c.zone]!, c.faceDown, c.owner) !== "all",
    );
    game.ask({
      player: chooser,
      kind: "choose",
      ...(hidden ? { private: true, publicPrompt: `${game.playerName(chooser)} chooses` } : {}),
      ...(looked.length > 0 ? { reveals: looked.map((c) => c.id) } : {}),
      prompt: `${String(o.prompt ?? "Choose")}${chosenSoFar(scratch.picked.length, min, max)}`,
      options,
    });
    return "wait";
  },
};

/** How far a choice of several cards has got: " (1 of 2 chosen)", " (1 chosen, 0–3)"; nothing for one card. */
function chosenSoFar(picked: number, min: number, max: number): string {
  if (max <= 1) return "";
  return min === max ? ` (${picked} of ${max} chosen)` : ` (${picked} chosen, ${min}–${max})`;
}

const forEachOp: OpHandler = {
  doc: "Runs `do` once per object, with `$as` bound to it.",
  args: {
    in: { type: "objects", required: true, doc: "The objects, named as the op starts." },
    as: { type: "var", required: true, doc: "The variable bound to each object's id in turn." },
    do: { type: "ops", required: true, doc: "Run once per object." },
  },
  run(game, op, frame) {
    const o = ops(op);
    const state = (frame.scratch as unknown as { ids: string[]; i: number } | undefined) ?? {
      ids: resolveObjects(game, o.in, frame).map((x) => x.id),
      i: 0,
    };
    if (state.i >= state.ids.length) return "next";
    varsOf(game, frame)[String(o.as)] = state.ids[state.i]!;
    state.i++;
    frame.scratch = state as unknown as Json;
    pushBlock(game, frame, list(o.do));
    return "again";
  },
};

const repeatOp: OpHandler = {
  doc: "Runs `do` that many times.",
  args: {
    times: {
      type: "number",
      required: true,
      max: LIMITS.repeats,
      doc: "How many times (read before each run).",
    },
    do: { type: "ops", required: true, doc: "The block." },
  },
  run(game, op, frame) {
    const o = ops(op);
    const i = typeof frame.scratch === "number" ? frame.scratch : 0;
    if (i >= resolveCount(game, o.times, frame, 0, "repeat's times", LIMITS.repeats)) return "next";
    frame.scratch = i + 1;
    pushBlock(game, frame, list(o.do));
    return "again";
  },
};

const modesOp: OpHandler = {
  doc: "The controller picks a mode and its ops run (`times` times; a mode may be picked again).",
  args: {
    options: {
      type: "records",
      required: true,
      doc: "The modes.",
      fields: {
        id: { type: "string", required: true, doc: "The mode's id (the answer)." },
        label: { type: "string", required: true, doc: "What the player reads." },
        do: { type: "ops", required: true, doc: "Run when the mode is picked." },
      },
    },
    times: { type: "number", default: 1, max: LIMITS.repeats, doc: "How many modes are picked." },
    optional: { type: "boolean", doc: "The controller may stop picking (an option to choose nothing more)." },
    prompt: { type: "string", default: "Choose one", doc: "The question asked." },
  },
  run(game, op, frame) {
    const o = ops(op);
    const modes = o.options as unknown as { id: string; label: string; do: Op[] }[];
    const done = typeof frame.scratch === "number" ? frame.scratch : 0;
    if (frame.answer) {
      const id = frame.answer.id;
      frame.answer = undefined;
      if (id === "none") return "next";
      const chosen = modes.find((m) => m.id === id);
      frame.scratch = done + 1;
      if (chosen) pushBlock(game, frame, chosen.do);
      return done + 1 >= resolveCount(game, o.times, frame, 1, "modes' times", LIMITS.repeats)
        ? "next"
        : "again";
    }
    const options = modes.map((m) => ({ id: m.id, label: m.label }));
    if (o.optional === true) options.push({ id: "none", label: "Choose nothing more" });
    game.ask({
      player: frame.ctx.controller,
      kind: "mode",
      prompt: String(o.prompt ?? "Choose one"),
      options,
    });
    return "wait";
  },
};

const moveOp: OpHandler = {
  doc: "Moves objects to a zone (several at once: one simultaneous move); replacement effects apply.",
  args: {
    what: { type: "objects", required: true, doc: "The objects moved." },
    to: { type: "zone", required: true, doc: "The zone kind they go to." },
    zoneOwner: {
      type: "player",
      default: "owner",
      doc: 'Whose zone: "owner" (each object\'s owner), "controller" (its controller) or a player.',
    },
    position: { type: "string", values: ["top", "bottom"], default: "top", doc: "Where in the zone." },
    faceDown: { type: "boolean", doc: "Face-down in the new zone." },
    tapped: { type: "boolean", doc: "Tapped (or untapped with false) in the new zone." },
    event: { type: "string", default: "move", doc: "The event type recorded (destroy, discard …)." },
    reveal: { type: "boolean", doc: "Shown to every player as it moves." },
  },
  // As a cost (sacrifice, discard this card, banish it): the object must be there to move.
  feasible(game, op, frame) {
    const what = ops(op).what;
    if (typeof what === "string" && what.startsWith("$")) return null;
    return resolveObjects(game, what, frame).length === 0 ? "the card to move is not there" : null;
  },
  run(game, op, frame) {
    const o = ops(op);
    const objs = resolveObjects(game, o.what, frame);
    // Several cards moved by one instruction move at once: one simultaneous event (CR 603.10a).
    if (objs.length > 1) game.simultaneously(() => moveAll(game, o, objs, frame));
    else moveAll(game, o, objs, frame);
    return "next";
  },
};

function moveAll(game: Game, o: Record<string, Json>, objs: GameObject[], frame: ScriptTask): void {
  for (const obj of objs) {
    const ownerRef = o.zoneOwner ?? "owner";
    const owner =
      ownerRef === "owner"
        ? obj.owner
        : ownerRef === "controller"
          ? obj.controller
          : resolvePlayer(game, ownerRef, frame);
    const kind = String(o.to);
    const def = game.rules.zoneDefs.get(kind);
    if (!def) throw new EngineError(`move: unknown zone kind "${kind}"`);
    game.moveWithReplacement(obj, zoneId(kind, def.perPlayer ? owner : null), {
      cause: causeOf(game, frame),
      ...(o.position !== undefined ? { position: o.position as "top" | "bottom" } : {}),
      ...(o.faceDown !== undefined ? { faceDown: o.faceDown === true } : {}),
      ...(o.tapped !== undefined ? { tapped: o.tapped === true } : {}),
      ...(o.event !== undefined ? { event: String(o.event) } : {}),
      ...(o.reveal === true ? { reveal: true } : {}),
      noReplace: frame.ctx.noReplace === true,
    });
  }
}

const drawOp: OpHandler = {
  doc: "Draws cards from the top of the deck.",
  args: {
    player: { type: "players", default: "controller", doc: "Who draws." },
    n: { type: "number", default: 1, max: LIMITS.repeats, doc: "How many cards each." },
  },
  run(game, op, frame) {
    const o = ops(op);
    const n = resolveCount(game, o.n, frame, 1, "draw's n", LIMITS.repeats);
    for (const p of resolvePlayers(game, o.player, frame)) game.draw(p, n, causeOf(game, frame));
    return "next";
  },
};

const shuffleOp: OpHandler = {
  doc: "Shuffles a player's zone.",
  args: {
    player: { type: "players", default: "controller", doc: "Whose zone." },
    zone: { type: "zone", doc: "The zone kind (default: the preset's deck)." },
  },
  run(game, op, frame) {
    const o = ops(op);
    for (const p of resolvePlayers(game, o.player, frame))
      game.shuffle(zoneId(String(o.zone ?? game.deckZoneKind), p));
    return "next";
  },
};

function tapOp(tapped: boolean): OpHandler {
  return {
    doc: `${tapped ? "Taps" : "Untaps"} objects${tapped ? " (as a cost, {T}: they must be untapped)" : ""}.`,
    args: {
      what: { type: "objects", required: true, doc: `The objects ${tapped ? "tapped" : "untapped"}.` },
    },
    // As a cost ({T}, CR 602.5a / 118.3): the objects must be there and not already so.
    feasible(game, op, frame) {
      const what = ops(op).what;
      if (what === "self") {
        // {T} of the source itself, on every option list: no list built.
        const s = sourceOf(game, frame.ctx);
        if (!s) return `nothing to ${tapped ? "tap" : "untap"}`;
        return s.tapped === tapped
          ? `${game.rules.card(s.card).name} is already ${tapped ? "tapped" : "untapped"}`
          : null;
      }
      if (typeof what === "string" && what.startsWith("$")) return null;
      const objs = resolveObjects(game, what, frame);
      if (objs.length === 0) return `nothing to ${tapped ? "tap" : "untap"}`;
      const already = objs.filter((o) => o.tapped === tapped);
      return already.length
        ? `${already.map((o) => game.rules.card(o.card).name).join(", ")} ${already.length === 1 ? "is" : "are"} already ${tapped ? "tapped" : "untapped"}`
        : null;
    },
    run(game, op, frame) {
      for (const obj of resolveObjects(game, ops(op).what, frame))
        setTapped(game, obj, tapped, causeOf(game, frame));
      return "next";
    },
  };
}

const setOp: OpHandler = {
  doc: "Stores a value in `$var`.",
  args: {
    var: { type: "var", required: true, doc: "The variable." },
    value: { type: "json", default: null, doc: "The value, stored as written." },
  },
  run(game, op, frame) {
    varsOf(game, frame)[String(op.var)] = (op.value ?? null) as Json;
    return "next";
  },
};

const countOp: OpHandler = {
  doc: "Stores how many objects match in `$as`.",
  args: {
    of: { type: "selector", required: true, doc: "The objects counted." },
    as: { type: "var", required: true, doc: "The variable that receives the number." },
  },
  run(game, op, frame) {
    varsOf(game, frame)[String(op.as)] = resolveNumber(game, { count: op.of as Json }, frame);
    return "next";
  },
};

/**
 * Reads an expiry written in an op (its forms: ExpiryRef, docs/kernel.md "Durations"). A boundary of
 * the turn tree relative to a player or an object — `{ begin | end: <node or "turn">, player?,
 * turn? }` — or `{ while: Condition }`, `"source"`, `{ tag }`, `"never"`; and the shorthands
 * `"turn"` (`{ end: turn, turn: this }`), `"nextTurn"` (`{ end: turn, turn: next }`), `{ endOf: node }`
 * (the end of that running node, or of its next run when it isn't running), `{ until: node }`
 * (`{ begin: node }`) and `{ nextTurnOf: player }` (`{ begin: turn, player }`).
 */
export function expiryFrom(game: Game, spec: Json | undefined, frame: ScriptTask): Expiry {
  const clock = game.state.clock;
  const id = clock.turn.id;
  if (spec === undefined || spec === "turn") return { at: "boundary", edge: "end", node: null, turn: id };
  if (spec === "never") return { at: "never" };
  if (spec === "nextTurn") return { at: "boundary", edge: "end", node: null, after: id };
  if (spec === "source") {
    const s = sourceOf(game, frame.ctx);
    if (s) return { at: "objectLeaves", obj: s.id, inc: s.inc };
    // The source has left already: a duration already over (CR 611.2b, `expiryOver`).
    if (!frame.ctx.source || frame.ctx.sourceInc === undefined)
      throw new EngineError("until source: the effect has no source");
    return { at: "objectLeaves", obj: frame.ctx.source, inc: frame.ctx.sourceInc };
  }
  if (typeof spec === "object" && spec !== null && !Array.isArray(spec)) {
    if (typeof spec.endOf === "string") {
      // The end of the node's run now going on; when it isn't running, of its next run, whoever's
      // turn (CR 511.3: "until end of combat" lasts until the next end of combat step ends).
      if (!clock.path.includes(spec.endOf)) return { at: "boundary", edge: "end", node: spec.endOf };
      return { at: "boundary", edge: "end", node: spec.endOf, turn: id };
    }
    if (typeof spec.until === "string") return { at: "boundary", edge: "begin", node: spec.until };
    if (spec.nextTurnOf !== undefined)
      return {
        at: "boundary",
        edge: "begin",
        node: null,
        players: resolvePlayers(game, spec.nextTurnOf, frame),
      };
    if (typeof spec.tag === "string") return { at: "tag", tag: spec.tag };
    if (spec.while !== undefined) {
      const src = sourceOf(game, frame.ctx);
      return {
        at: "while",
        condition: spec.while as ConditionT,
        controller: frame.ctx.controller,
        ...(src ? { obj: src.id, inc: src.inc } : {}),
      };
    }
    const edge = spec.begin !== undefined ? "begin" : spec.end !== undefined ? "end" : null;
    if (edge !== null) {
      const at = String(spec[edge]);
      const node = at === "turn" || at === game.rules.root.id ? null : at;
      const out: Extract<Expiry, { at: "boundary" }> = { at: "boundary", edge, node };
      if (spec.player === "targetController") out.ofTarget = true;
      else if (spec.player !== undefined) out.players = resolvePlayers(game, spec.player, frame);
      if (spec.turn === "this") out.turn = id;
      else if (spec.turn === "next") out.after = id;
      return out;
    }
  }
  throw new EngineError(`unknown expiry ${JSON.stringify(spec)}`);
}

/** A duration's source: the effect's source object as it is now, by name (absent when it has none). */
function durationSource(game: Game, frame: ScriptTask): { source?: Duration["source"] } {
  const src = sourceOf(game, frame.ctx);
  return src ? { source: { obj: src.id, inc: src.inc, name: game.rules.card(src.card).name } } : {};
}

const untilOp: OpHandler = {
  doc: "A continuous effect with a duration, on objects, on players or on the game.",
  args: {
    expires: { type: "expiry", default: "turn", doc: "When it ends." },
    effect: {
      type: "record",
      required: true,
      doc: "What it does: a kind the preset (or the kernel) applies, and its value.",
      fields: {
        kind: { type: "string", required: true, doc: "The effect kind." },
        value: { type: "json", doc: "Its value." },
      },
    },
    target: { type: "objects", doc: "The objects it applies to (each incarnation)." },
    targetPlayer: { type: "players", doc: "The players it applies to (when there is no target)." },
    label: { type: "string", doc: "How it is said (default: the effect kind)." },
  },
  run(game, op, frame) {
    const o = ops(op);
    const effect = o.effect as JsonObject;
    const expires = expiryFrom(game, o.expires, frame);
    if (expiryOver(game, expires)) return "next"; // CR 611.2b: over before it began, it does nothing
    const label = String(o.label ?? effect.kind);
    const base = { expires, controller: frame.ctx.controller, label, ...durationSource(game, frame) };
    if (o.target !== undefined) {
      for (const t of resolveObjects(game, o.target, frame))
        addDuration(game, {
          ...base,
          effect: {
            kind: String(effect.kind),
            value: effect.value ?? null,
            target: { obj: t.id, inc: t.inc },
          },
        });
    } else if (o.targetPlayer !== undefined) {
      for (const p of resolvePlayers(game, o.targetPlayer, frame))
        addDuration(game, {
          ...base,
          effect: { kind: String(effect.kind), value: effect.value ?? null, target: { player: p } },
        });
    } else addDuration(game, { ...base, effect: { kind: String(effect.kind), value: effect.value ?? null } });
    return "next";
  },
};

const gainControlOp: OpHandler = {
  doc: 'A player gains control of objects (CR 613.1b; Yu-Gi-Oh! "take control"): each moves to that player\'s side as the same object — limits keyed to it stay used (CR 602.5b, 606.3), limits keyed by player follow the new controller — and control goes back when `expires` is reached (absent: for as long as the object stays).',
  args: {
    what: { type: "objects", required: true, doc: "The objects." },
    player: { type: "player", default: "controller", doc: "Who gains control." },
    expires: {
      type: "expiry",
      doc: 'When control goes back ("turn", {tag: endOfTurn}, {until: end} …); absent: never.',
    },
  },
  run(game, op, frame) {
    const o = ops(op);
    const player = resolvePlayer(game, o.player ?? "controller", frame);
    const expires = o.expires === undefined ? undefined : expiryFrom(game, o.expires, frame);
    if (expires && expiryOver(game, expires)) return "next"; // CR 611.2b: no control change at all
    for (const obj of resolveObjects(game, o.what, frame))
      gainControl(game, obj, player, {
        controller: frame.ctx.controller,
        cause: causeOf(game, frame),
        ...(expires ? { expires } : {}),
        ...durationSource(game, frame),
      });
    return "next";
  },
};

const delayedOp: OpHandler = {
  doc: "Creates a delayed triggered ability (CR 603.7): the card's ability of kind `delayed` named here triggers the next time its `trigger` event happens (\"at the beginning of the next end step\"), once, controlled by this effect's controller; objects remembered under `as` are the ones it acts on while they stay where they are (CR 603.7c).",
  args: {
    ability: {
      type: "string",
      required: true,
      doc: "The id of one of this card's abilities of kind delayed.",
    },
    remember: { type: "objects", doc: "Objects the delayed ability acts on (its `$it`), each as it is now." },
    as: { type: "string", default: "it", doc: "The variable the remembered objects are in." },
    expires: {
      type: "expiry",
      doc: 'When it lapses if it has not triggered ("turn": "at the end of this turn"); absent: it waits until it triggers.',
    },
    repeats: {
      type: "boolean",
      doc: 'It has a stated duration ("this turn, whenever …", CR 603.7b): it triggers each time its event happens until `expires`, not only the next time.',
    },
  },
  check: (op) =>
    op.repeats === true && op.expires === undefined ? "repeats needs expires (its stated duration)" : null,
  run(game, op, frame) {
    const o = ops(op);
    const ctx = frame.ctx;
    if (!ctx.card || !ctx.source) throw new EngineError("delayed: the effect has no source card");
    const remembered = o.remember === undefined ? [] : resolveObjects(game, o.remember, frame);
    addDuration(game, {
      expires: o.expires === undefined ? { at: "never" } : expiryFrom(game, o.expires, frame),
      controller: ctx.controller,
      label: `${game.rules.card(ctx.card).name}: ${game.rules.ability(ctx.card, String(o.ability)).text ?? String(o.ability)}`,
      effect: {
        kind: DELAYED_TRIGGER,
        value: {
          card: ctx.card,
          ability: String(o.ability),
          obj: ctx.source,
          inc: ctx.sourceInc ?? game.state.objects[ctx.source]?.inc ?? 0,
          vars: { [String(o.as ?? "it")]: remembered.map((r) => ({ obj: r.id, inc: r.inc })) },
          ...(o.repeats === true ? { repeats: true } : {}),
        },
      },
    });
    return "next";
  },
};

const skipToOp: OpHandler = {
  doc: 'The running phases and steps end and the turn goes straight to node `to`, later in this turn, skipping those in between (CR 723.1d: "end the turn" skips to the cleanup step; "end the Battle Phase"). What is resolving finishes first; the nodes that end do their end actions.',
  args: { to: { type: "node", required: true, doc: "The node gone to: a turn node id." } },
  run(game, op, frame) {
    game.skipTo(String(ops(op).to), frame.ctx.card ? game.rules.card(frame.ctx.card).name : undefined);
    return "next";
  },
};

const skipNodeOp: OpHandler = {
  doc: 'That player skips their next run of node `node`, in whichever of their turns it comes (CR 500.10, 614.10: "target player skips their next draw step"; Yu-Gi-Oh! "skip your next 2 Draw Phases" with times: 2). Kept until used; each skips one run.',
  args: {
    node: {
      type: "node",
      required: true,
      doc: "The phase or step skipped: a turn node id (not the turn itself: see skipTurn).",
    },
    player: { type: "players", default: "controller", doc: "Who skips it (in their own turns)." },
    times: {
      type: "number",
      default: 1,
      max: LIMITS.repeats,
      doc: "How many runs are skipped, one after the other.",
    },
  },
  run(game, op, frame) {
    const o = ops(op);
    const times = resolveCount(game, o.times, frame, 1, "skipNode's times", LIMITS.repeats);
    const source = frame.ctx.card ? game.rules.card(frame.ctx.card).name : undefined;
    for (const p of resolvePlayers(game, o.player, frame))
      for (let i = 0; i < times; i++) game.skipNextNode(p, String(o.node), source);
    return "next";
  },
};

const extraTurnOp: OpHandler = {
  doc: "Adds a turn directly after this one (DM 500.5, CR 500.7: last added, first taken).",
  args: { player: { type: "players", default: "controller", doc: "Who takes the extra turn." } },
  run(game, op, frame) {
    for (const p of resolvePlayers(game, ops(op).player, frame))
      game.addExtraTurn(p, frame.ctx.card ? game.rules.card(frame.ctx.card).name : undefined);
    return "next";
  },
};

const controlTurnOp: OpHandler = {
  doc: "The effect's controller controls that player during the player's next turn (CR 722: Mindslaver): they make every decision that player would make and see what that player sees, for the whole turn, which that player still takes; the most recent such effect for a player works (722.1a).",
  args: {
    player: { type: "players", required: true, doc: "Whose next turn is controlled." },
    extraTurnAfter: {
      type: "boolean",
      doc: "After that turn, that player takes an extra turn (Emrakul, the Promised End).",
    },
  },
  run(game, op, frame) {
    const o = ops(op);
    const source = frame.ctx.card ? game.rules.card(frame.ctx.card).name : undefined;
    for (const p of resolvePlayers(game, o.player, frame))
      game.controlNextTurn(p, frame.ctx.controller, {
        ...(o.extraTurnAfter === true ? { extraTurnAfter: true } : {}),
        ...(source ? { source } : {}),
      });
    return "next";
  },
};

const addNodesOp: OpHandler = {
  doc: 'Adds turn nodes (phases, steps) to this turn, right after the running node `after` ends (CR 500.8: "after this main phase, there is an additional combat phase followed by an additional main phase"); the most recently added run first. When `after` names no running node ("this main phase" resolving in an upkeep), nothing is added.',
  args: {
    after: {
      type: "runningNode",
      default: "current",
      doc: 'The running node they follow: "current" (the innermost node running), a node id, or a list of node ids — the innermost of them that is running ("this main phase": [main1, main2]). If none is running, no node is added (the rulings of Fury of the Horde, 2006-07-15: only the rest of the effect happens).',
    },
    nodes: { type: "nodes", required: true, doc: "The node ids added, in order: siblings of `after`." },
  },
  run(game, op, frame) {
    const o = ops(op);
    const after = runningNodeOf(game.state.clock.path, o.after as string | string[] | undefined);
    if (after === undefined) return "next";
    game.addNodesAfter(
      after,
      o.nodes as string[],
      frame.ctx.card ? game.rules.card(frame.ctx.card).name : undefined,
    );
    return "next";
  },
};

/** The running node `after` names (the innermost match), or undefined when it names none running. */
function runningNodeOf(path: readonly string[], after: string | string[] | undefined): string | undefined {
  if (after === undefined || after === "current") return path[path.length - 1];
  const names = typeof after === "string" ? [after] : after;
  for (let i = path.length - 1; i >= 0; i--) if (names.includes(path[i]!)) return path[i];
  return undefined;
}

const skipTurnOp: OpHandler = {
  doc: "That player's next turn is skipped.",
  args: { player: { type: "players", default: "controller", doc: "Whose turn is skipped." } },
  run(game, op, frame) {
    for (const p of resolvePlayers(game, ops(op).player, frame))
      game.state.turnQueue.push({ kind: "skip", player: p });
    return "next";
  },
};

function endOp(win: boolean): OpHandler {
  return {
    doc: `That player ${win ? "wins" : "loses"} the game; the effect stops.`,
    args: {
      player: { type: "player", default: "controller", doc: `Who ${win ? "wins" : "loses"}.` },
      reason: { type: "string", doc: "Why, in the log." },
    },
    run(game, op, frame) {
      const p = resolvePlayer(game, ops(op).player, frame);
      const reason = String(ops(op).reason ?? (win ? "an effect made them win" : "an effect made them lose"));
      if (win) game.declareWinner(p, reason);
      else game.declareLoser(p, reason);
      return "stop";
    },
  };
}

const rollOp: OpHandler = {
  doc: "Rolls a die from the game's seeded RNG into `$as`.",
  args: {
    sides: { type: "number", default: 6, doc: "The die's sides." },
    as: { type: "var", required: true, doc: "The variable that receives the result." },
  },
  run(game, op, frame) {
    const sides = resolveNumber(game, op.sides, frame, 6);
    const value = nextInt(game.state.rng, sides) + 1;
    varsOf(game, frame)[String(op.as)] = value;
    emit(game, { type: "roll", player: frame.ctx.controller, data: { sides, value } });
    return "next";
  },
};

const coinOp: OpHandler = {
  doc: 'Tosses a coin from the game\'s seeded RNG: "heads" or "tails" into `$as`.',
  args: { as: { type: "var", required: true, doc: "The variable that receives the result." } },
  run(game, op, frame) {
    const value = nextInt(game.state.rng, 2) === 0 ? "heads" : "tails";
    varsOf(game, frame)[String(op.as)] = value;
    emit(game, { type: "coin", player: frame.ctx.controller, data: { value } });
    return "next";
  },
};

const emitOp: OpHandler = {
  doc: "Records a custom event about the source (counted, and able to trigger abilities).",
  args: {
    event: { type: "string", required: true, doc: "The event type." },
    data: { type: "json", default: {}, doc: "The event's data (an object)." },
    player: { type: "player", default: "controller", doc: "Whose event." },
  },
  run(game, op, frame) {
    const o = ops(op);
    const src = sourceOf(game, frame.ctx);
    emit(game, {
      type: String(o.event),
      player: resolvePlayer(game, o.player, frame),
      ...(src ? { obj: src.id, inc: src.inc, card: src.card, name: game.rules.card(src.card).name } : {}),
      cause: causeOf(game, frame),
      data: (o.data as JsonObject | undefined) ?? {},
    });
    return "next";
  },
};

const logOp: OpHandler = {
  doc: "A line in the narrated log.",
  args: { text: { type: "string", required: true, doc: "The line." } },
  run(game, op, frame) {
    emit(game, { type: "note", player: frame.ctx.controller, data: { text: String(op.text) } });
    return "next";
  },
};

const addCounterOp: OpHandler = {
  doc: "Puts counters on objects (a negative n removes them: as a cost, there must be enough).",
  args: {
    what: { type: "objects", required: true, doc: "The objects." },
    counter: { type: "string", required: true, doc: "The counter's name." },
    n: { type: "number", default: 1, doc: "How many (negative: removed)." },
  },
  feasible(game, op, frame) {
    const o = ops(op);
    if (typeof o.what === "string" && o.what.startsWith("$")) return null;
    const n = typeof o.n === "number" ? o.n : 1;
    if (n >= 0) return null;
    const short = resolveObjects(game, o.what, frame).filter(
      (obj) => (obj.counters[String(o.counter)] ?? 0) < -n,
    );
    return short.length
      ? `${short.map((obj) => game.rules.card(obj.card).name).join(", ")} has fewer than ${-n} ${String(o.counter)} counter${n === -1 ? "" : "s"}`
      : null;
  },
  run(game, op, frame) {
    const o = ops(op);
    const n = resolveNumber(game, o.n, frame, 1);
    const cause = causeOf(game, frame);
    for (const obj of resolveObjects(game, o.what, frame))
      addCounters(game, obj, String(o.counter), n, cause);
    return "next";
  },
};

export const kernelOps: Record<string, OpHandler> = {
  if: ifOp,
  may: mayOp,
  choose: chooseOp,
  forEach: forEachOp,
  repeat: repeatOp,
  modes: modesOp,
  move: moveOp,
  draw: drawOp,
  shuffle: shuffleOp,
  tap: tapOp(true),
  untap: tapOp(false),
  set: setOp,
  count: countOp,
  until: untilOp,
  gainControl: gainControlOp,
  delayed: delayedOp,
  skipTo: skipToOp,
  skipNode: skipNodeOp,
  extraTurn: extraTurnOp,
  controlTurn: controlTurnOp,
  addNodes: addNodesOp,
  skipTurn: skipTurnOp,
  win: endOp(true),
  lose: endOp(false),
  roll: rollOp,
  coin: coinOp,
  emit: emitOp,
  log: logOp,
  addCounter: addCounterOp,
  checkTargets: checkTargetsOp,
};
