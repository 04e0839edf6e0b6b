/**
 * Cards whose timing is the turn's own structure: "at the start of your Main Phase 1" (RULINGS
 * YG-T4, YG-T9) and "until the end of the Battle Phase" (YG-T8), with their printed text.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { YugiohOp } from "./ops.generated.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<YugiohOp>;

/** RULINGS YG-T4: usable only as the first action of Main Phase 1, never in Main Phase 2. */
export const heatWave: CardDef = {
  id: "heat-wave",
  name: "Heat Wave",
  types: ["spell", "normal"],
  text: "At the start of your Main Phase 1: Neither player can Normal or Special Summon Effect Monsters, until your next Draw Phase.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      condition: { fn: "startOfMainPhase1" },
      effect: [
        {
          op: "until",
          // "until your next Draw Phase": it ends as that turn begins, before its Draw Phase.
          expires: { nextTurnOf: "controller" },
          effect: { kind: "noEffectMonsterSummons" },
          label: "Neither player can Normal or Special Summon Effect Monsters",
        },
      ],
    },
  ],
};

/** RULINGS YG-T8: "the attacking monster's ATK becomes 0 until the end of the Battle Phase". */
export const fairyBox: CardDef = {
  id: "fairy-box",
  name: "Fairy Box",
  types: ["trap", "continuous"],
  text: "When your opponent's monster declares an attack: Toss a coin and call it. If you call it right, the attacking monster's ATK becomes 0 until the end of the Battle Phase. During each of your Standby Phases, pay 500 Life Points or destroy this card.",
  abilities: [
    { id: "activate", kind: "activated" },
    {
      id: "box",
      kind: "activated",
      timing: "quick",
      zones: ["spellTrap"],
      condition: { fn: "opponentAttackDeclared" },
      effect: [
        { op: "attackingMonster", as: "attacker" },
        {
          op: "callCoin",
          // biome-ignore lint/suspicious/noThenProperty: "then" is the op's branch in the card vocabulary
          then: [
            {
              op: "until",
              expires: { endOf: "battle" },
              effect: { kind: "atkSet", value: 0 },
              target: "$attacker",
              label: "its ATK becomes 0 until the end of the Battle Phase",
            },
          ],
        },
      ],
      // "When ... declares an attack": once per declaration for each Fairy Box.
      limit: { counts: "use", key: "incarnation", window: "attack", label: "once per attack declaration" },
    },
    {
      id: "upkeep",
      kind: "static",
      zones: ["spellTrap"],
      static: { kind: "maintenance", lp: 500 },
    },
  ],
};

/**
 * "Skip your next 2 Draw Phases" (the kernel's skipNode op): the Draw Phase of each of the
 * player's next two turns doesn't happen at all — no draw, no window, nothing "during the Draw
 * Phase" — and the turn goes straight to the Standby Phase (YG Draw Phase; CR-like 614.10 in the
 * kernel: each skip is used by one Draw Phase). Text as printed (Invasion of Chaos; quoted from
 * memory, not confirmed from a reachable source).
 */
export const recklessGreed: CardDef = {
  id: "reckless-greed",
  name: "Reckless Greed",
  types: ["trap", "normal"],
  text: "Draw 2 cards. Skip your next 2 Draw Phases.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      effect: [
        { op: "draw", n: 2 },
        { op: "skipNode", node: "draw", times: 2 },
      ],
    },
  ],
};

export const turnCards: CardDef[] = [heatWave, fairyBox, recklessGreed];
