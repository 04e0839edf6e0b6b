/** turnkit/scenario: load, validate and run scenario files; the scenario JSON Schema. */
export { CardSetError, loadCardSet, parseCardSet } from "./card-set.js";
export {
  formatPath,
  type LoadedScenario,
  loadScenarioFile,
  type Position,
  parseScenario,
  ScenarioError,
} from "./load.js";
export { type Failure, runScenario, type ScenarioResult, ScenarioRun } from "./runner.js";
export { Expectation, renderScenarioSchema, Scenario, ScriptStep, scenarioJsonSchema } from "./schema.js";
