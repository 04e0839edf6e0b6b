/**
 * The card vocabulary's types, as the kernel and the built-in presets read them: cards checked
 * against the vocabulary (spec.ts, validate.ts) with their defaults filled in. The vocabulary
 * itself is data — the JSON Schema in spec.ts — and the authoring (input) types, with TSDoc on
 * every field, are generated from it into types.generated.ts.
 */
import type * as Input from "./types.generated.js";
import type { Op, ResolvedAbilityDef, ResolvedCardDef, ResolvedLimitSpec } from "./types.js";

export { vocabularySpec } from "./spec.js";
export type { CardFilter, EventPattern, RelativePlayer, Selector } from "./types.generated.js";
export type { AnyOp, Op, PresetCardDef } from "./types.js";
export { vocabularyProblems } from "./validate.js";

/** Compares a value: a bare value means equality. */
export type MatcherT = Input.Matcher;
/** Whether something holds now (all, any, not, count, events, turn, node, fn). */
export type ConditionT = Input.Condition;
/** A limit, its defaults filled in (`window`). */
export type LimitSpec = ResolvedLimitSpec;
/** An ability, checked, its defaults filled in. */
export type AbilityDef = ResolvedAbilityDef;
/** A card definition, checked, its defaults filled in, with the preset's own fields. */
export type CardDef = ResolvedCardDef;
/** The events a triggered ability listens to. */
export type TriggerDef = Input.EventPattern;
/** An op list. */
export type Ops = Op[];
