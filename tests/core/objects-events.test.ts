/** Objects and incarnations, zones, the event log and its per-window counters. */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import { allPlacedCards, putUnder, turnFaceDown, turnFaceUp, zoneId } from "../../src/core/objects.js";
import type { TurnNode } from "../../src/core/preset.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};

function board() {
  const game = Game.create(tinyPreset({ turn }), { setup: false, privateRules: true });
  for (let i = 0; i < 5; i++) game.createCard("token", 0, "deck");
  game.createCard("token", 1, "deck");
  return game.run();
}

describe("objects", () => {
  it("keep their card id and renew their incarnation on every zone change (CR 400.7)", () => {
    const game = board();
    const o = game.cardsIn("deck", 0)[0]!;
    const { id, inc } = o;
    game.move(o, zoneId("field", 0));
    expect(o.id).toBe(id);
    expect(o.inc).toBeGreaterThan(inc);
    const onField = o.inc;
    game.move(o, zoneId("field", 0));
    expect(o.inc).toBeGreaterThan(onField);
    expect(o.enteredTurn).toBe(1);
    expect(game.zone("field", 0).cards).toEqual([id]);
  });

  it("renew the incarnation when turned face-down, keeping the lineage only if the card did it itself (YG-1.5)", () => {
    const game = board();
    const [a, b] = game.cardsIn("deck", 0);
    for (const o of [a!, b!]) game.move(o, zoneId("field", 0));
    const [incA, incB] = [a!.inc, b!.inc];
    turnFaceDown(game, a!, true);
    turnFaceDown(game, b!, false);
    expect(a!.inc).not.toBe(incA);
    expect(b!.inc).not.toBe(incB);
    expect(a!.lineage).toBe(incA);
    expect(b!.lineage).toBe(b!.inc);
    turnFaceUp(game, a!);
    expect(a!.faceDown).toBe(false);
  });

  it("stack under others and stay conserved", () => {
    const game = board();
    const [top, base] = game.cardsIn("deck", 0);
    game.move(top!, zoneId("field", 0));
    putUnder(game, base!, top!);
    expect(top!.under).toEqual([base!.id]);
    expect(base!.underOf).toBe(top!.id);
    const placed = allPlacedCards(game);
    expect(placed.sort()).toEqual(Object.keys(game.state.objects).sort());
    expect(new Set(placed).size).toBe(placed.length);
  });

  it("go where the preset's redirect rule sends them, face-down or not as it says", () => {
    const preset = {
      ...tinyPreset({ turn }),
      // A rule, not an effect: whatever is sent from the field to the deck goes to the graveyard, face-down.
      redirect: (g: Game, o: import("../../src/core/types.js").GameObject, to: { kind: string }) =>
        to.kind === "deck" && g.state.zones[o.zone]!.kind === "field"
          ? { to: zoneId("graveyard", o.owner), faceDown: true }
          : undefined,
    };
    const game = Game.create(preset, { setup: false });
    for (let i = 0; i < 2; i++) game.createCard("token", 0, "deck");
    game.run();
    const [a, b] = game.cardsIn("deck", 0);
    game.move(a!, zoneId("field", 0));
    const entry = game.move(a!, zoneId("deck", 0));
    expect(a!.zone).toBe(zoneId("graveyard", 0));
    expect(a!.faceDown).toBe(true);
    expect(entry).toMatchObject({ from: "field", to: "graveyard" });
    // Not from the field: moved as asked.
    game.move(b!, zoneId("deck", 0), { position: "bottom" });
    expect(b!.zone).toBe(zoneId("deck", 0));
  });

  it("keep zone order: the last card of a deck is its top", () => {
    const game = board();
    const deck = game.zone("deck", 0).cards;
    const top = deck[deck.length - 1]!;
    game.draw(0, 1);
    expect(game.zone("hand", 0).cards).toEqual([top]);
  });
});

describe("event log and counters", () => {
  it("stamps each entry with a sequence number and counts per window in O(1) cells", () => {
    const game = board();
    game.rules.registerCounter({ on: "draw", player: "self" }, "turn");
    game.rules.registerCounter({ on: "draw", player: "any" }, "turn");
    game.draw(0, 2);
    game.draw(1, 1);
    const count = (viewer: number) => game.countEvents({ on: "draw", player: "self" }, "turn", viewer);
    expect(count(0).n).toBe(2);
    expect(count(1).n).toBe(1);
    expect(game.countEvents({ on: "draw", player: "any" }, "turn", 0).n).toBe(3);
    const first = count(0).first!;
    expect(first.turn).toBe(1);
    const seqs = game.state.log.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // A new turn opens a new window: the count starts again.
    game.act("pass");
    expect(count(0).n).toBe(0);
  });

  it("counts a pattern that lists several event types once per matching event", () => {
    const game = board();
    const either = { on: ["draw", "shuffle"], player: "self" } as const;
    game.rules.registerCounter({ ...either, on: [...either.on] }, "turn");
    game.draw(0, 2);
    game.shuffle(zoneId("deck", 0));
    game.shuffle(zoneId("deck", 1));
    expect(game.countEvents({ ...either, on: [...either.on] }, "turn", 0).n).toBe(3);
    expect(game.countEvents({ ...either, on: [...either.on] }, "turn", 1).n).toBe(1);
  });

  it("refuses to count a pattern nobody registered, rather than scanning history", () => {
    const game = board();
    expect(() => game.countEvents({ on: "shuffle" }, "turn", 0)).toThrow(/no counter is registered/);
  });

  it("shares one compiled preset between games, and refuses run-time counters on shared rules", () => {
    const preset = tinyPreset({ turn });
    const a = Game.create(preset, { setup: false });
    const b = Game.create(preset, { setup: false });
    expect(a.rules).toBe(b.rules);
    expect(Game.create(preset, { setup: false, options: {} }).rules).toBe(a.rules);
    expect(() => a.rules.registerCounter({ on: "shuffle" }, "turn")).toThrow(
      /shared by every game.*privateRules/,
    );
    const own = Game.create(preset, { setup: false, privateRules: true });
    expect(own.rules).not.toBe(a.rules);
    expect(() => own.rules.registerCounter({ on: "shuffle" }, "turn")).not.toThrow();
  });

  it("keeps counting with logging off (search workloads), with an empty log", () => {
    const game = Game.create(tinyPreset({ turn }), { setup: false, logging: "none", privateRules: true });
    game.createCard("token", 0, "deck");
    game.run();
    game.rules.registerCounter({ on: "draw" }, "turn");
    game.draw(0, 1);
    expect(game.state.log).toEqual([]);
    expect(game.countEvents({ on: "draw" }, "turn", 0).n).toBe(1);
  });
});

describe("attack windows", () => {
  const battleTurn: TurnNode = {
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
              { id: "declare", label: "Declare", kind: "substep", onBegin: ["drawOne"], interaction: "main" },
            ],
          },
        ],
      },
    ],
  };
  const preset = tinyPreset({
    turn: battleTurn,
    onGo: (g) => g.draw(g.state.clock.turn.player, 1),
    tasks: {
      drawOne: (g, task) => {
        g.popTask(task);
        g.draw(g.state.clock.turn.player, 1);
      },
    },
  });

  it("stamp events with the attack instance and count per attack, from zero each attack", () => {
    const game = Game.create(preset, { setup: false, privateRules: true });
    for (let i = 0; i < 8; i++) game.createCard("token", 0, "deck");
    game.run();
    game.rules.registerCounter({ on: "draw" }, "attack");
    game.rules.registerCounter({ on: "draw", player: "self" }, "turn");
    const perAttack = () => game.countEvents({ on: "draw" }, "attack", 0);
    expect(perAttack().n).toBe(0);
    game.act("attack");
    // Inside the attack: the clock's path goes down to the substep, the window is open.
    expect(game.state.clock.path).toEqual(["turn", "battle", "attack", "declare"]);
    const first = game.state.clock.attack!;
    expect(game.state.clock.windows.attack).toEqual(expect.any(Number));
    expect(perAttack().n).toBe(1);
    game.act("go");
    expect(perAttack()).toMatchObject({ n: 2, first: { attack: first, node: "declare", turn: 1 } });
    const draws = game.state.log.filter((e) => e.type === "draw");
    expect(draws.every((e) => e.attack === first && e.node === "declare")).toBe(true);
    game.act("pass");
    // Between attacks the window is closed: nothing counts in it.
    expect(perAttack().n).toBe(0);
    game.act("attack");
    expect(game.state.clock.attack).not.toBe(first);
    expect(perAttack()).toMatchObject({ n: 1, first: { attack: game.state.clock.attack } });
    // The turn window kept counting across both attacks.
    expect(game.countEvents({ on: "draw", player: "self" }, "turn", 0).n).toBe(3);
    expect(game.countEvents({ on: "draw", player: "self" }, "turn", 1).n).toBe(0);
  });

  it("count events about one object, per incarnation", () => {
    const game = Game.create(preset, { setup: false, privateRules: true });
    const o = game.createCard("token", 0, "hand");
    game.run();
    game.rules.registerCounter({ on: "move", self: true }, "turn");
    const mine = () => game.countEvents({ on: "move", self: true }, "turn", 0, o).n;
    expect(mine()).toBe(0);
    game.move(o, zoneId("field", 0));
    // A move belongs to the incarnation it creates ("when this enters"); each new one counts apart (CR 400.7).
    expect(mine()).toBe(1);
    game.move(o, zoneId("field", 0));
    expect(mine()).toBe(1);
    expect(game.countEvents({ on: "move", self: true }, "turn", 0).n).toBe(0);
    const before = o.inc;
    game.rules.registerCounter({ on: "tap", self: true }, "turn");
    game.emit({ type: "tap", obj: o.id, inc: o.inc, player: 0 });
    game.emit({ type: "tap", obj: o.id, inc: o.inc, player: 0 });
    expect(o.inc).toBe(before);
    expect(game.countEvents({ on: "tap", self: true }, "turn", 0, o).n).toBe(2);
  });
});
