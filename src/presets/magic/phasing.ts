/**
 * Phasing (CR 702.26). A phased-out permanent is treated as though it doesn't exist (CR 702.26b):
 * the preset's `exists` hook tells the kernel (no selector finds it, its abilities don't work or
 * trigger), and the preset's own reads skip it (`permanents`, state.ts). Phasing is no zone change
 * (CR 702.26d): the object keeps its identity (its incarnation), so what is attached to it stays
 * attached.
 *
 * Permanents phase out two ways: as their controller's untap step begins, those with phasing
 * (CR 502.1, 703.4a: and those phased out under them phase in, simultaneously), and by an effect
 * ("it phases out", "all permanents you control phase out": the `phaseOut` op). Auras and Equipment
 * attached to a permanent that phases out phase out with it, "indirectly"
 * (`vars.phasedOutIndirectly`), and don't phase in by themselves: they phase in with it, still
 * attached (CR 702.26g); one that would phase out both directly and indirectly phases out
 * indirectly (CR 702.26h). Whatever phases out or in at once is one event (a batch, CR 603.2c).
 *
 * Every phasing is a `phaseOut` / `phaseIn` event with the object's incarnation and its cause (the
 * rule for the untap step's, the spell or ability for an effect's). The preset declares
 * `lookBackEvents: ["phaseOut"]`: "whenever this phases out" triggers though its permanent no
 * longer exists, and so do the abilities of the others that phase out with it (CR 603.10a).
 * "Can't phase out" is an exemption from `phaseOut` (the kernel's `exempt` effect or static,
 * `from: phaseOut`): such a permanent neither phases out in the untap step nor by an effect.
 */
import { attachmentsOf } from "../../core/attachments.js";
import type { Game } from "../../core/game.js";
import { causeOf } from "../../core/ops.js";
import { type OpHandler, resolveObjects } from "../../core/script.js";
import { exemptFrom } from "../../core/turn-actions.js";
import type { Cause, GameObject, PlayerId } from "../../core/types.js";
import { hasKeyword, nameOf, phasedOut } from "./state.js";

const INDIRECT = "phasedOutIndirectly";

/** The exemption a "can't phase out" effect gives (the kernel's `exempt`, `from: phaseOut`). */
export const PHASE_OUT = "phaseOut";

/** The cause of the untap step's phasing (CR 502.1, 703.4a). */
const UNTAP_STEP_PHASING: Cause = { kind: "rule", rule: "phasing" };

/** CR 702.26g: whether it phased out with the permanent it is attached to. */
export const phasedOutIndirectly = (obj: GameObject): boolean => obj.vars[INDIRECT] === true;

/** Everything attached to `host`, and to those, phased in (CR 702.26g). */
function attachedDeep(game: Game, host: GameObject, out: GameObject[] = []): GameObject[] {
  for (const a of attachmentsOf(game, host))
    if (!phasedOut(a) && !out.includes(a)) {
      out.push(a);
      attachedDeep(game, a, out);
    }
  return out;
}

function emitPhase(
  game: Game,
  type: "phaseIn" | "phaseOut",
  o: GameObject,
  indirect: boolean,
  cause: Cause,
): void {
  game.emit({
    type,
    player: o.controller,
    obj: o.id,
    inc: o.inc,
    card: o.card,
    name: nameOf(game, o),
    cause,
    ...(indirect ? { data: { indirect: true } } : {}),
  });
}

/** Whether `obj` can phase out now: phased in, and no "can't phase out" effect on it. */
export const canPhaseOut = (game: Game, obj: GameObject): boolean =>
  !phasedOut(obj) && !exemptFrom(game, PHASE_OUT, obj);

/** Phases `obj` out, with what is attached to it indirectly (CR 702.26g). */
export function phaseOut(game: Game, obj: GameObject, cause: Cause, indirect = false): void {
  const attached = attachedDeep(game, obj);
  obj.vars.phasedOut = true;
  if (indirect) obj.vars[INDIRECT] = true;
  emitPhase(game, "phaseOut", obj, indirect, cause);
  for (const a of attached) {
    a.vars.phasedOut = true;
    a.vars[INDIRECT] = true;
    emitPhase(game, "phaseOut", a, true, cause);
  }
}

/** Phases `obj` in, with what phased out indirectly with it, still attached (CR 702.26g). */
export function phaseIn(game: Game, obj: GameObject, cause: Cause): void {
  const indirect = phasedOutIndirectly(obj);
  delete obj.vars.phasedOut;
  delete obj.vars[INDIRECT];
  emitPhase(game, "phaseIn", obj, indirect, cause);
  for (const a of attachmentsOf(game, obj)) if (phasedOutIndirectly(a)) phaseIn(game, a, cause);
}

/**
 * Phases out every permanent of `objs` that can, at once (one event, CR 603.2c, 603.10a): those
 * attached to another permanent phasing out now phase out indirectly with it (CR 702.26h).
 */
export function phaseOutAll(game: Game, objs: readonly GameObject[], cause: Cause): void {
  const out = objs.filter((o) => canPhaseOut(game, o));
  const withHost = new Set(out.flatMap((o) => attachedDeep(game, o)));
  game.simultaneously(() => {
    for (const o of out) if (!withHost.has(o)) phaseOut(game, o, cause);
  });
}

/**
 * CR 502.1, 703.4a: the active player's phased-in permanents with phasing phase out and their
 * phased-out permanents phase in, simultaneously: both sets are chosen before either happens, so a
 * permanent that phases in doesn't phase out again. Those that phased out indirectly wait for their
 * host (CR 702.26g); one that can't phase out stays.
 */
export function untapStepPhasing(game: Game, ap: PlayerId): void {
  const out: GameObject[] = [];
  const back: GameObject[] = [];
  for (const o of game.cardsIn("battlefield", ap)) {
    if (phasedOut(o)) {
      if (!phasedOutIndirectly(o)) back.push(o);
    } else if (hasKeyword(game, o, "phasing")) out.push(o);
  }
  game.simultaneously(() => {
    for (const o of back) phaseIn(game, o, UNTAP_STEP_PHASING);
    phaseOutAll(game, out, UNTAP_STEP_PHASING);
  });
}

/** `phaseOut`: "it phases out", "all permanents you control phase out" (CR 702.26). */
export const phasingOps: Record<string, OpHandler> = {
  phaseOut: {
    doc: "Those permanents phase out, at once (CR 702.26): treated as though they don't exist until they phase in as their controller's next untap step begins; what is attached to them phases out with them (CR 702.26g). \"All permanents you control phase out\" is `what: { select: { zone: battlefield, controller: self } }`. One that can't phase out (an `exempt` effect `from: phaseOut`) stays.",
    args: { what: { type: "objects", required: true, doc: "The permanents that phase out." } },
    run(game, op, frame) {
      const objs = resolveObjects(game, op.what, frame).filter(
        (o) => game.state.zones[o.zone]?.kind === "battlefield",
      );
      phaseOutAll(game, objs, causeOf(game, frame));
      return "next";
    },
  },
};
