/**
 * The parts of an effect done one after another ("…, then …": YG Missing the timing: in the middle
 * of an effect). What an effect did before a "then" is not the last thing that happened once a
 * later part has done something: an optional "When … you can" effect triggered by it misses the
 * timing (triggers.ts). Parts done at the same time ("and if you do", "also") are not separated:
 * an event in them happened at the effect's last part. "If … you can" and mandatory effects never
 * miss the timing.
 *
 * The op `nextPart` marks the boundary (the last event of the earlier parts); when the chain link's
 * effect has finished (`ygo.effectDone`), a boundary followed by more events becomes the point
 * before which triggers miss the timing, as a resolved chain link is (`resolvingSince`).
 */
import type { TaskHandler } from "../../core/preset.js";
import { type OpHandler, resolveObjects } from "../../core/script.js";

export const effectPartOps: Record<string, OpHandler> = {
  nextPart: {
    doc: 'The effect\'s next part, done after the earlier ones ("…, then …"): an optional "When … you can" effect triggered by the earlier parts misses the timing once a later part does something (YG Missing the timing: in the middle of an effect). With `ifAny`, the rest is done only if the earlier part did it to something ("Special Summon this card, then …").',
    args: {
      ifAny: {
        type: "objects",
        doc: "The objects the earlier part acted on (a `$var` an op filled): none, and the effect stops here.",
      },
    },
    run(game, op, frame) {
      if (op.ifAny !== undefined && resolveObjects(game, op.ifAny, frame).length === 0) return "stop";
      game.state.vars.effectPart = game.state.ids.event;
      return "next";
    },
  },
};

/** After a chain link's effect: a "then" boundary followed by more events ends the earlier parts' timing. */
export const effectDone: TaskHandler = (game, task) => {
  game.popTask(task);
  const vars = game.state.vars;
  const mark = vars.effectPart;
  if (typeof mark !== "number") return;
  delete vars.effectPart;
  if (game.state.ids.event > mark) vars.resolvingSince = Math.max(Number(vars.resolvingSince ?? -1), mark);
};
