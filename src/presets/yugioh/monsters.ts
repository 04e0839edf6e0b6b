/**
 * Monsters on the field: stats, battle positions and the per-turn flags the summoning rules read.
 * Position and flags live in `obj.vars`, so they reset when the card leaves the field.
 */
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import type { GameObject, PlayerId } from "../../core/types.js";

export type BattlePosition = "atk" | "def";

/** The Main Monster Zone holds 5 monsters. */
export const MONSTER_ZONES = 5;

export function stat(game: Game, obj: GameObject, field: "level" | "atk" | "def"): number {
  const stats = game.card(obj).stats ?? {};
  return Number(game.characteristic(obj, field) ?? stats[field] ?? 0);
}

export function isMonster(game: Game, obj: GameObject): boolean {
  return game.card(obj).types.includes("monster");
}

export function position(obj: GameObject): BattlePosition {
  return obj.vars.pos === "def" ? "def" : "atk";
}

export function monstersOf(game: Game, p: PlayerId): GameObject[] {
  return game.cardsIn("monster", p);
}

/**
 * The monsters of `p` in Main Monster Zones (Master Rule 2020: not those in an Extra Monster Zone,
 * whose place `vars.col` is "E0"/"E1"); under Master Rule 3 every monster.
 */
export function mainZoneMonsters(game: Game, p: PlayerId): GameObject[] {
  return game.cardsIn("monster", p).filter((o) => typeof o.vars.col !== "string");
}

/** Are all 5 Main Monster Zones of `p` taken? */
export function mainZonesFull(game: Game, p: PlayerId): boolean {
  const objects = game.state.objects;
  let taken = 0;
  for (const id of game.zone("monster", p).cards) if (typeof objects[id]!.vars.col !== "string") taken++;
  return taken >= MONSTER_ZONES;
}

/** Link Monsters have no DEF and are never in Defense Position (Master Rule 2020). */
export function isLinkMonster(game: Game, obj: GameObject): boolean {
  return game.card(obj).types.includes("link");
}

/** Tributes a Normal Summon or Set needs: Level 5-6 one, Level 7+ two (YG-T4). */
export function tributesFor(level: number): number {
  return level >= 7 ? 2 : level >= 5 ? 1 : 0;
}

/** How a player sees a monster: its name if they may see it, else its place. */
export function describeMonster(game: Game, obj: GameObject, viewer: PlayerId): string {
  if (!obj.faceDown || obj.controller === viewer) return game.card(obj).name;
  const zone = game.state.zones[obj.zone]!;
  return `the face-down monster of ${game.playerName(obj.controller)} (#${zone.cards.indexOf(obj.id) + 1})`;
}

/** Heat Wave: "Neither player can Normal or Special Summon Effect Monsters" while it lasts. */
export function summonForbidden(game: Game, obj: GameObject): boolean {
  return game.card(obj).types.includes("effect") && game.effects("noEffectMonsterSummons").length > 0;
}

/** The printed static rule of that kind on a card ("xyzSummon", "fusionMaterials" …), wherever it is. */
export function staticOf(game: Game, obj: GameObject, kind: string): JsonObject | undefined {
  // The rules index each card's static abilities by kind, in the card's order: the first is printed first.
  return game.rules.staticsByCard.get(obj.card)?.get(kind)?.[0]?.ability.static;
}
