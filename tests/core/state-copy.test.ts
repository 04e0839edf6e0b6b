/**
 * The specialised state copier (src/core/state-copy.ts) against the generic deep copy, on states
 * of random games of every preset: the same fields, the same key order (a copy serializes to the
 * same text), nothing shared that the engine changes; and the Game methods built on it.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { Game } from "../../src/core/game.js";
import { cloneJson } from "../../src/core/json.js";
import { copyState } from "../../src/core/state-copy.js";
import type { GameState } from "../../src/core/types.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { newGameOf } from "../../src/testing/invariants.js";

/** States met along a random game (every 9th response), each paired with its game. */
function* statesOf(id: string, seed: number): Generator<Game> {
  const g = newGameOf(getPreset(id), seed, seed % 2 ? "random" : "sample").run();
  const agent = randomAgent(seed);
  for (let i = 0; !g.over && i < 2000; i++) {
    if (i % 9 === 0) yield g;
    g.act(agent.choose(g));
  }
  yield g;
}

/** Every object and array reachable from a value. */
function containers(v: unknown, out = new Set<object>()): Set<object> {
  if (v !== null && typeof v === "object" && !out.has(v)) {
    out.add(v);
    for (const x of Object.values(v)) containers(x, out);
  }
  return out;
}

describe("copyState", () => {
  for (const id of presetIds()) {
    it(`${id}: equals cloneJson, key order included, and shares nothing but card definitions and what made it`, () => {
      let n = 0;
      for (const seed of [1, 2]) {
        for (const g of statesOf(id, seed)) {
          const s = g.state;
          const copy = copyState(s, s.log.slice());
          expect(JSON.stringify(copy)).toBe(JSON.stringify(cloneJson(s)));
          // What never changes after the game is made is shared: extra cards, what made it.
          const mine = containers({ ...copy, log: [], extraCards: [], madeBy: null });
          const theirs = containers({ ...s, log: [], extraCards: [], madeBy: null });
          for (const o of mine) expect(theirs.has(o)).toBe(false);
          n++;
        }
      }
      expect(n).toBeGreaterThan(4);
    });
  }

  it("a hand-written state with its keys in another order loads, and copies of it serialize alike", () => {
    const g = Game.create(getPreset("skirmish"), { seed: 3 }).run();
    const state = g.toJSON();
    const reversed = Object.fromEntries(Object.entries(state).reverse()) as unknown as GameState;
    for (const o of Object.values(reversed.objects))
      reversed.objects[o.id] = Object.fromEntries(Object.entries(o).reverse()) as typeof o;
    const loaded = Game.fromState(getPreset("skirmish"), reversed);
    expect(JSON.parse(loaded.serialize())).toEqual(JSON.parse(g.serialize()));
    const text = loaded.serialize();
    const snap = loaded.snapshot();
    expect(loaded.clone().serialize()).toBe(text);
    loaded.act(loaded.decision!.options[0]!.id);
    loaded.restore(snap);
    expect(loaded.serialize()).toBe(text);
  });
});

/**
 * The handle index (`byHandle`) says what a fresh scan of the state says: each object's handle names
 * it, and every other handle seen in the game names nothing (or the object that holds it now).
 */
function expectHandlesIndexed(g: Game, seen: Set<string>): void {
  const holder = new Map<string, string>();
  for (const o of Object.values(g.state.objects))
    if (o.handle !== "") {
      holder.set(o.handle, o.id);
      seen.add(o.handle);
    }
  for (const h of seen) expect(g.byHandle(h)?.id, `handle ${h}`).toBe(holder.get(h));
}

describe("snapshot, restore and clone on the copier", () => {
  for (const id of presetIds()) {
    it(`${id}: restore gives the state of the snapshot back, again and again; a clone plays on alone`, () => {
      const g = newGameOf(getPreset(id), 7, "sample").run();
      const agent = randomAgent(7);
      for (let i = 0; i < 40 && !g.over; i++) g.act(agent.choose(g));
      const at = g.serialize();
      const snap = g.snapshot();
      const clone = g.clone();
      expect(clone.serialize()).toBe(at);
      const seen = new Set<string>();
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 25 * (round + 1) && !g.over; i++) {
          g.act(agent.choose(g));
          expectHandlesIndexed(g, seen);
        }
        // A second snapshot on the same live log, then back to the first: the first keeps its log.
        const later = g.snapshot();
        const laterText = g.serialize();
        g.restore(snap);
        expect(g.serialize()).toBe(at);
        expectHandlesIndexed(g, seen); // the snapshot's handle index, shared, unchanged by the play since
        g.restore(later);
        expect(g.serialize()).toBe(laterText);
        expectHandlesIndexed(g, seen);
        g.restore(snap);
      }
      // The clone is untouched by all that, and plays on on its own.
      expect(clone.serialize()).toBe(at);
      const other = randomAgent(99);
      for (let i = 0; i < 30 && !clone.over; i++) clone.act(other.choose(clone));
      expect(g.serialize()).toBe(at);
    });
  }
});

describe("game.decision", () => {
  for (const id of presetIds()) {
    it(`${id}: a copy of the pending decision, every field and key order included, sharing nothing with the state`, () => {
      let n = 0;
      for (const seed of [3, 4]) {
        for (const g of statesOf(id, seed)) {
          const asked = g.state.decision;
          if (!asked) continue;
          const copy = g.decision!;
          expect(JSON.stringify(copy)).toBe(JSON.stringify(asked));
          const theirs = containers(asked);
          for (const o of containers(copy)) expect(theirs.has(o)).toBe(false);
          const before = g.serialize();
          copy.options.push({ id: "extra", label: "Extra" });
          copy.options[0]!.label = "changed";
          copy.prompt = "changed";
          expect(g.serialize()).toBe(before);
          n++;
        }
      }
      expect(n).toBeGreaterThan(4);
    });
  }

  for (const id of presetIds()) {
    it(`${id}: every decision asked, copied or restored has one shape (the same keys in the same order)`, () => {
      const shapes = new Set<string>();
      let n = 0;
      for (const seed of [3, 4]) {
        for (const g of statesOf(id, seed)) {
          const asked = g.state.decision;
          if (!asked) continue;
          shapes.add(Object.keys(asked).join());
          shapes.add(Object.keys(g.decision!).join());
          g.restore(g.snapshot()); // the same state, copied back in
          shapes.add(Object.keys(g.state.decision!).join());
          n++;
        }
      }
      expect(n).toBeGreaterThan(4);
      expect([...shapes]).toEqual([
        "id,player,kind,prompt,options,for,publicPrompt,private,reveals,shows,about",
      ]);
    });
  }

  it("copies every optional field of a decision and its options", () => {
    const g = Game.create(getPreset("skirmish"), { seed: 5 }).run();
    const d = g.state.decision!;
    const full = {
      ...d,
      for: 1,
      publicPrompt: "A choice",
      private: true,
      reveals: ["o1"],
      shows: ["o2"],
      about: "o3",
      options: [{ id: "a", label: "A", data: { n: [1, { m: 2 }] }, private: true, pass: false }],
    };
    g.state.decision = full;
    expect(g.decision).toEqual(full);
    expect(g.decision!.options[0]!.data).not.toBe(full.options[0]!.data);
    expect(g.decision!.reveals).not.toBe(full.reveals);
  });
});

describe("Rules.readTypes", () => {
  for (const id of presetIds()) {
    it(`${id}: the event types a counter, a triggered or a delayed ability reads, exactly`, () => {
      const g = Game.create(getPreset(id), { seed: 1 });
      const r = g.rules;
      const union = new Set([...r.countersByType.keys(), ...r.triggerZones.keys(), ...r.delayedTypes]);
      expect([...r.readTypes].sort()).toEqual([...union].sort());
    });
  }

  it("holds what the cards listen to (Duel Masters' sample cards trigger on events)", () => {
    expect(Game.create(getPreset("duel-masters"), { seed: 1 }).rules.readTypes.size).toBeGreaterThan(3);
  });

  const bookkeepingOf = (r: Game["rules"]) =>
    Object.entries(r.bookkeeping).map(([type, f]) => [type, f.read, f.quiet]);
  const setsOf = (r: Game["rules"]) =>
    Object.keys(r.bookkeeping).map((type) => [
      type,
      r.readTypes.has(type),
      r.stateChecks.ignoredBy.has(type),
    ]);

  for (const id of presetIds())
    it(`${id}: each bookkeeping event's flags say what the sets say`, () => {
      const r = Game.create(getPreset(id), { seed: 1 }).rules;
      expect(bookkeepingOf(r)).toEqual(setsOf(r));
    });

  it("a counter registered at run time makes its bookkeeping event read", () => {
    const r = Game.create(getPreset("lab"), { seed: 1, privateRules: true }).rules;
    expect(r.bookkeeping.nodeBegin.read).toBe(false);
    r.registerCounter({ on: "nodeBegin" }, "turn");
    expect(r.bookkeeping.nodeBegin.read).toBe(true);
    expect(bookkeepingOf(r)).toEqual(setsOf(r));
  });
});
