/**
 * Ops of the cards that change the turn and time: losing the game in multiplayer (the loser leaves
 * and the game goes on), tapping everything of a kind a player controls
 * (Sleep: "Tap all creatures target player controls. Those creatures don't untap during that
 * player's next untap step.") and day and night (`setDayNight`, day-night.ts). Player targets are
 * targets.ts's `targetPlayer`.
 */
import type { Game } from "../../core/game.js";
import { selectObjects } from "../../core/match.js";
import { setTapped } from "../../core/objects.js";
import { causeOf } from "../../core/ops.js";
import { type OpHandler, resolvePlayers, sourceOf, varsOf } from "../../core/script.js";
import type { GameObject } from "../../core/types.js";
import type { Selector } from "../../core/vocabulary/schema.js";
import { setDayNightOp } from "./day-night.js";
import { playersLose } from "./sba.js";
import { apnap, inGame } from "./state.js";

/** The permanents matching `what` (on the battlefield) that `player` controls. */
function permanentsOf(
  game: Game,
  what: Selector,
  player: number,
  viewer: number,
  src?: GameObject,
): GameObject[] {
  return selectObjects(game, { ...what, zone: "battlefield" }, viewer, src).filter(
    (o) => o.controller === player,
  );
}

const tapAllOp: OpHandler = {
  doc: 'Taps every permanent matching `what` that each of `players` controls ("Tap all creatures target player controls"), simultaneously; `as` remembers every such permanent — tapped now or already — for the rest of the effect ("those creatures").',
  args: {
    players: { type: "players", required: true, doc: "Whose permanents (a `$target` player, `opponent` …)." },
    what: { type: "selector", required: true, doc: "Which of their permanents, e.g. `{ type: creature }`." },
    as: { type: "var", doc: "The variable that receives them." },
  },
  run(game, op, frame) {
    const who = resolvePlayers(game, op.players, frame);
    const src = sourceOf(game, frame.ctx);
    const all: GameObject[] = [];
    for (const p of apnap(game))
      if (who.includes(p)) all.push(...permanentsOf(game, op.what as Selector, p, frame.ctx.controller, src));
    const cause = causeOf(game, frame);
    game.simultaneously(() => {
      for (const o of all) if (!o.tapped) setTapped(game, o, true, cause);
    });
    if (op.as !== undefined) varsOf(game, frame)[String(op.as)] = all.map((o) => o.id);
    return "next";
  },
};

/**
 * "You lose the game" (CR 104.3a): Magic's own `lose` in place of the kernel's — in a game of more
 * than two players the loser leaves and the game goes on (CR 104.2a, 800.4a: sba.ts
 * `playersLose`), as for a loss by state-based action. The effect stops.
 */
const loseOp: OpHandler = {
  doc: "That player loses the game (CR 104.3a); with more than two players they leave it and the game goes on (CR 800.4a). The effect stops.",
  args: {
    player: { type: "player", default: "controller", doc: "Who loses." },
    reason: { type: "string", doc: "Why, in the log." },
  },
  run(game, op, frame) {
    const p = resolvePlayers(game, op.player ?? "controller", frame)[0];
    if (p !== undefined && inGame(game, p))
      playersLose(game, [{ p, reason: String(op.reason ?? "an effect made them lose") }]);
    return "stop";
  },
};

/** The Magic ops of this module (index.ts adds them to the preset's). */
export const timeOps: Record<string, OpHandler> = {
  lose: loseOp,
  tapAll: tapAllOp,
  setDayNight: setDayNightOp,
};
