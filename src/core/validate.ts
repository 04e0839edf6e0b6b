/**
 * Checking a state that comes from outside (`Game.fromState`, `deserialize`, `restore`) before
 * any of it is used: the preset, options, players, zones, every card and where it lies, the clock,
 * the engine's work, and the pending decision against what the rules would ask there. Every
 * refusal names the field (`state.objects.c12.card`) and what was wrong (DESIGN: validation at
 * every door).
 */

import type { Rules } from "./contract/game.js";
import { DefinitionError } from "./errors.js";
import type { Json } from "./json.js";
import { validateOptions } from "./options.js";
import type { Preset } from "./preset.js";
import { isHandle } from "./rng.js";
import type { GameState } from "./types.js";

/** Refuses with the field's path and the problem. */
function bad(path: string, problem: string): never {
  throw new DefinitionError(`saved state, ${path}: ${problem}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function int(v: unknown, path: string, min = 0): number {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < min)
    bad(path, `expected an integer ≥ ${min}, got ${JSON.stringify(v)}`);
  return v;
}

function str(v: unknown, path: string): string {
  if (typeof v !== "string") bad(path, `expected a string, got ${JSON.stringify(v)}`);
  return v;
}

function arr(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) bad(path, `expected a list, got ${JSON.stringify(v)?.slice(0, 40)}`);
  return v;
}

function obj(v: unknown, path: string): Record<string, unknown> {
  if (!isObject(v)) bad(path, `expected an object, got ${JSON.stringify(v)?.slice(0, 40)}`);
  return v;
}

function rng(v: unknown, path: string): void {
  const r = obj(v, path);
  const key = arr(r.key, `${path}.key`);
  if (key.length !== 8) bad(`${path}.key`, "expected 8 words");
  key.forEach((w, i) => {
    int(w, `${path}.key[${i}]`);
  });
  int(r.stream, `${path}.stream`);
  int(r.block, `${path}.block`);
  const words = arr(r.words, `${path}.words`);
  if (words.length > 16) bad(`${path}.words`, "more than one block");
  words.forEach((w, i) => {
    int(w, `${path}.words[${i}]`);
  });
  const at = int(r.at, `${path}.at`);
  if (at > words.length) bad(`${path}.at`, "past the block");
}

function player(v: unknown, n: number, path: string): number {
  const p = int(v, path);
  if (p >= n) bad(path, `no player ${p} (the game has ${n})`);
  return p;
}

function node(rules: Rules, v: unknown, path: string): string {
  const id = str(v, path);
  if (!rules.nodes.has(id)) bad(path, `no turn node "${id}"`);
  return id;
}

/** An extra turn, a skip, added nodes or a skip ahead (types.ts TurnModification), its nodes in the turn tree. */
function turnModification(rules: Rules, raw: unknown, n: number, path: string): void {
  const m = obj(raw, path);
  if (m.source !== undefined) str(m.source, `${path}.source`);
  switch (m.kind) {
    case "extra":
    case "skip":
      player(m.player, n, `${path}.player`);
      return;
    case "skipNode":
      player(m.player, n, `${path}.player`);
      node(rules, m.node, `${path}.node`);
      return;
    case "nodes":
      node(rules, m.after, `${path}.after`);
      int(m.instance, `${path}.instance`);
      for (const [j, x] of arr(m.nodes, `${path}.nodes`).entries()) node(rules, x, `${path}.nodes[${j}]`);
      return;
    case "control":
      player(m.player, n, `${path}.player`);
      player(m.by, n, `${path}.by`);
      if (m.extraTurnAfter !== undefined && typeof m.extraTurnAfter !== "boolean")
        bad(`${path}.extraTurnAfter`, "expected true or false");
      return;
    case "skipTo":
      node(rules, m.below, `${path}.below`);
      node(rules, m.to, `${path}.to`);
      for (const [j, x] of arr(m.ended, `${path}.ended`).entries()) node(rules, x, `${path}.ended[${j}]`);
      return;
    default:
      bad(
        `${path}.kind`,
        `expected "extra", "skip", "skipNode", "nodes", "skipTo" or "control", not ${JSON.stringify(m.kind)}`,
      );
  }
}

/**
 * The first checks, before the rules are compiled: the format, the preset, the options and the
 * extra card definitions' shape. Returns the options as validated.
 */
export function checkHeader(preset: Preset, raw: unknown): GameState {
  const s = obj(raw, "(top)");
  if (s.format === "turnkit/state@1")
    bad(
      "format",
      "saved by an older turnkit (turnkit/state@1, before handles and 128-bit seeds); replay its game instead",
    );
  if (s.format === "turnkit/state@2")
    bad(
      "format",
      "saved by an older turnkit (turnkit/state@2, before saves recorded the rules that made them); replay its game instead",
    );
  if (s.format !== "turnkit/state@3") bad("format", `not a turnkit state (${JSON.stringify(s.format)})`);
  const made = obj(s.madeBy, "madeBy");
  str(made.turnkit, "madeBy.turnkit");
  const fp = obj(made.rules, "madeBy.rules");
  for (const k of ["all", "turn", "cards", "preset", "options"]) str(fp[k], `madeBy.rules.${k}`);
  if (s.preset !== preset.id) bad("preset", `made by preset "${String(s.preset)}", not "${preset.id}"`);
  const options = validateOptions(preset, obj(s.options, "options"));
  for (const k of Object.keys(options))
    if (!Object.hasOwn(s.options as object, k)) bad(`options.${k}`, "missing");
  arr(s.extraCards, "extraCards");
  return s as unknown as GameState;
}

/** Everything else, against the compiled rules. */
export function checkBody(rules: Rules, state: GameState): void {
  const s = state as unknown as Record<string, unknown>;
  str(s.seed, "seed");
  rng(s.rng, "rng");
  rng(s.handleRng, "handleRng");
  const players = arr(s.players, "players");
  const { min, max } = rules.preset.players;
  if (players.length < min || players.length > max)
    bad("players", `${rules.preset.name} is played by ${min} to ${max} players, not ${players.length}`);
  const n = players.length;
  players.forEach((raw, i) => {
    const p = obj(raw, `players[${i}]`);
    if (p.id !== i) bad(`players[${i}].id`, `expected ${i}`);
    str(p.name, `players[${i}].name`);
    int(p.turns, `players[${i}].turns`);
    int(p.lastTurn, `players[${i}].lastTurn`);
    obj(p.vars, `players[${i}].vars`);
  });
  // Zones: exactly the preset's, for these players.
  const zones = obj(s.zones, "zones");
  const expected = new Set<string>();
  for (const def of rules.preset.zones)
    for (let p = 0; p < (def.perPlayer ? n : 1); p++) {
      const id = def.perPlayer ? `${def.kind}@${p}` : def.kind;
      expected.add(id);
      const z = obj(zones[id], `zones.${id}`);
      if (
        z.id !== id ||
        z.kind !== def.kind ||
        z.owner !== (def.perPlayer ? p : null) ||
        z.visibility !== def.visibility
      )
        bad(`zones.${id}`, "its id, kind, owner or visibility is not the preset's");
      arr(z.cards, `zones.${id}.cards`).forEach((c, i) => {
        str(c, `zones.${id}.cards[${i}]`);
      });
    }
  for (const id of Object.keys(zones))
    if (!expected.has(id)) bad(`zones.${id}`, "no such zone in this preset");
  // Objects: known cards, valid owners, each in exactly one place, unique handles.
  const objects = obj(s.objects, "objects");
  const placed = new Map<string, string>();
  const place = (id: string, where: string): void => {
    if (!Object.hasOwn(objects, id)) bad(where, `names card "${id}", which is not in state.objects`);
    const before = placed.get(id);
    if (before) bad(where, `card ${id} is also in ${before}`);
    placed.set(id, where);
  };
  for (const id of expected)
    (zones[id] as { cards: string[] }).cards.forEach((c, i) => {
      place(c, `zones.${id}.cards[${i}]`);
    });
  const handles = new Map<string, string>();
  for (const [id, raw] of Object.entries(objects)) {
    const path = `objects.${id}`;
    const o = obj(raw, path);
    if (o.id !== id) bad(`${path}.id`, `expected "${id}"`);
    const card = str(o.card, `${path}.card`);
    if (!rules.cards.has(card)) bad(`${path}.card`, `unknown card "${card}"`);
    player(o.owner, n, `${path}.owner`);
    player(o.controller, n, `${path}.controller`);
    const zone = str(o.zone, `${path}.zone`);
    if (!expected.has(zone)) bad(`${path}.zone`, `no zone "${zone}"`);
    for (const f of ["inc", "lineage", "enteredAt", "enteredTurn", "handleSince"]) int(o[f], `${path}.${f}`);
    int(o.controlledSince, `${path}.controlledSince`, -1);
    // A card in a player's zone is controlled by that player (a stolen one moved to their side).
    const zoneOwner = (zones[zone] as { owner: unknown }).owner;
    if (zoneOwner !== null && (o.underOf ?? null) === null && o.controller !== zoneOwner)
      bad(
        `${path}.controller`,
        `is ${String(o.controller)}, but the card lies in player ${String(zoneOwner)}'s zone ${zone}`,
      );
    // A reference names one card: no id shaped like a handle, no handle that is an id (Game.obj).
    if (isHandle(id)) bad(path, `id "${id}" is shaped like a handle`);
    const handle = str(o.handle, `${path}.handle`);
    if (handle) {
      if (handles.has(handle)) bad(`${path}.handle`, `"${handle}" is also ${handles.get(handle)}'s`);
      if (Object.hasOwn(objects, handle)) bad(`${path}.handle`, `"${handle}" is a card's id`);
      handles.set(handle, id);
    }
    if (typeof o.faceDown !== "boolean" || typeof o.tapped !== "boolean")
      bad(path, "faceDown and tapped must be true or false");
    obj(o.vars, `${path}.vars`);
    const counters = obj(o.counters, `${path}.counters`);
    for (const [k, v] of Object.entries(counters)) int(v, `${path}.counters.${k}`, -1e9);
    const under = arr(o.under, `${path}.under`);
    under.forEach((u, i) => {
      const uid = str(u, `${path}.under[${i}]`);
      place(uid, `${path}.under[${i}]`);
      const below = objects[uid] as { underOf?: unknown; zone?: unknown } | undefined;
      if (below?.underOf !== id) bad(`objects.${uid}.underOf`, `expected "${id}"`);
    });
    if (o.underOf !== null) str(o.underOf, `${path}.underOf`);
  }
  for (const id of Object.keys(objects)) {
    const where = placed.get(id);
    if (!where) bad(`objects.${id}`, "lies in no zone and under no card");
    const o = objects[id] as { zone: string; underOf: string | null };
    if (o.underOf === null && !where.startsWith(`zones.${o.zone}.`))
      bad(`objects.${id}.zone`, `says ${o.zone}, but the card is in ${where}`);
  }
  // The clock and the engine's work.
  const clock = obj(s.clock, "clock");
  const turn = obj(clock.turn, "clock.turn");
  int(turn.id, "clock.turn.id");
  player(turn.player, n, "clock.turn.player");
  arr(clock.path, "clock.path").forEach((node, i) => {
    if (!rules.nodes.has(str(node, `clock.path[${i}]`)))
      bad(`clock.path[${i}]`, `no turn node "${String(node)}"`);
  });
  obj(clock.windows, "clock.windows");
  arr(s.tasks, "tasks").forEach((raw, i) => {
    const t = obj(raw, `tasks[${i}]`);
    const kind = str(t.t, `tasks[${i}].t`);
    if (!rules.tasks.has(kind)) bad(`tasks[${i}].t`, `no task "${kind}" in this preset`);
  });
  arr(s.pending, "pending").forEach((raw, i) => {
    const p = obj(raw, `pending[${i}]`);
    if (!Object.hasOwn(objects, str(p.obj, `pending[${i}].obj`))) bad(`pending[${i}].obj`, "no such card");
    rules.ability(str(p.card, `pending[${i}].card`), str(p.ability, `pending[${i}].ability`));
    player(p.controller, n, `pending[${i}].controller`);
  });
  arr(s.hiddenResponses, "hiddenResponses").forEach((p, i) => {
    player(p, n, `hiddenResponses[${i}]`);
  });
  arr(s.durations, "durations");
  for (const [i, raw] of arr(s.turnQueue, "turnQueue").entries())
    turnModification(rules, raw, n, `turnQueue[${i}]`);
  obj(s.counters, "counters");
  arr(s.log, "log").forEach((raw, i) => {
    str(obj(raw, `log[${i}]`).type, `log[${i}].type`);
  });
  if (s.logging !== "full" && s.logging !== "none") bad("logging", 'expected "full" or "none"');
  const ids = obj(s.ids, "ids");
  for (const k of ["object", "event", "inc", "window", "decision", "pending", "duration", "attack"])
    int(ids[k], `ids.${k}`);
  obj(s.vars, "vars");
  if (s.result !== null) {
    const r = obj(s.result, "result");
    if (r.winner !== null) player(r.winner, n, "result.winner");
    str(r.reason, "result.reason");
  }
  checkDecisionShape(state, n);
}

function checkDecisionShape(state: GameState, n: number): void {
  const d = state.decision as unknown;
  if (d === null) {
    if (state.result === null && state.tasks.length === 0)
      bad("tasks", "no work left, no decision and no result");
    return;
  }
  const o = obj(d, "decision");
  int(o.id, "decision.id", 1);
  if (o.id !== state.ids.decision)
    bad("decision.id", `expected ${state.ids.decision}, the last decision asked`);
  player(o.player, n, "decision.player");
  str(o.kind, "decision.kind");
  str(o.prompt, "decision.prompt");
  const options = arr(o.options, "decision.options");
  if (options.length === 0) bad("decision.options", "no options");
  const seen = new Set<string>();
  options.forEach((raw, i) => {
    const opt = obj(raw, `decision.options[${i}]`);
    const id = str(opt.id, `decision.options[${i}].id`);
    str(opt.label, `decision.options[${i}].label`);
    if (seen.has(id)) bad(`decision.options[${i}].id`, `"${id}" is offered twice`);
    seen.add(id);
  });
  if (state.result !== null) bad("decision", "a decision is pending in a game that is over");
}

/** JSON text of a decision without its id: what "the same question" means. */
export function questionOf(d: Json): string {
  const { id: _id, ...rest } = d as Record<string, Json>;
  return JSON.stringify(rest);
}
