/** The Wilson score interval and the length figures of a simulation summary. */
import { describe, expect, it } from "vitest";
import { deckOf, lengthStats, quantile, shardRange, wilson } from "../../src/simulate/index.js";

describe("wilson", () => {
  it("matches known values", () => {
    // 50 of 100: 0.4038 – 0.5962 (the textbook value).
    const half = wilson(50, 100)!;
    expect(half.low).toBeCloseTo(0.403832, 5);
    expect(half.high).toBeCloseTo(0.596168, 5);
    // 8 of 10: 0.4902 – 0.9433.
    const eight = wilson(8, 10)!;
    expect(eight.low).toBeCloseTo(0.490162, 5);
    expect(eight.high).toBeCloseTo(0.943318, 5);
    // 0 of 10: 0 – 0.2775; 10 of 10: 0.7225 – 1.
    expect(wilson(0, 10)!.low).toBe(0);
    expect(wilson(0, 10)!.high).toBeCloseTo(0.277533, 5);
    expect(wilson(10, 10)!.low).toBeCloseTo(0.722467, 5);
    expect(wilson(10, 10)!.high).toBeCloseTo(1, 12);
  });
  it("has no interval for no games", () => {
    expect(wilson(0, 0)).toBeNull();
  });
});

describe("length figures", () => {
  it("takes the nearest-rank median and 95th percentile from a histogram", () => {
    // 1..20 once each: median 10, p95 19, mean 10.5.
    const h = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(i + 1), 1]));
    const s = lengthStats(h);
    expect(s.mean).toBe(10.5);
    expect(s.median).toBe(10);
    expect(s.p95).toBe(19);
    expect(s.max).toBe(20);
    expect(quantile({ "3": 2, "7": 1 }, 0.5)).toBe(3);
    expect(lengthStats({}).median).toBeNull();
  });
});

describe("seeds", () => {
  it("splits a range into contiguous shards that cover it once", () => {
    const parts = [1, 2, 3].map((index) => shardRange(10, 8, { index, count: 3 }));
    expect(parts).toEqual([
      { first: 10, count: 3 },
      { first: 13, count: 3 },
      { first: 16, count: 2 },
    ]);
    expect(() => shardRange(1, 10, { index: 3, count: 2 })).toThrow(/1 ≤ i ≤ n/);
  });
  it("gives every deck every seat equally over consecutive seeds", () => {
    for (const decks of [2, 3]) {
      const seen = Array.from({ length: decks }, () => [0, 0]);
      for (let seed = 5; seed < 5 + decks * 4; seed++)
        for (const seat of [0, 1]) seen[deckOf(seed, seat, decks)]![seat]!++;
      for (const row of seen) expect(row).toEqual([4, 4]);
    }
  });
});
