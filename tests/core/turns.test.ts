/** Turns as objects and the one queue of turn modifications (DM 500.5, CR 500.7; RULINGS DM-T13). */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import type { TurnNode } from "../../src/core/preset.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};
const turns = (g: Game) =>
  g.state.log
    .filter((e) => e.type === "turnBegin")
    .map((e) => `${e.data?.turn}:P${Number(e.player) + 1}${e.data?.extra ? "+" : ""}`);

describe("turns", () => {
  it("have ids, alternate players and count each player's own turns", () => {
    const game = Game.create(tinyPreset({ turn }), { setup: false, players: 3 }).run();
    for (let i = 0; i < 4; i++) game.act("pass");
    expect(turns(game)).toEqual(["1:P1", "2:P2", "3:P3", "4:P1", "5:P2"]);
    expect(game.state.clock.turn).toMatchObject({ id: 5, player: 1, ordinal: 2, extra: false });
  });

  it("take extra turns last added, first taken, then return to the rotation", () => {
    const preset = tinyPreset({
      turn,
      onGo: (g) => {
        g.addExtraTurn(0, "first");
        g.addExtraTurn(1, "second");
      },
    });
    const game = Game.create(preset, { setup: false }).run();
    game.act("go");
    for (let i = 0; i < 3; i++) game.act("pass");
    expect(turns(game)).toEqual(["1:P1", "2:P2+", "3:P1+", "4:P2"]);
  });

  it("skip a player's next turn through the same queue", () => {
    const preset = tinyPreset({
      turn,
      onGo: (g) => {
        g.state.turnQueue.push({ kind: "skip", player: 1 });
      },
    });
    const game = Game.create(preset, { setup: false }).run();
    game.act("go");
    game.act("pass");
    expect(turns(game)).toEqual(["1:P1", "2:P1"]);
    expect(game.state.log.some((e) => e.type === "turnSkipped" && e.player === 1)).toBe(true);
  });
});
