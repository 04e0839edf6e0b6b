/** The property tests' game maker starts every kind of preset, or says why it can't. */
import { describe, expect, it } from "vitest";
import type { Preset } from "../../src/core/preset.js";
import { getPreset } from "../../src/presets/index.js";
import { gameMaker } from "../support/play.js";

// Through the registry: importing examples/skirmish.ts first would start an import cycle.
const skirmish = getPreset("skirmish");

describe("gameMaker", () => {
  it("uses a preset's own setup", () => {
    const m = gameMaker(skirmish);
    expect("make" in m).toBe(true);
  });

  it("places decks from the library by hand for a preset without setup", () => {
    const { setup: _setup, ...bare } = skirmish;
    const m = gameMaker(bare as Preset);
    if (!("make" in m)) throw new Error(m.skip);
    const game = m.make(3);
    expect(game.decision).not.toBeNull();
    expect(Object.keys(game.state.objects).length).toBeGreaterThan(60);
  });

  it("gives the reason when no game can start", () => {
    const broken: Preset = {
      ...skirmish,
      setup: () => {
        throw new Error("needs a sideboard");
      },
    };
    const m = gameMaker(broken);
    expect(m).toEqual({ skip: expect.stringContaining("needs a sideboard") });
  });
});
