import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

/** Parts several Magic cards share. */

/** "Target creature": chosen as the spell is cast or the ability is put on the stack (CR 601.2c), checked as it resolves. */
export const targetCreature = {
  op: "choose",
  chooser: "controller",
  from: { type: "creature", zone: "battlefield" },
  as: "target",
  target: true,
  prompt: "target creature",
} as const;

/**
 * Exalted (CR 702.83a): "Whenever a creature you control attacks alone, that creature gets +1/+1
 * until end of turn" — a triggered ability on the `attacksAlone` event (CR 506.5, combat.ts). Each
 * instance triggers separately (CR 702.83b): a card with two instances lists two, ids apart.
 */
export const exalted = (id = "exalted"): NonNullable<PresetCardDef<MagicOp>["abilities"]>[number] => ({
  id,
  kind: "triggered",
  keyword: "exalted",
  text: "Exalted (Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.)",
  trigger: { on: "attacksAlone", player: "self" },
  effect: [
    {
      op: "until",
      expires: { tag: "endOfTurn" },
      target: "event",
      effect: { kind: "pump", value: { power: 1, toughness: 1 } },
      label: "exalted: +1/+1 until end of turn",
    },
  ],
});
