/**
 * Auras and Equipment (CR 301.5, 303.4, 702.5, 702.6, 701.3) on the kernel's attachments
 * (src/core/attachments.ts): what may be attached to what, the Aura spell entering attached to its
 * target, the `attach` op (equip), the state-based actions for attachments (CR 704.5m, 704.5n) and
 * the static abilities of an attachment that apply to the permanent it is attached to.
 *
 * Card conventions (docs/magic.md):
 * - an Aura is an enchantment with `stats.subtypes: [Aura]`; its enchant ability (CR 702.5a) is the
 *   target declared in its spell ability's `cost` (`choose … target: true`, `from` the objects it
 *   may enchant): chosen as it is cast (CR 303.4a, 601.2c), and what it may stay attached to;
 * - an Equipment is an artifact with `stats.subtypes: [Equipment]`; "Equip {N}" is an activated
 *   ability `timing: sorcery` whose cost targets a creature you control and pays N, with effect
 *   `{ op: attach, what: $target }` (CR 702.6a);
 * - "Enchanted / Equipped creature gets +N/+M": a static `{ kind: attachedGets, power, toughness }`
 *   (state.ts `stat`, CR 613.4c); "… can't attack or block": a static
 *   `{ kind: attachedCant, actions: [attack, block] }` (restrictions.ts, CR 508.1c, 509.1b).
 */

import { attach, attachedTo, attachmentRecord, detach } from "../../core/attachments.js";
import type { Game } from "../../core/game.js";
import { matchObject } from "../../core/match.js";
import { zoneId } from "../../core/objects.js";
import { type OpHandler, resolveObjects, sourceOf } from "../../core/script.js";
import type { GameObject } from "../../core/types.js";
import type { CardDef, Selector } from "../../core/vocabulary/schema.js";
import { colours, protects } from "./protection.js";
import { isType, nameOf, phasedOut, type StackItem } from "./state.js";
import { spellTarget, targetsStillLegal } from "./targets.js";

const subtypes = (card: CardDef): string[] =>
  Array.isArray(card.stats?.subtypes) ? (card.stats.subtypes as string[]) : [];

/** CR 303.4: an Aura is an enchantment with the subtype Aura. */
export const isAura = (card: CardDef): boolean =>
  card.types.includes("enchantment") && subtypes(card).includes("Aura");

/** CR 301.5: an Equipment is an artifact with the subtype Equipment. */
export const isEquipment = (card: CardDef): boolean =>
  card.types.includes("artifact") && subtypes(card).includes("Equipment");

/** CR 702.5a: what an Aura may enchant — the objects its spell may target (its enchant ability). */
export function enchantSelector(card: CardDef): Selector | null {
  return isAura(card) ? (spellTarget(card)?.from ?? null) : null;
}

const onBattlefield = (game: Game, o: GameObject): boolean =>
  game.state.zones[o.zone]?.kind === "battlefield" && !phasedOut(o);

/**
 * Whether `att` may be attached to `host` now: both on the battlefield and phased in, not itself
 * (CR 303.4d, 301.5c); an Aura only to what its enchant ability allows (CR 303.4a, 702.5a), an
 * Equipment only to a creature (CR 301.5c).
 */
export function canAttachTo(game: Game, att: GameObject, host: GameObject): boolean {
  if (att.id === host.id || !onBattlefield(game, att) || !onBattlefield(game, host)) return false;
  if (protects(game, host, colours(game, att))) return false; // CR 702.16c–d
  const card = game.card(att);
  const enchant = enchantSelector(card);
  if (enchant) return matchObject(game, host, enchant, att.controller, att);
  if (isEquipment(card)) return isType(game, host, "creature");
  return false;
}

/** Attaches `att` to `host` and says so (an `attach` event, CR 701.3a). */
export function attachTo(game: Game, att: GameObject, host: GameObject): void {
  attach(att, host);
  game.emit({
    type: "attach",
    player: att.controller,
    obj: att.id,
    inc: att.inc,
    card: att.card,
    name: nameOf(game, att),
    data: { to: host.id, toName: nameOf(game, host) },
  });
}

function unattach(game: Game, att: GameObject): void {
  detach(att);
  game.emit({
    type: "unattach",
    player: att.controller,
    obj: att.id,
    inc: att.inc,
    card: att.card,
    name: nameOf(game, att),
    data: { reason: "attached to an illegal or nonexistent permanent (CR 704.5n)" },
  });
}

/**
 * CR 608.3b: as an Aura spell resolves its target is checked; if it is illegal the spell doesn't
 * resolve and goes to its owner's graveyard. Returns whether it resolves.
 */
export function auraSpellResolves(game: Game, item: Extract<StackItem, { kind: "spell" }>): boolean {
  const obj = game.obj(item.obj);
  const card = game.card(obj);
  if (!isAura(card)) return true;
  const ctx = {
    controller: item.controller,
    source: obj.id,
    sourceInc: obj.inc,
    card: obj.card,
    ability: "spell",
  };
  if (targetsStillLegal(game, item.vars ?? {}, ctx) && auraTarget(game, item)) return true;
  game.emit({
    type: "fizzle",
    player: item.controller,
    obj: obj.id,
    name: card.name,
    data: { reason: `${card.name}: its target is no longer legal (CR 608.3b)` },
  });
  game.move(obj, zoneId("graveyard", obj.owner));
  return false;
}

/** The object an Aura spell targets (still legal, after `targetsStillLegal`), if any. */
function auraTarget(game: Game, item: Extract<StackItem, { kind: "spell" }>): GameObject | null {
  const spec = spellTarget(game.card(game.obj(item.obj)));
  const ids = spec ? (item.vars?.[spec.as] as string[] | undefined) : undefined;
  const id = Array.isArray(ids) ? ids[0] : undefined;
  return id !== undefined ? (game.state.objects[id] ?? null) : null;
}

/** CR 303.4b, 608.3b: an Aura spell that resolved enters the battlefield attached to its target. */
export function enterAttached(
  game: Game,
  obj: GameObject,
  item: Extract<StackItem, { kind: "spell" }>,
): void {
  if (!isAura(game.card(obj))) return;
  const host = auraTarget(game, item);
  if (host && canAttachTo(game, obj, host)) attachTo(game, obj, host);
}

/**
 * CR 704.5m, 704.5n: Auras attached to nothing or to an illegal object, and Equipment attached to
 * an illegal or nonexistent permanent, among these phased-in permanents. Computed before any
 * state-based action is performed (they are all performed at once, CR 704.3).
 */
export function illegalAttachments(
  game: Game,
  perms: readonly GameObject[],
): { auras: GameObject[]; equipment: GameObject[] } {
  const auras: GameObject[] = [];
  const equipment: GameObject[] = [];
  for (const o of perms) {
    const card = game.card(o);
    if (isAura(card)) {
      const host = attachedTo(game, o);
      if (!host || !canAttachTo(game, o, host)) auras.push(o);
    } else if (attachmentRecord(o)) {
      const host = attachedTo(game, o);
      if (!host || !canAttachTo(game, o, host)) equipment.push(o);
    }
  }
  return { auras, equipment };
}

/** Performs the state-based actions found by `illegalAttachments`. */
export function fixAttachments(game: Game, found: { auras: GameObject[]; equipment: GameObject[] }): void {
  // CR 704.5m: the Aura is put into its owner's graveyard (a permanent put there from the battlefield: `dies`).
  for (const o of found.auras)
    if (game.state.zones[o.zone]?.kind === "battlefield")
      game.move(o, zoneId("graveyard", o.owner), {
        event: "dies",
        cause: { kind: "rule" },
        data: {
          reason: attachmentRecord(o)
            ? "attached to an illegal object or to nothing that exists (CR 704.5m)"
            : "not attached to anything (CR 704.5m)",
          shown: nameOf(game, o),
        },
      });
  // CR 704.5n: the Equipment becomes unattached and stays on the battlefield.
  for (const o of found.equipment) if (game.state.zones[o.zone]?.kind === "battlefield") unattach(game, o);
}

/** The `attach` op: "Attach this permanent to target creature you control" (equip, CR 702.6a, 701.3). */
export const attachmentOps: Record<string, OpHandler> = {
  attach: {
    doc: "Attaches this permanent (the ability's source, still on the battlefield) to the object named, if it may be attached to it (CR 701.3a–b): equip (CR 702.6a).",
    args: {
      what: {
        type: "objects",
        required: true,
        doc: "The object to attach to (the target chosen on activation: `$target`).",
      },
    },
    run(game, op, frame) {
      const att = sourceOf(game, frame.ctx);
      const host = resolveObjects(game, op.what, frame)[0];
      // CR 701.3b: to something it can't be attached to, or to what it's already attached to: nothing happens.
      if (!att || !host || !canAttachTo(game, att, host) || attachedTo(game, att) === host) return "next";
      attachTo(game, att, host);
      return "next";
    },
  },
};
