/**
 * Cards that watch the game's events (docs/magic.md, "Events"): phasing by effects and "whenever
 * this phases out / in" (CR 702.26, 603.10a), "becomes the target" and heroic (CR 115, 603.2),
 * "whenever … becomes tapped", "whenever a player taps a land for mana" (CR 605), "one or more"
 * batches and "that many" (CR 603.2c), counters by any cause, and Sagas whose chapters trigger on
 * lore counters however they are put (CR 714.2b, 714.3a).
 *
 * Oracle texts, costs, types and stats are written from memory (no card database was reachable
 * while adding them); each card says so. They are the cards XMage's tests use for these rules
 * (Mage.Tests: PhasingTest, ErtaisFamiliarTest, TeferisImpTest, BecomesTargetTriggerTest,
 * DeeprootPilgrimageTest, ManabarbsTest2, DoThisOnlyOnceEachTurnTest, SagaTest …).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";
import { chapter } from "./sagas.js";

type CardDef = PresetCardDef<MagicOp>;
type Ability = NonNullable<CardDef["abilities"]>[number];

const creature = (
  id: string,
  name: string,
  manaCost: string,
  cost: number,
  power: number,
  toughness: number,
  subtypes: string[],
  extra: Partial<CardDef> = {},
): CardDef => ({
  id,
  name,
  types: ["creature"],
  cost,
  power,
  ...extra,
  stats: { toughness, subtypes, manaCost, ...(extra.stats ?? {}) },
});

/** "Target creature" (a spell's or an ability's): chosen on casting or activation, checked as it resolves. */
const target = (from: Record<string, unknown>, prompt: string, as = "target"): MagicOp =>
  ({ op: "choose", chooser: "controller", target: true, as, from, prompt }) as MagicOp;

/** "Create N <token>". */
const tokens = (token: string, n = 1): MagicOp => ({ op: "createToken", token, n });

export const eventCards: CardDef[] = [
  // ---- Phasing (CR 702.26) -------------------------------------------------------------------
  // {2}{U} Creature — Drake 2/4, "Flying; phasing" (Weatherlight; from memory).
  creature("tolarian-drake", "Tolarian Drake", "{2}{U}", 3, 2, 4, ["Drake"], {
    keywords: ["flying", "phasing"],
    text: "Flying. Phasing (This phases in or out before you untap during each of your untap steps. While it's phased out, it's treated as though it doesn't exist.)",
  }),
  // Mirage; {2}{U} Creature — Imp 1/1, "Flying; phasing; whenever Teferi's Imp phases out, discard
  // a card; whenever Teferi's Imp phases in, draw a card" (from memory).
  creature("teferis-imp", "Teferi's Imp", "{2}{U}", 3, 1, 1, ["Imp"], {
    keywords: ["flying", "phasing"],
    text: "Flying. Phasing. Whenever Teferi's Imp phases out, discard a card. Whenever Teferi's Imp phases in, draw a card.",
    abilities: [
      {
        id: "out",
        kind: "triggered",
        text: "Whenever Teferi's Imp phases out, discard a card.",
        // CR 603.10a: it triggers though it no longer exists (the preset's lookBackEvents).
        trigger: { on: "phaseOut", self: true },
        effect: [{ op: "discard", n: 1 }],
      },
      {
        id: "in",
        kind: "triggered",
        text: "Whenever Teferi's Imp phases in, draw a card.",
        trigger: { on: "phaseIn", self: true },
        effect: [{ op: "draw", n: 1 }],
      },
    ],
  }),
  // Weatherlight; {1}{U} Creature — Illusion 2/2, "Phasing; when Ertai's Familiar phases out or
  // leaves the battlefield, mill three cards; {U}: until your next upkeep, Ertai's Familiar can't
  // phase out" (from memory).
  creature("ertais-familiar", "Ertai's Familiar", "{1}{U}", 2, 2, 2, ["Illusion"], {
    keywords: ["phasing"],
    text: "Phasing. When Ertai's Familiar phases out or leaves the battlefield, mill three cards. {U}: Until your next upkeep, Ertai's Familiar can't phase out.",
    abilities: [
      // One ability with two trigger events, written as two: phasing out, leaving the battlefield.
      {
        id: "millOut",
        kind: "triggered",
        text: "When Ertai's Familiar phases out or leaves the battlefield, mill three cards.",
        trigger: { on: "phaseOut", self: true },
        effect: [{ op: "mill", n: 3 }],
      },
      {
        id: "millLeave",
        kind: "triggered",
        text: "When Ertai's Familiar phases out or leaves the battlefield, mill three cards.",
        trigger: { on: ["move", "dies"], from: "battlefield", self: true },
        effect: [{ op: "mill", n: 3 }],
      },
      {
        id: "stay",
        kind: "activated",
        text: "{U}: Until your next upkeep, Ertai's Familiar can't phase out.",
        cost: [{ op: "payMana", mana: "{U}" }],
        effect: [
          {
            op: "until",
            effect: { kind: "exempt", value: { from: "phaseOut" } },
            target: "self",
            expires: { begin: "upkeep", player: "self" },
            label: "can't phase out until your next upkeep",
          },
        ],
      },
    ],
  }),
  // Streets of New Capenna; {U} Instant, "Put a +1/+1 counter on target creature. It phases out."
  // (from memory).
  {
    id: "slip-out-the-back",
    name: "Slip Out the Back",
    types: ["instant"],
    cost: 1,
    stats: { manaCost: "{U}" },
    text: "Put a +1/+1 counter on target creature. It phases out. (Treat it and anything attached to it as though they don't exist until your next turn.)",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [target({ zone: "battlefield", type: "creature" }, "target creature")],
        effect: [
          { op: "addCounter", what: "$target", counter: "+1/+1", n: 1 },
          { op: "phaseOut", what: "$target" },
        ],
      },
    ],
  },
  // Mirage; {U}{B} Enchantment, "Pay 1 life: Until your next upkeep, target permanent can't phase
  // out." (from memory).
  {
    id: "spatial-binding",
    name: "Spatial Binding",
    types: ["enchantment"],
    cost: 2,
    stats: { manaCost: "{U}{B}" },
    text: "Pay 1 life: Until your next upkeep, target permanent can't phase out.",
    abilities: [
      {
        id: "bind",
        kind: "activated",
        text: "Pay 1 life: Until your next upkeep, target permanent can't phase out.",
        cost: [target({ zone: "battlefield" }, "target permanent", "t"), { op: "payLife", n: 1 }],
        effect: [
          {
            op: "until",
            effect: { kind: "exempt", value: { from: "phaseOut" } },
            target: "$t",
            expires: { begin: "upkeep", player: "self" },
            label: "can't phase out until your next upkeep",
          },
        ],
      },
    ],
  },

  // ---- Becoming the target (CR 115, 603.2) ------------------------------------------------------
  // Born of the Gods; {W} Creature — Centaur Scout 0/4, "Heroic — Whenever you cast a spell that
  // targets Lagonna-Band Trailblazer, put a +1/+1 counter on Lagonna-Band Trailblazer" (from memory).
  creature("lagonna-band-trailblazer", "Lagonna-Band Trailblazer", "{W}", 1, 0, 4, ["Centaur", "Scout"], {
    text: "Heroic — Whenever you cast a spell that targets Lagonna-Band Trailblazer, put a +1/+1 counter on Lagonna-Band Trailblazer.",
    abilities: [
      {
        id: "heroic",
        kind: "triggered",
        keyword: "heroic",
        text: "Heroic — Whenever you cast a spell that targets Lagonna-Band Trailblazer, put a +1/+1 counter on Lagonna-Band Trailblazer.",
        // A spell you cast that targets it: it becomes the target of a spell you control.
        trigger: { on: "targeted", self: true, by: "self", where: { "cause.ability": "spell" } },
        effect: [{ op: "addCounter", what: "self", counter: "+1/+1", n: 1 }],
      },
    ],
  }),
  // Dragons of Tarkir; {2}{R}{R} Creature — Dragon 4/4, "Flying. Whenever a Dragon you control
  // becomes the target of a spell or ability an opponent controls, Thunderbreak Regent deals 3
  // damage to that player." (from memory).
  creature("thunderbreak-regent", "Thunderbreak Regent", "{2}{R}{R}", 4, 4, 4, ["Dragon"], {
    keywords: ["flying"],
    text: "Flying. Whenever a Dragon you control becomes the target of a spell or ability an opponent controls, Thunderbreak Regent deals 3 damage to that player.",
    abilities: [
      {
        id: "punish",
        kind: "triggered",
        text: "Whenever a Dragon you control becomes the target of a spell or ability an opponent controls, Thunderbreak Regent deals 3 damage to that player.",
        trigger: { on: "targeted", player: "self", by: "opponent", card: { where: { subtypes: "Dragon" } } },
        effect: [{ op: "damagePlayers", players: "eventCause", n: 3 }],
      },
    ],
  }),
  // Magic 2012; {1}{U}{U} Creature — Jellyfish 5/5, "Dormant Gomazoa enters the battlefield
  // tapped. Dormant Gomazoa doesn't untap during your untap step. Whenever you become the target of
  // a spell, you may untap Dormant Gomazoa." (from memory).
  creature("dormant-gomazoa", "Dormant Gomazoa", "{1}{U}{U}", 3, 5, 5, ["Jellyfish"], {
    text: "Dormant Gomazoa enters the battlefield tapped. Dormant Gomazoa doesn't untap during your untap step. Whenever you become the target of a spell, you may untap Dormant Gomazoa.",
    stats: { entersTapped: true },
    abilities: [
      {
        id: "dormant",
        kind: "static",
        text: "Dormant Gomazoa doesn't untap during your untap step.",
        static: { kind: "doesNotUntap" },
      },
      {
        id: "wake",
        kind: "triggered",
        text: "Whenever you become the target of a spell, you may untap Dormant Gomazoa.",
        trigger: {
          on: "targeted",
          player: "self",
          where: { "data.target": "player", "cause.ability": "spell" },
        },
        optional: true,
        effect: [{ op: "untap", what: "self" }],
      },
    ],
  }),
  // Future Sight; {4}{U} Enchantment — Aura, "Enchant creature. Enchanted creature gets +4/+4.
  // When enchanted creature becomes the target of a spell or ability, sacrifice Illusionary Armor."
  // (from memory).
  {
    id: "illusionary-armor",
    name: "Illusionary Armor",
    types: ["enchantment"],
    cost: 5,
    stats: { manaCost: "{4}{U}", subtypes: ["Aura"] },
    text: "Enchant creature. Enchanted creature gets +4/+4. When enchanted creature becomes the target of a spell or ability, sacrifice Illusionary Armor.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [target({ zone: "battlefield", type: "creature" }, "creature to enchant")],
      },
      { id: "gets", kind: "static", static: { kind: "attachedGets", power: 4, toughness: 4 } },
      {
        id: "fragile",
        kind: "triggered",
        text: "When enchanted creature becomes the target of a spell or ability, sacrifice Illusionary Armor.",
        trigger: { on: "targeted" },
        condition: { fn: "attachedToEventObject" },
        effect: [{ op: "sacrifice", what: "self" }],
      },
    ],
  },
  // Theros Beyond Death; {G} Creature — Human Druid 1/2, "Whenever a creature you control becomes
  // the target of a spell, target opponent gets a poison counter." (from memory).
  creature("venerated-rotpriest", "Venerated Rotpriest", "{G}", 1, 1, 2, ["Human", "Druid"], {
    text: "Whenever a creature you control becomes the target of a spell, target opponent gets a poison counter.",
    abilities: [
      {
        id: "rot",
        kind: "triggered",
        text: "Whenever a creature you control becomes the target of a spell, target opponent gets a poison counter.",
        trigger: {
          on: "targeted",
          player: "self",
          card: { type: "creature" },
          where: { "cause.ability": "spell" },
        },
        // CR 603.3d: "target opponent" is chosen as it is put on the stack.
        cost: [{ op: "targetPlayer", as: "p", player: "opponent", prompt: "Target opponent" }],
        effect: [{ op: "givePoison", players: "$p", n: 1 }],
      },
    ],
  }),
  // Magic Origins; {3}{U}{U} Creature — Human Wizard 2/3, "Whenever a creature an opponent controls
  // becomes the target of a spell or ability you control, gain control of that creature for as
  // long as you control Willbreaker." (from memory).
  creature("willbreaker", "Willbreaker", "{3}{U}{U}", 5, 2, 3, ["Human", "Wizard"], {
    text: "Whenever a creature an opponent controls becomes the target of a spell or ability you control, gain control of that creature for as long as you control Willbreaker.",
    abilities: [
      {
        id: "take",
        kind: "triggered",
        text: "Whenever a creature an opponent controls becomes the target of a spell or ability you control, gain control of that creature for as long as you control Willbreaker.",
        trigger: { on: "targeted", player: "opponent", by: "self", card: { type: "creature" } },
        // CR 611.2b: for as long as you control it (this object).
        effect: [{ op: "gainControl", what: "event", expires: { while: { fn: "controlsSource" } } }],
      },
    ],
  }),

  // ---- Tapping and untapping, mana (CR 605) --------------------------------------------------
  // Alpha; {3}{R} Enchantment, "Whenever a player taps a land for mana, Manabarbs deals 1 damage to
  // that player." (from memory).
  {
    id: "manabarbs",
    name: "Manabarbs",
    types: ["enchantment"],
    cost: 4,
    stats: { manaCost: "{3}{R}" },
    text: "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player.",
    abilities: [
      {
        id: "barbs",
        kind: "triggered",
        text: "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player.",
        // A land tapped by its mana ability (costs.ts, mana.ts: cause.ability "mana").
        trigger: { on: "tap", card: { type: "land" }, where: { "cause.ability": "mana" } },
        effect: [{ op: "damagePlayers", players: "event", n: 1 }],
      },
    ],
  },
  // Lost Caverns of Ixalan; {1}{U} Enchantment, "Whenever one or more nontoken Merfolk you control
  // become tapped, create a 1/1 blue Merfolk creature token with hexproof." (from memory).
  {
    id: "deeproot-pilgrimage",
    name: "Deeproot Pilgrimage",
    types: ["enchantment"],
    cost: 2,
    stats: { manaCost: "{1}{U}" },
    text: "Whenever one or more nontoken Merfolk you control become tapped, create a 1/1 blue Merfolk creature token with hexproof.",
    abilities: [
      {
        id: "pilgrims",
        kind: "triggered",
        text: "Whenever one or more nontoken Merfolk you control become tapped, create a 1/1 blue Merfolk creature token with hexproof.",
        trigger: {
          on: "tap",
          player: "self",
          card: { type: "creature", where: { subtypes: "Merfolk", token: { ne: true } } },
          oneOrMore: true,
        },
        effect: [tokens("merfolk-token")],
      },
    ],
  },
  // Lost Caverns of Ixalan; {3}{U} Creature — Merfolk Warrior 3/2 (from memory).
  creature("coral-commando", "Coral Commando", "{3}{U}", 4, 3, 2, ["Merfolk", "Warrior"]),
  // Magic 2010; {2}{U}{U} Sorcery, "Tap all creatures target player controls. Those creatures don't
  // untap during that player's next untap step." (from memory).
  {
    id: "sleep",
    name: "Sleep",
    types: ["sorcery"],
    cost: 4,
    stats: { manaCost: "{2}{U}{U}" },
    text: "Tap all creatures target player controls. Those creatures don't untap during that player's next untap step.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [{ op: "targetPlayer", as: "p" }],
        effect: [{ op: "tapPermanents", players: "$p", type: "creature", dontUntap: true }],
      },
    ],
  },
  // Visions; {R}{R}{R} Creature — Elemental 6/1, "Trample, haste. At the beginning of the end
  // step, sacrifice Ball Lightning." (from memory).
  creature("ball-lightning", "Ball Lightning", "{R}{R}{R}", 3, 6, 1, ["Elemental"], {
    keywords: ["trample", "haste"],
    text: "Trample, haste. At the beginning of the end step, sacrifice Ball Lightning.",
    abilities: [
      {
        id: "fizzle",
        kind: "triggered",
        text: "At the beginning of the end step, sacrifice Ball Lightning.",
        trigger: { on: "nodeBegin", where: { "data.node": "end" } },
        effect: [{ op: "sacrifice", what: "self" }],
      },
    ],
  }),
  // Tenth Edition; {3}{R} Creature — Elemental 4/1, "Haste" (from memory).
  creature("lightning-elemental", "Lightning Elemental", "{3}{R}", 4, 4, 1, ["Elemental"], {
    keywords: ["haste"],
    text: "Haste",
  }),
  // Onslaught; {R} Creature — Goblin Berserker 1/1, "Haste" (from memory).
  creature("raging-goblin", "Raging Goblin", "{R}", 1, 1, 1, ["Goblin", "Berserker"], {
    keywords: ["haste"],
    text: "Haste",
  }),

  // ---- "Whenever you gain life", "that many", once each turn (CR 603.2c, 119) ----------------
  // Journey into Nyx; {4}{W}{W} Enchantment Creature — Human Soldier 4/6, "Whenever you gain life, you may put
  // that many +1/+1 counters on each creature you control. Do this only once each turn." (from memory).
  creature("nykthos-paragon", "Nykthos Paragon", "{4}{W}{W}", 6, 4, 6, ["Human", "Soldier"], {
    types: ["enchantment", "creature"],
    text: "Whenever you gain life, you may put that many +1/+1 counters on each creature you control. Do this only once each turn.",
    abilities: [
      {
        id: "paragon",
        kind: "triggered",
        text: "Whenever you gain life, you may put that many +1/+1 counters on each creature you control. Do this only once each turn.",
        trigger: { on: "lifeGain", player: "self" },
        optional: true,
        // "Do this only once each turn": used up when it is done, not when it triggers or is declined.
        limit: { counts: "resolution", key: "incarnation", window: "turn", label: "only once each turn" },
        effect: [
          {
            op: "addCounter",
            what: { select: { zone: "battlefield", controller: "self", type: "creature" } },
            counter: "+1/+1",
            n: { event: "data.n" },
          },
        ],
      },
    ],
  }),
  // Ninth Edition; {1}{W} Instant, "You gain 5 life." (from memory).
  {
    id: "whitesuns-passage",
    name: "Whitesun's Passage",
    types: ["instant"],
    cost: 2,
    stats: { manaCost: "{1}{W}" },
    text: "You gain 5 life.",
    abilities: [{ id: "spell", kind: "static", effect: [{ op: "gainLife", n: 5 }] }],
  },
  // Shadowmoor; {1}{B} Creature — Elemental Warrior 2/1, "Wither" (from memory). Wither (CR
  // 702.80): damage to creatures as -1/-1 counters (ops.ts `dealDamage`).
  creature("sickle-ripper", "Sickle Ripper", "{1}{B}", 2, 2, 1, ["Elemental", "Warrior"], {
    keywords: ["wither"],
    text: "Wither (This deals damage to creatures in the form of -1/-1 counters.)",
  }),

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

const token = (
  id: string,
  name: string,
  colors: string[],
  power: number,
  toughness: number,
  subtypes: string[],
  extra: Partial<CardDef> = {},
): CardDef => ({
  id,
  name,
  types: ["creature"],
  cost: 0,
  power,
  ...extra,
  stats: { toughness, subtypes, colors, token: true },
});

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

/** Token definitions the cards above create (not cards, CR 111.1: never in a deck). */
export const eventTokens: CardDef[] = [
  token("merfolk-token", "Merfolk", ["U"], 1, 1, ["Merfolk"], { keywords: ["hexproof"], text: "Hexproof" }),
  token("cleric-token", "Cleric", ["B"], 0, 1, ["Cleric"]),
  token("belzenlok-demon-token", "Demon", ["B"], 6, 6, ["Demon"], {
    keywords: ["flying", "trample"],
    text: demonUpkeep.text,
    abilities: [demonUpkeep],
  }),
  token("knight-token", "Knight", ["W"], 2, 2, ["Knight"], { keywords: ["vigilance"], text: "Vigilance" }),
  token("dragon-token", "Dragon", ["R"], 4, 4, ["Dragon"], { keywords: ["flying"], text: "Flying" }),
];
