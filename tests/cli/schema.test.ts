/** docs/scenario.schema.json is generated from the zod schema; this fails when it is stale. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
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
    };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(["name", "covers", "preset", "seed", "cards", "setup", "script", "expect"]),
    );
    expect(schema.required).toEqual(expect.arrayContaining(["name", "preset"]));
  });
});
