/**
 * Every scenario file under scenarios/ runs as a test, and every ruling of spec/RULINGS.md whose
 * game has a preset must be covered by a passing scenario that names it.
 */
import { existsSync, readFileSync } from "node:fs";
import { globSync } from "tinyglobby";
import { describe, expect, it } from "vitest";
import { presetIds } from "../src/presets/index.js";
import { loadScenarioFile } from "../src/scenario/load.js";
import { runScenario, type ScenarioResult } from "../src/scenario/runner.js";

const files = globSync("scenarios/**/*.{yaml,yml}").sort();
const results = new Map<string, ScenarioResult>();

function result(file: string): ScenarioResult {
  let r = results.get(file);
  if (!r) {
    r = runScenario(loadScenarioFile(file));
    results.set(file, r);
  }
  return r;
}

describe("scenario files", () => {
  it("exist", () => expect(files.length).toBeGreaterThan(0));
  for (const file of files)
    it(file, () => {
      const r = result(file);
      expect(r.failures.map((f) => `${file}:${f.line}:${f.col}: ${f.path} ${f.message}`)).toEqual([]);
    });
});

/** Ruling ids by game prefix, read from the catalogue. */
function rulingIds(): string[] {
  const text = readFileSync("spec/RULINGS.md", "utf8");
  return [...text.matchAll(/^- ((?:DM|YG|MT)-[A-Z0-9.]+) /gm)].map((m) => m[1]!);
}

/** Which preset proves which prefix. */
const PREFIX_PRESETS: Record<string, string[]> = {
  DM: ["duel-masters", "duel-masters-play"],
  YG: ["yugioh"],
  MT: ["magic"],
};

describe("RULINGS.md coverage", () => {
  it("spec/RULINGS.md is the shared catalogue", () => {
    const shared = "../shared/RULINGS.md";
    if (existsSync(shared))
      expect(readFileSync("spec/RULINGS.md", "utf8")).toBe(readFileSync(shared, "utf8"));
    expect(rulingIds().length).toBeGreaterThanOrEqual(89);
  });
  // Rulings of a registered game not proved yet are listed, openly, in spec/coverage-pending.json:
  // the test fails if any other ruling lacks a passing scenario, and if a listed one has one (so the
  // list only shrinks). A game's issue is done when its list is empty.
  const pending = JSON.parse(readFileSync("spec/coverage-pending.json", "utf8")) as Record<string, string[]>;
  for (const [prefix, needed] of Object.entries(PREFIX_PRESETS)) {
    const ready = needed.some((p) => presetIds().includes(p));
    const waiting = pending[prefix] ?? [];
    it.runIf(ready)(
      `every ${prefix}-* ruling has a passing scenario that names it${waiting.length ? ` (${waiting.length} listed as pending)` : ""}`,
      () => {
        const covered = new Set<string>();
        for (const f of files) {
          const r = result(f);
          if (r.passed) for (const id of r.covers) covered.add(id);
        }
        const missing = rulingIds().filter((id) => id.startsWith(`${prefix}-`) && !covered.has(id));
        expect(missing, "uncovered rulings differ from spec/coverage-pending.json").toEqual(waiting);
      },
    );
  }
  it("every expected refusal asserts its reason", () => {
    const bare: string[] = [];
    for (const f of files) {
      const { scenario } = loadScenarioFile(f);
      const expectations = [
        scenario.expect,
        ...scenario.script.map((s) => ("expect" in s ? s.expect : undefined)),
      ];
      for (const e of expectations)
        for (const c of e?.canUse ?? [])
          if (!c.ok && c.reason === undefined && c.reasonIncludes === undefined)
            bare.push(`${f}: ${c.card} ${c.ability}`);
    }
    expect(bare).toEqual([]);
  });
  it("no scenario covers an id that is not in the catalogue", () => {
    const known = new Set(rulingIds());
    const unknown = files.flatMap((f) =>
      result(f)
        .covers.filter((id) => !known.has(id))
        .map((id) => `${f}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });
});
