import type { Game } from "../../core/game.js";
import { zoneId } from "../../core/objects.js";
import { causeOf, kernelOps } from "../../core/ops.js";
import { type OpHandler, resolveNumber, resolveObjects, resolvePlayers } from "../../core/script.js";
import type { Cause, PlayerId } from "../../core/types.js";
import { enteredBattlefield } from "./entering.js";
import { loseLife } from "./life.js";
import { apnap, inGame, poisonOf } from "./state.js";

const kernelMove = kernelOps.move!;

/** Players of an op still in the game, in APNAP order (CR 101.4, 800.4a). */
function livePlayers(game: Game, ref: unknown, frame: Parameters<OpHandler["run"]>[2]): PlayerId[] {
  const named = resolvePlayers(game, ref as never, frame);
  return apnap(game).filter((p) => named.includes(p));
}

/** Gives `p` poison counters (CR 122.1f): public, like life; a `poison` event with data.n and data.total. */
export function givePoison(game: Game, p: PlayerId, n: number, cause?: Cause): void {
  if (n <= 0 || !inGame(game, p)) return;
  const total = poisonOf(game, p) + n;
  game.state.players[p]!.vars.poison = total;
  game.emit({ type: "poison", player: p, ...(cause ? { cause } : {}), data: { n, total } });
}

export const eventOps: Record<string, OpHandler> = {
  move: {
    ...kernelMove,
    doc: `${kernelMove.doc} A permanent put onto the battlefield gets what it enters with: its counters, a planeswalker's loyalty, a Saga's lore counter (CR 122.6, 306.5b, 714.3a).`,
    run(game, op, frame) {
      const before = resolveObjects(game, op.what, frame).map((o) => [o, o.inc] as const);
      const out = kernelMove.run(game, op, frame);
      for (const [o, inc] of before)
        if (o.inc !== inc && game.state.zones[o.zone]?.kind === "battlefield") enteredBattlefield(game, o);
      return out;
    },
  },
  loseLife: {
    doc: 'Each of those players loses n life (CR 119.3): a `lifeLoss` event with data.n. "That player loses 4 life" (who caused the event) is `players: eventCause`.',
    args: {
      players: { type: "players", default: "controller", doc: "Who loses life (APNAP order)." },
      n: { type: "number", default: 1, doc: "How much." },
    },
    run(game, op, frame) {
      const n = resolveNumber(game, op.n, frame, 1);
      for (const p of livePlayers(game, op.players, frame)) loseLife(game, p, n, causeOf(game, frame));
      return "next";
    },
  },
  givePoison: {
    doc: "Each of those players gets n poison counters (CR 122.1f; ten or more loses, CR 704.5c): a `poison` event with data.n and data.total.",
    args: {
      players: { type: "players", default: "opponent", doc: "Who gets them (APNAP order)." },
      n: { type: "number", default: 1, doc: "How many." },
    },
    run(game, op, frame) {
      const n = resolveNumber(game, op.n, frame, 1);
      for (const p of livePlayers(game, op.players, frame)) givePoison(game, p, n, causeOf(game, frame));
      return "next";
    },
  },
  mill: {
    doc: "Each of those players mills n cards (CR 701.13): the top n cards of their library go to their graveyard at once (one event), as many as there are.",
    args: {
      players: { type: "players", default: "controller", doc: "Who mills (APNAP order)." },
      n: { type: "number", default: 1, doc: "How many cards each." },
    },
    run(game, op, frame) {
      const n = resolveNumber(game, op.n, frame, 1);
      const cause = causeOf(game, frame);
      for (const p of livePlayers(game, op.players, frame)) {
        const library = game.zone("library", p).cards;
        const top = library.slice(Math.max(0, library.length - n)).reverse();
        game.simultaneously(() => {
          for (const id of top)
            game.move(game.obj(id), zoneId("graveyard", game.obj(id).owner), { event: "mill", cause });
        });
      }
      return "next";
    },
  },
};
