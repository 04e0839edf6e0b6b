/**
 * Which events Yu-Gi-Oh!'s state checks of cards and Life Points can't be changed by
 * (StateCheck.ignores): after events of these types only, the kernel doesn't run them again.
 */

/**
 * The events that say only where the turn is (a Phase or step begins or ends, a turn begins or
 * ends), that a card was drawn, or that a limit was used. The loss check reads Life Points and a
 * draw from an empty Deck (its own event: drawFromEmpty); the Equip/Call of the Haunted, control
 * and Monster Zone checks read the cards on the field (moves, flips, control say so with their own
 * events). The attack check reads the step (the Damage Step), so it ignores none of them.
 */
export const CLOCK_AND_DRAWS: readonly string[] = [
  "nodeEnter",
  "nodeBegin",
  "nodeEnd",
  "turnBegin",
  "turnEnd",
  "draw",
  "limitUsed",
];
