/**
 * The bad-input corpus, API part: misuse of Game, tampered saved states and snapshots, bad
 * options and seeds, and things that throw in the middle of an action. Each case must be refused
 * with a turnkit error naming what and where — and a game that existed before is left
 * byte-identical.
 */
import { describe, expect, it } from "vitest";
import { TurnkitEnv } from "../../src/agents/env.js";
import { parseAgentSpec } from "../../src/agents/spec.js";
import { HookError, ListenerError, TurnkitError } from "../../src/core/errors.js";
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
    [
      "an action with a field it doesn't have",
      (g) => g.act({ player: g.decision!.player, choice: "pass", chioce: "x" } as never),
      /action\.chioce: an action has no field "chioce" \(did you mean "choice"\?\)/,
    ],
    [
      "an action with a __proto__ field",
      (g) => g.act(JSON.parse(`{"player":${g.decision!.player},"choice":"pass","__proto__":{}}`)),
      /action\.__proto__: an action has no field "__proto__"/,
    ],
    [
      "an action whose choice is inherited, not its own",
      (g) => g.act(Object.create({ player: g.decision!.player, choice: g.legalActions()[0]!.choice })),
      /action\.choice must be an option id \(a string\), not undefined/,
    ],
    [
      "a player given as text",
      (g) => g.act({ player: String(g.decision!.player) as never, choice: "pass" }),
      /action\.player must be a player number \(0, 1, …\), not the string "\d"/,
    ],
    [
      "a decision id given as text",
      (g) => g.act({ player: g.decision!.player, choice: "pass", decision: "3" as never }),
      /action\.decision must be a decision id \(a whole number\), not the string "3"/,
    ],
    [
      "an array",
      (g) => g.act([] as never),
      /an action is an option id or \{ player, choice \}, not an array/,
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
  it("undoes an action whose immediate listener throws, and says so", () => {
    const game = midGame();
    game.onEvent(
      (e) => {
        if (e.type === "decision") throw new Error("listener broke");
      },
      { immediate: true },
    );
    refusedUnchanged(
      game,
      (g) => g.act(g.legalActions()[0]!),
      /listener broke.*undone|undone.*listener broke/,
    );
  });

  it("keeps an action whose listener throws (listeners watch the game), and says which event", () => {
    const game = midGame();
    const heard: number[] = [];
    game.onEvent((e) => {
      if (e.type === "decision") throw new Error("listener broke");
    });
    game.onEvent((e) => heard.push(e.seq));
    const before = game.state.ids.event;
    let thrown: unknown;
    try {
      game.act(game.legalActions()[0]!);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ListenerError);
    expect((thrown as Error).message).toMatch(
      /an onEvent listener threw on event \d+ \(decision\): listener broke/,
    );
    // The action stands, and the other listener heard every one of its events.
    expect(game.state.ids.event).toBeGreaterThan(before);
    expect(heard).toEqual(Array.from({ length: game.state.ids.event - before }, (_, i) => before + 1 + i));
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
    ["too many players", () => Game.create(dm, { players: 5 }), /players: .* is played by 2 players, not 5/],
    [
      "a negative number of players",
      () => Game.create(dm, { players: -1 }),
      /Game\.create: players: .* is played by 2 players, not -1/,
    ],
    [
      "a fractional number of players",
      () => Game.create(dm, { players: 2.5 }),
      /players: expected a whole number of players or their names, got the number 2\.5/,
    ],
    [
      "a number of players given as text",
      () => Game.create(dm, { players: "2" as never }),
      /players: expected a number of players or a list of names, got the string "2"/,
    ],
    [
      "a player's name that isn't text",
      () => Game.create(dm, { players: ["Ann", 7] as never }),
      /players\[1\]: a player's name is a non-empty string, got the number 7/,
    ],
    [
      "a field Game.create doesn't have",
      () => Game.create(dm, { plyers: 2 } as never),
      /Game\.create: plyers: not an option of a new game \(did you mean "players"\?\)/,
    ],
    [
      "decks for the wrong number of players",
      () => Game.create(dm, { decks: [[]] }),
      /decks: 1 decks for 2 players; give one deck per player/,
    ],
    [
      "a deck that isn't a list of card ids",
      () => Game.create(dm, { decks: [["x"], [5]] as never }),
      /decks\[1\]\[0\]: expected a card id, got the number 5/,
    ],
    [
      "a deck with a hole in it",
      // biome-ignore lint/suspicious/noSparseArray: the hole is the bad input
      () => Game.create(dm, { decks: [["x"], ["x", , "x"]] as never }),
      /decks\[1\]\[1\]: expected a card id, got undefined/,
    ],
    [
      "a missing deck",
      // biome-ignore lint/suspicious/noSparseArray: the hole is the bad input
      () => Game.create(dm, { decks: [, ["x"]] as never }),
      /decks\[0\]: expected a list of card ids, got undefined/,
    ],
    [
      "logging that is neither full nor none",
      () => Game.create(dm, { logging: "some" as never }),
      /logging: expected "full" or "none", got the string "some"/,
    ],
    [
      "setup given as text",
      () => Game.create(dm, { setup: "no" as never }),
      /setup: expected true or false, got the string "no"/,
    ],
    [
      "an option value that isn't JSON (Infinity)",
      () => Game.create(skirmish, { options: { handLimit: Number.POSITIVE_INFINITY } }),
      /option "handLimit": Infinity is not a JSON number/,
    ],
    [
      "an option value of 1e308",
      () => Game.create(magic, { options: { startingLife: 1e308 } }),
      /option "startingLife" must be an integer from 1 to 1000000, got 1e\+308/,
    ],
    [
      "a card named by an inherited key",
      () => Game.create(lab, { seed: 1, setup: false }).createCard("constructor", 0, "hand"),
      /unknown card "constructor"/,
    ],
    [
      "a card id __proto__ among the extra cards",
      () => Game.create(lab, { cards: [{ id: "__proto__", name: "Proto", types: ["creature"] }] }),
      /card id "__proto__" is not allowed/,
    ],
    [
      "a static ability of a kind nothing reads",
      () =>
        Game.create(magic, {
          cards: [
            {
              id: "keeper",
              name: "Keeper",
              types: ["enchantment"],
              abilities: [{ id: "k", kind: "static", static: { kind: "keepManna", players: "all" } }],
            },
          ],
        }),
      /card "keeper" ability "k": static\.kind: unknown kind of static ability "keepManna" \(did you mean "keepMana"\?\): neither the kernel nor preset "magic" reads it/,
    ],
    ["a preset named by an inherited key", () => getPreset("constructor"), /unknown preset "constructor"/],
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
      "a handle that is another card's id",
      (s) => {
        const [a, b] = Object.values(s.objects).filter((o) => o.handle);
        b!.handle = a!.id;
        return s;
      },
      /objects\.c\d+\.handle: "c\d+" is a card's id/,
    ],
    [
      "a card id shaped like a handle",
      (s) => {
        const o = Object.values(s.objects).find((x) => x.handle)!;
        const id = "kaaaaaaa";
        for (const z of Object.values(s.zones)) z.cards = z.cards.map((c) => (c === o.id ? id : c));
        delete s.objects[o.id];
        o.id = id;
        s.objects[id] = o;
        return s;
      },
      /objects\.kaaaaaaa: id "kaaaaaaa" is shaped like a handle/,
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

  it("refuses a __proto__ key anywhere in a save, naming where", () => {
    const text = midGame().serialize();
    const first = Object.keys(state(midGame()).objects)[0]!;
    refused(
      () => Game.deserialize(dm, text.replaceAll(`"${first}"`, '"__proto__"')),
      /saved state, .*__proto__.*: a key named "__proto__" is not allowed/,
    );
    refused(
      () => Game.deserialize(dm, text.replace('"vars":{}', '"vars":{"__proto__":{"life":1}}')),
      /saved state, players\[0\]\.vars\.__proto__: a key named "__proto__" is not allowed/,
    );
  });

  it("refuses a save nested past its bound, or holding what isn't JSON data", () => {
    const s = state(midGame());
    let deep: unknown = 1;
    for (let i = 0; i < 300; i++) deep = [deep];
    s.vars = { deep } as never;
    refused(() => Game.fromState(dm, s), /saved state, vars\.deep(\[0\])+: nested deeper than 256 levels/);
    const t = state(midGame());
    t.vars = { when: new Date(0) } as never;
    refused(
      () => Game.fromState(dm, t),
      /saved state, vars\.when: an object of class Date, not plain JSON data/,
    );
  });

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

describe("bad input: whose code failed", () => {
  /** The lab with an op `boom` of its own that throws a TypeError. */
  const boomPreset = (extra: Partial<Preset> = {}): Preset => ({
    ...lab,
    id: "my-lab",
    ops: {
      ...lab.ops,
      boom: {
        run() {
          throw new TypeError("x is undefined");
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
            effect: [{ op: "boom" }],
          },
        ],
      },
    ],
    ...extra,
  });

  it("names the preset's own op, not turnkit, when it throws; the action undone", () => {
    const game = Game.create(boomPreset(), { seed: 1, setup: false });
    for (let i = 0; i < 5; i++) game.createCard("bomb", 0, "deck");
    game.createCard("bomb", 0, "hand");
    game.createCard("bomb", 1, "deck");
    game.startAt(2, 0, "main").run();
    const play = game.legalActions().find((a) => a.choice.startsWith("play:"))!;
    let thrown: unknown;
    const before = game.serialize();
    try {
      game.act(play);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(HookError);
    const e = thrown as HookError;
    expect(e.preset).toBe("my-lab");
    expect(e.hook).toBe('op "boom" of preset "my-lab"');
    expect(e.message).toMatch(
      /carrying out "play:.*" \(decision \d+, \w+\) failed: op "boom" of preset "my-lab" threw at .*: TypeError: x is undefined; the action was undone/,
    );
    expect(e.cause).toBeInstanceOf(TypeError);
    expect(game.serialize()).toBe(before);
  });

  it("names the preset's setup when it throws as the game is made", () => {
    const preset = boomPreset({
      setup() {
        throw new RangeError("no decks");
      },
    });
    let thrown: unknown;
    try {
      Game.create(preset, { seed: 1 });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(HookError);
    expect((thrown as HookError).preset).toBe("my-lab");
    expect((thrown as Error).message).toBe('preset "my-lab": setup threw: RangeError: no decks');
  });

  it("names a preset's state check", () => {
    const preset = boomPreset({
      stateChecks: [
        ...(lab.stateChecks ?? []),
        {
          id: "broken",
          run() {
            throw new Error("check broke");
          },
        } as never,
      ],
    });
    expect(() => Game.create(preset, { seed: 1 }).run()).toThrow(
      /a state check of preset "my-lab" threw at .*: check broke/,
    );
  });
});

describe("bad input: listeners hear what happened", () => {
  it("never hears the events of an action that failed and was undone; an immediate listener does", () => {
    const game = Game.create(
      {
        ...lab,
        id: "lab-half",
        ops: {
          ...lab.ops,
          boom: {
            run() {
              throw new Error("half done");
            },
          },
        },
        cards: [
          ...lab.cards,
          {
            id: "half",
            name: "Half",
            types: ["creature"],
            abilities: [
              {
                id: "h",
                kind: "triggered",
                trigger: { on: "move", to: "field", self: true },
                effect: [{ op: "log", text: "half" }, { op: "boom" }],
              },
            ],
          },
        ],
      },
      { seed: 1, setup: false },
    );
    for (let i = 0; i < 5; i++) game.createCard("half", 0, "deck");
    game.createCard("half", 0, "hand");
    game.createCard("half", 1, "deck");
    game.startAt(2, 0, "main").run();
    const heard: string[] = [];
    const traced: string[] = [];
    game.onEvent((e) => heard.push(e.type));
    game.onEvent((e) => traced.push(e.type), { immediate: true });
    const play = game.legalActions().find((a) => a.choice.startsWith("play:"))!;
    expect(() => game.act(play)).toThrow(/half done; the action was undone/);
    expect(heard).toEqual([]);
    expect(traced).toContain("note");
    // An action that is carried out is heard, in order, once it is.
    game.act("pass");
    expect(heard.length).toBeGreaterThan(0);
    expect(heard).not.toContain("note");
  });
});

describe("bad input: an undo that fails", () => {
  // An op whose result depends on more than the game: it throws once `broken` is set, so
  // undoing replays the responses since the restore point into the same fault.
  let broken = false;
  const preset: Preset = {
    ...lab,
    id: "lab-flaky",
    ops: {
      ...lab.ops,
      flaky: {
        run() {
          if (broken) throw new Error("disk on fire");
          return "next";
        },
      },
    },
    cards: [
      ...lab.cards,
      {
        id: "watcher",
        name: "Watcher",
        types: ["creature"],
        abilities: [{ id: "w", kind: "triggered", trigger: { on: "nodeBegin" }, effect: [{ op: "flaky" }] }],
      },
    ],
  };
  /** A game in its main phase with a watcher in play: every node's beginning runs the flaky op. */
  const watched = (exactUndo: boolean): Game => {
    broken = false;
    const game = Game.create(preset, { seed: 1, setup: false, exactUndo });
    expect(game.exactUndo).toBe(exactUndo);
    game.createCard("watcher", 0, "field");
    for (let i = 0; i < 8; i++) {
      game.createCard("watcher", 0, "deck");
      game.createCard("watcher", 1, "deck");
    }
    return game.startAt(2, 0, "main").run();
  };

  it("leaves the game whole at its restore point, its decision pending, and says so", () => {
    const game = watched(false);
    const restorePoint = game.serialize();
    game.act("pass");
    game.act("pass");
    const twoIn = game.serialize();
    expect(twoIn).not.toBe(restorePoint);
    broken = true;
    let thrown: unknown;
    try {
      game.act("pass");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(HookError);
    expect((thrown as Error).message).toMatch(
      /disk on fire; the action was undone; undoing it failed too \(replaying the 2 responses since the last restore point: one of them failed: .*disk on fire\), so the game is back at that restore point, decision \d+ at .*, 2 responses before this action/,
    );
    // Whole: exactly the restore point's state, its decision pending, loadable and playable.
    expect(game.serialize()).toBe(restorePoint);
    expect(game.decision).not.toBeNull();
    expect(Game.deserialize(preset, game.serialize()).serialize()).toBe(restorePoint);
    broken = false;
    game.act("pass");
    game.act("pass");
    expect(game.serialize()).toBe(twoIn);
  });

  it("after a failed action, the next failure replays nothing: the undo takes a fresh restore point", () => {
    // An op that fails at its `failAt`-th run: the undo's replay of the responses since the restore
    // point runs it again, and the runs say how many responses were replayed.
    let runs = 0;
    let failAt = 0;
    const counting: Preset = {
      ...preset,
      id: "lab-counting",
      ops: {
        ...preset.ops,
        flaky: {
          run() {
            if (++runs === failAt) throw new Error("disk on fire");
            return "next";
          },
        },
      },
    };
    const game = Game.create(counting, { seed: 1, setup: false });
    game.createCard("watcher", 0, "field");
    for (let i = 0; i < 8; i++) {
      game.createCard("watcher", 0, "deck");
      game.createCard("watcher", 1, "deck");
    }
    game.startAt(2, 0, "main").run();
    for (let i = 0; i < 3; i++) game.act("pass");
    const before = game.serialize();
    const failOnce = (): number => {
      const start = runs;
      failAt = runs + 1;
      expect(() => game.act("pass")).toThrow(/disk on fire; the action was undone$/);
      expect(game.serialize()).toBe(before);
      return runs - start;
    };
    expect(failOnce()).toBeGreaterThan(3); // the failing run, then the three responses replayed
    expect(failOnce()).toBe(1); // only the failing run: nothing left to replay
    game.act("pass");
    expect(game.decision).not.toBeNull();
  });

  it("with exactUndo, leaves the game exactly as it was before the action", () => {
    expect(() => Game.create(preset, { exactUndo: 1 as never })).toThrow(
      /exactUndo: expected true or false, got the number 1/,
    );
    const game = watched(true);
    game.act("pass");
    game.act("pass");
    const before = game.serialize();
    broken = true;
    let thrown: unknown;
    try {
      game.act("pass");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(HookError);
    expect((thrown as Error).message).toMatch(/disk on fire; the action was undone$/);
    expect(game.serialize()).toBe(before);
    // A loaded game takes the setting as a property.
    broken = false;
    const loaded = Game.deserialize(preset, before);
    expect(loaded.exactUndo).toBe(false);
    loaded.exactUndo = true;
    loaded.act("pass");
    loaded.act("pass");
    const later = loaded.serialize();
    broken = true;
    expect(() => loaded.act("pass")).toThrow(/the action was undone$/);
    expect(loaded.serialize()).toBe(later);
  });
});

describe("bad input: the RL environment", () => {
  const cases: [string, (env: TurnkitEnv) => unknown, RegExp][] = [
    ["step(null)", (env) => env.step(null as never), /step: got null; an action is an option id/],
    ["step(undefined)", (env) => env.step(undefined as never), /step: got undefined/],
    ["step(NaN)", (env) => env.step(Number.NaN), /step: got the number NaN, not an index/],
    ["step(-1)", (env) => env.step(-1), /step: got the number -1, not an index/],
    ["step({})", (env) => env.step({} as never), /step: its kind must be a string, not undefined/],
    [
      "an encoded action with a bad ref",
      (env) => env.step({ kind: "play", refs: [{ owner: "self", zone: "hand" }], args: [] } as never),
      /step: refs\[0\] must be \{ owner, zone, index, under\? \}/,
    ],
    [
      "an encoded action with a field it doesn't have",
      (env) => env.step({ kind: "play", refs: [], args: [], nn: 1 } as never),
      /step: an encoded action has no field "nn" \(did you mean "n"\?\)/,
    ],
    [
      "reset(null)",
      (env) => env.reset(null as never),
      /reset takes a seed \(a number or a string\), not null/,
    ],
  ];
  for (const [what, f, message] of cases)
    it(`refuses ${what} with a turnkit error, the game unchanged`, () => {
      const env = new TurnkitEnv(skirmish, {});
      env.reset(1);
      refusedUnchanged(env.game, () => f(env), message);
    });

  it("refuses options it doesn't have, and a billion players, before making anything", () => {
    refused(() => new TurnkitEnv(skirmish, { players: 1e9 }), /TurnkitEnv: players: .* not 1000000000/);
    refused(
      () => new TurnkitEnv(skirmish, { plyers: 2 } as never),
      /TurnkitEnv: plyers: .*did you mean "players"/,
    );
    refused(
      () => new TurnkitEnv(skirmish, { maxActions: -5 }),
      /TurnkitEnv: maxActions: expected a whole number from 1/,
    );
  });
});

describe("bad input: agent specs", () => {
  it("takes no inherited key for an option, and says what was meant", () => {
    expect(() => parseAgentSpec("ismcts:100:constructor=1")).toThrow(/unknown ismcts option "constructor"/);
    expect(() => parseAgentSpec("ismcts:100:toString=1")).toThrow(/unknown ismcts option "toString"/);
    expect(() => parseAgentSpec("ismcts:100:rollut=5")).toThrow(
      /unknown ismcts option "rollut" \(did you mean "rollout"\?\)/,
    );
    expect(() => parseAgentSpec("randm")).toThrow(/"randm" is not an agent \(did you mean "random"\?\)/);
    expect(() => parseAgentSpec("ismcts:100:ms=1e308")).toThrow(/ms 1e308 is too large \(at most 1e9\)/);
  });
});
