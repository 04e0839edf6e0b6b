/** Simultaneous events (Game.simultaneously, CR 603.10a): triggers wait for the whole event and, with lookBack, objects that left see it. */
import { describe, expect, it } from "vitest";
import { actionLoop, Game, type Preset, type StateCheck, zoneId } from "../../src/core/index.js";

/** Creatures with 0 toughness die in one state check; "whenever a creature dies" abilities count deaths. */
function preset(lookBack: boolean): Preset {
  const dies: StateCheck = {
    id: "zeroToughness",
    rule: "like CR 704.5f",
    run(game) {
      const dead = game
        .cardsIn("field", 0)
        .concat(game.cardsIn("field", 1))
        .filter((o) => o.vars.toughness === 0);
      for (const o of dead) game.move(o, zoneId("graveyard", o.owner), { event: "dies" });
      return dead.length > 0;
    },
  };
  return {
    id: "mini-sim",
    name: "mini",
    players: { min: 2, max: 2 },
    zones: [
      { kind: "field", label: "field", perPlayer: true, visibility: "public", inPlay: true },
      { kind: "graveyard", label: "graveyard", perPlayer: true, visibility: "public" },
    ],
    turn: () => ({
      id: "turn",
      label: "Turn",
      children: [{ id: "main", label: "Main", interaction: "main" }],
    }),
    stateChecks: [dies],
    lookBack,
    events: {
      dies: "A creature died: a move from the field to the graveyard.",
      wither: "Every creature lost its toughness.",
    },
    cards: [
      {
        id: "artist",
        name: "Blood Artist",
        types: ["creature"],
        abilities: [
          { id: "drain", kind: "triggered", trigger: { on: "dies" }, effect: [{ op: "log", text: "drain" }] },
        ],
      },
      { id: "bear", name: "Bear", types: ["creature"] },
    ],
    tasks: {
      main: actionLoop({
        kind: "main",
        actions: () => [{ id: "wither", label: "Every creature gets 0 toughness" }],
        perform(game) {
          for (const o of [...game.cardsIn("field", 0), ...game.cardsIn("field", 1)]) o.vars.toughness = 0;
          game.emit({ type: "wither" });
        },
      }),
    },
  };
}

function play(lookBack: boolean) {
  const game = Game.create(preset(lookBack), { seed: 1, setup: false });
  game.createCard("artist", 0, "field");
  game.createCard("artist", 1, "field");
  game.createCard("bear", 1, "field");
  game.startAt(1, 0, "main").run();
  game.act("wither");
  return game.state.pending.length;
}

describe("simultaneous events", () => {
  it("with lookBack, each dying Blood Artist sees all three deaths, its own included (CR 603.10a)", () => {
    expect(play(true)).toBe(6);
  });
  it("without it, abilities of objects that left see nothing of the event that moved them", () => {
    expect(play(false)).toBe(0);
  });
});
