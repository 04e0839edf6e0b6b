/**
 * Cards for breaking shields by an effect and for abilities that care which creature broke a
 * shield (docs/rules-audit/duel-masters.md, "Shields: breaking"; breaks.ts). Each text is as
 * dmwiki.net quotes it; the English names are transliterations.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { DuelMastersOp } from "./ops.generated.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<DuelMastersOp>;

/**
 * 神拳の超人 (read アヴァランチ・ジャイアント; dmwiki.net's ブロック貫通 page): nature 6, Giant 8000;
 * "W・ブレイカー / このクリーチャーは、クリーチャーを攻撃できない。 / このクリーチャーがブロックされた時、
 * 相手のシールドを1枚ブレイクする。" A break by an ability: one shield, whatever its breakers (dmwiki
 * ブレイカー: they work only for an attack that reaches the player), chosen by the breaking side
 * (dmwiki ブレイク). The text names no creature as the breaker, so its controller breaks it: the
 * `break` event's cause is the ability (this creature its source), and no `broke` event is about
 * the creature — this preset's reading of a text without a subject, not checked against a ruling.
 */
export const shinkenNoChojin: CardDef = {
  id: "shinken-no-chojin",
  name: "Shinken no Chojin",
  nameJa: "神拳の超人",
  types: ["creature"],
  cost: 6,
  power: 8000,
  civilizations: ["nature"],
  races: ["Giant"],
  keywords: ["doubleBreaker"],
  text: "Double Breaker. This creature can't attack creatures. Whenever this creature is blocked, break one of your opponent's shields.",
  abilities: [
    {
      id: "noCreatures",
      kind: "static",
      text: "This creature can't attack creatures.",
      static: { kind: "cantAttackCreatures" },
    },
    {
      id: "pierce",
      kind: "triggered",
      text: "Whenever this creature is blocked, break one of your opponent's shields.",
      trigger: { on: "blocked", self: true },
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "shield", controller: "opponent" },
          min: 1,
          max: 1,
          as: "shield",
          prompt: "Break one of your opponent's shields",
        },
        { op: "breakShields", what: "$shield" },
      ],
    },
  ],
};

/**
 * 疾駆竜 ボルシャック・アッシュ・レイダー (dmwiki.net's page): fire 6, Armored Dragon 6000; "このクリー
 * チャーを、[火(4)]を支払って召喚してもよい。そうしたら、このクリーチャーが出た時、相手は自分の山札の上から
 * 2枚をシールド化してもよい。 / スピードアタッカー / W・ブレイカー / 自分のクリーチャーがシールドをブレイク
 * した時、カードを1枚引いてもよい。" Once per shield broken (dmwiki ブレイクした時: two for a Double
 * Breaker's two), by an attack or by an ability that names the creature as the breaker.
 * Simplified: the alternative cost [火(4)] (and the shields it gives the opponent) is not written.
 */
export const ashRaider: CardDef = {
  id: "shikkuryu-bolshack-ash-raider",
  name: "Shikkuryu Bolshack Ash Raider",
  nameJa: "疾駆竜 ボルシャック・アッシュ・レイダー",
  types: ["creature"],
  cost: 6,
  power: 6000,
  civilizations: ["fire"],
  races: ["Armored Dragon"],
  keywords: ["speedAttacker", "doubleBreaker"],
  text: "Speed Attacker. Double Breaker. Whenever one of your creatures breaks a shield, you may draw a card. (Its alternative cost, fire 4, is not written.)",
  abilities: [
    {
      id: "draw",
      kind: "triggered",
      text: "Whenever one of your creatures breaks a shield, you may draw a card.",
      trigger: {
        on: "broke",
        player: "self",
        card: { type: "creature" },
        noun: "shield broken by your creature",
      },
      optional: true,
      effect: [{ op: "draw", n: 1 }],
    },
  ],
};

export const breakCards: CardDef[] = [shinkenNoChojin, ashRaider];
