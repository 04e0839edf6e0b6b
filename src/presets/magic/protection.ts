/**
 * Colour (CR 105, 202.2) and protection (CR 702.16). A card's colours come from the coloured
 * symbols of its printed mana cost (`stats.manaCost`), or, for a card written here without one
 * (the older library cards, tokens), from `stats.colors`.
 *
 * "Protection from [colour]" (a keyword `protection from red`, several allowed) is DEBT:
 * - Damage from sources of that colour is prevented (CR 702.16e: ops.ts `dealDamage`);
 * - it can't be Enchanted or Equipped by permanents of that colour (CR 702.16c–d: the Aura goes to
 *   the graveyard, the Equipment becomes unattached, attachments.ts);
 * - it can't be Blocked by creatures of that colour (CR 702.16f: combat.ts);
 * - it can't be Targeted by spells or abilities of that colour (CR 702.16b: targets.ts).
 */
import type { Game } from "../../core/game.js";
import type { GameObject } from "../../core/types.js";
import type { CardDef } from "../../core/vocabulary/schema.js";
import { keywords } from "./state.js";

const COLOUR_OF: Record<string, string> = { W: "white", U: "blue", B: "black", R: "red", G: "green" };
const ORDER = ["white", "blue", "black", "red", "green"];

/** A card's colours (CR 202.2): its mana cost's coloured symbols, else `stats.colors`; [] colourless. */
export function cardColours(card: CardDef): string[] {
  const cost = card.stats?.manaCost;
  if (typeof cost === "string" && /\{[^}]*[WUBRG]/.test(cost)) {
    const found = new Set<string>();
    for (const m of cost.matchAll(/\{([^}]*)\}/g))
      for (const ch of m[1]!) if (COLOUR_OF[ch]) found.add(COLOUR_OF[ch]!);
    return ORDER.filter((c) => found.has(c));
  }
  const listed = card.stats?.colors;
  return Array.isArray(listed) ? ORDER.filter((c) => (listed as string[]).includes(c)) : [];
}

export const colours = (game: Game, obj: GameObject): string[] => cardColours(game.card(obj));

/** The colours `obj` has protection from (CR 702.16a: "protection from [quality]"). */
export function protectedFrom(game: Game, obj: GameObject): string[] {
  const out: string[] = [];
  for (const k of keywords(game, obj)) if (k.startsWith("protection from ")) out.push(k.slice(16));
  return out;
}

/** Whether `obj` has protection from a source of these colours (CR 702.16a). */
export function protects(game: Game, obj: GameObject, sourceColours: readonly string[]): boolean {
  if (sourceColours.length === 0) return false;
  const from = protectedFrom(game, obj);
  return from.length > 0 && sourceColours.some((c) => from.includes(c));
}
