/**
 * Cards of the mana rules: coloured mana costs (CR 107.4, 202.1), mana abilities on
 * permanents other than lands (CR 605), mana that doesn't empty (CR 500.4, 106.4) and X in a
 * mana cost (CR 107.3). `stats.manaCost` is the printed mana cost; `cost` stays the mana value
 * with X as 0 (CR 202.3e).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

export const manaCards: CardDef[] = [
  // Alpha; Oracle: {G}, Creature — Elf Druid 1/1, "{T}: Add {G}." A {T} mana ability on a creature:
  // no stack (CR 605.3b), not while summoning sick (CR 302.6). Text from memory (a reachable page
  // confirms a 1/1 green Elf Druid that taps for mana, not the exact Oracle wording).
  {
    id: "llanowar-elves",
    name: "Llanowar Elves",
    types: ["creature"],
    cost: 1,
    power: 1,
    stats: { toughness: 1, manaCost: "{G}", subtypes: ["Elf", "Druid"] },
    text: "{T}: Add {G}.",
    abilities: [
      {
        id: "mana",
        kind: "activated",
        text: "{T}: Add {G}.",
        cost: [{ op: "tap", what: "self" }],
        effect: [{ op: "addMana", mana: "{G}" }],
      },
    ],
  },
  // Mirage; Oracle: {1}{G}, Creature — Plant Wall 0/5, "Defender / Put a -0/-1 counter on Wall of
  // Roots: Add {G}. Activate only once each turn." (text confirmed: candlekeep.co.uk card of the
  // week, mtgwiki.com). Its cost doesn't tap it: usable the turn it enters and in any player's
  // turn (CR 605.3a); once each turn (CR 602.5b).
  {
    id: "wall-of-roots",
    name: "Wall of Roots",
    types: ["creature"],
    cost: 2,
    power: 0,
    keywords: ["defender"],
    stats: { toughness: 5, manaCost: "{1}{G}", subtypes: ["Plant", "Wall"] },
    text: "Defender. Put a -0/-1 counter on Wall of Roots: Add {G}. Activate only once each turn.",
    abilities: [
      {
        id: "mana",
        kind: "activated",
        text: "Put a -0/-1 counter on Wall of Roots: Add {G}. Activate only once each turn.",
        cost: [{ op: "addCounter", what: "self", counter: "-0/-1", n: 1 }],
        effect: [{ op: "addMana", mana: "{G}" }],
        limit: { counts: "use", key: "incarnation", window: "turn", label: "only once each turn" },
      },
    ],
  },
  // Scourge; Oracle: {3}{G}, Enchantment, "Players don't lose unspent mana as steps and phases
  // end." The exception to CR 500.4 / 106.4: a static `keepMana` read as pools empty. The card's
  // function is confirmed (magic.wizards.com "Well, Well, Well", 2003); the cost and the Oracle
  // wording are from memory, not confirmable here.
  {
    id: "upwelling",
    name: "Upwelling",
    types: ["enchantment"],
    cost: 4,
    stats: { manaCost: "{3}{G}" },
    text: "Players don't lose unspent mana as steps and phases end.",
    abilities: [
      {
        id: "keep",
        kind: "static",
        text: "Players don't lose unspent mana as steps and phases end.",
        static: { kind: "keepMana", players: "all" },
      },
    ],
  },
  // Portal; Oracle: {X}{R}, Sorcery, "Blaze deals X damage to any target." X is announced as it is
  // cast (CR 107.3a, 601.2b) and paid (601.2f–h); its mana value is 1 off the stack (CR 202.3e).
  // Text from memory, not confirmable here.
  {
    id: "blaze",
    name: "Blaze",
    types: ["sorcery"],
    cost: 1,
    stats: { manaCost: "{X}{R}" },
    text: "Blaze deals X damage to any target.",
    abilities: [{ id: "spell", kind: "static", effect: [{ op: "damageAnyTarget", n: "$X" }] }],
  },
];
