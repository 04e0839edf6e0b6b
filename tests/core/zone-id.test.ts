/**
 * A zone's id is its kind, or its kind, "@" and its owner: the same text whether it was made
 * before (and kept) or not, for any kind and any owner, kept or too many to keep.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { zoneId } from "../../src/core/zones.js";

describe("zoneId", () => {
  it("is the kind for a shared zone and kind@owner for a player's, asked once or many times", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer(), fc.constant(null)),
        (kind, owner) => {
          const want = owner === null ? kind : `${kind}@${owner}`;
          expect(zoneId(kind, owner)).toBe(want);
          expect(zoneId(kind, owner)).toBe(want);
        },
      ),
      { numRuns: 2000 },
    );
    // More kinds than are kept: still the same ids.
    for (let i = 0; i < 600; i++) expect(zoneId(`kind${i}`, i % 3)).toBe(`kind${i}@${i % 3}`);
    expect(zoneId("hand", 1)).toBe("hand@1");
  });
});
