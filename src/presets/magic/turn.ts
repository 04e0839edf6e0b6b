/**
 * The Magic turn as data (CR 500-514): five phases, their steps, each step's and phase's
 * turn-based actions (CR 703.4) as onBegin/onEnd tasks, priority as the body of every step but
 * untap and cleanup, mana pools emptying as every step and phase ends (CR 703.4s).
 */
import type { TurnNode } from "../../core/preset.js";

const EMPTY = ["mtg.emptyMana"]; // CR 500.4, 703.4s
const PRIORITY = "mtg.priority";

const step = (id: string, label: string, extra: Partial<TurnNode> = {}): TurnNode => ({
  id,
  label,
  kind: "step",
  interaction: PRIORITY,
  onEnd: EMPTY,
  ...extra,
});

export function magicTurn(): TurnNode {
  return {
    id: "turn",
    label: "Turn",
    kind: "turn",
    // CR 800.4a: players who left the game take no turns (leave-game.ts).
    onEnd: ["mtg.skipLeftPlayers"],
    children: [
      {
        id: "beginning",
        label: "Beginning phase",
        kind: "phase",
        when: "activeInGame",
        onEnd: EMPTY,
        children: [
          // CR 502: phasing, then the day/night check, then untap; no player gets priority (CR 502.4).
          {
            id: "untap",
            label: "Untap step",
            kind: "step",
            onBegin: ["mtg.phasing", "mtg.dayNight", "mtg.untap"],
            onEnd: EMPTY,
          },
          step("upkeep", "Upkeep step"),
          // CR 103.8a: the starting player of a two-player game skips the draw of their first turn.
          step("draw", "Draw step", { when: "!skipFirstDraw", onBegin: ["mtg.draw"] }),
        ],
      },
      // CR 505.4: scheme (Archenemy), lore counters, then rolling to visit Attractions.
      {
        id: "main1",
        label: "Precombat main phase",
        kind: "phase",
        when: "activeInGame",
        onBegin: ["mtg.scheme", "mtg.lore", "mtg.rollToVisit"],
        interaction: PRIORITY,
        onEnd: EMPTY,
      },
      {
        id: "combat",
        label: "Combat phase",
        kind: "phase",
        when: "activeInGame",
        onEnd: EMPTY,
        children: [
          step("beginningOfCombat", "Beginning of combat step", { onBegin: ["mtg.chooseDefender"] }),
          step("declareAttackers", "Declare attackers step", { onBegin: ["mtg.declareAttackers"] }),
          // CR 508.8: skipped when no creatures attack.
          step("declareBlockers", "Declare blockers step", {
            when: "attacking",
            onBegin: ["mtg.declareBlockers", "mtg.attackerOrder", "mtg.blockerOrder"],
          }),
          // CR 510.4: a first-strike combat damage step when a combatant has first or double strike.
          step("firstStrikeDamage", "Combat damage step (first strike)", {
            when: "firstStrikeInCombat",
            onBegin: ["mtg.assignDamage", "mtg.dealCombatDamage"],
          }),
          step("combatDamage", "Combat damage step", {
            when: "attacking",
            onBegin: ["mtg.assignDamage", "mtg.dealCombatDamage"],
          }),
          step("endOfCombat", "End of combat step", { onEnd: ["mtg.endCombat", ...EMPTY] }),
        ],
      },
      {
        id: "main2",
        label: "Postcombat main phase",
        kind: "phase",
        when: "activeInGame",
        interaction: PRIORITY,
        onEnd: EMPTY,
      },
      {
        id: "ending",
        label: "Ending phase",
        kind: "phase",
        when: "activeInGame",
        onEnd: EMPTY,
        children: [
          step("end", "End step"),
          // CR 514: discard, then damage and "until end of turn" effects end; no priority unless
          // something happened, and then another cleanup step (CR 514.3a).
          {
            id: "cleanup",
            label: "Cleanup step",
            kind: "step",
            onBegin: ["mtg.discardToHandSize", "mtg.cleanupDamage"],
            interaction: "mtg.cleanupCheck",
            onEnd: EMPTY,
            repeatWhile: "cleanupAgain",
          },
        ],
      },
    ],
  };
}
