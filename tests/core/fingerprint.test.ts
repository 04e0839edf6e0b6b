/**
 * Every save says which version and rules made it (DESIGN: determinism): `state.madeBy` holds the
 * turnkit version and the fingerprint of the compiled rules; a save is refused under other rules,
 * naming what differs, unless the caller accepts them; a state saved before it was recorded is
 * refused with what to do instead.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/fingerprint.js";
import { Game } from "../../src/core/game.js";
import type { TurnNode } from "../../src/core/preset.js";
import { TURNKIT_VERSION } from "../../src/core/version.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};
const card = (power: number): CardDef => ({ id: "bear", name: "Bear", types: ["creature"], power });

describe("what made a game", () => {
  it("the version is package.json's", () => {
    expect(TURNKIT_VERSION).toBe(JSON.parse(readFileSync("package.json", "utf8")).version);
  });

  it("a save records the version and the rules' fingerprint, and loads under the same rules", () => {
    const preset = tinyPreset({ turn });
    const g = Game.create(preset, { seed: 1, cards: [card(2)] }).run();
    expect(g.state.madeBy.turnkit).toBe(TURNKIT_VERSION);
    expect(Object.keys(g.state.madeBy.rules).sort()).toEqual(["all", "cards", "options", "preset", "turn"]);
    const again = Game.deserialize(preset, g.serialize());
    expect(again.serialize()).toBe(g.serialize());
  });

  it("under another card library or turn tree it is refused, naming what differs", () => {
    const preset = tinyPreset({ turn });
    const saved = Game.create(preset, { seed: 1, cards: [card(2)] })
      .run()
      .serialize();
    const other = saved.replace('"power":2', '"power":3');
    expect(() => Game.deserialize(preset, other)).toThrow(
      /saved by turnkit .* under other rules than these .*: the card library differs; replay its game instead/,
    );
    const longer: TurnNode = {
      ...turn,
      children: [...turn.children!, { id: "end", label: "End", kind: "step" }],
    };
    expect(() => Game.deserialize(tinyPreset({ turn: longer }), saved)).toThrow(/the turn tree differs/);
    expect(() => Game.deserialize(preset, other, { acceptOtherRules: true })).not.toThrow();
  });

  it("a state saved before saves recorded their rules is refused, saying what to do", () => {
    const state = JSON.parse(Game.create(tinyPreset({ turn }), { seed: 1 }).run().serialize());
    state.format = "turnkit/state@2";
    delete state.madeBy;
    expect(() => Game.fromState(tinyPreset({ turn }), state)).toThrow(
      /turnkit\/state@2.*replay its game instead/,
    );
  });
});

describe("the canonical text the fingerprint hashes", () => {
  /** The definition: JSON.stringify with every object remade from its entries in sorted order. */
  const reference = (v: unknown): string | undefined =>
    JSON.stringify(v, (_k, x: unknown) =>
      x !== null && typeof x === "object" && !Array.isArray(x)
        ? Object.fromEntries(
            Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
          )
        : x,
    );
  // Keys an object orders apart (integers first, numerically) next to ones it doesn't.
  const key = fc.oneof(
    fc.string(),
    fc.constantFrom(
      "0",
      "1",
      "9",
      "10",
      "01",
      "-1",
      "1.5",
      "4294967294",
      "4294967295",
      "__proto__",
      "é",
      "\u{1F600}",
    ),
  );
  const value = fc.letrec((tie) => ({
    any: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom(null, true, false, undefined, Number.NaN, -0, Number.POSITIVE_INFINITY),
      fc.double(),
      fc.integer(),
      fc.string(),
      fc.array(tie("any"), { maxLength: 4 }),
      fc.dictionary(key, tie("any"), { maxKeys: 5 }),
    ),
  })).any;

  it("is JSON.stringify of the sorted entries, character for character", () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      { numRuns: 2000 },
    );
  });

  it("sorts keys, integer keys first in numeric order", () => {
    expect(canonicalJson({ b: 1, a: [{ z: 0, y: undefined }], 10: 2, 9: 3 })).toBe(
      '{"9":3,"10":2,"a":[{"z":0}],"b":1}',
    );
  });
});
