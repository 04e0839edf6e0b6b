/**
 * The docs' examples run: every yaml excerpt in docs/limits.md that names a scenario file must be
 * verbatim in that file (which tests/scenarios.test.ts runs), and together the examples show every
 * kind of limit (issue 3, item 3).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadScenarioFile } from "../src/scenario/load.js";
import { runScenario } from "../src/scenario/runner.js";

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
