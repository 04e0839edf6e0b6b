/**
 * Delayed triggered abilities (the `delayed` op; CR 603.7): made by an effect, triggering once the
 * next time their event happens, lapsing at their expiry, refused at load when they name no
 * delayed ability, and kept by saves.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import type { Json } from "../../src/core/json.js";
import type { TurnNode } from "../../src/core/preset.js";
import { scriptTask } from "../../src/core/script.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [
    { id: "main", label: "Main", kind: "step", interaction: "main" },
    { id: "end", label: "End", kind: "step" },
  ],
};

const bell = (on: string, expires?: unknown, repeats?: boolean): CardDef => ({
  id: "bell",
  name: "Bell",
  types: ["creature"],
  abilities: [
    {
      id: "ring",
      kind: "activated",
      effect: [
        {
          op: "delayed",
          ability: "echo",
          ...(expires ? { expires: expires as Json } : {}),
          ...(repeats ? { repeats } : {}),
        },
      ],
    },
    {
      id: "echo",
      kind: "delayed",
      trigger: { on: "nodeBegin", where: { "data.node": on } },
      effect: [{ op: "set", var: "rang", value: true }],
    },
  ],
});

function game(card: CardDef) {
  const preset = tinyPreset({
    turn,
    cards: [card],
    onGo: (g) => {
      const b = g.cardsIn("field", 0)[0]!;
      // The ring ability's effect, run as a resolving effect would run it.
      g.pushTask(
        scriptTask([...(g.rules.ability("bell", "ring").effect ?? [])], {
          controller: 0,
          source: b.id,
          sourceInc: b.inc,
          card: "bell",
          ability: "ring",
        }),
      );
    },
  });
  const g = Game.create(preset, { setup: false }).run();
  g.createCard("bell", 0, "field");
  return { g, preset };
}

const delayedTriggers = (g: Game) =>
  g.state.log.filter((e) => e.type === "trigger" && e.data?.delayed === true);

describe("delayed triggered abilities", () => {
  it("trigger once, the next time their event happens, and never by themselves", () => {
    const { g } = game(bell("end"));
    g.act("pass"); // turn 1 ends without the bell rung: nothing waits, nothing triggers
    expect(delayedTriggers(g)).toHaveLength(0);
    g.act("go"); // turn 2: the delayed ability now waits for the next end step
    expect(g.state.durations.map((d) => d.effect.kind)).toEqual(["delayedTrigger"]);
    g.act("pass");
    expect(delayedTriggers(g)).toHaveLength(1);
    expect(g.state.durations).toHaveLength(0);
    g.act("pass"); // turn 3's end step: not again
    expect(delayedTriggers(g)).toHaveLength(1);
  });

  it('lapse at their expiry when the event has not happened ("this turn")', () => {
    const { g } = game(bell("nowhere-node", "turn"));
    g.act("go");
    expect(g.state.durations).toHaveLength(1);
    g.act("pass");
    expect(g.state.durations).toHaveLength(0);
    expect(delayedTriggers(g)).toHaveLength(0);
  });

  it("with a stated duration (repeats), trigger each time until it ends (CR 603.7b)", () => {
    // "Until the end of your next turn, at the beginning of each end step": turns 2 and 3.
    const { g } = game(bell("end", { end: "turn", player: "opponent", turn: "next" }, true));
    g.act("go"); // turn 1, P1's
    g.act("pass");
    expect(delayedTriggers(g)).toHaveLength(1);
    expect(g.state.durations).toHaveLength(1);
    g.act("pass"); // turn 2, P2's: its end step, and the duration ends with the turn
    expect(delayedTriggers(g)).toHaveLength(2);
    expect(g.state.durations).toHaveLength(0);
    g.act("pass");
    expect(delayedTriggers(g)).toHaveLength(2);
  });

  it("refuse repeats without a stated duration", () => {
    expect(() =>
      Game.create(tinyPreset({ turn, cards: [bell("end", undefined, true)] }), { setup: false }),
    ).toThrow(/repeats needs expires/);
  });

  it("wait in a saved game and trigger after it is loaded", () => {
    const { g, preset } = game(bell("end"));
    g.act("go");
    const loaded = Game.deserialize(preset, g.serialize());
    loaded.act("pass");
    expect(delayedTriggers(loaded)).toHaveLength(1);
  });

  it("are refused at load when the op names no delayed ability of the card, with a suggestion", () => {
    const bad: CardDef = {
      ...bell("end"),
      abilities: [
        { id: "ring", kind: "activated", effect: [{ op: "delayed", ability: "ecoh" }] },
        { id: "echo", kind: "delayed", trigger: { on: "nodeBegin" }, effect: [] },
      ],
    };
    expect(() => Game.create(tinyPreset({ turn, cards: [bad] }), { setup: false })).toThrow(
      /card "bell" ability "ring": the delayed op names "ecoh", which is not an ability of this card.*did you mean "echo"/,
    );
    const notDelayed: CardDef = {
      ...bell("end"),
      abilities: [{ id: "ring", kind: "activated", effect: [{ op: "delayed", ability: "ring" }] }],
    };
    expect(() => Game.create(tinyPreset({ turn, cards: [notDelayed] }), { setup: false })).toThrow(
      /names "ring", an ability of kind activated/,
    );
    const noTrigger = { ...bell("end") } as CardDef;
    noTrigger.abilities = [{ id: "echo", kind: "delayed", effect: [] } as never];
    expect(() => Game.create(tinyPreset({ turn, cards: [noTrigger] }), { setup: false })).toThrow(
      /trigger.*is required/,
    );
  });
});
