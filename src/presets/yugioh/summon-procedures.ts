/**
 * Summons that are not activations (they start no chain): the Xyz Summon from the Extra Deck with
 * its materials, and "you can Special Summon this card (from your hand)" procedures with their
 * condition (ZW - Pegasus Twin Saber); and the rule "You can only control 1 X".
 */
import { appendOptions } from "../../core/bounds.js";
import type { Game } from "../../core/game.js";
import { putUnder, zoneId } from "../../core/objects.js";
import type { TaskHandler } from "../../core/preset.js";
import type { StateCheck } from "../../core/state-checks.js";
import type { Cause, DecisionOption, GameObject, PlayerId } from "../../core/types.js";
import { lifePoints } from "./game.js";
import { extraDeckPlaces, masterRule2020 } from "./master-rule.js";
import { describeMonster, mainZonesFull, monstersOf, stat, staticOf, summonForbidden } from "./monsters.js";
import { archetypesOf } from "./pendulum.js";
import { CLOCK_AND_DRAWS } from "./quiet-events.js";
import { specialSummoned, specialSummonLimited } from "./summon-limits.js";
import { grantOnSummon, summonMove } from "./summon-negation.js";

/** "You can only control 1 X": does `p` already control a face-up card of that name? */
export function controlsOnlyOne(game: Game, p: PlayerId, obj: GameObject): boolean {
  if (!staticOf(game, obj, "onlyControlOne")) return false;
  const name = game.card(obj).name;
  return ["monster", "spellTrap"].some((z) =>
    game.cardsIn(z, p).some((o) => o !== obj && !o.faceDown && game.card(o).name === name),
  );
}

/** Face-up monsters `p` controls that can be Xyz Material for a monster needing Level `level`. */
function materialsFor(game: Game, p: PlayerId, level: number): GameObject[] {
  return monstersOf(game, p).filter(
    (o) => !o.faceDown && !game.card(o).types.includes("xyz") && stat(game, o, "level") === level,
  );
}

/** Xyz Summons and hand Special Summon procedures `p` can perform now (in their Main Phase). */
export function procedureOptions(game: Game, p: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  for (const obj of game.cardsIn("extra", p)) {
    const xyz = staticOf(game, obj, "xyzSummon");
    if (!xyz || summonForbidden(game, obj) || specialSummonLimited(game, obj, p)) continue;
    if (materialsFor(game, p, Number(xyz.level)).length < Number(xyz.materials)) continue;
    out.push({ id: `xyz:${game.ref(obj)}`, label: `Xyz Summon ${game.card(obj).name}` });
  }
  appendOptions(out, extraDeckProcedureOptions(game, p), "Extra Deck summons");
  appendOptions(out, linkSummonOptions(game, p), "Link Summons");
  if (mainZonesFull(game, p)) return out;
  const opponent = game.opponents(p)[0]!;
  for (const obj of game.cardsIn("hand", p)) {
    const proc = staticOf(game, obj, "handSpecialSummon");
    if (
      !proc ||
      summonForbidden(game, obj) ||
      specialSummonLimited(game, obj, p) ||
      controlsOnlyOne(game, p, obj)
    )
      continue;
    // "If your opponent's LP are at least N higher than yours".
    if (lifePoints(game, opponent) - lifePoints(game, p) < Number(proc.lpBehind ?? 0)) continue;
    out.push({
      id: `special:${game.ref(obj)}`,
      label: `Special Summon ${game.card(obj).name} from your hand`,
    });
  }
  return out;
}

/**
 * "Must be Special Summoned (from your face-up Extra Deck) by Tributing all monsters you control,
 * including at least N X monsters" (Zefraath): offered while the card is face-up in the Extra Deck.
 */
function extraDeckProcedureOptions(game: Game, p: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  const monsters = monstersOf(game, p);
  for (const obj of game.cardsIn("extra", p)) {
    const proc = staticOf(game, obj, "tributeAllFromExtraDeck");
    if (
      !proc ||
      obj.faceDown ||
      summonForbidden(game, obj) ||
      specialSummonLimited(game, obj, p) ||
      controlsOnlyOne(game, p, obj)
    )
      continue;
    const archetype = String(proc.archetype);
    if (monsters.filter((o) => archetypesOf(game, o).includes(archetype)).length < Number(proc.atLeast))
      continue;
    out.push({
      id: `procedure:${game.ref(obj)}`,
      label: `Special Summon ${game.card(obj).name} from your Extra Deck by Tributing ${monsters.length === 1 ? "the monster" : `all ${monsters.length} monsters`} you control`,
    });
  }
  return out;
}

/**
 * Performs that procedure: every monster `p` controls is Tributed (Pendulum Monsters go face-up to
 * the Extra Deck), the card is Special Summoned, and the effect it grants on its Special Summon is
 * gained (Zefraath's additional Pendulum Summon, "You can only gain this effect once per turn").
 */
export function extraDeckProcedure(game: Game, obj: GameObject, p: PlayerId): void {
  const proc = staticOf(game, obj, "tributeAllFromExtraDeck")!;
  for (const m of monstersOf(game, p))
    game.move(m, zoneId("graveyard", m.owner), { event: "tribute", cause: { kind: "action", player: p } });
  specialSummonTo(game, obj, p);
  // Gained once the Summon has happened (not if it is negated).
  if (typeof proc.gains === "string") grantOnSummon(game, obj, proc.gains);
}

/**
 * Places a Special Summoned monster in face-up Attack Position. A Summon that starts no chain (a
 * procedure, `negatable`) may be negated first (YG Summon: negating a Summon); one by an effect's
 * resolution (Polymerization's Fusion Summon) can't.
 */
export function specialSummonTo(
  game: Game,
  obj: GameObject,
  p: PlayerId,
  event = "specialSummon",
  negatable = true,
  cause: Cause = { kind: "action", player: p },
): void {
  if (negatable) summonMove(game, obj, p, event);
  else {
    game.move(obj, zoneId("monster", p), { event, cause });
    specialSummoned(game, obj, p); // by an effect's resolution: it has happened
  }
  obj.vars.pos = "atk";
  obj.vars.summonedTurn = game.state.clock.turn.id;
}

/** An Xyz Summon: the materials are chosen one at a time, then go under the Xyz Monster. */
export const xyzMaterials: TaskHandler = (game, task) => {
  const p = game.state.clock.turn.player;
  const chosen = task.chosen as string[];
  const xyz = game.obj(String(task.card));
  const spec = staticOf(game, xyz, "xyzSummon")!;
  if (task.answer) {
    chosen.push(game.obj(task.answer.id.slice("material:".length)).id);
    task.answer = undefined;
  }
  if (chosen.length < Number(spec.materials)) {
    game.ask({
      player: p,
      kind: "xyzMaterial",
      prompt: `Xyz Material for ${game.card(xyz).name} (${chosen.length + 1} of ${spec.materials})`,
      // The Xyz Monster is still in the Extra Deck, hidden from the opponent.
      private: true,
      publicPrompt: `${game.playerName(p)} chooses Xyz Material`,
      options: materialsFor(game, p, Number(spec.level))
        .filter((o) => !chosen.includes(o.id))
        .map((o) => ({ id: `material:${game.ref(o)}`, label: describeMonster(game, o, p) })),
    });
    return;
  }
  game.popTask(task);
  const materials = chosen.map((id) => game.obj(id));
  specialSummonTo(game, xyz, p, "xyzSummon");
  for (const m of materials) putUnder(game, m, xyz, { kind: "action", player: p });
};

/**
 * Master Rule 2020, Link Summon (a static `linkSummon` on the Link Monster: `rating`, the Link
 * Rating, and what a material must be — `materialType` "normal", `materialLevel`): face-up monsters
 * `p` controls that can be its Link Material.
 */
function linkMaterialsFor(game: Game, p: PlayerId, spec: Record<string, unknown>): GameObject[] {
  return monstersOf(game, p).filter(
    (o) =>
      !o.faceDown &&
      (typeof spec.materialType !== "string" || game.card(o).types.includes(spec.materialType)) &&
      (typeof spec.materialLevel !== "number" || stat(game, o, "level") === spec.materialLevel),
  );
}

/**
 * Materials that still leave a zone for the Link Monster once they have left (an Extra Monster
 * Zone, or a zone a remaining Link Monster points to). Simplified: each material counts as 1 toward
 * the Link Rating (a Link Monster as material doesn't count as its rating).
 */
function usableLinkMaterials(game: Game, p: PlayerId, link: GameObject, chosen: string[]): GameObject[] {
  const spec = staticOf(game, link, "linkSummon")!;
  const rating = Number(spec.rating);
  const candidates = linkMaterialsFor(game, p, spec).filter((o) => !chosen.includes(o.id));
  if (chosen.length + 1 < rating) return candidates.length + chosen.length >= rating ? candidates : [];
  // The last material: the Link Monster must have a place once the materials are gone.
  return candidates.filter((o) => extraDeckPlaces(game, p, [...chosen, o.id]).length > 0);
}

function linkSummonOptions(game: Game, p: PlayerId): DecisionOption[] {
  if (!masterRule2020(game)) return [];
  const out: DecisionOption[] = [];
  for (const obj of game.cardsIn("extra", p)) {
    if (
      !staticOf(game, obj, "linkSummon") ||
      summonForbidden(game, obj) ||
      specialSummonLimited(game, obj, p)
    )
      continue;
    if (usableLinkMaterials(game, p, obj, []).length === 0) continue;
    out.push({ id: `link:${game.ref(obj)}`, label: `Link Summon ${game.card(obj).name}` });
  }
  return out;
}

/**
 * A Link Summon: the materials are chosen one at a time and sent to the GY, then the Link Monster
 * is Special Summoned in Attack Position to an Extra Monster Zone or a zone a Link Monster points to.
 */
export const linkMaterials: TaskHandler = (game, task) => {
  const p = game.state.clock.turn.player;
  const chosen = task.chosen as string[];
  const link = game.obj(String(task.card));
  const spec = staticOf(game, link, "linkSummon")!;
  if (task.answer) {
    chosen.push(game.obj(task.answer.id.slice("material:".length)).id);
    task.answer = undefined;
  }
  if (chosen.length < Number(spec.rating)) {
    game.ask({
      player: p,
      kind: "linkMaterial",
      prompt: `Link Material for ${game.card(link).name} (${chosen.length + 1} of ${spec.rating})`,
      private: true,
      publicPrompt: `${game.playerName(p)} chooses Link Material`,
      options: usableLinkMaterials(game, p, link, chosen).map((o) => ({
        id: `material:${game.ref(o)}`,
        label: describeMonster(game, o, p),
      })),
    });
    return;
  }
  game.popTask(task);
  const place = extraDeckPlaces(game, p, chosen)[0]!;
  for (const id of chosen)
    game.move(game.obj(id), zoneId("graveyard", game.obj(id).owner), {
      event: "linkMaterial",
      cause: { kind: "action", player: p },
    });
  summonMove(game, link, p, "linkSummon", { place });
  link.vars.pos = "atk";
  link.vars.summonedTurn = game.state.clock.turn.id;
};

/** Is this reference still the same card on the field, in a zone of that kind? */
function onField(game: Game, ref: unknown, kind: string): boolean {
  const r = ref as { obj: string; inc: number };
  const o = game.state.objects[r.obj];
  return !!o && o.inc === r.inc && game.state.zones[o.zone]!.kind === kind && o.underOf === null;
}

/** The face-up monster an Equip Card is equipped to, if it still holds it. */
export function equippedMonster(game: Game, card: GameObject): GameObject | undefined {
  const to = card.vars.equippedTo as { obj: string } | undefined;
  if (!to || !onField(game, to, "monster")) return undefined;
  const target = game.state.objects[to.obj]!;
  return target.faceDown ? undefined : target;
}

/**
 * Cards bound to another card (a kernel state check, run after every step of the game's work):
 * an Equip Card whose monster left the field or was turned face-down is destroyed; Call of the
 * Haunted and the monster it Special Summoned are each destroyed when the other leaves the field.
 * Rulebook, Equip Spell Cards: this happens at once, as soon as it is so — in the middle of a chain
 * too — and is not a chain link. Everything found is destroyed together.
 */
export const boundCardsCheck: StateCheck = {
  id: "ygoBoundCards",
  ignores: CLOCK_AND_DRAWS,
  rule: "YG Equip Cards; Call of the Haunted",
  run(game) {
    // Run after nearly every step: the zones' ids read in place, a list made only when one is doomed.
    let doomed: GameObject[] | null = null;
    const objects = game.state.objects;
    for (let p = 0; p < game.state.players.length; p++) {
      for (const id of game.zone("spellTrap", p).cards) {
        const card = objects[id]!;
        const { equippedTo, linkedTo } = card.vars;
        if (
          (equippedTo && !equippedMonster(game, card)) ||
          (linkedTo && !onField(game, linkedTo, "monster"))
        ) {
          doomed ??= [];
          doomed.push(card);
        }
      }
      for (const id of game.zone("monster", p).cards) {
        const monster = objects[id]!;
        if (monster.vars.linkedBy && !onField(game, monster.vars.linkedBy, "spellTrap")) {
          doomed ??= [];
          doomed.push(monster);
        }
      }
    }
    if (doomed === null) return false;
    for (const obj of doomed)
      game.move(obj, zoneId("graveyard", obj.owner), { event: "destroy", cause: { kind: "rule" } });
    return true;
  },
};
