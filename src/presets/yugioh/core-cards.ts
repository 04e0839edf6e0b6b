/**
 * Cards that need a Special Summon in Defense Position, and summon negation. Printed texts are
 * the TCG's; where a text could not be confirmed from a reachable source, the card's comment says
 * so.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { YugiohOp } from "./ops.generated.js";

type CardDef = PresetCardDef<YugiohOp>;

/**
 * YG Summon: Special Summon in Defense Position. Level 3 DARK Warrior Tuner, 1300/500 (confirmed:
 * the OCG text 「…自分の墓地に存在するレベル2以下のモンスター1体を表側守備表示で特殊召喚する事ができる。この効果で
 * 特殊召喚した効果モンスターの効果は無効化される。」 and its stats, 27691lldeac.nobody.jp; the old TCG
 * wording on ygorulings.blogspot.com). The current TCG wording below is from memory, not
 * confirmable here; it says the same. Tuner is a card type here only (no Synchro Summons).
 */
export const junkSynchron: CardDef = {
  id: "junk-synchron",
  name: "Junk Synchron",
  types: ["monster", "effect", "tuner"],
  races: ["Warrior"],
  stats: { level: 3, atk: 1300, def: 500, attribute: "DARK" },
  text: "When this card is Normal Summoned: You can target 1 Level 2 or lower monster in your GY; Special Summon it in Defense Position, but negate its effects.",
  abilities: [
    {
      id: "revive",
      kind: "triggered",
      optional: true,
      // "When … You can": an optional trigger that can miss the timing.
      timing: "when",
      text: "Special Summon 1 Level 2 or lower monster from your GY in Defense Position, its effects negated",
      trigger: { on: "normalSummon", self: true },
      cost: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "graveyard", controller: "self", type: "monster", where: { level: { lte: 2 } } },
          min: 1,
          max: 1,
          as: "target",
          target: true,
          prompt: "Target 1 Level 2 or lower monster in your GY",
        },
      ],
      effect: [{ op: "specialSummon", what: "$target", position: "defense", negateEffects: true }],
    },
  ],
};

/**
 * Master Rule 2020: a Link Monster — Link-1, Link Arrow Bottom, ATK 1000, no Level and no DEF.
 * "1 Normal Monster" as its Link Material is confirmed (yugioh-forum.com: "Linkspinne … benötigt
 * 1 normales Monster"); its effect text, EARTH Cyberse and ATK 1000 are from memory, not
 * confirmable here.
 */
export const linkSpider: CardDef = {
  id: "link-spider",
  name: "Link Spider",
  types: ["monster", "effect", "link"],
  races: ["Cyberse"],
  stats: { link: 1, atk: 1000, attribute: "EARTH", arrows: ["bottom"] },
  text: "1 Normal Monster\nOnce per turn: You can Special Summon 1 Level 4 or lower Normal Monster from your hand to your zone this card points to.",
  abilities: [
    {
      id: "linkSummon",
      kind: "static",
      static: { kind: "linkSummon", rating: 1, materialType: "normal" },
    },
    {
      id: "summon",
      kind: "activated",
      timing: "ignition",
      condition: {
        all: [
          {
            count: {
              zone: "hand",
              controller: "self",
              type: "normal",
              where: { level: { lte: 4 } },
            },
            gte: 1,
          },
          { fn: "pointsToFreeZone" },
        ],
      },
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "hand", controller: "self", type: "normal", where: { level: { lte: 4 } } },
          min: 1,
          max: 1,
          as: "summoned",
          prompt: "Special Summon 1 Level 4 or lower Normal Monster from your hand",
        },
        { op: "specialSummon", what: "$summoned", zone: "pointedBySource" },
      ],
      limit: { counts: "use", key: "incarnation", window: "turn", label: "Once per turn" },
    },
  ],
};

export const coreCards: CardDef[] = [junkSynchron, linkSpider];
