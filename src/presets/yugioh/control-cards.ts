/**
 * Control by equipping (Snatch Steal), and a card that removes an Equip Card (Mystical Space
 * Typhoon). Snatch Steal's printed text is the TCG's (not confirmed against a published source); that its LP
 * gain is a mandatory Trigger Effect (a chain link) is from memory, as is Mystical Space Typhoon's
 * text.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { YugiohOp } from "./ops.generated.js";

type CardDef = PresetCardDef<YugiohOp>;

/**
 * "Equip only to a monster your opponent controls": the target is checked on activation and on
 * resolution. "You take control of the equipped monster": for as long as Snatch Steal stays on the
 * field (it stays only while equipped): control goes back when it leaves — destroyed, or because
 * the monster left the field or was turned face-down. It needs a free Main Monster Zone to take it.
 */
export const snatchSteal: CardDef = {
  id: "snatch-steal",
  name: "Snatch Steal",
  types: ["spell", "equip"],
  text: "Equip only to a monster your opponent controls. You take control of the equipped monster. During each of your opponent's Standby Phases: They gain 1000 LP.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      condition: { fn: "monsterZoneFree" },
      cost: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "monster", controller: "opponent", faceDown: false },
          min: 1,
          max: 1,
          as: "target",
          target: true,
          prompt: "Target 1 face-up monster your opponent controls",
        },
      ],
      effect: [
        { op: "equip", to: "$target" },
        { op: "gainControl", what: "$target", expires: "source" },
      ],
    },
    {
      id: "gift",
      kind: "triggered",
      zones: ["spellTrap"],
      text: "During each of your opponent's Standby Phases: They gain 1000 LP",
      trigger: { on: "nodeBegin", player: "opponent", where: { "data.node": "standby" } },
      effect: [{ op: "gainLP", n: 1000, player: "opponent" }],
    },
  ],
};

/** A Quick-Play Spell that destroys a Spell/Trap Card (the Pendulum Zones hold Spell Cards). */
export const mysticalSpaceTyphoon: CardDef = {
  id: "mystical-space-typhoon",
  name: "Mystical Space Typhoon",
  types: ["spell", "quickPlay"],
  text: "Target 1 Spell/Trap on the field; destroy that target.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      zones: ["hand", "spellTrap"], // from the hand in your turn, or Set
      cost: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: ["spellTrap", "pendulum"], other: true },
          min: 1,
          max: 1,
          as: "target",
          target: true,
          prompt: "Target 1 Spell/Trap on the field",
        },
      ],
      effect: [{ op: "destroy", what: "$target" }],
    },
  ],
};

/**
 * An exchange of control: both monsters switch sides or neither does (exchange.ts). Each player
 * chooses on resolution (not a target). Its text is from memory: not confirmable here.
 */
export const creatureSwap: CardDef = {
  id: "creature-swap",
  name: "Creature Swap",
  types: ["spell", "normal"],
  text: "Each player chooses 1 monster they control and switches control of those monsters with each other. Those monsters cannot change their battle positions for the rest of this turn.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      // Both players must control a monster.
      condition: {
        all: [
          { count: { zone: "monster", controller: "self" }, gte: 1 },
          { count: { zone: "monster", controller: "opponent" }, gte: 1 },
        ],
      },
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "monster", controller: "self" },
          min: 1,
          max: 1,
          as: "mine",
          prompt: "Choose 1 monster you control to switch",
        },
        {
          op: "choose",
          chooser: "opponent",
          from: { zone: "monster", controller: "opponent" },
          min: 1,
          max: 1,
          as: "theirs",
          prompt: "Choose 1 monster you control to switch",
        },
        { op: "exchangeControl", a: "$mine", b: "$theirs", fixPositions: true },
      ],
    },
  ],
};

export const controlCards: CardDef[] = [snatchSteal, mysticalSpaceTyphoon, creatureSwap];
