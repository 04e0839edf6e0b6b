/**
 * Skipping a phase or step (CR 500.10, 614.10): "skip your next draw step" (the skipNode op,
 * Game.skipNextNode) is used up by that player's next run of the node, in whichever of their
 * turns it comes; a static ability of kind skipNode skips every run for the players it names.
 * A skipped node doesn't happen at all: no enter, begin or end, none of its actions.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import type { TurnNode } from "../../src/core/preset.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { tinyPreset, trace } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [
    { id: "draw", label: "Draw", kind: "step", onBegin: ["trace:draw"] },
    { id: "main", label: "Main", kind: "step", interaction: "main" },
  ],
};

/** The player who drew in each turn, in order (the trace task records "draw"; the log says whose turn). */
function drawsByTurn(g: Game): number[] {
  return g.state.log.filter((e) => e.type === "nodeBegin" && e.data?.node === "draw").map((e) => e.turn);
}

const skipped = (g: Game) =>
  g.state.log.filter((e) => e.type === "nodeSkipped").map((e) => [e.turn, e.player, e.data?.by]);

/** Passes until turn `n` is in its main step. */
function toTurn(g: Game, n: number): void {
  while (!(g.state.clock.turn.id === n && g.decision?.kind === "main")) g.act("pass");
}

const hub = (player: string): CardDef => ({
  id: `hub-${player}`,
  name: `Hub (${player})`,
  types: ["artifact"],
  abilities: [{ id: "skip", kind: "static", static: { kind: "skipNode", node: "draw", player } }],
});

describe("skipping a phase or step", () => {
  it("skipNextNode: the player's next runs, one each, across turns; the other player's untouched", () => {
    const preset = tinyPreset({ turn, traces: ["draw"], onGo: (g) => g.skipNextNode(0, "draw", "Greed") });
    const g = Game.create(preset, { setup: false }).run();
    toTurn(g, 1);
    g.act("go");
    g.act("go"); // twice: two runs skipped
    toTurn(g, 6);
    // Turn 1 drew before the skips were made; P1's turns 3 and 5 skip; P2's turns draw.
    expect(drawsByTurn(g)).toEqual([1, 2, 4, 6]);
    expect(skipped(g)).toEqual([
      [3, 0, "effect"],
      [5, 0, "effect"],
    ]);
    expect(g.state.turnQueue).toEqual([]);
    toTurn(g, 7);
    expect(drawsByTurn(g)).toEqual([1, 2, 4, 6, 7]);
    expect(trace(g).length).toBe(5);
    // The skipped node never began nor ended, nor was entered.
    const turn3 = g.state.log.filter((e) => e.turn === 3 && e.data?.node === "draw").map((e) => e.type);
    expect(turn3).toEqual(["nodeSkipped"]);
  });

  it("a static skipNode skips every run for the players it names (self, opponent, any), while it is in play", () => {
    for (const [who, expected] of [
      ["self", [2, 4]],
      ["opponent", [3, 5]],
      ["any", []],
    ] as const) {
      const preset = tinyPreset({ turn, traces: ["draw"], cards: [hub(who)] });
      const g = Game.create(preset, { setup: false }).run();
      toTurn(g, 1);
      g.createCard(`hub-${who}`, 0, "field");
      toTurn(g, 5);
      expect(
        drawsByTurn(g).filter((t) => t > 1),
        who,
      ).toEqual(expected.filter((t) => t <= 5));
      expect(skipped(g).every(([, , by]) => by === "static")).toBe(true);
    }
  });

  it("a static skip leaves a pending 'skip your next' waiting for a run it can skip (CR 614.10)", () => {
    const preset = tinyPreset({
      turn,
      traces: ["draw"],
      cards: [hub("self")],
      onGo: (g) => g.skipNextNode(0, "draw"),
    });
    const g = Game.create(preset, { setup: false }).run();
    toTurn(g, 1);
    const h = g.createCard("hub-self", 0, "field");
    g.act("go");
    toTurn(g, 3);
    expect(skipped(g)).toEqual([[3, 0, "static"]]);
    expect(g.state.turnQueue).toEqual([{ kind: "skipNode", node: "draw", player: 0 }]);
    g.move(h, "graveyard@0");
    toTurn(g, 7);
    expect(skipped(g)).toEqual([
      [3, 0, "static"],
      [5, 0, "effect"],
    ]);
    expect(drawsByTurn(g)).toEqual([1, 2, 4, 6, 7]);
  });

  it("refuses the turn itself and unknown nodes, leaving the game as it was", () => {
    for (const node of ["turn", "drawww"]) {
      const preset = tinyPreset({ turn, traces: ["draw"], onGo: (g) => g.skipNextNode(0, node) });
      const g = Game.create(preset, { setup: false }).run();
      toTurn(g, 1);
      const before = g.serialize();
      expect(() => g.act("go")).toThrow(
        node === "turn" ? /whole turn: a turn is skipped with skipTurn/ : /unknown turn node "drawww"/,
      );
      expect(g.serialize()).toBe(before);
    }
  });

  it("a card's static skipNode naming an unknown node is refused when the rules compile", () => {
    const bad: CardDef = {
      id: "bad-hub",
      name: "Bad Hub",
      types: ["artifact"],
      abilities: [
        { id: "skip", kind: "static", static: { kind: "skipNode", node: "drew", player: "everyone" } },
      ],
    };
    expect(() => Game.create(tinyPreset({ turn, traces: ["draw"], cards: [bad] }), { setup: false })).toThrow(
      /static\.node: unknown turn node "drew".*did you mean "draw"[\s\S]*static\.player: expected "self", "opponent" or "any"/,
    );
  });

  it("a saved game's pending skips are checked: a tampered entry is refused, naming it", () => {
    const preset = tinyPreset({ turn, traces: ["draw"], onGo: (g) => g.skipNextNode(1, "draw") });
    const g = Game.create(preset, { setup: false }).run();
    toTurn(g, 1);
    g.act("go");
    const saved = JSON.parse(g.serialize());
    expect(Game.deserialize(preset, JSON.stringify(saved)).state.turnQueue).toEqual([
      { kind: "skipNode", node: "draw", player: 1 },
    ]);
    saved.turnQueue[0].node = "nowhere";
    expect(() => Game.deserialize(preset, JSON.stringify(saved))).toThrow(
      /turnQueue\[0\]\.node.*no turn node "nowhere"/,
    );
    saved.turnQueue[0] = { kind: "warp", player: 0 };
    expect(() => Game.deserialize(preset, JSON.stringify(saved))).toThrow(/turnQueue\[0\]\.kind/);
    saved.turnQueue[0] = { kind: "extra", player: 7 };
    expect(() => Game.deserialize(preset, JSON.stringify(saved))).toThrow(
      /turnQueue\[0\]\.player.*no player 7/,
    );
  });
});
