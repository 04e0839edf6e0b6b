/** docs/kernel.md quotes examples/rules-around-limits.ts verbatim, and the example prints what the doc says. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const doc = readFileSync("docs/kernel.md", "utf8");

describe("examples/rules-around-limits.ts", () => {
  it("is quoted verbatim in docs/kernel.md", () => {
    expect(doc).toContain(readFileSync("examples/rules-around-limits.ts", "utf8").trimEnd());
  });
  it("runs: state check and whyNot answers as the doc shows", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "examples/rules-around-limits.ts"], {
      encoding: "utf8",
    });
    expect(r.stderr.replace(/npm warn.*\n?/g, "")).toBe("");
    expect(r.status).toBe(0);
    const out = r.stdout.replace(/\s+/g, " ").replace(/\(k[a-z0-9]{7}\)/g, "(…)");
    const after = doc.slice(doc.indexOf("<!-- file: examples/rules-around-limits.ts -->"));
    const shown = after.match(/It prints:\n\n```\n([\s\S]*?)```/)![1]!.replace(/\s+/g, " ");
    expect(out.trim()).toBe(shown.trim());
  });
});
