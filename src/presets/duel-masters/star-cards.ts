/**
 * Seed cards of pattern 2 ("once each turn", optional) that need star evolution, Tamaseeds with
 * Shinkarise, shield-ing and Exile creatures (seeds/dm-once-per-turn-ja.txt; RULINGS DM-2.4).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { pickAndMove, whenLeaving } from "./card-parts.js";
import type { DuelMastersOp } from "./ops.generated.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<DuelMastersOp>;

/** Star evolution: when this would leave the battle zone, only it leaves; the card under it stays. */
const starEvolutionLeaves = whenLeaving("starEvolution", {
  text: "Star evolution: when this creature would leave the battle zone, only its top card leaves.",
  condition: { fn: "cardsUnderAtLeast", args: { n: 1 } },
  instead: [{ op: "starLeave" }],
});

/** RULINGS DM-2.4: "once each turn, when your Tamaseed enters" — optional, per card, declining keeps it. */
export const lionelStar: CardDef = {
  id: "seigi-seitei-lionel-star",
  name: '"Seigi Seitei" Lionel.Star',
  nameJa: "「正義星帝」 <ライオネル.Star>",
  types: ["creature", "evolution", "starEvolution"],
  cost: 5,
  power: 9500,
  civilizations: ["light"],
  races: ["Metallica", "Angel Command", "Rexstars"],
  keywords: ["doubleBreaker"],
  stats: { evolvesFrom: ["Rexstars"], evolvesFromCivilizations: ["light"] },
  text: "Star evolution: put on one of your Rexstars or light creatures. Double Breaker. When this creature is put into the battle zone, draw a card. Then you may put a light Tamaseed from your hand into the battle zone. Once each turn, when your Tamaseed is put into the battle zone, you may put an evolution creature of cost 6 or less from your hand into the battle zone.",
  abilities: [
    ...starEvolutionLeaves,
    {
      id: "arrive",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        { op: "draw", n: 1 },
        ...pickAndMove({
          chooser: "controller",
          from: { zone: "hand", controller: "self", type: "tamaseed", where: { civilizations: "light" } },
          to: "battle",
          prompt: "Put a light Tamaseed from your hand into the battle zone",
          as: "seed",
          min: 0,
        }),
      ],
    },
    {
      id: "onTamaseed",
      kind: "triggered",
      trigger: {
        on: "move",
        to: "battle",
        player: "self",
        card: { type: "tamaseed" },
        noun: "Tamaseed entering",
      },
      optional: true,
      effect: [{ op: "putEvolution", from: "hand", maxCost: 6 }],
      limit: { counts: "resolution", key: "incarnation", window: "turn", label: "once each turn" },
    },
  ],
};

/** RULINGS DM-2.4: "this ability can be used only once each turn" on a Tamaseed with Shinkarise. */
export const starmansTenkaiju: CardDef = {
  id: "starman-no-tenkaiju",
  name: "Starman no Tenkaiju",
  nameJa: "スターマンの天海珠",
  types: ["tamaseed"],
  cost: 5,
  civilizations: ["light", "water"],
  races: ["Starnoid", "Rexstars"],
  keywords: ["shinkarise"],
  text: "Shinkarise (you may put an evolution creature on this Tamaseed as if it were a creature). When this Tamaseed is put into the battle zone, look at your deck. You may put a light or water evolution creature from it with cost no more than the number of your Tamaseeds into the battle zone. If you do, shuffle your deck. Whenever one of your evolution creatures attacks, you may draw a card and put the top card of your deck into your shield zone. This ability can be used only once each turn.",
  abilities: [
    {
      id: "arrive",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        { op: "count", of: { zone: "battle", controller: "self", type: "tamaseed" }, as: "seeds" },
        { op: "putEvolution", from: "deck", maxCost: "$seeds", civilizations: ["light", "water"] },
      ],
    },
    {
      id: "onEvolutionAttack",
      kind: "triggered",
      trigger: {
        on: "attack",
        player: "self",
        card: { type: "evolution" },
        noun: "attack by an evolution creature",
      },
      optional: true,
      effect: [{ op: "draw", n: 1 }, { op: "shieldTop" }],
      limit: {
        counts: "resolution",
        key: "incarnation",
        window: "turn",
        label: "this ability can be used only once each turn",
      },
    },
  ],
};

/** RULINGS DM-2.4: "during your turn, you may summon one creature from your mana zone" works like once each turn. */
export const katsukingMax: CardDef = {
  id: "mutekiken-katsuking-max",
  name: "Mutekiken Katsuking MAX",
  nameJa: "無敵剣 カツキングMAX",
  types: ["creature", "exile"],
  cost: 8,
  power: 8000,
  civilizations: ["fire", "nature"],
  races: ["Outrage MAX"],
  keywords: ["doubleBreaker"],
  text: "Double Breaker. When this creature is put into the battle zone, destroy one of your opponent's creatures that has power 8000 or less. During your turn, you may summon one creature from your mana zone. Doron Go: when this creature is destroyed, you may put an Exile creature with 無 in its name from your hand into the battle zone. You can't put your other Exile creatures with 無敵 in their names into the battle zone.",
  abilities: [
    {
      id: "arrive",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        ...pickAndMove({
          chooser: "controller",
          from: { zone: "battle", controller: "opponent", type: "creature", where: { power: { lte: 8000 } } },
          to: "graveyard",
          prompt: "Destroy an opponent's creature with power 8000 or less",
          as: "target",
          event: "destroy",
        }),
      ],
    },
    {
      id: "fromMana",
      kind: "static",
      static: { kind: "summonFromMana" },
      limit: {
        counts: "application",
        key: "incarnation",
        window: "turn",
        label: "during your turn, one creature from your mana zone",
      },
    },
    {
      id: "doronGo",
      kind: "triggered",
      keyword: "Doron Go",
      trigger: { on: "destroy", self: true },
      effect: [
        ...pickAndMove({
          chooser: "controller",
          from: { zone: "hand", controller: "self", type: "exile", where: { nameJaChars: "無" } },
          to: "battle",
          prompt: "Put an Exile creature with 無 in its name from your hand into the battle zone",
          as: "exile",
          min: 0,
        }),
      ],
    },
    {
      // 自分の他の、名前に《無敵》とあるエグザイル・クリーチャーをバトルゾーンに出すことはできない (restrictions.ts).
      id: "onlyOneMuteki",
      kind: "static",
      static: { kind: "cantPutIntoBattle", cardType: "exile", nameJaHas: "無敵" },
    },
  ],
};

/** A sample light evolution creature (not a printed card) for Lionel.Star and Starman's Tenkaiju to put. */
export const sampleLightEvolution: CardDef = {
  id: "sample-light-evolution-2-5000",
  name: "Sample Light Evolution 5000",
  types: ["creature", "evolution"],
  cost: 2,
  power: 5000,
  civilizations: ["light"],
  races: ["Rexstars"],
  stats: { evolvesFrom: ["Rexstars"] },
  text: "Evolution: put on one of your Rexstars.",
};

/** Psychic creatures: both sides of one card, kept in the hyperspatial zone (DM Psychic creatures). */
export const toHyperspatialInstead = whenLeaving("psychic", {
  text: "A Psychic creature that would leave the battle zone goes to its owner's hyperspatial zone.",
  instead: [{ op: "toHyperspatial" }],
});

/** The unawakened side: awakens when it wins a battle. */
export const jikuuNoKaenBolshack: CardDef = {
  id: "jikuu-no-kaen-bolshack-dragon",
  name: "Jikuu no Kaen Bolshack Dragon",
  nameJa: "時空の火焔ボルシャック・ドラゴン",
  types: ["creature", "psychic"],
  cost: 7,
  power: 6000,
  civilizations: ["fire"],
  races: ["Armored Dragon"],
  keywords: ["doubleBreaker"],
  stats: {
    awakensTo: "shori-no-kakuseisha-bolshack-mobius",
    attackingPowerPerGraveyardCard: { civilization: "fire", by: 1000 },
  },
  text: "While attacking, this creature gets +1000 power for each fire card in your graveyard. Double Breaker. Awaken—when this creature wins a battle, turn it to its higher-cost side.",
  abilities: [
    ...toHyperspatialInstead,
    {
      id: "awaken",
      kind: "triggered",
      keyword: "Awaken",
      trigger: { on: "battleWon", self: true },
      effect: [{ op: "flipPsychic", to: "awakened" }],
    },
  ],
};

/** The awakened side: Release turns it back instead of leaving. */
export const shoriNoKakuseishaMobius: CardDef = {
  id: "shori-no-kakuseisha-bolshack-mobius",
  name: "Shori no Kakuseisha Bolshack Mobius",
  nameJa: "勝利の覚醒者ボルシャック・メビウス",
  types: ["creature", "psychic"],
  cost: 14,
  power: 12000,
  civilizations: ["fire"],
  races: ["Armored Dragon"],
  keywords: ["tripleBreaker"],
  stats: {
    awakenedFrom: "jikuu-no-kaen-bolshack-dragon",
    attackingPowerPerGraveyardCard: { civilization: "fire", by: 1000 },
  },
  text: "When this creature attacks, you may put one of your shields into your graveyard. If you do, destroy one of your opponent's creatures that has power 6000 or less. Each turn, the first time this creature becomes tapped, untap it. While attacking, this creature gets +1000 power for each fire card in your graveyard. Triple Breaker. Release (when this creature would leave the battle zone, turn it to its lower-cost side instead).",
  abilities: [
    {
      id: "scorch",
      kind: "triggered",
      trigger: { on: "attack", self: true },
      optional: true,
      effect: [
        ...pickAndMove({
          chooser: "controller",
          from: { zone: "shield", controller: "self" },
          to: "graveyard",
          prompt: "Put one of your shields into your graveyard",
          as: "shield",
        }),
        // "If you do": only once a shield was put into the graveyard (none: nothing is destroyed).
        {
          op: "forEach",
          in: "$shield",
          as: "paid",
          do: pickAndMove({
            chooser: "controller",
            from: {
              zone: "battle",
              controller: "opponent",
              type: "creature",
              where: { power: { lte: 6000 } },
            },
            to: "graveyard",
            prompt: "Destroy an opponent's creature with power 6000 or less",
            as: "target",
            event: "destroy",
          }),
        },
      ],
    },
    {
      id: "untap",
      kind: "triggered",
      trigger: { on: "tap", self: true, noun: "time this creature became tapped" },
      effect: [{ op: "untap", what: "self" }],
      limit: {
        counts: "event",
        nth: 1,
        key: "incarnation",
        window: "turn",
        label: "each turn, the first time",
      },
    },
    ...whenLeaving("release", { keyword: "Release", instead: [{ op: "flipPsychic", to: "front" }] }),
  ],
};

/** A sample hyperspatial spell (not a printed card): puts a Psychic creature into the battle zone. */
export const sampleHyperspatialSpell: CardDef = {
  id: "sample-fire-hyperspatial-spell",
  name: "Sample Fire Hyperspatial Spell",
  types: ["spell"],
  cost: 4,
  civilizations: ["fire"],
  text: "Put a fire Psychic creature of cost 7 or less from your hyperspatial zone into the battle zone.",
  abilities: [
    {
      id: "spell",
      kind: "activated",
      effect: [
        ...pickAndMove({
          chooser: "controller",
          from: {
            zone: "hyperspatial",
            controller: "self",
            type: "psychic",
            where: { civilizations: "fire", cost: { lte: 7 } },
          },
          to: "battle",
          prompt: "Put a fire Psychic creature of cost 7 or less into the battle zone",
          as: "psychic",
        }),
      ],
    },
  ],
};

export const psychicCards: CardDef[] = [
  jikuuNoKaenBolshack,
  shoriNoKakuseishaMobius,
  sampleHyperspatialSpell,
];

export const starCards: CardDef[] = [
  lionelStar,
  starmansTenkaiju,
  katsukingMax,
  sampleLightEvolution,
  ...psychicCards,
];
