/**
 * Skipping ahead in the turn (Game.skipTo; CR 723.1d "end the turn"): the running nodes end as
 * usual but start nothing more, the nodes in between never begin, and only forward.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import type { TurnNode } from "../../src/core/preset.js";
import { entered, tinyPreset } from "../support/tiny.js";

const turn = (repeat = false): TurnNode => ({
  id: "turn",
  label: "Turn",
  children: [
    {
      id: "first",
      label: "First",
      kind: "phase",
      children: [
        { id: "main", label: "Main", kind: "step", interaction: "main", onEnd: ["trace:mainEnd"] },
        { id: "after", label: "After", kind: "step" },
      ],
      ...(repeat ? { repeatWhile: "always" } : {}),
    },
    { id: "middle", label: "Middle", kind: "phase" },
    {
      id: "last",
      label: "Last",
      kind: "phase",
      children: [
        { id: "skipped", label: "Skipped", kind: "step" },
        { id: "target", label: "Target", kind: "step" },
      ],
    },
  ],
});

const turnsOf = (g: Game) => entered(g).filter((n) => n === "turn").length;

describe("skipping ahead in the turn", () => {
  it("ends the running nodes (their end actions run), skips those in between, and enters the target through its parents", () => {
    const preset = tinyPreset({
      turn: turn(),
      traces: ["mainEnd"],
      onGo: (g) => g.skipTo("target", "Hourglass"),
    });
    const g = Game.create(preset, { setup: false }).run();
    g.act("go");
    const thisTurn = entered(g).slice(entered(g).indexOf("turn"), entered(g).lastIndexOf("turn"));
    expect(thisTurn).toEqual(["turn", "first", "main", "last", "target"]);
    expect(g.state.vars.trace).toEqual(["mainEnd"]);
    expect(g.state.log.some((e) => e.type === "nodeEnd" && e.data?.node === "first")).toBe(true);
    expect(g.state.log.find((e) => e.type === "skipTo")?.data).toEqual({
      to: "target",
      ended: ["first", "main"],
      source: "Hourglass",
    });
    expect(g.state.turnQueue).toEqual([]); // arrived: nothing waits
    expect(turnsOf(g)).toBe(2); // the next turn began as usual
  });

  it("does not repeat a node it ended (repeatWhile)", () => {
    const preset = tinyPreset({ turn: turn(true), traces: ["mainEnd"], onGo: (g) => g.skipTo("middle") });
    const g = Game.create(preset, { setup: false }).run();
    g.act("go");
    const thisTurn = entered(g).slice(0, entered(g).lastIndexOf("turn"));
    expect(thisTurn).toEqual(["turn", "first", "main", "middle", "last", "skipped", "target"]);
  });

  it("only forward, and never to a node that is running", () => {
    const back = tinyPreset({ turn: turn(), traces: ["mainEnd"], onGo: (g) => g.skipTo("first") });
    const g = Game.create(back, { setup: false }).run();
    expect(() => g.act("go")).toThrow(/can't skip to "first": it is running now/);
    const same = tinyPreset({ turn: turn(), traces: ["mainEnd"], onGo: (g) => g.skipTo("main") });
    const h = Game.create(same, { setup: false }).run();
    expect(() => h.act("go")).toThrow(/can't skip to "main"/);
    // A refused action leaves the game as it was.
    expect(h.state.turnQueue).toEqual([]);
    expect(h.decision?.kind).toBe("main");
  });
});
