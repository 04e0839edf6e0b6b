/**
 * Control changes (CR 108.4, 613.1b layer 2; the Yu-Gi-Oh! rulebook's "control"). An object that
 * changes controller stays the same object: it keeps its incarnation, its state and its place in
 * its zone kind (a per-player zone becomes the new controller's). So limits keyed to the object
 * stay used ("Activate only once each turn" CR 602.5b, loyalty CR 606.3, Yu-Gi-Oh!'s soft once per
 * turn), while limits keyed by player follow the new controller (Yu-Gi-Oh!'s hard once per turn).
 *
 * A control-changing effect is a duration of kind "control" on that incarnation; its controller is
 * the player who gains control. When one ends, the object goes to the player named by the most
 * recent one still in force, else back to the player who controlled it before any of them
 * (CR 613.7 timestamps; "until end of turn" CR 514.2; "until the End Phase").
 */

import type { Game } from "./contract/game.js";
import { addDuration } from "./duration-list.js";
import { emit } from "./events.js";
import type { Cause, Duration, Expiry, GameObject, LogEntry, PlayerId } from "./types.js";
import { mergeSeen, seenIn } from "./visibility.js";
import { insertCard, removeCard, zoneId } from "./zones.js";

/** A control effect's value: who gains control, and who had it before any control effect. */
interface ControlValue {
  player: PlayerId;
  base: PlayerId;
}

/** The kind of the durations that change control. */
export const CONTROL = "control";

function controlValue(d: Duration): ControlValue {
  return d.effect.value as unknown as ControlValue;
}

function controlEffectsOn(game: Game, obj: GameObject): Duration[] {
  const out: Duration[] = [];
  for (const d of game.state.durations) {
    const t = d.effect.target;
    if (d.effect.kind === CONTROL && t && "obj" in t && t.obj === obj.id && t.inc === obj.inc) out.push(d);
  }
  return out;
}

/**
 * Gives `obj` to `player` now. In a per-player zone it moves to that player's zone of the same
 * kind, as the same object (no new incarnation, nothing of its state lost); cards under it go
 * with it. Asks the preset first (`Preset.beforeControlChange`: Yu-Gi-Oh!'s Monster Zones may be
 * full). Returns the event, or null when nothing changed.
 */
export function changeControl(
  game: Game,
  obj: GameObject,
  player: PlayerId,
  opts: { cause?: Cause; returning?: boolean } = {},
): LogEntry | null {
  const from = obj.controller;
  if (from === player) return null;
  const allowed = game.rules.preset.beforeControlChange?.(game, obj, player, opts.returning === true) ?? true;
  if (!allowed) return null;
  const zone = game.state.zones[obj.zone]!;
  const seenBefore = seenIn(game, zone, obj.faceDown, obj.owner);
  let to = zone;
  if (zone.owner !== null && obj.underOf === null) {
    to = game.state.zones[zoneId(zone.kind, player)]!;
    removeCard(game, zone, obj.id);
    insertCard(game, to, obj.id, "top");
    obj.zone = to.id;
    for (const u of obj.under) game.state.objects[u]!.zone = to.id;
  }
  obj.controller = player;
  // CR 302.6: "continuously controlled since the most recent turn began" starts again.
  obj.controlledSince = game.state.clock.turn.id;
  const seenAfter = seenIn(game, to, obj.faceDown, obj.owner);
  const seen = mergeSeen(seenBefore, seenAfter);
  return emit(game, {
    type: "control",
    player,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: game.rules.card(obj.card).name,
    ...(opts.cause ? { cause: opts.cause } : {}),
    data: { from, ...(opts.returning ? { returned: true } : {}) },
    // Who now controls a face-down card is public; which card it is, only to those who see it.
    ...(seen ? { seenBy: seen, public: ["from", "returned"] } : {}),
    ...(obj.handle ? { h: obj.handle } : {}),
  });
}

export interface GainControl {
  /** When the effect ends; absent: for as long as the object stays where it is. */
  expires?: Expiry;
  /** The effect's controller (default: the player gaining control). */
  controller?: PlayerId;
  source?: Duration["source"];
  label?: string;
  cause?: Cause;
}

/**
 * `player` gains control of `obj` (a control-changing effect, CR 613.1b): the change happens now
 * and lasts until `expires`. False when the preset refused it (the effect does nothing).
 */
export function gainControl(game: Game, obj: GameObject, player: PlayerId, g: GainControl = {}): boolean {
  const earlier = controlEffectsOn(game, obj);
  const base = earlier.length > 0 ? controlValue(earlier[0]!).base : obj.controller;
  if (obj.controller !== player && !changeControl(game, obj, player, g.cause ? { cause: g.cause } : {}))
    return false;
  addDuration(game, {
    expires: g.expires ?? { at: "objectLeaves", obj: obj.id, inc: obj.inc },
    effect: { kind: CONTROL, target: { obj: obj.id, inc: obj.inc }, value: { player, base } },
    controller: g.controller ?? player,
    label: g.label ?? `control of ${game.rules.card(obj.card).name}`,
    ...(g.source ? { source: g.source } : {}),
  });
  return true;
}

/**
 * After control effects ended: each object they applied to goes to the player the effects still
 * in force name (the most recent), else back to the player who had it before them.
 */
export function controlEffectsEnded(game: Game, ended: readonly Duration[]): void {
  for (const d of ended) {
    if (d.effect.kind !== CONTROL) continue;
    const t = d.effect.target;
    if (!t || !("obj" in t)) continue;
    const obj = game.state.objects[t.obj];
    if (!obj || obj.inc !== t.inc) continue; // it left: its new incarnation is its owner's
    const still = controlEffectsOn(game, obj);
    const want = still.length > 0 ? controlValue(still[still.length - 1]!).player : controlValue(d).base;
    changeControl(game, obj, want, { returning: true });
  }
}

/**
 * Control effects that give `player` control end (CR 800.4a: a player leaves the game): each
 * object goes back as above.
 */
export function endControlOf(game: Game, player: PlayerId): void {
  const ended = game.state.durations.filter(
    (d) => d.effect.kind === CONTROL && controlValue(d).player === player,
  );
  if (ended.length === 0) return;
  game.state.durations = game.state.durations.filter((d) => !ended.includes(d));
  controlEffectsEnded(game, ended);
}
