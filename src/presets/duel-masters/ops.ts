/** Duel Masters effect ops beyond the kernel's. */
import { EngineError } from "../../core/errors.js";
import type { OpHandler } from "../../core/script.js";
import { resolvePlayer, varsOf } from "../../core/script.js";
import { useCard } from "./game.js";

export const dmOps: Record<string, OpHandler> = {
  ninjaSummon: {
    doc: "ninjaSummon — summons the ability's card for no cost; at the end of the turn it goes to the bottom of its owner's deck (Ninja Strike).",
    run(game, _op, frame) {
      const obj = frame.ctx.source ? game.state.objects[frame.ctx.source] : undefined;
      if (!obj || obj.inc !== frame.ctx.sourceInc || game.state.zones[obj.zone]!.kind !== "hand")
        return "next";
      useCard(game, frame.ctx.controller, obj, "summon");
      obj.vars.ninja = game.state.clock.turn.id;
      return "next";
    },
  },
  topCard: {
    doc: "topCard: as, player (default controller) — stores the top card of that player's deck in $as (none if empty).",
    check: (op) => (typeof op.as === "string" ? null : "needs as"),
    run(game, op, frame) {
      const p = resolvePlayer(game, op.player ?? "controller", frame);
      const deck = game.zone("deck", p).cards;
      const top = deck[deck.length - 1];
      if (typeof op.as !== "string") throw new EngineError("topCard needs as");
      varsOf(game, frame)[op.as] = top === undefined ? [] : [top];
      return "next";
    },
  },
};
