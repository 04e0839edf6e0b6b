/**
 * Action limits whose number an effect sets rather than adds to (`times`): Yu-Gi-Oh!'s Double
 * Summon, "You can conduct 2 Normal Summons/Sets this turn, not just 1" — two of them still allow
 * 2; an effect that adds one more counts on top; a cap still caps.
 */
import { describe, expect, it } from "vitest";
import { actionAllowance } from "../../src/core/action-limits.js";
import { Game } from "../../src/core/game.js";
import { zoneId } from "../../src/core/objects.js";
import type { Preset, TurnNode } from "../../src/core/preset.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};

const staticLimit = (id: string, name: string, change: Record<string, unknown>): CardDef => ({
  id,
  name,
  types: ["enchantment"],
  abilities: [{ id: "x", kind: "static", static: { kind: "actionLimit", action: "summon", ...change } }],
});

const cards: CardDef[] = [
  { id: "rat", name: "Rat", types: ["creature"] },
  staticLimit("twice", "Twice", { times: 2 }),
  staticLimit("thrice", "Thrice", { times: 3 }),
  staticLimit("extra", "Extra", { add: 1 }),
  staticLimit("cap", "Cap", { max: 2, player: "any" }),
];

const preset = (): Preset => ({
  ...tinyPreset({ turn, cards, events: { summon: "a creature was summoned: player, obj" }, onGo: () => {} }),
  actionLimits: { summon: { counts: { on: "summon", player: "self" }, times: 1, noun: "summon" } },
});

function summon(g: Game): void {
  const o = g.createCard("rat", 0, "hand");
  g.move(o, zoneId("field", 0));
  g.emit({ type: "summon", player: 0, obj: o.id });
}

describe("an action limit set to a number (times)", () => {
  it("allows at least that many, however many such effects apply, and says which one", () => {
    const g = Game.create(preset(), { setup: false });
    g.run();
    summon(g);
    expect(actionAllowance(g, "summon", 0)).toMatchObject({ used: 1, allowed: 1, ok: false });
    g.createCard("twice", 0, "field");
    expect(actionAllowance(g, "summon", 0)).toMatchObject({ used: 1, allowed: 2, ok: true });
    g.createCard("twice", 0, "field"); // a second one: still 2, not 3
    summon(g);
    const refused = actionAllowance(g, "summon", 0, { explain: true });
    expect(refused).toMatchObject({ used: 2, allowed: 2, ok: false });
    expect(refused.reason).toBe("P1 has made 2 summons this turn (turn 1), and may make 2 (2 from Twice)");
    g.createCard("thrice", 0, "field"); // the highest wins
    expect(actionAllowance(g, "summon", 0)).toMatchObject({ allowed: 3, ok: true });
  });

  it("counts an effect that adds one on top of it, and a cap still caps", () => {
    const g = Game.create(preset(), { setup: false });
    g.run();
    g.createCard("twice", 0, "field");
    g.createCard("extra", 0, "field");
    expect(actionAllowance(g, "summon", 0)).toMatchObject({ allowed: 3 });
    for (let i = 0; i < 3; i++) summon(g);
    expect(actionAllowance(g, "summon", 0, { explain: true }).reason).toBe(
      "P1 has made 3 summons this turn (turn 1), and may make 3 (2 from Twice, +1 from Extra)",
    );
    g.createCard("cap", 1, "field");
    expect(actionAllowance(g, "summon", 0)).toMatchObject({ allowed: 2, ok: false });
  });

  it("says several uses with the limit's own plural when it has one", () => {
    const g = Game.create(
      {
        ...preset(),
        actionLimits: {
          summon: {
            counts: { on: "summon", player: "self" },
            times: 1,
            noun: "Normal Summon or Set",
            plural: "Normal Summons or Sets",
          },
        },
      },
      { setup: false },
    );
    g.run();
    g.createCard("twice", 0, "field");
    summon(g);
    summon(g);
    expect(actionAllowance(g, "summon", 0, { explain: true }).reason).toBe(
      "P1 has made 2 Normal Summons or Sets this turn (turn 1), and may make 2 (2 from Twice)",
    );
  });

  it("refuses a times that is not a whole number, naming the card and the field", () => {
    const bad = staticLimit("bad", "Bad", { times: 1.5 });
    expect(() => Game.create(preset(), { setup: false, cards: [bad] })).toThrow(
      /static\.times: times is a whole number \(0 or more\), not 1\.5/,
    );
  });
});
