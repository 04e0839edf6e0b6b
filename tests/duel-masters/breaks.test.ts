/**
 * DM ブレイク as events (breaks.ts): a broken shield's `break` names what broke it in its cause,
 * and no one who can't see the shield learns anything of it from the events — neither from the
 * break (its identity and data are the kernel's to redact) nor from the `broke` event about the
 * breaker, which carries nothing about the shield.
 */
import { describe, expect, it } from "vitest";
import type { Game } from "../../src/core/game.js";
import { narrate } from "../../src/core/narrate.js";
import type { LogEntry } from "../../src/core/types.js";
import { redactEntry } from "../../src/core/view.js";
import { parseScenario, ScenarioRun } from "../../src/scenario/index.js";

const SCENARIO = `
name: a Double Breaker breaks two shields
preset: duel-masters
setup:
  turn: 3
  active: P1
  step: attackStep
  players:
    P1:
      zones:
        battle: [{ card: sample-fire-6-6000-doubleBreaker, as: dragon }]
        deck: [sample-fire-3-3000, sample-fire-3-3000]
    P2:
      zones:
        shield: [{ card: holy-awe, faceDown: true }, { card: spiral-gate, faceDown: true }, { card: natural-snare, faceDown: true }]
        deck: [sample-fire-3-3000, sample-fire-3-3000]
script:
  - choose: attack:@dragon
`;

function play(): Game {
  const run = new ScenarioRun(parseScenario("breaks.test.yaml", SCENARIO));
  const result = run.run();
  expect(result.failures).toEqual([]);
  return run.game;
}

const ofType = (game: Game, type: string): LogEntry[] => game.state.log.filter((e) => e.type === type);

describe("duel-masters: shield breaks as events", () => {
  it("each broken shield's break names the attacker in its cause; a broke event about the attacker follows it", () => {
    const game = play();
    const breaks = ofType(game, "break");
    const broke = ofType(game, "broke");
    expect(breaks).toHaveLength(2);
    expect(broke).toHaveLength(2);
    for (const e of breaks) {
      expect(e.cause).toMatchObject({ kind: "action", player: 0, name: "Sample Fire 6000 doubleBreaker" });
      expect(e.player).toBe(1);
    }
    for (const e of broke) {
      expect(e).toMatchObject({ player: 0, name: "Sample Fire 6000 doubleBreaker", data: { owner: 1 } });
      // Nothing about the shield: its only data is whose it was.
      expect(Object.keys(e.data ?? {})).toEqual(["owner"]);
    }
  });

  it("the attacker's player sees who broke the shields, not what they were; their owner sees both", () => {
    const game = play();
    for (const e of ofType(game, "break")) {
      const attacker = redactEntry(game, e, 0)!;
      expect(attacker).toMatchObject({
        type: "break",
        cause: { kind: "action", name: "Sample Fire 6000 doubleBreaker" },
      });
      expect(attacker.card).toBeUndefined();
      expect(attacker.name).toBeUndefined();
      expect(attacker.data).toEqual({});
      const owner = redactEntry(game, e, 1)!;
      expect(owner.name).toBe(e.name);
      expect(narrate(game, e, 0)!.text).toBe("A shield of P2 is broken by Sample Fire 6000 doubleBreaker.");
      expect(narrate(game, e, 1)!.text).toBe(
        `A shield of P2 is broken by Sample Fire 6000 doubleBreaker (${e.name}).`,
      );
    }
    for (const e of ofType(game, "broke")) {
      const seen = redactEntry(game, e, 0)!;
      expect(JSON.stringify(seen)).not.toMatch(/Holy Awe|Spiral Gate|Natural Snare/);
    }
  });
});
