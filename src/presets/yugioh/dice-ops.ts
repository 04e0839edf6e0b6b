/**
 * Dice ops: the kernel's `roll` with the re-roll Dice Re-Roll grants, ATK/DEF gains, and
 * gaining an effect under "(You can only gain this effect once per turn.)".
 */
import { kernelOps } from "../../core/ops.js";
import type { OpHandler } from "../../core/script.js";
import { resolveNumber, resolveObjects, varsOf } from "../../core/script.js";
import { applyGranted, grantEffect, grantedEffects } from "./gain.js";
import { untilEndOfTurn } from "./ops.js";

export const diceOps: Record<string, OpHandler> = {
  rollDie: {
    doc: "Rolls a six-sided die into `$as`; if the effect's controller holds a re-roll this turn (Dice Re-Roll) they may roll it again, which applies that effect (RULINGS YG-3.1).",
    args: { as: { type: "var", required: true, doc: "The variable that receives the result." } },
    run(game, op, frame) {
      const p = frame.ctx.controller;
      if (frame.answer) {
        const again = frame.answer.id === "reroll";
        delete frame.answer;
        if (!again) return "next";
        const [reRoll] = grantedEffects(game, p, "reRoll");
        if (reRoll) applyGranted(game, reRoll, p); // the re-roll uses the shared bucket
      }
      kernelOps.roll!.run(game, { op: "roll", as: op.as! }, frame); // the kernel's seeded die
      const result = Number(varsOf(game, frame)[String(op.as)]);
      const [reRoll] = grantedEffects(game, p, "reRoll");
      if (!reRoll) return "next";
      game.ask({
        player: p,
        kind: "reRoll",
        prompt: `The die shows ${result}: roll it again (${reRoll.card.name})?`,
        options: [
          { id: "reroll", label: "Roll again" },
          { id: "keep", label: `Keep ${result}` },
        ],
      });
      return "wait";
    },
  },
  gainAtkDef: {
    doc: "Those monsters gain each × times ATK and DEF until the end of this turn.",
    args: {
      what: { type: "objects", required: true, doc: "The monsters." },
      each: { type: "integer", required: true, doc: "ATK and DEF per time." },
      times: { type: "number", default: 1, doc: "The multiplier (a die result: `$roll`)." },
    },
    run(game, op, frame) {
      const n = Number(op.each ?? 0) * resolveNumber(game, op.times, frame, 1);
      for (const t of resolveObjects(game, op.what, frame))
        for (const kind of ["atk", "def"])
          untilEndOfTurn(
            game,
            frame.ctx.controller,
            t,
            { kind, value: n },
            `gains ${n} ${kind.toUpperCase()}`,
          );
      return "next";
    },
  },
  gainEffect: {
    doc: 'The controller gains that static ability of this card for the turn ("You can only gain this effect once per turn": applying it uses the shared bucket, RULINGS YG-3.1).',
    args: { ability: { type: "string", required: true, doc: "The id of this card's static ability." } },
    run(game, op, frame) {
      grantEffect(game, game.abilityRef(frame.ctx.source!, String(op.ability)), frame.ctx.controller);
      return "next";
    },
  },
};
