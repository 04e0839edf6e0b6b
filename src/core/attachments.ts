/**
 * Attachments: one object attached to another (Magic's Auras and Equipment, CR 301.5, 303.4;
 * Yu-Gi-Oh! Equip Cards; anything a game calls "attached"). The kernel only records and answers:
 * which object this one is attached to, and which objects are attached to that one. What happens
 * when the host leaves, what may be attached to what and what an attachment does to its host are
 * the preset's rules (Magic: state-based actions CR 704.5m, 704.5n; static abilities of the
 * attachment).
 *
 * The record lives on the attached object's per-incarnation `vars` (plain data, serialized with the
 * state; a view shows the host as the viewer knows it, view.ts): `attachedTo` is the host's id,
 * `attachedInc` its incarnation. It names one incarnation of the host (CR 400.7): when the host
 * changes zones it is a new object, and the attachment is attached to nothing that exists —
 * `attachedTo()` answers null while the record stays, so the preset can tell "was attached, host
 * gone" (`attachmentRecord`) from "never attached". When the attached object itself changes zones
 * its vars are cleared, and the attachment with them.
 */

import type { Game } from "./contract/game.js";
import { EngineError } from "./errors.js";
import type { AbilityRef } from "./limits.js";
import type { GameObject, ObjectId } from "./types.js";

const HOST = "attachedTo";
const HOST_INC = "attachedInc";

/** What an object's record says it is attached to: the host's id and incarnation. */
export interface AttachmentRecord {
  host: ObjectId;
  inc: number;
}

/** Attaches `obj` to `host` (replacing any earlier attachment of `obj`). */
export function attach(obj: GameObject, host: GameObject): void {
  if (obj.id === host.id) throw new EngineError(`${obj.id} can't be attached to itself`);
  obj.vars[HOST] = host.id;
  obj.vars[HOST_INC] = host.inc;
}

/** Makes `obj` attached to nothing. */
export function detach(obj: GameObject): void {
  delete obj.vars[HOST];
  delete obj.vars[HOST_INC];
}

/** The record of what `obj` was attached to, whether that host still exists or not; null if none. */
export function attachmentRecord(obj: GameObject): AttachmentRecord | null {
  const host = obj.vars[HOST];
  const inc = obj.vars[HOST_INC];
  return typeof host === "string" && typeof inc === "number" ? { host, inc } : null;
}

/** The object `obj` is attached to, if it is still the same object (same incarnation); else null. */
export function attachedTo(game: Game, obj: GameObject): GameObject | null {
  const rec = attachmentRecord(obj);
  if (!rec) return null;
  const host = game.state.objects[rec.host];
  return host && host.inc === rec.inc && host.underOf === null ? host : null;
}

/**
 * Objects attached to `host` (its current incarnation), in the zones of the given kinds (default:
 * the preset's in-play zones), in zone order.
 */
export function attachmentsOf(game: Game, host: GameObject, kinds?: Iterable<string>): GameObject[] {
  if (kinds === undefined && game.memoizing) {
    // In play, the common question: one scan answers every host while a memo scope lasts.
    const all = game.memo(IN_PLAY_INDEX, () => attachmentIndex(game, game.rules.inPlayKinds));
    return (all.get(host.id) ?? []).filter((o) => o.vars[HOST_INC] === host.inc);
  }
  return scan(game, host, kinds ?? game.rules.inPlayKinds);
}

const IN_PLAY_INDEX = Symbol("attachments in play");

/** Host id → objects recorded as attached to it, in zone order. */
function attachmentIndex(game: Game, kinds: Iterable<string>): Map<ObjectId, GameObject[]> {
  const out = new Map<ObjectId, GameObject[]>();
  for (const zone of game.zonesOfKinds(kinds))
    for (const id of zone.cards) {
      const o = game.state.objects[id]!;
      const host = o.vars[HOST];
      if (typeof host !== "string") continue;
      const list = out.get(host);
      if (list) list.push(o);
      else out.set(host, [o]);
    }
  return out;
}

function scan(game: Game, host: GameObject, kinds: Iterable<string>): GameObject[] {
  const out: GameObject[] = [];
  for (const zone of game.zonesOfKinds(kinds))
    for (const id of zone.cards) {
      const o = game.state.objects[id]!;
      if (o.vars[HOST] === host.id && o.vars[HOST_INC] === host.inc) out.push(o);
    }
  return out;
}

/**
 * Static abilities whose `static.kind` is `kind` of the objects attached to `host` that work now
 * (face-up, existing, in a zone where the ability works): "enchanted creature gets +1/+2". Cheap
 * when nothing is attached (one field read per object in play).
 */
export function attachedStatics(game: Game, host: GameObject, kind: string): AbilityRef[] {
  const out: AbilityRef[] = [];
  for (const obj of attachmentsOf(game, host)) {
    if (obj.faceDown || !game.exists(obj)) continue;
    const card = game.rules.card(obj.card);
    const zone = game.state.zones[obj.zone]!.kind;
    for (const ability of card.abilities ?? [])
      if (
        ability.kind === "static" &&
        ability.static?.kind === kind &&
        (ability.zones ?? game.rules.inPlayKinds).includes(zone)
      )
        out.push({ obj, card, ability, controller: obj.controller });
  }
  return out;
}
