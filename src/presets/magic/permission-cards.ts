/**
 * Cards that change what a player may do and when, as the kernel's data (src/core/permissions.ts,
 * action-limits.ts):
 * - more land plays (CR 305.2a): Explore (this turn, an `until` of kind `actionLimit`),
 *   Exploration and Azusa, Lost but Seeking (statics);
 * - fewer spells (CR 601.3): Rule of Law and Arcane Laboratory (a cap of one spell each turn for
 *   every player), Silence (a cap of none for opponents this turn);
 * - casting "as though it had flash" (CR 702.8a, 601.3): Leyline of Anticipation (every spell),
 *   Alchemist's Refuge (every spell this turn), Winding Canyons (creature spells until end of
 *   turn), Yeva, Nature's Herald (green creature spells), Teferi, Mage of Zhalfir (creature cards
 *   it owner's own), Teferi, Time Raveler (sorceries until your next turn);
 * - casting only at sorcery speed (Teferi's "Each opponent can cast spells only any time they could
 *   cast a sorcery": a static `castOnlyAsSorcery`, activation.ts).
 * Oracle texts are written from memory (no source was reachable here), as the XMage tests that
 * use them describe them (LeylineOfAnticipationTest, AlchemistsRefugeTest, YevaNaturesHeraldTest).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";
import { loyaltyAbility } from "./planeswalker-cards.js";

type CardDef = PresetCardDef<MagicOp>;
type Ability = NonNullable<CardDef["abilities"]>[number];

const colourless: Ability = {
  id: "mana",
  kind: "activated",
  text: "{T}: Add {C}.",
  cost: [{ op: "tap", what: "self" }],
  effect: [{ op: "addMana", mana: "{C}" }],
};

export const permissionCards: CardDef[] = [
  // Worldwake; {1}{G} Sorcery: "You may play an additional land this turn. Draw a card."
  {
    id: "explore",
    name: "Explore",
    types: ["sorcery"],
    cost: 2,
    stats: { manaCost: "{1}{G}" },
    text: "You may play an additional land this turn.\nDraw a card.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        effect: [
          {
            op: "until",
            effect: { kind: "actionLimit", value: { action: "playLand", add: 1 } },
            targetPlayer: "controller",
            expires: "turn",
            label: "Explore: an additional land this turn",
          },
          { op: "draw", n: 1 },
        ],
      },
    ],
  },
  // Urza's Saga; {G} Enchantment: "You may play an additional land on each of your turns."
  {
    id: "exploration",
    name: "Exploration",
    types: ["enchantment"],
    cost: 1,
    stats: { manaCost: "{G}" },
    text: "You may play an additional land on each of your turns.",
    abilities: [{ id: "lands", kind: "static", static: { kind: "actionLimit", action: "playLand", add: 1 } }],
  },
  // Betrayers of Kamigawa; {2}{G} Legendary Creature — Human Monk 1/2: "You may play two additional
  // lands on each of your turns."
  {
    id: "azusa-lost-but-seeking",
    name: "Azusa, Lost but Seeking",
    types: ["creature"],
    cost: 3,
    power: 1,
    stats: { manaCost: "{2}{G}", toughness: 2, supertypes: ["Legendary"], subtypes: ["Human", "Monk"] },
    text: "You may play two additional lands on each of your turns.",
    abilities: [{ id: "lands", kind: "static", static: { kind: "actionLimit", action: "playLand", add: 2 } }],
  },
  // Mercadian Masques; {2}{W} Enchantment: "Each player can't cast more than one spell each turn."
  {
    id: "rule-of-law",
    name: "Rule of Law",
    types: ["enchantment"],
    cost: 3,
    stats: { manaCost: "{2}{W}" },
    text: "Each player can't cast more than one spell each turn.",
    abilities: [
      {
        id: "law",
        kind: "static",
        static: { kind: "actionLimit", action: "castSpell", max: 1, player: "any" },
      },
    ],
  },
  // Urza's Saga; {2}{U} Enchantment: the same text as Rule of Law.
  {
    id: "arcane-laboratory",
    name: "Arcane Laboratory",
    types: ["enchantment"],
    cost: 3,
    stats: { manaCost: "{2}{U}" },
    text: "Each player can't cast more than one spell each turn.",
    abilities: [
      {
        id: "lab",
        kind: "static",
        static: { kind: "actionLimit", action: "castSpell", max: 1, player: "any" },
      },
    ],
  },
  // Magic 2010; {W} Instant: "Your opponents can't cast spells this turn." (A cap of none; spells
  // already cast are not affected.)
  {
    id: "silence",
    name: "Silence",
    types: ["instant"],
    cost: 1,
    stats: { manaCost: "{W}" },
    text: "Your opponents can't cast spells this turn.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        effect: [
          {
            op: "until",
            effect: { kind: "actionLimit", value: { action: "castSpell", max: 0 } },
            targetPlayer: "opponent",
            expires: "turn",
            label: "Silence: can't cast spells this turn",
          },
        ],
      },
    ],
  },
  // Magic 2011; {2}{U}{U} Enchantment: "If Leyline of Anticipation is in your opening hand, you may
  // begin the game with it on the battlefield. You may cast spells as though they had flash." The
  // opening-hand ability is not modelled (no mulligan or pre-game actions here).
  {
    id: "leyline-of-anticipation",
    name: "Leyline of Anticipation",
    types: ["enchantment"],
    cost: 4,
    stats: { manaCost: "{2}{U}{U}" },
    text: "If Leyline of Anticipation is in your opening hand, you may begin the game with it on the battlefield.\nYou may cast spells as though they had flash.",
    abilities: [{ id: "flash", kind: "static", static: { kind: "permission", grants: "flash" } }],
  },
  // Avacyn Restored; Land: "{T}: Add {C}. {G}{U}, {T}: You may cast spells this turn as though they
  // had flash."
  {
    id: "alchemists-refuge",
    name: "Alchemist's Refuge",
    types: ["land"],
    text: "{T}: Add {C}.\n{G}{U}, {T}: You may cast spells this turn as though they had flash.",
    abilities: [
      colourless,
      {
        id: "flash",
        kind: "activated",
        text: "{G}{U}, {T}: You may cast spells this turn as though they had flash.",
        cost: [
          { op: "tap", what: "self" },
          { op: "payMana", mana: "{G}{U}" },
        ],
        effect: [
          {
            op: "until",
            effect: { kind: "permission", value: { grants: "flash" } },
            targetPlayer: "controller",
            expires: "turn",
            label: "Alchemist's Refuge: spells as though they had flash this turn",
          },
        ],
      },
    ],
  },
  // Weatherlight; Land: "{T}: Add {C}. {2}, {T}: Until end of turn, you may cast creature spells as
  // though they had flash."
  {
    id: "winding-canyons",
    name: "Winding Canyons",
    types: ["land"],
    text: "{T}: Add {C}.\n{2}, {T}: Until end of turn, you may cast creature spells as though they had flash.",
    abilities: [
      colourless,
      {
        id: "flash",
        kind: "activated",
        text: "{2}, {T}: Until end of turn, you may cast creature spells as though they had flash.",
        cost: [
          { op: "tap", what: "self" },
          { op: "payMana", n: 2 },
        ],
        effect: [
          {
            op: "until",
            effect: { kind: "permission", value: { grants: "flash", what: { type: "creature" } } },
            targetPlayer: "controller",
            expires: { tag: "endOfTurn" },
            label: "Winding Canyons: creature spells as though they had flash until end of turn",
          },
        ],
      },
    ],
  },
  // Magic 2013; {2}{G}{G} Legendary Creature — Elf Shaman 4/4: "Flash. You may cast green creature
  // spells as though they had flash." Only while it is on the battlefield (a static ability).
  {
    id: "yeva-natures-herald",
    name: "Yeva, Nature's Herald",
    types: ["creature"],
    cost: 4,
    power: 4,
    keywords: ["flash"],
    stats: { manaCost: "{2}{G}{G}", toughness: 4, supertypes: ["Legendary"], subtypes: ["Elf", "Shaman"] },
    text: "Flash\nYou may cast green creature spells as though they had flash.",
    abilities: [
      {
        id: "herald",
        kind: "static",
        static: {
          kind: "permission",
          grants: "flash",
          what: { type: "creature", where: { colors: "green" } },
        },
      },
    ],
  },
  // Time Spiral; {2}{U}{U}{U} Legendary Creature — Human Wizard 3/4: "Flash. Creature cards you own
  // that aren't on the battlefield have flash. Each opponent can cast spells only any time they
  // could cast a sorcery."
  {
    id: "teferi-mage-of-zhalfir",
    name: "Teferi, Mage of Zhalfir",
    types: ["creature"],
    cost: 5,
    power: 3,
    keywords: ["flash"],
    stats: {
      manaCost: "{2}{U}{U}{U}",
      toughness: 4,
      supertypes: ["Legendary"],
      subtypes: ["Human", "Wizard"],
    },
    text: "Flash\nCreature cards you own that aren't on the battlefield have flash.\nEach opponent can cast spells only any time they could cast a sorcery.",
    abilities: [
      {
        id: "flash",
        kind: "static",
        static: {
          kind: "permission",
          grants: "flash",
          what: { type: "creature", owner: "self", zone: ["hand", "graveyard", "exile", "library"] },
        },
      },
      { id: "sorcery", kind: "static", static: { kind: "castOnlyAsSorcery", player: "opponent" } },
    ],
  },
  // War of the Spark; {1}{W}{U} Legendary Planeswalker — Teferi, loyalty 4: "Each opponent can cast
  // spells only any time they could cast a sorcery. +1: Until your next turn, you may cast sorcery
  // spells as though they had flash. −3: Return up to one target artifact, creature, or enchantment
  // to its owner's hand. Draw a card."
  {
    id: "teferi-time-raveler",
    name: "Teferi, Time Raveler",
    types: ["planeswalker"],
    cost: 3,
    stats: { manaCost: "{1}{W}{U}", loyalty: 4, supertypes: ["Legendary"], subtypes: ["Teferi"] },
    text: "Each opponent can cast spells only any time they could cast a sorcery.\n+1: Until your next turn, you may cast sorcery spells as though they had flash.\n−3: Return up to one target artifact, creature, or enchantment to its owner's hand. Draw a card.",
    abilities: [
      { id: "sorcery", kind: "static", static: { kind: "castOnlyAsSorcery", player: "opponent" } },
      loyaltyAbility(
        "flash",
        1,
        "Until your next turn, you may cast sorcery spells as though they had flash.",
        [
          {
            op: "until",
            effect: { kind: "permission", value: { grants: "flash", what: { type: "sorcery" } } },
            targetPlayer: "controller",
            expires: { begin: "turn", player: "self" },
            label: "Teferi, Time Raveler: sorceries as though they had flash until your next turn",
          },
        ],
      ),
      {
        ...loyaltyAbility(
          "bounce",
          -3,
          "Return up to one target artifact, creature, or enchantment to its owner's hand. Draw a card.",
          [
            { op: "move", what: "$target", to: "hand" },
            { op: "draw", n: 1 },
          ],
        ),
        cost: [
          {
            op: "choose",
            chooser: "controller",
            target: true,
            min: 0,
            max: 1,
            as: "target",
            from: { zone: "battlefield", type: ["artifact", "creature", "enchantment"] },
            prompt: "up to one target artifact, creature, or enchantment",
          },
          { op: "addCounter", what: "self", counter: "loyalty", n: -3 },
        ],
      },
    ],
  },
];
