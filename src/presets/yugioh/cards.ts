/**
 * Yu-Gi-Oh! card library: monsters are data (level, ATK, DEF, attribute, type in `stats`).
 * Normal Monsters carry no effect; their printed stats are the official ones.
 */
import type { CardDef } from "../../core/vocabulary/schema.js";

/** A Normal Monster with its printed Level, ATK and DEF. */
function normal(
  id: string,
  name: string,
  level: number,
  atk: number,
  def: number,
  attribute: string,
  race: string,
): CardDef {
  return {
    id,
    name,
    types: ["monster", "normal"],
    races: [race],
    stats: { level, atk, def, attribute },
  };
}

export const normalMonsters: CardDef[] = [
  normal("blue-eyes-white-dragon", "Blue-Eyes White Dragon", 8, 3000, 2500, "LIGHT", "Dragon"),
  normal("dark-magician", "Dark Magician", 7, 2500, 2100, "DARK", "Spellcaster"),
  normal("summoned-skull", "Summoned Skull", 6, 2500, 1200, "DARK", "Fiend"),
  normal("celtic-guardian", "Celtic Guardian", 4, 1400, 1200, "EARTH", "Warrior"),
  normal("mystical-elf", "Mystical Elf", 4, 800, 2000, "LIGHT", "Spellcaster"),
  normal("gemini-elf", "Gemini Elf", 4, 1900, 900, "EARTH", "Spellcaster"),
  normal("giant-soldier-of-stone", "Giant Soldier of Stone", 3, 1300, 2000, "EARTH", "Rock"),
  normal("alexandrite-dragon", "Alexandrite Dragon", 4, 2000, 100, "LIGHT", "Dragon"),
  normal("vorse-raider", "Vorse Raider", 4, 1900, 1200, "DARK", "Beast-Warrior"),
  normal("luster-dragon", "Luster Dragon", 4, 1900, 1600, "WIND", "Dragon"),
  normal("mechanicalchaser", "Mechanicalchaser", 4, 1850, 800, "DARK", "Machine"),
  normal("beaver-warrior", "Beaver Warrior", 4, 1200, 1500, "EARTH", "Beast-Warrior"),
];

export const ygoCards: CardDef[] = [...normalMonsters];

/** Two sample 40-card decks from the library (RULINGS YG: a Main Deck has 40 to 60 cards). */
export function sampleDecks(): string[][] {
  const a = [
    "blue-eyes-white-dragon",
    "summoned-skull",
    "celtic-guardian",
    "gemini-elf",
    "alexandrite-dragon",
    "luster-dragon",
    "giant-soldier-of-stone",
    "beaver-warrior",
  ];
  const b = [
    "dark-magician",
    "summoned-skull",
    "mystical-elf",
    "vorse-raider",
    "mechanicalchaser",
    "luster-dragon",
    "celtic-guardian",
    "giant-soldier-of-stone",
  ];
  const deck = (ids: string[]) => ids.flatMap((id) => [id, id, id, id, id]);
  return [deck(a), deck(b)];
}
