/**
 * Objects and zones. A card keeps its id for the whole game; every zone change and every turn to
 * face-down gives it a new incarnation (CR 400.7; RULINGS YG-1.3), which is what "the same card"
 * means to limits keyed by incarnation.
 */

import { LIMITS, LIMITS_DOC } from "./bounds.js";
import type { MoveOptions, PlaceOptions } from "./contract/data.js";
import type { Game } from "./contract/game.js";
import { objectLeft } from "./durations.js";
import { EngineError } from "./errors.js";
import { emit, heard, newEntry, skipUnheard } from "./events.js";
import { internalized } from "./intern.js";
import type { JsonObject } from "./json.js";
import { nextHandle } from "./rng.js";
import type { Cause, GameObject, LogEntry, ObjectId, PlayerId } from "./types.js";
import { mergeSeen, seenIn, trackersOf } from "./visibility.js";
import { insertCard, removeCard, zoneId } from "./zones.js";

export type { MoveOptions, PlaceOptions } from "./contract/data.js";
// Zones and visibility have modules of their own; they are still importable from here.
export { mergeSeen, seenIn, seersOf, trackersOf } from "./visibility.js";
export { createZones, insertCard, removeCard, zoneId } from "./zones.js";

/** Object ids by number, shared by every game ("c1", "c2", …): each made and internalized once. */
const OBJECT_IDS: ObjectId[] = [];

/**
 * The id of the `n`th object a game creates. The same string object in every game, internalized as
 * a property key is: reads of `state.objects[id]` and the like don't hash and look up a new string.
 */
export function objectIdOf(n: number): ObjectId {
  let id = OBJECT_IDS[n];
  if (id === undefined) {
    id = internalized(`c${n}`);
    OBJECT_IDS[n] = id;
  }
  return id;
}

/** Creates a card in a zone at game setup. No event: cards that begin the game are not "put" anywhere. */
export function createObject(
  game: Game,
  card: string,
  owner: PlayerId,
  zone: string,
  opts: PlaceOptions = {},
): GameObject {
  game.rules.card(card);
  const z = game.state.zones[zone];
  if (!z) throw new EngineError(`no zone "${zone}"`);
  const ids = game.state.ids;
  // A bound on the state's memory, by the id counter: a loop making tokens stops here.
  if (ids.object >= LIMITS.objects)
    throw new EngineError(
      `creating "${card}" in ${zone}: the game has created ${ids.object} objects, the most one game may (${LIMITS_DOC})`,
    );
  const inc = ++ids.inc;
  const obj: GameObject = {
    id: objectIdOf(++ids.object),
    handle: "",
    handleSince: 0,
    card,
    owner,
    controller: owner,
    zone,
    inc,
    lineage: inc,
    faceDown: opts.faceDown ?? false,
    tapped: opts.tapped ?? false,
    enteredAt: ids.event,
    enteredTurn: game.state.clock.turn.id,
    controlledSince: game.state.clock.turn.id,
    counters: {},
    under: [],
    underOf: null,
    vars: {},
  };
  game.state.objects[obj.id] = obj;
  insertCard(game, z, obj.id, opts.position);
  if (trackersOf(game, z, obj.owner).length > 0 || z.visibility === "public") renewHandle(game, obj);
  return obj;
}

/** Does `after` let a player follow the card who could not before? */
function gains(before: PlayerId[] | "all", after: PlayerId[] | "all"): boolean {
  if (before === "all") return false;
  if (after === "all") return true;
  return after.some((p) => !before.includes(p));
}

/** A fresh handle, from the handle stream, unique in the game. */
export function renewHandle(game: Game, obj: GameObject): void {
  const state = game.state;
  let h = nextHandle(state.handleRng);
  while (game.byHandle(h) !== undefined) h = nextHandle(state.handleRng);
  game.indexHandle(obj, h);
  obj.handleSince = state.ids.event + 1;
}

function detach(game: Game, obj: GameObject): void {
  if (obj.underOf !== null) {
    const top = game.state.objects[obj.underOf]!;
    top.under.splice(top.under.indexOf(obj.id), 1);
    obj.underOf = null;
    return;
  }
  removeCard(game, game.state.zones[obj.zone]!, obj.id);
}

function renew(game: Game, obj: GameObject, keepLineage: boolean): void {
  obj.inc = ++game.state.ids.inc;
  if (!keepLineage) obj.lineage = obj.inc;
  obj.enteredAt = game.state.ids.event + 1;
  obj.enteredTurn = game.state.clock.turn.id;
  obj.controlledSince = obj.enteredTurn;
}

/**
 * Moves a card to another zone: a new incarnation, fresh per-incarnation state, cards that were
 * under it go with it unless the preset moved them first, and one event.
 */
export function moveObject(game: Game, obj: GameObject, to: string, opts: MoveOptions = {}): LogEntry {
  let dest = game.state.zones[to];
  if (!dest) throw new EngineError(`no zone "${to}"`);
  const redirect = game.rules.preset.redirect?.(game, obj, dest);
  if (redirect) {
    dest = game.state.zones[redirect.to];
    if (!dest) throw new EngineError(`no zone "${redirect.to}" (redirected from "${to}")`);
    to = redirect.to;
    opts = {
      ...opts,
      faceDown: redirect.faceDown,
      ...(redirect.position ? { position: redirect.position } : {}),
    };
  }
  // Cards under a moving card go to the same zone first, as separate cards (DM evolution sources).
  while (obj.under.length > 0) {
    const below = game.state.objects[obj.under[0]!]!;
    const ownZone = dest.owner === null ? to : zoneId(dest.kind, below.owner);
    moveObject(game, below, ownZone, {
      ...(opts.cause ? { cause: opts.cause } : {}),
      position: opts.position ?? "top",
    });
  }
  const from = game.state.zones[obj.zone]!;
  const seenBefore = seenIn(game, from, obj.faceDown, obj.owner);
  const trackedBefore = obj.underOf !== null ? underTrackers(game, obj) : trackersOf(game, from, obj.owner);
  const handleBefore = obj.handle;
  const previousController = obj.controller;
  const fromInc = obj.inc;
  detach(game, obj);
  obj.zone = to;
  obj.faceDown = opts.faceDown ?? false;
  obj.tapped = opts.tapped ?? false;
  obj.controller = dest.owner ?? obj.owner;
  obj.vars = {};
  obj.counters = {};
  renew(game, obj, false);
  insertCard(game, dest, obj.id, opts.position);
  const trackedAfter = trackersOf(game, dest, obj.owner);
  if (gains(trackedBefore, trackedAfter)) renewHandle(game, obj);
  const def = game.rules.card(obj.card);
  const seen = opts.reveal ? undefined : mergeSeen(seenBefore, seenIn(game, dest, obj.faceDown, obj.owner));
  // Built field by field in the log's shape (events.newEntry; no spread of a temporary object).
  const event = newEntry(opts.event ?? "move");
  event.player = obj.owner;
  event.obj = obj.id;
  event.inc = obj.inc;
  event.card = obj.card;
  event.name = def.name;
  event.from = from.kind;
  event.to = dest.kind;
  if (opts.cause) event.cause = opts.cause;
  const data: JsonObject = { controller: previousController, fromInc };
  if (opts.data) Object.assign(data, opts.data);
  if (opts.reveal) data.revealed = true;
  event.data = data;
  if (seen) event.seenBy = seen;
  addHandleFields(event, obj, handleBefore, trackedBefore, trackedAfter);
  const entry = emit(game, event);
  objectLeft(game, obj.id, fromInc); // "for as long as" it stayed (CR 611.2b)
  return entry;
}

/**
 * Who sees which handle of a moved card. Renewed: the new handle to those who follow it now, the
 * old one to those who followed it only before. Kept: the handle to all who followed it at all.
 */
function handleFields(
  obj: GameObject,
  handleBefore: string,
  before: PlayerId[] | "all",
  after: PlayerId[] | "all",
): Pick<LogEntry, "h" | "hWas" | "trackedBy" | "trackedWas" | "shown"> {
  const out: Pick<LogEntry, "h" | "hWas" | "trackedBy" | "trackedWas" | "shown"> = {};
  addHandleFields(out, obj, handleBefore, before, after);
  return out;
}

/** `handleFields` written onto `out` (an event being built) instead of a new object. */
function addHandleFields(
  out: Pick<LogEntry, "h" | "hWas" | "trackedBy" | "trackedWas" | "shown">,
  obj: GameObject,
  handleBefore: string,
  before: PlayerId[] | "all",
  after: PlayerId[] | "all",
): void {
  if (obj.handle) out.h = obj.handle;
  if (gains(before, after)) {
    // Renewed: the new handle to those who follow the card now; the old one, and the news that a
    // card came into view (`shown`), told apart by who followed it before.
    out.shown = true;
    if (handleBefore) out.hWas = handleBefore;
    if (after !== "all") out.trackedBy = after;
    out.trackedWas = before === "all" ? [] : before;
    return;
  }
  const tracked = mergeSeen(before, after);
  if (tracked) out.trackedBy = tracked;
}

/** Who can follow a card lying under another: those who can follow the top card. */
function underTrackers(game: Game, obj: GameObject): PlayerId[] | "all" {
  const top = game.state.objects[obj.underOf!]!;
  return trackersOf(game, game.state.zones[top.zone]!, top.owner);
}

/**
 * Puts `obj` under `top` (evolution, materials). The card joins top's zone and gets a new
 * incarnation. `faceDown` puts it there face-down (DM seals): the event then names it only to
 * those who could see it both where it was and where it went.
 */
export function putUnder(
  game: Game,
  obj: GameObject,
  top: GameObject,
  cause?: Cause,
  faceDown = false,
): LogEntry {
  const from = game.state.zones[obj.zone]!;
  const seenBefore = seenIn(game, from, obj.faceDown, obj.owner);
  const trackedBefore = obj.underOf !== null ? underTrackers(game, obj) : trackersOf(game, from, obj.owner);
  const handleBefore = obj.handle;
  detach(game, obj);
  for (const inner of obj.under) {
    // A stack put under another card flattens: its sources join the new stack (DM evolution).
    const u = game.state.objects[inner]!;
    u.underOf = top.id;
    top.under.push(inner);
  }
  obj.under = [];
  obj.zone = top.zone;
  obj.underOf = top.id;
  obj.tapped = false;
  obj.vars = {};
  if (faceDown) obj.faceDown = true;
  renew(game, obj, false);
  top.under.push(obj.id);
  const trackedAfter = underTrackers(game, obj);
  if (gains(trackedBefore, trackedAfter)) renewHandle(game, obj);
  const seen = faceDown
    ? mergeSeen(seenBefore, seenIn(game, game.state.zones[top.zone]!, true, obj.owner))
    : mergeSeen(seenBefore, "all");
  return emit(game, {
    type: "putUnder",
    player: obj.owner,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: game.rules.card(obj.card).name,
    from: from.kind,
    to: game.state.zones[top.zone]!.kind,
    ...(cause ? { cause } : {}),
    data: { top: top.id },
    ...(seen ? { seenBy: seen } : {}),
    ...handleFields(obj, handleBefore, trackedBefore, trackedAfter),
  });
}

/**
 * Turns a card face-down: a new incarnation. When the card's own ability did it, the lineage is
 * kept, so limits with keepOnSelfFaceDown still see it as the same card (RULINGS YG-1.5).
 */
export function turnFaceDown(game: Game, obj: GameObject, bySelf: boolean, cause?: Cause): LogEntry {
  obj.faceDown = true;
  renew(game, obj, bySelf);
  return emit(game, {
    type: "faceDown",
    player: obj.controller,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: game.rules.card(obj.card).name,
    ...(cause ? { cause } : {}),
    data: { bySelf },
  });
}

export function turnFaceUp(game: Game, obj: GameObject, cause?: Cause): LogEntry {
  obj.faceDown = false;
  return emit(game, {
    type: "faceUp",
    player: obj.controller,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: game.rules.card(obj.card).name,
    ...(cause ? { cause } : {}),
  });
}

/**
 * Taps or untaps an object, by any means — a turn-based action, an attack, a cost, a mana
 * ability, an effect — and says so with a `tap` / `untap` event naming the cause ("whenever X
 * becomes tapped", "whenever you tap a land for mana"). Null when it already was.
 */
export function setTapped(game: Game, obj: GameObject, tapped: boolean, cause?: Cause): LogEntry | null {
  if (obj.tapped === tapped) return null;
  obj.tapped = tapped;
  const type = tapped ? "tap" : "untap";
  const flags = tapped ? game.rules.bookkeeping.tap : game.rules.bookkeeping.untap;
  if (!heard(game, flags)) {
    skipUnheard(game, type, flags);
    return null;
  }
  const event = newEntry(type);
  event.player = obj.controller;
  event.obj = obj.id;
  event.inc = obj.inc;
  event.card = obj.card;
  event.name = game.rules.card(obj.card).name;
  if (cause) event.cause = cause;
  return emit(game, event, flags.typeRules);
}

/**
 * Puts `n` counters named `counter` on an object (a negative `n` removes them; never below
 * zero), by any cause — an effect, a cost, a turn-based action, a rule — and says so with a
 * `counter` event whose `data.n` is how many actually changed ("that many"), `data.total` how
 * many it has now and `data.before` how many it had: "whenever one or more +1/+1 counters are put
 * on …", a Saga's chapter N (CR 714.2b: `data.before` below N, `data.total` at least N). Null
 * when nothing changed.
 */
export function addCounters(
  game: Game,
  obj: GameObject,
  counter: string,
  n: number,
  cause?: Cause,
): LogEntry | null {
  const before = obj.counters[counter] ?? 0;
  const total = Math.max(0, before + n);
  if (total === before) return null;
  if (total === 0) delete obj.counters[counter];
  else obj.counters[counter] = total;
  return emit(game, {
    type: "counter",
    player: obj.controller,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: game.rules.card(obj.card).name,
    ...(cause ? { cause } : {}),
    data: { counter, n: total - before, total, before },
  });
}

/** Every card id, counted once, for conservation checks: zones plus cards under others. */
export function allPlacedCards(game: Game): ObjectId[] {
  const out: ObjectId[] = [];
  for (const zone of Object.values(game.state.zones))
    for (const id of zone.cards) {
      out.push(id);
      const collect = (o: GameObject): void => {
        for (const u of o.under) {
          out.push(u);
          collect(game.state.objects[u]!);
        }
      };
      collect(game.state.objects[id]!);
    }
  return out;
}
