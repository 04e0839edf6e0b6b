/**
 * What Yu-Gi-Oh! adds to the kernel's card vocabulary: its card fields, the events its rules emit
 * (that triggers, limits and conditions may name), and the continuous effect kinds it reads.
 */
import type { CardFieldSpec } from "../../core/preset.js";

export const ygoCardFields: Record<string, CardFieldSpec> = {
  races: {
    type: "array",
    items: { type: "string", minLength: 1 },
    description:
      'A monster\'s Type, as printed: ["Dragon"], ["Spellcaster"] (Yu-Gi-Oh! calls it Type; `types` holds the card types).',
  },
};

const whole = (what: string, min = 0): CardFieldSpec => ({
  type: "integer",
  minimum: min,
  description: what,
});

/**
 * Keys of a card's `stats` Yu-Gi-Oh! reads, checked whenever a card has them (others stay free):
 * an ATK written as text or an attribute in lower case would otherwise be read as none.
 */
export const ygoStatFields: Record<string, CardFieldSpec> = {
  atk: whole("A monster's printed ATK."),
  def: whole("A monster's printed DEF (none on a Link Monster)."),
  level: whole("A monster's printed Level (1–12).", 1),
  rank: whole("An Xyz Monster's printed Rank.", 0),
  link: whole("A Link Monster's Link Rating.", 1),
  scale: whole("A Pendulum Monster's Pendulum Scale."),
  attribute: {
    type: "string",
    enum: ["LIGHT", "DARK", "EARTH", "WATER", "FIRE", "WIND", "DIVINE"],
    description: 'A monster\'s Attribute as printed, in capitals: "DARK".',
  },
  arrows: {
    type: "array",
    items: {
      type: "string",
      enum: ["topLeft", "top", "topRight", "left", "right", "bottomLeft", "bottom", "bottomRight"],
    },
    description:
      "A Link Monster's Link Arrows (those toward the opponent's field are read only from an Extra Monster Zone).",
  },
  archetypes: {
    type: "array",
    items: { type: "string", minLength: 1 },
    description: 'Archetypes the card belongs to beside those in its name ("Blue-Eyes").',
  },
};

const move = "a move; obj, card, from, to, player (owner), cause";

export const ygoEvents: Record<string, string> = {
  normalSummon: `A monster was Normal (or Tribute) Summoned: ${move}.`,
  set: `A monster was Set from the hand: ${move}; data.usesNormalSummon when it uses the turn's Normal Summon or Set, data.extra for an additional one.`,
  flipSummon:
    "A face-down monster was Flip Summoned (turned face-up as being Flip Summoned, then `faceUp` once no Counter Trap negated it): obj, card, player.",
  specialSummon: `A monster was Special Summoned: ${move}; data.position "def" in Defense Position.`,
  summoning: `A monster was placed on the field to be Summoned (or, for a Flip Summon, turned face-up in place: no from/to); the Summon (data.summon, its event) happens after the Counter Trap window unless negated: ${move}; a Normal Summon's data.usesNormalSummon when it uses the turn's Normal Summon or Set (counted as placed, negated or not).`,
  summonNegated:
    "A Summon was negated (Solemn Judgment, Solemn Strike): obj (the monster), player (who negated), data.summon.",
  fusionSummon: `A Fusion Monster was Fusion Summoned from the Extra Deck: ${move}.`,
  xyzSummon: `An Xyz Monster was Xyz Summoned: ${move}.`,
  linkSummon: "A Link Monster was Link Summoned (Master Rule 2020): obj, card, player, from, to.",
  linkMaterial: `A monster was sent to the GY as Link Material: ${move}.`,
  pendulumSummon: `A monster was Pendulum Summoned: ${move}, data.position.`,
  tribute: `A monster was Tributed: ${move}.`,
  fusionMaterial: `A monster was sent to the GY as Fusion Material: ${move}.`,
  detach: `An Xyz Material was detached: ${move}.`,
  destroy: `A card was destroyed: ${move}.`,
  discard: `A card was discarded: ${move}.`,
  returnToHand: `A card on the field was returned to the hand: ${move}.`,
  banish: `A card was banished face-up by an effect (the \`banish\` op: "banish that target, and if you do"): ${move}.`,
  equip: `An Equip Card was placed in the Spell & Trap Zone equipped to a monster: ${move}, data.to.`,
  setCard: `A Spell or Trap Card was Set from the Deck by an effect: ${move}.`,
  activateCard: `A Spell/Trap Card was activated from the hand (placed on the field): ${move}.`,
  position:
    "A monster's battle position was changed: obj, player, cause (the turn player's action, or the card effect), data.to (atk or def); by a card effect (`changePosition`, `setSelfFaceDown`) also data.faceDown and data.byEffect.",
  attack: "A monster declared an attack: obj (the attacker), player (its controller), data.target.",
  attackNegated: "An attack was negated by an effect: player, data.attacker.",
  attackStopped:
    'An attack stopped: the attacking player stopped it on a replay (data.reason "replay", cause the player\'s action), or the attacking monster could not go on (it left the field, was turned face-down, changed position or control, "cannot attack"; in the Damage Step also the attacked monster left or changed control: data.reason, cause a rule): obj (the attacker), player.',
  replay:
    "A replay (YG-T6): the attacking player chose a new target or a direct attack, which is no new declaration: obj, player, data.target.",
  lpGain: "A player gained Life Points: player, cause (the effect), data.n, data.lp.",
  effectDamage: "A player took effect damage: player, cause (the effect), data.n, data.lp.",
  battleDamage:
    "A player took battle damage: player (who took it), obj (the monster that inflicted it), cause (kind rule, rule battle, player: that monster's controller), data.n, data.lp, data.direct (a direct attack).",
  payLP: "A player paid Life Points as a cost (or a maintenance cost): player, data.n, data.lp.",
  activationNegated: "A chain link's activation was negated: player, data.link, data.ability.",
  effectNegated: "A chain link's effect was negated: player, data.link, data.ability.",
  linkNegated: "A negated chain link resolved doing nothing: player, name, data.ability, data.how.",
  chainResolved: "A chain finished resolving: player (active).",
  missedTiming:
    'An optional "when" effect missed its timing (YG-T3) and is not activated: obj, card, player, data.ability, data.pending.',
  cannotActivate:
    "A trigger effect can't be activated and is not (its card left where it triggered, its condition doesn't hold, a cost can't be paid or a target is missing): obj, card, player, data.ability, data.pending, data.reasons.",
  coinToss: "Coins were tossed by an effect: player, data.results, data.heads.",
  coinCall: "A player called a coin toss: player, data.call, data.result, data.right.",
  effectGained:
    "A player gained an effect (a card's effect granted until a time): player, name, data.ability.",
};

export const ygoEffectKinds: Record<string, string> = {
  atk: "value: ATK gained (or lost, negative) by the target monster while it lasts.",
  atkSet: "value: the target monster's ATK becomes this (applied in order with atk changes).",
  def: "value: DEF gained (or lost) by the target monster.",
  name: "value: the target card's name becomes this (name-changing effects).",
  scale: "value: the target Pendulum card's Scale becomes this (the latest applies).",
  noEffectMonsterSummons: "The target player can't Summon Effect Monsters while it lasts.",
  negateEffects: "The target card's effects are negated while it lasts.",
  cannotAttack:
    "The target monster cannot attack while it lasts: it declares no attack, and an attack it has declared stops (YG Battle Step).",
};
