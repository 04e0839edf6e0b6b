export {
  type ActivationRules,
  type ActivationVerdict,
  activateNow,
  activationOptions,
  canActivate,
  checkTargetsOp,
  costReasons,
  describeCondition,
  describeSelector,
  hasTargets,
  type NotOffered,
  notOffered,
  type Reason,
  type ReasonKind,
  recheckTargets,
  targetsOf,
} from "./activation.js";
export { activeEffects, addDuration, expireDurations } from "./durations.js";
export * from "./errors.js";
export { closeWindow, countEvents, currentStamp, emit, openWindow } from "./events.js";
export { type Action, Game, type NewGameOptions, type Snapshot } from "./game.js";
export { type ActionLoopSpec, actionLoop, drawOrLoseTask, untapTask } from "./interactions.js";
export type { Json, JsonObject } from "./json.js";
export { cloneJson } from "./json.js";
export {
  type AbilityRef,
  type Allowed,
  chargeLimit,
  chargeLimits,
  checkLimit,
  checkLimits,
  limitKey,
  nodeLabel,
  ordinal,
  type Refused,
  type RemainingEntry,
  refundLimit,
  usedUpOf,
  type Verdict,
} from "./limits.js";
export {
  evalCondition,
  matchCard,
  matchEvent,
  matchObject,
  matchValue,
  printedField,
  selectObjects,
} from "./match.js";
export {
  allPlacedCards,
  moveObject,
  putUnder,
  seenIn,
  setTapped,
  turnFaceDown,
  turnFaceUp,
  zoneId,
} from "./objects.js";
export { causeOf, expiryFrom, kernelOps } from "./ops.js";
export type {
  ConditionFn,
  Preset,
  PresetOptionDef,
  SetupSpec,
  StackEntry,
  TaskHandler,
  TurnNode,
  ZoneDef,
} from "./preset.js";
export { type CompiledNode, type CounterSpec, limitsOf, Rules } from "./registry.js";
export { applicableReplacements, tryReplace } from "./replacement.js";
export { nextInt, nextUint32, type RngState, seedRng, shuffleInPlace } from "./rng.js";
export {
  type EffectContext,
  type OpHandler,
  type OpResult,
  pushBlock,
  resolveNumber,
  resolveObjects,
  resolvePlayer,
  resolvePlayers,
  type ScriptTask,
  scriptTask,
  sourceOf,
  varsOf,
} from "./script.js";
export { runStateChecks, type StateCheck } from "./state-checks.js";
export { nodeTask, Stage } from "./structure.js";
export * from "./types.js";
export type { HiddenCard, PlayerView, VisibleCard, ZoneView } from "./view.js";
export { redactEntry } from "./view.js";
export type {
  AbilityDef,
  CardDef,
  CardFilter,
  ConditionT as Condition,
  EventPattern,
  LimitSpec,
  Op,
  Selector,
} from "./vocabulary/schema.js";
export * as vocabulary from "./vocabulary/schema.js";
