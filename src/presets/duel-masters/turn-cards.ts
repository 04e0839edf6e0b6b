/**
 * Cards for the turn rules the audit checks (docs/rules-audit/duel-masters.md): a tap ability
 * (DM Attack step: tap abilities), "skip the rest of the turn" (DM Turn: skip the rest of the
 * turn) and an Extra Win (DM Win: alternate win conditions). Kipo's Contraption and The Clock are
 * written from memory, as their comments say; Cyber J Eleven's text is as a wiki quotes it.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { pickAndMove, shieldGo } from "./card-parts.js";
import { TAP_ABILITY } from "./game.js";
import type { DuelMastersOp } from "./ops.generated.js";
import { SILENT_SKILL } from "./silent-skill.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<DuelMastersOp>;

/**
 * DM Attack step: tap abilities. Kipo's Contraption (DM-10, Shockwaves of the Shattered Rainbow),
 * its English printed text as remembered: fire, cost 4, Xenoparts, 2000; "Tap ability (Instead of
 * having this creature attack, you may tap it to use its tap ability.) Destroy one of your
 * opponent's creatures that has power 2000 or less." Written from memory: its Japanese name and
 * text, and its cost and power, could not be confirmed here.
 */
export const kiposContraption: CardDef = {
  id: "kipos-contraption",
  name: "Kipo's Contraption",
  types: ["creature"],
  cost: 4,
  power: 2000,
  civilizations: ["fire"],
  races: ["Xenoparts"],
  text: "Tap ability (Instead of having this creature attack, you may tap it to use its tap ability.) Destroy one of your opponent's creatures that has power 2000 or less.",
  abilities: [
    {
      id: "tap",
      kind: "activated",
      keyword: TAP_ABILITY,
      text: "Destroy one of your opponent's creatures that has power 2000 or less.",
      // Its cost is tapping the creature: untapped, not summoning sick (activation.ts), in the attack
      // step; the tap is a cost (the tap event's cause kind "cost").
      cost: [{ op: "tapCost", what: "self" }],
      effect: pickAndMove({
        chooser: "controller",
        from: { zone: "battle", controller: "opponent", type: "creature", where: { power: { lte: 2000 } } },
        to: "graveyard",
        prompt: "Destroy an opponent's creature with power 2000 or less",
        as: "target",
        event: "destroy",
      }),
    },
  ],
};

/**
 * DM Turn: skip the rest of the turn (ターンの残りをとばす). Shumatsu no Tokei The Clock (終末の時計
 * ザ・クロック): water, cost 3, Outrage MAX 3000, Shield Trigger; "このクリーチャーがバトルゾーンに出た時、
 * ターンの残りをとばす。" Its text and stats as dmwiki.net's ターンの残りをとばす page quotes them.
 */
export const theClock: CardDef = {
  id: "shumatsu-no-tokei-the-clock",
  name: "Shumatsu no Tokei The Clock",
  nameJa: "終末の時計 ザ・クロック",
  types: ["creature"],
  cost: 3,
  power: 3000,
  civilizations: ["water"],
  races: ["Outrage MAX"],
  keywords: ["shieldTrigger"],
  text: "Shield Trigger. When this creature is put into the battle zone, skip the rest of the turn.",
  abilities: [
    {
      id: "skip",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [{ op: "skipRestOfTurn" }],
    },
  ],
};

/**
 * DM Win: alternate win conditions (Extra Win). Cyber J Eleven (サイバー・J・イレブン), its printed
 * text as quoted by the Duel Masters wiki: water, cost 11, Cyber Command 11000; "M・ソウル
 * W・ブレイカー バトルゾーンに自分の水のクリーチャーが11体以上あれば、自分はゲームに勝利する。" M・ソウル is a
 * soul other cards refer to; it does nothing by itself (no card of the library reads it). Its
 * English name is a transliteration.
 */
export const cyberJEleven: CardDef = {
  id: "cyber-j-eleven",
  name: "Cyber J Eleven",
  nameJa: "サイバー・J・イレブン",
  types: ["creature"],
  cost: 11,
  power: 11000,
  civilizations: ["water"],
  races: ["Cyber Command"],
  keywords: ["mSoul", "doubleBreaker"],
  text: "M Soul. Double Breaker. If you have 11 or more water creatures in the battle zone, you win the game.",
  abilities: [
    {
      id: "extraWin",
      kind: "static",
      text: "If you have 11 or more water creatures in the battle zone, you win the game.",
      // A state-triggered win (状況誘発), checked whenever the game changes (game.ts extraWinCheck).
      static: { kind: "extraWin" },
      condition: {
        count: {
          zone: "battle",
          controller: "self",
          type: "creature",
          where: { civilizations: { includes: "water" } },
        },
        gte: 11,
      },
    },
  ],
};

/**
 * DM Start of turn step: Silent Skill (サイレントスキル). Saiyaku Hihou Gejira (災厄秘宝ゲジラ), its text
 * as the Duel Masters wiki quotes it (dmwiki.net, サイレントスキル): darkness, cost 6, Pandora Box
 * 6000; "W・ブレイカー / サイレントスキル(自分のターンのはじめに、このクリーチャーがタップされていたら、
 * アンタップするかわりに次のSS能力を使ってもよい) / SS−このクリーチャーは、相手のシールドを2枚ブレイク
 * する。" Its English name is a transliteration. The breaking player chooses which shields break.
 */
export const gejira: CardDef = {
  id: "saiyaku-hihou-gejira",
  name: "Saiyaku Hihou Gejira",
  nameJa: "災厄秘宝ゲジラ",
  types: ["creature"],
  cost: 6,
  power: 6000,
  civilizations: ["darkness"],
  races: ["Pandora Box"],
  keywords: ["doubleBreaker", "silentSkill"],
  text: "Double Breaker. Silent Skill (at the start of your turn, if this creature is tapped, you may use its SS ability instead of untapping it). SS: this creature breaks 2 of your opponent's shields.",
  abilities: [
    {
      id: "silentSkill",
      kind: "replacement",
      keyword: SILENT_SKILL,
      optional: true,
      text: "SS: this creature breaks 2 of your opponent's shields.",
      // Replaces its own untap in its controller's start of turn step (silent-skill.ts).
      replaces: { on: "startUntap", self: true },
      // "このクリーチャーは…ブレイクする": Gejira is the breaker (each shield a `broke` event about it).
      instead: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "shield", controller: "opponent" },
          min: 2,
          max: 2,
          as: "broken",
          prompt: "Break 2 of your opponent's shields",
        },
        { op: "breakShields", what: "$broken", breaker: "source" },
      ],
    },
  ],
};

/**
 * DM Turn: skipped turns (次のターンをとばす). Mugen no Mu (夢幻の無, read デイドリーム・ダークマター), its
 * text as dmwiki.net's 《夢幻の無》 and 次のターンをとばす pages quote it: water/darkness, cost ∞, spell
 * (Team Zero); "<ムゲンクライム>4(自分のクリーチャーを4体タップし、[水/闇(4)]支払って、この呪文を自分の
 * 手札または墓地から唱えてもよい) / カードを1枚引く。 / 相手は次の自身のターンをとばしてもよい。そうしなけ
 * れば、自分は、相手の手札を見ないで1枚選び、相手のクリーチャーを1体選ぶ。相手はそれらを好きな順序で山札の
 * 下に置く。その後、水または闇のクリーチャーを1体、自分の手札または墓地からバトルゾーンに出してもよい。 /
 * この呪文を唱えた後、墓地のかわりに山札の下に置く。" The third paragraph is read as the wiki reads it:
 * the opponent chooses between skipping their next turn and the rest ("その後" belongs to the rest).
 * Simplified: the two cards go to the bottom of the deck hand card first (the opponent's choice of
 * their order is not asked); an evolution creature is not offered to be put out (it has no base).
 */
export const mugenNoMu: CardDef = {
  id: "mugen-no-mu",
  name: "Mugen no Mu",
  nameJa: "夢幻の無",
  types: ["spell"],
  // ∞: never paid (no mana pays it, "cost N or less" never matches it); cast by Mugen Climb.
  infiniteCost: true,
  civilizations: ["water", "darkness"],
  races: ["Team Zero"],
  stats: { mugenClimb: { creatures: 4, mana: 4 } },
  text: "Mugen Climb 4 (you may tap 4 of your creatures and pay 4 water/darkness mana to cast this spell from your hand or graveyard). Draw a card. Your opponent may skip their next turn. If they don't, you choose a card from your opponent's hand without looking and one of your opponent's creatures, and your opponent puts them on the bottom of their deck in any order; then you may put a water or darkness creature from your hand or graveyard into the battle zone. After this spell is cast, put it on the bottom of your deck instead of into your graveyard.",
  abilities: [
    {
      id: "spell",
      kind: "activated",
      effect: [
        { op: "draw", n: 1 },
        {
          op: "opponentMay",
          prompt:
            "Skip your next turn? (If you don't, a card from your hand and one of your creatures go to the bottom of your deck, and your opponent may put out a water or darkness creature.)",
          // biome-ignore lint/suspicious/noThenProperty: "then" is the name of the op's argument
          then: [{ op: "skipTurn", player: "opponent" }],
          else: [
            {
              op: "choose",
              chooser: "controller",
              from: { zone: "hand", controller: "opponent" },
              min: 1,
              max: 1,
              as: "fromHand",
              prompt: "Choose a card from your opponent's hand without looking",
            },
            {
              op: "choose",
              chooser: "controller",
              from: { zone: "battle", controller: "opponent", type: "creature" },
              min: 1,
              max: 1,
              as: "creature",
              // Chosen by a spell: the preset's targetable rule applies (Q.E.D., sealed creatures).
              target: true,
              prompt: "Choose one of your opponent's creatures",
            },
            { op: "move", what: "$fromHand", to: "deck", position: "bottom" },
            { op: "move", what: "$creature", to: "deck", position: "bottom" },
            {
              op: "choose",
              chooser: "controller",
              from: {
                zone: ["hand", "graveyard"],
                controller: "self",
                type: "creature",
                where: {
                  civilizations: { includesAny: ["water", "darkness"] },
                  types: { not: { includes: "evolution" } },
                },
              },
              min: 0,
              max: 1,
              as: "out",
              prompt:
                "You may put a water or darkness creature from your hand or graveyard into the battle zone",
            },
            { op: "move", what: "$out", to: "battle" },
          ],
        },
      ],
    },
    {
      id: "toDeckBottom",
      kind: "replacement",
      zones: ["resolving"],
      text: "After this spell is cast, put it on the bottom of your deck instead of into your graveyard.",
      replaces: { on: "move", from: "resolving", to: "graveyard", self: true },
      instead: [{ op: "move", what: "event", to: "deck", position: "bottom" }],
    },
  ],
};

/**
 * DM Shield: シールド・ゴー. Sugoi Shugo Verneraito (凄い守護ヴェルネライト, read ハード・ガード), its text as
 * dmwiki.net's シールド・ゴー page quotes it: light, cost 3, Outrage 500; "このクリーチャーをバトルゾーンに
 * 出した時、相手のクリーチャーを1体選び、タップしてもよい。 / シールド・ゴー(このクリーチャーが破壊された時、
 * 新しいシールドとして自分のシールドゾーンに表向きのまま加える。このクリーチャーが表向きでシールドゾーンを離れる
 * 時、かわりに自分の墓地に置く)". Its English name is a transliteration.
 */
export const verneraito: CardDef = {
  id: "sugoi-shugo-verneraito",
  name: "Sugoi Shugo Verneraito",
  nameJa: "凄い守護ヴェルネライト",
  types: ["creature"],
  cost: 3,
  power: 500,
  civilizations: ["light"],
  races: ["Outrage"],
  keywords: ["shieldGo"],
  text: "When you put this creature into the battle zone, you may choose one of your opponent's creatures and tap it. Shield Go (when this creature is destroyed, add it to your shield zone face up as a new shield; when it would leave your shield zone face up, put it into your graveyard instead).",
  abilities: [
    {
      id: "tap",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "battle", controller: "opponent", type: "creature" },
          min: 0,
          max: 1,
          as: "tapped",
          prompt: "You may choose one of your opponent's creatures and tap it",
        },
        { op: "tap", what: "$tapped" },
      ],
    },
    ...shieldGo(),
  ],
};

export const turnRuleCards: CardDef[] = [
  kiposContraption,
  theClock,
  cyberJEleven,
  gejira,
  mugenNoMu,
  verneraito,
];
