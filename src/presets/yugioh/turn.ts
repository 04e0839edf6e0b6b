/**
 * The Yu-Gi-Oh! turn as data (RULINGS YG-T1): Draw, Standby, Main 1, Battle (Start Step, Battle
 * Step with one Damage Step per attack, End Step), Main 2 only after a Battle Phase (YG-T9), End.
 */
import type { TurnNode } from "../../core/preset.js";

const damageStep: TurnNode = {
  id: "damageStep",
  label: "Damage Step",
  kind: "step",
  // A negated or stopped attack has no Damage Step.
  when: "attackContinues",
  children: [
    // YG-T7, YG Damage Step: start of the Damage Step — both players may activate Counter Traps
    // and ATK/DEF-changing Damage Step effects (turn player first).
    {
      id: "startOfDamageStep",
      label: "start of the Damage Step",
      kind: "substep",
      interaction: "ygo.window",
    },
    // YG Damage Step: before damage calculation — an attacked face-down monster is flipped face-up
    // here (its FLIP effect waits), then a window like the start's.
    {
      id: "beforeDamageCalculation",
      label: "before damage calculation",
      kind: "substep",
      onBegin: ["ygo.flipDefender"],
      interaction: "ygo.window",
    },
    // YG Damage Step: during damage calculation only "during damage calculation" effects (and
    // Counter Traps) may be activated, then damage is calculated.
    {
      id: "damageCalculation",
      label: "damage calculation",
      kind: "substep",
      interaction: "ygo.window",
      onEnd: ["ygo.damageCalculation"],
    },
    // Effects triggered earlier in the Damage Step (FLIP effects of an attacked monster) now.
    {
      id: "afterDamageCalculation",
      label: "after damage calculation",
      kind: "substep",
      onBegin: ["ygo.releaseHeldTriggers"],
      // Then Counter Traps may be activated (YG Damage Step: after damage calculation).
      interaction: "ygo.window",
    },
    {
      id: "endOfDamageStep",
      label: "end of the Damage Step",
      kind: "substep",
      onBegin: ["ygo.destroyBattled"],
      interaction: "ygo.window",
    },
  ],
};

export const ygoTurn: TurnNode = {
  id: "turn",
  label: "Turn",
  kind: "turn",
  children: [
    // YG-T2: the normal draw first, then the turn player has priority (Spell Speed 2 and 3).
    {
      id: "draw",
      label: "Draw Phase",
      kind: "phase",
      windows: ["phase"],
      onBegin: ["ygo.normalDraw"],
      // After the draw and what it triggered, the turn player, then the opponent, may act.
      interaction: "ygo.window",
    },
    // YG-T3: Standby-Phase effects, then the turn player has priority.
    // Maintenance costs ("During each of your Standby Phases, pay 500 LP or destroy this card") first.
    {
      id: "standby",
      label: "Standby Phase",
      kind: "phase",
      windows: ["phase"],
      onBegin: ["ygo.maintenance"],
      // Standby-Phase effects ("during your Standby Phase") resolve first, then the window.
      interaction: "ygo.window",
    },
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
        // The turn player has priority in the Start and End Steps (Spell Speed 2 and 3).
        { id: "startStep", label: "Start Step", kind: "step", interaction: "ygo.window" },
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
              // YG-T5: "when an attack is declared" — both players may respond first; YG-T6: a
              // replay as soon as the opponent's monsters change, then a window again (attack.ts).
              onBegin: ["ygo.attackWindows"],
              children: [damageStep],
              // The attack is over: "while an attack is occurring" ends with it.
              onEnd: ["ygo.attackEnd"],
            },
          ],
        },
        // YG-T8: "during the Battle Phase" and "until the end of the Battle Phase" effects end as
        // the phase ends, once anything activated in the End Step has resolved.
        { id: "endStep", label: "End Step", kind: "step", interaction: "ygo.window" },
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
    // YG-T10: End-Phase effects, then the turn player, then the opponent, may activate cards and
    // effects (YG End Phase: a window like the other phases'); then the turn player discards down to 6.
    {
      id: "end",
      label: "End Phase",
      kind: "phase",
      windows: ["phase"],
      interaction: "ygo.window",
      onEnd: ["ygo.handLimit"],
    },
  ],
};
