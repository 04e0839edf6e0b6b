/**
 * The presets' sample decks: built once for every game that is dealt them, frozen so no game or
 * caller can change another's; the public builders still give a fresh list per call.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import { madeOnce } from "../../src/presets/deck-building.js";
import { sampleDecks } from "../../src/presets/duel-masters/cards.js";
import { getPreset } from "../../src/presets/index.js";

describe("madeOnce", () => {
  it("builds the lists once and freezes them", () => {
    let built = 0;
    const lists = madeOnce(() => {
      built++;
      return [["a", "b"], ["c"]];
    });
    expect(lists()).toBe(lists());
    expect(built).toBe(1);
    expect(lists()).toEqual([["a", "b"], ["c"]]);
    expect(Object.isFrozen(lists()) && lists().every(Object.isFrozen)).toBe(true);
    expect(() => (lists()[0] as string[]).push("x")).toThrow(TypeError);
  });

  it("leaves the public builders fresh, and games dealt the sample decks the same", () => {
    const mine = sampleDecks();
    mine[0]!.length = 0;
    expect(sampleDecks()[0]!.length).toBe(40);
    const deal = (id: string) =>
      Object.values(Game.create(getPreset(id), { seed: 9 }).state.objects)
        .map((o) => `${o.owner}:${o.card}`)
        .sort();
    for (const id of ["duel-masters", "duel-masters-play", "yugioh"]) {
      const first = deal(id);
      expect(first.length).toBeGreaterThanOrEqual(80);
      expect(deal(id)).toEqual(first);
    }
  });
});
