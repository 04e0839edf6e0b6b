/**
 * Dice ops: rolls with the game's seeded RNG, the re-roll Dice Re-Roll grants, ATK/DEF gains, and
 * gaining an effect under "(You can only gain this effect once per turn.)".
 */
import { addDuration } from "../../core/durations.js";
import { emit } from "../../core/events.js";
import { nextInt } from "../../core/rng.js";
import type { OpHandler } from "../../core/script.js";
import { resolveNumber, resolveObjects, varsOf } from "../../core/script.js";

/** The player var naming the turn in which a player gained a re-roll not yet used. */
const RE_ROLL = "reRollTurn";

export const diceOps: Record<string, OpHandler> = {
  rollDie: {
    doc: "rollDie: as — rolls a six-sided die into $as; a player holding a re-roll this turn (Dice Re-Roll) may roll it again once.",
    check: (op) => (typeof op.as === "string" ? null : "rollDie needs as"),
    run(game, op, frame) {
      const vars = varsOf(game, frame);
      const as = String(op.as);
      const turn = game.state.clock.turn.id;
      const holder = game.state.players.findIndex((p) => p.vars[RE_ROLL] === turn);
      if (frame.answer) {
        const again = frame.answer.id === "reroll";
        delete frame.answer;
        if (!again) return "next";
        game.state.players[holder]!.vars[RE_ROLL] = 0;
      }
      const result = nextInt(game.state.rng, 6) + 1;
      vars[as] = result;
      emit(game, { type: "dieRoll", player: frame.ctx.controller, data: { result } });
      const canReRoll = game.state.players.findIndex((p) => p.vars[RE_ROLL] === turn);
      if (canReRoll < 0) return "next";
      game.ask({
        player: canReRoll,
        kind: "reRoll",
        prompt: `The die shows ${result}: roll it again (Dice Re-Roll)?`,
        options: [
          { id: "reroll", label: "Roll again" },
          { id: "keep", label: `Keep ${result}` },
        ],
      });
      return "wait";
    },
  },
  gainAtkDef: {
    doc: "gainAtkDef: what, each, times — those monsters gain each × times ATK and DEF until the end of this turn.",
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
    run(game, op, frame) {
      const ref = game.abilityRef(frame.ctx.source!, String(op.ability));
      ref.controller = frame.ctx.controller;
      const v = game.applyStatic(ref);
      if (!v.ok) {
        emit(game, {
          type: "limitRefused",
          player: frame.ctx.controller,
          obj: ref.obj.id,
          card: ref.obj.card,
          name: ref.card.name,
          data: { ability: ref.ability.id, reason: v.reason, at: "gain" },
        });
        return "next";
      }
      if (ref.ability.static?.kind === "reRoll")
        game.state.players[frame.ctx.controller]!.vars[RE_ROLL] = game.state.clock.turn.id;
      emit(game, {
        type: "effectGained",
        player: frame.ctx.controller,
        name: ref.card.name,
        data: { ability: ref.ability.id },
      });
      return "next";
    },
  },
};
