/** Kernel state checks (src/core/state-checks.ts): when they run, in what order, and what they may not do. */
import { describe, expect, it } from "vitest";
import { actionLoop, EngineError, Game, type Preset, type StateCheck, zoneId } from "../../src/core/index.js";

/** A game whose main step lets the active player "mill" (top card of their deck to the graveyard) one card at a time, with a spell that mills 3 in three ops. */
function mini(checks: StateCheck[]): Preset {
  return {
    id: "mini-sc",
    name: "mini",
    players: { min: 2, max: 2 },
    zones: [
      { kind: "deck", label: "deck", perPlayer: true, visibility: "hidden" },
      { kind: "field", label: "field", perPlayer: true, visibility: "public", inPlay: true },
      { kind: "graveyard", label: "graveyard", perPlayer: true, visibility: "public" },
    ],
    turn: () => ({
      id: "turn",
      label: "Turn",
      children: [{ id: "main", label: "Main", interaction: "main" }],
    }),
    stateChecks: checks,
    cards: [
      { id: "x", name: "X", types: ["thing"] },
      {
        id: "mill3",
        name: "Mill Three",
        types: ["spell"],
        abilities: [
          {
            id: "go",
            kind: "activated",
            zones: ["field"],
            effect: [
              { op: "move", what: { select: { zone: "deck", owner: "self" } }, to: "graveyard" },
              { op: "emit", event: "afterFirst" },
              { op: "emit", event: "afterSecond" },
            ],
          },
        ],
      },
    ],
    tasks: {
      main: actionLoop({
        kind: "main",
        actions: (game, p) => [
          { id: "mill", label: "Mill 1" },
          { id: "wait", label: "Wait (changes nothing)" },
          { id: "ping", label: "Ping (an event that changes nothing)" },
          ...game.cardsIn("field", p).map((o) => ({ id: `go:${game.ref(o)}`, label: "Mill all" })),
        ],
        perform(game, p, option) {
          if (option.id === "wait") return;
          if (option.id === "ping") {
            game.emit({ type: "ping", player: p });
            return;
          }
          if (option.id === "mill") {
            const top = game.cardsIn("deck", p).at(-1)!;
            game.move(top, zoneId("graveyard", p));
          } else {
            const o = game.obj(option.id.slice(3));
            game.pushTask({
              t: "script",
              ops: game.ability(o.card, "go").effect!,
              pc: 0,
              ctx: { controller: p, source: o.id },
              vars: {},
            });
          }
        },
      }),
    },
  };
}

/** A check that finds nothing and counts its runs. */
function counting(
  id: string,
  opts: Pick<StateCheck, "when" | "ignores">,
): { check: StateCheck; runs: number } {
  const c = {
    runs: 0,
    check: {
      id,
      rule: "t",
      ...opts,
      run: () => {
        c.runs++;
        return false;
      },
    } as StateCheck,
  };
  return c;
}

const deckOut: StateCheck = {
  id: "deckOut",
  rule: "test",
  run(game) {
    const losers = game.state.players.filter((p) => game.zone("deck", p.id).cards.length === 0);
    if (losers.length === 0) return false;
    if (losers.length === 1) game.declareLoser(losers[0]!.id, "deck empty");
    else game.declareWinner(null, "draw");
    return true;
  },
};

function start(preset: Preset, deck0: number, deck1 = 3, spell = false): Game {
  const game = Game.create(preset, { seed: 1, setup: false });
  for (let i = 0; i < deck0; i++) game.createCard("x", 0, "deck");
  for (let i = 0; i < deck1; i++) game.createCard("x", 1, "deck");
  if (spell) game.createCard("mill3", 0, "field");
  return game.startAt(1, 0, "main").run();
}

describe("state checks", () => {
  it("run after an action: the player who milled their last card loses at once", () => {
    const game = start(mini([deckOut]), 2);
    game.act("mill");
    expect(game.over).toBe(false);
    game.act("mill");
    expect(game.result?.winner).toBe(1);
  });

  it("run after every op of an effect, not only at its end: the effect's later ops don't happen", () => {
    const game = start(mini([deckOut]), 3, 3, true);
    const seen: string[] = [];
    game.onEvent((e) => seen.push(e.type));
    game.act(game.decision!.options.find((o) => o.id.startsWith("go:"))!.id);
    expect(game.result?.winner).toBe(1);
    expect(seen).not.toContain("afterFirst");
  });

  it("a check that acts makes every check run again from the first, in the declared order", () => {
    const order: string[] = [];
    let marks = 0;
    const a: StateCheck = {
      id: "a",
      rule: "t",
      run: () => {
        order.push("a");
        return false;
      },
    };
    const b: StateCheck = {
      id: "b",
      rule: "t",
      run: () => {
        order.push("b");
        return marks++ < 1;
      },
    };
    const game = start(mini([a, b]), 3);
    order.length = 0;
    marks = 0;
    game.act("mill");
    expect(order).toEqual(["a", "b", "a", "b"]);
  });

  it("simultaneous losses are one check: a draw", () => {
    const game = Game.create(mini([deckOut]), { seed: 1, setup: false });
    game.startAt(1, 0, "main").run();
    expect(game.result).toMatchObject({ winner: null });
  });

  it("beforeDecision checks run only before that kind of decision, and the question is asked again after they act", () => {
    let runs = 0;
    const check: StateCheck = {
      id: "bd",
      rule: "t",
      when: { beforeDecision: ["main"] },
      run(game) {
        runs++;
        const gy = game.cardsIn("graveyard", 0);
        if (gy.length === 0) return false;
        for (const o of gy) game.move(o, zoneId("field", 0));
        return true;
      },
    };
    const game = start(mini([check]), 3);
    const before = game.decision!.id;
    runs = 0;
    game.act("mill");
    expect(game.cardsIn("field", 0)).toHaveLength(1);
    expect(game.decision!.id).toBe(before + 1); // the withdrawn question's id is not spent
    // It acted and ran again (nothing); the question asked again follows nothing new: not run a third time.
    expect(runs).toBe(2);
  });

  it("an event every check ignores (StateCheck.ignores) doesn't run them again; one that a check doesn't ignore does", () => {
    const deaf = counting("deaf", { when: { beforeDecision: ["main"] }, ignores: ["ping"] });
    const game = start(mini([deaf.check]), 3);
    deaf.runs = 0;
    game.act("ping");
    game.act("ping");
    expect(deaf.runs).toBe(0);
    game.act("mill");
    expect(deaf.runs).toBeGreaterThan(0);
    // With a second check that reads everything, "ping" is no longer quiet.
    const hears = counting("hears", { when: { beforeDecision: ["main"] } });
    const both = start(mini([deaf.check, hears.check]), 3);
    hears.runs = 0;
    both.act("ping");
    expect(hears.runs).toBe(1);
  });

  it("checks are not run again while nothing happens: an answer alone changes nothing (CR 704.3, priority passed on)", () => {
    const bd = counting("bd", { when: { beforeDecision: ["main"] } });
    const al = counting("al", {});
    const game = start(mini([al.check, bd.check]), 3);
    bd.runs = 0;
    al.runs = 0;
    game.act("wait");
    game.act("wait");
    expect([bd.runs, al.runs]).toEqual([0, 0]);
    game.act("mill"); // a card moved: both kinds run again
    expect(bd.runs).toBeGreaterThan(0);
    expect(al.runs).toBeGreaterThan(0);
    // A restored state is checked again: nothing derived from another timeline is trusted.
    const snap = game.snapshot();
    game.act("mill");
    game.restore(snap);
    bd.runs = 0;
    game.act("wait");
    expect(bd.runs).toBeGreaterThan(0);
  });

  it("checkState runs every check at the preset's own moment", () => {
    let n = 0;
    const check: StateCheck = { id: "c", rule: "t", when: { beforeDecision: ["never"] }, run: () => n++ < 1 };
    const game = start(mini([check]), 3);
    expect(game.checkState()).toBe(true);
    expect(game.checkState()).toBe(false);
  });

  it("a check that never stops acting is reported, and the action is undone", () => {
    const loop: StateCheck = { id: "loop", rule: "t", run: () => true };
    const game = Game.create(mini([loop]), { seed: 1, setup: false });
    for (let i = 0; i < 3; i++) game.createCard("x", 0, "deck");
    expect(() => game.startAt(1, 0, "main").run()).toThrow(EngineError);
  });

  it("ignores that is not a list of event types is refused when the preset compiles, naming the check", () => {
    const bad = { ...counting("bad", {}).check, ignores: "mana" as unknown as string[] };
    expect(() => Game.create(mini([bad]), { setup: false })).toThrow(
      /state check "bad": ignores must be a list of event types/,
    );
  });

  it("ignores may depend on the game's cards: asked once as the rules compile, with every card", () => {
    let seen: string[] = [];
    const picky = counting("picky", { when: { beforeDecision: ["main"] } });
    picky.check.ignores = (cards) => {
      seen = cards.map((c) => c.id);
      return cards.some((c) => c.id === "loud") ? [] : ["ping"];
    };
    const quietGame = start(mini([picky.check]), 3);
    expect(seen).toContain("x");
    picky.runs = 0;
    quietGame.act("ping");
    expect(picky.runs).toBe(0);
    const loud = { id: "loud", name: "Loud", types: ["thing"] };
    const loudGame = Game.create(mini([picky.check]), { seed: 3, setup: false, cards: [loud] });
    expect(loudGame.rules.stateChecks.quiet.has("ping")).toBe(false);
    expect(quietGame.rules.stateChecks.quiet.has("ping")).toBe(true);
    const wrong = { ...counting("wrong", {}).check, ignores: () => [1] as unknown as string[] };
    expect(() => Game.create(mini([wrong]), { setup: false })).toThrow(
      /state check "wrong": ignores must be a list of event types \(strings\) or a function returning one, not \[1\]/,
    );
  });

  it("a check declared twice is refused when the preset compiles", () => {
    expect(() => Game.create(mini([deckOut, deckOut]), { setup: false })).toThrow(/declared twice/);
  });
});
