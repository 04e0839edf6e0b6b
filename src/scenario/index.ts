/**
 * turnkit/scenario: load, validate and run scenario files; the scenario JSON Schema and the types
 * of what a scenario file holds (Scenario, ScriptStep, Expectation …: plain TypeScript).
 */
import { installFullChecks } from "../core/checks.js";

export { CardSetError, loadCardSet, parseCardSet } from "./card-set.js";
export {
  formatPath,
  type LoadedScenario,
  loadScenarioFile,
  type Position,
  parseScenario,
  ScenarioError,
} from "./load.js";
export {
  type Failure,
  type Note,
  runScenario,
  type ScenarioResult,
  ScenarioRun,
  type ScenarioRunOptions,
} from "./runner.js";
export { renderScenarioSchema, scenarioJsonSchema } from "./schema.js";
export type {
  CanUseExpectation,
  CardPlacement,
  DecisionExpectation,
  EventCountExpectation,
  Expectation,
  ObjectExpectation,
  PlayerSetup,
  Scenario,
  ScriptStep,
  Setup,
  StackItemExpectation,
  WhyNotExpectation,
  ZoneExpectation,
} from "./types.generated.js";

// Definitions are checked in every game made through this entry (core/checking.ts; not in turnkit/core).
installFullChecks();
