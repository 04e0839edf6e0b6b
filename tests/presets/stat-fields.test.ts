/**
 * Each preset's declared `stats` keys (Preset.statFields): a Magic card whose colours are written
 * as mana letters, or whose loyalty is not a whole number, a Yu-Gi-Oh! monster with ATK as text or
 * a lower-case Attribute, a Duel Masters Strike Back of no civilization, is refused when the game is
 * made, naming the card and the field; every library card passes; tokens are the colours they say.
 */
import { describe, expect, it } from "vitest";
import { DefinitionError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import { duelMasters } from "../../src/presets/duel-masters/index.js";
import { magic } from "../../src/presets/magic/index.js";
import { cardColours } from "../../src/presets/magic/protection.js";
import { yugioh } from "../../src/presets/yugioh/index.js";
import { parseScenario, runScenario } from "../../src/scenario/index.js";

const preset = magic();
const bear = (stats: Record<string, unknown>) => ({
  id: "test-bear",
  name: "Test Bear",
  types: ["creature"],
  cost: 2,
  power: 2,
  stats: { toughness: 2, ...stats },
});

describe("Magic stats fields", () => {
  it("refuses colours written as mana letters, naming the card and the field", () => {
    const make = () => Game.create(preset, { seed: 1, cards: [bear({ colors: ["B"] })] });
    expect(make).toThrow(DefinitionError);
    expect(make).toThrow(/test-bear.*stats\.colors\[0\]/s);
  });

  it("refuses a loyalty or a toughness that is not a whole number", () => {
    expect(() => Game.create(preset, { seed: 1, cards: [bear({ toughness: "2" })] })).toThrow(
      /test-bear.*stats\.toughness/s,
    );
    expect(() => Game.create(preset, { seed: 1, cards: [bear({ loyalty: 2.5 })] })).toThrow(/stats\.loyalty/);
  });

  it("keeps stats it doesn't declare free, and accepts colour names", () => {
    const game = Game.create(preset, { seed: 1, cards: [bear({ colors: ["black"], flavour: "x" })] });
    expect(game.rules.card("test-bear").stats?.colors).toEqual(["black"]);
  });

  it("every card and token of the library has colours by name: none is dropped as unknown", () => {
    for (const c of preset.cards) {
      const listed = (c.stats?.colors ?? []) as string[];
      const cost = c.stats?.manaCost;
      if (typeof cost === "string" && /[WUBRG]/.test(cost)) continue; // the cost decides (CR 202.2)
      expect(cardColours(c as never), c.id).toHaveLength(listed.length);
    }
    const merfolk = preset.cards.find((c) => c.id === "merfolk-token")!;
    expect(cardColours(merfolk as never)).toEqual(["blue"]);
  });
  it("a scenario's inline card with a malformed stat fails at the card's line, naming card and field", () => {
    const text = [
      "name: a planeswalker whose loyalty is text",
      "preset: magic",
      "cards:",
      "  - id: broken-walker",
      "    name: Broken Walker",
      "    types: [planeswalker]",
      "    cost: 0",
      "    stats: { loyalty: three }",
      "script: []",
      "",
    ].join("\n");
    const result = runScenario(parseScenario("walker.yaml", text));
    expect(result.passed).toBe(false);
    expect(result.failures).toEqual([
      expect.objectContaining({ line: 4, message: expect.stringMatching(/broken-walker.*stats\.loyalty/) }),
    ]);
  });
});

describe("Yu-Gi-Oh! and Duel Masters stats fields", () => {
  it("refuses an ATK written as text and an Attribute not in capitals", () => {
    const monster = (stats: Record<string, unknown>) => ({
      id: "test-monster",
      name: "Test Monster",
      types: ["monster", "normal"],
      stats: { level: 4, atk: 1000, def: 1000, attribute: "DARK", ...stats },
    });
    expect(() => Game.create(yugioh(), { seed: 1, cards: [monster({ atk: "1800" })] })).toThrow(
      /test-monster.*stats\.atk/s,
    );
    expect(() => Game.create(yugioh(), { seed: 1, cards: [monster({ attribute: "dark" })] })).toThrow(
      /stats\.attribute: "dark" is not one of/,
    );
    expect(() => Game.create(yugioh(), { seed: 1, cards: [monster({})] })).not.toThrow();
  });

  it("refuses a Strike Back of no civilization", () => {
    const spell = {
      id: "test-spell",
      name: "Test Spell",
      types: ["spell"],
      cost: 3,
      civilizations: ["fire"],
      stats: { strikeBack: "red" },
    };
    expect(() => Game.create(duelMasters(), { seed: 1, cards: [spell] })).toThrow(
      /test-spell.*stats\.strikeBack/s,
    );
  });
});
