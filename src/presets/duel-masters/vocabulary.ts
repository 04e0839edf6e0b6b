/**
 * What Duel Masters adds to the kernel's card vocabulary: its card fields, the events its rules
 * emit (that triggers, limits and conditions may name), and the continuous effect kinds it reads.
 */
import type { CardFieldSpec } from "../../core/preset.js";

const CIVILIZATIONS = ["light", "water", "darkness", "fire", "nature", "colorless"];

export const dmCardFields: Record<string, CardFieldSpec> = {
  civilizations: {
    type: "array",
    items: { type: "string", enum: CIVILIZATIONS },
    description:
      'The card\'s civilizations (DM 202): ["fire"], ["water", "darkness"] for a multicolored card; ["colorless"] for a Zero card. Mana of these civilizations pays for it.',
  },
  races: {
    type: "array",
    items: { type: "string", minLength: 1 },
    description:
      'The creature\'s races, as printed: ["Armored Dragon"], ["Liquid People", "Initiate"]. Race words ("Dragon", "Knight") are read as parts of them.',
  },
  infiniteCost: {
    type: "boolean",
    description:
      'The card\'s cost is ∞ (DM ∞): no mana can pay it and "cost N or less" never matches it; such a card is used by other means (Mugen Climb).',
  },
  nameJa: {
    type: "string",
    minLength: 1,
    description: "The Japanese printed name, for cards whose effects read the name's characters (「無」).",
  },
};

/**
 * Keys of a card's `stats` Duel Masters reads, checked whenever a card has them (others stay free):
 * a civilization misspelt in Strike Back or an evolution source would otherwise match nothing.
 */
export const dmStatFields: Record<string, CardFieldSpec> = {
  crossCost: {
    type: "integer",
    minimum: 0,
    description: "Cross Gear: the cost to cross it onto a creature.",
  },
  powerBonus: { type: "integer", description: "Power a Cross Gear or an effect's printed bonus adds." },
  strikeBack: {
    type: "string",
    enum: CIVILIZATIONS,
    description:
      "Strike Back (S・バック): the civilization of the card put from a broken shield to the graveyard.",
  },
  evolvesFrom: {
    type: "array",
    items: { type: "string", minLength: 1 },
    description: 'An Evolution Creature\'s sources, by race or name words: ["Fire Bird"].',
  },
  evolvesFromCivilizations: {
    type: "array",
    items: { type: "string", enum: CIVILIZATIONS },
    description: "An Evolution Creature that evolves from a creature of any of these civilizations.",
  },
  evolvesFromMulticolored: {
    type: "boolean",
    description: "An Evolution Creature that evolves from a multicolored creature.",
  },
  awakensTo: { type: "string", minLength: 1, description: "A Psychic Creature's awakened side (a card id)." },
  awakenedFrom: { type: "string", minLength: 1, description: "An awakened side's front side (a card id)." },
};

export const dmEvents: Record<string, string> = {
  awaken:
    "A Psychic Creature awakened (turned to its awakened side, losing summoning sickness): obj, card, player, data.from, data.fromName.",
  release:
    "An awakened Psychic Creature was released (turned back to its front side): obj, card, player, data.from, data.fromName.",
  summon:
    "A creature was summoned (a move into the battle zone recorded as summon): obj, card, from, to, player (owner).",
  cast: "A spell was cast: obj, card, player (its caster).",
  deploy: "A Field (D2 Field and the like) was deployed into the battle zone: obj, card, player.",
  cross:
    "A Cross Gear was crossed onto a creature: obj (the gear), player, data.to (the creature), data.toName.",
  attack:
    "A creature attacked (it is tapped first): obj (the attacker), player (its controller), data.target.",
  attacked:
    "A creature was chosen as an attack's target: obj (the attacked creature), player (its controller).",
  block:
    "A creature blocked the attack: obj (the blocker), player (its controller); the blocker's tap before it is an action (cause kind action).",
  blocked:
    'An attacking creature was blocked ("when this creature is blocked", ブロックされた時): obj (the attacker), player (its controller), data.by (the blocker).',
  battle:
    "Two creatures battle: obj (the attacker), player (its controller), data.against, data.againstName, data.power, data.againstPower.",
  battleWon:
    "A creature won a battle (it is still in the battle zone, the other is not): obj, player (its controller).",
  break:
    'A shield was broken and went to its owner\'s hand: a move from shield to hand; obj (the shield: its identity only for those who see it), player (the shield\'s owner), cause — what broke it: kind "action" (player, obj, card, name: the creature whose attack broke it) or kind "effect" (the effect\'s controller and source). One per shield; a replaced break is none.',
  broke:
    'A creature broke a shield (DM ブレイクした時): obj (the breaker: the attacker, or a creature an ability names as breaking), player (its controller), cause (as the break\'s), data.owner (whose shield). One per shield broken, after its `break`; nothing about the shield itself. "When this creature breaks a shield" is `{ on: broke, self: true }`; "one or more" adds `oneOrMore: true`.',
  shieldsBreaking:
    "Shields are about to be broken, by an attack or an effect (DM ブレイクされる時, before they go to the hand): player (the shields' owner), cause (what breaks them, as the breaks' own), data.n (how many of theirs), data.last (true when they are all the player's remaining shields), data.by (the attacker, for an attack).",
  zoneLimit:
    "Duel Masters Play's 上限枚数: a card would go over a zone's limit and goes elsewhere instead (its owner's graveyard): player (whose zone), data.zone (hand, shield or battle), data.limit, data.to (where it goes). The card's move follows.",
  shield:
    "A card was put into the shield zone face-down (the opening shields, an effect that adds a shield): a move; obj, player.",
  winByAttack:
    "An attack would win the game (the defender has no shield): obj (the attacker), player (its controller); replaceable.",
  lossPrevented:
    "A player would have lost to an attack but an effect prevents it: player (the defender), data.by.",
  destroy:
    "A creature was destroyed: a move to the graveyard recorded as destroy; obj, from, to, player, cause.",
  discard: "A card was discarded: a move from a hand to the graveyard recorded as discard; obj, player.",
  seal: "A creature was sealed (a card put on it face-down): obj (the sealed creature), player (its controller).",
  unseal:
    "A seal was removed and put into the graveyard: a move; obj (the seal), player; data.commandName when a command entering removed it (DM Seals).",
  flip: "A creature in the battle zone was turned upside down by its own ability: obj, player.",
  proposal: "A proposal was answered: player (who proposed), data.to, data.accepted.",
  uncover:
    "The card under a Star Evolution creature was uncovered as its top card left: a move; obj, player.",
  starEvolutionLeft:
    "A Star Evolution creature's top card left, the card under it staying: obj (the new top), player, data.left.",
  payMana: "Mana was paid (cards tapped in the mana zone): player, data.cards.",
  untapStep: "The untap step untapped the active player's cards: player, data.untapped.",
  lapsed:
    "A pending ability ceased to exist without resolving, the rest of the turn being skipped (ターンの残りをとばす): obj, card, player (its controller), data.ability, data.pending, data.by (the skipping card).",
  startUntap:
    "Proposed, never logged: a tapped creature would untap in its controller's start of turn step (obj, player); Silent Skill replaces it.",
};

export const dmEffectKinds: Record<string, string> = {
  power: "value: a power bonus (+N) for the target creature while the effect lasts (DM 'gets +N power').",
  cantLose: "The target player can't lose the game while it lasts (\"you don't lose the game this turn\").",
  noUntap:
    "The target creature (or the target player's cards) do not untap in the start of turn step's untap (DM-T15): the preset's older name for the kernel's `exempt` with value `{ from: untap }`, which new cards write.",
  attackUntapped:
    'The target creature can attack untapped creatures while it lasts ("このターン、このクリーチャーはアンタップしているクリーチャーを攻撃できる").',
  cantAttackPlayer: "The target creature (or the target player's creatures) can't attack players.",
  noAttacks:
    "The target creature, the target player's creatures, or (no target) all creatures can't attack while it lasts (G-Strike: one creature, this turn).",
};
