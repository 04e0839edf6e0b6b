/**
 * Seed cards whose limits hang on keyword abilities and fields (seeds/dm-once-per-turn-ja.txt,
 * patterns 4 and "once per game"): Revolution Change and Final Revolution, Master J Tornado, the
 * once-per-game switches of fields (D Switch, Happiness Switch, Mugetsu no Mon 99) and Shukyoku
 * Sengen. Every limit is the shared limit model's data.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { type Ability, pickAndMove, whenLeaving } from "./card-parts.js";
import type { DuelMastersOp } from "./ops.generated.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<DuelMastersOp>;

/** Revolution Change: when your creature of this kind attacks, you may swap it with this card from your hand. */
function revolutionChange(what: string, args: Record<string, string | number | string[]>): Ability {
  return {
    id: "revolutionChange",
    kind: "triggered",
    keyword: "Revolution Change",
    zones: ["hand"],
    text: `Revolution Change: ${what} (when your ${what} attacks, you may swap it with this creature from your hand)`,
    trigger: { on: "attack", player: "self", noun: "attack" },
    condition: { fn: "attackerIs", args },
    optional: true,
    effect: [{ op: "revolutionChange" }],
  };
}

/** RULINGS DM-4.1, DM-4.4: Final Revolution checks whether you resolved a Final Revolution this turn. */
export const miradanteSF: CardDef = {
  id: "mirai-no-houou-miradante-sf",
  name: "Mirai no Houou Miradante SF",
  nameJa: "未来の法皇 ミラダンテSF",
  types: ["creature"],
  cost: 8,
  power: 12500,
  civilizations: ["light", "water"],
  races: ["Angel Command Dragon", "Revolutionary", "Doremi-dan"],
  keywords: ["tripleBreaker"],
  text: "Revolution Change: light or water Dragon of cost 5 or more. Triple Breaker. Final Revolution: when this creature is put into the battle zone by Revolution Change, if you haven't used another Final Revolution this turn, you may draw a card. If you do, you may cast a light or water spell of cost 6 or less from your hand for no cost.",
  abilities: [
    revolutionChange("light or water Dragon of cost 5 or more", {
      civilizations: ["light", "water"],
      costAtLeast: 5,
      race: "Dragon",
    }),
    {
      id: "finalRevolution",
      kind: "triggered",
      keyword: "Final Revolution",
      trigger: { on: "move", to: "battle", self: true, where: { "data.how": "revolutionChange" } },
      optional: true,
      effect: [
        { op: "draw", n: 1 },
        {
          op: "choose",
          chooser: "controller",
          from: {
            zone: "hand",
            controller: "self",
            type: "spell",
            where: { civilizations: { includesAny: ["light", "water"] }, cost: { lte: 6 } },
          },
          min: 0,
          max: 1,
          as: "spell",
          prompt: "Cast a light or water spell of cost 6 or less for no cost",
        },
        { op: "castFree", what: "$spell" },
      ],
      // "Used" means resolved (seed, pattern 4); recorded in the game window too, where Extreme
      // Final Revolution looks (RULINGS DM-G3).
      limit: {
        counts: "resolution",
        key: "keywordPerPlayer",
        window: "turn",
        alsoRecordIn: ["game"],
        label: "if you haven't used another Final Revolution this turn",
      },
    },
  ],
};

/** RULINGS DM-G3, DM-G5: Extreme Final Revolution — once per game, counted over your Final Revolutions only. */
export const dogiragolden: CardDef = {
  id: "ryu-no-kyokugen-dogiragolden",
  name: "Ryu no Kyokugen Dogiragolden",
  nameJa: "龍の極限 ドギラゴールデン",
  types: ["creature"],
  cost: 8,
  power: 14000,
  civilizations: ["fire", "nature"],
  races: ["Mega Command Dragon", "Revolutionary", "Hamukatsu-dan"],
  keywords: ["tripleBreaker"],
  text: "Revolution Change: fire or nature Dragon of cost 5 or more. Triple Breaker. When this creature is put into the battle zone, choose one of your opponent's creatures and put it into its owner's mana zone. Then destroy one of your opponent's Forbidden creatures. Extreme Final Revolution: when this creature is put into the battle zone, if you haven't used another Final Revolution this game, during the next turn your opponent's creatures with power 1,000,000 or less can't attack you.",
  abilities: [
    revolutionChange("fire or nature Dragon of cost 5 or more", {
      civilizations: ["fire", "nature"],
      costAtLeast: 5,
      race: "Dragon",
    }),
    {
      id: "toMana",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        ...pickAndMove({
          chooser: "controller",
          from: { zone: "battle", controller: "opponent", type: "creature" },
          to: "mana",
          prompt: "Put an opponent's creature into its owner's mana zone",
          as: "target",
          zoneOwner: "owner",
        }),
        ...pickAndMove({
          chooser: "controller",
          from: { zone: "battle", controller: "opponent", type: "forbidden" },
          to: "graveyard",
          prompt: "Destroy an opponent's Forbidden creature",
          as: "forbidden",
          event: "destroy",
        }),
      ],
    },
    {
      id: "extremeFinalRevolution",
      kind: "triggered",
      keyword: "Final Revolution",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        {
          op: "until",
          expires: "nextTurn",
          effect: { kind: "cantAttackPlayer", value: 1000000 },
          targetPlayer: "self",
          label: "the opponent's creatures with power 1,000,000 or less can't attack this player",
        },
      ],
      limit: {
        counts: "resolution",
        key: "keywordPerPlayer",
        window: "game",
        alsoRecordIn: ["turn"],
        label: "if you haven't used another Final Revolution this game",
      },
    },
  ],
};

/** RULINGS DM-4.1, DM-4.2, DM-4.4: Master J Tornado — any number may trigger; one resolves per turn. */
export const jollyTheJolnade: CardDef = {
  id: "jolly-the-jolnade",
  name: "Jolly the Jolnade",
  nameJa: "ジョリー・ザ・ジョルネード",
  types: ["creature"],
  cost: 7,
  power: 10000,
  civilizations: ["water"],
  races: ["Jokers", "Wonderforce"],
  keywords: ["doubleBreaker"],
  text: "Master J Tornado: at the end of your opponent's turn, if this creature is in your hand and you haven't used another Master J Tornado this turn, you may choose any number of your Jokers creatures with a total cost of 10 or more and return them to your hand. If you do, put this creature into the battle zone. Double Breaker. When this creature is put into the battle zone, GR summon 3 times. Your Jokers can't be blocked.",
  abilities: [
    {
      id: "masterJTornado",
      kind: "triggered",
      keyword: "Master J Tornado",
      zones: ["hand"],
      trigger: { on: "nodeBegin", player: "opponent", where: { "data.node": "end" } },
      condition: { fn: "raceCostAtLeast", args: { race: "Jokers", atLeast: 10 } },
      optional: true,
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "battle", controller: "self", type: "creature", where: { raceWords: "Jokers" } },
          min: 1,
          max: 99,
          total: { field: "cost", atLeast: 10 },
          as: "jokers",
          prompt: "Return your Jokers creatures with a total cost of 10 or more",
        },
        { op: "move", what: "$jokers", to: "hand" },
        { op: "move", what: "selfCard", to: "battle" },
      ],
      limit: {
        counts: "resolution",
        key: "keywordPerPlayer",
        window: "turn",
        label: "if you haven't used another Master J Tornado this turn",
      },
    },
    {
      id: "grSummon",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [{ op: "repeat", times: 3, do: [{ op: "grSummon" }] }],
    },
    { id: "unblockableJokers", kind: "static", static: { kind: "unblockable", raceWord: "Jokers" } },
  ],
};

/** Shukyoku Sengen (終極宣言): named by its ability name — once per game for each player (RULINGS DM-G2). */
function shukyokuSengen(text: string, effect: NonNullable<Ability["effect"]>): Ability {
  return {
    id: "shukyokuSengen",
    kind: "triggered",
    keyword: "Shukyoku Sengen",
    text,
    trigger: { on: "nodeBegin", player: "self", where: { "data.node": "start" } },
    optional: true,
    effect,
    limit: {
      counts: "resolution",
      key: "keywordPerPlayer",
      window: "game",
      label: "Shukyoku Sengen can be used only once per game",
    },
  };
}

/** RULINGS DM-G2, DM-G5: Fugouou Golgini En Gels. */
export const golginiEnGels: CardDef = {
  id: "fugouou-golgini-en-gels",
  name: "Fugouou Golgini En Gels",
  nameJa: "富轟皇 ゴルギーニ・エン・ゲルス",
  types: ["creature"],
  cost: 7,
  power: 11500,
  civilizations: ["light", "darkness"],
  races: ["Mecha Angel Command"],
  keywords: ["doubleBreaker"],
  text: "Revolution Change: Mecha of cost 5 or more. Double Breaker. If no shield has left a shield zone this turn, this creature doesn't leave the battle zone. Shukyoku Sengen: at the start of your turn, you may choose 4 times from the following (the same one may be chosen more than once; Shukyoku Sengen can be used only once per game): ▶ Destroy one of your opponent's creatures. Then draw a card. ▶ Put the top card of your deck into your shield zone. Then return a card from your graveyard to your hand.",
  abilities: [
    revolutionChange("Mecha of cost 5 or more", { costAtLeast: 5, race: "Mecha" }),
    ...whenLeaving("stays", {
      condition: {
        all: [
          { events: { on: "break" }, window: "turn", eq: 0 },
          { events: { on: "move", from: "shield" }, window: "turn", eq: 0 },
        ],
      },
      instead: [{ op: "log", text: "Golgini En Gels stays: no shield has left this turn" }],
    }),
    shukyokuSengen("Shukyoku Sengen: at the start of your turn, choose 4 times (once per game).", [
      {
        op: "modes",
        times: 4,
        options: [
          {
            id: "destroy",
            label: "Destroy an opponent's creature, then draw a card",
            do: [
              ...pickAndMove({
                chooser: "controller",
                from: { zone: "battle", controller: "opponent", type: "creature" },
                to: "graveyard",
                prompt: "Destroy an opponent's creature",
                as: "target",
                event: "destroy",
              }),
              { op: "draw", n: 1 },
            ],
          },
          {
            id: "shield",
            label:
              "Put the top card of your deck into your shield zone, then return a card from your graveyard",
            do: [
              { op: "shieldTop" },
              ...pickAndMove({
                chooser: "controller",
                from: { zone: "graveyard", controller: "self" },
                to: "hand",
                prompt: "Return a card from your graveyard to your hand",
                as: "card",
              }),
            ],
          },
        ],
      },
    ]),
  ],
};

/** RULINGS DM-2.1, DM-2.2, DM-2.4 (official Q&A 2023-12-15), DM-G2: Bolshack Voljaak. */
export const bolshackVoljaak: CardDef = {
  id: "bolshack-voljaak",
  name: "Bolshack Voljaak",
  nameJa: "ボルシャック・ヴォルジャアク",
  types: ["creature"],
  cost: 7,
  power: 11000,
  civilizations: ["light", "fire"],
  races: ["Armored Dragon"],
  keywords: ["speedAttacker", "doubleBreaker"],
  text: "Revolution Change: Armored of cost 5 or more. Speed Attacker. Double Breaker. Once each turn, when a creature is put into the battle zone, you may put the top card of your deck into your shield zone. When this creature is destroyed, you may put a creature of cost 7 or less with Bolshack in its name from your hand into the battle zone. Shukyoku Sengen: at the start of your turn, you may break all your shields. If you do, you don't lose the game until the start of your next turn. (Shukyoku Sengen can be used only once per game.)",
  abilities: [
    revolutionChange("Armored of cost 5 or more", { costAtLeast: 5, race: "Armored" }),
    {
      id: "shieldUp",
      kind: "triggered",
      trigger: { on: "move", to: "battle", card: { type: "creature" }, noun: "creature entering" },
      optional: true,
      effect: [{ op: "shieldTop" }],
      limit: { counts: "resolution", key: "incarnation", window: "turn", label: "once each turn" },
    },
    {
      id: "legacy",
      kind: "triggered",
      trigger: { on: "destroy", self: true },
      effect: [
        ...pickAndMove({
          chooser: "controller",
          from: {
            zone: "hand",
            controller: "self",
            type: "creature",
            where: { nameWords: "Bolshack", cost: { lte: 7 } },
          },
          to: "battle",
          prompt: "Put a Bolshack of cost 7 or less from your hand into the battle zone",
          as: "bolshack",
          min: 0,
        }),
      ],
    },
    shukyokuSengen(
      "Shukyoku Sengen: at the start of your turn, you may break all your shields; then you don't lose until the start of your next turn (once per game).",
      [
        { op: "breakOwnShields" },
        {
          op: "until",
          expires: { nextTurnOf: "self" },
          effect: { kind: "cantLose" },
          targetPlayer: "self",
          label: "this player doesn't lose the game",
        },
      ],
    ),
  ],
};

/** A field's once-per-game switch: turn it upside down, tracked per object (RULINGS DM-G1). */
function fieldSwitch(
  keyword: string,
  on: "start" | "end",
  text: string,
  then: NonNullable<Ability["effect"]>,
): Ability {
  return {
    id: "switch",
    kind: "triggered",
    keyword,
    text,
    trigger: { on: "nodeBegin", player: "self", where: { "data.node": on } },
    optional: true,
    effect: [{ op: "flipField" }, ...then],
    limit: {
      counts: "resolution",
      key: "incarnation",
      window: "game",
      label: "once in the game (this field, turned upside down)",
    },
  };
}

/** RULINGS DM-G1, DM-G5: a D2 field; D Switch is tracked per object. */
export const dokindamArea: CardDef = {
  id: "d-no-kindan-dokindam-area",
  name: "D no Kindan Dokindam Area",
  nameJa: "Dの禁断 ドキンダムエリア",
  types: ["field", "d2Field"],
  cost: 5,
  civilizations: ["darkness"],
  text: "D2 Field. When one of your creatures would leave the battle zone, put a seal on it instead. (When another D2 Field is put into the battle zone, put this D2 Field into your graveyard.) D Switch: at the start of your turn, you may turn this D2 Field upside down once in the game. If you do, you may put up to 6 of your seals into the graveyard.",
  abilities: [
    ...whenLeaving(
      "seal",
      { condition: { fn: "deckNotEmpty" }, instead: [{ op: "seal", what: "event" }] },
      "yours",
    ),
    fieldSwitch(
      "D Switch",
      "start",
      "D Switch: at the start of your turn, you may turn this D2 Field upside down once in the game; then put up to 6 of your seals into the graveyard.",
      [{ op: "removeSeals", max: 6 }],
    ),
  ],
};

/** RULINGS DM-G1: Happiness Switch (幸せスイッチ) on a Happiness Field, which any number may share the battle zone. */
export const kekkonShiteKureyaa: CardDef = {
  id: "kekkon-shite-kureyaa",
  name: "Kekkon Shite Kureyaa!!",
  nameJa: "結婚してくれやぁ!!",
  types: ["field"],
  cost: 5,
  civilizations: ["light"],
  text: "Happiness Field. All players are wrapped in happiness. Happiness Switch: at the end of your turn, you may turn this Happiness Field upside down once in the game. If you do, propose to your opponent. If they say yes, both players become winners at life.",
  abilities: [
    fieldSwitch(
      "Happiness Switch",
      "end",
      "Happiness Switch: at the end of your turn, you may turn this field upside down once in the game; if you do, propose to your opponent.",
      [{ op: "propose" }],
    ),
  ],
};

/** RULINGS DM-G1: Mugetsu no Mon 99 (無月の門99), once in the game per field. */
export const manjiShinsekai: CardDef = {
  id: "manji-shinsekai-manji",
  name: "Manji Shinsekai Manji",
  nameJa: "卍 新世壊 卍",
  types: ["field"],
  cost: 2,
  civilizations: ["water"],
  text: "Mugetsu Field. When you cast a spell with Magic Tool, instead of putting it into your graveyard after it resolves, you may put it under this field and draw a card. Ignore any effect that would stop you casting spells with Magic Tool or Dorszak. Mugetsu no Mon 99: at the end of your turn, if there are 4 or more cards under this field, once in the game, you may cast a water spell of cost 99 or less from your hand or graveyard for no cost.",
  abilities: [
    {
      id: "store",
      kind: "replacement",
      replaces: {
        on: "move",
        from: "resolving",
        to: "graveyard",
        player: "self",
        card: { type: "spell", where: { races: "Magic Tool" } },
      },
      instead: [
        {
          op: "may",
          prompt: "Put the spell under Manji Shinsekai Manji and draw a card?",
          // biome-ignore lint/suspicious/noThenProperty: "then" is the may op's branch in the card vocabulary
          then: [
            { op: "putUnderSelf", what: "event" },
            { op: "draw", n: 1 },
          ],
          else: [{ op: "move", what: "event", to: "graveyard" }],
        },
      ],
    },
    {
      id: "mugetsuNoMon99",
      kind: "triggered",
      keyword: "Mugetsu no Mon 99",
      trigger: { on: "nodeBegin", player: "self", where: { "data.node": "end" } },
      condition: { fn: "cardsUnderAtLeast", args: { n: 4 } },
      optional: true,
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: {
            zone: ["hand", "graveyard"],
            controller: "self",
            type: "spell",
            where: { civilizations: "water", cost: { lte: 99 } },
          },
          min: 0,
          max: 1,
          as: "spell",
          prompt: "Cast a water spell of cost 99 or less from your hand or graveyard for no cost",
        },
        { op: "castFree", what: "$spell" },
      ],
      limit: {
        counts: "resolution",
        key: "incarnation",
        window: "game",
        label: "once in the game (this field)",
      },
    },
  ],
};

/** A sample water Magic Tool spell (not a printed card): fills Manji Shinsekai Manji. */
export const sampleMagicTool: CardDef = {
  id: "sample-water-magic-tool-spell",
  name: "Sample Water Magic Tool Spell",
  types: ["spell"],
  cost: 1,
  civilizations: ["water"],
  races: ["Magic Tool"],
  text: "Magic Tool. Draw a card.",
  abilities: [{ id: "spell", kind: "activated", effect: [{ op: "draw", n: 1 }] }],
};

/** A sample colorless Jokers creature (not a printed card): Master J Tornado returns these. */
export const sampleJokers: CardDef = {
  id: "sample-zero-5-5000-jokers",
  name: "Sample Zero 5000 Jokers",
  types: ["creature"],
  cost: 5,
  power: 5000,
  civilizations: [],
  races: ["Jokers"],
  text: "(vanilla)",
};

export const keywordCards: CardDef[] = [
  miradanteSF,
  dogiragolden,
  jollyTheJolnade,
  golginiEnGels,
  bolshackVoljaak,
  dokindamArea,
  kekkonShiteKureyaa,
  manjiShinsekai,
  sampleMagicTool,
  sampleJokers,
];
