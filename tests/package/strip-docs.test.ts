/**
 * The build's op-doc stripping (scripts/strip-docs.ts): `doc` texts go, everything else stays —
 * the kernel's ops module, stripped, still transpiles and still holds every argument spec.
 */
import { readFileSync } from "node:fs";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { stripDocs } from "../../scripts/strip-docs.js";

describe("stripDocs", () => {
  it("drops doc texts (strings, templates, sums) and nothing else", () => {
    const src = `const op = {
  doc: "Runs \`then\`.",
  args: { n: { type: "number", required: true, doc: \`How many\` + " times.", default: 1 }, docs: { type: "string", doc: "x" } },
  run(game) { const doc = "kept"; return { doc: notText, kept: doc }; },
};`;
    const out = stripDocs(src);
    expect(out).not.toContain("Runs");
    expect(out).not.toContain("How many");
    expect(out).toMatch(/required: true,\s*default: 1/);
    expect(out).toContain('const doc = "kept"');
    expect(out).toContain("doc: notText");
    expect(() => transformSync(out, { loader: "ts" })).not.toThrow();
  });

  it("leaves the kernel's ops module valid, without its 80-odd doc texts", () => {
    const src = readFileSync(new URL("../../src/core/ops.ts", import.meta.url), "utf8");
    const out = stripDocs(src);
    const docs = (s: string) => (s.match(/\bdoc: ["'`]/g) ?? []).length;
    expect(docs(src)).toBeGreaterThan(50);
    expect(docs(out)).toBe(0);
    expect(() => transformSync(out, { loader: "ts" })).not.toThrow();
    expect((out.match(/type: "/g) ?? []).length).toBe((src.match(/type: "/g) ?? []).length);
  });
});
