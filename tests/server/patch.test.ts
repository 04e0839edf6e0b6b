/**
 * Protocol 2's patches (src/server/patch.ts): applying `diff(a, b)` to `a` gives `b` byte for
 * byte (the same JSON text, keys in the same order), for any JSON values and for every view of
 * every preset's games; the view patched is never changed; a patch that leads nowhere is refused
 * naming the operation.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Game } from "../../src/core/game.js";
import { publicView } from "../../src/core/view.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { nextView, type ViewState } from "../../src/server/client.js";
import { gameOf } from "../../src/server/create-game.js";
import { applyPatch, diff, PatchError, type PatchOp } from "../../src/server/patch.js";
import type { GameRecord } from "../../src/server/store.js";

/** Through the wire: what a client gets is the JSON text parsed. */
const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** JSON values with no `__proto__` key (a view never has one; the applier refuses it). */
const json = fc
  .jsonValue({ maxDepth: 4 })
  .map((v) => wire(v))
  .filter((v) => !JSON.stringify(v).includes('"__proto__"'));
/** A value and an edit of it: most of it shared, as successive views are. */
const edited = fc
  .tuple(json, json, fc.array(fc.nat(), { maxLength: 6 }))
  .map(([a, other, picks]) => [a, editOf(a, other, picks)] as const);

function editOf(a: unknown, other: unknown, picks: number[]): unknown {
  const b = wire(a);
  const go = (v: unknown, depth: number): unknown => {
    const pick = picks[depth];
    if (pick === undefined || v === null || typeof v !== "object") return depth > 0 ? other : v;
    if (Array.isArray(v)) {
      if (v.length === 0 || pick % 4 === 0) return [...v, other];
      const i = pick % v.length;
      if (pick % 4 === 1) return v.filter((_, j) => j !== i);
      return v.map((x, j) => (j === i ? go(x, depth + 1) : x));
    }
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 0 || pick % 5 === 0) return { ...o, [`k${pick}`]: other };
    const k = keys[pick % keys.length]!;
    if (pick % 5 === 1) return Object.fromEntries(keys.filter((x) => x !== k).map((x) => [x, o[x]]));
    if (pick % 5 === 2)
      return Object.fromEntries([[k, o[k]], ...keys.filter((x) => x !== k).map((x) => [x, o[x]])]);
    return { ...o, [k]: go(o[k], depth + 1) };
  };
  return go(b, 0);
}

function roundTrips(a: unknown, b: unknown): void {
  const before = JSON.stringify(a);
  const patch = wire(diff(a, b));
  const got = applyPatch(a, patch);
  expect(JSON.stringify(got)).toBe(JSON.stringify(b));
  expect(JSON.stringify(a)).toBe(before);
}

describe("patches: applying diff(a, b) to a gives b byte for byte", () => {
  it("for any two JSON values, and for a value and an edit of it (keys added, removed, reordered)", () => {
    fc.assert(fc.property(json, json, roundTrips), { numRuns: 400 });
    fc.assert(
      fc.property(edited, ([a, b]) => roundTrips(a, b)),
      { numRuns: 600 },
    );
  });

  it("the same value is no operation; a key moved before the others replaces its object whole", () => {
    expect(diff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(diff({ x: { a: 1, b: 2 } }, { x: { b: 2, a: 1 } })).toEqual([
      { op: "replace", path: "/x", value: { b: 2, a: 1 } },
    ]);
    expect(diff({ x: { b: 1 } }, { x: { a: 0, b: 1 } })).toEqual([
      { op: "replace", path: "/x", value: { a: 0, b: 1 } },
    ]);
    // A log growing: only the new entries; a card leaving a hand: one remove.
    expect(diff({ log: [1, 2] }, { log: [1, 2, 3] })).toEqual([{ op: "add", path: "/log/2", value: 3 }]);
    expect(diff(["a", "b", "c"], ["a", "c"])).toEqual([{ op: "remove", path: "/1" }]);
    expect(diff({ "a/b~": 1 }, { "a/b~": 2 })).toEqual([{ op: "replace", path: "/a~1b~0", value: 2 }]);
  });

  it("a patch that leads nowhere is refused naming the operation, and the value is unchanged", () => {
    const doc = { a: [1, 2], b: { c: 1 } };
    const bad: [PatchOp[], RegExp][] = [
      [[{ op: "remove", path: "/a/5" }], /operation 0: no element "5" in an array of 2/],
      [[{ op: "replace", path: "/b/x", value: 1 }], /operation 0: \/b\/x: no key "x" to replace/],
      [
        [
          { op: "add", path: "/b/d", value: 1 },
          { op: "add", path: "/z/q", value: 1 },
        ],
        /operation 1: \/z\/q: nothing at "z"/,
      ],
      [[{ op: "add", path: "/__proto__/x", value: 1 }], /__proto__ is not allowed/],
      [[{ op: "add", path: "a", value: 1 }], /doesn't start with \//],
      [[{ op: "remove", path: "" }], /can't remove the whole value/],
    ];
    for (const [ops, why] of bad) {
      expect(() => applyPatch(doc, ops)).toThrow(PatchError);
      expect(() => applyPatch(doc, ops)).toThrow(why);
    }
    expect(doc).toEqual({ a: [1, 2], b: { c: 1 } });
  });
});

/** A preset's game, played with choices drawn from `picks`, calling `each` after every response. */
function play(id: string, seed: number, picks: number[], each: (game: Game) => void): void {
  const record = { seed, players: ["P1", "P2"], options: {} } as unknown as GameRecord;
  const game = gameOf(getPreset(id), record);
  each(game);
  for (const p of picks) {
    if (game.over) break;
    const d = game.decision!;
    game.act({ player: d.player, choice: d.options[p % d.options.length]!.id });
    each(game);
  }
}

describe("patches of views: a client applying every update holds exactly viewFor(seat)", () => {
  it("every preset, random games: each seat's and the spectators' stream of patches, joined at any point", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...presetIds()),
        fc.integer({ min: 1, max: 1e6 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 60 }),
        fc.nat(),
        (id, seed, picks, joinAt) => {
          // What the server sends: the welcome whole, then per response a patch against the last view.
          const last: (unknown | null)[] = [null, null, null];
          const held: (ViewState | null)[] = [null, null, null];
          let seq = 0;
          let step = 0;
          play(id, seed, picks, (game) => {
            const views = [game.viewFor(0), game.viewFor(1), publicView(game)];
            for (const [i, view] of views.entries()) {
              if (step < joinAt % (picks.length + 1)) continue;
              const m =
                last[i] === null
                  ? {
                      type: "welcome" as const,
                      seq,
                      responses: step,
                      view,
                      events: [],
                      clock: null,
                      end: null,
                    }
                  : {
                      type: "update" as const,
                      seq,
                      responses: step,
                      patch: diff(last[i], view),
                      events: [],
                      clock: null,
                      end: null,
                    };
              last[i] = view;
              const next = nextView(held[i]!, wire(m) as never);
              if (next === "gap") throw new Error("a gap in a stream without one");
              held[i] = next.state;
              expect(JSON.stringify(held[i]!.view)).toBe(JSON.stringify(view));
            }
            step++;
            seq++;
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a patch that doesn't follow the view held is a gap, never applied", () => {
    const state: ViewState = { seq: 3, view: { viewer: 0 } as never };
    const update = { type: "update", seq: 5, responses: 5, patch: [], events: [], clock: null, end: null };
    expect(nextView(state, update as never)).toBe("gap");
    expect(nextView(null, { ...update, seq: 1 } as never)).toBe("gap");
    const ok = nextView(state, { ...update, seq: 4 } as never);
    expect(ok).not.toBe("gap");
  });
});
