/**
 * Deck rules as data (`Preset.deckRules`, src/core/decks.ts): every preset's sample decks and
 * random decks are legal; a deck that breaks a rule is refused before the setup, naming the player
 * and every problem; `play --deck P1=file` reads a deck file and names the file, the line, the card
 * and the problem.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultDecks } from "../../src/cli/decks.js";
import { main } from "../../src/cli/program.js";
import { deckProblems } from "../../src/core/decks.js";
import { DefinitionError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import { sampleDecks } from "../../src/presets/duel-masters/cards.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { defaultDeck, type skirmishCards } from "../../src/presets/skirmish/index.js";
import { runCli } from "../support/cli.js";

const PLACEHOLDER = /\b(sample|placeholder|test|dummy)\b|\d{3,}/i;

describe("deck rules", () => {
  for (const id of presetIds()) {
    const preset = getPreset(id);
    if (!preset.deckRules) continue;
    const byId = new Map(preset.cards.map((c) => [c.id, c]));
    it(`${id}: the sample decks are legal and of real cards`, () => {
      for (const deck of defaultDecks(preset, preset.players.min)) {
        expect(deckProblems(preset.deckRules!, deck, (c) => byId.get(c))).toEqual([]);
        expect(deck.map((c) => byId.get(c)!.name).filter((n) => PLACEHOLDER.test(n))).toEqual([]);
      }
    });
    it(`${id}: random decks are legal`, () => {
      let x = 7;
      const pick = (n: number) => {
        x = (x * 1103515245 + 12345) % 2147483648;
        return x % n;
      };
      for (let i = 0; i < 10; i++)
        for (const deck of preset.randomDecks?.(preset.players.min, pick) ?? [])
          expect(deckProblems(preset.deckRules!, deck, (c) => byId.get(c))).toEqual([]);
    });
  }

  it("a Duel Masters deck of 0 or 1 cards is refused with the player and the problem, never a TypeError", () => {
    const dm = getPreset("duel-masters");
    for (const n of [0, 1]) {
      const decks = [sampleDecks()[0].slice(0, n), sampleDecks()[1]];
      expect(() => Game.create(dm, { decks })).toThrow(DefinitionError);
      expect(() => Game.create(dm, { decks })).toThrow(
        `P1's deck is not legal: ${n} card${n === 1 ? "" : "s"} in the deck; it must have exactly 40`,
      );
    }
  });

  it("names every problem: copies, sizes, unknown cards, forbidden cards", () => {
    const ygo = getPreset("yugioh");
    const byId = new Map(ygo.cards.map((c) => [c.id, c]));
    const problems = deckProblems(
      ygo.deckRules!,
      [...Array(4).fill("dark-magician"), ...Array(16).fill("number-39-utopia"), "dark-magican"],
      (c) => byId.get(c),
      byId.keys(),
    );
    expect(problems).toEqual([
      'unknown card "dark-magican" (did you mean "dark-magician"?)',
      "4 copies of Dark Magician; at most 3",
      "16 copies of Number 39: Utopia; at most 3",
      "4 cards in the Main Deck; it must have 40 to 60",
      "16 cards in the Extra Deck; it must have at most 15",
    ]);
    const magic = getPreset("magic");
    const mById = new Map(magic.cards.map((c) => [c.id, c]));
    expect(
      deckProblems(magic.deckRules!, [...Array(59).fill("forest"), "foam-weapons-kiosk"], (c) =>
        mById.get(c),
      ),
    ).toEqual([
      "Foam Weapons Kiosk (foam-weapons-kiosk) may not be in a deck: an Attraction goes in the Attraction deck, not the main deck",
      "59 cards in the deck; it must have at least 60",
    ]);
  });
});

describe("skirmish deck rules", () => {
  const sk = getPreset("skirmish");
  const byId = new Map(sk.cards.map((c) => [c.id, c]));
  const problems = (deck: string[]) => deckProblems(sk.deckRules!, deck, (c) => byId.get(c), byId.keys());

  it("declares deck rules its own decks keep: exactly 20 cards, at most 4 of a card", () => {
    expect(sk.deckRules).toBeDefined();
    expect(problems(defaultDeck())).toEqual([]);
    expect(problems([...defaultDeck(), "giant"])).toEqual([
      "5 copies of Giant; at most 4",
      "21 cards in the deck; it must have exactly 20",
    ]);
    expect(problems(defaultDeck().slice(0, 4))).toEqual(["4 cards in the deck; it must have exactly 20"]);
    expect(() => Game.create(sk, { decks: [defaultDeck(), [...defaultDeck(), "knight"]] })).toThrow(
      "P2's deck is not legal: 5 copies of Knight; at most 4; 21 cards in the deck; it must have exactly 20",
    );
  });

  it("types its library's ops: an op typo is a compile error", () => {
    const card: (typeof skirmishCards)[number] = {
      id: "typo",
      name: "Typo",
      types: ["creature"],
      abilities: [
        {
          id: "a",
          kind: "triggered",
          trigger: { on: "move", to: "field", self: true },
          effect: [
            { op: "gainLife", n: 2 },
            // @ts-expect-error: "gainLfie" is not a Skirmish op
            { op: "gainLfie", n: 2 },
          ],
        },
      ],
    };
    expect(card.id).toBe("typo");
  });
});

describe("turnkit play --deck", () => {
  const dir = mkdtempSync(join(tmpdir(), "turnkit-decks-"));
  const file = (name: string, text: string) => {
    const f = join(dir, name);
    writeFileSync(f, text);
    return f;
  };

  it("plays with a deck file of card ids and printed names", async () => {
    const deck = file(
      "dm.yaml",
      [
        "- { card: ichigeki-dasshu-topgear, count: 4 }",
        "- { card: Crimson Hammer, count: 4 }",
        ...[
          "faerie-life",
          "ryusousha-valchulis",
          "flamelance-trap",
          "natural-snare",
          "bolbalzak-shiden-dragon",
          "furaku-no-chojin",
        ].map((c) => `- { card: ${c}, count: 4 }`),
        "- { card: ryu-no-kyokugen-dogiragolden, count: 4 }",
        "- { card: bolshack-voljaak, count: 4 }",
      ].join("\n"),
    );
    const r = await runCli(main, ["play", "--game", "duel-masters", "--seed", "2", "--deck", `P2=${deck}`]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });

  it("reads Yu-Gi-Oh! main: and extra: sections, and refuses a card in the wrong one", async () => {
    const bad = file("ygo.yaml", "main:\n  - { card: dark-magician, count: 3 }\nextra:\n  - dark-magician\n");
    const r = await runCli(main, ["play", "--game", "yugioh", "--deck", `P1=${bad}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `--deck ${bad}:4:5: extra[0]: Dark Magician goes in the Main Deck (main:), not in extra:`,
    );
  });

  it("names the file, the line, the card and the problem", async () => {
    const typo = file("typo.yaml", "- { card: holy-awe, count: 4 }\n- { card: bolshak-voljaak, count: 2 }\n");
    const r = await runCli(main, ["play", "--game", "duel-masters", "--deck", `P1=${typo}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `--deck ${typo}:2:11: [1].card: unknown card "bolshak-voljaak" in preset duel-masters (did you mean "bolshack-voljaak"?)`,
    );
    const small = file("small.yaml", "- { card: holy-awe, count: 4 }\n");
    const s = await runCli(main, ["play", "--game", "duel-masters", "--deck", `P1=${small}`]);
    expect(s.stderr).toContain(
      "not a legal Duel Masters (General Game Rules 1.20) deck: 4 cards in the deck; it must have exactly 40",
    );
    const many = file("many.yaml", "- { card: holy-awe, count: 5 }\n");
    expect((await runCli(main, ["play", "--game", "duel-masters", "--deck", `P1=${many}`])).stderr).toContain(
      "5 copies of Holy Awe; at most 4",
    );
    const missing = await runCli(main, ["play", "--game", "duel-masters", "--deck", "P1=/no/such/deck.yaml"]);
    expect(missing.stderr).toContain("--deck /no/such/deck.yaml: cannot read the file");
    const seat = await runCli(main, ["play", "--game", "duel-masters", "--deck", `P3=${small}`]);
    expect(seat.stderr).toContain("there is no P3 in a game of 2 players");
  });
});
