/**
 * The Magic preset through the public API: its card library loads, options are validated,
 * illegal actions change nothing, games serialize and continue identically, and the turn visits
 * every step of CR 500-514 in order.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { DefinitionError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import { magic, magicCards } from "../../src/presets/magic/index.js";

const preset = magic();

/** Passes, or takes the first option where passing is not possible (discarding to hand size). */
function passOrFirst(game: Game): void {
  const d = game.decision!;
  game.act({ player: d.player, choice: d.options.some((o) => o.id === "pass") ? "pass" : d.options[0]!.id });
}

function playRandom(game: Game, seed: number, n: number): void {
  const agent = randomAgent(seed);
  for (let i = 0; i < n && !game.over; i++) game.act(agent.choose(game));
}

describe("magic preset", () => {
  it("loads its card library, every non-vanilla card with rules text", () => {
    const game = Game.create(preset, { seed: 1 });
    // 60-card libraries (CR 100.2a), plus a 3-card Attraction deck for each deck with Complaints Clerk.
    expect(game.zone("library", 0).cards.length + game.zone("hand", 0).cards.length).toBe(60);
    expect(game.zone("attractionDeck", 1).cards).toHaveLength(3);
    // Every card but the vanilla creatures prints rules text.
    for (const c of magicCards)
      if (c.abilities?.length || c.keywords?.length || !c.types.includes("creature"))
        expect(c.text, c.name).toBeTruthy();
  });

  it("rejects an unknown rules version with the accepted ones", () => {
    expect(() => Game.create(preset, { options: { rulesVersion: "1993" } })).toThrow(DefinitionError);
    expect(() => Game.create(preset, { options: { rulesVersion: "1993" } })).toThrow(/20231117/);
  });

  it("refuses an illegal action and leaves the state unchanged", () => {
    const game = Game.create(preset, { seed: 4 }).run();
    playRandom(game, 4, 40);
    const before = game.serialize();
    const d = game.decision!;
    expect(() => game.act({ player: d.player, choice: "cast:c999" })).toThrow(/is not an option/);
    expect(() => game.act({ player: 1 - d.player, choice: d.options[0]!.id })).toThrow(/cannot answer/);
    expect(game.serialize()).toBe(before);
  });

  it("a serialized game continues exactly like the original", () => {
    const a = Game.create(preset, { seed: 9 }).run();
    playRandom(a, 9, 150);
    const b = Game.deserialize(preset, a.serialize());
    const agentA = randomAgent(77);
    const agentB = randomAgent(77);
    for (let i = 0; i < 300 && !a.over; i++) {
      a.act(agentA.choose(a));
      b.act(agentB.choose(b));
    }
    expect(b.serialize()).toBe(a.serialize());
  });

  it("state-based actions ignore what they can't read, unless a card's static ability may read it", () => {
    const quiet = Game.create(preset, { seed: 1 }).rules.stateChecks.quiet;
    const ignored = [
      "mana",
      "manaEmptied",
      "cleanup",
      "tap",
      "untap",
      "untapAll",
      "nodeBegin",
      "turnEnd",
      "draw",
    ];
    for (const t of [...ignored, "attack", "attackersDeclared", "block", "blockersDeclared"])
      expect(quiet.has(t), t).toBe(true);
    // What they read is never ignored (CR 704.5: cards moving, damage, counters, effects ending).
    for (const t of ["move", "dies", "damage", "counter", "durationEnd", "drawFromEmpty", "lifeLoss"])
      expect(quiet.has(t), t).toBe(false);
    // "As long as it's attacking": a static under a condition may read the clock, a hand or combat.
    const watcher = {
      id: "combat-watcher",
      name: "Combat Watcher",
      types: ["creature"],
      power: 1,
      stats: { toughness: 1 },
      abilities: [
        {
          id: "grow",
          kind: "static" as const,
          static: { kind: "attachedGets", power: 2, toughness: 0 },
          condition: { turn: "self" as const },
        },
      ],
    };
    const loud = Game.create(preset, { seed: 1, cards: [watcher] }).rules.stateChecks.quiet;
    for (const t of ["nodeBegin", "turnEnd", "draw", "attack", "attackersDeclared", "blockersDeclared"])
      expect(loud.has(t), t).toBe(false);
    expect(loud.has("mana")).toBe(true);
  });

  it("runs the turn's steps in the order of CR 500-514", () => {
    const game = Game.create(preset, { seed: 2 }).run();
    // Pass everything through turns 1 and 2: no attacks, so no blockers or damage steps.
    while (game.state.clock.turn.id < 3) passOrFirst(game);
    const nodes = game.state.log
      .filter((e) => e.type === "nodeEnter" && e.turn === 2)
      .map((e) => String(e.data?.node));
    expect(nodes).toEqual([
      "turn",
      "beginning",
      "untap",
      "upkeep",
      "draw",
      "main1",
      "combat",
      "beginningOfCombat",
      "declareAttackers",
      "endOfCombat",
      "main2",
      "ending",
      "end",
      "cleanup",
    ]);
    // Turn 1 (two players): no draw step for the starting player (CR 103.8a).
    expect(
      game.state.log.some((e) => e.type === "nodeEnter" && e.turn === 1 && e.data?.node === "draw"),
    ).toBe(false);
  });

  it("gives no priority in the untap step", () => {
    const game = Game.create(preset, { seed: 3 }).run();
    while (game.state.clock.turn.id < 4) {
      expect(game.state.clock.path).not.toContain("untap");
      passOrFirst(game);
    }
  });
});
