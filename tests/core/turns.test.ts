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

describe("nodes added to a turn (CR 500.8)", () => {
  // A turn of three phases; "go" in phase a adds what the test says.
  const phased: TurnNode = {
    id: "turn",
    label: "Turn",
    children: [
      { id: "a", label: "A", kind: "phase", interaction: "main" },
      { id: "b", label: "B", kind: "phase", onBegin: ["trace:b"] },
      { id: "c", label: "C", kind: "phase", onBegin: ["trace:c"], interaction: "main" },
      { id: "never", label: "Never", kind: "phase", when: "never" },
    ],
  };
  const phasesOf = (g: Game, turnId: number) =>
    g.state.log.filter((e) => e.type === "nodeEnter" && e.turn === turnId).map((e) => String(e.data?.node));
  const play = (onGo: (g: Game) => void) => {
    let went = false;
    const game = Game.create(
      tinyPreset({
        turn: phased,
        traces: ["b", "c"],
        onGo: (g) => {
          if (!went) onGo(g);
          went = true;
        },
      }),
      { setup: false },
    ).run();
    game.act("go");
    while (game.state.clock.turn.id < 3) game.act("pass");
    return game;
  };

  it("run right after the node they follow, in order, before its next sibling; this turn only", () => {
    const game = play((g) => g.addNodesAfter("a", ["c", "b"], "test"));
    expect(phasesOf(game, 1)).toEqual(["turn", "a", "c", "b", "b", "c"]);
    expect(phasesOf(game, 2)).toEqual(["turn", "a", "b", "c"]);
    expect(game.state.turnQueue).toEqual([]);
  });

  it("added later after the same node run first (CR 500.8: the most recently created first)", () => {
    const game = play((g) => {
      g.addNodesAfter("a", ["b"]);
      g.addNodesAfter("a", ["c"]);
    });
    expect(phasesOf(game, 1)).toEqual(["turn", "a", "c", "b", "b", "c"]);
  });

  it("can follow an added node, and keep their own conditions", () => {
    // In the added c, "go" again adds b after it (the c that runs is the added one).
    let n = 0;
    const game = Game.create(
      tinyPreset({
        turn: phased,
        traces: ["b", "c"],
        onGo: (g) => {
          n++;
          if (n === 1) g.addNodesAfter("a", ["c", "never"]);
          if (n === 2) g.addNodesAfter("c", ["b"]);
        },
      }),
      { setup: false },
    ).run();
    game.act("go"); // in a: adds c (and "never", whose condition fails)
    game.act("pass"); // a ends: the added c runs
    expect(game.state.clock.path).toEqual(["turn", "c"]);
    game.act("go"); // in the added c: adds b after it
    while (game.state.clock.turn.id < 2) game.act("pass");
    expect(phasesOf(game, 1)).toEqual(["turn", "a", "c", "b", "b", "c"]);
  });

  it("refuses nodes that are not siblings, or a node that is not running, naming them", () => {
    const game = Game.create(tinyPreset({ turn: phased, traces: ["b", "c"] }), { setup: false }).run();
    expect(() => game.addNodesAfter("a", ["turn"])).toThrow(
      /"turn" can't be added after "a": added nodes are its siblings \(a, b, c, never\)/,
    );
    expect(() => game.addNodesAfter("b", ["c"])).toThrow(/only after a node that is running; "b" is not/);
    expect(game.state.turnQueue).toEqual([]);
  });

  it("survive a save: the same game from the saved state", () => {
    const game = Game.create(
      tinyPreset({ turn: phased, traces: ["b", "c"], onGo: (g) => g.addNodesAfter("a", ["c"]) }),
      { setup: false },
    ).run();
    game.act("go");
    const copy = Game.fromState(game.rules.preset, JSON.parse(game.serialize()));
    for (const g of [game, copy]) for (let i = 0; i < 3; i++) g.act("pass");
    expect(copy.serialize()).toBe(game.serialize());
    expect(phasesOf(game, 1)).toEqual(["turn", "a", "c", "b", "c"]);
  });
});
