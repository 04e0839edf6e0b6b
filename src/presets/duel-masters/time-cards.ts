/**
 * Cards for Duel Masters' durations, untaps and the mana charge limit (docs/rules-audit/
 * duel-masters.md, "Durations, untaps and the mana charge"): "until the start of your next turn"
 * (次の自分のターンのはじめまで), "this turn" (このターン) beside an extra turn, a delayed "at the end of
 * that turn" (そのターンの終わりに), "doesn't untap at the start of the opponent's next turn" (次の相手
 * のターンのはじめにアンタップされない), untapping by an effect (アンタップする), "at the end of your turn"
 * (自分のターンの終わりに) and "your opponent can't put cards from their hand into their mana zone"
 * (the charge limit, DM 503.2). Each text is as dmwiki.net's page for the card (or the page named)
 * quotes it; the English names are the printed ones where the fandom wiki gives them, else
 * transliterations.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { Ability } from "./card-parts.js";
import { CHARGE } from "./charge.js";
import type { DuelMastersOp } from "./ops.generated.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<DuelMastersOp>;

/**
 * 無双竜機ボルバルザーク (dmwiki.net's page; English "Bombazar, Dragon of Destiny", the fandom wiki's
 * Extra Turn page): fire/nature 7, Armored Dragon/Earth Dragon 6000; "スピードアタッカー / W・ブレイ
 * カー / このクリーチャーが出た時、他のパワー6000のクリーチャーをすべて破壊する。その後、このターンの後に
 * 自分のターンを追加する。そのターンの終わりに、自分はゲームに負ける。" (※プレミアム殿堂: not allowed in
 * official events; in the library for its rules). "そのターンの終わりに" is a delayed ability: it waits
 * for the turn added — the controller's next turn, taken directly after this one (DM 500.5) — and
 * triggers at that turn's end of turn step; it is written as two delayed abilities, the first
 * waiting for that turn to begin. Simplified: were another extra turn added after it in the same
 * turn (taken first, DM 500.5), the loss would come at the end of that one.
 */
export const bombazar: CardDef = {
  id: "musou-ryuki-bolbalzak",
  name: "Bombazar, Dragon of Destiny",
  nameJa: "無双竜機ボルバルザーク",
  types: ["creature"],
  cost: 7,
  power: 6000,
  civilizations: ["fire", "nature"],
  races: ["Armored Dragon", "Earth Dragon"],
  keywords: ["speedAttacker", "doubleBreaker"],
  text: "Speed Attacker. Double Breaker. When this creature is put into the battle zone, destroy all other creatures that have power 6000. Then take an extra turn after this one. At the end of that turn, you lose the game.",
  abilities: [
    {
      id: "destiny",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        {
          op: "move",
          what: { select: { zone: "battle", type: "creature", other: true, where: { power: 6000 } } },
          to: "graveyard",
          event: "destroy",
        },
        { op: "extraTurn" },
        { op: "delayed", ability: "thatTurn" },
      ],
    },
    {
      id: "thatTurn",
      kind: "delayed",
      text: "The turn added begins: at the end of that turn, you lose the game.",
      trigger: { on: "turnBegin", player: "self" },
      effect: [{ op: "delayed", ability: "lose", expires: "turn" }],
    },
    {
      id: "lose",
      kind: "delayed",
      text: "At the end of that turn, you lose the game.",
      trigger: { on: "nodeBegin", where: { "data.node": "end" } },
      // 負けない effects (Legend Dogiragon's) prevent it: loseGame reads them.
      effect: [{ op: "loseGame" }],
    },
  ],
};

/**
 * 伝説のレジェンド ドギラゴン (dmwiki.net's page, its current text): fire 8, Mega Command Dragon/
 * Revolutionary/Hamukatsu-dan 14000; "スピードアタッカー / T・ブレイカー / このクリーチャーが出た時、
 * このターン、このクリーチャーはアンタップしているクリーチャーを攻撃できる。 / このクリーチャーがバトルに
 * 勝った時、次の自分のターンのはじめまで、自分はゲームに負けない。" Its English name is a transliteration.
 */
export const legendDogiragon: CardDef = {
  id: "densetsu-no-legend-dogiragon",
  name: "Densetsu no Legend Dogiragon",
  nameJa: "伝説のレジェンド ドギラゴン",
  types: ["creature"],
  cost: 8,
  power: 14000,
  civilizations: ["fire"],
  races: ["Mega Command Dragon", "Revolutionary", "Hamukatsu-dan"],
  keywords: ["speedAttacker", "tripleBreaker"],
  text: "Speed Attacker. Triple Breaker. When this creature is put into the battle zone, this turn, it can attack untapped creatures. When this creature wins a battle, until the start of your next turn, you don't lose the game.",
  abilities: [
    {
      id: "untappedKiller",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [
        {
          op: "until",
          // このターン: until this turn has completely ended (DM 500.3), not into an extra turn after it.
          expires: "turn",
          target: "self",
          effect: { kind: "attackUntapped" },
          label: "can attack untapped creatures this turn",
        },
      ],
    },
    {
      id: "dontLose",
      kind: "triggered",
      trigger: { on: "battleWon", self: true },
      effect: [
        {
          op: "until",
          // 次の自分のターンのはじめまで: ends as a turn of this player begins — skipped turns never
          // begin, an opponent's extra turn is not theirs.
          expires: { begin: "turn", player: "self" },
          targetPlayer: "self",
          effect: { kind: "cantLose" },
          label: "doesn't lose the game until the start of their next turn",
        },
      ],
    },
  ],
};

/**
 * リアリティ・ヴォイド (dmwiki.net's page; "Reality Void" in the fandom wiki's Charge Step page):
 * darkness 3, spell; "次の自分のターンのはじめまで、相手は自分自身の手札をマナゾーンに置くことができない。"
 * Written as the charge limit lowered to 0 (DM 503.2): no other way to put a card from the hand into
 * the mana zone is in the library.
 */
export const realityVoid: CardDef = {
  id: "reality-void",
  name: "Reality Void",
  nameJa: "リアリティ・ヴォイド",
  types: ["spell"],
  cost: 3,
  civilizations: ["darkness"],
  text: "Until the start of your next turn, your opponent can't put cards from their hand into their mana zone.",
  abilities: [
    {
      id: "spell",
      kind: "activated",
      effect: [
        {
          op: "until",
          expires: { begin: "turn", player: "self" },
          targetPlayer: "opponent",
          effect: { kind: "actionLimit", value: { action: CHARGE, max: 0 } },
          label: "can't put cards from their hand into their mana zone",
        },
      ],
    },
  ],
};

/** "…1体選び、タップしてもよい。そのクリーチャーは次の相手のターンのはじめにアンタップされない" as ops. */
const freeze: NonNullable<Ability["effect"]> = [
  {
    op: "choose",
    chooser: "controller",
    from: { zone: "battle", controller: "opponent", type: "creature" },
    min: 1,
    max: 1,
    as: "frozen",
    prompt:
      "Choose one of your opponent's creatures (you may tap it; it doesn't untap at the start of their next turn)",
  },
  // biome-ignore lint/suspicious/noThenProperty: "then" is the name of the op's argument
  { op: "may", prompt: "Tap it?", then: [{ op: "tap", what: "$frozen" }] },
  {
    op: "until",
    // The kernel's exemption from the start of turn untap (dmwiki フリーズ: only the turn-based
    // untap is stopped), until the opponent's next start of turn step has ended.
    expires: { end: "start", player: "opponent", turn: "next" },
    target: "$frozen",
    effect: { kind: "exempt", value: { from: "untap" } },
    label: "doesn't untap at the start of its controller's next turn",
  },
];

/**
 * 凍結の魔天ダイイング・メッセージ (dmwiki.net's page): light 7, Demon Command 7000; "このクリーチャーを
 * バトルゾーンに出した時、またはこのクリーチャーが攻撃する時、バトルゾーンにある相手のクリーチャーを1体選び、
 * タップしてもよい。そのクリーチャーは次の相手のターンのはじめにアンタップされない。(まず何を攻撃するか選んで
 * から、タップするクリーチャーを選ぶ) / W・ブレイカー". (Duel Masters Play's version adds Blocker; this is
 * the paper card.) Its English name is a transliteration.
 */
export const dyingMessage: CardDef = {
  id: "touketsu-no-maten-dying-message",
  name: "Touketsu no Maten Dying Message",
  nameJa: "凍結の魔天ダイイング・メッセージ",
  types: ["creature"],
  cost: 7,
  power: 7000,
  civilizations: ["light"],
  races: ["Demon Command"],
  keywords: ["doubleBreaker"],
  text: "When you put this creature into the battle zone, or whenever it attacks, choose one of your opponent's creatures in the battle zone; you may tap it. That creature doesn't untap at the start of your opponent's next turn. Double Breaker.",
  abilities: [
    {
      id: "freezeOnEntry",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: freeze,
    },
    // The attack (and its target) is declared first, then the creature is chosen.
    { id: "freezeOnAttack", kind: "triggered", trigger: { on: "attack", self: true }, effect: freeze },
  ],
};

/**
 * ボルバルザーク・エクス (dmwiki.net's マナ回復 page): fire/nature 7, Armored Dragon/Earth Dragon/Hunter
 * 6000; "スピードアタッカー / W・ブレイカー / このクリーチャーがバトルゾーンに出た時、自分のマナゾーンに
 * あるカードをすべてアンタップする。" (※殿堂入り.) The untap is one effect: one batch of `untap` events.
 */
export const bolbalzakEx: CardDef = {
  id: "bolbalzak-ex",
  name: "Bolbalzak Ex",
  nameJa: "ボルバルザーク・エクス",
  types: ["creature"],
  cost: 7,
  power: 6000,
  civilizations: ["fire", "nature"],
  races: ["Armored Dragon", "Earth Dragon", "Hunter"],
  keywords: ["speedAttacker", "doubleBreaker"],
  text: "Speed Attacker. Double Breaker. When this creature is put into the battle zone, untap all the cards in your mana zone.",
  abilities: [
    {
      id: "untapMana",
      kind: "triggered",
      trigger: { on: "move", to: "battle", self: true },
      effect: [{ op: "untap", what: { select: { zone: "mana", controller: "self" } } }],
    },
  ],
};

/**
 * 信心深きコットン (dmwiki.net's 自分のターンの終わりに、このクリーチャーをアンタップする page): light 2,
 * Oracle 2500; "ブロッカー / このクリーチャーは相手プレイヤーを攻撃できない。 / 自分のターンの終わりに、
 * このクリーチャーをアンタップする。" Its English name is a transliteration.
 */
export const shinjinbukakiCotton: CardDef = {
  id: "shinjinbukaki-cotton",
  name: "Shinjinbukaki Cotton",
  nameJa: "信心深きコットン",
  types: ["creature"],
  cost: 2,
  power: 2500,
  civilizations: ["light"],
  races: ["Oracle"],
  keywords: ["blocker"],
  text: "Blocker. This creature can't attack players. At the end of your turn, untap this creature.",
  abilities: [
    {
      id: "noPlayers",
      kind: "static",
      text: "This creature can't attack players.",
      static: { kind: "cantAttackPlayers" },
    },
    {
      id: "vigil",
      kind: "triggered",
      text: "At the end of your turn, untap this creature.",
      trigger: { on: "nodeBegin", player: "self", where: { "data.node": "end" } },
      effect: [{ op: "untap", what: "self" }],
    },
  ],
};

export const timeCards: CardDef[] = [
  bombazar,
  legendDogiragon,
  realityVoid,
  dyingMessage,
  bolbalzakEx,
  shinjinbukakiCotton,
];
