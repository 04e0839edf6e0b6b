/**
 * Cards that watch the game's events (docs/magic.md, "Events"): phasing by effects and "whenever
 * this phases out / in" (CR 702.26, 603.10a), "becomes the target" and heroic (CR 115, 603.2),
 * "whenever … becomes tapped", "whenever a player taps a land for mana" (CR 605), "one or more"
 * batches and "that many" (CR 603.2c), counters by any cause. Sagas are in saga-cards.ts.
 *
 * Oracle texts, costs, types and stats are written from memory (no card database was reachable
 * while adding them); each card says so. They are the cards XMage's tests use for these rules
 * (Mage.Tests: PhasingTest, ErtaisFamiliarTest, TeferisImpTest, BecomesTargetTriggerTest,
 * DeeprootPilgrimageTest, ManabarbsTest2, DoThisOnlyOnceEachTurnTest, SagaTest …).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

export const creature = (
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
export const target = (from: Record<string, unknown>, prompt: string, as = "target"): MagicOp =>
  ({ op: "choose", chooser: "controller", target: true, as, from, prompt }) as MagicOp;

/** "Create N <token>". */
export const tokens = (token: string, n = 1): MagicOp => ({ op: "createToken", token, n });

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
  // Sleep is in untap-cards.ts ("those creatures don't untap during that player's next untap step").
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
];

export const token = (
  id: string,
  name: string,
  colors: ("white" | "blue" | "black" | "red" | "green")[],
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

/** Token definitions the cards above create (not cards, CR 111.1: never in a deck). */
export const eventTokens: CardDef[] = [
  token("merfolk-token", "Merfolk", ["blue"], 1, 1, ["Merfolk"], {
    keywords: ["hexproof"],
    text: "Hexproof",
  }),
];
