/**
 * ZW - Pegasus Twin Saber (RULINGS YG-1.4: a continuous effect with a once-per-turn clause applies
 * once per turn without activating) and the "Utopia" monster it equips to, with printed text.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { YugiohOp } from "./ops.generated.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<YugiohOp>;

/** An Xyz Monster: Summoned from the Extra Deck with 2 Level 4 monsters as material. */
export const numberUtopia: CardDef = {
  id: "number-39-utopia",
  name: "Number 39: Utopia",
  types: ["monster", "xyz", "effect"],
  races: ["Warrior"],
  stats: { rank: 4, atk: 2500, def: 2000, attribute: "LIGHT" },
  text: "2 Level 4 monsters\nWhen a monster declares an attack: You can detach 1 material from this card; negate the attack. If this card is targeted for an attack, while it has no material: Destroy this card.",
  abilities: [
    { id: "xyz", kind: "static", zones: ["extra"], static: { kind: "xyzSummon", level: 4, materials: 2 } },
    {
      id: "negate",
      kind: "activated",
      timing: "quick",
      condition: { fn: "attackDeclared" },
      cost: [{ op: "detach", n: 1 }],
      effect: [{ op: "negateAttack" }],
    },
    { id: "fragile", kind: "static", static: { kind: "destroyedWhenAttackedWithoutMaterial" } },
  ],
};

/**
 * Text and type (Beast) as printed. Its Level, Attribute, ATK and DEF could not be confirmed from
 * the sources at hand; the values below are placeholders (docs/yugioh.md says so).
 */
export const zwPegasusTwinSaber: CardDef = {
  id: "zw-pegasus-twin-saber",
  name: "ZW - Pegasus Twin Saber",
  types: ["monster", "effect"],
  races: ["Beast"],
  stats: { level: 5, atk: 2000, def: 1000, attribute: "LIGHT" },
  text: 'You can only control 1 "ZW - Pegasus Twin Saber". If your opponent\'s LP are at least 2000 higher than yours, you can Special Summon this card (from your hand). You can target 1 "Utopia" monster you control; equip this card you control to it as an Equip Spell that gives it 1000 ATK. Once per turn, while this card is equipped to a monster, you can negate a monster effect activated on your opponent\'s field.',
  abilities: [
    { id: "only-one", kind: "static", zones: ["monster", "spellTrap"], static: { kind: "onlyControlOne" } },
    {
      id: "special",
      kind: "static",
      zones: ["hand"],
      static: { kind: "handSpecialSummon", lpBehind: 2000 },
    },
    {
      id: "equip",
      kind: "activated",
      timing: "ignition",
      cost: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "monster", controller: "self", faceDown: false, where: { utopiaMonster: true } },
          min: 1,
          max: 1,
          as: "target",
          target: true,
          prompt: 'Target 1 "Utopia" monster you control',
        },
      ],
      effect: [{ op: "equipSelf", to: "$target" }],
    },
    { id: "equip-atk", kind: "static", zones: ["spellTrap"], static: { kind: "equipAtk", by: 1000 } },
    {
      // RULINGS YG-1.4: not activated (no chain link, nothing to respond to); used up only when applied.
      id: "negate",
      kind: "static",
      zones: ["spellTrap"],
      static: { kind: "negateOpponentMonsterEffect" },
      limit: { counts: "application", key: "incarnation", window: "turn", label: "Once per turn" },
    },
  ],
};

export const utopiaCards: CardDef[] = [numberUtopia, zwPegasusTwinSaber];
