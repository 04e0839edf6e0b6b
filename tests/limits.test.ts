/**
 * Limits are plain data: they survive a JSON round trip and snapshot/restore, and `remaining`
 * reports what each limited ability still has.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../src/core/game.js";
import { lab } from "../src/presets/lab/index.js";
import { parseScenario } from "../src/scenario/load.js";
import { ScenarioRun } from "../src/scenario/runner.js";

const SCENARIO = `
name: limits as data
preset: lab
cards:
  - id: imp
    name: Spark Imp
    types: [creature]
    power: 1
    abilities:
      - id: zap
        kind: activated
        effect: [{ op: loseLife, player: opponent, n: 1 }]
        limit: { counts: use, key: incarnation, window: turn, label: once per turn }
  - id: chronicler
    name: Chronicler
    types: [creature]
    power: 1
    abilities:
      - id: note
        kind: triggered
        trigger: { on: play, player: self, noun: card play }
        effect: [{ op: gainLife, n: 1 }]
        limit: { counts: event, nth: 1, key: player, window: turn }
setup:
  turn: 3
  active: P1
  step: main
  players:
    P1:
      zones:
        field: [imp, imp, chronicler]
        hand: [lab-rat]
        deck: [lab-rat, lab-rat, lab-rat]
    P2:
      zones:
        deck: [lab-rat, lab-rat, lab-rat]
script:
  - choose: activate:c1:zap
  - choose: play:c4
`;

function gameAfterScript(): Game {
  const run = new ScenarioRun(parseScenario("inline.yaml", SCENARIO));
  const result = run.run();
  expect(result.failures).toEqual([]);
  return run.game;
}

const verdicts = (g: Game) => ["c1", "c2", "c3"].map((id) => g.canUse(id, id === "c3" ? "note" : "zap"));

describe("limits as data", () => {
  it("answer the same after a JSON round trip, and keep counting from there", () => {
    const game = gameAfterScript();
    const before = verdicts(game);
    expect(before.map((v) => v.ok)).toEqual([false, true, false]);
    const copy = Game.deserialize(lab, JSON.stringify(JSON.parse(game.serialize())));
    expect(verdicts(copy)).toEqual(before);
    expect(copy.remaining(0)).toEqual(game.remaining(0));
    expect(copy.serialize()).toBe(game.serialize());
    // Both continue identically: use the second imp, then the limits reset next turn.
    for (const g of [game, copy]) g.act(`activate:${g.obj("c2").handle}:zap`);
    expect(copy.serialize()).toBe(game.serialize());
    expect(copy.canUse("c2", "zap").ok).toBe(false);
  });

  it("are restored by snapshot/restore", () => {
    const game = gameAfterScript();
    const snap = game.snapshot();
    const state = game.serialize();
    game.act(`activate:${game.obj("c2").handle}:zap`);
    expect(game.canUse("c2", "zap").ok).toBe(false);
    game.restore(snap);
    expect(game.canUse("c2", "zap").ok).toBe(true);
    expect(game.serialize()).toBe(state);
  });

  it("remaining() lists what each limited ability still has, with the reason when spent", () => {
    const game = gameAfterScript();
    const rows = game.remaining(0);
    // Rows name cards by handle (this list goes to the player's client); keyed here by referee's id.
    const byHandle = Object.fromEntries(rows.map((r) => [r.obj, r]));
    const byObj = Object.fromEntries(["c1", "c2", "c3"].map((id) => [id, byHandle[game.obj(id).handle]]));
    expect(byObj.c1).toMatchObject({
      name: "Spark Imp",
      ability: "zap",
      limit: "once per turn",
      window: "turn",
      used: 1,
      max: 1,
      remaining: 0,
    });
    expect(byObj.c1!.reason).toContain("“once per turn” is used up for this card");
    expect(byObj.c2).toMatchObject({ used: 0, max: 1, remaining: 1 });
    expect(byObj.c2!.reason).toBeUndefined();
    expect(byObj.c3).toMatchObject({ used: 1, max: 1, remaining: 0 });
    expect(byObj.c3!.reason).toBe("Chronicler: the first card play of turn 3 happened in Main phase");
    expect(game.remaining(1)).toEqual([]);
  });

  it("reset when the window opens again", () => {
    const game = gameAfterScript();
    let guard = 0;
    while (!(game.state.clock.turn.id === 5 && game.state.clock.path.at(-1) === "main") && guard++ < 100)
      game.act("pass");
    expect(verdicts(game).map((v) => v.ok)).toEqual([true, true, true]);
  });

  it("refuse unknown objects and abilities with a clear error", () => {
    const game = gameAfterScript();
    expect(() => game.canUse("c99", "zap")).toThrow(/c99/);
    expect(() => game.canUse("c1", "nope")).toThrow(/nope/);
  });
});
