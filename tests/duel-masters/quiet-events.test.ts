/**
 * Duel Masters' state checks (deck out, Extra Win, command unseal) aren't run again after events
 * that only say where the turn is or that a card tapped or untapped — unless a card's Extra Win
 * condition may read the turn, taps or power. The lockstep test (tests/core/state-checks-skip)
 * plays the same games with the checks at every opportunity.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import type { ConditionT } from "../../src/core/vocabulary/schema.js";
import { CLOCK_AND_TAPS, readsNoClockOrTaps } from "../../src/presets/duel-masters/quiet-events.js";
import { getPreset } from "../../src/presets/index.js";

const water: ConditionT = {
  count: { zone: "battle", controller: "self", where: { civilizations: { includes: "water" } } },
  gte: 11,
};

/** A creature that wins when its condition holds (an Extra Win, like Cyber J Eleven's). */
const winner = (id: string, condition: ConditionT) => ({
  id,
  name: id,
  types: ["creature"],
  cost: 5,
  power: 1000,
  civilizations: ["water"],
  races: ["Cyber Command"],
  abilities: [{ id: "extraWin", kind: "static" as const, static: { kind: "extraWin" }, condition }],
});

describe("duel masters: the events its state checks ignore", () => {
  it("a turn's steps and taps leave them standing with the cards it plays (Cyber J Eleven counts cards)", () => {
    const quiet = Game.create(getPreset("duel-masters"), { seed: 1 }).rules.stateChecks.quiet;
    for (const t of CLOCK_AND_TAPS) expect(quiet.has(t), t).toBe(true);
    for (const t of ["move", "draw", "durationEnd", "shield", "destroy"]) expect(quiet.has(t), t).toBe(false);
  });

  it("not when a card's Extra Win reads the turn, a tapped state or power", () => {
    const cases: [string, ConditionT][] = [
      ["on-my-turn", { all: [water, { turn: "self" }] }],
      ["tapped-count", { count: { zone: "mana", controller: "self", tapped: true }, gte: 5 }],
      ["active-count", { count: { zone: "battle", controller: "active" }, gte: 5 }],
      [
        "power-count",
        { count: { zone: "battle", controller: "self", where: { power: { gte: 9000 } } }, gte: 3 },
      ],
    ];
    for (const [id, condition] of cases) {
      expect(readsNoClockOrTaps(condition), id).toBe(false);
      const quiet = Game.create(getPreset("duel-masters"), { seed: 1, cards: [winner(id, condition)] }).rules
        .stateChecks.quiet;
      expect(quiet.has("nodeBegin"), id).toBe(false);
      expect(quiet.has("tap"), id).toBe(false);
    }
    expect(
      readsNoClockOrTaps({ not: { any: [water, { count: { zone: "hand", owner: "self" }, eq: 0 }] } }),
    ).toBe(true);
    const counting = Game.create(getPreset("duel-masters"), { seed: 1, cards: [winner("counter", water)] });
    expect(counting.rules.stateChecks.quiet.has("nodeBegin")).toBe(true);
  });
});
