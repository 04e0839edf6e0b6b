/**
 * Pieces that many Duel Masters card texts share, as data builders: "choose a card and move it",
 * and the pair of replacements a "would leave the battle zone" ability needs (destroyed, or moved
 * by any other effect).
 */

import type { MoveOp } from "../../core/vocabulary/ops.generated.js";
import type { PresetCardDef, Selector } from "../../core/vocabulary/schema.js";
import type { DuelMastersOp } from "./ops.generated.js";

/** An ability of the library: its ops are checked against the preset's at compile time. */
export type Ability = NonNullable<PresetCardDef<DuelMastersOp>["abilities"]>[number];

/**
 * Who picks, as the printed text says: "controller" — "choose one of your opponent's creatures"
 * is still your choice —, or "opponent" — "your opponent discards a card" is theirs, from their
 * own hand (RULINGS: 相手は自身の手札を1枚捨てる).
 */
export type Chooser = "controller" | "opponent";

/** Choose `min`–`max` objects (default exactly one) into `$as`, then move them; `chooser` is required. */
export function pickAndMove(opts: {
  from: Selector;
  chooser: Chooser;
  to: string;
  prompt: string;
  as?: string;
  min?: number;
  max?: number;
  event?: string;
  zoneOwner?: MoveOp["zoneOwner"];
}): DuelMastersOp[] {
  const as = opts.as ?? "picked";
  const move: MoveOp = { op: "move", what: `$${as}`, to: opts.to };
  if (opts.event) move.event = opts.event;
  if (opts.zoneOwner) move.zoneOwner = opts.zoneOwner;
  return [
    {
      op: "choose",
      from: opts.from,
      chooser: opts.chooser,
      min: opts.min ?? 1,
      max: opts.max ?? 1,
      as,
      prompt: opts.prompt,
    },
    move,
  ];
}

/**
 * "When this would leave the battle zone, instead …": one replacement for being destroyed and one
 * for any other move out of the battle zone, ids `<id>-destroy` and `<id>-move`.
 */
export function whenLeaving(
  id: string,
  parts: Omit<Ability, "id" | "kind" | "replaces">,
  of: "self" | "yours" = "self",
): Ability[] {
  return (["destroy", "move"] as const).map((on) => ({
    ...parts,
    id: `${id}-${on}`,
    kind: "replacement",
    replaces:
      of === "self"
        ? { on, from: "battle", self: true }
        : { on, from: "battle", player: "self", card: { type: "creature" } },
  }));
}

/**
 * シールド・ゴー (DM Shield: シールド・ゴー): "このクリーチャーが破壊された時、新しいシールドとして自分の
 * シールドゾーンに表向きのまま加える。このクリーチャーが表向きで、シールドゾーンを離れる時、かわりに自分の
 * 墓地に置く" — a "when destroyed" trigger that adds the card (still in the graveyard) to its owner's
 * shield zone face up, and a replacement that works from the shield zone while it is face up (a
 * face-down card's abilities don't work there): leaving it — broken, or put anywhere by an effect —
 * it goes to the graveyard instead (so it is never put into a hand: no Shield Trigger).
 */
export function shieldGo(): Ability[] {
  return [
    {
      id: "shieldGo",
      kind: "triggered",
      keyword: "Shield Go",
      text: "When this creature is destroyed, add it to your shield zone face up as a new shield.",
      trigger: { on: "destroy", self: true },
      effect: [{ op: "move", what: "event", to: "shield", faceDown: false }],
    },
    {
      id: "shieldGoLeave",
      kind: "replacement",
      keyword: "Shield Go",
      zones: ["shield"],
      text: "When this card would leave your shield zone face up, put it into your graveyard instead.",
      replaces: { on: ["break", "move", "discard", "destroy"], from: "shield", self: true },
      instead: [{ op: "move", what: "event", to: "graveyard" }],
    },
  ];
}
