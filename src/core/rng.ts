/**
 * The game's randomness: ChaCha20 (RFC 8439) keyed by SHA-256 of the seed. A cryptographic
 * generator because players see some of its outputs (their own shuffles, dice, coins): with a
 * non-cryptographic one a player could work out the state from their opening hand and predict the
 * opponent's hand, shields and deck order. Its whole state is plain numbers kept in the game
 * state, so a game restored from JSON continues the same sequence (DESIGN: determinism).
 *
 * The keystream is made one 64-byte block at a time by ChaCha20's block function (./chacha20.ts,
 * held by the tests to @noble/ciphers and to the RFC's vectors); the seed is hashed with
 * node:crypto or @noble/hashes (./sha256.ts).
 */
import { chachaBlock } from "./chacha20.js";
import { DefinitionError } from "./errors.js";
import { sha256 } from "./sha256.js";

/** A seed: its decimal or literal text is hashed, so any string or integer of any size is one seed. */
export type Seed = number | bigint | string;

/**
 * The generator's state: the 256-bit key, the next block to make, and the words of the current
 * block not yet used (plain data: it serializes with the game).
 */
export interface RngState {
  key: number[];
  /** Which of the seed's independent streams this is (the ChaCha20 nonce). */
  stream: number;
  block: number;
  words: number[];
  at: number;
}

const MAX_SEED_LENGTH = 1024;

/** The text a seed stands for; refuses what is not a seed. Integers and their decimal text are the same seed. */
export function seedText(seed: Seed): string {
  if (typeof seed === "number") {
    if (!Number.isSafeInteger(seed))
      throw new DefinitionError(
        `seed ${String(seed)} is not a safe integer: give an integer up to 2^53, a bigint or a string`,
      );
    return String(seed);
  }
  if (typeof seed === "bigint") return seed.toString();
  if (typeof seed === "string") {
    if (seed.length === 0) throw new DefinitionError("seed is an empty string");
    if (seed.length > MAX_SEED_LENGTH)
      throw new DefinitionError(`seed is ${seed.length} characters long; at most ${MAX_SEED_LENGTH}`);
    return seed;
  }
  throw new DefinitionError(`seed must be an integer, a bigint or a string, not ${typeof seed}`);
}

/** A fresh 128-bit seed from the platform's secure random source, as 32 hex digits. */
export function randomSeed(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function wordsLE(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i += 4)
    out.push((bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) >>> 0);
  return out;
}

const encoder = new TextEncoder();

/** A string's UTF-8 bytes: ASCII copied code by code (a seed is nearly always digits), the rest by the platform. */
function utf8(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return encoder.encode(text);
    out[i] = c;
  }
  return out;
}

/** The generator for a seed; `stream` picks one of its independent streams (0: the game's dice and shuffles). */
export function seedRng(seed: Seed, stream = 0): RngState {
  const text = seedText(seed);
  // A game seeds two streams from one seed: its key is hashed once (each state gets its own copy).
  if (text !== lastSeedText) {
    lastSeedKey = wordsLE(sha256(utf8(`turnkit/seed\u0000${text}`)));
    lastSeedText = text;
  }
  return { key: lastSeedKey.slice(), stream, block: 0, words: [], at: 0 };
}
let lastSeedText: string | undefined;
let lastSeedKey: number[] = [];

function refill(state: RngState): void {
  // The stream's number is the nonce's first two bytes (little-endian), the rest of it zero.
  state.words = chachaBlock(state.key, state.stream & 0xffff, 0, 0, state.block);
  state.block++;
  state.at = 0;
}

/** Next uint32; advances the state in place. */
export function nextUint32(state: RngState): number {
  if (state.at >= state.words.length) refill(state);
  return state.words[state.at++]!;
}

/** Uniform integer in [0, n). Rejection sampling keeps it unbiased. */
export function nextInt(state: RngState, n: number): number {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`nextInt needs a positive integer, got ${n}`);
  const limit = Math.floor(0x100000000 / n) * n;
  for (;;) {
    const x = nextUint32(state);
    if (x < limit) return x % n;
  }
}

/** Fisher–Yates shuffle in place. */
export function shuffleInPlace<T>(state: RngState, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(state, i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
}

/** A shuffled copy (Fisher–Yates, the same draws as `shuffleInPlace`). */
export function shuffled<T>(state: RngState, items: readonly T[]): T[] {
  const out = [...items];
  shuffleInPlace(state, out);
  return out;
}

const HANDLE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const HANDLE_PATTERN = /^k[a-hjkmnp-z2-9]{7}$/;

/** Whether a word is shaped like an object handle (`nextHandle`'s "k" and seven of its letters). */
export function isHandle(word: string): boolean {
  return HANDLE_PATTERN.test(word);
}

const HANDLE_CODES = Array.from(HANDLE_ALPHABET, (c) => c.charCodeAt(0));
const K = "k".charCodeAt(0);
/** `nextInt`'s rejection bound for the alphabet, computed once. */
const HANDLE_LIMIT = Math.floor(0x100000000 / HANDLE_CODES.length) * HANDLE_CODES.length;

/** One letter of a handle: `nextInt(state, alphabet length)`, inlined (the same draws). */
function handleCode(state: RngState): number {
  for (;;) {
    const x = nextUint32(state);
    if (x < HANDLE_LIMIT) return HANDLE_CODES[x % HANDLE_CODES.length]!;
  }
}

/** A fresh object handle: "k" and seven letters or digits drawn from the game's generator. */
export function nextHandle(state: RngState): string {
  // Drawn in order into one string (no chain of concatenations to flatten when it is a key).
  const a = handleCode(state);
  const b = handleCode(state);
  const c = handleCode(state);
  const d = handleCode(state);
  const e = handleCode(state);
  const f = handleCode(state);
  const g = handleCode(state);
  return String.fromCharCode(K, a, b, c, d, e, f, g);
}
