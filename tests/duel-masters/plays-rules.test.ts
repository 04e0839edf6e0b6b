/**
 * Duel Masters Play's rules that are not about a position (so not scenarios): its deck rules (DP殿堂),
 * its options (no paper rules version), and the fuzz invariant that no zone goes over its limit —
 * shown able to fail. The positions are in scenarios/duel-masters/plays/.
 */
import { describe, expect, it } from "vitest";
import { deckProblems } from "../../src/core/decks.js";
import { DefinitionError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import { sampleDecks } from "../../src/presets/duel-masters/cards.js";
import { playsSampleDecks } from "../../src/presets/duel-masters/decks.js";
import { duelMasters, duelMastersPlay } from "../../src/presets/duel-masters/index.js";
import { presetInvariantProblems } from "../../src/testing/invariants.js";

const BOMBAZAR = "musou-ryuki-bolbalzak";

/** Sample decks (Play's, or the paper game's) with P1's first `n` cards replaced by Bombazar. */
function withBombazar(n: number, decks: string[][] = playsSampleDecks()): string[][] {
  const [a, b] = decks;
  return [[...Array.from({ length: n }, () => BOMBAZAR), ...a!.slice(n)], b!];
}

describe("Duel Masters Play's deck rules", () => {
  it("DP殿堂: a Play's deck holds at most one Bombazar, Dragon of Destiny; the paper preset doesn't check its lists", () => {
    expect(() => Game.create(duelMastersPlay(), { decks: withBombazar(1) })).not.toThrow();
    expect(() => Game.create(duelMastersPlay(), { decks: withBombazar(2) })).toThrow(DefinitionError);
    expect(() => Game.create(duelMastersPlay(), { decks: withBombazar(2) })).toThrow(
      "2 copies of Bombazar, Dragon of Destiny; at most 1 (DP殿堂: at most one in a Duel Masters Play's deck)",
    );
    expect(() => Game.create(duelMasters(), { decks: withBombazar(2, sampleDecks()) })).not.toThrow();
  });

  it("random Play's decks keep DP殿堂", () => {
    const preset = duelMastersPlay();
    const byId = new Map(preset.cards.map((c) => [c.id, c]));
    let x = 11;
    const pick = (n: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % n;
    };
    let bombazars = 0;
    for (let i = 0; i < 60; i++)
      for (const deck of preset.randomDecks!(2, pick)) {
        expect(deckProblems(preset.deckRules!, deck, (c) => byId.get(c))).toEqual([]);
        const n = deck.filter((c) => c === BOMBAZAR).length;
        expect(n).toBeLessThanOrEqual(1);
        bombazars += n;
      }
    expect(bombazars).toBeGreaterThan(0);
  });
});

describe("Duel Masters Play's options", () => {
  it("has the zone limits and the civilization rule, and no paper rules version", () => {
    const g = Game.create(duelMastersPlay(), { seed: 1 });
    expect(g.state.options).toMatchObject({
      handLimit: 10,
      shieldLimit: 10,
      battleZoneLimit: 7,
      civilizations: "unlocked",
    });
    expect(() => Game.create(duelMastersPlay(), { seed: 1, options: { rulesVersion: "pre2017" } })).toThrow(
      'preset duel-masters-play has no option "rulesVersion"',
    );
    expect(() => Game.create(duelMasters(), { seed: 1, options: { handLimit: 10 } })).toThrow(
      'preset duel-masters has no option "handLimit"',
    );
  });
});

describe("the Play's zone-limit invariant (fuzz)", () => {
  it("holds in a game, and reports a zone over its limit", () => {
    const g = Game.create(duelMastersPlay(), { seed: 3 });
    g.run();
    expect(presetInvariantProblems(g)).toEqual([]);
    // Put cards straight into P1's hand, past the rules (a setup does this; the game's moves can't).
    for (let i = 0; i < 6; i++) g.createCard("sample-fire-3-3000", 0, "hand");
    expect(g.zone("hand", 0).cards.length).toBeGreaterThan(10);
    expect(presetInvariantProblems(g)).toEqual([
      `playsZoneLimits: P1's hand zone holds ${g.zone("hand", 0).cards.length} cards; its limit is 10`,
    ]);
    // The paper game has no such invariant.
    expect(duelMasters().invariants).toBeUndefined();
  });
});
