/**
 * The bad-input corpus, API part: misuse of Game, tampered saved states and snapshots, bad
 * options and seeds, and things that throw in the middle of an action. Each case must be refused
 * with a turnkit error naming what and where — and a game that existed before is left
 * byte-identical.
 */
import { describe, expect, it } from "vitest";
import { TurnkitError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import type { Preset } from "../../src/core/preset.js";
import type { GameState } from "../../src/core/types.js";
import { getPreset } from "../../src/presets/index.js";

const magic = getPreset("magic");
const skirmish = getPreset("skirmish");
const dm = getPreset("duel-masters");
const lab = getPreset("lab");

/** A game some way in, with a decision pending. */
function midGame(preset: Preset = dm, actions = 25): Game {
  const game = Game.create(preset, { seed: "bad-input" }).run();
  for (let i = 0; i < actions && !game.over; i++)
    game.act(game.legalActions()[i % game.legalActions().length]!);
  return game;
}

/** Runs `f` on `game`: it must throw a turnkit error matching `message`, and change nothing. */
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

function refused(f: () => unknown, message: RegExp): void {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, "nothing was thrown").toBeInstanceOf(TurnkitError);
  expect((thrown as Error).message).toMatch(message);
}

const state = (g: Game): GameState => JSON.parse(g.serialize()) as GameState;
const load = (s: unknown) => () => Game.deserialize(dm, JSON.stringify(s));

describe("bad input: act", () => {
  const cases: [string, (g: Game) => unknown, RegExp][] = [
    ["an option that isn't offered", (g) => g.act("win:now"), /"win:now" is not an option of decision \d+/],
    [
      "the wrong player",
      (g) => g.act({ player: 1 - g.decision!.player, choice: g.legalActions()[0]!.choice }),
      /cannot answer/,
    ],
    [
      "a player who doesn't exist",
      (g) => g.act({ player: 7, choice: "pass" }),
      /player 7 cannot answer|P8 cannot answer|cannot answer/,
    ],
    [
      "a stale decision id",
      (g) => g.act({ ...g.legalActions()[0]!, decision: 1 }),
      /decision 1 is not pending/,
    ],
    ["null", (g) => g.act(null as never), /an action is an option id or \{ player, choice \}/],
    ["a number", (g) => g.act(42 as never), /an action is an option id/],
    [
      "a choice that isn't a string",
      (g) => g.act({ player: g.decision!.player, choice: 5 as never }),
      /choice must be an option id/,
    ],
    [
      "an object without a choice",
      (g) => g.act({ player: g.decision!.player } as never),
      /choice must be an option id/,
    ],
    ["an option id with a referee's id", (g) => g.act(`attack:c1`), /is not an option/],
    ["an empty string", (g) => g.act(""), /"" is not an option/],
  ];
  for (const [what, f, message] of cases)
    it(`refuses ${what}, state unchanged`, () => refusedUnchanged(midGame(), f, message));

  it("refuses to act in a game that is over", () => {
    const game = Game.create(skirmish, { seed: 3 }).run();
    while (!game.over) game.act(game.legalActions()[0]!);
    refusedUnchanged(game, (g) => g.act("pass"), /the game is over/);
  });
});

describe("bad input: atomic actions", () => {
  it("undoes an action whose listener throws, and says so", () => {
    const game = midGame();
    game.onEvent((e) => {
      if (e.type === "decision") throw new Error("listener broke");
    });
    refusedUnchanged(
      game,
      (g) => g.act(g.legalActions()[0]!),
      /listener broke.*undone|undone.*listener broke/,
    );
    // And the game goes on once the listener is gone.
  });

  it("undoes an action whose op throws in the middle", () => {
    const boom: Preset = {
      ...lab,
      id: "lab-boom",
      ops: {
        ...lab.ops,
        boom: {
          run() {
            throw new TypeError("boom");
          },
        },
      },
      cards: [
        ...lab.cards,
        {
          id: "bomb",
          name: "Bomb",
          types: ["creature"],
          abilities: [
            {
              id: "b",
              kind: "triggered",
              trigger: { on: "move", to: "field", self: true },
              effect: [{ op: "log", text: "half" }, { op: "boom" }],
            },
          ],
        },
      ],
    };
    const game = Game.create(boom, { seed: 1, setup: false });
    for (let i = 0; i < 5; i++) game.createCard("bomb", 0, "deck");
    game.createCard("bomb", 0, "hand");
    game.createCard("bomb", 1, "deck");
    game.startAt(2, 0, "main").run();
    const play = game.legalActions().find((a) => a.choice.startsWith("play:"))!;
    refusedUnchanged(game, (g) => g.act(play), /carrying out "play:.*failed.*boom; the action was undone/);
  });

  it("stops a runaway trigger loop with a clear error before it fills the memory, state unchanged", () => {
    const loop: Preset = {
      ...lab,
      id: "lab-loop",
      cards: [
        ...lab.cards,
        // Every note makes Echo note again; the Starter's arrival makes the first note.
        {
          id: "echo",
          name: "Echo",
          types: ["creature"],
          abilities: [
            { id: "e", kind: "triggered", trigger: { on: "note" }, effect: [{ op: "log", text: "again" }] },
          ],
        },
        {
          id: "starter",
          name: "Starter",
          types: ["creature"],
          abilities: [
            {
              id: "s",
              kind: "triggered",
              trigger: { on: "move", to: "field", self: true },
              effect: [{ op: "log", text: "go" }],
            },
          ],
        },
      ],
    };
    const game = Game.create(loop, { seed: 1, setup: false });
    game.createCard("echo", 0, "field");
    game.createCard("starter", 0, "hand");
    for (let i = 0; i < 5; i++) game.createCard("echo", 0, "deck");
    game.createCard("echo", 1, "deck");
    game.startAt(2, 0, "main").run();
    game.eventBudget = 5_000;
    const play = game.legalActions().find((a) => a.choice.startsWith("play:"))!;
    refusedUnchanged(
      game,
      (g) => g.act(play),
      /5000 events without a decision.*a loop of triggers or effects/,
    );
  });
});

describe("bad input: options, seeds, players", () => {
  const cases: [string, () => unknown, RegExp][] = [
    [
      "an unknown option",
      () => Game.create(magic, { options: { nope: 1 } }),
      /preset magic has no option "nope"; options: .*rulesVersion/,
    ],
    [
      "an option named like an object's prototype (constructor)",
      () => Game.create(magic, { options: { constructor: 1 } as never }),
      /no option "constructor"/,
    ],
    [
      "an option named toString",
      () => Game.create(magic, { options: { toString: 1 } as never }),
      /no option "toString"/,
    ],
    [
      "an option named __proto__",
      () => Game.create(magic, { options: JSON.parse('{"__proto__": 1}') }),
      /no option "__proto__"/,
    ],
    [
      "a number option given text",
      () => Game.create(magic, { options: { startingLife: "abc" } }),
      /option "startingLife" must be an integer from 1 to 1000000, got "abc"/,
    ],
    [
      "a negative hand size",
      () => Game.create(magic, { options: { handSize: -5 } }),
      /option "handSize" must be an integer from 0/,
    ],
    [
      "a fractional limit",
      () => Game.create(skirmish, { options: { handLimit: 1.5 } }),
      /option "handLimit" must be an integer/,
    ],
    [
      "a value outside the list",
      () => Game.create(magic, { options: { rulesVersion: "1999" } }),
      /option "rulesVersion" must be one of "20231117", "20241108", got "1999"/,
    ],
    [
      "a boolean option given a string",
      () => Game.create(magic, { options: { attackOneDefender: "yes" } }),
      /must be one of true, false|must be a boolean/,
    ],
    [
      "leakyFastPath given a number",
      () => Game.create(dm, { options: { leakyFastPath: 1 } }),
      /option "leakyFastPath" must be a boolean, got 1/,
    ],
    [
      "options that aren't an object",
      () => Game.create(dm, { options: [] as never }),
      /options must be an object/,
    ],
    ["a NaN seed", () => Game.create(dm, { seed: Number.NaN }), /seed NaN is not a safe integer/],
    ["a fractional seed", () => Game.create(dm, { seed: 1.5 }), /seed 1.5 is not a safe integer/],
    [
      "an unsafe integer seed",
      () => Game.create(dm, { seed: 2 ** 60 }),
      /not a safe integer: give .* a bigint or a string/,
    ],
    ["an empty seed", () => Game.create(dm, { seed: "" }), /seed is an empty string/],
    [
      "a seed that is an object",
      () => Game.create(dm, { seed: {} as never }),
      /seed must be an integer, a bigint or a string/,
    ],
    ["too many players", () => Game.create(dm, { players: 5 }), /played by 2 to 2 players, not 5/],
  ];
  for (const [what, f, message] of cases) it(`refuses ${what}`, () => refused(f, message));

  it("keeps seeds apart that used to collide", () => {
    const deal = (seed: number | string | bigint) =>
      JSON.stringify(Game.create(dm, { seed }).state.zones["hand@0"]);
    expect(deal(-1)).not.toBe(deal(4294967295));
    expect(deal("abc")).not.toBe(deal(0));
    expect(deal(7)).toBe(deal("7"));
    expect(deal(7n)).toBe(deal(7));
  });
});

describe("bad input: saved states", () => {
  const base = () => state(midGame());
  const cases: [string, (s: GameState) => unknown, RegExp][] = [
    ["another format", (s) => ({ ...s, format: "turnkit/state@9" }), /format: not a turnkit state/],
    ["the old format", (s) => ({ ...s, format: "turnkit/state@1" }), /format: saved by an older turnkit/],
    [
      "another preset's state",
      (s) => ({ ...s, preset: "magic" }),
      /preset: made by preset "magic", not "duel-masters"/,
    ],
    [
      "a bogus option",
      (s) => ({ ...s, options: { ...s.options, rulesVersion: "1999" } }),
      /option "rulesVersion" must be one of/,
    ],
    [
      "an option missing",
      (s) => {
        const { leakyFastPath: _l, ...rest } = s.options;
        return { ...s, options: rest };
      },
      /options.leakyFastPath: missing/,
    ],
    [
      "an unknown card",
      (s) => {
        const o = Object.values(s.objects)[3]!;
        o.card = "no-such-card";
        return s;
      },
      /objects\.c\d+\.card: unknown card "no-such-card"/,
    ],
    [
      "a deleted card still in a zone",
      (s) => {
        const id = s.zones["hand@0"]!.cards[0]!;
        delete s.objects[id];
        return s;
      },
      /zones\.hand@0\.cards\[0\]: names card "c\d+", which is not in state.objects/,
    ],
    [
      "a card in two zones",
      (s) => {
        s.zones["hand@0"]!.cards.push(s.zones["deck@1"]!.cards[0]!);
        return s;
      },
      /card c\d+ is also in zones/,
    ],
    [
      "a card in no zone",
      (s) => {
        s.zones["deck@1"]!.cards.pop();
        return s;
      },
      /lies in no zone and under no card/,
    ],
    [
      "a card whose zone says otherwise",
      (s) => {
        const id = s.zones["deck@0"]!.cards[0]!;
        s.objects[id]!.zone = "hand@0";
        return s;
      },
      /objects\.c\d+\.zone: says hand@0, but the card is in zones\.deck@0/,
    ],
    [
      "a zone of another preset",
      (s) => {
        s.zones.stack = { id: "stack", kind: "stack", owner: null, visibility: "public", cards: [] };
        return s;
      },
      /zones\.stack: no such zone in this preset/,
    ],
    [
      "a zone that changed visibility",
      (s) => {
        s.zones["hand@1"]!.visibility = "public";
        return s;
      },
      /zones\.hand@1: its id, kind, owner or visibility is not the preset's/,
    ],
    [
      "two cards with one handle",
      (s) => {
        const [a, b] = Object.values(s.objects).filter((o) => o.handle);
        b!.handle = a!.handle;
        return s;
      },
      /handle: "k[a-z2-9]{7}" is also c\d+'s/,
    ],
    [
      "an owner who doesn't exist",
      (s) => {
        Object.values(s.objects)[0]!.owner = 5;
        return s;
      },
      /objects\.c\d+\.owner: no player 5/,
    ],
    [
      "an injected decision option",
      (s) => {
        s.decision!.options.push({ id: "win:now", label: "Win" });
        return s;
      },
      /decision: not the question the rules ask here.*"win:now" is not offered/,
    ],
    [
      "a decision for the other player",
      (s) => {
        s.decision!.player = 1 - s.decision!.player;
        return s;
      },
      /decision: not the question the rules ask here/,
    ],
    [
      "a decision with no options",
      (s) => {
        s.decision!.options = [];
        return s;
      },
      /decision\.options: no options/,
    ],
    [
      "a decision offering one option twice",
      (s) => {
        s.decision!.options.push(s.decision!.options[0]!);
        return s;
      },
      /offered twice/,
    ],
    [
      "a decision with a stale id",
      (s) => {
        s.decision!.id = 1;
        return s;
      },
      /decision\.id: expected \d+/,
    ],
    [
      "a task the preset doesn't have",
      (s) => {
        s.tasks.push({ t: "win" });
        return s;
      },
      /tasks\[\d+\]\.t: no task "win"/,
    ],
    [
      "a turn node the preset doesn't have",
      (s) => {
        s.clock.path.push("victoryLap");
        return s;
      },
      /clock\.path\[\d+\]: no turn node "victoryLap"/,
    ],
    [
      "a tampered generator",
      (s) => {
        s.rng.key = [1, 2];
        return s;
      },
      /rng\.key: expected 8 words/,
    ],
    [
      "a player count the preset doesn't allow",
      (s) => {
        s.players.push({ ...s.players[0]!, id: 2 });
        return s;
      },
      /played by 2 to 2 players, not 3/,
    ],
    [
      "a result naming a ghost winner",
      (s) => {
        s.result = { winner: 9, reason: "x", turn: 1 };
        return s;
      },
      /result\.winner: no player 9/,
    ],
  ];
  for (const [what, tamper, message] of cases)
    it(`refuses ${what}`, () => refused(load(tamper(base())), message));

  it("refuses what is not a saved state at all", () => {
    refused(() => Game.deserialize(dm, "{"), /saved state is not JSON/);
    refused(() => Game.deserialize(dm, "[]"), /saved state, \(top\): expected an object/);
    refused(() => Game.deserialize(dm, 5 as never), /a saved state is a JSON string/);
    refused(() => Game.fromState(dm, null as never), /expected an object/);
  });

  it("takes back an untouched state", () => {
    const game = midGame();
    expect(Game.deserialize(dm, game.serialize()).serialize()).toBe(game.serialize());
  });
});

describe("bad input: snapshots and views", () => {
  it("refuses to restore a copy of a snapshot, or another preset's", () => {
    const game = midGame();
    const snap = game.snapshot();
    refusedUnchanged(
      game,
      (g) => g.restore({ ...snap }),
      /restore takes a snapshot made by Game.snapshot\(\)/,
    );
    const other = Game.create(magic, { seed: 1 }).run();
    refusedUnchanged(other, (g) => g.restore(snap), /snapshot is of a duel-masters game, not magic/);
    refusedUnchanged(
      Game.create(dm, { seed: 1, options: { rulesVersion: "pre2017" } }).run(),
      (g) => g.restore(snap),
      /made with other options or cards/,
    );
  });

  it("keeps two games restored from one snapshot apart", () => {
    const game = midGame();
    const snap = game.snapshot();
    const other = midGame();
    other.restore(snap);
    game.restore(snap);
    game.act(game.legalActions()[0]!);
    const logged = other.state.log.length;
    other.act(other.legalActions().at(-1)!);
    expect(game.state.log).not.toBe(other.state.log);
    expect(other.state.log.length).toBeGreaterThan(logged);
    other.restore(snap);
    expect(other.state.log.length).toBe(logged);
  });

  it("refuses a view for someone who isn't playing", () => {
    const game = midGame();
    for (const who of [-1, 2, 0.5, Number.NaN]) expect(() => game.viewFor(who)).toThrow(/no player/);
    expect(() => game.canUse("c9999", "x")).toThrow(/no card "c9999"/);
  });
});
