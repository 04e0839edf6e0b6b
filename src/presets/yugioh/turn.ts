/**
 * The Yu-Gi-Oh! turn as data (RULINGS YG-T1): Draw, Standby, Main 1, Battle (Start Step, Battle
 * Step with one Damage Step per attack, End Step), Main 2 only after a Battle Phase (YG-T9), End.
 */
import type { TurnNode } from "../../core/preset.js";

const damageStep: TurnNode = {
  id: "damageStep",
  label: "Damage Step",
  kind: "step",
  children: [
    {
      id: "startOfDamageStep",
      label: "start of the Damage Step",
      kind: "substep",
      onBegin: ["ygo.flipDefender"],
    },
    { id: "beforeDamageCalculation", label: "before damage calculation", kind: "substep" },
    {
      id: "damageCalculation",
      label: "damage calculation",
      kind: "substep",
      onBegin: ["ygo.damageCalculation"],
    },
    { id: "afterDamageCalculation", label: "after damage calculation", kind: "substep" },
    {
      id: "endOfDamageStep",
      label: "end of the Damage Step",
      kind: "substep",
      onBegin: ["ygo.destroyBattled"],
    },
  ],
};

export const ygoTurn: TurnNode = {
  id: "turn",
  label: "Turn",
  kind: "turn",
  children: [
    { id: "draw", label: "Draw Phase", kind: "phase", windows: ["phase"], onBegin: ["ygo.normalDraw"] },
    { id: "standby", label: "Standby Phase", kind: "phase", windows: ["phase"] },
    { id: "main1", label: "Main Phase 1", kind: "phase", windows: ["phase"], interaction: "ygo.main" },
    {
      id: "battle",
      label: "Battle Phase",
      kind: "phase",
      // YG-T1: no Battle Phase on the first turn; otherwise the turn player chose it in Main 1.
      when: "battleChosen",
      windows: ["phase", "battlePhase"],
      onBegin: ["ygo.battleConducted"],
      children: [
        { id: "startStep", label: "Start Step", kind: "step" },
        {
          id: "battleStep",
          label: "Battle Step",
          kind: "step",
          interaction: "ygo.battleStep",
          children: [
            {
              id: "attack",
              label: "Attack",
              kind: "group",
              onDemand: true,
              windows: ["attack"],
              children: [damageStep],
            },
          ],
        },
        { id: "endStep", label: "End Step", kind: "step" },
      ],
    },
    // YG-T9: Main Phase 2 only if the Battle Phase was conducted.
    {
      id: "main2",
      label: "Main Phase 2",
      kind: "phase",
      windows: ["phase"],
      when: "battleConducted",
      interaction: "ygo.main",
    },
    // YG-T10: End-Phase effects, then the turn player discards down to 6.
    { id: "end", label: "End Phase", kind: "phase", windows: ["phase"], onEnd: ["ygo.handLimit"] },
  ],
};
