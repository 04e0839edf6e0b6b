/**
 * `turnkit/core`: the kernel without its definition checks (core/checking.ts). A game compiled
 * without them is the same game: the same cards (the vocabulary's one default filled in), the
 * same counters, byte for byte the same play. Only bad definitions go unreported — which is why
 * every other entry point installs the checks.
 */
import { afterEach, describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/index.js";
import { installDefinitionChecks } from "../../src/core/checking.js";
import { installFullChecks } from "../../src/core/checks.js";
import { Game } from "../../src/core/game.js";
import type { TurnNode } from "../../src/core/preset.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { tinyPreset } from "../support/tiny.js";

afterEach(() => installFullChecks());

/** A turn of one main step, for one-card games. */
const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", interaction: "main" }],
};

function played(presetId: string, seed: number): string {
  const g = Game.create(getPreset(presetId), { seed, privateRules: true }).run();
  const agent = randomAgent(seed);
  for (let n = 0; n < 400 && !g.over; n++) g.act(agent.choose(g));
  return g.serialize();
}

describe("the kernel without definition checks (turnkit/core)", () => {
  it("compiles every built-in preset to the same cards and counters as with the checks", () => {
    for (const id of presetIds()) {
      const checked = Game.create(getPreset(id), { seed: 1, privateRules: true }).rules;
      installDefinitionChecks(null);
      const lean = Game.create(getPreset(id), { seed: 1, privateRules: true }).rules;
      installFullChecks();
      expect([...lean.cards.values()], id).toEqual([...checked.cards.values()]);
      expect([...lean.counterSpecs.keys()].sort(), id).toEqual([...checked.counterSpecs.keys()].sort());
    }
  });

  it("plays every built-in preset byte for byte as with the checks", () => {
    for (const id of presetIds())
      for (const seed of [3, 8]) {
        const checked = played(id, seed);
        installDefinitionChecks(null);
        const lean = played(id, seed);
        installFullChecks();
        expect(lean, `${id} seed ${seed}`).toBe(checked);
      }
  });

  it("fills in the vocabulary's default as the checks do: a limit's window is the turn", () => {
    const cards = [
      {
        id: "once",
        name: "Once",
        types: ["creature"],
        abilities: [
          {
            id: "a",
            kind: "activated" as const,
            effect: [],
            limit: { counts: "use" as const, key: "incarnation" as const },
          },
        ],
      },
    ];
    const checked = Game.create(tinyPreset({ turn, cards }), { setup: false }).rules.card("once");
    installDefinitionChecks(null);
    const lean = Game.create(tinyPreset({ turn, cards }), { setup: false }).rules.card("once");
    expect(lean).toEqual(checked);
    expect(lean.abilities?.[0]?.limit).toMatchObject({ window: "turn" });
  });

  it("reports a bad card only with the checks installed", () => {
    const cards = [
      {
        id: "typo",
        name: "Typo",
        types: ["creature"],
        abilities: [{ id: "t", kind: "triggered" as const, trigger: { on: "drwa" }, effect: [] }],
      },
    ];
    expect(() => Game.create(tinyPreset({ turn, cards }), { setup: false })).toThrow(
      /unknown event type "drwa"/,
    );
    installDefinitionChecks(null);
    expect(() => Game.create(tinyPreset({ turn, cards }), { setup: false })).not.toThrow();
  });
});
