/**
 * Non-interference of player views, proved by property for every registered preset (DESIGN: two
 * games that differ only in cards hidden from P give P the same view). See
 * src/testing/noninterference.ts for how the second game is made and played in lockstep.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import type { JsonObject } from "../../src/core/json.js";
import { zoneId } from "../../src/core/objects.js";
import type { Preset } from "../../src/core/preset.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { defaultMagicDeck } from "../../src/presets/magic/index.js";
import { explainNonInterference as explain, newGameOf } from "../../src/testing/invariants.js";
import { checkNonInterference } from "../../src/testing/noninterference.js";

const RUNS = Number(process.env.TURNKIT_PROPERTY_RUNS ?? 12) * 2;

/** A game of the preset, with its sample decks or random decks from its whole library (src/testing/invariants.ts). */
function maker(preset: Preset, seed: number, randomDecks: boolean, options: JsonObject = {}): () => Game {
  return () => newGameOf(preset, seed, randomDecks ? "random" : "sample", options);
}

for (const id of presetIds()) {
  const preset = getPreset(id);
  describe(`${id}: non-interference`, () => {
    it("gives a player the same view, byte for byte, whatever the cards hidden from them", () => {
      const ended: Record<string, number> = {};
      let steps = 0;
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.boolean(), (seed, randomDecks) => {
          const r = checkNonInterference(preset, maker(preset, seed, randomDecks), seed, { maxActions: 250 });
          expect(r.ok, explain(r)).toBe(true);
          if (r.ok) ended[r.ended] = (ended[r.ended] ?? 0) + 1;
          steps += r.steps;
        }),
        { numRuns: RUNS },
      );
      // The lockstep compares something: games are played past their first responses.
      expect(steps).toBeGreaterThan(RUNS);
    });
  });
}

describe("non-interference: the check can fail", () => {
  // The leaky fast path asks a Shield Trigger only when the broken shield is one, opens a
  // Yu-Gi-Oh! priority window only for a player holding a usable card: the property sees it.
  for (const id of ["duel-masters", "yugioh"]) {
    it(`catches ${id}'s leaky fast path`, () => {
      const preset = getPreset(id);
      const failures: string[] = [];
      for (let seed = 1; seed <= 300 && failures.length === 0; seed++) {
        // Sample decks on even seeds, random decks on odd ones: the leak needs a usable hidden card.
        const r = checkNonInterference(
          preset,
          maker(preset, seed, seed % 2 === 1, { leakyFastPath: true }),
          seed,
          {
            maxActions: 250,
          },
        );
        if (!r.ok) failures.push(r.message);
      }
      expect(failures.length, "no leak found in 300 games on the leaky fast path").toBeGreaterThan(0);
    });
  }
});

describe("non-interference: a turn controlled by another player (CR 722)", () => {
  // P1 controls P2's turn 2 (Mindslaver's effect, the kernel's controlNextTurn): P1 makes P2's
  // decisions and sees P2's hand for that turn only. Whichever player observes — the controller
  // (deciding for P2) or P2 (whose decisions another makes) —, the cards hidden from them change
  // nothing they are shown, until a rule reveals one (P2's hand as the controlled turn begins).
  const magicPreset = getPreset("magic");
  const controlled = (seed: number) => (): Game => {
    const g = Game.create(magicPreset, { seed, setup: false });
    for (const p of [0, 1]) {
      const deck = defaultMagicDeck(p + seed);
      for (const c of deck.slice(0, 40)) g.createCard(c, p, "library");
      g.shuffle(zoneId("library", p));
      for (let i = 0; i < 6; i++)
        g.createCard(["forest", "plains", "island", "swamp", "mountain"][i % 5]!, p, "battlefield");
      g.draw(p, 7);
    }
    g.controlNextTurn(1, 0, { source: "Mindslaver" });
    return g.startAt(1, 0, "main1");
  };
  it("gives the controller and the controlled player the same view whatever is hidden from them", () => {
    let controlledSteps = 0;
    for (let seed = 1; seed <= 24; seed++)
      for (const observer of [0, 1]) {
        const r = checkNonInterference(magicPreset, controlled(seed), seed, {
          observer,
          warmup: seed % 3 === 0 ? 0 : 5 + (seed % 40),
          maxActions: 250,
        });
        expect(r.ok, explain(r)).toBe(true);
        controlledSteps += r.steps;
      }
    expect(controlledSteps).toBeGreaterThan(24);
  });
});
