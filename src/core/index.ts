export {
  type ActivationRules,
  type ActivationVerdict,
  activateNow,
  activationOptions,
  canActivate,
  costReasons,
  hasTargets,
  mayActivate,
  type NotOffered,
  notOffered,
  type Reason,
  type ReasonKind,
  recheckTargets,
  targetsOf,
} from "./activation.js";
export { appendOptions, checkedCount, checkOptionRoom, LIMITS } from "./bounds.js";
export { activeEffects, addDuration, expireDurations } from "./durations.js";
export * from "./errors.js";
export { closeWindow, countEvents, emit, openWindow } from "./events.js";
export { FINGERPRINT_PARTS, fingerprintDifference, rulesFingerprint } from "./fingerprint.js";
export { type Action, Game, type LoadOptions, type NewGameOptions, type Snapshot } from "./game.js";
export { type ActionLoopSpec, actionLoop, drawOrLoseTask, untapAll, untapTask } from "./interactions.js";
export type { Json, JsonObject } from "./json.js";
export { cloneJson } from "./json.js";
export { KERNEL_EVENTS } from "./kernel-events.js";
export { plural, pluralOf } from "./labels.js";
export {
  type AbilityRef,
  type Allowed,
  chargeLimit,
  chargeLimits,
  checkLimit,
  checkLimits,
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
  matchValue,
  selectObjects,
} from "./match.js";
export * from "./narrate.js";
export { Narrator, narrateLog } from "./narrator.js";
export {
  addCounters,
  allPlacedCards,
  moveObject,
  putUnder,
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
export { tryReplace } from "./replacement.js";
export { nextInt, nextUint32, type RngState, seedRng, shuffleInPlace } from "./rng.js";
export {
  type ArgSpec,
  type ArgType,
  type EffectContext,
  type OpHandler,
  type OpResult,
  pushBlock,
  resolveCount,
  resolveNumber,
  resolveObjects,
  resolvePlayer,
  resolvePlayers,
  type ScriptTask,
  scriptTask,
  sourceOf,
  varsOf,
} from "./script.js";
export type { StateCheck } from "./state-checks.js";
export { nodeTask } from "./structure.js";
export { EXEMPT, exemptFrom } from "./turn-actions.js";
export * from "./types.js";
export { TURNKIT_VERSION } from "./version.js";
export {
  type HiddenCard,
  type PlayerView,
  type PublicView,
  publicView,
  type Viewer,
  type VisibleCard,
  type ZoneView,
} from "./view.js";
export type {
  ExpiryRef,
  KernelOp,
  NumberRef,
  ObjectRef,
  PlayerRef,
} from "./vocabulary/ops.generated.js";
// The card vocabulary's authoring types (generated from src/core/vocabulary/spec.ts, TSDoc on
// every field): input types — a limit's window may be left out — generic over the op type.
export type {
  AbilityDef,
  CardDef,
  CardFilter,
  CardSet,
  Condition,
  EventPattern,
  LimitSpec,
  Matcher,
  RelativePlayer,
  Selector,
} from "./vocabulary/types.generated.js";
export type { AnyOp, Op, PresetCardDef } from "./vocabulary/types.js";
export { type Problem, vocabularyProblems } from "./vocabulary/validate.js";
