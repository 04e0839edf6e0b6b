/**
 * Cards for the rules of attacking (CR 506.5, 508.1g–h, 508.4): attack costs (Propaganda, Ghostly
 * Prison; attack-costs.ts), attacking alone and exalted (Akrasan Squire; CR 702.83), a token put
 * onto the battlefield attacking (Geist of Saint Traft; attackers.ts).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { exalted } from "./card-parts.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

const TAX =
  "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.";

/** "Creatures can't attack you unless their controller pays {2} …" (CR 508.1g): attack-costs.ts. */
const attackTax = (id: string, name: string, manaCost: string): CardDef => ({
  id,
  name,
  types: ["enchantment"],
  cost: 3,
  stats: { manaCost },
  text: TAX,
  abilities: [{ id: "tax", kind: "static", text: TAX, static: { kind: "attackCost", mana: "{2}" } }],
});

export const attackCards: CardDef[] = [
  // Tempest; {2}{U} Enchantment (Oracle text and cost confirmed on mtg.wtf and aetherhub, with the
  // rulings: cumulative; paid as the attacker is declared; a planeswalker may be attacked freely).
  attackTax("propaganda", "Propaganda", "{2}{U}"),
  // Champions of Kamigawa; {2}{W} Enchantment, the same text (cost from memory).
  attackTax("ghostly-prison", "Ghostly Prison", "{2}{W}"),
  // Shards of Alara; {W} Creature — Human Soldier 1/1, "Exalted" (from memory: the Oracle wording,
  // cost and stats could not be confirmed from a reachable source here).
  {
    id: "akrasan-squire",
    name: "Akrasan Squire",
    types: ["creature"],
    cost: 1,
    power: 1,
    keywords: ["exalted"],
    stats: { toughness: 1, subtypes: ["Human", "Soldier"], manaCost: "{W}" },
    text: "Exalted (Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.)",
    abilities: [exalted()],
  },
  // Innistrad; {1}{W}{U} Legendary Creature — Spirit Cleric 2/2, "Hexproof / Whenever Geist of
  // Saint Traft attacks, create a 4/4 white Angel creature token with flying that's tapped and
  // attacking. Exile that token at end of combat." (text and cost as quoted by several card pages
  // found here). The token is put onto the battlefield attacking (CR 508.4, enter-attacking.ts); "at
  // end of combat" is a delayed trigger at the beginning of the end of combat step (CR 511.2, 603.7).
  {
    id: "geist-of-saint-traft",
    name: "Geist of Saint Traft",
    types: ["creature"],
    cost: 3,
    power: 2,
    keywords: ["hexproof"],
    stats: { toughness: 2, supertypes: ["Legendary"], subtypes: ["Spirit", "Cleric"], manaCost: "{1}{W}{U}" },
    text: "Hexproof\nWhenever Geist of Saint Traft attacks, create a 4/4 white Angel creature token with flying that's tapped and attacking. Exile that token at end of combat.",
    abilities: [
      {
        id: "angel",
        kind: "triggered",
        text: "Whenever Geist of Saint Traft attacks, create a 4/4 white Angel creature token with flying that's tapped and attacking. Exile that token at end of combat.",
        trigger: { on: "attack", self: true },
        effect: [
          { op: "createToken", token: "angel-token", tapped: true, attacking: true, as: "angel" },
          { op: "delayed", ability: "exileAngel", remember: "$angel" },
        ],
      },
      {
        id: "exileAngel",
        kind: "delayed",
        text: "Exile that token at end of combat.",
        trigger: { on: "nodeBegin", where: { "data.node": "endOfCombat" } },
        effect: [{ op: "move", what: "$it", to: "exile" }],
      },
    ],
  },
];

/** Token definitions of these cards (CR 111.1: not cards, never in a deck; index.ts). */
export const attackTokens: CardDef[] = [
  // The token Geist of Saint Traft creates.
  {
    id: "angel-token",
    name: "Angel",
    types: ["creature"],
    cost: 0,
    power: 4,
    keywords: ["flying"],
    stats: { toughness: 4, token: true, colors: ["white"], subtypes: ["Angel"] },
    text: "(A 4/4 white Angel creature token with flying.)",
  },
];
