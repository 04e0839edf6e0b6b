/**
 * Zefraath (seeds/ygo-once-per-turn-en.txt: "grants an additional Pendulum Summon", RULINGS
 * YG-3.1) and the "Zefra" Pendulum Monsters it needs: Zefraath is Special Summoned from the
 * face-up Extra Deck by Tributing all monsters you control, including at least 3 "Zefra" monsters.
 * Pendulum Scales: every "Zefra" monster has Scale 1 or 7, Zefraath 5.
 */
import type { ConditionT, EventPattern, PresetCardDef, Selector } from "../../core/vocabulary/schema.js";
import { GAIN_ONCE, SOFT_OPT } from "./effect-cards.js";
import type { YugiohOp } from "./ops.generated.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<YugiohOp>;
type AbilityDef = NonNullable<CardDef["abilities"]>[number];

/** Every Pendulum Monster can be activated from the hand in a Pendulum Zone, as a Spell Card. */
export const PENDULUM_SCALE: AbilityDef = {
  id: "activate",
  kind: "activated",
  zones: ["hand"],
  text: "Activate this card in your Pendulum Zone",
};

/** "If this card is sent to the GY": every event of this preset that puts a card there. */
export const SENT_TO_GY: EventPattern = {
  on: ["move", "destroy", "discard", "tribute", "detach", "fusionMaterial"],
  to: "graveyard",
  self: true,
};

/** The Pendulum Effect every "Zefra" monster shares, with its other archetype. */
function zefraRestriction(partner: string): AbilityDef {
  return {
    id: "restriction",
    kind: "static",
    zones: ["pendulum"],
    text: `You cannot Pendulum Summon monsters, except "${partner}" and "Zefra" monsters. This effect cannot be negated.`,
    static: { kind: "pendulumSummonOnly", archetypes: [partner, "Zefra"] },
  };
}

const ZEFRA_PENDULUM_IN_DECK: Selector = {
  zone: "deck",
  controller: "self",
  type: "pendulum",
  where: { archetypes: "Zefra" },
};

const SUMMONABLE_ZEFRA_IN_DECK: Selector = {
  zone: "deck",
  controller: "self",
  type: "monster",
  where: { archetypes: "Zefra", specialSummonable: true },
};

/**
 * The monster text is the TCG's (MACR-EN030); the Pendulum Effect's English wording is rendered
 * from the OCG text 《智天の神星龍》 (docs/yugioh.md: unconfirmed data).
 */
export const zefraath: CardDef = {
  id: "zefraath",
  name: "Zefraath",
  types: ["monster", "effect", "pendulum"],
  races: ["Rock"],
  stats: { level: 11, atk: 3450, def: 2950, attribute: "EARTH", scale: 5, archetypes: ["Zefra"] },
  text: '[Pendulum Effect] During your Main Phase: You can add 1 "Zefra" Pendulum Monster from your Deck to your Extra Deck face-up, and if you do, this card\'s Pendulum Scale becomes the same as that Pendulum Monster\'s, until the end of this turn. You can only use this effect of "Zefraath" once per turn. [Monster Effect] Cannot be Normal Summoned/Set. Must be Special Summoned (from your face-up Extra Deck) by Tributing all monsters you control, including at least 3 "Zefra" monsters, and cannot be Special Summoned by other ways. After you Special Summon this card, you can conduct 1 Pendulum Summon of a "Zefra" monster(s) during your Main Phase this turn, in addition to your Pendulum Summon. (You can only gain this effect once per turn.) Once per turn: You can Tribute 1 monster; Special Summon 1 "Zefra" monster from your Deck.',
  abilities: [
    PENDULUM_SCALE,
    {
      id: "scale",
      kind: "activated",
      timing: "ignition",
      zones: ["pendulum"],
      text: 'Add 1 "Zefra" Pendulum Monster from your Deck to your Extra Deck face-up; this card\'s Pendulum Scale becomes its',
      condition: { count: ZEFRA_PENDULUM_IN_DECK, gte: 1 },
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: ZEFRA_PENDULUM_IN_DECK,
          min: 1,
          max: 1,
          as: "added",
          prompt: 'Add 1 "Zefra" Pendulum Monster from your Deck to your Extra Deck face-up',
        },
        { op: "move", what: "$added", to: "extra" },
        { op: "scaleBecomes", of: "$added" },
      ],
      limit: {
        counts: "use",
        key: "namePerPlayer",
        window: "turn",
        label: 'You can only use this effect of "Zefraath" once per turn',
      },
    },
    {
      id: "summonCondition",
      kind: "static",
      zones: [],
      static: { kind: "summonCondition", normalSummon: false, otherSpecialSummons: false },
    },
    {
      id: "procedure",
      kind: "static",
      zones: [],
      static: { kind: "tributeAllFromExtraDeck", atLeast: 3, archetype: "Zefra", gains: "pendulumAgain" },
    },
    // Gained as it is Special Summoned: the shared "gain this effect" bucket (RULINGS YG-3.1).
    {
      id: "pendulumAgain",
      kind: "static",
      zones: [],
      text: 'You can conduct 1 Pendulum Summon of a "Zefra" monster(s) during your Main Phase this turn, in addition to your Pendulum Summon',
      static: { kind: "extraPendulumSummon", archetype: "Zefra" },
      limit: GAIN_ONCE,
    },
    {
      id: "recruit",
      kind: "activated",
      timing: "ignition",
      text: 'Tribute 1 monster; Special Summon 1 "Zefra" monster from your Deck',
      condition: { count: SUMMONABLE_ZEFRA_IN_DECK, gte: 1 },
      cost: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "monster", controller: "self" },
          min: 1,
          max: 1,
          as: "tributed",
          prompt: "Tribute 1 monster",
        },
        { op: "move", what: "$tributed", to: "graveyard", event: "tribute" },
      ],
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: SUMMONABLE_ZEFRA_IN_DECK,
          min: 1,
          max: 1,
          as: "recruited",
          prompt: 'Special Summon 1 "Zefra" monster from your Deck',
        },
        { op: "specialSummon", what: "$recruited" },
      ],
      limit: SOFT_OPT,
    },
  ],
};

const OWN_OTHER_TELLARKNIGHT_OR_ZEFRA: Selector = {
  zone: ["monster", "pendulum"],
  controller: "self",
  faceDown: false,
  other: true,
  where: { archetypes: { includesAny: ["tellarknight", "Zefra"] } },
};

const OPPONENTS_FACE_UP_CARD: Selector = {
  zone: ["monster", "spellTrap", "pendulum"],
  controller: "opponent",
  faceDown: false,
};

/** Level 4, Scale 1 (yugioh-wiki.net); the English wording is rendered from the OCG text. */
export const satellarknightZefrathuban: CardDef = {
  id: "satellarknight-zefrathuban",
  name: "Satellarknight Zefrathuban",
  types: ["monster", "effect", "pendulum"],
  races: ["Warrior"],
  stats: { level: 4, atk: 0, def: 2100, attribute: "LIGHT", scale: 1, archetypes: ["tellarknight", "Zefra"] },
  text: '[Pendulum Effect] You cannot Pendulum Summon monsters, except "tellarknight" and "Zefra" monsters. This effect cannot be negated. [Monster Effect] If this card is Normal or Flip Summoned, or Pendulum Summoned: You can target 1 other "tellarknight" or "Zefra" card in your Monster Zone or Pendulum Zone, and 1 face-up card your opponent controls; destroy them. You can only use this effect of "Satellarknight Zefrathuban" once per turn.',
  abilities: [
    PENDULUM_SCALE,
    zefraRestriction("tellarknight"),
    {
      id: "destroy",
      kind: "triggered",
      optional: true,
      text: 'Destroy 1 other "tellarknight" or "Zefra" card of yours and 1 face-up card your opponent controls',
      trigger: { on: ["normalSummon", "flipSummon", "pendulumSummon"], self: true },
      // Needs both targets to be activated (its cost's `target: true` choices).
      cost: [
        {
          op: "choose",
          chooser: "controller",
          from: OWN_OTHER_TELLARKNIGHT_OR_ZEFRA,
          min: 1,
          max: 1,
          as: "mine",
          target: true,
          prompt: 'Target 1 other "tellarknight" or "Zefra" card in your Monster Zone or Pendulum Zone',
        },
        {
          op: "choose",
          chooser: "controller",
          from: OPPONENTS_FACE_UP_CARD,
          min: 1,
          max: 1,
          as: "theirs",
          target: true,
          prompt: "Target 1 face-up card your opponent controls",
        },
      ],
      effect: [{ op: "destroy", what: ["$mine", "$theirs"] }],
      limit: {
        counts: "use",
        key: "namePerPlayer",
        window: "turn",
        label: 'You can only use this effect of "Satellarknight Zefrathuban" once per turn',
      },
    },
  ],
};

const ZEFRA_IN_OWN_PENDULUM_ZONE: ConditionT = {
  count: { zone: "pendulum", controller: "self", where: { archetypes: "Zefra" } },
  gte: 1,
};

/** "You must have a "Zefra" card in your Pendulum Zone to activate and to resolve this effect." */
function zefranagaBounce(id: string, trigger: EventPattern): AbilityDef {
  return {
    id,
    kind: "triggered",
    optional: true,
    ...(trigger.to === "graveyard" ? { zones: ["graveyard"] } : {}),
    text: "Return 1 card in either player's Pendulum Zone to the hand",
    trigger,
    condition: ZEFRA_IN_OWN_PENDULUM_ZONE,
    cost: [
      {
        op: "choose",
        chooser: "controller",
        from: { zone: "pendulum" },
        min: 1,
        max: 1,
        as: "target",
        target: true,
        prompt: "Target 1 card in either player's Pendulum Zone",
      },
    ],
    effect: [
      {
        op: "if",
        if: ZEFRA_IN_OWN_PENDULUM_ZONE,
        // biome-ignore lint/suspicious/noThenProperty: "then" is the op's branch in the card vocabulary
        then: [{ op: "returnToHand", what: "$target" }],
      },
    ],
    limit: {
      counts: "use",
      key: "group",
      group: "Shaddoll Zefranaga",
      window: "turn",
      label: 'You can only use this effect of "Shaddoll Zefranaga" once per turn',
    },
  };
}

/** Level 2, Scale 1; its TCG text. */
export const shaddollZefranaga: CardDef = {
  id: "shaddoll-zefranaga",
  name: "Shaddoll Zefranaga",
  types: ["monster", "effect", "pendulum"],
  races: ["Spellcaster"],
  stats: { level: 2, atk: 900, def: 100, attribute: "DARK", scale: 1, archetypes: ["Shaddoll", "Zefra"] },
  text: '[Pendulum Effect] You cannot Pendulum Summon monsters, except "Shaddoll" and "Zefra" monsters. This effect cannot be negated. [Monster Effect] If this card is Pendulum Summoned or sent to the GY: You can target 1 card in either player\'s Pendulum Zone; return it to the hand. You must have a "Zefra" card in your Pendulum Zone to activate and to resolve this effect. You can only use this effect of "Shaddoll Zefranaga" once per turn.',
  abilities: [
    PENDULUM_SCALE,
    zefraRestriction("Shaddoll"),
    zefranagaBounce("pendulumSummoned", { on: "pendulumSummon", self: true }),
    zefranagaBounce("sentToGraveyard", SENT_TO_GY),
  ],
};

export const zefraCards: CardDef[] = [zefraath, satellarknightZefrathuban, shaddollZefranaga];
