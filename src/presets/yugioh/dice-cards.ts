/**
 * Dice: Graceful Dice rolls one; Dice Re-Roll lets its player roll again once that turn — an effect
 * "gained" under "(You can only gain this effect once per turn.)" (RULINGS YG-3.1), the same bucket
 * as Evilswarm Castor's extra Normal Summon.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { GAIN_ONCE } from "./effect-cards.js";
import type { YugiohOp } from "./ops.generated.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<YugiohOp>;

export const gracefulDice: CardDef = {
  id: "graceful-dice",
  name: "Graceful Dice",
  types: ["spell", "normal"],
  text: "Roll a six-sided die. All monsters you currently control gain ATK and DEF equal to the result x 100, until the end of this turn.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      effect: [
        { op: "rollDie", as: "result" },
        {
          op: "gainAtkDef",
          what: { select: { zone: "monster", controller: "self", faceDown: false } },
          each: 100,
          times: "$result",
        },
      ],
    },
  ],
};

/**
 * The OCG text 《リバースダイス》 in English; the TCG card's exact wording could not be confirmed
 * from the sources at hand (docs/yugioh.md).
 */
export const diceReRoll: CardDef = {
  id: "dice-re-roll",
  name: "Dice Re-Roll",
  types: ["trap", "normal"],
  text: "During this turn, once, when you apply an effect that rolls a die, you can roll the die again. (You can only gain this effect once per turn.)",
  abilities: [
    { id: "activate", kind: "activated", effect: [{ op: "gainEffect", ability: "reroll" }] },
    // The gained effect: its limit is the shared "gain this effect" bucket, used when gained.
    { id: "reroll", kind: "static", zones: [], static: { kind: "reRoll" }, limit: GAIN_ONCE },
  ],
};

export const diceCards: CardDef[] = [gracefulDice, diceReRoll];
