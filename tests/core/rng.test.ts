/**
 * The generator (src/core/rng.ts) is ChaCha20 keyed by SHA-256 of the seed's text, one 64-byte
 * block at a time: the words @noble/ciphers' keystream gives, block after block, from a state
 * copied mid-block, with many streams interleaved.
 */
import { chacha20 } from "@noble/ciphers/chacha.js";
import { sha256 } from "@noble/hashes/sha2.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextUint32, type RngState, seedRng } from "../../src/core/rng.js";

/** The reference: block `n` of the key's stream made by itself, as little-endian words. */
function referenceWords(state: RngState, count: number): number[] {
  const key = new Uint8Array(32);
  state.key.forEach((w, i) => {
    for (let b = 0; b < 4; b++) key[i * 4 + b] = (w >>> (8 * b)) & 0xff;
  });
  const nonce = new Uint8Array(12);
  nonce[0] = state.stream & 0xff;
  nonce[1] = (state.stream >>> 8) & 0xff;
  const out: number[] = [];
  for (let block = 0; out.length < count; block++) {
    const bytes = chacha20(key, nonce, new Uint8Array(64), new Uint8Array(64), block);
    for (let i = 0; i < 64; i += 4)
      out.push((bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) >>> 0);
  }
  return out.slice(0, count);
}

describe("rng", () => {
  it("is keyed by SHA-256 of the seed's UTF-8 text, for any seed text (ASCII or not)", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ minLength: 1, unit: "binary" }), fc.string({ minLength: 1 })),
        (text) => {
          const digest = sha256(new TextEncoder().encode(`turnkit/seed\u0000${text}`));
          const words = Array.from(
            { length: 8 },
            (_, i) =>
              (digest[4 * i]! |
                (digest[4 * i + 1]! << 8) |
                (digest[4 * i + 2]! << 16) |
                (digest[4 * i + 3]! << 24)) >>>
              0,
          );
          expect(seedRng(text).key).toEqual(words);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("draws ChaCha20's words in order, block after block", () => {
    const s = seedRng("rng-test");
    const drawn = Array.from({ length: 16 * 40 + 7 }, () => nextUint32(s));
    expect(drawn).toEqual(referenceWords(seedRng("rng-test"), drawn.length));
    expect(s.block).toBe(41); // the state still counts single blocks
    expect(s.words).toHaveLength(16);
  });

  it("continues the same sequence from a copy of its state (a saved game), mid-block and mid-batch", () => {
    const s = seedRng(7, 1);
    for (let i = 0; i < 16 * 5 + 3; i++) nextUint32(s);
    const copy = JSON.parse(JSON.stringify(s)) as RngState;
    const a = Array.from({ length: 300 }, () => nextUint32(s));
    const b = Array.from({ length: 300 }, () => nextUint32(copy));
    expect(b).toEqual(a);
    expect(a).toEqual(referenceWords(seedRng(7, 1), 16 * 5 + 3 + 300).slice(16 * 5 + 3));
  });

  it("keeps streams apart when more of them are drawn in turn than batches are kept", () => {
    const states = Array.from({ length: 12 }, (_, i) => seedRng(`s${i % 6}`, i < 6 ? 0 : 1));
    const drawn = states.map(() => [] as number[]);
    for (let round = 0; round < 400; round++)
      states.forEach((st, i) => {
        drawn[i]!.push(nextUint32(st));
      });
    states.forEach((_, i) => {
      expect(drawn[i]).toEqual(referenceWords(seedRng(`s${i % 6}`, i < 6 ? 0 : 1), 400));
    });
  });
});
