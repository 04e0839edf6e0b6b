/** Parts written the same way by several Yu-Gi-Oh! cards. */
import type { YugiohOp } from "./ops.generated.js";

/** "Target 1 face-up monster on the field" (either player's), chosen on activation as `$target`. */
export const targetFaceUpMonster = {
  op: "choose",
  chooser: "controller",
  from: { zone: "monster", faceDown: false },
  min: 1,
  max: 1,
  as: "target",
  target: true,
  prompt: "Target 1 face-up monster on the field",
} as const satisfies YugiohOp;
