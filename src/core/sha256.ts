/**
 * SHA-256 for the kernel: Node's own (`node:crypto`, native) where the runtime offers it through
 * `process.getBuiltinModule` (Node 20.16 and later), else @noble/hashes (browsers, older Node).
 * The same digest either way. The native one spares a fresh process the ~15 ms @noble/hashes
 * takes to hash a rules fingerprint's ~60 KB before the JIT has compiled it.
 */
import { sha256 as portableSha256 } from "@noble/hashes/sha2.js";

interface NativeHash {
  update(data: Uint8Array): NativeHash;
  digest(): Uint8Array;
}
interface NativeCrypto {
  createHash(algorithm: "sha256"): NativeHash;
  /** One-shot digest (Node 20.12 and later): no hash object to make for a short input. */
  hash?: (algorithm: "sha256", data: Uint8Array, outputEncoding: "buffer") => Uint8Array;
}

function nativeCrypto(): NativeCrypto | null {
  // A property read at run time, not an import: bundles for browsers carry nothing of Node's.
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    const m = proc?.getBuiltinModule?.("node:crypto") as Partial<NativeCrypto> | undefined;
    return typeof m?.createHash === "function" ? (m as NativeCrypto) : null;
  } catch {
    return null;
  }
}

const native = nativeCrypto();
const oneShot = typeof native?.hash === "function" ? native.hash : null;

/** The SHA-256 digest of `data` (32 bytes). */
export function sha256(data: Uint8Array): Uint8Array {
  if (native === null) return portableSha256(data);
  const d =
    oneShot !== null ? oneShot("sha256", data, "buffer") : native.createHash("sha256").update(data).digest();
  return new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
}

/** Whether the native digest is in use (for tests). */
export const nativeSha256 = native !== null;

/** The portable digest, always (for tests: the two must agree). */
export { portableSha256 };
