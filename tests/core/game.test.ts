/** Decisions, errors, the RNG, serialization and views through the Game API. */
import { describe, expect, it } from "vitest";
import { DefinitionError, IllegalActionError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import { turnFaceDown, zoneId } from "../../src/core/objects.js";
import { nextInt, seedRng, shuffleInPlace } from "../../src/core/rng.js";
import { lab } from "../../src/presets/lab/index.js";

describe("decisions", () => {
  it("expose who decides, what, a prompt and the legal options; legalActions enumerates them", () => {
    const game = Game.create(lab, { seed: 3 }).run();
    const d = game.decision!;
    expect(d).toMatchObject({ player: 0, kind: "main" });
    expect(d.prompt.length).toBeGreaterThan(0);
    expect(d.options.at(-1)).toMatchObject({ id: "pass" });
    expect(game.legalActions().map((a) => a.choice)).toEqual(d.options.map((o) => o.id));
    expect(game.legalActions().every((a) => a.player === 0)).toBe(true);
  });

  it("refuse an unknown option, the wrong player, a stale decision id, and acting after the end", () => {
    const game = Game.create(lab, { seed: 3 }).run();
    const before = game.serialize();
    expect(() => game.act("summon:c999")).toThrow(IllegalActionError);
    expect(() => game.act("summon:c999")).toThrow(
      /"summon:c999" is not an option of decision \d+ \(main: .*\); options: /,
    );
    expect(() => game.act({ player: 1, choice: "pass" })).toThrow(
      /P2 cannot answer: decision \d+ \(main\) is P1's/,
    );
    expect(() => game.act({ player: 0, choice: "pass", decision: 12345 })).toThrow(
      /decision 12345 is not pending/,
    );
    expect(game.serialize()).toBe(before);
    game.declareWinner(0, "test");
    expect(() => game.act("pass")).toThrow(/the game is over/);
  });
});

describe("game creation", () => {
  it("names an unknown option, an unknown card and a malformed card definition", () => {
    expect(() => Game.create(lab, { options: { nope: 1 } })).toThrow(/preset lab has no option "nope"/);
    expect(() => Game.create(lab, { decks: [["no-such-card"], ["lab-rat"]] })).toThrow(/no-such-card/);
    expect(() =>
      Game.create(lab, {
        cards: [{ id: "x", name: "X", abilities: [{ id: "a", kind: "sometimes" }] } as never],
      }),
    ).toThrow(DefinitionError);
    expect(() =>
      Game.create(lab, {
        cards: [{ id: "x", name: "X", abilities: [{ id: "a", kind: "sometimes" }] } as never],
      }),
    ).toThrow(
      /card "x" ability "a": kind: "sometimes" is not one of "triggered", "activated"[\s\S]*card "x": types: is required/,
    );
  });
});

describe("preset libraries", () => {
  it("are checked against the card vocabulary, naming the preset, the card and the field", () => {
    const broken = {
      ...lab,
      cards: [...lab.cards, { id: "bad", name: "Bad", types: [], power: "x" } as never],
    };
    expect(() => Game.create(broken, {})).toThrow(
      /preset "lab": card "bad": types: must not be empty\npreset "lab": card "bad": power: expected a number/,
    );
  });
});

describe("the seeded RNG", () => {
  it("is deterministic, bounded and unbiased enough to shuffle into a permutation", () => {
    const a = seedRng(42);
    const b = seedRng(42);
    const xs = Array.from({ length: 1000 }, () => nextInt(a, 6));
    expect(Array.from({ length: 1000 }, () => nextInt(b, 6))).toEqual(xs);
    expect(Math.min(...xs)).toBe(0);
    expect(Math.max(...xs)).toBe(5);
    for (let v = 0; v < 6; v++) expect(xs.filter((x) => x === v).length).toBeGreaterThan(120);
    expect(() => nextInt(a, 0)).toThrow(RangeError);
    const deck = Array.from({ length: 40 }, (_, i) => i);
    shuffleInPlace(seedRng(1), deck);
    expect([...deck].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(deck).not.toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it("lives in the state, so a restored game continues the same sequence", () => {
    const game = Game.create(lab, { seed: 9 }).run();
    const copy = Game.deserialize(lab, game.serialize());
    expect(nextInt(copy.state.rng, 1000)).toBe(nextInt(game.state.rng, 1000));
  });
});

describe("views", () => {
  it("hide the opponent's hand, deck order and face-down identities, but show the public facts", () => {
    const game = Game.create(lab, { seed: 4 }).run();
    const mine = game.cardsIn("hand", 0)[0]!;
    game.move(mine, zoneId("field", 0));
    turnFaceDown(game, mine, false);
    const theirs = game.viewFor(1);
    const field = theirs.zones[zoneId("field", 0)]!;
    // A face-down card on the field keeps its place: everyone can follow it by its handle.
    expect(field.cards).toEqual([{ hidden: true, id: mine.handle, tapped: false }]);
    expect(mine.handle).toMatch(/^k[a-z2-9]{7}$/);
    expect(theirs.zones[zoneId("hand", 0)]!.cards.every((c) => "hidden" in c)).toBe(true);
    expect(theirs.zones[zoneId("hand", 0)]!.count).toBe(4);
    expect(theirs.zones[zoneId("deck", 1)]!.cards.every((c) => "hidden" in c)).toBe(true);
    // By default nobody sees a face-down card (DM shields); a zone may let its owner look (a YGO Set card).
    expect(game.viewFor(0).zones[zoneId("field", 0)]!.cards[0]).toEqual({
      hidden: true,
      id: mine.handle,
      tapped: false,
    });
    const own = game.viewFor(0);
    expect(own.decision).toMatchObject({ options: expect.any(Array) });
    expect(theirs.decision).toEqual({ player: 0, kind: "main", prompt: expect.any(String) });
  });

  it("let the owner look at their face-down cards where the zone says so", () => {
    const peek = {
      ...lab,
      zones: lab.zones.map((z) => (z.kind === "field" ? { ...z, faceDownSeenBy: "owner" as const } : z)),
    };
    const game = Game.create(peek, { seed: 4 }).run();
    const mine = game.cardsIn("hand", 0)[0]!;
    game.move(mine, zoneId("field", 0));
    turnFaceDown(game, mine, false);
    expect(game.viewFor(0).zones[zoneId("field", 0)]!.cards[0]).toMatchObject({
      id: mine.handle,
      faceDown: true,
    });
    expect(game.viewFor(1).zones[zoneId("field", 0)]!.cards[0]).toEqual({
      hidden: true,
      id: mine.handle,
      tapped: false,
    });
  });
});

describe("saving and restoring", () => {
  const play = (game: Game, n: number, seed: number): string[] => {
    const rng = seedRng(seed);
    const taken: string[] = [];
    for (let i = 0; i < n && !game.over; i++) {
      const opts = game.decision!.options;
      const choice = opts[nextInt(rng, opts.length)]!.id;
      taken.push(choice);
      game.act(choice);
    }
    return taken;
  };

  it("a deserialized game continues exactly as the original", () => {
    const game = Game.create(lab, { seed: 11 }).run();
    play(game, 15, 1);
    const copy = Game.deserialize(lab, game.serialize());
    expect(copy.serialize()).toBe(game.serialize());
    const taken = play(game, 40, 2);
    for (const c of taken) copy.act(c);
    expect(copy.serialize()).toBe(game.serialize());
    expect(copy.toJSON()).toEqual(game.toJSON());
  });

  it("a snapshot restores the same point any number of times, log included", () => {
    const game = Game.create(lab, { seed: 12 }).run();
    play(game, 10, 3);
    const at = game.serialize();
    const snap = game.snapshot();
    const first = play(game, 30, 4);
    const end = game.serialize();
    game.restore(snap);
    expect(game.serialize()).toBe(at);
    play(game, 20, 5);
    game.restore(snap);
    expect(game.serialize()).toBe(at);
    for (const c of first) game.act(c);
    expect(game.serialize()).toBe(end);
  });

  it("refuses a state that isn't JSON, isn't turnkit's, or belongs to another preset", () => {
    const game = Game.create(lab, { seed: 1 }).run();
    expect(() => Game.deserialize(lab, "{nope")).toThrow(/saved state is not JSON/);
    expect(() => Game.deserialize(lab, JSON.stringify({ format: "x" }))).toThrow(/not a turnkit state/);
    const other = { ...lab, id: "other" };
    expect(() => Game.deserialize(other, game.serialize())).toThrow(/made by preset "lab", not "other"/);
  });

  it("toJSON is a copy: changing it doesn't change the game", () => {
    const game = Game.create(lab, { seed: 1 }).run();
    const before = game.serialize();
    const json = game.toJSON();
    json.vars.tampered = true;
    json.zones[zoneId("hand", 0)]!.cards.pop();
    expect(game.serialize()).toBe(before);
  });
});
