/**
 * Cards whose effects are done in parts, one after another ("…, then …"), and a "When … you can"
 * effect that misses the timing when it triggers at a part that isn't the last (YG Missing the
 * timing: in the middle of an effect; effect-parts.ts). The texts are the TCG's as remembered: not
 * confirmable from a reachable source here (nor Peten's stats).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { YugiohOp } from "./ops.generated.js";
import { SENT_TO_GY } from "./zefra-cards.js";

type CardDef = PresetCardDef<YugiohOp>;

/**
 * "When this card is sent to the GY: You can …": an optional trigger that misses the timing when
 * being sent was not the last thing to happen. Level 3 DARK Spellcaster, 500/1200.
 */
export const petenTheDarkClown: CardDef = {
  id: "peten-the-dark-clown",
  name: "Peten the Dark Clown",
  types: ["monster", "effect"],
  races: ["Spellcaster"],
  stats: { level: 3, atk: 500, def: 1200, attribute: "DARK" },
  text: 'When this card is sent to the GY: You can banish this card from your GY; Special Summon 1 "Peten the Dark Clown" from your hand or Deck.',
  abilities: [
    {
      id: "another",
      kind: "triggered",
      optional: true,
      timing: "when",
      zones: ["graveyard"],
      text: 'Banish this card; Special Summon 1 "Peten the Dark Clown" from your hand or Deck',
      trigger: SENT_TO_GY,
      condition: {
        all: [
          { fn: "monsterZoneFree" },
          {
            count: { zone: ["hand", "deck"], controller: "self", name: "Peten the Dark Clown" },
            gte: 1,
          },
        ],
      },
      cost: [{ op: "move", what: "self", to: "banished" }],
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: ["hand", "deck"], controller: "self", name: "Peten the Dark Clown" },
          min: 1,
          max: 1,
          as: "peten",
          prompt: 'Special Summon 1 "Peten the Dark Clown" from your hand or Deck',
        },
        { op: "specialSummon", what: "$peten" },
      ],
    },
  ],
};

/**
 * The discards come first, then the draws: a "When … sent to the GY" effect of a discarded card
 * misses the timing. Each player's draw is done in turn (simplified: not at once).
 */
export const cardDestruction: CardDef = {
  id: "card-destruction",
  name: "Card Destruction",
  types: ["spell", "normal"],
  text: "Both players discard as many cards as possible from their hands, then each player draws the same number of cards they discarded.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      effect: [
        { op: "count", of: { zone: "hand", controller: "self" }, as: "mine" },
        { op: "count", of: { zone: "hand", controller: "opponent" }, as: "theirs" },
        { op: "move", what: { select: { zone: "hand" } }, to: "graveyard", event: "discard" },
        { op: "nextPart" },
        { op: "draw", player: "controller", n: "$mine" },
        { op: "draw", player: "opponent", n: "$theirs" },
      ],
    },
  ],
};

/** The discard is the last part: a "When … sent to the GY" effect of a discarded card is activated. */
export const gracefulCharity: CardDef = {
  id: "graceful-charity",
  name: "Graceful Charity",
  types: ["spell", "normal"],
  text: "Draw 3 cards, then discard 2 cards.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      // It can't be activated unless its controller can draw 3.
      condition: { count: { zone: "deck", controller: "self" }, gte: 3 },
      effect: [
        { op: "draw", n: 3 },
        { op: "nextPart" },
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "hand", controller: "self" },
          min: 2,
          max: 2,
          as: "discarded",
          prompt: "Discard 2 cards",
        },
        { op: "move", what: "$discarded", to: "graveyard", event: "discard" },
      ],
    },
  ],
};

export const effectPartCards: CardDef[] = [petenTheDarkClown, cardDestruction, gracefulCharity];
