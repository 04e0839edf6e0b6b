/**
 * Cards the seed names for the Duel Masters Play's "(this effect triggers only once per turn)"
 * rulings (DM-3.4, DM-3.5, DM-3.9), and Ryuso-ou Q.E.D. (paper text) for DM-3.9's free-summon
 * pair. The Play's texts carry the note; where the seed quotes only the note's shape, the paper
 * text plus the note is used (docs/duel-masters.md says which).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { pickAndMove } from "./card-parts.js";
import type { DuelMastersOp } from "./ops.generated.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<DuelMastersOp>;

const ONCE_PER_TURN = "this effect triggers only once per turn";

/** RULINGS DM-3.4: "when A, if B, C (once per turn)" — triggered by A even when B is false. */
export const shinigamiTokkutsuOtoko: CardDef = {
  id: "shinigami-tokkutsu-otoko",
  name: "Shinigami Tokkutsu Otoko",
  nameJa: "死神盗掘男",
  types: ["creature"],
  cost: 4,
  power: 3000,
  civilizations: ["darkness"],
  races: ["Hedrian"],
  text: "When one of your creatures with 死神 (Shinigami) in its name is destroyed, if you have 5 or fewer cards in your hand, draw 2 cards. (This effect triggers only once per turn.)",
  abilities: [
    {
      id: "graveRobbing",
      kind: "triggered",
      trigger: { on: "destroy", player: "self", card: { type: "creature" }, noun: "Shinigami destroyed" },
      condition: { fn: "eventCardNameJaHas", args: { text: "死神" } },
      effect: [
        {
          op: "if",
          if: { count: { zone: "hand", controller: "self" }, lte: 5 },
          // biome-ignore lint/suspicious/noThenProperty: "then" is the if op's branch in the card vocabulary
          then: [{ op: "draw", n: 2 }],
        },
      ],
      limit: { counts: "trigger", key: "incarnation", window: "turn", label: ONCE_PER_TURN },
    },
  ],
};

/** RULINGS DM-3.5: "when A, you may B (once per turn)" — declining still uses it. */
export const aquaMerge: CardDef = {
  id: "aqua-merge",
  name: "Aqua Merge",
  nameJa: "アクア・メルゲ",
  types: ["creature"],
  cost: 2,
  power: 1000,
  civilizations: ["water"],
  races: ["Liquid People"],
  text: "During your turn, when another of your creatures is put into the battle zone, you may discard a card from your hand. If you do, draw a card. (This effect triggers only once per turn.)",
  abilities: [
    {
      id: "merge",
      kind: "triggered",
      trigger: {
        on: "move",
        to: "battle",
        player: "self",
        card: { type: "creature" },
        noun: "creature entering",
      },
      condition: { all: [{ turn: "self" }, { fn: "eventObjIsOther" }] },
      optional: true,
      effect: [
        ...pickAndMove({
          chooser: "controller",
          from: { zone: "hand", controller: "self" },
          to: "graveyard",
          prompt: "Discard a card",
          as: "card",
          event: "discard",
        }),
        // "If you do, draw a card": only once a card was discarded (an empty hand draws nothing).
        { op: "forEach", in: "$card", as: "discarded", do: [{ op: "draw", n: 1 }] },
      ],
      limit: { counts: "trigger", key: "incarnation", window: "turn", label: ONCE_PER_TURN },
    },
  ],
};

/** RULINGS DM-3.5: Makou Taitei Nero Griffith (Duel Masters Play's). */
export const neroGriffith: CardDef = {
  id: "makou-taitei-nero-griffith",
  name: "Makou Taitei Nero Griffith",
  nameJa: "魔光大帝ネロ・グリフィス",
  types: ["creature"],
  cost: 8,
  power: 7000,
  civilizations: ["light", "darkness"],
  races: ["Angel Command", "Dark Lord", "Knight"],
  keywords: ["blocker", "doubleBreaker"],
  text: "Blocker. When one of your Knight creatures is destroyed, you may cast a light or darkness Knight spell or spell with Shield Trigger of cost 6 or less from your hand for no cost. (This effect triggers only once per turn.) Double Breaker.",
  abilities: [
    {
      id: "knightsOath",
      kind: "triggered",
      trigger: {
        on: "destroy",
        player: "self",
        card: { type: "creature", where: { races: "Knight" } },
        noun: "Knight destroyed",
      },
      optional: true,
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: {
            zone: "hand",
            controller: "self",
            type: "spell",
            where: {
              civilizations: { includesAny: ["light", "darkness"] },
              cost: { lte: 6 },
              knightOrShieldTrigger: true,
            },
          },
          min: 0,
          max: 1,
          as: "spell",
          prompt: "Cast a light or darkness Knight or Shield Trigger spell of cost 6 or less for no cost",
        },
        { op: "castFree", what: "$spell" },
      ],
      limit: { counts: "trigger", key: "incarnation", window: "turn", label: ONCE_PER_TURN },
    },
  ],
};

/** RULINGS DM-3.9: Tanki Rensha Magnum (Duel Masters Play's), a once-per-turn replacement. */
export const tankiRenshaMagnum: CardDef = {
  id: "tanki-rensha-magnum",
  name: "Tanki Rensha Magnum",
  nameJa: "単騎連射 マグナム",
  types: ["creature"],
  cost: 3,
  power: 3000,
  civilizations: ["fire"],
  races: ["Outrage"],
  text: "During your turn, when an opponent's creature would be put into the battle zone, it is put into its owner's graveyard instead. (This effect triggers only once per turn.)",
  abilities: [
    {
      id: "shortShot",
      kind: "replacement",
      replaces: { on: "move", to: "battle", player: "opponent", card: { type: "creature" } },
      condition: { turn: "self" },
      instead: [{ op: "move", what: "event", to: "graveyard" }],
      limit: { counts: "application", key: "incarnation", window: "turn", label: ONCE_PER_TURN },
    },
  ],
};

/** RULINGS DM-3.9: Ryuso-ou Q.E.D. — "each turn, your first water creature / spell for no cost". */
export const ryusoOuQED: CardDef = {
  id: "ryuso-ou-qed",
  name: "Ryuso-ou Q.E.D.",
  nameJa: "龍素王 Q.E.D.",
  types: ["creature", "dragheart"],
  cost: 7,
  power: 11000,
  civilizations: ["water"],
  races: ["Crystal Command Dragon"],
  keywords: ["doubleBreaker"],
  text: "When your opponent chooses a creature in the battle zone with a spell's effect, they can't choose this creature. Each turn, you may summon your first water creature for no cost. Each turn, you may cast your first water spell for no cost. Double Breaker.",
  abilities: [
    {
      // 相手が呪文の効果でバトルゾーンのクリーチャーを選ぶ時、このクリーチャーは選べない (restrictions.ts).
      id: "unchoosable",
      kind: "static",
      static: { kind: "unchoosable", by: "opponentSpells" },
    },
    {
      id: "firstCreature",
      kind: "static",
      static: { kind: "freeSummon", from: "hand", civilization: "water", cardType: "creature" },
      limit: {
        counts: "event",
        nth: 1,
        key: "player",
        window: "turn",
        event: {
          on: "summon",
          player: "self",
          card: { where: { civilizations: { includes: "water" } } },
          noun: "water creature summon",
        },
        label: "each turn, your first water creature",
      },
    },
    {
      id: "firstSpell",
      kind: "static",
      static: { kind: "freeSummon", from: "hand", civilization: "water", cardType: "spell" },
      limit: {
        counts: "event",
        nth: 1,
        key: "player",
        window: "turn",
        event: {
          on: "cast",
          player: "self",
          card: { where: { civilizations: { includes: "water" } } },
          noun: "water spell cast",
        },
        label: "each turn, your first water spell",
      },
    },
  ],
};

export const playsNoteCards: CardDef[] = [shinigamiTokkutsuOtoko, aquaMerge, neroGriffith, tankiRenshaMagnum];
export const paperNoteCards: CardDef[] = [ryusoOuQED];
