/**
 * What a player remembers of hidden cards (src/core/knowledge.ts) and that determinization keeps
 * it: a card they saw go into a hand is in that hand in every sample, a card they follow and saw
 * keeps its identity, and a card leaving a zone unseen makes them unsure of it again.
 */
import { describe, expect, it } from "vitest";
import { determinize, determinizer } from "../../src/agents/determinize.js";
import { playOut, randomAgent } from "../../src/agents/random.js";
import { Game } from "../../src/core/game.js";
import { knowledgeOf } from "../../src/core/knowledge.js";
import { seedRng } from "../../src/core/rng.js";
import type { GameObject, PlayerId } from "../../src/core/types.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { newGameOf } from "../../src/testing/invariants.js";

const dm = getPreset("duel-masters");

/** A Duel Masters game at P1's first decision. */
function start(seed = 3): Game {
  const g = Game.create(dm, { seed }).run();
  expect(g.decision!.player).toBe(0);
  return g;
}

const cardsIn = (g: Game, zone: string) => g.state.zones[zone]!.cards.map((id) => g.state.objects[id]!.card);
const count = (xs: string[], x: string) => xs.filter((c) => c === x).length;

/** `n` samples of `g` from `player`'s side, validated as saved states. */
function samples(g: Game, player: PlayerId, n = 40): Game[] {
  const rng = seedRng("knowledge-samples");
  return Array.from({ length: n }, () => determinize(g, player, rng, { check: true }));
}

describe("knowledge: a card seen going into a hand", () => {
  it("is in that hand in every sample, until a card leaves the hand unseen", () => {
    const g = start();
    // P2's card goes to the graveyard (face-up, everyone sees it) and back to P2's hand.
    const obj = g.state.objects[g.state.zones["hand@1"]!.cards[0]!]!;
    const card = obj.card;
    g.move(obj, "graveyard@1");
    g.move(obj, "hand@1");
    expect(knowledgeOf(g, 0).zones.get("hand@1")?.get(card)).toBe(1);
    const real = count(cardsIn(g, "hand@1"), card);
    for (const s of samples(g, 0)) expect(count(cardsIn(s, "hand@1"), card)).toBeGreaterThanOrEqual(1);
    // The hand is still resampled: the other cards vary.
    expect(new Set(samples(g, 0).map((s) => cardsIn(s, "hand@1").sort().join())).size).toBeGreaterThan(1);
    // Its owner saw it all along: nothing to remember (their hand is visible to them).
    expect(knowledgeOf(g, 1).zones.get("hand@1")).toBeUndefined();

    // A card of that hand goes into the deck unseen: P1 can't tell whether it was this one.
    const other = g.state.objects[g.state.zones["hand@1"]!.cards[0]!]!;
    g.move(other, "deck@1", { position: "bottom" });
    expect(knowledgeOf(g, 0).zones.get("hand@1")).toBeUndefined();
    const held = samples(g, 0).map((s) => count(cardsIn(s, "hand@1"), card));
    expect(held.some((n) => n === 0)).toBe(true);
    expect(real).toBeGreaterThanOrEqual(1);
  });

  it("counts copies: two seen in, one seen out leaves one known", () => {
    const g = start(5);
    const hand = g.state.zones["hand@1"]!;
    const [a, b] = [g.state.objects[hand.cards[0]!]!, g.state.objects[hand.cards[1]!]!];
    for (const o of [a, b]) {
      g.move(o, "graveyard@1");
      g.move(o, "hand@1");
    }
    const k = knowledgeOf(g, 0).zones.get("hand@1")!;
    expect([...k.values()].reduce((x, y) => x + y, 0)).toBe(2);
    g.move(a, "mana@1"); // face-up: P1 sees which card left
    const after = knowledgeOf(g, 0).zones.get("hand@1")!;
    expect([...after.entries()]).toEqual([[b.card, 1]]);
    for (const s of samples(g, 0, 20)) expect(count(cardsIn(s, "hand@1"), b.card)).toBeGreaterThanOrEqual(1);
  });
});

describe("knowledge: a card shown where it lies", () => {
  it("is known to be in that hand (at least one), in every sample", () => {
    const g = start(11);
    const obj = g.state.objects[g.state.zones["hand@1"]!.cards[2]!]!;
    // A reveal shows the card to every player where it lies (events.ts: describeVisibility).
    g.emit({ type: "reveal", player: 1, obj: obj.id, inc: obj.inc, card: obj.card, name: "shown" });
    g.emit({ type: "reveal", player: 1, obj: obj.id, inc: obj.inc, card: obj.card, name: "shown" });
    expect(knowledgeOf(g, 0).zones.get("hand@1")?.get(obj.card)).toBe(1); // twice the same card: one
    for (const s of samples(g, 0, 20))
      expect(count(cardsIn(s, "hand@1"), obj.card)).toBeGreaterThanOrEqual(1);
  });
});

describe("knowledge: a card followed face-down after it was seen", () => {
  it("keeps its identity in every sample (a creature put into the shields face-down, as Natural Snare does)", () => {
    const g = start(7);
    const obj = g.state.objects[g.state.zones["hand@1"]!.cards[0]!]!;
    g.move(obj, "battle@1");
    g.move(obj, "shield@1", { faceDown: true });
    expect(knowledgeOf(g, 0).objects.get(obj.handle)).toBe(obj.card);
    const shields = g.state.zones["shield@1"]!.cards;
    const place = shields.indexOf(obj.id);
    const others = new Set<string>();
    for (const s of samples(g, 0)) {
      const sid = s.state.zones["shield@1"]!.cards[place]!;
      expect(s.state.objects[sid]!.card).toBe(obj.card);
      others.add(cardsIn(s, "shield@1").join());
    }
    expect(others.size).toBeGreaterThan(1); // the shields P1 never saw still vary

    // Broken into P2's hand: P1 loses sight of it but knows it went there.
    g.move(g.state.objects[obj.id] as GameObject, "hand@1");
    expect(knowledgeOf(g, 0).zones.get("hand@1")?.get(obj.card)).toBe(1);
    for (const s of samples(g, 0, 20))
      expect(count(cardsIn(s, "hand@1"), obj.card)).toBeGreaterThanOrEqual(1);
  });

  it("is forgotten once the card was out of sight: through a deck it comes back under a new handle", () => {
    const g = start(9);
    const obj = g.state.objects[g.state.zones["hand@1"]!.cards[0]!]!;
    g.move(obj, "battle@1");
    g.move(obj, "deck@1");
    g.move(obj, "shield@1", { faceDown: true });
    expect(knowledgeOf(g, 0).objects.has(obj.handle)).toBe(false);
  });
});

describe("knowledgeOf: bad input", () => {
  it("refuses a player who is not in the game, naming it", () => {
    const g = start();
    expect(() => knowledgeOf(g, 5)).toThrow(/knowledgeOf: no player 5/);
    expect(() => knowledgeOf(g, -1 as PlayerId)).toThrow(RangeError);
  });
});

describe("determinizer", () => {
  it("deals what determinize deals, and log-less samples keep what the player remembers", () => {
    const g = start();
    const obj = g.state.objects[g.state.zones["hand@1"]!.cards[0]!]!;
    g.move(obj, "graveyard@1");
    g.move(obj, "hand@1");
    const prepared = determinizer(g, 0);
    expect(prepared.deal(seedRng("d")).serialize()).toBe(determinize(g, 0, seedRng("d")).serialize());
    const logless = determinizer(g, 0, { log: false });
    const rng = seedRng("logless");
    for (let i = 0; i < 20; i++) {
      const s = logless.deal(rng);
      expect(s.state.log).toEqual([]);
      expect(s.state.logging).toBe("none");
      expect(count(cardsIn(s, "hand@1"), obj.card)).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("knowledge in whole games of every preset", () => {
  for (const id of presetIds()) {
    it(`${id}: samples honour it and play on to the end`, () => {
      const preset = getPreset(id);
      for (const seed of [1, 2, 3]) {
        const g = newGameOf(preset, seed, seed % 2 ? "random" : "sample").run();
        const agent = randomAgent(seed);
        for (let step = 0; !g.over && step < 2000; step++) {
          if (step % 40 === 20) {
            const p = g.decision!.player;
            const k = knowledgeOf(g, p);
            const s = determinize(g, p, seedRng(`whole:${seed}:${step}`));
            // Never more than the truth: what they remember is so in the real game.
            for (const [handle, card] of k.objects) {
              expect(g.obj(handle).card).toBe(card);
              expect(s.obj(handle).card).toBe(card);
            }
            for (const [zone, counts] of k.zones)
              for (const [card, n] of counts) {
                const seen = cardsIn(g, zone).filter((c) => c === card).length;
                expect(seen, `${card} in ${zone}`).toBeGreaterThanOrEqual(n);
                // At least what they know, where the engine did not pin the cards (work in progress).
                expect(count(cardsIn(s, zone), card)).toBeGreaterThanOrEqual(Math.min(n, seen));
              }
            playOut(s, randomAgent(step), 20_000);
          }
          g.act(agent.choose(g));
        }
      }
    });
  }
});
