/**
 * Auras and Equipment: attachments (src/core/attachments.ts, attachments.ts). An Aura's
 * enchant ability (CR 702.5a) is the target of its spell ability, chosen as it is cast (CR 303.4a);
 * it enters attached to it (CR 303.4b) and goes to the graveyard when attached to nothing legal
 * (CR 704.5m). An Equipment enters unattached (CR 301.5b); "Equip {N}" attaches it to a creature
 * you control, as a sorcery (CR 702.6a); it stays on the battlefield when the creature leaves
 * (CR 704.5n). Their static abilities apply to the permanent they are attached to:
 * `{ kind: attachedGets, power, toughness }`, `{ kind: attachedCant, actions: [attack, block] }`.
 *
 * Texts, costs and types: Oracle text as printed in several public card databases and engines'
 * card files read while adding them (e.g. Bonesplitter "Equipped creature gets +2/+0. / Equip {1}",
 * Holy Strength "Enchant creature / Enchanted creature gets +1/+2.", Pacifism "Enchant creature /
 * Enchanted creature can't attack or block."); not checked against Gatherer itself, which wasn't
 * reachable here.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;
type Ability = NonNullable<CardDef["abilities"]>[number];

/** "Enchant creature" (CR 702.5a): the Aura spell's target, a creature on the battlefield. */
const enchantCreature: Ability = {
  id: "spell",
  kind: "static",
  text: "Enchant creature",
  keyword: "enchant",
  cost: [
    {
      op: "choose",
      chooser: "controller",
      from: { type: "creature", zone: "battlefield" },
      as: "target",
      target: true,
      prompt: "creature to enchant",
    },
  ],
};

/** "Equip {n}" (CR 702.6a): "{n}: Attach this permanent to target creature you control. Activate only as a sorcery." */
const equip = (n: number): Ability => ({
  id: "equip",
  kind: "activated",
  text: `Equip {${n}}`,
  keyword: "equip",
  timing: "sorcery",
  cost: [
    {
      op: "choose",
      chooser: "controller",
      from: { type: "creature", zone: "battlefield", controller: "self", other: true },
      as: "target",
      target: true,
      prompt: "target creature you control",
    },
    { op: "payMana", n },
  ],
  effect: [{ op: "attach", what: "$target" }],
});

export const auraCards: CardDef[] = [
  // Alpha; {W} Enchantment — Aura. A static pump of the enchanted creature (CR 613.4c).
  {
    id: "holy-strength",
    name: "Holy Strength",
    types: ["enchantment"],
    cost: 1,
    stats: { manaCost: "{W}", subtypes: ["Aura"] },
    text: "Enchant creature\nEnchanted creature gets +1/+2.",
    abilities: [
      enchantCreature,
      {
        id: "gets",
        kind: "static",
        text: "Enchanted creature gets +1/+2.",
        static: { kind: "attachedGets", power: 1, toughness: 2 },
      },
    ],
  },
  // Alpha; {1}{W} Enchantment — Aura. A restriction on attacking and blocking (CR 508.1c, 509.1b).
  {
    id: "pacifism",
    name: "Pacifism",
    types: ["enchantment"],
    cost: 2,
    stats: { manaCost: "{1}{W}", subtypes: ["Aura"] },
    text: "Enchant creature\nEnchanted creature can't attack or block.",
    abilities: [
      enchantCreature,
      {
        id: "cant",
        kind: "static",
        text: "Enchanted creature can't attack or block.",
        static: { kind: "attachedCant", actions: ["attack", "block"] },
      },
    ],
  },
  // Mirrodin; {1} Artifact — Equipment.
  {
    id: "bonesplitter",
    name: "Bonesplitter",
    types: ["artifact"],
    cost: 1,
    stats: { manaCost: "{1}", subtypes: ["Equipment"] },
    text: "Equipped creature gets +2/+0.\nEquip {1}",
    abilities: [
      {
        id: "gets",
        kind: "static",
        text: "Equipped creature gets +2/+0.",
        static: { kind: "attachedGets", power: 2, toughness: 0 },
      },
      equip(1),
    ],
  },
];
