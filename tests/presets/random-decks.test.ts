/**
 * `Preset.randomDecks`: every registered preset's random decks are legal for its game, start a
 * game its setup deals correctly, survive random play, and between them use (nearly) the whole
 * library. And Duel Masters Play's sample decks play the Play's cards.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import type { Preset } from "../../src/core/preset.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { sampleDecks } from "../../src/presets/duel-masters/cards.js";
import { playsSampleDecks } from "../../src/presets/duel-masters/decks.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { playRandom } from "../support/play.js";

const SEEDS = 50;
const PLAYED = 20;
const MAX_ACTIONS = 300;

/** A small seeded generator for deck picks (mulberry32), independent of the games' own. */
function picker(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const x = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(x * n);
  };
}

/** What a deck list may hold in a game: its parts, their sizes, copy limits and where the setup deals them. */
interface DeckRules {
  /** The part of a deck list a card belongs to, or null if it may not be in one. */
  part(card: CardDef): string | null;
  /** Allowed number of cards in each part: [min, max]. */
  sizes: Record<string, [number, number]>;
  /** Copies of a card allowed across the whole list (counted by name). */
  maxCopies(card: CardDef): number;
  /** Zone kinds a card of each part may be in once the setup has dealt. */
  zones: Record<string, string[]>;
}

const NO_LIMIT = Number.POSITIVE_INFINITY;
const BASIC_LANDS = ["Plains", "Island", "Swamp", "Mountain", "Forest"];

const duelMastersRules: DeckRules = {
  part: (c) => {
    if (c.types.includes("psychic")) return typeof c.stats?.awakenedFrom === "string" ? null : "hyperspatial";
    if (c.types.includes("gr")) return "superGR";
    return "deck";
  },
  sizes: { deck: [40, 40], hyperspatial: [0, 8], superGR: [0, 12] },
  maxCopies: (c) => (c.types.includes("gr") ? 2 : 4),
  zones: { deck: ["deck", "shield", "hand"], hyperspatial: ["hyperspatial"], superGR: ["superGR"] },
};

const RULES: Record<string, DeckRules> = {
  "duel-masters": duelMastersRules,
  "duel-masters-play": duelMastersRules,
  yugioh: {
    part: (c) => (["fusion", "synchro", "xyz", "link"].some((t) => c.types.includes(t)) ? "extra" : "main"),
    sizes: { main: [40, 40], extra: [0, 15] },
    maxCopies: () => 3,
    zones: { main: ["deck", "hand"], extra: ["extra"] },
  },
  magic: {
    part: (c) => (c.types.includes("attraction") || c.types.includes("scheme") ? null : "library"),
    sizes: { library: [60, NO_LIMIT] },
    maxCopies: (c) => (c.types.includes("land") && BASIC_LANDS.includes(c.name) ? NO_LIMIT : 4),
    zones: { library: ["library", "hand"] },
  },
  lab: {
    part: () => "deck",
    sizes: { deck: [20, 20] },
    maxCopies: () => NO_LIMIT,
    zones: { deck: ["deck", "hand"] },
  },
  skirmish: {
    part: () => "deck",
    sizes: { deck: [20, 20] },
    maxCopies: () => 4,
    zones: { deck: ["deck", "hand"] },
  },
};

/** Why `deck` is not a legal list of `preset`'s game, or null. */
function illegal(preset: Preset, rules: DeckRules, deck: string[]): string | null {
  const byId = new Map(preset.cards.map((c) => [c.id, c]));
  const sizes = new Map<string, number>();
  const copies = new Map<string, number>();
  for (const id of deck) {
    const card = byId.get(id);
    if (!card) return `${id} is not in the library`;
    const part = rules.part(card);
    if (part === null) return `${id} may not be in a deck`;
    sizes.set(part, (sizes.get(part) ?? 0) + 1);
    copies.set(card.name, (copies.get(card.name) ?? 0) + 1);
    if (copies.get(card.name)! > rules.maxCopies(card))
      return `${copies.get(card.name)} copies of ${card.name} (at most ${rules.maxCopies(card)})`;
  }
  for (const [part, [min, max]] of Object.entries(rules.sizes)) {
    const n = sizes.get(part) ?? 0;
    if (n < min || n > max) return `${n} cards in the ${part} (${min} to ${max})`;
  }
  return null;
}

const withDecks = presetIds()
  .map(getPreset)
  .filter((p) => p.randomDecks);

describe("random decks", () => {
  it("every registered preset builds random decks", () => {
    expect(withDecks.map((p) => p.id).sort()).toEqual(presetIds());
  });

  for (const preset of withDecks) {
    describe(preset.id, () => {
      const rules = RULES[preset.id];
      const decksOf = (seed: number) => preset.randomDecks!(preset.players.min, picker(seed));

      it("has deck rules in this test", () => {
        expect(rules, `add ${preset.id}'s deck rules to RULES`).toBeDefined();
      });
      if (!rules) return;

      it(`${SEEDS} seeds: the decks are legal and reproducible from the picks`, () => {
        for (let seed = 1; seed <= SEEDS; seed++) {
          const decks = decksOf(seed);
          expect(decks).toHaveLength(preset.players.min);
          for (const deck of decks) expect(illegal(preset, rules, deck), `seed ${seed}`).toBeNull();
          expect(decksOf(seed)).toEqual(decks);
        }
        if (preset.players.max > preset.players.min) {
          const decks = preset.randomDecks!(preset.players.max, picker(1));
          expect(decks).toHaveLength(preset.players.max);
          for (const deck of decks) expect(illegal(preset, rules, deck)).toBeNull();
        }
      });

      it("the legality check refuses a deck a card short or with a card not in the library", () => {
        const deck = decksOf(1)[0]!;
        expect(illegal(preset, rules, deck.slice(1))).toMatch(/cards in the/);
        expect(illegal(preset, rules, [...deck.slice(1), "no-such-card"])).toMatch(/not in the library/);
      });

      it(`${SEEDS} seeds: the setup deals every card where it belongs and the game reaches a decision`, () => {
        const byId = new Map(preset.cards.map((c) => [c.id, c]));
        for (let seed = 1; seed <= SEEDS; seed++) {
          const decks = decksOf(seed);
          const game = Game.create(preset, { seed, decks }).run();
          expect(game.over, `seed ${seed}: ${game.result?.reason}`).toBe(false);
          expect(game.legalActions().length, `seed ${seed}`).toBeGreaterThan(0);
          // Right after the setup, each player's cards are the deck list, each in its part's zones.
          const fresh = Game.create(preset, { seed, decks });
          decks.forEach((deck, p) => {
            const owned = Object.values(fresh.state.objects).filter(
              (o) => o.owner === p && deck.includes(o.card),
            );
            expect(owned.map((o) => o.card).sort(), `seed ${seed}, P${p + 1}`).toEqual([...deck].sort());
            for (const o of owned) {
              const part = rules.part(byId.get(o.card)!)!;
              expect(rules.zones[part], `seed ${seed}: ${o.card}`).toContain(fresh.state.zones[o.zone]!.kind);
            }
          });
        }
      });

      it(`${PLAYED} seeded random games end or run ${MAX_ACTIONS} actions without throwing`, () => {
        for (let seed = 1; seed <= PLAYED; seed++) {
          const game = Game.create(preset, { seed, decks: decksOf(seed) }).run();
          const taken = playRandom(game, seed, MAX_ACTIONS);
          expect(game.over || taken.length === MAX_ACTIONS, `seed ${seed}`).toBe(true);
        }
      });

      it("across the seeds, the decks use at least 80% of the deck-legal cards", () => {
        const legal = preset.cards.filter((c) => rules.part(c) !== null).map((c) => c.id);
        const seen = new Set<string>();
        for (let seed = 1; seed <= SEEDS; seed++)
          for (const deck of decksOf(seed)) for (const id of deck) seen.add(id);
        const missing = legal.filter((id) => !seen.has(id));
        expect(
          (legal.length - missing.length) / legal.length,
          `never in a deck: ${missing.join(", ")}`,
        ).toBeGreaterThanOrEqual(0.8);
      });
    });
  }
});

describe("Duel Masters Play's sample decks", () => {
  const dm = getPreset("duel-masters");
  const play = getPreset("duel-masters-play");
  const paper = new Set(dm.cards.map((c) => c.id));
  const playsOnly = new Set(play.cards.filter((c) => !paper.has(c.id)).map((c) => c.id));

  it("are legal, and use every Play's-only card; duel-masters keeps its own sample decks", () => {
    expect(playsOnly.size).toBeGreaterThan(0);
    const decks = playsSampleDecks();
    for (const deck of decks) expect(illegal(play, duelMastersRules, deck)).toBeNull();
    const used = new Set(decks.flat());
    expect([...playsOnly].filter((id) => !used.has(id))).toEqual([]);
    const fifth = [
      ...decks[0].filter((id) => id !== "kokushinryu-hell-obel"),
      ...Array(5).fill("ghost-touch"),
    ];
    expect(illegal(play, duelMastersRules, fifth)).toMatch(/5 copies/);
    // The default setup deals them to duel-masters-play, and the paper sample decks to duel-masters.
    const cardsOf = (game: Game) =>
      Object.values(game.state.objects)
        .map((o) => o.card)
        .sort();
    expect(cardsOf(Game.create(play, { seed: 1 }))).toEqual(decks.flat().sort());
    expect(cardsOf(Game.create(dm, { seed: 1 }))).toEqual(sampleDecks().flat().sort());
  });

  it("random games of duel-masters-play summon and cast Play's-only cards (at least half of them)", () => {
    const played = new Set<string>();
    for (let seed = 1; seed <= SEEDS; seed++) {
      const game = Game.create(play, { seed }).run();
      playRandom(game, seed, MAX_ACTIONS);
      for (const e of game.state.log)
        if ((e.type === "summon" || e.type === "cast") && e.card && playsOnly.has(e.card)) played.add(e.card);
    }
    expect(played.size).toBeGreaterThanOrEqual(playsOnly.size / 2);
  });

  it("random games with random decks summon and cast Play's-only cards", () => {
    const played = new Set<string>();
    for (let seed = 1; seed <= SEEDS; seed++) {
      const game = Game.create(play, { seed, decks: play.randomDecks!(2, picker(seed)) }).run();
      playRandom(game, seed, MAX_ACTIONS);
      for (const e of game.state.log)
        if ((e.type === "summon" || e.type === "cast") && e.card && playsOnly.has(e.card)) played.add(e.card);
    }
    expect(played.size).toBeGreaterThan(0);
  });
});
