/** Attachments (src/core/attachments.ts) and the `Preset.exists` hook (match.ts, game.ts, triggers.ts). */
import { describe, expect, it } from "vitest";
import {
  attach,
  attachedStatics,
  attachedTo,
  attachmentRecord,
  attachmentsOf,
  detach,
} from "../../src/core/attachments.js";
import { Game } from "../../src/core/game.js";
import { selectObjects } from "../../src/core/match.js";
import { zoneId } from "../../src/core/objects.js";
import type { Preset, TurnNode } from "../../src/core/preset.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};
const bear: CardDef = { id: "bear", name: "Bear", types: ["creature"], power: 2 };
const sword: CardDef = {
  id: "sword",
  name: "Sword",
  types: ["artifact"],
  abilities: [{ id: "gets", kind: "static", static: { kind: "attachedGets", power: 2 } }],
};
const watcher: CardDef = {
  id: "watcher",
  name: "Watcher",
  types: ["creature"],
  abilities: [
    {
      id: "see",
      kind: "triggered",
      trigger: { on: "move", to: "graveyard" },
      effect: [{ op: "log", text: "saw it" }],
    },
  ],
};

function table(extra: Partial<Preset> = {}) {
  const game = Game.create(
    { ...tinyPreset({ turn, cards: [bear, sword, watcher] }), ...extra },
    { setup: false },
  );
  const b = game.createCard("bear", 0, "field");
  const b2 = game.createCard("bear", 1, "field");
  const s = game.createCard("sword", 0, "field");
  return { game: game.run(), b, b2, s };
}

describe("attachments", () => {
  it("records what an object is attached to and answers both ways", () => {
    const { game, b, b2, s } = table();
    expect(attachedTo(game, s)).toBeNull();
    expect(attachmentRecord(s)).toBeNull();
    attach(s, b);
    expect(attachedTo(game, s)).toBe(b);
    expect(attachmentsOf(game, b)).toEqual([s]);
    expect(attachmentsOf(game, b2)).toEqual([]);
    attach(s, b2); // attaching again moves it
    expect(attachedTo(game, s)).toBe(b2);
    expect(attachmentsOf(game, b)).toEqual([]);
    detach(s);
    expect(attachedTo(game, s)).toBeNull();
    expect(() => attach(s, s)).toThrow(/itself/);
  });

  it("names one incarnation of the host: when the host changes zones it is attached to nothing, the record stays", () => {
    const { game, b, s } = table();
    attach(s, b);
    game.move(b, zoneId("graveyard", 0));
    expect(attachedTo(game, s)).toBeNull();
    expect(attachmentRecord(s)).toEqual({ host: b.id, inc: expect.any(Number) });
    expect(attachmentsOf(game, b)).toEqual([]);
  });

  it("ends when the attached object itself changes zones, and survives serialization", () => {
    const { game, b, s } = table();
    attach(s, b);
    const copy = Game.fromState(game.rules.preset, JSON.parse(game.serialize()));
    expect(attachedTo(copy, copy.obj(s.id))?.id).toBe(b.id);
    game.move(s, zoneId("graveyard", 0));
    expect(attachmentRecord(s)).toBeNull();
    expect(attachmentsOf(game, b)).toEqual([]);
  });
});

describe("attachedStatics", () => {
  it("lists the static abilities of a kind of what is attached to a host, face-up only", () => {
    const { game, b, b2, s } = table();
    expect(attachedStatics(game, b, "attachedGets")).toEqual([]);
    attach(s, b);
    expect(attachedStatics(game, b, "attachedGets").map((r) => [r.obj.id, r.ability.id])).toEqual([
      [s.id, "gets"],
    ]);
    expect(attachedStatics(game, b, "other")).toEqual([]);
    expect(attachedStatics(game, b2, "attachedGets")).toEqual([]);
    s.faceDown = true;
    expect(attachedStatics(game, b, "attachedGets")).toEqual([]);
  });
});

describe("Preset.exists", () => {
  const gone = (o: { vars: Record<string, unknown> }) => o.vars.gone === true;
  const exists: Preset["exists"] = (_game, obj) => !gone(obj);

  it("an object treated as though it doesn't exist matches no selector and has no static abilities", () => {
    const { game, b, s } = table({ exists });
    s.vars.gone = true;
    b.vars.gone = true;
    expect(game.exists(b)).toBe(false);
    expect(selectObjects(game, { type: "creature" }, 0).map((o) => o.id)).toEqual([
      game.cardsIn("field", 1)[0]!.id,
    ]);
    expect(game.staticAbilities("attachedGets")).toEqual([]);
    attach(s, game.cardsIn("field", 1)[0]!);
    expect(attachedStatics(game, game.cardsIn("field", 1)[0]!, "attachedGets")).toEqual([]);
    delete s.vars.gone;
    expect(game.staticAbilities("attachedGets").map((r) => r.obj.id)).toEqual([s.id]);
  });

  it("its triggered abilities don't trigger", () => {
    const { game, b, b2 } = table({ exists });
    const w = game.createCard("watcher", 0, "field");
    w.vars.gone = true;
    game.move(b, zoneId("graveyard", 0));
    expect(game.state.pending).toEqual([]);
    delete w.vars.gone;
    game.move(b2, zoneId("graveyard", 1));
    expect(game.state.pending.map((p) => p.obj)).toEqual([w.id]);
  });

  it("defaults to every object existing", () => {
    const { game, b } = table();
    expect(game.exists(b)).toBe(true);
  });
});

describe("the static holders' index", () => {
  it("follows holders that move, in zone order, wherever they are put", () => {
    const { game, s } = table();
    const s2 = game.createCard("sword", 0, "field");
    const order = () => game.staticAbilities("attachedGets").map((r) => r.obj.id);
    expect(order()).toEqual([s.id, s2.id]);
    game.move(s, zoneId("graveyard", 0)); // out of the zones where it works
    expect(order()).toEqual([s2.id]);
    game.move(s, zoneId("field", 0), { position: "bottom" }); // back, before the other in zone order
    expect(order()).toEqual([s.id, s2.id]);
    game.move(s2, zoneId("graveyard", 0));
    game.move(s2, zoneId("field", 0), { position: 0 });
    expect(order()).toEqual([s2.id, s.id]);
    expect(game.zone("field", 0).cards.filter((id) => id === s.id || id === s2.id)).toEqual(order());
  });
});
