/**
 * ChaCha20's block function (src/core/chacha20.ts) against RFC 8439's test vector and, for any
 * key, nonce and block number, against @noble/ciphers' keystream.
 */
import { chacha20 } from "@noble/ciphers/chacha.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chachaBlock } from "../../src/core/chacha20.js";

const word = fc.integer({ min: 0, max: 0xffffffff });

function bytesLE(words: readonly number[]): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  words.forEach((w, i) => {
    for (let b = 0; b < 4; b++) out[i * 4 + b] = (w >>> (8 * b)) & 0xff;
  });
  return out;
}

describe("chachaBlock", () => {
  it("gives RFC 8439 §2.3.2's block (key 00..1f, nonce 000000090000004a00000000, block 1)", () => {
    const key = Array.from(
      { length: 8 },
      (_, i) => (4 * i) | ((4 * i + 1) << 8) | ((4 * i + 2) << 16) | ((4 * i + 3) << 24),
    );
    expect(
      chachaBlock(key, 0x09000000, 0x4a000000, 0, 1).map((w) => w.toString(16).padStart(8, "0")),
    ).toEqual([
      "e4e7f110",
      "15593bd1",
      "1fdd0f50",
      "c47120a3",
      "c7f4d1c7",
      "0368c033",
      "9aaa2204",
      "4e6cd4c3",
      "466482d2",
      "09aa9f07",
      "05d7c214",
      "a2028bd9",
      "d19c12b5",
      "b94e16de",
      "e883d0cb",
      "4e3c50a2",
    ]);
  });

  it("equals @noble/ciphers' ChaCha20 keystream for any key, nonce and block number", () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 8, maxLength: 8 }),
        fc.tuple(word, word, word),
        fc.integer({ min: 0, max: 0xfffffffe }),
        (key, [n0, n1, n2], block) => {
          const ours = chachaBlock(key, n0, n1, n2, block);
          const theirs = chacha20(
            bytesLE(key),
            bytesLE([n0, n1, n2]),
            new Uint8Array(64),
            new Uint8Array(64),
            block,
          );
          expect(bytesLE(ours)).toEqual(theirs);
          expect(ours.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
