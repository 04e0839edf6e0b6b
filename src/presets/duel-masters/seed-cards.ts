/**
 * Cards named in seeds/dm-once-per-turn-ja.txt, with the seed's text (Japanese name, English
 * rendering, cost, civilization, type, races, power, abilities). Each limit is the shared limit
 * model's data; no card has special code. Cards the library does not have yet are listed in
 * docs/duel-masters.md.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { pickAndMove } from "./card-parts.js";
import type { DuelMastersOp } from "./ops.generated.js";
import { toHyperspatialInstead } from "./star-cards.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<DuelMastersOp>;

/** RULINGS DM-1.1 to DM-1.4: the first time this turn a card is put into your mana zone. */
export const procyonDragoon: CardDef = {
  id: "procyon-dragoon",
  name: "Procyon Dragoon",
  nameJa: "プロキオン・ドラグーン",
  types: ["creature"],
  cost: 4,
  power: 4000,
  civilizations: ["darkness"],
  races: ["Tyranno Drake", "Alien"],
  text: "During your turn, the first time that turn you put a card into your mana zone, you may put a card from your mana zone into your graveyard. If you do, return that card from your graveyard to your mana zone.",
  abilities: [
    {
      id: "recycle",
      kind: "triggered",
      trigger: { on: "move", to: "mana", player: "self", noun: "card put into your mana zone" },
      optional: true,
      effect: [
        ...pickAndMove({
          chooser: "controller",
          from: { zone: "mana", controller: "self" },
          to: "graveyard",
          prompt: "Put a card from your mana zone into your graveyard",
          as: "card",
        }),
        { op: "move", what: "$card", to: "mana" },
      ],
      limit: {
        counts: "event",
        nth: 1,
        key: "player",
        window: "turn",
        ownTurnOnly: true,
        label: "the first time that turn",
      },
    },
  ],
};

/** RULINGS DM-1.5: the first time each turn this creature becomes tapped. */
export const bolbalzakShiden: CardDef = {
  id: "bolbalzak-shiden-dragon",
  name: "Bolbalzak Shiden Dragon",
  nameJa: "ボルバルザーク・紫電・ドラゴン",
  types: ["creature"],
  cost: 7,
  power: 7000,
  civilizations: ["fire"],
  races: ["Armored Dragon", "Samurai"],
  keywords: ["doubleBreaker"],
  text: "Double Breaker. Samurai Generate (when this creature is put into the battle zone, you may generate a Cross Gear from your hand for no cost). Each turn, the first time this creature becomes tapped, untap it.",
  abilities: [
    {
      id: "samuraiGenerate",
      kind: "triggered",
      keyword: "Samurai Generate",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        ...pickAndMove({
          chooser: "controller",
          from: { zone: "hand", controller: "self", type: "crossGear" },
          to: "battle",
          prompt: "Generate a Cross Gear from your hand for no cost",
          as: "gear",
          min: 0,
        }),
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
  ],
};

/** RULINGS DM-1.6: the turn's first fire creature summon costs 1 less (a cost reduction ability). */
export const ichigekiTopgear: CardDef = {
  id: "ichigeki-dasshu-topgear",
  name: "Ichigeki Dasshu Topgear",
  nameJa: "一撃奪取 トップギア",
  types: ["creature"],
  cost: 2,
  power: 1000,
  civilizations: ["fire"],
  races: ["Outrage"],
  text: "Each turn, you may reduce the summon cost of your first fire creature by 1. It can't be reduced to 0 or less.",
  abilities: [
    {
      id: "reduce",
      kind: "static",
      static: { kind: "costReduction", by: 1, civilization: "fire", minimum: 1 },
      limit: {
        counts: "event",
        nth: 1,
        key: "player",
        window: "turn",
        event: {
          on: "summon",
          player: "self",
          card: { where: { civilizations: { includes: "fire" } } },
          noun: "fire creature summon",
        },
        label: "your first fire creature each turn",
      },
    },
  ],
};

/** A real spell that puts a card into the mana zone (a second mana put in a turn). */
export const faerieLife: CardDef = {
  id: "faerie-life",
  name: "Faerie Life",
  nameJa: "フェアリー・ライフ",
  types: ["spell"],
  cost: 2,
  civilizations: ["nature"],
  keywords: ["shieldTrigger"],
  text: "Shield Trigger. Put the top card of your deck into your mana zone.",
  abilities: [
    {
      id: "spell",
      kind: "activated",
      effect: [
        { op: "topCard", as: "top" },
        { op: "move", what: "$top", to: "mana" },
      ],
    },
  ],
};

/**
 * DM Shield: G・ストライク. Fairy Re:Life (フェアリー・Re:ライフ, 王来篇), its printed text as quoted by
 * the Duel Masters wiki: nature, cost 2, spell; "G・ストライク(この呪文を自分のシールドゾーンから手札に
 * 加える時、相手に見せ、相手のクリーチャーを1体選んでもよい。このターン、そのクリーチャーは攻撃できない)
 * 自分の山札の上から1枚目をマナゾーンに置く。" Its English name is a transliteration (no English
 * printing could be checked).
 */
export const fairyReLife: CardDef = {
  id: "fairy-re-life",
  name: "Fairy Re:Life",
  nameJa: "フェアリー・Re:ライフ",
  types: ["spell"],
  cost: 2,
  civilizations: ["nature"],
  keywords: ["gStrike"],
  text: "G-Strike (When this spell is put into your hand from your shield zone, you may show it to your opponent and choose one of their creatures. That creature can't attack this turn.) Put the top card of your deck into your mana zone.",
  abilities: [
    {
      id: "spell",
      kind: "activated",
      effect: [
        { op: "topCard", as: "top" },
        { op: "move", what: "$top", to: "mana" },
      ],
    },
  ],
};

/** RULINGS DM-2.1, DM-2.2: "once each turn, you may …", per card, declining doesn't use it up. */
export const aquaBrothers: CardDef = {
  id: "daishuketsu-aqua-brothers",
  name: "Daishuketsu! Aqua Brothers",
  nameJa: "大集結!アクア・ブラザーズ",
  types: ["creature"],
  cost: 3,
  power: 1000,
  civilizations: ["water"],
  races: ["Liquid People", "Hunter"],
  text: "During your turn, if you have 7 or more cards in your hand, once each turn, you may summon one of your Liquid People for no cost. At the end of your turn, draw a card for each of your tapped Liquid People in the battle zone.",
  abilities: [
    {
      id: "gather",
      kind: "static",
      static: { kind: "freeSummon", from: "hand", race: "Liquid People" },
      // "During your turn" is the main step's own timing (activation.ts); the hand size is a condition.
      condition: { count: { zone: "hand", controller: "self" }, gte: 7 },
      limit: { counts: "use", key: "incarnation", window: "turn", label: "once each turn" },
    },
    {
      id: "refill",
      kind: "triggered",
      trigger: { on: "nodeBegin", player: "self", where: { "data.node": "end" } },
      effect: [
        {
          op: "count",
          of: {
            zone: "battle",
            controller: "self",
            tapped: true,
            where: { races: { includes: "Liquid People" } },
          },
          as: "n",
        },
        { op: "draw", n: "$n" },
      ],
    },
  ],
};

/** RULINGS DM-3.1, DM-3.3 (Duel Masters Play's): unnamed "(this effect triggers only once per turn)". */
export const hellObel: CardDef = {
  id: "kokushinryu-hell-obel",
  name: "Kokushinryu Hell Obel",
  nameJa: "黒神龍ヘル・オベル",
  types: ["creature"],
  cost: 5,
  power: 3000,
  civilizations: ["darkness"],
  races: ["Dragon Zombie", "Unnoise"],
  text: "When this creature is put into the battle zone, put the top 3 cards of your deck into your graveyard. Then you may return a Dragon from your graveyard to your hand. Whenever a Dragon Zombie leaves your graveyard, your opponent discards a card from their hand. (This effect triggers only once per turn.)",
  abilities: [
    {
      id: "mill",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        {
          op: "repeat",
          times: 3,
          do: [
            { op: "topCard", as: "top" },
            { op: "move", what: "$top", to: "graveyard" },
          ],
        },
        {
          op: "may",
          prompt: "Return a Dragon from your graveyard to your hand?",
          // biome-ignore lint/suspicious/noThenProperty: "then" is the may op's branch in the card vocabulary
          then: [
            ...pickAndMove({
              chooser: "controller",
              from: { zone: "graveyard", controller: "self", where: { dragon: true } },
              to: "hand",
              prompt: "Return a Dragon",
              as: "dragon",
            }),
          ],
        },
      ],
    },
    {
      id: "discard",
      kind: "triggered",
      zones: ["battle"],
      trigger: {
        on: "move",
        from: "graveyard",
        player: "self",
        card: { where: { races: { includes: "Dragon Zombie" } } },
      },
      effect: [
        // 相手は自身の手札を1枚捨てる: the opponent chooses the card, from their own hand.
        ...pickAndMove({
          chooser: "opponent",
          from: { zone: "hand", controller: "opponent" },
          to: "graveyard",
          prompt: "Discard a card",
          as: "card",
          event: "discard",
        }),
      ],
      limit: {
        counts: "trigger",
        key: "incarnation",
        window: "turn",
        label: "this effect triggers only once per turn",
      },
    },
  ],
};

/** Ninja Strike N: when an opponent's creature attacks or blocks (two abilities sharing the keyword's limit). */
function ninjaStrike(n: number): NonNullable<CardDef["abilities"]> {
  const ability = (id: string, on: string): NonNullable<CardDef["abilities"]>[number] => ({
    id,
    kind: "triggered",
    keyword: "Ninja Strike",
    zones: ["hand"],
    text: `Ninja Strike ${n} (when an opponent's creature ${on === "attack" ? "attacks" : "blocks"}, if you have ${n} or more cards in your mana zone and haven't used Ninja Strike during this attack, you may summon this creature for no cost; at the end of the turn, put it on the bottom of your deck)`,
    trigger: { on, player: "opponent" },
    condition: { count: { zone: "mana", controller: "self" }, gte: n },
    optional: true,
    effect: [{ op: "ninjaSummon" }],
    limit: {
      counts: "resolution",
      key: "keywordPerPlayer",
      window: "attack",
      label: "if you haven't used Ninja Strike during this attack",
    },
  });
  return [
    ability("ninjaStrike", "attack"),
    ability("ninjaStrikeOnBlock", "block"),
    // "At the end of the turn, put it on the bottom of your deck": an "at the end of the turn"
    // ability like any other, resolved in the usual order (the active player's first), not a
    // turn-based action before them.
    {
      id: "ninjaReturn",
      kind: "triggered",
      text: "(summoned by Ninja Strike: at the end of the turn, put it on the bottom of your deck)",
      trigger: { on: "nodeBegin", where: { "data.node": "end" } },
      condition: { fn: "ninjaSummonedThisTurn" },
      effect: [{ op: "ninjaReturn" }],
    },
  ];
}

/** RULINGS DM-4.1 to DM-4.3: Ninja Strike checks whether you resolved it during this attack. */
export const bainaradondon: CardDef = {
  id: "bainaradondon",
  name: "Bainaradondon",
  nameJa: "バイナラドンデン",
  types: ["creature"],
  cost: 8,
  power: 2000,
  civilizations: ["colorless"],
  races: ["Jokers", "Shinobi"],
  text: "Ninja Strike 8. When this creature is put into the battle zone, choose one of your opponent's creatures and put it on the bottom of its owner's deck. Then draw a card.",
  abilities: [
    ...ninjaStrike(8),
    {
      id: "vanish",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "battle", type: "creature", controller: "opponent" },
          min: 1,
          max: 1,
          as: "target",
          prompt: "Put a creature on the bottom of its owner's deck",
        },
        { op: "move", what: "$target", to: "deck", position: "bottom" },
        { op: "draw", n: 1 },
      ],
    },
  ],
};

/** RULINGS DM-5.2: "attack it if able" while it is tapped and not yet attacked this turn. */
export const furakuNoChojin: CardDef = {
  id: "furaku-no-chojin",
  name: "Furaku no Chojin",
  nameJa: "不落の超人",
  types: ["creature"],
  cost: 8,
  power: 12000,
  civilizations: ["nature"],
  races: ["Giant"],
  keywords: ["doubleBreaker"],
  text: "Double Breaker. During your opponent's turn, while this creature is tapped and hasn't been attacked yet that turn, your opponent's creatures attack this creature if able.",
  abilities: [
    {
      id: "lure",
      kind: "static",
      static: { kind: "mustBeAttacked" },
      limit: {
        counts: "event",
        nth: 1,
        key: "incarnation",
        window: "turn",
        event: { on: "attacked", self: true, noun: "attack on this creature" },
        label: "hasn't been attacked yet this turn",
      },
    },
  ],
};

/** RULINGS DM-G4: "the first Scholar put into the battle zone this game", by either player. */
export const jigenNoArashiScholar: CardDef = {
  id: "jigen-no-arashi-scholar",
  name: "Jigen no Arashi Scholar",
  nameJa: "次元の嵐 スコーラー",
  types: ["creature"],
  cost: 11,
  power: 11000,
  civilizations: ["water"],
  races: ["Muutopia", "Specials"],
  keywords: ["doubleBreaker"],
  text: "G-Zero: if you have cast 5 or more spells this turn, you may summon this creature for no cost. Double Breaker. When this creature is put into the battle zone by summoning, if it is the first Jigen no Arashi Scholar put into the battle zone this game, take an extra turn after this one.",
  abilities: [
    {
      id: "gZero",
      kind: "static",
      keyword: "G-Zero",
      zones: ["hand"],
      static: { kind: "gZero" },
      condition: { events: { on: "cast", player: "self", noun: "spell cast" }, window: "turn", gte: 5 },
    },
    {
      id: "storm",
      kind: "triggered",
      trigger: { on: "summon", self: true },
      effect: [{ op: "extraTurn", player: "self" }],
      limit: {
        counts: "event",
        nth: 1,
        key: "all",
        window: "game",
        event: {
          on: "move",
          to: "battle",
          player: "any",
          card: { name: "Jigen no Arashi Scholar" },
          noun: "Jigen no Arashi Scholar put into the battle zone",
        },
        label: "the first Jigen no Arashi Scholar this game",
      },
    },
  ],
};

/** RULINGS DM-5.1: a replacement that works only while no opponent's creature was put into the graveyard by it this turn. */
export const alcadeiasPS: CardDef = {
  id: "seigaia-king-alcadeias-ps",
  name: "Seigaia King Alcadeias P'S",
  nameJa: "聖鎧亜キング・アルカディアスP'S",
  types: ["creature", "evolution"],
  cost: 7,
  power: 9000,
  civilizations: ["light", "darkness"],
  races: ["Angel Command", "Lost Crusader"],
  keywords: ["doubleBreaker"],
  stats: { evolvesFromMulticolored: true },
  text: "Evolution — put on one of your multicolored creatures. Double Breaker. When an opponent's non-multicolored creature would be put into the battle zone, if no opponent's creature has been put into the graveyard by a Seigaia King Alcadeias P'S's ability this turn, put it into the graveyard instead.",
  abilities: [
    {
      id: "judgement",
      kind: "replacement",
      replaces: {
        on: "move",
        to: "battle",
        player: "opponent",
        card: { type: "creature", where: { civilizations: { size: { lte: 1 } } } },
      },
      instead: [{ op: "move", what: "event", to: "graveyard" }],
      limit: {
        counts: "event",
        key: "all",
        window: "turn",
        event: {
          on: "move",
          to: "graveyard",
          player: "opponent",
          where: { "cause.name": "Seigaia King Alcadeias P'S" },
          noun: "opponent's creature put into the graveyard by a Seigaia King Alcadeias P'S",
        },
        label:
          "if no opponent's creature has been put into the graveyard by a Seigaia King Alcadeias P'S's ability this turn",
      },
    },
  ],
};

/** A real spell that makes the opponent discard at random (a way to trigger Madness). */
export const ghostTouch: CardDef = {
  id: "ghost-touch",
  name: "Ghost Touch",
  nameJa: "ゴースト・タッチ",
  types: ["spell"],
  cost: 2,
  civilizations: ["darkness"],
  keywords: ["shieldTrigger"],
  text: "Shield Trigger. Your opponent discards a card at random from their hand.",
  abilities: [{ id: "spell", kind: "activated", effect: [{ op: "discardRandom", player: "opponent" }] }],
};

/** A sample creature with Madness (not a printed card): a replacement of its own discard. */
export const sampleMadness: CardDef = {
  id: "sample-darkness-madness-5000",
  name: "Sample Darkness 5000 Madness",
  types: ["creature"],
  cost: 6,
  power: 5000,
  civilizations: ["darkness"],
  races: ["Dark Lord"],
  text: "Madness (when this card would be discarded from your hand by your opponent's effect during their turn, you may put it into the battle zone instead).",
  abilities: [
    {
      id: "madness",
      kind: "replacement",
      keyword: "Madness",
      zones: ["hand"],
      replaces: { on: "discard", self: true },
      condition: { turn: "opponent" },
      instead: [
        {
          op: "may",
          prompt: "Put this creature into the battle zone instead (Madness)?",
          // biome-ignore lint/suspicious/noThenProperty: "then" is the may op's branch in the card vocabulary
          then: [{ op: "move", what: "selfCard", to: "battle" }],
          else: [{ op: "move", what: "selfCard", to: "graveyard", event: "discard" }],
        },
      ],
    },
  ],
};

/** RULINGS DM-1.8: "the Nth time" — the turn's third attack (John's awakened side; a Psychic creature). */
export const jonjoJohn: CardDef = {
  id: "bouken-no-kakuseisha-jonjo-john",
  name: "Bouken no Kakuseisha Jonjo John",
  nameJa: "冒険の覚醒者ジョンジョ・ジョン",
  types: ["creature", "psychic"],
  cost: 5,
  power: 5000,
  civilizations: ["fire"],
  races: ["Dreammate", "Vehicle Bee"],
  text: "Whenever one of your creatures attacks, if it is the third attack this turn, untap this creature. (Awakened side of Jikuu no Tankenka John.)",
  abilities: [
    ...toHyperspatialInstead,
    {
      id: "thirdAttack",
      kind: "triggered",
      trigger: { on: "attack", player: "self", noun: "attack" },
      effect: [{ op: "untap", what: "self" }],
      limit: { counts: "event", nth: 3, key: "player", window: "turn", label: "the third attack this turn" },
    },
  ],
};

/** A sample GR creature (not a printed card): leaving the battle zone, it goes to the bottom of its owner's super GR zone instead. */
export const sampleGR: CardDef = {
  id: "sample-gr-water-2000",
  name: "Sample GR Water 2000",
  types: ["creature", "gr"],
  cost: 2,
  power: 2000,
  civilizations: ["water"],
  races: ["Trickster"],
  text: "(GR creature: when it would leave the battle zone for another zone, it goes to the bottom of its owner's super GR zone instead.)",
  abilities: [
    {
      id: "grReturn",
      kind: "replacement",
      replaces: { on: "move", from: "battle", self: true },
      instead: [{ op: "move", what: "selfCard", to: "superGR", position: "bottom" }],
    },
  ],
};

/** RULINGS DM-1.7: "each turn, when you cast your first spell, GR summon". */
export const wave: CardDef = {
  id: "wave",
  name: "Wave",
  nameJa: "Wave ウェイブ",
  types: ["creature"],
  cost: 5,
  power: 5000,
  civilizations: ["water"],
  races: ["Trickster", "Wonderforce"],
  text: "When this creature is put into the battle zone by summoning, you may cast a spell that costs 4 or less from your graveyard for no cost. Each turn, when you cast your first spell, GR summon. (GR summon: summon the top card of your super GR zone as if you had paid its cost.)",
  abilities: [
    {
      id: "recast",
      kind: "triggered",
      trigger: { on: "summon", self: true },
      optional: true,
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "graveyard", controller: "self", type: "spell", where: { cost: { lte: 4 } } },
          min: 1,
          max: 1,
          as: "spell",
          prompt: "Cast a spell from your graveyard for no cost",
        },
        { op: "castFree", what: "$spell" },
      ],
    },
    {
      id: "grOnFirstSpell",
      kind: "triggered",
      trigger: { on: "cast", player: "self", noun: "spell cast" },
      effect: [{ op: "grSummon" }],
      limit: { counts: "event", nth: 1, key: "player", window: "turn", label: "each turn, your first spell" },
    },
  ],
};

/** Seed pattern 1: "if that attack is the second attack by a creature this turn", from the hand, after the attack. */
export const ryusoushaValchulis: CardDef = {
  id: "ryusousha-valchulis",
  name: "Ryusousha Valchulis",
  nameJa: "龍装者 バルチュリス",
  types: ["creature"],
  cost: 5,
  power: 4000,
  civilizations: ["fire"],
  races: ["Dragon Guild", "Beat Jockey"],
  keywords: ["speedAttacker"],
  text: "When one of your creatures attacks, if this creature is in your hand and that attack is the second attack by a creature this turn, after the attack, if no Ryusousha Valchulis of yours has been put into the battle zone this turn, you may put this creature into the battle zone. Speed Attacker.",
  abilities: [
    {
      id: "secondAttack",
      kind: "triggered",
      zones: ["hand"],
      trigger: { on: "attack", player: "self", noun: "attack" },
      effect: [
        {
          op: "afterAttack",
          do: [
            {
              op: "if",
              // "this creature" is this incarnation in the hand: moved away since, selfCard finds nothing.
              if: {
                events: { on: "move", to: "battle", player: "self", card: { name: "Ryusousha Valchulis" } },
                window: "turn",
                eq: 0,
              },
              // biome-ignore lint/suspicious/noThenProperty: "then" is the if op's branch in the card vocabulary
              then: [
                {
                  op: "may",
                  prompt: "Put Ryusousha Valchulis into the battle zone?",
                  // biome-ignore lint/suspicious/noThenProperty: "then" is the may op's branch in the card vocabulary
                  then: [{ op: "move", what: "selfCard", to: "battle" }],
                },
              ],
            },
          ],
        },
      ],
      limit: {
        counts: "event",
        nth: 2,
        key: "player",
        window: "turn",
        label: "the second attack by a creature this turn",
      },
    },
  ],
};

export const seedCards: CardDef[] = [
  ryusoushaValchulis,
  sampleGR,
  wave,
  jonjoJohn,
  ghostTouch,
  sampleMadness,
  alcadeiasPS,
  procyonDragoon,
  bolbalzakShiden,
  ichigekiTopgear,
  faerieLife,
  fairyReLife,
  aquaBrothers,
  bainaradondon,
  furakuNoChojin,
  jigenNoArashiScholar,
];

/** RULINGS DM-3.2, DM-3.7 (Duel Masters Play's): a named once-per-turn static ability, used up only when applied. */
export const kantabile: CardDef = {
  id: "itsuwari-no-ou-kantabile",
  name: "Itsuwari no Ou Kantabile",
  nameJa: "偽りの王 カンタービレ",
  types: ["creature"],
  cost: 8,
  power: 8000,
  civilizations: ["darkness", "nature"],
  races: ["King Command Dragon", "Unknown"],
  keywords: ["doubleBreaker"],
  text: "When this creature is put into the battle zone, put all Dragons from your graveyard into your mana zone. During your turn, you may summon a Dragon from your mana zone. (This effect of your Itsuwari no Ou Kantabile triggers only once per turn.) Double Breaker.",
  abilities: [
    {
      id: "harvest",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        {
          op: "move",
          what: { select: { zone: "graveyard", controller: "self", where: { dragon: true } } },
          to: "mana",
        },
      ],
    },
    {
      id: "fromMana",
      kind: "static",
      static: { kind: "summonFromMana", dragon: true },
      limit: {
        counts: "application",
        key: "namePerPlayer",
        window: "turn",
        label: "this effect of your Itsuwari no Ou Kantabile triggers only once per turn",
      },
    },
  ],
};

/** RULINGS DM-G7 (Duel Masters Play's): a once-per-game note with neither name nor player, treated as named. */
export const lastAvatar: CardDef = {
  id: "kaiou-ryusei-last-avatar",
  name: "Kaiou Ryusei Last Avatar",
  nameJa: "海王龍聖ラスト・アヴァタール",
  types: ["creature"],
  cost: 7,
  power: 7000,
  civilizations: ["light", "water"],
  races: ["Apollonia Dragon", "Poseidia Dragon"],
  keywords: ["doubleBreaker"],
  text: "Double Breaker. When your last shield would be broken, draw 3 cards. That turn, creatures can't attack you. (This effect triggers only once per game.)",
  abilities: [
    {
      id: "lastStand",
      kind: "triggered",
      // 自分の最後のシールドがブレイクされる時: "would be broken" — it triggers as the attack is about
      // to break the player's remaining shields and resolves before they go to the hand (game.ts).
      trigger: { on: "shieldsBreaking", player: "self", where: { "data.last": true } },
      effect: [
        { op: "draw", n: 3 },
        {
          op: "until",
          expires: "turn",
          effect: { kind: "cantAttackPlayer" },
          targetPlayer: "self",
          label: "creatures can't attack this player",
        },
      ],
      // Per the official Q&A, every card of that name is affected: treated as named.
      limit: {
        counts: "trigger",
        key: "namePerPlayer",
        window: "game",
        label: "this effect triggers only once per game",
      },
    },
  ],
};

/** RULINGS DM-G6 (Duel Masters Play's): a named "(this effect triggers only once per game)" on a replacement. */
export const gabriela: CardDef = {
  id: "koki-seirei-gabriela",
  name: "Koki Seirei Gabriela",
  nameJa: "光姫聖霊ガブリエラ",
  types: ["creature"],
  cost: 7,
  power: 7000,
  civilizations: ["light"],
  races: ["Angel Command", "Mecha del Sol"],
  keywords: ["doubleBreaker"],
  text: "G-Zero: if you have no shields and no Koki Seirei Gabriela in your battle zone. Double Breaker. When your opponent would win the game by an attack of their creature, destroy this creature instead. If you do, your opponent doesn't win, and creatures can't attack this turn. (This effect of your Koki Seirei Gabriela triggers only once per game.)",
  abilities: [
    {
      id: "gZero",
      kind: "static",
      keyword: "G-Zero",
      zones: ["hand"],
      static: { kind: "gZero" },
      condition: {
        all: [
          { count: { zone: "shield", controller: "self" }, eq: 0 },
          { count: { zone: "battle", controller: "self", name: "Koki Seirei Gabriela" }, eq: 0 },
        ],
      },
    },
    {
      id: "guardian",
      kind: "replacement",
      replaces: { on: "winByAttack", player: "opponent" },
      instead: [
        { op: "move", what: "self", to: "graveyard", event: "destroy" },
        {
          op: "until",
          expires: "turn",
          effect: { kind: "noAttacks" },
          label: "creatures can't attack this turn",
        },
      ],
      limit: {
        counts: "application",
        key: "namePerPlayer",
        window: "game",
        label: "this effect of your Koki Seirei Gabriela triggers only once per game",
      },
    },
  ],
};

/** RULINGS DM-3.6 (Duel Masters Play's): named "(this effect of your Emperor Kiriko triggers only once per turn)". */
export const emperorKiriko: CardDef = {
  id: "emperor-kiriko",
  name: "Emperor Kiriko",
  nameJa: "エンペラー・キリコ",
  types: ["creature", "evolution"],
  cost: 9,
  power: 13000,
  civilizations: ["water"],
  races: ["Cyber Lord", "Origin"],
  keywords: ["tripleBreaker"],
  stats: { evolvesFrom: ["Cyber", "Origin"] },
  text: "Evolution — put on one of your Cyber or Origin creatures. When this creature is put into the battle zone, put all your other creatures on the bottom of your deck. Then put the first 3 non-evolution creatures from the top of your deck into the battle zone. Then shuffle your deck. (This effect of your Emperor Kiriko triggers only once per turn.) Triple Breaker.",
  abilities: [
    {
      id: "rebirth",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        {
          op: "move",
          what: { select: { zone: "battle", type: "creature", controller: "self", other: true } },
          to: "deck",
          position: "bottom",
        },
        { op: "creaturesFromTop", n: 3 },
        { op: "shuffle" },
      ],
      limit: {
        counts: "trigger",
        key: "namePerPlayer",
        window: "turn",
        label: "this effect of your Emperor Kiriko triggers only once per turn",
      },
    },
  ],
};

/** RULINGS DM-3.7, DM-3.8 (Duel Masters Play's): a named once-per-turn replacement, used up only when it applies. */
export const seigaiaKingAlcadeias: CardDef = {
  id: "seigaia-king-alcadeias",
  name: "Seigaia King Alcadeias",
  nameJa: "聖鎧亜キング・アルカディアス",
  types: ["creature", "evolution"],
  cost: 7,
  power: 9000,
  civilizations: ["light", "darkness"],
  races: ["Angel Command", "Lost Crusader"],
  keywords: ["doubleBreaker"],
  stats: { evolvesFromMulticolored: true },
  text: "Evolution — put on one of your multicolored creatures. Double Breaker. When an opponent's non-multicolored creature would be put into the battle zone, it is put into the graveyard instead. (This effect of your Seigaia King Alcadeias triggers only once per turn.)",
  abilities: [
    {
      id: "judgement",
      kind: "replacement",
      replaces: {
        on: "move",
        to: "battle",
        player: "opponent",
        card: { type: "creature", where: { civilizations: { size: { lte: 1 } } } },
      },
      instead: [{ op: "move", what: "event", to: "graveyard" }],
      limit: {
        counts: "application",
        key: "namePerPlayer",
        window: "turn",
        label: "this effect of your Seigaia King Alcadeias triggers only once per turn",
      },
    },
  ],
};

export const playsCards: CardDef[] = [
  hellObel,
  kantabile,
  lastAvatar,
  gabriela,
  emperorKiriko,
  seigaiaKingAlcadeias,
];
