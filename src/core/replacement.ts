/**
 * Replacement effects: at most one applies to an event, and what it does instead is never
 * replaced again (RULINGS DM-3.8). Among several that could apply, the preset's order decides
 * (by default the order of the cards in play, RULINGS DM-3.9); those not applied are not used up.
 */

import type { Game, MembershipConcerns } from "./contract/game.js";
import { emit } from "./events.js";
import { type AbilityRef, chargeLimits, checkLimits, emitLimitRefused, usedUpOf } from "./limits.js";
import { evalCondition, matchEvent } from "./match.js";
import { scriptTask } from "./script.js";
import type { GameEvent, GameObject, ObjectId } from "./types.js";
import type { AbilityDef } from "./vocabulary/schema.js";

/** An object in a zone where some replacement ability of its card works, with its card's replacement abilities. */
export interface ReplacementHolder {
  readonly id: ObjectId;
  readonly zoneKind: string;
  readonly reps: readonly { readonly ability: AbilityDef; readonly zones: readonly string[] }[];
}

/** The keys of the holders' index, one per active player (the order of play starts with theirs). */
const HOLDER_KEYS: object[] = [];

/**
 * Only a card with replacement abilities, entering or leaving a zone of a kind where such
 * abilities work, changes the holders (the index's key: one of HOLDER_KEYS).
 */
const changesHolders: MembershipConcerns = (game, card, zone) =>
  game.rules.replacementCards.has(card.id) && game.rules.replacementZoneKinds.has(zone.kind);

/**
 * The objects whose card has replacement abilities, in zones where such abilities work, in the
 * order the cards lie in play from the active player's: kept per active player until such a card
 * enters or leaves such a zone (Game.membershipFact), instead of scanning every card of those
 * zones for every proposed event.
 */
export function replacementHolders(game: Game): readonly ReplacementHolder[] {
  const active = game.state.clock.turn.player;
  let key = HOLDER_KEYS[active];
  if (key === undefined) {
    key = Object.freeze({ replacementHoldersFrom: active });
    HOLDER_KEYS[active] = key;
  }
  return game.membershipFact(key, () => scanReplacementHolders(game), changesHolders);
}

/** `replacementHolders` computed afresh (and what the index must equal: tests/core/membership-index.test.ts). */
export function scanReplacementHolders(game: Game): ReplacementHolder[] {
  const out: ReplacementHolder[] = [];
  const rules = game.rules;
  if (rules.replacementCards.size === 0) return out;
  for (const zone of game.zonesInTurnOrder(rules.replacementZoneKinds))
    for (const id of zone.cards) {
      const reps = rules.replacementCards.get(game.state.objects[id]!.card);
      if (reps) out.push({ id, zoneKind: zone.kind, reps });
    }
  return out;
}

/** Replacement abilities that could apply to a proposed event, in the order the cards lie in play. */
export function applicableReplacements(game: Game, proposed: GameEvent): AbilityRef[] {
  const out: AbilityRef[] = [];
  const rules = game.rules;
  if (rules.replacementCards.size === 0) return out;
  for (const { id, zoneKind, reps } of replacementHolders(game)) {
    const obj = game.state.objects[id]!;
    if (obj.faceDown || !game.exists(obj)) continue; // Preset.exists (CR 702.26b)
    for (const { ability, zones } of reps) {
      if (!zones.includes(zoneKind)) continue;
      const ref: AbilityRef = { obj, card: rules.card(obj.card), ability, controller: obj.controller };
      if (!matchEvent(game, proposed, ability.replaces!, obj.controller, obj)) continue;
      if (
        ability.condition &&
        !evalCondition(game, ability.condition, { controller: obj.controller, obj, event: proposed })
      )
        continue;
      const v = checkLimits(game, ref, (s) => usedUpOf(s) === "application" || s.counts === "event");
      if (!v.ok) {
        emitLimitRefused(game, ref, v, "replacement");
        continue;
      }
      out.push(ref);
    }
  }
  return out;
}

/** The card a proposed move would have shown to everyone: from a zone some can't see to a public one, face-up. */
function revealedBy(game: Game, proposed: GameEvent): GameObject | undefined {
  if (proposed.obj === undefined || proposed.from === undefined || proposed.to === undefined)
    return undefined;
  const obj = game.state.objects[proposed.obj];
  if (!obj || obj.faceDown) return undefined;
  const from = game.rules.zoneDefs.get(proposed.from)?.visibility;
  const to = game.rules.zoneDefs.get(proposed.to)?.visibility;
  return from !== "public" && to === "public" ? obj : undefined;
}

/**
 * Tries to replace a proposed event. If a replacement applies, its limits used up on application
 * are charged, the replacement's `instead` ops are scheduled, and true is returned: the caller
 * must not perform the original event.
 */
export function tryReplace(game: Game, proposed: GameEvent): boolean {
  const candidates = applicableReplacements(game, proposed);
  if (candidates.length === 0) return false;
  const chosen = game.rules.preset.chooseReplacement?.(game, proposed, candidates) ?? candidates[0]!;
  // A card that would have gone from a hidden zone to a public one (a discard) was about to be
  // shown to everyone: its replacement happens in the open, the card revealed first (Madness).
  const shown = revealedBy(game, proposed);
  if (shown) {
    emit(game, {
      type: "reveal",
      player: shown.owner,
      obj: shown.id,
      inc: shown.inc,
      card: shown.card,
      name: game.rules.card(shown.card).name,
      seenBy: game.state.players.map((p) => p.id),
      audience: game.state.players.map((p) => p.id),
      data: { why: proposed.type },
      public: ["why"],
    });
  }
  chargeLimits(game, chosen, "application");
  emit(game, {
    type: "replaced",
    player: chosen.controller,
    obj: chosen.obj.id,
    inc: chosen.obj.inc,
    card: chosen.obj.card,
    name: chosen.card.name,
    data: {
      ability: chosen.ability.id,
      replaced: proposed.type,
      ...(proposed.obj ? { target: proposed.obj } : {}),
      ...(candidates.length > 1
        ? { notApplied: candidates.filter((c) => c !== chosen).map((c) => c.card.name) }
        : {}),
    },
    ...(shown
      ? { seenBy: game.state.players.map((p) => p.id), audience: game.state.players.map((p) => p.id) }
      : {}),
  });
  game.pushTask(
    scriptTask(chosen.ability.instead ?? [], {
      controller: chosen.controller,
      source: chosen.obj.id,
      sourceInc: chosen.obj.inc,
      card: chosen.obj.card,
      ability: chosen.ability.id,
      event: proposed,
      noReplace: true,
    }),
  );
  return true;
}
