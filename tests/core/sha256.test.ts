/**
 * The kernel's SHA-256: Node's native digest where the runtime offers it, the portable one
 * elsewhere — the same bytes for any input, so seeds, fingerprints and replays don't depend on
 * where they were made.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nativeSha256, portableSha256, sha256 } from "../../src/core/sha256.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

describe("sha256", () => {
  it("is Node's own digest under Node 20.16 and later", () => {
    const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
    expect(nativeSha256).toBe(major > 20 || (major === 20 && minor >= 16));
  });

  it("gives the portable digest's bytes for any input", () => {
    expect(hex(sha256(new TextEncoder().encode("abc")))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (data) => {
        const d = sha256(data);
        expect(d).toBeInstanceOf(Uint8Array);
        expect(d.length).toBe(32);
        expect(hex(d)).toBe(hex(portableSha256(data)));
      }),
      { numRuns: 300 },
    );
  });
});
