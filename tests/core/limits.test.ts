/** The limit API's edges: canUse, remaining, useLimits, negateActivation, applyStatic (RULINGS YG-2.4, DM-3.7). */
import { describe, expect, it } from "vitest";
import { IllegalActionError } from "../../src/core/errors.js";
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
  { id: "token", name: "Token", types: ["creature"] },
  {
    id: "twice",
    name: "Twice Lamp",
    types: ["artifact"],
    abilities: [
      {
        id: "rub",
        kind: "activated",
        limit: { counts: "use", key: "namePerPlayer", window: "turn", times: 2, label: "twice each turn" },
      },
      { id: "free", kind: "activated" },
    ],
  },
  {
    id: "negatable",
    name: "Negatable",
    types: ["spell"],
    abilities: [
      {
        id: "a",
        kind: "activated",
        limit: [
          { counts: "use", usedUp: "activation", key: "card", window: "turn" },
          { counts: "use", key: "namePerPlayer", window: "game", times: 3 },
        ],
      },
    ],
  },
  {
    id: "shield",
    name: "Shield Wall",
    types: ["creature"],
    abilities: [
      {
        id: "s",
        kind: "static",
        static: { kind: "preventDamage" },
        limit: { counts: "application", key: "incarnation", window: "turn" },
      },
    ],
  },
];

function table(p1: string[], p2: string[] = []) {
  const game = Game.create(tinyPreset({ turn, cards }), { setup: false });
  const a = p1.map((c) => game.createCard(c, 0, "field"));
  const b = p2.map((c) => game.createCard(c, 1, "field"));
  return { game: game.run(), mine: a, theirs: b };
}

describe("limits through the Game API", () => {
  it("name the unknown object or ability in the error", () => {
    const { game, mine } = table(["twice"]);
    expect(() => game.canUse("c999", "rub")).toThrow(IllegalActionError);
    expect(() => game.canUse("c999", "rub")).toThrow(/no card "c999"/);
    expect(() => game.canUse(mine[0]!.id, "nope")).toThrow(/Twice Lamp \(c\d+\) has no ability "nope"/);
  });

  it("count uses per name per player, refuse the third with a readable reason, and reset next turn", () => {
    const { game, mine, theirs } = table(["twice", "twice"], ["twice"]);
    const [l1, l2] = mine.map((o) => game.abilityRef(o.id, "rub"));
    expect(game.canUse(l1!.obj.id, "rub")).toEqual({ ok: true });
    game.useLimits(l1!);
    game.useLimits(l2!);
    const v = game.canUse(l1!.obj.id, "rub");
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.reason).toMatch(/Twice Lamp/);
    expect(v.reason).toMatch(/twice each turn/);
    expect(v.window).toBe("turn");
    expect(() => game.useLimits(l1!)).toThrow(IllegalActionError);
    // Per player: the opponent's copy still has both uses.
    expect(game.canUse(theirs[0]!.id, "rub")).toEqual({ ok: true });
    const mineLeft = game.remaining(0).filter((r) => r.ability === "rub");
    expect(mineLeft.map((r) => [r.used, r.max, r.remaining])).toEqual([
      [2, 2, 0],
      [2, 2, 0],
    ]);
    expect(mineLeft[0]!.reason).toMatch(/Twice Lamp/);
    expect(game.remaining(1).filter((r) => r.ability === "rub")[0]).toMatchObject({ used: 0, remaining: 2 });
    // An unlimited ability has nothing to report and is always allowed.
    expect(game.remaining(0).some((r) => r.ability === "free")).toBe(false);
    expect(game.canUse(l1!.obj.id, "free")).toEqual({ ok: true });
    game.act("pass");
    game.act("pass");
    expect(game.canUse(l1!.obj.id, "rub")).toEqual({ ok: true });
  });

  it("give back only activation-charged limits when an activation is negated (YG-2.4)", () => {
    const { game, mine } = table(["negatable"]);
    const ref = game.abilityRef(mine[0]!.id, "a");
    game.useLimits(ref);
    expect(game.canUse(ref.obj.id, "a").ok).toBe(false);
    game.negateActivation(ref);
    expect(game.canUse(ref.obj.id, "a")).toEqual({ ok: true });
    const perGame = game.remaining(0).find((r) => r.window === "game")!;
    expect(perGame).toMatchObject({ used: 1, remaining: 2 });
  });

  it("charge a static ability when it applies, not when asked (DM-3.7)", () => {
    const { game, mine } = table(["shield"]);
    const [ref] = game.staticAbilities("preventDamage");
    expect(ref!.obj.id).toBe(mine[0]!.id);
    expect(game.canApply(ref!)).toEqual({ ok: true });
    expect(game.canApply(ref!)).toEqual({ ok: true });
    expect(game.applyStatic(ref!)).toEqual({ ok: true });
    const v = game.applyStatic(ref!);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.reason).toMatch(/Shield Wall/);
    expect(game.canApply(ref!).ok).toBe(false);
  });

  it("refuse an ability outside the zones it works from", () => {
    const game = Game.create(tinyPreset({ turn, cards }), { setup: false });
    const o = game.createCard("twice", 0, "hand");
    game.run();
    const v = game.canUse(o.id, "rub");
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.reason).toBe("Twice Lamp: this ability works only in field, and the card is in hand");
  });

  it("keep their counters through a JSON round trip", () => {
    const { game, mine } = table(["twice", "negatable"]);
    game.useLimits(game.abilityRef(mine[0]!.id, "rub"));
    game.useLimits(game.abilityRef(mine[1]!.id, "a"));
    const copy = Game.deserialize(game.rules.preset, game.serialize());
    expect(copy.remaining(0)).toEqual(game.remaining(0));
    expect(copy.canUse(mine[1]!.id, "a")).toEqual(game.canUse(mine[1]!.id, "a"));
    copy.useLimits(copy.abilityRef(mine[0]!.id, "rub"));
    expect(copy.canUse(mine[0]!.id, "rub").ok).toBe(false);
    expect(game.canUse(mine[0]!.id, "rub").ok).toBe(true);
  });
});
