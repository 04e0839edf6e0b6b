/**
 * Control changes (core/control.ts; CR 613.1b, 602.5b, 606.3; Yu-Gi-Oh! soft and hard once per
 * turn): the same object on the new controller's side, limits keyed to it kept, limits keyed by
 * player following the controller, control going back as its effects end.
 */
import { describe, expect, it } from "vitest";
import { changeControl, endControlOf, gainControl } from "../../src/core/control.js";
import { expireDurations } from "../../src/core/durations.js";
import { Game } from "../../src/core/game.js";
import type { TurnNode } from "../../src/core/preset.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};
const cards: CardDef[] = [
  {
    id: "golem",
    name: "Golem",
    types: ["creature"],
    abilities: [
      {
        id: "soft",
        kind: "activated",
        effect: [],
        limit: { counts: "use", key: "incarnation", window: "turn", label: "once per turn (this card)" },
      },
      {
        id: "hard",
        kind: "activated",
        effect: [],
        limit: { counts: "use", key: "namePerPlayer", window: "turn", label: "once per turn by name" },
      },
    ],
  },
];

function game() {
  const g = Game.create(tinyPreset({ turn, cards }), { setup: false }).run();
  const a = g.createCard("golem", 0, "field");
  const b = g.createCard("golem", 1, "field");
  a.tapped = true;
  a.counters = { charge: 2 };
  a.vars = { note: "kept" };
  return { g, a, b };
}

describe("control changes", () => {
  it("move the object to the new controller's zone as the same object, with one event", () => {
    const { g, a } = game();
    const inc = a.inc;
    const e = changeControl(g, a, 1);
    expect(e?.type).toBe("control");
    expect(e?.data).toEqual({ from: 0 });
    expect(a).toMatchObject({ controller: 1, owner: 0, zone: "field@1", inc, tapped: true });
    expect(a.counters).toEqual({ charge: 2 });
    expect(a.vars).toEqual({ note: "kept" });
    expect(g.state.zones["field@0"]!.cards).not.toContain(a.id);
    expect(g.state.zones["field@1"]!.cards).toContain(a.id);
    expect(a.controlledSince).toBe(g.state.clock.turn.id);
    expect(changeControl(g, a, 1)).toBeNull(); // already theirs: nothing happens
    // The state stays valid: it saves and loads.
    expect(() => Game.deserialize(tinyPreset({ turn, cards }), g.serialize())).not.toThrow();
  });

  it("keep a limit keyed to the object used, while a limit per player follows the controller", () => {
    const { g, a, b } = game();
    g.useLimits(g.abilityRef(a.id, "soft"));
    g.useLimits(g.abilityRef(b.id, "hard"));
    changeControl(g, a, 1);
    // P2 now controls both Golems; P1 used "soft" of this one, P2 used "hard" by name.
    expect(g.canUse(a.id, "soft").ok).toBe(false);
    expect(g.canUse(a.id, "hard").ok).toBe(false);
    changeControl(g, b, 0);
    // P1 has used no Golem's "hard": the card P2 used it with is usable by P1.
    expect(g.canUse(b.id, "hard").ok).toBe(true);
    expect(g.canUse(b.id, "soft").ok).toBe(true);
  });

  it("go back when the effect ends, to the latest effect still in force, else to the player before them", () => {
    const { g, a } = game();
    gainControl(g, a, 1, { expires: { at: "tag", tag: "first" } });
    gainControl(g, a, 0, { expires: { at: "tag", tag: "second" } });
    gainControl(g, a, 1, { expires: { at: "tag", tag: "third" } });
    expect(a.controller).toBe(1);
    expireDurations(g, { at: "tag", tag: "third" });
    expect(a.controller).toBe(0); // "second" is the latest still in force
    expireDurations(g, { at: "tag", tag: "second" });
    expect(a.controller).toBe(1); // "first"
    expireDurations(g, { at: "tag", tag: "first" });
    expect(a.controller).toBe(0); // before them all
    const returned = g.state.log.filter((e) => e.type === "control" && e.data?.returned === true);
    expect(returned).toHaveLength(3);
  });

  it("lapse with the object: a card that left is its owner's, and nothing goes back", () => {
    const { g, a } = game();
    gainControl(g, a, 1, { expires: { at: "tag", tag: "eot" } });
    g.move(a, "graveyard@0");
    expect(a.controller).toBe(0);
    expireDurations(g, { at: "tag", tag: "eot" });
    expect(a.zone).toBe("graveyard@0");
    expect(g.state.log.filter((e) => e.type === "control")).toHaveLength(1);
  });

  it('"for as long as" another object stays (CR 611.2b): control goes back as soon as it leaves', () => {
    const { g, a, b } = game();
    gainControl(g, a, 1, { expires: { at: "objectLeaves", obj: b.id, inc: b.inc } });
    expect(a.controller).toBe(1);
    g.move(b, "graveyard@1");
    expect(a.controller).toBe(0); // at once, not at the next boundary
    expect(g.state.durations).toHaveLength(0);
    expect(g.state.log.some((e) => e.type === "durationEnd" && e.data?.boundary === "objectLeaves")).toBe(
      true,
    );
  });

  it("end for a player who leaves (CR 800.4a): the object goes back", () => {
    const { g, a } = game();
    gainControl(g, a, 1);
    endControlOf(g, 1);
    expect(a.controller).toBe(0);
    expect(g.state.durations).toHaveLength(0);
  });

  it("can be refused by the preset (no room): the effect does nothing", () => {
    const preset = { ...tinyPreset({ turn, cards }), beforeControlChange: () => false };
    const g = Game.create(preset, { setup: false }).run();
    const a = g.createCard("golem", 0, "field");
    expect(gainControl(g, a, 1)).toBe(false);
    expect(a.controller).toBe(0);
    expect(g.state.durations).toHaveLength(0);
  });

  it("a save whose card lies on one player's side under another's control is refused, naming the card", () => {
    const { g, a } = game();
    const s = JSON.parse(g.serialize());
    s.objects[a.id].controller = 1;
    expect(() => Game.deserialize(tinyPreset({ turn, cards }), JSON.stringify(s))).toThrow(
      new RegExp(`objects\\.${a.id}\\.controller`),
    );
  });
});
