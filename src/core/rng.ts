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

/** The generator for a seed; `stream` picks one of its independent streams (0: the game's dice and shuffles). */
export function seedRng(seed: Seed, stream = 0): RngState {
  const text = seedText(seed);
  // A game seeds two streams from one seed: its key is hashed once (each state gets its own copy).
  if (text !== lastSeedText) {
    lastSeedKey = wordsLE(sha256(new TextEncoder().encode(`turnkit/seed\u0000${text}`)));
    lastSeedText = text;
  }
  return { key: lastSeedKey.slice(), stream, block: 0, words: [], at: 0 };
}
let lastSeedText: string | undefined;
let lastSeedKey: number[] = [];

/**
 * Blocks made per ChaCha20 call, at most: the call's own cost (key and nonce set-up, copies) shared
 * by up to 16 blocks. A stream's first calls make fewer (4, 4, 8, then 16: `batchFrom`): a short
 * game's dice and shuffles, or an agent's stream for one game, draw a few blocks, not the 16 of a
 * full batch (a call costs about as much as five blocks: one call of four beats two of two).
 */
const BATCH = 16;
const ZEROS = new Uint8Array(64 * BATCH);
/**
 * The call's key and nonce, written in place for each call (the cipher copies what it keeps). Made
 * over their own `ArrayBuffer`s: a small typed array made alone lives in the heap, and the cipher's
 * view of its words would move it out, a native allocation per call.
 */
const KEY = new Uint8Array(new ArrayBuffer(32));
const NONCE = new Uint8Array(new ArrayBuffer(12));

function keyBytes(words: readonly number[]): Uint8Array {
  for (let i = 0; i < 8; i++) {
    const w = words[i]!;
    KEY[i * 4] = w & 0xff;
    KEY[i * 4 + 1] = (w >>> 8) & 0xff;
    KEY[i * 4 + 2] = (w >>> 16) & 0xff;
    KEY[i * 4 + 3] = (w >>> 24) & 0xff;
  }
  return KEY;
}

/** How many blocks the call that starts at `block` makes: 4 for blocks 0–3, then as many as come before it, up to BATCH. */
function batchFrom(block: number): number {
  return block < 4 ? 4 : Math.min(BATCH, block);
}

/**
 * Blocks made ahead, outside the state: the words of blocks `first` … `first + count - 1` of a
 * key's stream. A pure function's results kept (the state still holds one block and the next
 * block's number), so a game draws the same numbers whether a block comes from here or is made
 * afresh, in a batch of any size; the few most recent are kept (a game's two streams, a search's
 * copies of them).
 */
interface MadeBlocks {
  key: number[];
  stream: number;
  first: number;
  count: number;
  /** The keystream (room for a full batch), written in place: the buffer of the entry it replaces is used again. */
  bytes: Uint8Array;
  words: Uint32Array;
}
const made: MadeBlocks[] = [];
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const KEPT = 8;

function sameKey(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  for (let i = 0; i < 8; i++) if (a[i] !== b[i]) return false;
  return true;
}

function blockWords(key: number[], stream: number, block: number): number[] {
  let m: MadeBlocks | undefined;
  for (const x of made)
    if (x.stream === stream && block >= x.first && block < x.first + x.count && sameKey(x.key, key)) {
      m = x;
      break;
    }
  if (!m) {
    const count = batchFrom(block);
    NONCE[0] = stream & 0xff;
    NONCE[1] = (stream >>> 8) & 0xff;
    // The oldest entry's buffer when the cache is full (its words are copied out when read: nothing
    // else holds them), else a new one: no allocation outside the heap per batch once warm.
    const evicted = made.length >= KEPT ? made.pop() : undefined;
    const buffer = evicted?.bytes ?? new Uint8Array(64 * BATCH);
    const size = 64 * count;
    chacha20(keyBytes(key), NONCE, ZEROS.subarray(0, size), buffer.subarray(0, size), block);
    // The keystream's words are little-endian: on such a machine (every usual one) its bytes are them.
    let words: Uint32Array;
    if (LITTLE_ENDIAN) words = new Uint32Array(buffer.buffer, buffer.byteOffset, BATCH * 16);
    else {
      words = new Uint32Array(BATCH * 16);
      for (let i = 0; i < count * 16; i++)
        words[i] =
          (buffer[i * 4]! |
            (buffer[i * 4 + 1]! << 8) |
            (buffer[i * 4 + 2]! << 16) |
            (buffer[i * 4 + 3]! << 24)) >>>
          0;
    }
    m = { key: key.slice(), stream, first: block, count, bytes: buffer, words };
    made.unshift(m);
  }
  const at = (block - m.first) * 16;
  const words = m.words;
  const out = new Array<number>(16);
  for (let i = 0; i < 16; i++) out[i] = words[at + i]!;
  return out;
}

function refill(state: RngState): void {
  state.words = blockWords(state.key, state.stream, state.block);
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
