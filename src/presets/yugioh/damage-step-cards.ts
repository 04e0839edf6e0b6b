/**
 * A card whose effect directly changes ATK (RULINGS YG-T7, Konami's Damage Step rules): it may be
 * activated at any time its Spell Speed allows, and in the Damage Step from its start until before
 * damage calculation (activation.ts `damageStepReason`). The OCG text is confirmed (yugioh-wiki.net,
 * 《突進》: 「フィールドの表側表示モンスター1体を対象として発動できる。そのモンスターの攻撃力はターン終了時まで
 * 700アップする。」); the English wording is the TCG's from memory.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { targetFaceUpMonster } from "./card-parts.js";
import type { YugiohOp } from "./ops.generated.js";

type CardDef = PresetCardDef<YugiohOp>;

/** Quick-Play Spell: "Target 1 face-up monster on the field; it gains 700 ATK until the end of this turn." */
export const rushRecklessly: CardDef = {
  id: "rush-recklessly",
  name: "Rush Recklessly",
  types: ["spell", "quickPlay"],
  text: "Target 1 face-up monster on the field; it gains 700 ATK until the end of this turn.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      cost: [targetFaceUpMonster],
      effect: [{ op: "until", expires: "turn", effect: { kind: "atk", value: 700 }, target: "$target" }],
    },
  ],
};

export const damageStepCards: CardDef[] = [rushRecklessly];
