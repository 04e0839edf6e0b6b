/**
 * Cards that end the Battle Phase (YG Battle Phase: ended by a card effect; battle-end.ts). Printed
 * texts are the TCG's current ones (not confirmed against a published source); the Levels, Attributes, Types
 * and stats are from memory, not confirmable from a reachable source here.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { YugiohOp } from "./ops.generated.js";

type CardDef = PresetCardDef<YugiohOp>;

/**
 * A Trigger Effect activated from the hand (its text has no "(Quick Effect)"): it is put on a chain
 * when the direct attack is declared. "Special Summon this card …, then end the Battle Phase": the
 * Battle Phase ends only if it was Special Summoned. Level 1 DARK Fiend, 0/0 (from memory).
 */
export const battleFader: CardDef = {
  id: "battle-fader",
  name: "Battle Fader",
  types: ["monster", "effect"],
  races: ["Fiend"],
  stats: { level: 1, atk: 0, def: 0, attribute: "DARK" },
  text: "When an opponent's monster declares a direct attack: You can Special Summon this card from your hand, then end the Battle Phase. If this card Summoned by its effect leaves the field, banish it.",
  abilities: [
    {
      id: "fade",
      kind: "triggered",
      optional: true,
      timing: "when",
      zones: ["hand"],
      text: "Special Summon this card from your hand, then end the Battle Phase",
      trigger: { on: "attack", player: "opponent", where: { "data.target": "directly" } },
      // It needs a free Main Monster Zone to be Special Summoned.
      condition: { fn: "monsterZoneFree" },
      effect: [
        { op: "specialSummon", what: "self", banishWhenLeaves: true, as: "summoned" },
        { op: "nextPart", ifAny: "$summoned" },
        { op: "endBattlePhase" },
      ],
    },
  ],
};

/**
 * A Quick Effect during damage calculation, from the hand; discarding it is the cost. Level 1
 * EARTH Machine, 0/0 (from memory).
 */
export const swiftScarecrow: CardDef = {
  id: "swift-scarecrow",
  name: "Swift Scarecrow",
  types: ["monster", "effect"],
  races: ["Machine"],
  stats: { level: 1, atk: 0, def: 0, attribute: "EARTH" },
  text: "During damage calculation, if your opponent's monster attacks you directly (Quick Effect): You can discard this card; negate that attack, then end the Battle Phase.",
  abilities: [
    {
      id: "scare",
      kind: "activated",
      timing: "damageCalculation",
      zones: ["hand"],
      condition: { fn: "opponentDirectAttack" },
      cost: [{ op: "move", what: "self", to: "graveyard", event: "discard" }],
      effect: [{ op: "negateAttack" }, { op: "nextPart" }, { op: "endBattlePhase" }],
    },
  ],
};

export const battleEndCards: CardDef[] = [battleFader, swiftScarecrow];
