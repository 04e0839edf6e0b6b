/**
 * Each built-in preset's stops, as data (docs/stops.md lists them): where a person's seat stops to
 * act by default, like MTG Arena's defaults — your own main phases and combat, and whenever another
 * player does something you could answer. A preset of your own gets `GENERIC_STOPS`: only decisions
 * whose one option is a pass answer themselves.
 */
import type { StopTable } from "./stops.js";

export const MAGIC_STOPS: StopTable = {
  skippable: ["priority"],
  stackZone: "stack",
  stops: [
    { id: "upkeep", label: "Your upkeep", steps: ["upkeep"], turn: "own", on: false },
    { id: "draw", label: "Your draw step", steps: ["draw"], turn: "own", on: false },
    { id: "main1", label: "Your first main phase", steps: ["main1"], turn: "own", on: true },
    { id: "combat", label: "Your combat", steps: ["combat"], turn: "own", on: false },
    { id: "main2", label: "Your second main phase", steps: ["main2"], turn: "own", on: true },
    { id: "end", label: "Your end step", steps: ["ending"], turn: "own", on: false },
    { id: "oppUpkeep", label: "Opponent's upkeep", steps: ["upkeep"], turn: "opponent", on: false },
    {
      id: "oppMain",
      label: "Opponent's main phases",
      steps: ["main1", "main2"],
      turn: "opponent",
      on: false,
    },
    {
      id: "oppAttack",
      label: "Opponent's attack (after attackers are declared)",
      steps: ["declareAttackers"],
      turn: "opponent",
      logged: ["attack"],
      responds: true,
      on: true,
    },
    { id: "oppEnd", label: "Opponent's end step", steps: ["ending"], turn: "opponent", on: false },
    {
      id: "stack",
      label: "Another player's spell or ability on the stack",
      turn: "any",
      stack: "opponent",
      responds: true,
      on: true,
    },
  ],
};

export const YUGIOH_STOPS: StopTable = {
  skippable: ["window", "main", "battle", "chain"],
  stops: [
    { id: "draw", label: "Your Draw Phase", steps: ["draw"], turn: "own", on: false },
    { id: "standby", label: "Your Standby Phase", steps: ["standby"], turn: "own", on: false },
    { id: "main1", label: "Your Main Phase 1", steps: ["main1"], turn: "own", on: true },
    { id: "battle", label: "Your Battle Phase", steps: ["battle"], turn: "own", on: true },
    { id: "main2", label: "Your Main Phase 2", steps: ["main2"], turn: "own", on: true },
    { id: "end", label: "Your End Phase", steps: ["end"], turn: "own", on: false },
    {
      id: "chain",
      label: "A card or effect activated (a Chain you could add to)",
      kinds: ["chain"],
      turn: "any",
      responds: true,
      on: true,
    },
    {
      id: "oppAttack",
      label: "Opponent's attacks",
      steps: ["attack"],
      turn: "opponent",
      responds: true,
      on: true,
    },
    { id: "oppStandby", label: "Opponent's Standby Phase", steps: ["standby"], turn: "opponent", on: false },
    {
      id: "oppMain",
      label: "Opponent's Main Phases",
      steps: ["main1", "main2"],
      turn: "opponent",
      on: false,
    },
    { id: "oppBattle", label: "Opponent's Battle Phase", steps: ["battle"], turn: "opponent", on: false },
    { id: "oppEnd", label: "Opponent's End Phase", steps: ["end"], turn: "opponent", on: false },
  ],
};

/** Duel Masters, paper and Play's. */
export const DUEL_MASTERS_STOPS: StopTable = {
  skippable: ["charge", "main", "attack", "respond"],
  stops: [
    { id: "charge", label: "Your mana charge", steps: ["charge"], turn: "own", on: true },
    { id: "main", label: "Your main step", steps: ["main"], turn: "own", on: true },
    { id: "attack", label: "Your attack step", steps: ["attackStep"], turn: "own", on: true },
    {
      id: "oppAttack",
      label: "Opponent's attacks",
      steps: ["attackDeclaration"],
      turn: "opponent",
      responds: true,
      on: true,
    },
    { id: "oppEnd", label: "Opponent's end step", steps: ["end"], turn: "opponent", on: false },
  ],
};

export const LAB_STOPS: StopTable = {
  skippable: ["main", "battle", "duringAttack"],
  stops: [
    { id: "main", label: "Your main phase", steps: ["main"], turn: "own", on: true },
    { id: "battle", label: "Your battle phase", steps: ["battle"], turn: "own", on: true },
    {
      id: "oppAttack",
      label: "Opponent's attacks",
      steps: ["attack"],
      turn: "opponent",
      responds: true,
      on: true,
    },
  ],
};

export const SKIRMISH_STOPS: StopTable = {
  skippable: ["main", "combat"],
  stops: [
    { id: "main", label: "Your main step", steps: ["main"], turn: "own", on: true },
    { id: "combat", label: "Your combat", steps: ["combat"], turn: "own", on: true },
  ],
};

/** Any other preset: nothing is skippable; only a decision whose one option is a pass answers itself. */
export const GENERIC_STOPS: StopTable = { skippable: [], stops: [] };

const TABLES: Readonly<Record<string, StopTable>> = {
  magic: MAGIC_STOPS,
  yugioh: YUGIOH_STOPS,
  "duel-masters": DUEL_MASTERS_STOPS,
  "duel-masters-play": DUEL_MASTERS_STOPS,
  lab: LAB_STOPS,
  skirmish: SKIRMISH_STOPS,
};

/** The stops of the preset with this id (`GENERIC_STOPS` for one that is not built in). */
export function stopTableOf(preset: string): StopTable {
  return Object.hasOwn(TABLES, preset) ? TABLES[preset]! : GENERIC_STOPS;
}
