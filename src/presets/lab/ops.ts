/**
 * The lab's effect ops: the few game actions needed to put every kind of limit through its paces
 * (negating an activation or an effect, renaming, flipping face-down, leaving and re-entering).
 */

import { addDuration } from "../../core/durations.js";
import { EngineError } from "../../core/errors.js";
import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import { turnFaceDown, turnFaceUp, zoneId } from "../../core/objects.js";
import { causeOf, expiryFrom } from "../../core/ops.js";
import {
  type OpHandler,
  resolveNumber,
  resolveObjects,
  resolvePlayers,
  type ScriptTask,
} from "../../core/script.js";
import { paidOp, setLinkStatus } from "./activation.js";

function respondingTo(game: Game): number {
  const id = game.state.vars.respondingTo;
  if (typeof id !== "number") throw new EngineError("nothing is being responded to");
  return id;
}

function moveTo(kind: string): OpHandler {
  return {
    doc: `Moves cards to their owner's ${kind}.`,
    args: { what: { type: "objects", required: true, doc: "The cards moved." } },
    run(game, op, frame) {
      for (const obj of resolveObjects(game, op.what, frame))
        game.moveWithReplacement(obj, zoneId(kind, obj.owner), {
          cause: causeOf(game, frame),
          noReplace: frame.ctx.noReplace === true,
        });
      return "next";
    },
  };
}

function lifeOp(sign: 1 | -1): OpHandler {
  return {
    doc: `That player ${sign > 0 ? "gains" : "loses"} n life.`,
    args: {
      n: { type: "number", default: 1, doc: `Life ${sign > 0 ? "gained" : "lost"}.` },
      player: { type: "players", default: "controller", doc: `Who ${sign > 0 ? "gains" : "loses"} it.` },
    },
    run(game, op, frame) {
      const n = resolveNumber(game, op.n, frame, 1);
      for (const p of resolvePlayers(game, op.player, frame)) {
        const vars = game.state.players[p]!.vars;
        vars.life = (vars.life as number) + sign * n;
        emit(game, { type: sign > 0 ? "lifeGain" : "lifeLoss", player: p, data: { n, life: vars.life } });
        // Life 0 or less loses: the preset's state check (lifeCheck), not checked here.
      }
      return "next";
    },
  };
}

export const labOps: Record<string, OpHandler> = {
  "lab.paid": paidOp,
  negateActivation: {
    doc: 'Negates the activation being responded to (an "activate" limit is given back).',
    args: {},
    run(game, _op, frame) {
      const link = respondingTo(game);
      setLinkStatus(game, link, "activationNegated");
      const target = findLink(game, link);
      if (target) game.negateActivation(game.abilityRef(target.obj, target.ability));
      emit(game, {
        type: "negate",
        player: frame.ctx.controller,
        cause: causeOf(game, frame),
        data: { link, what: "activation" },
      });
      return "next";
    },
  },
  negateEffect: {
    doc: "Negates the effect of the activation being responded to (the activation stands).",
    args: {},
    run(game, _op, frame) {
      const link = respondingTo(game);
      setLinkStatus(game, link, "effectNegated");
      emit(game, {
        type: "negate",
        player: frame.ctx.controller,
        cause: causeOf(game, frame),
        data: { link, what: "effect" },
      });
      return "next";
    },
  },
  rename: {
    doc: "The cards' name becomes `name` (a continuous effect).",
    args: {
      what: { type: "objects", default: "self", doc: "The cards renamed." },
      name: { type: "string", required: true, doc: "The new name." },
      expires: { type: "expiry", default: "turn", doc: "When it ends." },
    },
    run(game, op, frame) {
      for (const obj of resolveObjects(game, op.what ?? "self", frame))
        addDuration(game, {
          expires: expiryFrom(game, op.expires, frame),
          controller: frame.ctx.controller,
          label: `named ${String(op.name)}`,
          effect: { kind: "name", value: String(op.name), target: { obj: obj.id, inc: obj.inc } },
        });
      return "next";
    },
  },
  flipDown: {
    doc: "Turns cards face-down (a new incarnation; by its own effect it keeps its lineage).",
    args: { what: { type: "objects", default: "self", doc: "The cards turned." } },
    run(game, op, frame) {
      for (const obj of resolveObjects(game, op.what ?? "self", frame))
        turnFaceDown(game, obj, obj.id === frame.ctx.source, causeOf(game, frame));
      return "next";
    },
  },
  flipUp: {
    doc: "Turns face-down cards face-up.",
    args: { what: { type: "objects", required: true, doc: "The cards turned." } },
    run(game, op, frame) {
      for (const obj of resolveObjects(game, op.what, frame))
        if (obj.faceDown) turnFaceUp(game, obj, causeOf(game, frame));
      return "next";
    },
  },
  destroy: moveTo("graveyard"),
  bounce: moveTo("hand"),
  reanimate: moveTo("field"),
  gainLife: lifeOp(1),
  loseLife: lifeOp(-1),
  extraPlay: {
    doc: "The controller may play n more cards this turn.",
    args: { n: { type: "number", default: 1, doc: "How many more plays." } },
    run(game, op, frame: ScriptTask) {
      const vars = game.state.players[frame.ctx.controller]!.vars;
      vars.plays = (vars.plays as number) + resolveNumber(game, op.n, frame, 1);
      emit(game, { type: "extraPlay", player: frame.ctx.controller, data: { plays: vars.plays } });
      return "next";
    },
  },
};

function findLink(game: Game, id: number): { obj: string; ability: string } | null {
  for (const t of game.state.tasks) {
    const link = (t as { link?: { id: number; obj: string; ability: string } }).link;
    if (t.t === "lab.chain" && link?.id === id) return link;
  }
  return null;
}
