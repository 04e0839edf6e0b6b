/**
 * Phasing (CR 702.26). A phased-out permanent is treated as though it doesn't exist (CR 702.26b):
 * the preset's `exists` hook tells the kernel (no selector finds it, its abilities don't work or
 * trigger), and the preset's own reads skip it (`permanents`, state.ts). Phasing is no zone change
 * (CR 702.26d): the object keeps its identity, so what is attached to it stays attached.
 *
 * As the untap step begins (CR 502.1, 703.4a) the active player's permanents with phasing phase out
 * and those phased out under them phase in, simultaneously. Auras and Equipment attached to a
 * permanent that phases out phase out with it, "indirectly" (`vars.phasedOutIndirectly`), and don't
 * phase in by themselves: they phase in with it, still attached (CR 702.26g); one that would phase
 * out both directly and indirectly phases out indirectly (CR 702.26h).
 */
import { attachmentsOf } from "../../core/attachments.js";
import type { Game } from "../../core/game.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import { hasKeyword, phasedOut } from "./state.js";

const INDIRECT = "phasedOutIndirectly";

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

function emitPhase(game: Game, type: "phaseIn" | "phaseOut", o: GameObject, indirect: boolean): void {
  game.emit({
    type,
    player: o.controller,
    obj: o.id,
    name: game.card(o).name,
    ...(indirect ? { data: { indirect: true } } : {}),
  });
}

/** Phases `obj` out, with what is attached to it indirectly (CR 702.26g). */
export function phaseOut(game: Game, obj: GameObject, indirect = false): void {
  const attached = attachedDeep(game, obj);
  obj.vars.phasedOut = true;
  if (indirect) obj.vars[INDIRECT] = true;
  emitPhase(game, "phaseOut", obj, indirect);
  for (const a of attached) {
    a.vars.phasedOut = true;
    a.vars[INDIRECT] = true;
    emitPhase(game, "phaseOut", a, true);
  }
}

/** Phases `obj` in, with what phased out indirectly with it, still attached (CR 702.26g). */
export function phaseIn(game: Game, obj: GameObject): void {
  const indirect = phasedOutIndirectly(obj);
  delete obj.vars.phasedOut;
  delete obj.vars[INDIRECT];
  emitPhase(game, "phaseIn", obj, indirect);
  for (const a of attachmentsOf(game, obj)) if (phasedOutIndirectly(a)) phaseIn(game, a);
}

/**
 * CR 502.1, 703.4a: the active player's phased-in permanents with phasing phase out and their
 * phased-out permanents phase in, simultaneously: both sets are chosen before either happens, so a
 * permanent that phases in doesn't phase out again. Those that phased out indirectly wait for their
 * host (CR 702.26g).
 */
export function untapStepPhasing(game: Game, ap: PlayerId): void {
  const out: GameObject[] = [];
  const back: GameObject[] = [];
  for (const o of game.cardsIn("battlefield", ap)) {
    if (phasedOut(o)) {
      if (!phasedOutIndirectly(o)) back.push(o);
    } else if (hasKeyword(game, o, "phasing")) out.push(o);
  }
  for (const o of back) phaseIn(game, o);
  // CR 702.26h: attached to another permanent phasing out now, it phases out indirectly with it.
  const withHost = new Set(out.flatMap((o) => attachedDeep(game, o)));
  for (const o of out) if (!withHost.has(o)) phaseOut(game, o);
}
