/**
 * Sagas (CR 714) whose chapters trigger on lore counters however they are put (sagas.ts: CR 714.2b,
 * 714.3a; read ahead, CR 702.155), and the cards that move them about (Flicker, Boomerang). Oracle
 * texts, costs and types are written from memory (no card database was reachable while adding
 * them); they are the cards XMage's tests use for these rules (Mage.Tests: SagaTest,
 * ReadAheadTest, TheTriumphOfAnaxTest, TheAkroanWarTest, PrincessTakesFlightTest).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { target, token, tokens } from "./event-cards.js";
import type { MagicOp } from "./ops.generated.js";
import { chapter } from "./sagas.js";

type CardDef = PresetCardDef<MagicOp>;
type Ability = NonNullable<CardDef["abilities"]>[number];

export const sagaCards: CardDef[] = [
  // ---- Sagas (CR 714) ----------------------------------------------------------------------
  // Dominaria; {2}{B}{B} Enchantment — Saga, "I, II — Create two 0/1 black Cleric creature tokens.
  // III — Create a 6/6 black Demon creature token with flying, trample, and 'At the beginning of
  // your upkeep, sacrifice another creature. If you can't, this creature deals 6 damage to you.'"
  // (from memory).
  {
    id: "rite-of-belzenlok",
    name: "Rite of Belzenlok",
    types: ["enchantment", "saga"],
    cost: 4,
    stats: { manaCost: "{2}{B}{B}", chapters: 3, subtypes: ["Saga"] },
    text: 'I, II — Create two 0/1 black Cleric creature tokens. III — Create a 6/6 black Demon creature token with flying, trample, and "At the beginning of your upkeep, sacrifice another creature. If you can\'t, this creature deals 6 damage to you."',
    abilities: [
      chapter(1, "Create two 0/1 black Cleric creature tokens.", [tokens("cleric-token", 2)]),
      chapter(2, "Create two 0/1 black Cleric creature tokens.", [tokens("cleric-token", 2)]),
      chapter(3, "Create a 6/6 black Demon creature token with flying, trample, and an upkeep tax.", [
        tokens("belzenlok-demon-token"),
      ]),
    ],
  },
  // Dominaria; {1}{W}{W} Enchantment — Saga, "I, II — Create a 2/2 white Knight creature token with
  // vigilance. III — Knights you control get +2/+1 until end of turn." (from memory).
  {
    id: "history-of-benalia",
    name: "History of Benalia",
    types: ["enchantment", "saga"],
    cost: 3,
    stats: { manaCost: "{1}{W}{W}", chapters: 3, subtypes: ["Saga"] },
    text: "I, II — Create a 2/2 white Knight creature token with vigilance. III — Knights you control get +2/+1 until end of turn.",
    abilities: [
      chapter(1, "Create a 2/2 white Knight creature token with vigilance.", [tokens("knight-token")]),
      chapter(2, "Create a 2/2 white Knight creature token with vigilance.", [tokens("knight-token")]),
      chapter(3, "Knights you control get +2/+1 until end of turn.", [
        {
          op: "until",
          effect: { kind: "pump", value: { power: 2, toughness: 1 } },
          target: { select: { zone: "battlefield", controller: "self", where: { subtypes: "Knight" } } },
          expires: { tag: "endOfTurn" },
          label: "+2/+1 until end of turn",
        },
      ]),
    ],
  },
  // Theros Beyond Death; {2}{R} Enchantment — Saga, "I, II, III — Until end of turn, target creature
  // gains trample and gets +X/+0, where X is the number of lore counters on The Triumph of Anax.
  // IV — Target creature you control fights up to one target creature you don't control." (from
  // memory). X is read from the counter event that triggered the chapter (its `data.total`).
  {
    id: "the-triumph-of-anax",
    name: "The Triumph of Anax",
    types: ["enchantment", "saga"],
    cost: 3,
    stats: { manaCost: "{2}{R}", chapters: 4, subtypes: ["Saga"] },
    text: "I, II, III — Until end of turn, target creature gains trample and gets +X/+0, where X is the number of lore counters on The Triumph of Anax. IV — Target creature you control fights up to one target creature you don't control.",
    abilities: [
      ...[1, 2, 3].map((n) =>
        chapter(
          n,
          "Until end of turn, target creature gains trample and gets +X/+0, where X is the number of lore counters on The Triumph of Anax.",
          [
            { op: "pumpTarget", power: { event: "data.total" }, toughness: 0 },
            {
              op: "until",
              effect: { kind: "keyword", value: "trample" },
              target: "$target",
              expires: { tag: "endOfTurn" },
              label: "trample until end of turn",
            },
          ],
          { cost: [target({ zone: "battlefield", type: "creature" }, "target creature")] },
        ),
      ),
      chapter(
        4,
        "Target creature you control fights up to one target creature you don't control.",
        [{ op: "fight", what: "$mine", with: "$theirs" }],
        {
          cost: [
            target(
              { zone: "battlefield", type: "creature", controller: "self" },
              "target creature you control",
              "mine",
            ),
            {
              op: "choose",
              chooser: "controller",
              target: true,
              as: "theirs",
              min: 0,
              max: 1,
              from: { zone: "battlefield", type: "creature", controller: "opponent" },
              prompt: "up to one target creature you don't control",
            },
          ],
        },
      ),
    ],
  },
  // Theros Beyond Death; {3}{R} Enchantment — Saga, "I — Gain control of target creature for as long
  // as The Akroan War remains on the battlefield. II — Until your next turn, creatures your
  // opponents control attack each combat if able. III — Each tapped creature deals damage to itself
  // equal to its power." (from memory).
  {
    id: "the-akroan-war",
    name: "The Akroan War",
    types: ["enchantment", "saga"],
    cost: 4,
    stats: { manaCost: "{3}{R}", chapters: 3, subtypes: ["Saga"] },
    text: "I — Gain control of target creature for as long as The Akroan War remains on the battlefield. II — Until your next turn, creatures your opponents control attack each combat if able. III — Each tapped creature deals damage to itself equal to its power.",
    abilities: [
      chapter(
        1,
        "Gain control of target creature for as long as The Akroan War remains on the battlefield.",
        // CR 611.2b: for as long as its source stays (the kernel's `source` expiry).
        [{ op: "gainControl", what: "$target", expires: "source" }],
        { cost: [target({ zone: "battlefield", type: "creature" }, "target creature")] },
      ),
      chapter(2, "Until your next turn, creatures your opponents control attack each combat if able.", [
        {
          op: "until",
          effect: { kind: "must", value: ["attack"] },
          target: { select: { zone: "battlefield", controller: "opponent", type: "creature" } },
          expires: { begin: "turn", player: "self" },
          label: "attacks each combat if able until your next turn",
        },
      ]),
      chapter(3, "Each tapped creature deals damage to itself equal to its power.", [
        { op: "damageItself", what: { select: { zone: "battlefield", type: "creature", tapped: true } } },
      ]),
    ],
  },
  // Wilds of Eldraine; {2}{W} Enchantment — Saga, "I — Exile up to one target creature. II — Target
  // creature you control gets +2/+2 and gains flying until end of turn. III — Return the exiled card
  // to the battlefield under its owner's control." (from memory). I and III are linked (CR 607).
  {
    id: "the-princess-takes-flight",
    name: "The Princess Takes Flight",
    types: ["enchantment", "saga"],
    cost: 3,
    stats: { manaCost: "{2}{W}", chapters: 3, subtypes: ["Saga"] },
    text: "I — Exile up to one target creature. II — Target creature you control gets +2/+2 and gains flying until end of turn. III — Return the exiled card to the battlefield under its owner's control.",
    abilities: [
      chapter(1, "Exile up to one target creature.", [{ op: "exileLinked", what: "$target" }], {
        cost: [
          {
            op: "choose",
            chooser: "controller",
            target: true,
            as: "target",
            min: 0,
            max: 1,
            from: { zone: "battlefield", type: "creature" },
            prompt: "up to one target creature",
          },
        ],
      }),
      chapter(
        2,
        "Target creature you control gets +2/+2 and gains flying until end of turn.",
        [
          { op: "pumpTarget", power: 2, toughness: 2 },
          {
            op: "until",
            effect: { kind: "keyword", value: "flying" },
            target: "$target",
            expires: { tag: "endOfTurn" },
            label: "flying until end of turn",
          },
        ],
        {
          cost: [
            target(
              { zone: "battlefield", type: "creature", controller: "self" },
              "target creature you control",
            ),
          ],
        },
      ),
      chapter(3, "Return the exiled card to the battlefield under its owner's control.", [
        { op: "returnLinked" },
      ]),
    ],
  },
  // Dominaria United; {2}{R}{R} Enchantment — Saga, "Read ahead. I — The Elder Dragon War deals 2
  // damage to each creature and each opponent. II — Discard any number of cards, then draw that
  // many cards. III — Create a 4/4 red Dragon creature token with flying." (from memory).
  {
    id: "the-elder-dragon-war",
    name: "The Elder Dragon War",
    types: ["enchantment", "saga"],
    cost: 4,
    keywords: ["read ahead"],
    stats: { manaCost: "{2}{R}{R}", chapters: 3, subtypes: ["Saga"] },
    text: "Read ahead (Choose a chapter and start with that many lore counters. Add one after your draw step. Skipped chapters don't trigger.) I — The Elder Dragon War deals 2 damage to each creature and each opponent. II — Discard any number of cards, then draw that many cards. III — Create a 4/4 red Dragon creature token with flying.",
    abilities: [
      chapter(1, "The Elder Dragon War deals 2 damage to each creature and each opponent.", [
        { op: "damageEach", what: { select: { zone: "battlefield", type: "creature" } }, n: 2 },
        { op: "damagePlayers", players: "opponent", n: 2 },
      ]),
      chapter(2, "Discard any number of cards, then draw that many cards.", [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "hand", owner: "self" },
          min: 0,
          max: 60,
          as: "discarded",
          prompt: "Discard any number of cards",
        },
        { op: "move", what: "$discarded", to: "graveyard", event: "discard" },
        { op: "draw", n: "$discarded" },
      ]),
      chapter(3, "Create a 4/4 red Dragon creature token with flying.", [tokens("dragon-token")]),
    ],
  },
  // Tempest; {1}{W} Sorcery, "Exile target nontoken permanent, then return it to the battlefield
  // under its owner's control." (from memory). A Saga returned gets a lore counter (CR 714.3a).
  {
    id: "flicker",
    name: "Flicker",
    types: ["sorcery"],
    cost: 2,
    stats: { manaCost: "{1}{W}" },
    text: "Exile target nontoken permanent, then return it to the battlefield under its owner's control.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [target({ zone: "battlefield", where: { token: { ne: true } } }, "target nontoken permanent")],
        effect: [
          { op: "move", what: "$target", to: "exile" },
          { op: "move", what: "$target", to: "battlefield" },
        ],
      },
    ],
  },
  // Alpha; {U}{U} Instant, "Return target permanent to its owner's hand." (from memory).
  {
    id: "boomerang",
    name: "Boomerang",
    types: ["instant"],
    cost: 2,
    stats: { manaCost: "{U}{U}" },
    text: "Return target permanent to its owner's hand.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [target({ zone: "battlefield" }, "target permanent")],
        effect: [{ op: "move", what: "$target", to: "hand" }],
      },
    ],
  },
];

/** "At the beginning of your upkeep, sacrifice another creature. If you can't, this creature deals 6 damage to you." */
const demonUpkeep: Ability = {
  id: "tax",
  kind: "triggered",
  text: "At the beginning of your upkeep, sacrifice another creature. If you can't, this creature deals 6 damage to you.",
  trigger: { on: "nodeBegin", player: "self", where: { "data.node": "upkeep" } },
  effect: [
    {
      op: "if",
      if: { count: { zone: "battlefield", controller: "self", type: "creature", other: true }, gte: 1 },
      // biome-ignore lint/suspicious/noThenProperty: "then" is the if op's branch in the card vocabulary
      then: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "battlefield", controller: "self", type: "creature", other: true },
          as: "victim",
          prompt: "Sacrifice another creature",
        },
        { op: "sacrifice", what: "$victim" },
      ],
      else: [{ op: "damagePlayers", players: "controller", n: 6 }],
    },
  ],
};

/** Token definitions the Sagas create (not cards, CR 111.1: never in a deck). */
export const sagaTokens: CardDef[] = [
  token("cleric-token", "Cleric", ["black"], 0, 1, ["Cleric"]),
  token("belzenlok-demon-token", "Demon", ["black"], 6, 6, ["Demon"], {
    keywords: ["flying", "trample"],
    text: demonUpkeep.text,
    abilities: [demonUpkeep],
  }),
  token("knight-token", "Knight", ["white"], 2, 2, ["Knight"], {
    keywords: ["vigilance"],
    text: "Vigilance",
  }),
  token("dragon-token", "Dragon", ["red"], 4, 4, ["Dragon"], { keywords: ["flying"], text: "Flying" }),
];
