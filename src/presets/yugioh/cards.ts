/**
 * Yu-Gi-Oh! card library: monsters are data (level, ATK, DEF, attribute, type in `stats`).
 * Normal Monsters carry no effect; their printed stats are the official ones.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { coreCards } from "./core-cards.js";
import type { YugiohOp } from "./ops.generated.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<YugiohOp>;

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
  normal("flame-manipulator", "Flame Manipulator", 3, 900, 1000, "FIRE", "Spellcaster"),
  normal(
    "masaki-the-legendary-swordsman",
    "Masaki the Legendary Swordsman",
    4,
    1100,
    1100,
    "EARTH",
    "Warrior",
  ),
];

export const ygoCards: CardDef[] = [...normalMonsters, ...coreCards];

/**
 * Two sample 40-card Main Decks from the library (a Main Deck has 40 to 60 cards), with effect
 * cards (Pendulum Monsters among them); Fusion and Xyz Monsters listed here go to the Extra Deck.
 */
export function sampleDecks(): string[][] {
  const deck = (ids: [string, number][]) => ids.flatMap(([id, n]) => Array.from({ length: n }, () => id));
  const a = deck([
    ["blue-eyes-white-dragon", 3],
    ["barrel-dragon", 2],
    ["summoned-skull", 3],
    // Spell Counters (the kernel's counters) and targeting: Breaker the Magical Warrior.
    ["breaker-the-magical-warrior", 2],
    // "Until the end of your opponent's turn".
    ["diskblade-rider", 2],
    // Pendulum Monsters: Scales 1 and 5, Zefraath's extra Pendulum Summon.
    ["satellarknight-zefrathuban", 2],
    ["shaddoll-zefranaga", 1],
    ["zefraath", 1],
    // Takes control while equipped; Mystical Space Typhoon destroys Spell/Trap Cards.
    ["snatch-steal", 1],
    ["mystical-space-typhoon", 1],
    // Takes control of a monster until the End Phase.
    ["change-of-heart", 1],
    ["fairy-archer", 3],
    ["elemental-hero-avian", 2],
    ["hero-mask", 2],
    // End the Battle Phase when the opponent attacks directly.
    ["battle-fader", 1],
    ["swift-scarecrow", 1],
    ["zw-pegasus-twin-saber", 1],
    ["swarm-of-locusts", 2],
    // Remains on the field until the End Phase of the opponent's 3rd turn.
    ["swords-of-revealing-light", 1],
    ["call-of-the-haunted", 1],
    // "During your next Standby Phase, Special Summon it" (a Normal Trap: a Normal Trap for Diskblade Rider too).
    ["the-deep-grave", 1],
    ["solemn-strike", 2],
    ["solemn-judgment", 1],
    // Changes a face-up monster to face-down Defense Position (a Quick-Play Spell).
    ["book-of-moon", 2],
    ["heat-wave", 1],
    // Extra Deck
    ["number-39-utopia", 2],
    // Link Summoned under Master Rule 2020 (the option `masterRule`), from a Normal Monster.
    ["link-spider", 1],
  ]);
  const b = deck([
    ["dark-magician", 3],
    ["summoned-skull", 1],
    // A Quick-Play Spell that changes ATK: activated in the Damage Step until damage calculation.
    ["rush-recklessly", 1],
    ["mystical-elf", 1],
    ["polymerization", 1],
    ["flame-manipulator", 1],
    ["masaki-the-legendary-swordsman", 1],
    ["vorse-raider", 1],
    // "…, then …" effects: a Peten discarded by Card Destruction misses the timing.
    ["card-destruction", 1],
    ["graceful-charity", 1],
    ["magical-blast", 1],
    ["change-of-heart", 1],
    ["flip-flop-frog", 1],
    // Destroyed after a card effect that targets it resolves; can't be destroyed by battle.
    ["spirit-reaper", 2],
    ["evilswarm-castor", 2],
    ["fire-formation-tensu", 2],
    ["peten-the-dark-clown", 2],
    ["book-of-moon", 1],
    ["fairy-box", 1],
    // Exchanges control of two monsters.
    ["creature-swap", 1],
    ["graceful-dice", 1],
    ["dice-re-roll", 1],
    // "You can conduct 2 Normal Summons/Sets this turn" (the Normal Summon's action limit).
    ["double-summon", 1],
    ["spellbook-of-secrets", 2],
    // "Skip your next 2 Draw Phases" (the kernel's skipNode).
    ["reckless-greed", 1],
    ["spellbook-of-power", 1],
    // Special Summons a Level 2 or lower monster from the GY in Defense Position, its effects negated.
    ["junk-synchron", 2],
    ["fluffal-bear", 2],
    ["toy-vendor", 2],
    ["solemn-strike", 1],
    // Extra Deck
    ["flame-swordsman", 1],
  ]);
  return [a, b];
}
