/**
 * What a pending ability keeps of its event (`eventOfEntry`): the entry's fields in their order
 * without the stamps and without those left undefined, whatever fields it has.
 *
 * What a listener is given: a deep copy of each log entry, the same as `cloneJson` gives — the
 * same JSON byte for byte (keys in their order, absent fields left out) and nothing shared with
 * the game's own entry — whatever fields it has, unknown or removed ones included.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { copyEntry, eventOfEntry, newEntry } from "../../src/core/events.js";
import { Game } from "../../src/core/game.js";
import { cloneJson, type Json } from "../../src/core/json.js";
import type { LogEntry } from "../../src/core/types.js";
import { getPreset, presetIds } from "../../src/presets/index.js";

/** Same JSON, and no object or array of the copy is one of the entry's. */
function expectCopy(e: LogEntry): void {
  const copy = copyEntry(e);
  expect(JSON.stringify(copy)).toBe(JSON.stringify(cloneJson(e)));
  expect(Object.keys(copy)).toEqual(Object.keys(cloneJson(e)));
  const shared = (a: unknown, b: unknown): boolean => {
    if (a === null || typeof a !== "object") return false;
    if (a === b) return true;
    return Object.keys(a).some((k) =>
      shared((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    );
  };
  expect(Object.keys(copy).some((k) => shared(copy[k as keyof LogEntry], e[k as keyof LogEntry]))).toBe(
    false,
  );
}

const json: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
const FIELDS = Object.keys(newEntry("x"));

/** The log entries of a game of every preset, `responses` random responses long at most. */
function gamesEntries(seed: number, responses: number): LogEntry[] {
  const out: LogEntry[] = [];
  for (const id of presetIds()) {
    const game = Game.create(getPreset(id), { seed }).run();
    const agent = randomAgent(seed);
    for (let i = 0; i < responses && !game.over; i++) game.act(agent.choose(game));
    expect(game.state.log.length).toBeGreaterThan(20);
    out.push(...game.state.log);
  }
  return out;
}

/**
 * `check` on entries with any fields set, then unknown fields added, then some removed, then
 * those put back (the same fields, another order).
 */
function forEntryVariants(check: (e: LogEntry) => void): void {
  fc.assert(
    fc.property(
      fc.dictionary(fc.constantFrom(...FIELDS), fc.option(json, { nil: undefined })),
      fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 2 }),
      fc.subarray(FIELDS, { maxLength: 2 }),
      (set, extra, removed) => {
        const e = newEntry("x") as unknown as Record<string, unknown>;
        Object.assign(e, set);
        check(e as unknown as LogEntry);
        Object.assign(e, extra);
        check(e as unknown as LogEntry);
        for (const k of removed) delete e[k];
        check(e as unknown as LogEntry);
        for (const k of removed) e[k] = 1;
        check(e as unknown as LogEntry);
      },
    ),
    { numRuns: 300 },
  );
}

describe("copyEntry", () => {
  it("copies every entry of every preset's games as cloneJson does", () => {
    for (const e of gamesEntries(3, 300)) expectCopy(e);
  });

  it("copies any fields' values, and entries with fields added, removed or reordered", () => {
    forEntryVariants(expectCopy);
  });

  it("is what a listener hears: changing it changes nothing in the game", () => {
    const game = Game.create(getPreset("duel-masters"), { seed: 5 }).run();
    const heard: LogEntry[] = [];
    game.onEvent((e) => heard.push(e));
    game.onEvent((e) => {
      if (e.data) (e.data as Record<string, unknown>).changed = true;
      if (e.seenBy) e.seenBy.push(99);
    });
    const agent = randomAgent(5);
    for (let i = 0; i < 40; i++) game.act(agent.choose(game));
    const logged = game.state.log.slice(-heard.length);
    expect(heard.length).toBeGreaterThan(20);
    expect(JSON.stringify(heard)).toBe(JSON.stringify(logged));
    expect(JSON.stringify(game.state.log)).not.toContain('"changed"');
  });

  it("shares a decision event's lists between entries only frozen: none can change another's", () => {
    const game = Game.create(getPreset("skirmish"), { seed: 2 }).run();
    const agent = randomAgent(2);
    for (let i = 0; i < 10 && !game.over; i++) game.act(agent.choose(game));
    const decisions = game.state.log.filter((e) => e.type === "decision");
    expect(decisions.length).toBeGreaterThan(2);
    const before = JSON.stringify(game.state.log);
    for (const e of decisions) {
      expect(() => e.public!.push("card")).toThrow(TypeError);
      expect(() => e.seenBy!.push(1)).toThrow(TypeError);
      // What a listener or a copy gets is its own.
      copyEntry(e).public!.push("card");
    }
    expect(JSON.stringify(game.state.log)).toBe(before);
  });
});

/** The event an entry records, written plainly: its keys in order, stamps and undefined fields left out. */
function eventPlainly(e: LogEntry): Record<string, unknown> {
  const stamps = new Set(["seq", "turn", "active", "node", "attack"]);
  return Object.fromEntries(Object.entries(e).filter(([k, v]) => v !== undefined && !stamps.has(k)));
}

function expectEvent(e: LogEntry): void {
  const event = eventOfEntry(e) as unknown as Record<string, unknown>;
  const plain = eventPlainly(e);
  expect(Object.keys(event)).toEqual(Object.keys(plain));
  for (const k of Object.keys(plain)) expect(event[k]).toBe(plain[k]);
}

describe("eventOfEntry", () => {
  it("gives every entry of every preset's games without its stamps, fields in order", () => {
    for (const e of gamesEntries(4, 200)) expectEvent(e);
  });

  it("does so for entries with any fields set, added, removed or reordered", () => {
    forEntryVariants(expectEvent);
  });
});
