/**
 * Real cards for the evergreen combat and protection keywords: trample (CR 702.19),
 * deathtouch (CR 702.2), lifelink (CR 702.15), double strike (CR 702.4), menace (CR 702.111),
 * hexproof (CR 702.11), indestructible (CR 702.12) and protection (CR 702.16, protection.ts). Keywords are data (`keywords`), read by
 * combat.ts, sba.ts, ops.ts (`dealDamage`) and targets.ts. Mana is generic: `cost` is the mana value.
 *
 * Texts, costs, types and stats: the Oracle lines of Forge's card scripts
 * (Card-Forge/forge, forge-gui/res/cardsfolder); reminder text left out.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

const creature = (
  id: string,
  name: string,
  cost: number,
  power: number,
  toughness: number,
  subtypes: string[],
  keywords: string[],
  text: string,
): CardDef => ({
  id,
  name,
  types: ["creature"],
  cost,
  power,
  keywords,
  text,
  stats: { toughness, subtypes },
});

export const keywordCards: CardDef[] = [
  // New Phyrexia; {G} Creature — Phyrexian Elf Warrior 1/1, "Infect" (from memory: the Oracle type
  // line and cost could not be confirmed from a reachable source here; a card-of-the-day review found
  // confirms a one-mana green 1/1 with infect). Infect (CR 702.90): ops.ts `dealDamage`.
  {
    ...creature(
      "glistener-elf",
      "Glistener Elf",
      1,
      1,
      1,
      ["Phyrexian", "Elf", "Warrior"],
      ["infect"],
      "Infect (This creature deals damage to creatures in the form of -1/-1 counters and to players in the form of poison counters.)",
    ),
    stats: { toughness: 1, subtypes: ["Phyrexian", "Elf", "Warrior"], manaCost: "{G}" },
  },
  // Alpha; {W}{W} Creature — Human Knight 2/2, "First strike, protection from black" (CR 702.16),
  // and its mirror {B}{B} Black Knight, "First strike, protection from white" (from memory).
  {
    ...creature(
      "white-knight",
      "White Knight",
      2,
      2,
      2,
      ["Human", "Knight"],
      ["first strike", "protection from black"],
      "First strike, protection from black",
    ),
    stats: { toughness: 2, subtypes: ["Human", "Knight"], manaCost: "{W}{W}" },
  },
  {
    ...creature(
      "black-knight",
      "Black Knight",
      2,
      2,
      2,
      ["Human", "Knight"],
      ["first strike", "protection from white"],
      "First strike, protection from white",
    ),
    stats: { toughness: 2, subtypes: ["Human", "Knight"], manaCost: "{B}{B}" },
  },
  // {4}{G}{G} Creature — Dinosaur 6/6. Trample (CR 702.19b).
  creature("colossal-dreadmaw", "Colossal Dreadmaw", 6, 6, 6, ["Dinosaur"], ["trample"], "Trample"),
  // {B} Creature — Rat 1/1. Deathtouch (CR 702.2b, 704.5h).
  creature("typhoid-rats", "Typhoid Rats", 1, 1, 1, ["Rat"], ["deathtouch"], "Deathtouch"),
  // {1}{B}{B} Creature — Vampire Shaman 2/3. Flying, deathtouch, lifelink (CR 702.15b).
  creature(
    "vampire-nighthawk",
    "Vampire Nighthawk",
    3,
    2,
    3,
    ["Vampire", "Shaman"],
    ["flying", "deathtouch", "lifelink"],
    "Flying\nDeathtouch\nLifelink",
  ),
  // {R}{W} Creature — Human Soldier 1/2. Double strike (CR 702.4b).
  creature(
    "boros-swiftblade",
    "Boros Swiftblade",
    2,
    1,
    2,
    ["Human", "Soldier"],
    ["double strike"],
    "Double strike",
  ),
  // {2}{B} Creature — Aetherborn Rogue 2/3. Menace (CR 702.111b).
  creature("alley-strangler", "Alley Strangler", 3, 2, 3, ["Aetherborn", "Rogue"], ["menace"], "Menace"),
  // {G} Creature — Elf Scout 1/1. Hexproof (CR 702.11b).
  creature("gladecover-scout", "Gladecover Scout", 1, 1, 1, ["Elf", "Scout"], ["hexproof"], "Hexproof"),
  // {3} Artifact Creature — Myr 0/1. Indestructible (CR 702.12b).
  {
    ...creature("darksteel-myr", "Darksteel Myr", 3, 0, 1, ["Myr"], ["indestructible"], "Indestructible"),
    types: ["artifact", "creature"],
  },
  // {2}{R} Creature — Human Wizard 1/1. "{T}: Prodigal Pyromancer deals 1 damage to any target."
  // Its target is chosen as the ability resolves (damageAnyTarget; docs/magic.md), among what it can
  // target (hexproof, CR 702.11b).
  {
    ...creature("prodigal-pyromancer", "Prodigal Pyromancer", 3, 1, 1, ["Human", "Wizard"], [], ""),
    text: "{T}: Prodigal Pyromancer deals 1 damage to any target.",
    abilities: [
      {
        id: "ping",
        kind: "activated",
        text: "{T}: Prodigal Pyromancer deals 1 damage to any target.",
        // CR 115.4, 602.2b: "any target", chosen as it is activated.
        cost: [{ op: "tap", what: "self" }, { op: "targetAny" }],
        effect: [{ op: "damageAnyTarget", n: 1 }],
      },
    ],
  },
];
