/**
 * The vocabulary's types beside the generated ones (types.generated.ts): the op types, and the
 * kernel's own view of a checked card. Authoring types are *input* types (a limit's `window` may be
 * left out); once a preset is compiled every card has been checked against the vocabulary and its
 * defaults filled (validate.ts), and the kernel reads the resolved types below.
 */
import type { Json } from "../json.js";
import type * as Input from "./types.generated.js";

/**
 * Any op, as presets write them: `op` names a handler of the kernel or the preset, the rest are
 * its arguments. The constraint of the op type parameter of `CardDef<O>` / `AbilityDef<O>`: a
 * preset's op union (type aliases, not interfaces) fits it.
 */
export type AnyOp = { op: string; [arg: string]: Json };

/** An op as the kernel handles it after the card was checked: its arguments are JSON. */
export type Op = { op: string; [arg: string]: Json };

/** A limit with its defaults filled in (`window`), as the kernel reads it. */
export type ResolvedLimitSpec = Input.LimitSpec & { window: string };

/**
 * An ability as the kernel reads it, ops plain JSON. Its limits are read through `limitsOf()`
 * (registry.ts), which types them resolved: every card was checked and its defaults filled.
 */
export type ResolvedAbilityDef = Input.AbilityDef<Op>;

/** A card as the kernel reads it: fields a preset declares (`Preset.cardFields`) beside the kernel's. */
export type ResolvedCardDef = Input.CardDef<Op> & { [presetField: string]: unknown };

/**
 * A card of a preset's library as written: the kernel's fields, typed ops `O`, and the fields the
 * preset declares in `Preset.cardFields` (Duel Masters' civilizations, races, nameJa).
 */
export type PresetCardDef<O extends AnyOp = Op> = Input.CardDef<O> & { [presetField: string]: unknown };
