/**
 * Dice ops: the kernel's `roll` with the re-roll Dice Re-Roll grants, ATK/DEF gains, and
 * gaining an effect under "(You can only gain this effect once per turn.)".
 */
import { addDuration } from "../../core/durations.js";
import { kernelOps, needs } from "../../core/ops.js";
import type { OpHandler } from "../../core/script.js";
import { resolveNumber, resolveObjects, varsOf } from "../../core/script.js";
import { gainEffect } from "./gain.js";

/** The player var naming the turn in which a player gained a re-roll not yet used. */
const RE_ROLL = "reRollTurn";

export const diceOps: Record<string, OpHandler> = {
  rollDie: {
    doc: "rollDie: as — rolls a six-sided die into $as; a player holding a re-roll this turn (Dice Re-Roll) may roll it again once.",
    check: needs("as"),
    run(game, op, frame) {
      const turn = game.state.clock.turn.id;
      const holder = game.state.players.findIndex((p) => p.vars[RE_ROLL] === turn);
      if (frame.answer) {
        const again = frame.answer.id === "reroll";
        delete frame.answer;
        if (!again) return "next";
        game.state.players[holder]!.vars[RE_ROLL] = 0; // used: the next roll is final
      }
      kernelOps.roll!.run(game, { op: "roll", as: op.as! }, frame); // the kernel's seeded die
      const result = Number(varsOf(game, frame)[String(op.as)]);
      if (holder >= 0 && game.state.players[holder]!.vars[RE_ROLL] === turn) {
        game.ask({
          player: holder,
          kind: "reRoll",
          prompt: `The die shows ${result}: roll it again (Dice Re-Roll)?`,
          options: [
            { id: "reroll", label: "Roll again" },
            { id: "keep", label: `Keep ${result}` },
          ],
        });
        return "wait";
      }
      return "next";
    },
  },
  gainAtkDef: {
    doc: "gainAtkDef: what, each, times — those monsters gain each × times ATK and DEF until the end of this turn.",
    check: needs("what", "each"),
    run(game, op, frame) {
      const n = Number(op.each ?? 0) * resolveNumber(game, op.times, frame, 1);
      for (const t of resolveObjects(game, op.what, frame))
        for (const kind of ["atk", "def"])
          addDuration(game, {
            expires: { at: "turnEnd", turn: game.state.clock.turn.id },
            controller: frame.ctx.controller,
            label: `gains ${n} ${kind.toUpperCase()}`,
            effect: { kind, value: n, target: { obj: t.id, inc: t.inc } },
          });
      return "next";
    },
  },
  gainEffect: {
    doc: 'gainEffect: ability — the controller gains that static ability of this card for the turn, if its limit allows ("You can only gain this effect once per turn", RULINGS YG-3.1).',
    check: needs("ability"),
    run(game, op, frame) {
      const ref = game.abilityRef(frame.ctx.source!, String(op.ability));
      const p = frame.ctx.controller;
      if (gainEffect(game, ref, p) && ref.ability.static?.kind === "reRoll")
        game.state.players[p]!.vars[RE_ROLL] = game.state.clock.turn.id;
      return "next";
    },
  },
};
