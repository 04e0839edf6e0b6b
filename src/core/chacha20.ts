/**
 * ChaCha20's block function (RFC 8439 §2.3): the sixteen keystream words of one block, straight
 * into a plain array. The generator draws one 64-byte block at a time; a stream-cipher API built
 * for encrypting byte buffers (@noble/ciphers) spends on each call about what five blocks cost
 * (argument checks, a copy of the key, typed-array views that move small buffers out of the heap,
 * wiping), so the generator uses this function and the tests hold it to @noble/ciphers' keystream
 * and to the RFC's test vectors (tests/core/chacha20.test.ts).
 */

// "expand 32-byte k" as little-endian words (RFC 8439 §2.3).
const C0 = 0x61707865;
const C1 = 0x3320646e;
const C2 = 0x79622d32;
const C3 = 0x6b206574;

/** A 32-bit word rotated left by `n` bits. */
function rotl(x: number, n: number): number {
  return (x << n) | (x >>> (32 - n));
}

/**
 * Block `counter` of the stream with `key` (eight little-endian words) and the 96-bit nonce
 * `n0 n1 n2` (little-endian words): its sixteen words, each an unsigned 32-bit integer.
 */
export function chachaBlock(
  key: readonly number[],
  n0: number,
  n1: number,
  n2: number,
  counter: number,
): number[] {
  const k0 = key[0]! | 0;
  const k1 = key[1]! | 0;
  const k2 = key[2]! | 0;
  const k3 = key[3]! | 0;
  const k4 = key[4]! | 0;
  const k5 = key[5]! | 0;
  const k6 = key[6]! | 0;
  const k7 = key[7]! | 0;
  const c = counter | 0;
  const m0 = n0 | 0;
  const m1 = n1 | 0;
  const m2 = n2 | 0;
  let x0 = C0;
  let x1 = C1;
  let x2 = C2;
  let x3 = C3;
  let x4 = k0;
  let x5 = k1;
  let x6 = k2;
  let x7 = k3;
  let x8 = k4;
  let x9 = k5;
  let x10 = k6;
  let x11 = k7;
  let x12 = c;
  let x13 = m0;
  let x14 = m1;
  let x15 = m2;
  // Ten double rounds: a column round, then a diagonal round (RFC 8439 §2.3, §2.1's quarter round).
  for (let r = 0; r < 10; r++) {
    x0 = (x0 + x4) | 0;
    x12 = rotl(x12 ^ x0, 16);
    x8 = (x8 + x12) | 0;
    x4 = rotl(x4 ^ x8, 12);
    x0 = (x0 + x4) | 0;
    x12 = rotl(x12 ^ x0, 8);
    x8 = (x8 + x12) | 0;
    x4 = rotl(x4 ^ x8, 7);

    x1 = (x1 + x5) | 0;
    x13 = rotl(x13 ^ x1, 16);
    x9 = (x9 + x13) | 0;
    x5 = rotl(x5 ^ x9, 12);
    x1 = (x1 + x5) | 0;
    x13 = rotl(x13 ^ x1, 8);
    x9 = (x9 + x13) | 0;
    x5 = rotl(x5 ^ x9, 7);

    x2 = (x2 + x6) | 0;
    x14 = rotl(x14 ^ x2, 16);
    x10 = (x10 + x14) | 0;
    x6 = rotl(x6 ^ x10, 12);
    x2 = (x2 + x6) | 0;
    x14 = rotl(x14 ^ x2, 8);
    x10 = (x10 + x14) | 0;
    x6 = rotl(x6 ^ x10, 7);

    x3 = (x3 + x7) | 0;
    x15 = rotl(x15 ^ x3, 16);
    x11 = (x11 + x15) | 0;
    x7 = rotl(x7 ^ x11, 12);
    x3 = (x3 + x7) | 0;
    x15 = rotl(x15 ^ x3, 8);
    x11 = (x11 + x15) | 0;
    x7 = rotl(x7 ^ x11, 7);

    x0 = (x0 + x5) | 0;
    x15 = rotl(x15 ^ x0, 16);
    x10 = (x10 + x15) | 0;
    x5 = rotl(x5 ^ x10, 12);
    x0 = (x0 + x5) | 0;
    x15 = rotl(x15 ^ x0, 8);
    x10 = (x10 + x15) | 0;
    x5 = rotl(x5 ^ x10, 7);

    x1 = (x1 + x6) | 0;
    x12 = rotl(x12 ^ x1, 16);
    x11 = (x11 + x12) | 0;
    x6 = rotl(x6 ^ x11, 12);
    x1 = (x1 + x6) | 0;
    x12 = rotl(x12 ^ x1, 8);
    x11 = (x11 + x12) | 0;
    x6 = rotl(x6 ^ x11, 7);

    x2 = (x2 + x7) | 0;
    x13 = rotl(x13 ^ x2, 16);
    x8 = (x8 + x13) | 0;
    x7 = rotl(x7 ^ x8, 12);
    x2 = (x2 + x7) | 0;
    x13 = rotl(x13 ^ x2, 8);
    x8 = (x8 + x13) | 0;
    x7 = rotl(x7 ^ x8, 7);

    x3 = (x3 + x4) | 0;
    x14 = rotl(x14 ^ x3, 16);
    x9 = (x9 + x14) | 0;
    x4 = rotl(x4 ^ x9, 12);
    x3 = (x3 + x4) | 0;
    x14 = rotl(x14 ^ x3, 8);
    x9 = (x9 + x14) | 0;
    x4 = rotl(x4 ^ x9, 7);
  }
  // The working state added to the input state (RFC 8439 §2.3), as unsigned words.
  return [
    (x0 + C0) >>> 0,
    (x1 + C1) >>> 0,
    (x2 + C2) >>> 0,
    (x3 + C3) >>> 0,
    (x4 + k0) >>> 0,
    (x5 + k1) >>> 0,
    (x6 + k2) >>> 0,
    (x7 + k3) >>> 0,
    (x8 + k4) >>> 0,
    (x9 + k5) >>> 0,
    (x10 + k6) >>> 0,
    (x11 + k7) >>> 0,
    (x12 + c) >>> 0,
    (x13 + m0) >>> 0,
    (x14 + m1) >>> 0,
    (x15 + m2) >>> 0,
  ];
}
