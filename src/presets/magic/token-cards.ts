/**
 * Cards of tokens, counterspells and day/night: Raise the Alarm (CR 111 tokens), Cancel,
 * Essence Scatter, Negate (CR 701.5 countering), Abrupt Decay ("This spell can't be countered"),
 * Tavern Ruffian // Tavern Smasher (daybound / nightbound, CR 702.145, 726). `cost` is the mana
 * value, `stats.manaCost` the printed mana cost (colours are read by the mana rules, mana-cards.ts).
 *
 * Token definitions (`magicTokens`) are not cards (CR 111.1): `stats.token: true`; they are in the
 * preset's library so a token has characteristics, but never in a deck (index.ts keeps them out
 * of random decks, and the deck rules refuse them).
 */

import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { Matcher } from "../../core/vocabulary/types.generated.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

/** "target spell" on the stack, narrowed by `where` (CR 115.1: Negate can't target a creature spell). */
const counterTarget = (prompt: string, where?: Record<string, Matcher>): MagicOp => ({
  op: "choose",
  as: "target",
  from: { zone: "stack", ...(where ? { where } : {}) },
  chooser: "controller",
  target: true,
  prompt,
});

const counterEffect: MagicOp[] = [{ op: "counterSpell", what: "$target" }];

export const tokenCards: CardDef[] = [
  // Fifth Dawn; Oracle: {1}{W} Instant, "Create two 1/1 white Soldier creature tokens." (not
  // confirmed against a published source).
  {
    id: "raise-the-alarm",
    name: "Raise the Alarm",
    types: ["instant"],
    cost: 2,
    stats: { manaCost: "{1}{W}" },
    text: "Create two 1/1 white Soldier creature tokens.",
    abilities: [
      { id: "spell", kind: "static", effect: [{ op: "createToken", token: "soldier-token", n: 2 }] },
    ],
  },
  // Time Spiral; Oracle: {1}{U}{U} Instant, "Counter target spell." (the cost
  // is confirmed by mtg.wikia "Counter (verb)": Cancel replaced Counterspell at three mana).
  {
    id: "cancel",
    name: "Cancel",
    types: ["instant"],
    cost: 3,
    stats: { manaCost: "{1}{U}{U}" },
    text: "Counter target spell.",
    abilities: [
      { id: "spell", kind: "static", cost: [counterTarget("target spell")], effect: counterEffect },
    ],
  },
  // Alara Reborn; Oracle: {1}{U} Instant, "Counter target creature spell." (confirmed:
  // hipstersofthecoast.com, 2018).
  {
    id: "essence-scatter",
    name: "Essence Scatter",
    types: ["instant"],
    cost: 2,
    stats: { manaCost: "{1}{U}" },
    text: "Counter target creature spell.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [counterTarget("target creature spell", { types: { includes: "creature" } })],
        effect: counterEffect,
      },
    ],
  },
  // Morningtide; Oracle: {1}{U} Instant, "Counter target noncreature spell." (text from memory,
  // not confirmable here beyond pages naming it the noncreature counterpart of Essence Scatter).
  {
    id: "negate",
    name: "Negate",
    types: ["instant"],
    cost: 2,
    stats: { manaCost: "{1}{U}" },
    text: "Counter target noncreature spell.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [counterTarget("target noncreature spell", { types: { not: { includes: "creature" } } })],
        effect: counterEffect,
      },
    ],
  },
  // Return to Ravnica; Oracle: {B}{G} Instant, "This spell can't be countered. Destroy target
  // nonland permanent with mana value 3 or less." (confirmed: mtg.wtf, cardflippr.com; the ruling
  // "a spell that counters spells can still target Abrupt Decay", mtg.wtf 2021-03-19).
  {
    id: "abrupt-decay",
    name: "Abrupt Decay",
    types: ["instant"],
    cost: 2,
    stats: { manaCost: "{B}{G}", cantBeCountered: true },
    text: "This spell can't be countered. Destroy target nonland permanent with mana value 3 or less.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [
          {
            op: "choose",
            as: "target",
            from: {
              zone: "battlefield",
              where: { types: { not: { includes: "land" } }, cost: { lte: 3 } },
            },
            chooser: "controller",
            target: true,
            prompt: "target nonland permanent with mana value 3 or less",
          },
        ],
        effect: [{ op: "destroy", what: "$target" }],
      },
    ],
  },
  // Innistrad: Midnight Hunt; {3}{R} Creature — Human Warrior Werewolf 2/5, "Daybound"; back face
  // Tavern Smasher, Creature — Werewolf 6/5, "Nightbound" (confirmed: managuideapp.com MID #163,
  // mtg.wiki "Daybound and Nightbound").
  {
    id: "tavern-ruffian",
    name: "Tavern Ruffian",
    types: ["creature"],
    cost: 4,
    power: 2,
    keywords: ["daybound"],
    text: "Daybound (If a player cast no spells during their own turn, it becomes night next turn.)",
    stats: {
      toughness: 5,
      manaCost: "{3}{R}",
      subtypes: ["Human", "Warrior", "Werewolf"],
      back: {
        name: "Tavern Smasher",
        power: 6,
        toughness: 5,
        keywords: ["nightbound"],
        subtypes: ["Werewolf"],
        text: "Nightbound (If a player cast at least two spells during their own turn, it becomes day next turn.)",
      },
    },
  },
];

/** Token definitions (CR 111.1: not cards): what `createToken` makes. */
export const magicTokens: CardDef[] = [
  // Raise the Alarm's token: a 1/1 white Soldier creature token (CR 111.4: its name is its subtype).
  {
    id: "soldier-token",
    name: "Soldier",
    types: ["creature"],
    cost: 0,
    power: 1,
    stats: { toughness: 1, token: true, colors: ["white"], subtypes: ["Soldier"] },
    text: "(A 1/1 white Soldier creature token.)",
  },
];
