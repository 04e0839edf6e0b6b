/**
 * The Duel Masters turn as data (DM 500.1; RULINGS DM-T1 to DM-T14): start of turn, draw,
 * mana charge, main, attack (one substep sequence per attack) and end of turn. Before the
 * 2017-03-25 revision, charge came before draw (DM-T14): the `rulesVersion` option.
 */
import type { JsonObject } from "../../core/json.js";
import type { TurnNode } from "../../core/preset.js";

export const ATTACK_NODE = "attack";
/** The end of turn step: where "skip the rest of the turn" goes (ops.ts `skipRestOfTurn`). */
export const END_STEP = "end";

const attack: TurnNode = {
  id: ATTACK_NODE,
  label: "Attack",
  kind: "group",
  onDemand: true,
  windows: ["attack"],
  // The attack is over: the attacker no longer attacks, even when the attack ended early (an effect
  // skipped the rest of the turn, its end of attack substep never began).
  onEnd: ["dm.attackOver"],
  children: [
    {
      id: "attackDeclaration",
      label: "Attack declaration step",
      kind: "substep",
      onBegin: ["dm.declareAttack"],
    },
    { id: "blockDeclaration", label: "Block declaration step", kind: "substep", interaction: "dm.block" },
    { id: "battle", label: "Battle step", kind: "substep", when: "creatureBattles", onBegin: ["dm.battle"] },
    {
      id: "directAttack",
      label: "Direct attack step",
      kind: "substep",
      when: "playerAttacked",
      onBegin: ["dm.directAttack"],
    },
    { id: "endOfAttack", label: "End of attack step", kind: "substep", onBegin: ["dm.afterAttack"] },
  ],
};

export function dmTurn(options: JsonObject): TurnNode {
  const draw: TurnNode = {
    id: "draw",
    label: "Draw step",
    kind: "step",
    when: "!firstPlayersFirstTurn",
    onBegin: ["dm.draw"],
  };
  const charge: TurnNode = {
    id: "charge",
    label: "Mana charge step",
    kind: "step",
    interaction: "dm.charge",
  };
  const middle = options.rulesVersion === "pre2017" ? [charge, draw] : [draw, charge];
  return {
    id: "turn",
    label: "Turn",
    kind: "turn",
    children: [
      { id: "start", label: "Start of turn step", kind: "step", onBegin: ["dm.untap"] },
      ...middle,
      { id: "main", label: "Main step", kind: "step", interaction: "dm.main" },
      { id: "attackStep", label: "Attack step", kind: "step", interaction: "dm.attack", children: [attack] },
      // "At the end of the turn" abilities trigger as it begins (DM 500.4), Ninja Strike's return among them.
      { id: END_STEP, label: "End of turn step", kind: "step" },
    ],
  };
}
