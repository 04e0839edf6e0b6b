export type { Json, JsonObject } from "./json.js";
export { cloneJson } from "./json.js";
export * from "./types.js";
export * from "./errors.js";
export type { Preset, TurnNode, ZoneDef, TaskHandler, ConditionFn, SetupSpec, PresetOptionDef } from "./preset.js";
export { Game, type Action, type NewGameOptions, type Snapshot } from "./game.js";
export type { PlayerView, VisibleCard, HiddenCard, ZoneView } from "./view.js";
export { redactEntry } from "./view.js";
export { Rules, type CompiledNode, type CounterSpec, limitsOf } from "./registry.js";
export {
  type AbilityRef,
  type Verdict,
  type Allowed,
  type Refused,
  type RemainingEntry,
  usedUpOf,
  limitKey,
  checkLimit,
  checkLimits,
  chargeLimit,
  chargeLimits,
  refundLimit,
  ordinal,
  nodeLabel,
} from "./limits.js";
export {
  type EffectContext,
  type ScriptTask,
  type OpHandler,
  type OpResult,
  scriptTask,
  pushBlock,
  varsOf,
  resolveObjects,
  resolvePlayers,
  resolvePlayer,
  resolveNumber,
  sourceOf,
} from "./script.js";
export { kernelOps, causeOf, expiryFrom } from "./ops.js";
export { actionLoop, type ActionLoopSpec } from "./interactions.js";
export { emit, countEvents, openWindow, closeWindow, currentStamp } from "./events.js";
export { moveObject, putUnder, turnFaceDown, turnFaceUp, setTapped, zoneId, allPlacedCards, seenIn } from "./objects.js";
export { addDuration, expireDurations, activeEffects } from "./durations.js";
export { evalCondition, matchEvent, matchObject, selectObjects, matchCard, matchValue, printedField } from "./match.js";
export { tryReplace, applicableReplacements } from "./replacement.js";
export { nodeTask, Stage } from "./structure.js";
export { seedRng, nextInt, nextUint32, shuffleInPlace, type RngState } from "./rng.js";
export * as vocabulary from "./vocabulary/schema.js";
export type { CardDef, AbilityDef, LimitSpec, EventPattern, Selector, CardFilter, ConditionT as Condition, Op } from "./vocabulary/schema.js";
