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
  const game = Game.create(tinyPreset({ turn }), { setup: false });
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

  it("refuses to count a pattern nobody registered, rather than scanning history", () => {
    const game = board();
    expect(() => game.countEvents({ on: "shuffle" }, "turn", 0)).toThrow(/no counter is registered/);
  });

  it("keeps counting with logging off (search workloads), with an empty log", () => {
    const game = Game.create(tinyPreset({ turn }), { setup: false, logging: "none" });
    game.createCard("token", 0, "deck");
    game.run();
    game.rules.registerCounter({ on: "draw" }, "turn");
    game.draw(0, 1);
    expect(game.state.log).toEqual([]);
    expect(game.countEvents({ on: "draw" }, "turn", 0).n).toBe(1);
  });
});
