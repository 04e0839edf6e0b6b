/**
 * Tokens in Magic (CR 111): created by effects (`createToken`, CR 111.2: on the battlefield under
 * the creating effect's controller), and a token anywhere but the battlefield ceases to exist as
 * a state-based action (CR 111.7, 704.5d) — after it has died, so "whenever a creature dies"
 * still sees it (CR 700.4). The object model is the kernel's (src/core/tokens.ts).
 */

import { LIMITS } from "../../core/bounds.js";
import type { Game } from "../../core/game.js";
import { causeOf } from "../../core/ops.js";
import { type OpHandler, resolveCount, varsOf } from "../../core/script.js";
import { ceaseToExist, createToken, isToken } from "../../core/tokens.js";
import { enterAttackingOptions, mayEnterAttacking, setAttacking } from "./enter-attacking.js";
import { enteredBattlefield } from "./entering.js";
import { battlefield } from "./state.js";

export const tokenOps: Record<string, OpHandler> = {
  createToken: {
    doc: "Creates n tokens of a token definition (a library card with `stats.token: true`) on the battlefield under the controller's control (CR 111.2); `tapped`, `attacking` (\"that's tapped and attacking\": put onto the battlefield attacking, CR 508.4 — its controller chooses what it attacks) and `as` (a variable naming them, for a delayed trigger).",
    args: {
      token: {
        type: "string",
        required: true,
        doc: "The token's definition: a card id with `stats.token: true`.",
      },
      n: { type: "number", default: 1, max: LIMITS.objectsPerOp, doc: "How many tokens." },
      tapped: { type: "boolean", doc: "They enter tapped." },
      attacking: {
        type: "boolean",
        doc: "They enter attacking (CR 508.4): the controller chooses the defending player or planeswalker, once for all of them; outside their combat, they just enter (CR 506.3d).",
      },
      as: { type: "var", doc: "The variable that receives the created tokens' ids." },
    },
    run(game, op, frame) {
      const p = frame.ctx.controller;
      // Read before anything is made or asked: a runaway count stops here, not 100,000 tokens in.
      const n = resolveCount(game, op.n, frame, 1, "createToken's n", LIMITS.objectsPerOp);
      const attacking = op.attacking === true && mayEnterAttacking(game, p);
      let attacks: string | null = null;
      if (attacking) {
        const options = enterAttackingOptions(game);
        if (options.length === 1) attacks = options[0]!.id;
        else if (frame.answer) {
          attacks = frame.answer.id;
          delete frame.answer;
        } else {
          game.ask({
            player: p,
            kind: "enterAttacking",
            prompt: "Choose what the token attacks (CR 508.4)",
            options,
          });
          return "wait";
        }
      }
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const { obj } = createToken(game, String(op.token), p, battlefield(p), causeOf(game, frame));
        tokenIds(game).push(obj.id);
        ids.push(obj.id);
        // Entering tapped is not becoming tapped (CR 110.5b): no `tap` event.
        if (op.tapped === true) obj.tapped = true;
        enteredBattlefield(game, obj); // counters it enters with (CR 122.6, 306.5b, 714.3a)
        if (attacks !== null) setAttacking(game, obj, attacks);
      }
      if (op.as !== undefined) varsOf(game, frame)[String(op.as)] = ids;
      return "next";
    },
  },
};

/** Ids of the tokens that exist, so the state-based action reads only them (not every zone). */
function tokenIds(game: Game): string[] {
  const v = game.state.vars;
  if (!Array.isArray(v.tokens)) v.tokens = [];
  return v.tokens as string[];
}

/**
 * CR 704.5d (111.7): each token in a zone other than the battlefield ceases to exist. Returns
 * whether one did. Phased-out tokens stay: phasing is not a zone change here (CR 702.26d).
 */
export function tokensCeaseToExist(game: Game): boolean {
  const ids = game.state.vars.tokens;
  if (!Array.isArray(ids) || ids.length === 0) return false;
  let acted = false;
  const kept: string[] = [];
  for (const id of ids as string[]) {
    const obj = game.state.objects[id];
    if (!obj) continue; // gone already (its owner left the game, CR 800.4a)
    const zone = game.state.zones[obj.zone]!;
    if (zone.kind === "battlefield" || !isToken(game, obj)) {
      kept.push(id);
      continue;
    }
    game.emit({
      type: "ceaseToExist",
      player: obj.owner,
      obj: obj.id,
      inc: obj.inc,
      card: obj.card,
      name: game.card(obj).name,
      cause: { kind: "rule" },
      data: { reason: `a token in the ${zone.kind}, not on the battlefield (CR 704.5d, 111.7)` },
    });
    ceaseToExist(game, obj);
    acted = true;
  }
  game.state.vars.tokens = kept;
  return acted;
}
