/**
 * Writes docs/scenario.schema.json from the zod scenario schema (src/scenario/schema.ts), the one
 * source of truth for scenario files. `npm run schema` runs it; tests/cli/schema.test.ts fails
 * when the published file is out of date.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderScenarioSchema } from "../src/scenario/schema.js";

const target = fileURLToPath(new URL("../docs/scenario.schema.json", import.meta.url));
writeFileSync(target, renderScenarioSchema());
console.log(`wrote ${target}`);
