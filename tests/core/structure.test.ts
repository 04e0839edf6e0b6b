/** The turn tree as data: depth, turn-based actions, conditions, repetition, on-demand nodes, the clock. */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import type { TurnNode } from "../../src/core/preset.js";
import { entered, tinyPreset, trace } from "../support/tiny.js";

const deep: TurnNode = {
  id: "turn",
  label: "Turn",
  kind: "turn",
  children: [
    {
      id: "beginning",
      label: "Beginning phase",
      kind: "phase",
      onBegin: ["trace:beginning+"],
      onEnd: ["trace:beginning-"],
      children: [
        {
          id: "upkeep",
          label: "Upkeep step",
          kind: "step",
          onBegin: ["trace:upkeep+a", "trace:upkeep+b"],
          children: [
            { id: "tick", label: "Tick", kind: "substep", onBegin: ["trace:tick+"], onEnd: ["trace:tick-"] },
          ],
        },
        { id: "skipped", label: "Skipped step", kind: "step", when: "never", onBegin: ["trace:skipped+"] },
        { id: "kept", label: "Kept step", kind: "step", when: "!never", onBegin: ["trace:kept+"] },
      ],
    },
    { id: "main", label: "Main step", kind: "step", interaction: "main" },
  ],
};
const traces = ["beginning+", "beginning-", "upkeep+a", "upkeep+b", "tick+", "tick-", "skipped+", "kept+"];

describe("turn structure", () => {
  it("runs phases, steps and substeps in order, turn-based actions first when a node begins and when it ends", () => {
    const game = Game.create(tinyPreset({ turn: deep, traces }), { setup: false }).run();
    expect(entered(game)).toEqual(["turn", "beginning", "upkeep", "tick", "kept", "main"]);
    expect(trace(game)).toEqual([
      "beginning+",
      "upkeep+a",
      "upkeep+b",
      "tick+",
      "tick-",
      "kept+",
      "beginning-",
    ]);
    expect(game.state.clock.path).toEqual(["turn", "main"]);
    expect(game.decision).toMatchObject({ player: 0, kind: "main" });
    // Turn-based actions run before the node's nodeBegin event ("at the start of" triggers listen there).
    const log = game.state.log.map((e) => `${e.type}:${e.data?.node ?? ""}`);
    expect(log.indexOf("nodeEnter:upkeep")).toBeLessThan(log.indexOf("nodeBegin:upkeep"));
  });

  it("stamps every event with the clock: turn, active player, node", () => {
    const game = Game.create(tinyPreset({ turn: deep, traces }), { setup: false }).run();
    game.act("pass");
    const t2 = game.state.log.filter((e) => e.turn === 2);
    expect(t2.length).toBeGreaterThan(0);
    expect(t2.every((e) => e.active === 1)).toBe(true);
    expect(t2.find((e) => e.type === "nodeBegin" && e.data?.node === "tick")!.node).toBe("tick");
  });

  it("repeats a node as a new instance while its condition holds (CR 514.3a)", () => {
    const turn: TurnNode = {
      id: "turn",
      label: "Turn",
      children: [
        { id: "cleanup", label: "Cleanup", kind: "step", onBegin: ["count"], repeatWhile: "again" },
        { id: "main", label: "Main", kind: "step", interaction: "main" },
      ],
    };
    const preset = tinyPreset({
      turn,
      conditions: { again: (g) => Number(g.state.vars.n ?? 0) < 3 },
      tasks: {
        count: (g, task) => {
          g.popTask(task);
          g.state.vars.n = Number(g.state.vars.n ?? 0) + 1;
        },
      },
    });
    const game = Game.create(preset, { setup: false }).run();
    expect(entered(game)).toEqual(["turn", "cleanup", "cleanup", "cleanup", "main"]);
    const instances = game.state.log.filter((e) => e.type === "nodeEnd").map((e) => e.seq);
    expect(new Set(instances).size).toBe(3);
  });

  it("enters an on-demand node once per push, opening its windows (one substep sequence per attack)", () => {
    const turn: TurnNode = {
      id: "turn",
      label: "Turn",
      children: [
        {
          id: "battle",
          label: "Battle step",
          kind: "step",
          interaction: "battle",
          children: [
            {
              id: "attack",
              label: "Attack",
              kind: "group",
              onDemand: true,
              windows: ["attack"],
              children: [
                { id: "declare", label: "Declare", kind: "substep", onBegin: ["trace:declare"] },
                { id: "damage", label: "Damage", kind: "substep", onBegin: ["trace:damage"] },
              ],
            },
          ],
        },
      ],
    };
    const game = Game.create(tinyPreset({ turn, traces: ["declare", "damage"] }), { setup: false }).run();
    expect(entered(game)).toEqual(["turn", "battle"]);
    game.act("attack");
    game.act("attack");
    expect(trace(game)).toEqual(["declare", "damage", "declare", "damage"]);
    const attacks = game.state.log
      .filter((e) => e.type === "nodeBegin" && e.data?.node === "damage")
      .map((e) => e.attack);
    expect(attacks).toHaveLength(2);
    expect(attacks[0]).not.toBe(attacks[1]);
    expect(attacks.every((a) => typeof a === "number")).toBe(true);
    expect(game.state.clock.attack).toBeNull();
    expect("attack" in game.state.clock.windows).toBe(false);
    game.act("pass");
    expect(game.state.clock.turn).toMatchObject({ id: 2, player: 1 });
  });

  it("resolves abilities triggered by a node's end actions before the node ends", () => {
    const endDraw: TurnNode = {
      id: "turn",
      label: "Turn",
      children: [{ id: "main", label: "Main", kind: "step", interaction: "main", onEnd: ["drawOne"] }],
    };
    const preset = tinyPreset({
      turn: endDraw,
      cards: [
        { id: "token", name: "Token", types: ["creature"] },
        {
          id: "watcher",
          name: "Watcher",
          types: ["creature"],
          abilities: [
            { id: "w", kind: "triggered", trigger: { on: "draw" }, effect: [{ op: "log", text: "seen" }] },
          ],
        },
      ],
      tasks: {
        drawOne: (g, task) => {
          g.popTask(task);
          g.draw(g.state.clock.turn.player, 1);
        },
      },
    });
    const game = Game.create(preset, { setup: false });
    game.createCard("watcher", 0, "field");
    for (let i = 0; i < 3; i++) game.createCard("token", 0, "deck");
    game.run().act("pass");
    const order = game.state.log.map((e) => (e.type === "nodeEnd" ? `end:${e.data?.node}` : e.type));
    expect(order.indexOf("resolve")).toBeGreaterThan(order.indexOf("draw"));
    expect(order.indexOf("resolve")).toBeLessThan(order.indexOf("end:main"));
  });

  it("starts mid-turn at a named node for scenarios", () => {
    const game = Game.create(tinyPreset({ turn: deep, traces }), { setup: false });
    game.startAt(7, 1, "main").run();
    expect(game.state.clock.turn).toMatchObject({ id: 7, player: 1 });
    expect(game.decision).toMatchObject({ player: 1, kind: "main" });
    expect(trace(game)).toEqual([]);
  });

  it("refuses a turn tree that names an unknown task or condition", () => {
    const bad: TurnNode = {
      id: "turn",
      label: "Turn",
      children: [{ id: "x", label: "X", onBegin: ["nope"], when: "alsoNope" }],
    };
    expect(() => Game.create(tinyPreset({ turn: bad }), { setup: false })).toThrow(/nope/);
  });
});
