/**
 * What the playground's cards and words are made of, in node: each game's card frames from its
 * card data (playground/src/panels/frames.ts) and the words that replace internals on screen
 * (playground/src/insight/words.ts).
 */
import { Game } from "turnkit";
import { getPreset } from "turnkit/presets";
import { describe, expect, it } from "vitest";
import { scenarioSkeleton } from "../../playground/src/files/scenario-export.js";
import {
  answerWords,
  keyWords,
  plainLabels,
  plainText,
  resultWords,
  valueWords,
} from "../../playground/src/insight/words.js";
import { familyOfPreset, frameOf, typeWords } from "../../playground/src/panels/frames.js";

const game = (preset: string) => Game.create(getPreset(preset), { seed: 1 });

describe("card frames", () => {
  it("each preset's family comes from its cards' fields", () => {
    expect(familyOfPreset(getPreset("duel-masters"))).toBe("dm");
    expect(familyOfPreset(getPreset("duel-masters-play"))).toBe("dm");
    expect(familyOfPreset(getPreset("magic"))).toBe("mtg");
    expect(familyOfPreset(getPreset("yugioh"))).toBe("ygo");
    expect(familyOfPreset(getPreset("lab"))).toBe("plain");
    expect(familyOfPreset(getPreset("skirmish"))).toBe("plain");
  });

  it("Duel Masters: a class per civilization, multicolour when more than one, colourless when none", () => {
    const g = game("duel-masters");
    for (const def of getPreset("duel-masters").cards ?? []) {
      const civs = (def as { civilizations?: string[] }).civilizations ?? [];
      const f = frameOf(g, def as never);
      expect(f.family).toBe("dm");
      const real = civs.filter((c) => c !== "colorless");
      for (const c of real) expect(f.classes, def.id).toContain(`civ-${c}`);
      expect(f.classes.includes("multi"), def.id).toBe(real.length > 1);
      expect(f.classes.includes("civ-colorless"), def.id).toBe(real.length === 0);
    }
  });

  it("Magic: colour from the mana cost, gold when several, lands by their mana, artifacts grey", () => {
    const g = game("magic");
    const card = (id: string) => g.rules.card(id) as never;
    const frame = (id: string) => frameOf(g, card(id)).classes;
    const defs = getPreset("magic").cards ?? [];
    const byCost = (re: RegExp) =>
      defs.find((d) => typeof d.stats?.manaCost === "string" && re.test(d.stats.manaCost as string))!;
    expect(frameOf(g, byCost(/^\{\d*\}?\{R\}$/) as never).classes).toContain("mtg-red");
    expect(frameOf(g, byCost(/^\{\d*\}?\{U\}$/) as never).classes).toContain("mtg-blue");
    expect(frameOf(g, byCost(/\{W\}\{U\}/) as never).classes).toEqual(
      expect.arrayContaining(["mtg-gold", "mtg-white", "mtg-blue"]),
    );
    const land = defs.find((d) => d.types?.includes("land") && /\{G\}/.test(d.text ?? ""))!;
    expect(frame(land.id)).toEqual(expect.arrayContaining(["mtg-land", "mtg-green"]));
    const artifact = defs.find(
      (d) => d.types?.includes("artifact") && !d.stats?.manaCost?.toString().match(/[WUBRG]/),
    )!;
    expect(frame(artifact.id)).toContain("mtg-artifact");
    // `stats.colors` by name or by letter (a card written with ["B"] is black).
    expect(frameOf(g, { types: ["creature"], stats: { colors: ["B"] } }).classes).toContain("mtg-black");
    // The colours the game has now win over the printed ones.
    expect(frameOf(g, card(byCost(/\{R\}$/).id), ["green"]).classes).toContain("mtg-green");
  });

  it("Yu-Gi-Oh!: the monster's kind, Spell, Trap and Pendulum", () => {
    const g = game("yugioh");
    const kind = (types: string[]) => frameOf(g, { types }).classes;
    expect(kind(["monster", "normal"])).toContain("ygo-normal");
    expect(kind(["monster", "effect"])).toContain("ygo-effect");
    expect(kind(["monster", "ritual", "effect"])).toContain("ygo-ritual");
    expect(kind(["monster", "fusion"])).toContain("ygo-fusion");
    expect(kind(["monster", "synchro", "effect"])).toContain("ygo-synchro");
    expect(kind(["monster", "xyz", "effect"])).toContain("ygo-xyz");
    expect(kind(["monster", "effect", "link"])).toContain("ygo-link");
    expect(kind(["monster", "effect", "pendulum"])).toEqual(
      expect.arrayContaining(["ygo-effect", "ygo-pendulum"]),
    );
    expect(kind(["spell", "quickPlay"])).toContain("ygo-spell");
    expect(kind(["trap", "counter"])).toContain("ygo-trap");
    // The library's own cards: every one has a kind.
    for (const def of getPreset("yugioh").cards ?? [])
      expect(
        frameOf(g, def as never).classes.some((c) => /^ygo-/.test(c)),
        def.id,
      ).toBe(true);
  });

  it("a preset of none of them has a plain frame", () => {
    expect(frameOf(game("lab"), { types: ["creature"] }).classes).toEqual(["frame-plain"]);
  });

  it("types read as a frame prints them", () => {
    expect(typeWords("quickPlay")).toBe("Quick Play");
    expect(typeWords("xyz")).toBe("Xyz");
  });
});

describe("words instead of internals", () => {
  it("drops the card refs the kernel writes for the referee", () => {
    expect(plainText("Fairy Archer (k2s4q9sv) in P1's hand")).toBe("Fairy Archer in P1's hand");
    expect(plainText("Elemental HERO Avian (deck@0#13) in your Deck")).toBe(
      "Elemental HERO Avian in your Deck",
    );
    expect(plainText("Giant (k2s4q9sv/1) under Knight")).toBe("Giant under Knight");
    expect(plainText("target k2s4q9sv")).toBe("target a card");
    // Ordinary words and numbers stay.
    expect(plainText("keywords: 3 cards (#2)")).toBe("keywords: 3 cards (#2)");
  });

  it("tells apart labels that read the same once plain", () => {
    expect(
      plainLabels(["Toy Vendor (kaaaaaa2) in P2's zone", "Toy Vendor (kaaaaaa3) in P2's zone", "Pass"]),
    ).toEqual(["Toy Vendor in P2's zone (1st)", "Toy Vendor in P2's zone (2nd)", "Pass"]);
  });

  it("says the winner once", () => {
    const g = game("duel-masters");
    expect(
      resultWords(g, { winner: 0, reason: "P1 wins: Bolshack attacked P2 directly with no shields left" }),
    ).toEqual({ headline: "P1 wins", reason: "Bolshack attacked P2 directly with no shields left" });
    expect(resultWords(g, { winner: null, reason: "both decks ran out" })).toEqual({
      headline: "Draw",
      reason: "Both decks ran out",
    });
  });

  it("keys and values as labels", () => {
    expect(keyWords("manaPool")).toBe("Mana pool");
    expect(keyWords("lp")).toBe("LP");
    expect(keyWords("life")).toBe("Life");
    expect(valueWords({ W: 1, U: 2 })).toBe("W 1, U 2");
    expect(valueWords({})).toBe("none");
    expect(valueWords([1, 2])).toBe("1, 2");
    expect(valueWords(null)).toBe("—");
  });

  it("another seat's answer is not told, the seat's own by its label", () => {
    const g = game("duel-masters");
    expect(answerWords(g, { player: 1, label: "Set Mirror Force" }, 0)).toBe("P2 answered");
    expect(answerWords(g, { player: 0, label: "Summon Knight (k2s4q9sv)" }, 0)).toBe("P1: Summon Knight");
    expect(answerWords(g, { player: 0 }, 0)).toBe("P1 answered");
  });
});

describe("exporting a scenario", () => {
  it("says it is the full (god) view: it names the other seat's hidden cards", () => {
    const g = game("duel-masters");
    g.run();
    const yaml = scenarioSkeleton(g);
    expect(yaml.split("\n").slice(0, 3).join("\n")).toMatch(/FULL \(GOD\) VIEW/);
    expect(yaml).toMatch(/description: .*full \(god\) view/);
    // P2's hand is in it, though P1's view hides it.
    const hand = g.cardsIn("hand", 1).map((o) => o.card);
    expect(hand.length).toBeGreaterThan(0);
    for (const id of hand) expect(yaml).toContain(id);
  });
});
