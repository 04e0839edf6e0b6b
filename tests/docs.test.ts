/**
 * The docs' examples run: every yaml excerpt in docs/limits.md that names a scenario file must be
 * verbatim in that file (which tests/scenarios.test.ts runs), and together the examples show every
 * kind of limit; each names the lab ops it uses.
 *
 * Code blocks quoted from files: a fenced block right after
 * `<!-- file: <path>#<region> -->` must be exactly the lines between `// #region <region>` (or
 * `# #region` in YAML) and the next `#endregion` of that file; `<!-- file: <path> -->` quotes the
 * whole file. Every region of the tutorial's files is quoted in docs/kernel.md.
 *
 * Shipped docs (README.md and docs/, which the npm package holds) never link to `src/` or `spec/`,
 * which it does not.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadScenarioFile } from "../src/scenario/load.js";
import { runScenario } from "../src/scenario/runner.js";

// Loaded after the scenario modules, as a user would: the kernel's own op names.
const { kernelOps } = await import("turnkit");

const doc = readFileSync("docs/limits.md", "utf8");
const excerpts = [...doc.matchAll(/```yaml\n# (scenarios\/\S+\.yaml)\n([\s\S]*?)\n```/g)].map((m) => ({
  file: m[1]!,
  body: m[2]!,
}));

describe("docs/limits.md", () => {
  it("has one example per kind of limit", () => {
    expect(excerpts.length).toBeGreaterThanOrEqual(12);
    const all = excerpts.map((e) => e.body).join("\n");
    for (const counts of ["use", "trigger", "resolution", "application", "event"])
      expect(all).toContain(`counts: ${counts}`);
    for (const key of [
      "incarnation",
      "card",
      "namePerPlayer",
      "name",
      "keywordPerPlayer",
      "group",
      "bucket",
      "player",
    ])
      expect(all).toContain(`key: ${key}`);
    for (const window of ["turn", "game", "attack", "chain", "phase", "combat"])
      expect(all).toContain(`window: ${window}`);
    for (const field of [
      "times: 2",
      "nth: 1",
      "nth: 2",
      "ownTurnOnly: true",
      "declineUsesUp: false",
      "keepOnSelfFaceDown: true",
      "usedUp: activation",
      "usedUp: use",
    ])
      expect(all).toContain(field);
  });

  for (const [i, { file, body }] of excerpts.entries())
    it(`example ${i + 1} is verbatim in ${file}, which passes`, () => {
      expect(readFileSync(file, "utf8")).toContain(body);
      const r = runScenario(loadScenarioFile(file));
      expect(r.failures).toEqual([]);
    });
});

describe("docs/limits.md names the preset ops its examples use", () => {
  const kernel = new Set(Object.keys(kernelOps));
  for (const [i, m] of [...doc.matchAll(/```yaml\n# (scenarios\/\S+\.yaml)\n([\s\S]*?)\n```/g)].entries()) {
    const own = [...new Set([...m[2]!.matchAll(/op: (\w+)/g)].map((o) => o[1]!))].filter(
      (o) => !kernel.has(o),
    );
    if (own.length === 0) continue;
    it(`example ${i + 1} (${m[1]}) says ${own.join(", ")} are the lab's`, () => {
      // The paragraph just before the excerpt.
      const before = doc.slice(0, m.index).trimEnd().split("\n\n").at(-1)!;
      expect(before).toContain("lab preset");
      for (const op of own) expect(before).toContain(`\`${op}\``);
    });
  }
});

/** The lines of a file between `#region name` and the next `#endregion` markers (comment lines). */
function region(file: string, name?: string): string {
  const text = readFileSync(file, "utf8");
  if (name === undefined) return text.trimEnd();
  const lines = text.split("\n");
  const start = lines.findIndex((l) => /^\s*(\/\/|#) #region (\S+)\s*$/.exec(l)?.[2] === name);
  if (start < 0) throw new Error(`${file} has no region "${name}"`);
  const end = lines.findIndex((l, i) => i > start && /^\s*(\/\/|#) #endregion\b/.test(l));
  if (end < 0) throw new Error(`${file}: region "${name}" has no #endregion`);
  return lines
    .slice(start + 1, end)
    .join("\n")
    .trimEnd();
}

const shipped = [
  "README.md",
  ...readdirSync("docs", { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

const quotes = shipped.flatMap((file) =>
  [
    ...readFileSync(file, "utf8").matchAll(/<!-- file: ([^#\s]+)(?:#(\S+))? -->\n```\w*\n([\s\S]*?)\n```/g),
  ].map((m) => ({ doc: file, file: m[1]!, name: m[2], body: m[3]! })),
);

describe("code blocks quoted from files", () => {
  it("docs/kernel.md quotes its tutorial from examples/tutorial/ (at least 10 blocks)", () => {
    expect(
      quotes.filter((q) => q.doc === "docs/kernel.md" && q.file.startsWith("examples/tutorial/")).length,
    ).toBeGreaterThanOrEqual(10);
  });

  for (const q of quotes)
    it(`${q.doc} quotes ${q.file}${q.name ? `#${q.name}` : ""} exactly`, () => {
      expect(q.body).toBe(region(q.file, q.name));
    });

  it("every region of the tutorial's files is quoted in docs/kernel.md", () => {
    for (const f of readdirSync("examples/tutorial").filter((f) => /\.(ts|ya?ml)$/.test(f))) {
      const file = `examples/tutorial/${f}`;
      const names = [...readFileSync(file, "utf8").matchAll(/^\s*(?:\/\/|#) #region (\S+)/gm)].map(
        (m) => m[1]!,
      );
      for (const name of names)
        expect(
          quotes.some((q) => q.doc === "docs/kernel.md" && q.file === file && q.name === name),
          `${file}#${name}`,
        ).toBe(true);
    }
  });

  it("the block tags name files that exist (a tag followed by no block is an error)", () => {
    for (const file of shipped) {
      const text = readFileSync(file, "utf8");
      const tags = [...text.matchAll(/<!-- file: /g)].length;
      expect(quotes.filter((q) => q.doc === file).length, file).toBe(tags);
    }
  });
});

describe("shipped docs", () => {
  it("never link to src/ or spec/ (not in the package): the repository URL instead", () => {
    const bad = shipped.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\]\((?:\.\.?\/)*(?:src|spec)\/[^)]*\)/g)].map(
        (m) => `${file}: ${m[0]}`,
      ),
    );
    expect(bad).toEqual([]);
  });
});
