/**
 * Every change of state in a Yu-Gi-Oh! duel is an event that names its cause (the kernel's model of
 * events: a card can trigger on "by your opponent's card effect", "by battle", "as a cost"): a card
 * moved, turned face-up or face-down, its battle position changed, a counter placed or removed,
 * Life Points changed, a monster Summoned. Seeded random duels with random decks from the whole
 * library (its new cards among them) are played with the full log, and every such event must carry
 * a cause.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { Game } from "../../src/core/game.js";
import { nextInt, seedRng } from "../../src/core/rng.js";
import type { LogEntry } from "../../src/core/types.js";
import { yugioh } from "../../src/presets/yugioh/index.js";

const DUELS = 25;
const MAX_ACTIONS = 3000;

/** Changes that are not moves (a move has `from` or `to`). */
const CHANGES = new Set([
  "position",
  "faceUp",
  "faceDown",
  "counter",
  "lpGain",
  "effectDamage",
  "battleDamage",
  "payLP",
  "summoning",
  "flipSummon",
]);

const isChange = (e: LogEntry): boolean =>
  CHANGES.has(e.type) || (e.obj !== undefined && (e.from !== undefined || e.to !== undefined));

describe("yugioh: every change is an event with its cause", () => {
  it(`${DUELS} random duels with random decks: no change without a cause`, () => {
    const preset = yugioh();
    const missing = new Map<string, string>();
    const seen = new Set<string>();
    for (let seed = 1; seed <= DUELS; seed++) {
      const rng = seedRng(seed);
      const decks = preset.randomDecks!(2, (n) => nextInt(rng, n));
      const game = Game.create(preset, { seed, decks }).run();
      const agent = randomAgent(seed);
      for (let i = 0; i < MAX_ACTIONS && !game.over; i++) game.act(agent.choose(game));
      for (const e of game.state.log) {
        if (!isChange(e)) continue;
        seen.add(e.type);
        if (!e.cause && !missing.has(e.type))
          missing.set(e.type, `seed ${seed}, turn ${e.turn}, ${e.node}: ${e.type} of ${e.name ?? "?"}`);
      }
    }
    expect([...missing.values()]).toEqual([]);
    // The duels did exercise the changes this test is about.
    for (const t of ["position", "faceDown", "counter", "battleDamage", "summoning", "destroy"])
      expect(seen, `no ${t} event in ${DUELS} duels`).toContain(t);
  });
});
