/**
 * The bad-input corpus, runaway part (docs/kernel.md, "Limits and bounds"): a card, a scenario or
 * a caller that makes something grow without end — objects, repeats, events, a decision's options,
 * players — is stopped by a limit checked as it grows, with a clear error, in bounded time and
 * memory, and the game is left as it was. Each kind has a case; each counts what it had to do
 * (events, objects), not the clock, so none depends on the machine's speed.
 */
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../src/core/bounds.js";
import { EngineError, TurnkitError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import type { Preset } from "../../src/core/preset.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { getPreset } from "../../src/presets/index.js";

const magic = getPreset("magic");
const lab = getPreset("lab");

/** Runs `f`: it must throw a turnkit error matching `message` and leave the game as it was. */
function refusedUnchanged(game: Game, f: (g: Game) => unknown, message: RegExp): void {
  const before = game.serialize();
  let thrown: unknown;
  try {
    f(game);
  } catch (e) {
    thrown = e;
  }
  expect(thrown, "nothing was thrown").toBeInstanceOf(TurnkitError);
  expect((thrown as Error).message).toMatch(message);
  expect(game.serialize()).toBe(before);
}

/** A Magic game on P1's main phase with `card` in hand, a Mountain and `mana` more colourless mana. */
function magicWith(card: CardDef, mana = 0): Game {
  const game = Game.create(magic, { seed: 1, setup: false, cards: [card] });
  game.createCard(card.id, 0, "hand");
  game.createCard("mountain", 0, "battlefield");
  for (let i = 0; i < 5; i++) {
    game.createCard("island", 0, "library");
    game.createCard("island", 1, "library");
  }
  if (mana > 0) {
    game.state.players[0]!.vars.manaPool = { W: 0, U: 0, B: 0, R: 0, G: 0, C: mana };
    game.state.players[0]!.vars.mana = mana;
  }
  return game.startAt(3, 0, "main1").run();
}

/** A sorcery for {R} whose effect is `effect`. */
const sorcery = (effect: unknown[]): CardDef =>
  ({
    id: "swarm",
    name: "Swarm",
    types: ["sorcery"],
    cost: 1,
    stats: { manaCost: "{R}" },
    abilities: [{ id: "spell", kind: "static", effect }],
  }) as CardDef;

/** Casts the card in hand and passes once: the next pass resolves it. */
function cast(game: Game): Game {
  game.act(game.legalActions().find((a) => a.choice.startsWith("cast:"))!);
  game.act("pass");
  return game;
}

const resolve = (game: Game): unknown => game.act("pass");

/** A lab game with `cards` in P1's hand and a card that plays them on P1's main phase. */
function labWith(extra: Partial<Preset>, cards: CardDef[]): Game {
  const preset: Preset = { ...lab, id: "lab-runaway", ...extra, cards: [...lab.cards, ...cards] };
  const game = Game.create(preset, { seed: 1, setup: false });
  for (const c of cards) game.createCard(c.id, 0, "hand");
  for (let i = 0; i < 5; i++) {
    game.createCard(cards[0]!.id, 0, "deck");
    game.createCard(cards[0]!.id, 1, "deck");
  }
  return game.startAt(2, 0, "main").run();
}

/** A lab creature whose arrival runs `effect`. */
const arrival = (id: string, effect: unknown[]): CardDef =>
  ({
    id,
    name: id,
    types: ["creature"],
    abilities: [{ id: "a", kind: "triggered", trigger: { on: "move", to: "field", self: true }, effect }],
  }) as CardDef;

/** Plays the card named `name` from P1's hand. */
function play(game: Game, name: string): void {
  const option = game.decision!.options.find((o) => o.id.startsWith("play:") && o.label.includes(name));
  if (!option)
    throw new Error(`no option plays ${name}: ${game.decision!.options.map((o) => o.label).join(", ")}`);
  game.act(option.id);
}

describe("runaway: objects", () => {
  it("stops createToken with n = 100,000 before the first token, the game unchanged", () => {
    const game = magicWith(
      sorcery([
        { op: "set", var: "n", value: 100_000 },
        { op: "createToken", token: "soldier-token", n: "$n" },
      ]),
    );
    const objects = game.state.ids.object;
    refusedUnchanged(
      cast(game),
      resolve,
      /createToken's n is 100000: more than 1000, the most turnkit allows \(docs\/kernel\.md, "Limits and bounds"\)/,
    );
    expect(game.state.ids.object).toBe(objects);
  });

  it("refuses a count written on the card past its limit when the game is made", () => {
    expect(() => magicWith(sorcery([{ op: "createToken", token: "soldier-token", n: 100_000 }]))).toThrow(
      /effect\[0\]: op "createToken": n must be a whole number from 0 to 1000, not 100000/,
    );
    expect(() => magicWith(sorcery([{ op: "createToken", token: "soldier-token", n: -2 }]))).toThrow(
      /n must be a whole number from 0 to 1000, not -2/,
    );
  });

  it("makes up to the limit", () => {
    const game = magicWith(sorcery([{ op: "createToken", token: "soldier-token", n: LIMITS.objectsPerOp }]));
    resolve(cast(game));
    expect(game.cardsIn("battlefield", 0).filter((o) => o.card === "soldier-token")).toHaveLength(
      LIMITS.objectsPerOp,
    );
  });

  it("stops a game that has made as many objects as one game may", () => {
    const game = magicWith(sorcery([{ op: "createToken", token: "soldier-token", n: 3 }]));
    game.state.ids.object = LIMITS.objects - 2;
    refusedUnchanged(
      cast(game),
      resolve,
      new RegExp(`the game has created ${LIMITS.objects} objects, the most one game may`),
    );
  });
});

describe("runaway: option lists", () => {
  it("stops an X spell payable up to 70,000 before it builds 70,001 options (no stack overflow)", () => {
    const blaze = magic.cards.find((c) => c.id === "blaze")!;
    let thrown: unknown;
    try {
      magicWith({ ...blaze, id: "blaze-2", name: "Blaze Again" }, 70_000);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(EngineError);
    expect((thrown as Error).message).toMatch(
      /casting Blaze Again with X from 0 to 70000: 70001 options, more than 10000, the most one decision may offer/,
    );
  });

  it("offers every X while they fit", () => {
    const blaze = magic.cards.find((c) => c.id === "blaze")!;
    const game = magicWith({ ...blaze, id: "blaze-2", name: "Blaze Again" }, 3_000);
    expect(game.legalActions().filter((a) => a.choice.includes(":X=")).length).toBeGreaterThan(3_000);
  });
});

describe("runaway: loops", () => {
  it("stops one op that makes events without end as it passes the event budget, mid-step", () => {
    // 1,000 × 1,000 notes from one ability: the budget is checked at every event, not between steps.
    const loud = arrival("loud", [
      { op: "repeat", times: 1000, do: [{ op: "repeat", times: 1000, do: [{ op: "log", text: "again" }] }] },
    ]);
    const game = labWith({}, [loud]);
    game.eventBudget = 5_000;
    const start = game.state.ids.event;
    let seen = 0;
    game.onEvent(() => seen++, { immediate: true });
    refusedUnchanged(
      game,
      (g) => play(g, "loud"),
      /5000 events without a decision .*a loop of triggers or effects/,
    );
    // Stopped at the event past the budget (and the restore replayed nothing new).
    expect(seen).toBeLessThanOrEqual(5_001 + 10);
    expect(game.state.ids.event).toBe(start);
  });

  it("stops triggers that trigger each other, the game unchanged", () => {
    const ping = {
      id: "ping",
      name: "Ping",
      types: ["creature"],
      abilities: [
        { id: "p", kind: "triggered", trigger: { on: "note" }, effect: [{ op: "log", text: "pong" }] },
      ],
    } as CardDef;
    const game = labWith({}, [arrival("starter", [{ op: "log", text: "go" }]), ping]);
    game.createCard("ping", 0, "field");
    game.eventBudget = 2_000;
    refusedUnchanged(game, (g) => play(g, "starter"), /2000 events without a decision/);
  });

  it("refuses repeat counts that are negative, fractional or 1e308, written or read", () => {
    for (const times of [-1, 2.5, 1e308])
      expect(() =>
        labWith({}, [arrival("r", [{ op: "repeat", times, do: [{ op: "log", text: "x" }] }])]),
      ).toThrow(/effect\[0\]: op "repeat": times must be a whole number from 0 to 1000/);
    for (const [value, message] of [
      [-1, /repeat's times is -1: expected a whole number from 0 to 1000/],
      [1e308, /"\$n" is 1e\+308: not a number a game can use/],
      [5000, /repeat's times is 5000: more than 1000/],
    ] as const) {
      const game = labWith({}, [
        arrival("r", [
          { op: "set", var: "n", value },
          { op: "repeat", times: "$n", do: [{ op: "log", text: "x" }] },
        ]),
      ]);
      refusedUnchanged(game, (g) => play(g, "r"), message);
    }
  });
});

describe("runaway: players", () => {
  it("refuses a billion players before making a name for any of them", () => {
    expect(() => Game.create(lab, { players: 1e9 })).toThrow(
      /players: .* is played by 2 players, not 1000000000/,
    );
    // A preset that says it takes a billion is still held to turnkit's own bound.
    const wide: Preset = { ...lab, id: "lab-wide", players: { min: 2, max: 1e9 } };
    expect(() => Game.create(wide, { players: 1e9 })).toThrow(/1000000000 players: turnkit plays at most 64/);
    expect(() => Game.create(wide, { players: Array.from({ length: 65 }, (_, i) => `P${i}`) })).toThrow(
      /65 players: turnkit plays at most 64/,
    );
  });
});
