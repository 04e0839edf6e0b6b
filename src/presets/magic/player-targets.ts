/**
 * "Target player" and "target opponent" (CR 115.1, 115.4): a spell's, an activated ability's or a
 * triggered ability's target that is a player. Written in the ability's `cost` as the op
 * `targetPlayer` (`{ op: targetPlayer, as: target, who: opponent }`): a spell's is chosen as it is
 * cast, part of its cast option (`cast:<card>:P2`, CR 601.2c); an activated ability's as it is
 * activated and a triggered ability's as it is put on the stack (CR 602.2b, 603.3d), a
 * `targetPlayer` decision (`player:P2`). The player is recorded beside object targets (targets.ts
 * `@players`) and in the variable `$as` as a player number, so the effect's ops name it
 * (`targetPlayer: $target`, `player: $target`); as it resolves, a player who has left the game is an
 * illegal target (CR 608.2b).
 */
import { becomeTargets } from "../../core/activation.js";
import { IllegalActionError } from "../../core/errors.js";
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { causeOf } from "../../core/ops.js";
import { type OpHandler, varsOf } from "../../core/script.js";
import type { PlayerId } from "../../core/types.js";
import type { CardDef, Op } from "../../core/vocabulary/schema.js";
import { inGame } from "./state.js";
import type { TargetChoice } from "./targets.js";

export const TARGET_PLAYER = "targetPlayer";
const PLAYERS = "@players";

/** Which players a `targetPlayer` op may target: any player still in the game, or only opponents. */
export type PlayerTargetWho = "any" | "opponent";

export interface PlayerTargetSpec {
  as: string;
  who: PlayerTargetWho;
}

export const isPlayerTargetOp = (op: Op): boolean => op.op === TARGET_PLAYER;

function specOf(op: Op): PlayerTargetSpec {
  return { as: String(op.as ?? "target"), who: op.who === "opponent" ? "opponent" : "any" };
}

/** A spell's player target, declared in its spell ability's cost (null if it has none). */
export function spellPlayerTarget(card: CardDef): PlayerTargetSpec | null {
  const op = card.abilities?.find((a) => a.id === "spell")?.cost?.find(isPlayerTargetOp);
  return op ? specOf(op) : null;
}

/** The players `controller` may target now, in turn order (CR 115.4; players who left can't be, CR 800.4a). */
export function playerTargets(game: Game, spec: PlayerTargetSpec, controller: PlayerId): PlayerId[] {
  return game.state.players
    .map((p) => p.id)
    .filter((p) => inGame(game, p) && (spec.who === "any" || p !== controller));
}

/** The cast-option suffixes of a spell's player target (`P2`). */
export function playerTargetChoices(
  game: Game,
  spec: PlayerTargetSpec,
  controller: PlayerId,
): TargetChoice[] {
  return playerTargets(game, spec, controller).map((p) => ({
    suffix: game.playerName(p),
    label: game.playerName(p),
    player: p,
  }));
}

/** Records a chosen player target: in the targets' record (checked as it resolves) and as `$as`. */
export function recordPlayerTarget(vars: JsonObject, spec: PlayerTargetSpec, p: PlayerId): void {
  const players = (vars[PLAYERS] as JsonObject | undefined) ?? {};
  players[spec.as] = [p];
  vars[PLAYERS] = players;
  vars[spec.as] = p;
}

const noun = (who: PlayerTargetWho): string => (who === "opponent" ? "target opponent" : "target player");

/** The op: chooses the player target of an activated or triggered ability (a spell's is in its cast option). */
export const targetPlayerOp: OpHandler = {
  doc: 'In a cost: the target player ("target player", `who: opponent`: "target opponent", CR 115.4), chosen as the spell is cast (its cast option, `cast:<card>:P2`) or the ability is activated or put on the stack (a `targetPlayer` decision); the effect names it as `$as` (a player).',
  args: {
    as: { type: "var", default: "target", doc: "The variable that receives the player." },
    who: {
      type: "string",
      default: "any",
      values: ["any", "opponent"],
      doc: 'Who may be targeted: "any" player, or an "opponent" of the controller.',
    },
    prompt: { type: "string", doc: "The question asked (default: “Choose target player”)." },
  },
  feasible(game, op, frame) {
    const spec = specOf(op);
    return playerTargets(game, spec, frame.ctx.controller).length > 0
      ? null
      : `no legal target: there is no ${spec.who === "opponent" ? "opponent" : "player"} to target`;
  },
  run(game, op, frame) {
    const spec = specOf(op);
    const p = frame.ctx.controller;
    const legal = playerTargets(game, spec, p);
    if (frame.answer) {
      const name = frame.answer.id.slice("player:".length);
      delete frame.answer;
      const chosen = legal.find((q) => game.playerName(q) === name);
      if (chosen === undefined) throw new IllegalActionError(`${name} is not a legal ${noun(spec.who)}`);
      recordPlayerTarget(varsOf(game, frame), spec, chosen);
      // CR 115.1: the player becomes the target of this spell or ability.
      becomeTargets(game, [], [chosen], causeOf(game, frame));
      return "next";
    }
    if (legal.length === 0) return "next"; // 603.3d: checked before it is put on the stack
    game.ask({
      player: p,
      kind: "targetPlayer",
      prompt: String(op.prompt ?? `Choose ${noun(spec.who)}`),
      options: legal.map((q) => ({ id: `player:${game.playerName(q)}`, label: game.playerName(q) })),
    });
    return "wait";
  },
};
