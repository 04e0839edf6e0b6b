/**
 * The game's randomness: ChaCha20 (RFC 8439) keyed by SHA-256 of the seed. A cryptographic
 * generator because players see some of its outputs (their own shuffles, dice, coins): with a
 * non-cryptographic one a player could work out the state from their opening hand and predict the
 * opponent's hand, shields and deck order. Its whole state is plain numbers kept in the game
 * state, so a game restored from JSON continues the same sequence (DESIGN: determinism).
 *
 * Dependencies: @noble/ciphers (ChaCha20) and @noble/hashes (SHA-256) — audited, dependency-free
 * pure-JS implementations that run in browsers too; a cipher is not a thing to write by hand.
 */
import { chacha20 } from "@noble/ciphers/chacha.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { DefinitionError } from "./errors.js";

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

function bytesLE(words: readonly number[]): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  words.forEach((w, i) => {
    out[i * 4] = w & 0xff;
    out[i * 4 + 1] = (w >>> 8) & 0xff;
    out[i * 4 + 2] = (w >>> 16) & 0xff;
    out[i * 4 + 3] = (w >>> 24) & 0xff;
  });
  return out;
}

/** The generator for a seed; `stream` picks one of its independent streams (0: the game's dice and shuffles). */
export function seedRng(seed: Seed, stream = 0): RngState {
  const key = wordsLE(sha256(new TextEncoder().encode(`turnkit/seed\u0000${seedText(seed)}`)));
  return { key, stream, block: 0, words: [], at: 0 };
}

const ZEROS = new Uint8Array(64);
const keyBytes = new WeakMap<number[], Uint8Array>();

function refill(state: RngState): void {
  let key = keyBytes.get(state.key);
  if (!key) {
    key = bytesLE(state.key);
    keyBytes.set(state.key, key);
  }
  const nonce = new Uint8Array(12);
  nonce[0] = state.stream & 0xff;
  nonce[1] = (state.stream >>> 8) & 0xff;
  state.words = wordsLE(chacha20(key, nonce, ZEROS, new Uint8Array(64), state.block));
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

/** A fresh object handle: "k" and seven letters or digits drawn from the game's generator. */
export function nextHandle(state: RngState): string {
  let out = "k";
  for (let i = 0; i < 7; i++) out += HANDLE_ALPHABET[nextInt(state, HANDLE_ALPHABET.length)];
  return out;
}
