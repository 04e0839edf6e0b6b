/**
 * Equip Spell Cards activated from the hand or Set (`equip`): the card is equipped to its target
 * as it resolves and stays bound to it (the bound-cards check destroys it when the monster leaves
 * the field or is turned face-down). Control by equipping (Snatch Steal) is the kernel's
 * `gainControl` for as long as the Equip Card stays on the field (`expires: source`): control
 * goes back the moment it leaves, for whatever reason.
 */
import { emit } from "../../core/events.js";
import { zoneId } from "../../core/objects.js";
import { type OpHandler, resolveObjects, sourceOf } from "../../core/script.js";

export const equipOps: Record<string, OpHandler> = {
  equip: {
    doc: "This Equip Spell Card is equipped to that monster (the first named) as it resolves; if the monster is no longer a face-up monster on the field, the card is sent to the GY and the rest of the effect is not done.",
    args: { to: { type: "objects", required: true, doc: "The monster it is equipped to." } },
    run(game, op, frame) {
      const self = sourceOf(game, frame.ctx);
      if (!self || game.state.zones[self.zone]!.kind !== "spellTrap") return "stop";
      const target = resolveObjects(game, op.to, frame)[0];
      if (!target || game.state.zones[target.zone]!.kind !== "monster" || target.faceDown) {
        // It can't be equipped: it doesn't stay on the field (its wording could not be confirmed here).
        game.move(self, zoneId("graveyard", self.owner), { cause: { kind: "rule" } });
        return "stop";
      }
      self.vars.equippedTo = { obj: target.id, inc: target.inc };
      emit(game, {
        type: "equip",
        player: frame.ctx.controller,
        obj: self.id,
        inc: self.inc,
        card: self.card,
        name: game.card(self).name,
        data: { to: game.card(target).name },
      });
      return "next";
    },
  },
};
