/**
 * Yu-Gi-Oh! effect ops besides the kernel's shared vocabulary: Life Point gain and effect damage.
 */
import type { OpHandler } from "../../core/script.js";
import { changeLifePoints } from "./game.js";

function amount(n: unknown): number {
  return Math.max(0, Math.trunc(Number(n ?? 0)));
}

export const ygoOps: Record<string, OpHandler> = {
  gainLP: {
    doc: "gainLP: n — the effect's controller gains n Life Points.",
    check: (op) => (Number.isFinite(Number(op.n)) ? null : "gainLP needs a number n"),
    run(game, op, frame) {
      changeLifePoints(game, frame.ctx.controller, amount(op.n), "lpGain");
      return "next";
    },
  },
  damage: {
    doc: "damage: n — the effect inflicts n damage to its controller's opponent (effect damage).",
    check: (op) => (Number.isFinite(Number(op.n)) ? null : "damage needs a number n"),
    run(game, op, frame) {
      changeLifePoints(game, game.opponents(frame.ctx.controller)[0]!, -amount(op.n), "effectDamage");
      return "next";
    },
  },
};
