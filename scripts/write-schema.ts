/**
 * Writes what is generated from the card vocabulary (src/core/vocabulary/spec.ts) and the scenario
 * schema (src/scenario/schema.ts): docs/scenario.schema.json, docs/card-set.schema.json, the
 * authoring types src/core/vocabulary/types.generated.ts and src/scenario/types.generated.ts, and
 * the validator's copy of the vocabulary without its documentation,
 * src/core/vocabulary/spec.runtime.ts. `npm run schema` runs it; tests/cli/schema.test.ts and
 * tests/core/definitions.test.ts fail when a written file is out of date.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderCardSetSchema, renderScenarioSchema } from "../src/scenario/schema.js";
import { RUNTIME_SPEC, renderRuntimeSpec } from "./runtime-spec.js";
import { renderScenarioTypes, TARGET as SCENARIO_TYPES } from "./scenario-types.js";
import { renderVocabularyTypes, TARGET as TYPES } from "./vocabulary-types.js";

const docs = (name: string) => fileURLToPath(new URL(`../docs/${name}`, import.meta.url));
const written: [string, string][] = [
  [docs("scenario.schema.json"), renderScenarioSchema()],
  [docs("card-set.schema.json"), renderCardSetSchema()],
  [TYPES, await renderVocabularyTypes()],
  [SCENARIO_TYPES, await renderScenarioTypes()],
  [RUNTIME_SPEC, renderRuntimeSpec()],
];
for (const [file, text] of written) {
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
