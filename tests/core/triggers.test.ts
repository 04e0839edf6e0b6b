/** Triggered abilities: collection from events, the pending order, optional triggers, limits (DESIGN: triggers). */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import { zoneId } from "../../src/core/objects.js";
import type { TurnNode } from "../../src/core/preset.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};
const note = (text: string) => [{ op: "log", text }];
const cards: CardDef[] = [
  { id: "token", name: "Token", types: ["creature"] },
  {
    id: "watcher",
    name: "Watcher",
    types: ["creature"],
    abilities: [
      { id: "w", kind: "triggered", trigger: { on: "draw", player: "any" }, effect: note("watched") },
    ],
  },
  {
    id: "mine",
    name: "Own Eyes",
    types: ["creature"],
    abilities: [
      { id: "m", kind: "triggered", trigger: { on: "draw", player: "self" }, effect: note("mine") },
    ],
  },
  {
    id: "maybe",
    name: "Maybe",
    types: ["creature"],
    abilities: [
      { id: "y", kind: "triggered", optional: true, trigger: { on: "draw" }, effect: note("used maybe") },
    ],
  },
  {
    id: "once-trigger",
    name: "Once Trigger",
    types: ["creature"],
    abilities: [
      {
        id: "t",
        kind: "triggered",
        trigger: { on: "draw" },
        effect: note("once on trigger"),
        limit: { counts: "trigger", key: "card", window: "turn" },
      },
    ],
  },
  {
    id: "once-resolve",
    name: "Once Resolve",
    types: ["creature"],
    abilities: [
      {
        id: "r",
        kind: "triggered",
        trigger: { on: "draw" },
        effect: note("once on resolution"),
        limit: { counts: "resolution", key: "namePerPlayer", window: "turn" },
      },
    ],
  },
  {
    id: "second",
    name: "Second Wind",
    types: ["creature"],
    abilities: [
      {
        id: "s",
        kind: "triggered",
        trigger: { on: "draw", player: "self", noun: "draw" },
        effect: note("second draw"),
        limit: { counts: "event", key: "card", window: "turn", nth: 2 },
      },
    ],
  },
  {
    id: "in-hand",
    name: "Hand Watcher",
    types: ["creature"],
    abilities: [{ id: "h", kind: "triggered", trigger: { on: "draw" }, effect: note("from hand") }],
  },
];

/** A game at P1's main step with the given cards on each player's field; "go" makes P1 draw `n`. */
function table(p1: string[], p2: string[], n = 1) {
  const preset = tinyPreset({ turn, cards, onGo: (g) => g.draw(0, n) });
  const game = Game.create(preset, { setup: false });
  const objs = [
    ...p1.map((c) => game.createCard(c, 0, "field")),
    ...p2.map((c) => game.createCard(c, 1, "field")),
  ];
  for (let i = 0; i < 6; i++) game.createCard("token", 0, "deck");
  return { game: game.run(), ids: objs.map((o) => o.id) };
}
const resolved = (g: Game) =>
  g.state.log.filter((e) => e.type === "resolve").map((e) => `${e.obj}:${e.data?.ability}`);

describe("triggered abilities", () => {
  it("trigger from matching events only, for the right player", () => {
    const { game, ids } = table(["watcher", "mine"], ["watcher", "mine"]);
    game.act("go");
    const triggered = game.state.log.filter((e) => e.type === "trigger").map((e) => e.obj);
    // P2's "when you draw" doesn't see P1's draw; both "whenever a player draws" do.
    expect(triggered.sort()).toEqual([ids[0], ids[1], ids[2]].sort());
  });

  it("resolve the active player's first; each player orders their own with `<obj>:<ability>` options", () => {
    const { game, ids } = table(["watcher", "mine"], ["watcher"]);
    const [w1, m1, w2] = ids;
    game.act("go");
    const d = game.decision!;
    expect(d).toMatchObject({ player: 0, kind: "orderTriggers" });
    // Options name cards by handle, never by the referee's id.
    const h = (id: string) => game.obj(id).handle;
    expect(d.options.map((o) => o.id).sort()).toEqual([`${h(w1!)}:w`, `${h(m1!)}:m`].sort());
    game.act(`${h(m1!)}:m`);
    expect(resolved(game)).toEqual([`${m1}:m`, `${w1}:w`, `${w2}:w`]);
    expect(game.state.pending).toEqual([]);
    expect(game.decision).toMatchObject({ player: 0, kind: "main" });
  });

  it("name twins apart when the same ability is pending twice", () => {
    const { game, ids } = table(["watcher", "mine"], [], 2);
    game.act("go");
    const opts = game.decision!.options.map((o) => o.id);
    expect(opts).toHaveLength(4);
    expect(opts.filter((o) => o.startsWith(`${game.obj(ids[0]!).handle}:w#`))).toEqual([
      `${game.obj(ids[0]!).handle}:w#1`,
      `${game.obj(ids[0]!).handle}:w#2`,
    ]);
  });

  it("ask before an optional trigger; declining resolves nothing", () => {
    const { game, ids } = table(["maybe"], [], 2);
    game.act("go");
    expect(game.decision).toMatchObject({ player: 0, kind: "orderTriggers" });
    game.act(game.decision!.options[0]!.id);
    expect(game.decision).toMatchObject({ player: 0, kind: "useAbility" });
    expect(game.decision!.options.map((o) => o.id)).toEqual(["yes", "no"]);
    game.act("no");
    expect(game.state.log.some((e) => e.type === "decline" && e.obj === ids[0])).toBe(true);
    game.act("yes");
    const notes = game.state.log.filter((e) => e.type === "note").map((e) => e.data?.text);
    expect(notes).toEqual(["used maybe"]);
  });

  it("refuse a trigger-limited ability at the trigger, with a reason, and no pending entry", () => {
    const { game, ids } = table(["once-trigger"], [], 2);
    game.act("go");
    const triggers = game.state.log.filter((e) => e.type === "trigger" && e.obj === ids[0]);
    expect(triggers).toHaveLength(1);
    expect(triggers[0]!.data?.limitUsed).toBe(true);
    const refused = game.state.log.find((e) => e.type === "limitRefused")!;
    expect(refused).toMatchObject({ obj: ids[0], data: { ability: "t", at: "trigger" } });
    expect(String(refused.data?.reason)).toMatch(/Once Trigger/);
    expect(resolved(game)).toEqual([`${ids[0]}:t`]);
    // A new turn is a new window.
    game.act("pass");
    game.act("pass");
    game.act("go");
    expect(game.state.log.filter((e) => e.type === "trigger" && e.obj === ids[0])).toHaveLength(2);
  });

  it("let every copy of a resolution-limited ability trigger, then fizzle all but the first with a reason", () => {
    const { game, ids } = table(["once-resolve", "once-resolve"], []);
    game.act("go");
    expect(game.state.log.filter((e) => e.type === "trigger")).toHaveLength(2);
    game.act(`${game.obj(ids[1]!).handle}:r`);
    expect(resolved(game)).toEqual([`${ids[1]}:r`]);
    const fizzle = game.state.log.find((e) => e.type === "fizzle")!;
    expect(fizzle.obj).toBe(ids[0]);
    expect(String(fizzle.data?.reason)).toMatch(/Once Resolve/);
  });

  it("trigger only on the Nth event of the window, counted from the window's start (nth)", () => {
    const { game, ids } = table(["second"], [], 1);
    game.act("go");
    expect(resolved(game)).toEqual([]);
    const first = game.state.log.find((e) => e.type === "limitRefused")!;
    expect(String(first.data?.reason)).toMatch(/this is the first draw of turn 1, not the second/);
    game.act("go");
    expect(resolved(game)).toEqual([`${ids[0]}:s`]);
    game.act("go");
    expect(resolved(game)).toEqual([`${ids[0]}:s`]);
    expect(String(game.state.log.filter((e) => e.type === "limitRefused").at(-1)!.data?.reason)).toMatch(
      /this is the third draw of turn 1, not the second/,
    );
  });

  it("listen to every event type their pattern lists (on: [draw, shuffle])", () => {
    const either: CardDef = {
      id: "either",
      name: "Either Way",
      types: ["creature"],
      abilities: [
        {
          id: "e",
          kind: "triggered",
          trigger: { on: ["draw", "shuffle"], player: "self" },
          effect: note("e"),
        },
      ],
    };
    const preset = tinyPreset({
      turn,
      cards: [...cards, either],
      onGo: (g) => {
        g.draw(0, 1);
        g.shuffle(zoneId("deck", 0));
        g.draw(1, 1); // not P1's
      },
    });
    const game = Game.create(preset, { setup: false });
    const e = game.createCard("either", 0, "field");
    for (let p = 0; p < 2; p++) for (let i = 0; i < 3; i++) game.createCard("token", p, "deck");
    game.run().act("go");
    const on = game.state.log.filter((x) => x.type === "trigger" && x.obj === e.id).map((x) => x.data?.on);
    expect(on).toEqual(["draw", "shuffle"]);
  });

  it("work only from the zones they name (in play by default)", () => {
    const preset = tinyPreset({ turn, cards, onGo: (g) => g.draw(0, 1) });
    const game = Game.create(preset, { setup: false });
    game.createCard("in-hand", 0, "hand");
    game.createCard("token", 0, "deck");
    game.run().act("go");
    expect(game.state.log.some((e) => e.type === "trigger")).toBe(false);
  });

  it("look back for a card's own 'when this leaves <zone>' trigger, wherever it went (CR 603.10)", () => {
    const leaver: CardDef = {
      id: "leaver",
      name: "Leaver",
      types: ["creature"],
      abilities: [
        {
          id: "farewell",
          kind: "triggered",
          zones: ["hand"],
          trigger: { on: "discard", self: true, from: "hand" },
          effect: note("farewell"),
        },
      ],
    };
    const preset = tinyPreset({
      turn,
      cards: [...cards, leaver],
      events: { discard: "A card was discarded: a move from hand to graveyard." },
    });
    const game = Game.create(preset, { setup: false });
    const card = game.createCard("leaver", 0, "hand");
    const stay = game.createCard("leaver", 0, "hand");
    game.run();
    game.move(card, "graveyard@0", { event: "discard" });
    const triggers = game.state.log.filter((e) => e.type === "trigger");
    expect(triggers.map((e) => e.obj)).toEqual([card.id]);
    expect(stay.zone).toBe("hand@0");
  });

  it("trigger on the node events their pattern names, and at every node when one pattern names none", () => {
    const steps: TurnNode = {
      id: "turn",
      label: "Turn",
      children: [
        { id: "start", label: "Start", kind: "step" },
        { id: "main", label: "Main", kind: "step", interaction: "main" },
        { id: "end", label: "End", kind: "step" },
      ],
    };
    const atNode = (id: string, node?: string): CardDef => ({
      id,
      name: id,
      types: ["creature"],
      abilities: [
        {
          id: "b",
          kind: "triggered",
          trigger: { on: "nodeBegin", player: "self", ...(node ? { where: { "data.node": node } } : {}) },
          effect: note(id),
        },
      ],
    });
    const begun = (library: CardDef[], onField: string[]) => {
      const game = Game.create(tinyPreset({ turn: steps, cards: [...cards, ...library] }), { setup: false });
      for (const c of onField) game.createCard(c, 0, "field");
      game.run();
      game.act("pass"); // P1's main step ends: the end step begins
      const nodes = game.state.log.filter((e) => e.type === "trigger").map((e) => `${e.name}@${e.node}`);
      return { game, nodes };
    };
    // Only the end step is named: the other node events trigger nothing.
    const named = begun([atNode("at-end", "end")], ["at-end"]);
    expect(named.game.rules.triggerNodes.get("nodeBegin")).toEqual(new Set(["end"]));
    expect(named.nodes).toEqual(["at-end@end"]);
    // One card listening at every node opens every node to the others too; each triggers where its pattern says.
    const any = begun([atNode("at-end", "end"), atNode("each-step")], ["at-end", "each-step"]);
    expect(any.game.rules.triggerNodes.get("nodeBegin")).toBeNull();
    expect(any.nodes).toEqual([
      "each-step@turn",
      "each-step@start",
      "each-step@main",
      "at-end@end",
      "each-step@end",
    ]);
  });
});
