/** `turnkit/agents`: players for simulations and tests. */
import { installFullChecks } from "../core/checks.js";

export { type Knowledge, knowledgeOf } from "../core/knowledge.js";
export {
  type ActionSpace,
  ActionSpaceError,
  type ActionSpaceOptions,
  actionIndex,
  actionSpace,
  actionSpaceSize,
  legalMask,
  maskOf,
  maskOfView,
  NO_WORD,
  optionAt,
  optionFeatureNames,
  optionFeatures,
  UNLISTED,
} from "./action-space.js";
export {
  couldLieAt,
  type DeterminizeOptions,
  type Determinizer,
  determinize,
  determinizer,
  type UnknownCards,
  type UnknownGroup,
  unknownCards,
} from "./determinize.js";
export {
  type CardRef,
  canonicalOptions,
  decodeAction,
  decodeIn,
  type EncodedAction,
  type EncodedOption,
  encodeOptions,
  encodeView,
  encodingKey,
  type Seat,
  seatOf,
} from "./encoding.js";
export {
  type AgentTurn,
  type EnvAction,
  type EnvOptions,
  type StepInfo,
  type StepResult,
  TurnkitEnv,
} from "./env.js";
export {
  boardShare,
  healthAndBoard,
  healthShare,
  type IsmctsAgent,
  type IsmctsOptions,
  type IsmctsStats,
  ismctsAgent,
  type SampleSource,
} from "./ismcts.js";
export {
  defaultFeatures,
  type FeatureOptions,
  type Features,
  featureNames,
  type Observation,
  observe,
  observedFeatures,
} from "./observe.js";
export { type ObservedCard, type ObservedView, type ObservedZone, observedView } from "./observed.js";
export { type Agent, playOut, randomAgent } from "./random.js";
export {
  AGENT_KINDS,
  type AgentSpec,
  AgentSpecError,
  agentOf,
  formatAgentSpec,
  parseAgentSpec,
  parseAgentSpecs,
} from "./spec.js";

// Definitions are checked in every game made through this entry (core/checking.ts; not in turnkit/core).
installFullChecks();
