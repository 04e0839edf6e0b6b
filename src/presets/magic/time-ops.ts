/**
 * Ops of the cards that change the turn and time: tapping everything of a kind a player controls
 * (Sleep: "Tap all creatures target player controls. Those creatures don't untap during that
 * player's next untap step."), day and night (`setDayNight`, day-night.ts) and player targets
 * (`targetPlayer`, player-targets.ts).
 */
import type { Game } from "../../core/game.js";
import { selectObjects } from "../../core/match.js";
import { setTapped } from "../../core/objects.js";
import { causeOf } from "../../core/ops.js";
import { type OpHandler, resolvePlayers, sourceOf, varsOf } from "../../core/script.js";
import type { GameObject } from "../../core/types.js";
import type { Selector } from "../../core/vocabulary/schema.js";
import { setDayNightOp } from "./day-night.js";
import { targetPlayerOp } from "./player-targets.js";
import { apnap } from "./state.js";

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

/** The Magic ops of this module (index.ts adds them to the preset's). */
export const timeOps: Record<string, OpHandler> = {
  tapAll: tapAllOp,
  setDayNight: setDayNightOp,
  targetPlayer: targetPlayerOp,
};
