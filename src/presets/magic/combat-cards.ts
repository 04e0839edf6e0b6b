/**
 * Cards for the declarations' restrictions and requirements (CR 508.1c–d, 509.1b–c,
 * restrictions.ts), for creatures tapped or untapped in combat (CR 506.4b), and for first strike
 * given during combat (CR 702.7c).
 *
 * Texts, costs and stats are written from memory of the Oracle wording (no source for them was
 * reachable from here); each says so again below.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { targetCreature } from "./card-parts.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

/** "Target creature <does something> this turn": an `until` of kind `kind` on the target. */
const thisTurn = (kind: "cant" | "must", actions: string[], label: string): MagicOp => ({
  op: "until",
  expires: { tag: "endOfTurn" },
  target: "$target",
  effect: { kind, value: actions },
  label,
});

export const combatCards: CardDef[] = [
  // Portal / Tenth Edition; {1}{R} Creature — Goblin Warrior 2/2 (from memory).
  {
    id: "goblin-raider",
    name: "Goblin Raider",
    types: ["creature"],
    cost: 2,
    power: 2,
    stats: { toughness: 2, subtypes: ["Goblin", "Warrior"], manaCost: "{1}{R}" },
    text: "Goblin Raider can't block.",
    abilities: [
      {
        id: "cantBlock",
        kind: "static",
        text: "Goblin Raider can't block.",
        static: { kind: "cant", actions: ["block"] },
      },
    ],
  },
  // Magic 2010; {2}{R} Creature — Cyclops 3/3 (from memory).
  {
    id: "bloodrock-cyclops",
    name: "Bloodrock Cyclops",
    types: ["creature"],
    cost: 3,
    power: 3,
    stats: { toughness: 3, subtypes: ["Cyclops"], manaCost: "{2}{R}" },
    text: "Bloodrock Cyclops attacks each combat if able.",
    abilities: [
      {
        id: "mustAttack",
        kind: "static",
        text: "Bloodrock Cyclops attacks each combat if able.",
        static: { kind: "must", actions: ["attack"] },
      },
    ],
  },
  // Gatecrash; {2}{G} Sorcery (from memory).
  {
    id: "culling-mark",
    name: "Culling Mark",
    types: ["sorcery"],
    cost: 3,
    stats: { manaCost: "{2}{G}" },
    text: "Target creature blocks this turn if able.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [targetCreature],
        effect: [thisTurn("must", ["block"], "blocks this turn if able")],
      },
    ],
  },
  // Magic 2010; {1}{R} Creature — Goblin Scout 2/1 (from memory).
  {
    id: "goblin-shortcutter",
    name: "Goblin Shortcutter",
    types: ["creature"],
    cost: 2,
    power: 2,
    stats: { toughness: 1, subtypes: ["Goblin", "Scout"], manaCost: "{1}{R}" },
    text: "When Goblin Shortcutter enters the battlefield, target creature can't block this turn.",
    abilities: [
      {
        id: "etb",
        kind: "triggered",
        text: "When Goblin Shortcutter enters the battlefield, target creature can't block this turn.",
        trigger: { on: "move", self: true, to: "battlefield" },
        cost: [targetCreature],
        effect: [thisTurn("cant", ["block"], "can't block this turn")],
      },
    ],
  },
  // Magic Origins; {W} Creature — Human Soldier 1/1 (from memory).
  {
    id: "gideons-lawkeeper",
    name: "Gideon's Lawkeeper",
    types: ["creature"],
    cost: 1,
    power: 1,
    stats: { toughness: 1, subtypes: ["Human", "Soldier"], manaCost: "{W}" },
    text: "{W}, {T}: Tap target creature.",
    abilities: [
      {
        id: "tap",
        kind: "activated",
        text: "{W}, {T}: Tap target creature.",
        cost: [{ op: "payMana", mana: "{W}" }, { op: "tap", what: "self" }, targetCreature],
        effect: [{ op: "tap", what: "$target" }],
      },
    ],
  },
  // Vitalize, {G} Instant (Tenth Edition; from memory).
  {
    id: "vitalize",
    name: "Vitalize",
    types: ["instant"],
    cost: 1,
    stats: { manaCost: "{G}" },
    text: "Untap all creatures you control.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        effect: [
          { op: "untap", what: { select: { type: "creature", zone: "battlefield", controller: "self" } } },
        ],
      },
    ],
  },
  // Magic Origins; {R} Instant (from memory).
  {
    id: "kindled-fury",
    name: "Kindled Fury",
    types: ["instant"],
    cost: 1,
    stats: { manaCost: "{R}" },
    text: "Target creature gets +1/+0 and gains first strike until end of turn.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [targetCreature],
        effect: [
          { op: "pumpTarget", power: 1, toughness: 0 },
          {
            op: "until",
            expires: { tag: "endOfTurn" },
            target: "$target",
            effect: { kind: "keyword", value: "first strike" },
            label: "first strike until end of turn",
          },
        ],
      },
    ],
  },
];
