/**
 * Master Rule 2020 (the preset option `masterRule: "2020"`): two Extra Monster Zones shared by both
 * players and Link Monsters. Each monster in a Monster Zone has a place, `vars.col`: 0–4 for its
 * controller's Main Monster Zones (left to right as its controller sees them), "E0" or "E1" for an
 * Extra Monster Zone (E0 stands above the first player's second Main Monster Zone and the second
 * player's fourth; E1 the other way round). Rules (official rulebook, Master Rule 2020 revision):
 * - a player may use only one Extra Monster Zone at a time, one the opponent doesn't occupy;
 * - Link Monsters and face-up Pendulum Monsters Summoned from the Extra Deck go to an Extra
 *   Monster Zone or to a Main Monster Zone a Link Monster of that player points to; Fusion, Xyz
 *   (and Synchro) Monsters may go to any Main Monster Zone;
 * - monsters from anywhere else go to a Main Monster Zone.
 * Simplified: only Link Arrows that point to their controller's own Main Monster Zones count (from
 * an Extra Monster Zone: bottom-left, bottom, bottom-right; from a Main Monster Zone: left, right);
 * arrows toward the opponent's field or between Extra Monster Zones (Extra Link) are ignored, and
 * the zone is picked by the rules (an Extra Monster Zone first, then the leftmost linked zone), not
 * chosen by the player.
 */
import type { Game } from "../../core/game.js";
import type { StateCheck } from "../../core/state-checks.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import type { CardDef } from "../../core/vocabulary/schema.js";
import { CLOCK_AND_DRAWS } from "./quiet-events.js";

export const MAIN_ZONES = 5;
export type Place = number | "E0" | "E1";

/** Is Master Rule 2020 in force (Extra Monster Zones, Link Monsters)? */
export function masterRule2020(game: Game): boolean {
  return game.state.options.masterRule === "2020";
}

export function isLink(card: CardDef): boolean {
  return card.types.includes("link");
}

export function placeOf(obj: GameObject): Place | undefined {
  const c = obj.vars.col;
  return c === "E0" || c === "E1" ? c : typeof c === "number" ? c : undefined;
}

export function inExtraMonsterZone(obj: GameObject): boolean {
  return typeof obj.vars.col === "string";
}

/** The Main Monster Zone column of `p` right below an Extra Monster Zone. */
function columnBelow(emz: "E0" | "E1", p: PlayerId): number {
  return (emz === "E0") === (p === 0) ? 1 : 3;
}

/** The Main Monster Zones of its controller a Link Monster points to (see the simplification above). */
export function pointsTo(game: Game, link: GameObject): number[] {
  const place = placeOf(link);
  if (place === undefined || link.faceDown) return [];
  const arrows = (game.card(link).stats?.arrows ?? []) as string[];
  const p = link.controller;
  const out: number[] = [];
  if (place === "E0" || place === "E1") {
    const c = columnBelow(place, p);
    if (arrows.includes("bottomLeft")) out.push(c - 1);
    if (arrows.includes("bottom")) out.push(c);
    if (arrows.includes("bottomRight")) out.push(c + 1);
  } else {
    if (arrows.includes("left") && place > 0) out.push(place - 1);
    if (arrows.includes("right") && place < MAIN_ZONES - 1) out.push(place + 1);
  }
  return out;
}

function used(game: Game, except: readonly string[] = []): GameObject[] {
  const out: GameObject[] = [];
  for (let p = 0; p < game.state.players.length; p++)
    for (const o of game.cardsIn("monster", p)) if (!except.includes(o.id)) out.push(o);
  return out;
}

/** Free Main Monster Zones of `p` (monsters in `leaving` are about to go: Link Material). */
export function freeMainColumns(game: Game, p: PlayerId, leaving: readonly string[] = []): number[] {
  const taken = new Set(
    game
      .cardsIn("monster", p)
      .filter((o) => !leaving.includes(o.id))
      .map((o) => placeOf(o))
      .filter((c) => typeof c === "number"),
  );
  const out: number[] = [];
  for (let c = 0; c < MAIN_ZONES; c++) if (!taken.has(c)) out.push(c);
  return out;
}

/** The Extra Monster Zone `p` may use: none if they already hold one; else one nobody holds. */
function freeExtraZone(game: Game, p: PlayerId, leaving: readonly string[]): "E0" | "E1" | null {
  const all = used(game, leaving);
  if (all.some((o) => o.controller === p && inExtraMonsterZone(o))) return null;
  const taken = new Set(all.map((o) => o.vars.col));
  return !taken.has("E0") ? "E0" : !taken.has("E1") ? "E1" : null;
}

/**
 * Where `p` may put a Link Monster or a face-up Pendulum Monster from the Extra Deck (Master Rule
 * 2020): their usable Extra Monster Zone, then the free Main Monster Zones their Link Monsters point
 * to (a Link Monster leaving as material points nowhere).
 */
export function extraDeckPlaces(game: Game, p: PlayerId, leaving: readonly string[] = []): Place[] {
  const out: Place[] = [];
  const emz = freeExtraZone(game, p, leaving);
  if (emz) out.push(emz);
  const free = new Set(freeMainColumns(game, p, leaving));
  const linked = new Set<number>();
  for (const o of game.cardsIn("monster", p))
    if (!leaving.includes(o.id) && isLink(game.card(o))) for (const c of pointsTo(game, o)) linked.add(c);
  for (const c of [...linked].sort()) if (free.has(c)) out.push(c);
  return out;
}

/** Does this monster, coming from there, need an Extra Monster Zone or a linked zone? */
export function needsExtraPlace(game: Game, obj: GameObject, from: string): boolean {
  if (!masterRule2020(game) || from !== "extra") return false;
  const card = game.card(obj);
  return isLink(card) || card.types.includes("pendulum");
}

/**
 * Master Rule 2020: every monster in a Monster Zone has a place. One placed without (a Special
 * Summon by an effect, a scenario's setup) takes the leftmost free Main Monster Zone. A kernel
 * state check, run after every step of work; a no-op under Master Rule 3.
 */
export const placesCheck: StateCheck = {
  id: "ygoMonsterZones",
  ignores: CLOCK_AND_DRAWS,
  rule: "YG Master Rule 2020: Main and Extra Monster Zones",
  run(game) {
    if (!masterRule2020(game)) return false;
    let changed = false;
    const objects = game.state.objects;
    for (let p = 0; p < game.state.players.length; p++)
      for (const id of game.zone("monster", p).cards) {
        const o = objects[id]!;
        if (placeOf(o) !== undefined) continue;
        const free = freeMainColumns(game, p);
        o.vars.col = free[0] ?? 0;
        changed = true;
      }
    return changed;
  },
};
