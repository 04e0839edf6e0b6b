/**
 * docs/scenario.schema.json and the authoring types src/scenario/types.generated.ts are generated
 * from the zod schema; this fails when they are stale.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderScenarioTypes, TARGET } from "../../scripts/scenario-types.js";
import { renderScenarioSchema } from "../../src/scenario/schema.js";

describe("published scenario JSON Schema", () => {
  it("matches the zod source of truth (run `npm run schema` to update)", () => {
    const published = readFileSync(new URL("../../docs/scenario.schema.json", import.meta.url), "utf8");
    expect(published).toBe(renderScenarioSchema());
  });

  it("describes the scenario fields", () => {
    const schema = JSON.parse(renderScenarioSchema()) as {
      properties: Record<string, unknown>;
      required: string[];
      $defs: Record<string, unknown>;
    };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(["name", "covers", "preset", "seed", "cards", "setup", "script", "expect"]),
    );
    expect(schema.required).toEqual(expect.arrayContaining(["name", "preset"]));
    // The parts are named definitions (the generated types' names), none of zod's own (__schema0).
    expect(Object.keys(schema.$defs)).toEqual(expect.arrayContaining(["Setup", "ScriptStep", "Expectation"]));
    expect(Object.keys(schema.$defs).filter((k) => k.startsWith("__"))).toEqual([]);
  });
});

describe("the generated scenario types", () => {
  it("are up to date (run `npm run schema` to update)", async () => {
    expect(readFileSync(TARGET, "utf8")).toBe(await renderScenarioTypes());
  });

  it("are plain TypeScript: the vocabulary's types imported, nothing of zod", () => {
    const text = readFileSync(TARGET, "utf8");
    expect(text).not.toMatch(/zod/);
    for (const name of ["Scenario", "ScriptStep", "Expectation", "CardPlacement"])
      expect(text).toContain(`export type ${name} =`);
    expect(text).toContain('from "../core/vocabulary/types.generated.js"');
    expect(text).not.toContain("export type CardDef");
    expect(text).not.toContain("export type Matcher");
  });
});
