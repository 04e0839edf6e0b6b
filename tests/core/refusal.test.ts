/**
 * Preset.refusal: a choice that is not an option is refused (state unchanged) with the preset's
 * reason added to the message; a hook that fails or has nothing to say leaves the plain message.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import type { Preset, TurnNode } from "../../src/core/preset.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};

const withRefusal = (refusal: Preset["refusal"]): Preset => ({ ...tinyPreset({ turn }), refusal });

describe("Preset.refusal", () => {
  it("adds the preset's reason to the refusal, and the state stays as it was", () => {
    const g = Game.create(
      withRefusal((_game, d, choice) => (choice === "fly" ? `${d.kind}: nothing here can fly` : null)),
      { setup: false },
    ).run();
    const before = JSON.stringify(g.state);
    expect(() => g.act("fly")).toThrow(
      /"fly" is not an option of decision \d+ \(main: .*\): main: nothing here can fly; options: go, pass/,
    );
    expect(JSON.stringify(g.state)).toBe(before);
  });

  it("without a reason (null, or a hook that throws) the message is the plain one", () => {
    for (const refusal of [
      () => null,
      () => {
        throw new Error("boom");
      },
    ]) {
      const g = Game.create(withRefusal(refusal), { setup: false }).run();
      expect(() => g.act("fly")).toThrow(
        /"fly" is not an option of decision \d+ \(main: [^)]*\); options: go, pass$/,
      );
    }
  });
});
