/**
 * The declarative vocabulary shared by built-in card libraries and scenario files: card
 * definitions, abilities, triggers, limits, conditions, selectors and effect ops. These zod
 * schemas are the one source of truth: they validate at run time and export the JSON Schema
 * published in docs/scenario.schema.json.
 */
import { z } from "zod";

const json: z.ZodType<import("../json.js").Json> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(json), z.record(z.string(), json)]),
);
export const JsonSchema = json;

/** A player relative to the one who controls the ability (or the scenario's viewpoint). */
export const RelativePlayer = z
  .enum(["self", "opponent", "any", "active", "nonActive"])
  .describe("A player relative to the ability's controller.");
export type RelativePlayer = z.infer<typeof RelativePlayer>;

/** Compares a value: a bare value means equality. */
export const Matcher: z.ZodType<MatcherT> = z.lazy(() =>
  z.union([
    z.object({ eq: json }).strict(),
    z.object({ ne: json }).strict(),
    z
      .object({
        lt: z.number().optional(),
        lte: z.number().optional(),
        gt: z.number().optional(),
        gte: z.number().optional(),
      })
      .strict()
      .refine((m) => Object.keys(m).length > 0, "a numeric matcher needs lt, lte, gt or gte"),
    z.object({ includes: json }).strict(),
    z.object({ includesAny: z.array(json) }).strict(),
    z.object({ in: z.array(json) }).strict(),
    z.object({ not: Matcher }).strict(),
    z
      .object({ size: Matcher })
      .strict()
      .describe("The length of a list (e.g. non-multicolored: civilizations size lte 1)."),
    json,
  ]),
);
export type MatcherT =
  | { eq: import("../json.js").Json }
  | { ne: import("../json.js").Json }
  | { lt?: number; lte?: number; gt?: number; gte?: number }
  | { includes: import("../json.js").Json }
  | { includesAny: import("../json.js").Json[] }
  | { in: import("../json.js").Json[] }
  | { not: MatcherT }
  | { size: MatcherT }
  | import("../json.js").Json;

const stringOrList = z.union([z.string(), z.array(z.string()).min(1)]);

/** Which cards: filters on printed characteristics (name, types, cost, power, races …). */
export const CardFilter = z
  .object({
    type: stringOrList.optional().describe("Any of these card types."),
    name: stringOrList.optional().describe("Printed name, or any of these names."),
    where: z
      .record(z.string(), Matcher)
      .optional()
      .describe("Field → matcher on the card's characteristics."),
  })
  .strict();
export type CardFilter = z.infer<typeof CardFilter>;

/** Which objects in the game. */
export const Selector = z
  .object({
    zone: stringOrList.optional().describe("Zone kinds to look in (default: the preset's in-play zones)."),
    owner: RelativePlayer.optional(),
    controller: RelativePlayer.optional(),
    type: stringOrList.optional(),
    name: stringOrList.optional(),
    where: z.record(z.string(), Matcher).optional(),
    tapped: z.boolean().optional(),
    faceDown: z.boolean().optional(),
    other: z.boolean().optional().describe("Exclude the ability's own object."),
  })
  .strict();
export type Selector = z.infer<typeof Selector>;

/** Which game events: used by triggers and by event counters. */
export const EventPattern = z
  .object({
    on: stringOrList.describe(
      "Event type, e.g. move, draw, summon, cast, attack, tap; or any of several (a card sent to the GY by a destroy, a discard or a tribute).",
    ),
    player: RelativePlayer.optional().describe("Whose event, relative to the ability's controller."),
    self: z.boolean().optional().describe("The event is about this ability's own object."),
    other: z
      .boolean()
      .optional()
      .describe('The event is about an object other than this ability\'s own ("another creature").'),
    from: stringOrList.optional().describe("Zone kind the object came from."),
    to: stringOrList.optional().describe("Zone kind the object went to."),
    card: CardFilter.optional().describe("Filter on the event object's printed characteristics."),
    where: z
      .record(z.string(), Matcher)
      .optional()
      .describe("Matchers on event fields (cause.name, data.x …)."),
    noun: z.string().optional().describe('How to say one occurrence in reasons, e.g. "mana placement".'),
  })
  .strict();
export type EventPattern = z.infer<typeof EventPattern>;

export const Condition: z.ZodType<ConditionT> = z.lazy(() =>
  z.union([
    z.object({ all: z.array(Condition) }).strict(),
    z.object({ any: z.array(Condition) }).strict(),
    z.object({ not: Condition }).strict(),
    z
      .object({
        count: Selector,
        eq: z.number().optional(),
        gte: z.number().optional(),
        lte: z.number().optional(),
      })
      .strict(),
    z
      .object({
        events: EventPattern,
        window: z.string().default("turn"),
        eq: z.number().optional(),
        gte: z.number().optional(),
        lte: z.number().optional(),
      })
      .strict(),
    z.object({ turn: RelativePlayer }).strict(),
    z.object({ node: stringOrList }).strict(),
    z.object({ fn: z.string(), args: z.record(z.string(), json).optional() }).strict(),
  ]),
);
export type ConditionT =
  | { all: ConditionT[] }
  | { any: ConditionT[] }
  | { not: ConditionT }
  | { count: Selector; eq?: number; gte?: number; lte?: number }
  | { events: EventPattern; window: string; eq?: number; gte?: number; lte?: number }
  | { turn: RelativePlayer }
  | { node: string | string[] }
  | { fn: string; args?: Record<string, import("../json.js").Json> };

/** What a limit counts (RULINGS: the five DM patterns, YGO kinds, MTG "activate only once"). */
export const LimitCounts = z.enum(["use", "trigger", "resolution", "application", "event"]);
/** When a limit is used up. */
export const LimitUsedUp = z.enum(["trigger", "use", "activation", "resolution", "application"]);
/** The key that shares a count. */
export const LimitKey = z.enum([
  "incarnation",
  "card",
  "namePerPlayer",
  "name",
  "keywordPerPlayer",
  "group",
  "bucket",
  "player",
  "all",
]);

export const LimitSpec = z
  .object({
    counts: LimitCounts,
    usedUp: LimitUsedUp.optional().describe(
      "Default follows counts: use→use, event→trigger, others the same word.",
    ),
    key: LimitKey,
    name: z.string().optional().describe("Name for name keys (default: the card's printed name)."),
    keyword: z.string().optional().describe("Keyword for keywordPerPlayer (default: the ability's keyword)."),
    group: z.string().optional().describe("Group id for key group."),
    bucket: z.string().optional().describe("Bucket id for key bucket (YG-3.1: cards with the same text)."),
    window: z.string().default("turn"),
    alsoRecordIn: z
      .array(z.string())
      .optional()
      .describe(
        "Other open windows each use is also recorded in, under the same key: an ability that checks the same key over a longer (or shorter) window sees it (RULINGS DM-G3: Final Revolution this turn, Extreme Final Revolution this game).",
      ),
    ownTurnOnly: z.boolean().optional().describe("Usable only during its controller's turn."),
    times: z.number().int().positive().optional().describe("How many uses per window (default 1)."),
    nth: z
      .number()
      .int()
      .positive()
      .optional()
      .describe("Only the Nth occurrence of the event counts (counts: event)."),
    event: EventPattern.optional().describe(
      "For counts: event, the events counted (default: the trigger's).",
    ),
    declineUsesUp: z
      .boolean()
      .optional()
      .describe("Whether declining an optional ability uses the limit up."),
    keepOnSelfFaceDown: z
      .boolean()
      .optional()
      .describe("YG-1.5: a card that turned itself face-down keeps its use after flipping up."),
    label: z.string().optional().describe('How the card says it, e.g. "once each turn".'),
  })
  .strict();
export type LimitSpec = z.infer<typeof LimitSpec>;

/** One effect instruction. `op` names a handler from the kernel or the preset; the rest are its arguments. */
export const Op = z.object({ op: z.string() }).catchall(json);
export type Op = z.infer<typeof Op>;

export const TriggerDef = EventPattern;
export type TriggerDef = EventPattern;

export const AbilityKind = z.enum(["triggered", "activated", "static", "replacement"]);

export const AbilityDef = z
  .object({
    id: z.string().min(1),
    kind: AbilityKind,
    text: z.string().optional(),
    keyword: z
      .string()
      .optional()
      .describe("The named keyword this ability is an instance of (Ninja Strike …)."),
    zones: z.array(z.string()).optional().describe("Zone kinds where the ability works (default: in play)."),
    trigger: EventPattern.optional(),
    condition: Condition.optional(),
    optional: z.boolean().optional(),
    timing: z.string().optional().describe("Preset timing class (main, quick, spellSpeed2 …)."),
    cost: z.array(Op).optional(),
    effect: z.array(Op).optional(),
    static: z
      .record(z.string(), json)
      .optional()
      .describe("For static abilities: the preset-defined effect."),
    replaces: EventPattern.optional().describe("For replacement abilities: the event replaced."),
    instead: z.array(Op).optional().describe("For replacement abilities: what happens instead."),
    limit: z.union([LimitSpec, z.array(LimitSpec)]).optional(),
  })
  .strict()
  .superRefine((a, ctx) => {
    if (a.kind === "triggered" && !a.trigger)
      ctx.addIssue({ code: "custom", message: "a triggered ability needs trigger" });
    if (a.kind === "replacement" && !a.replaces)
      ctx.addIssue({ code: "custom", message: "a replacement ability needs replaces" });
  });
export type AbilityDef = z.infer<typeof AbilityDef>;

export const CardDef = z
  .object({
    id: z.string().min(1).describe("Library key, unique in the game."),
    name: z.string().min(1).describe("Printed name (official English or romanized)."),
    nameJa: z.string().optional(),
    types: z.array(z.string()).min(1),
    cost: z.number().optional(),
    power: z.number().optional(),
    civilizations: z.array(z.string()).optional(),
    races: z.array(z.string()).optional(),
    keywords: z.array(z.string()).optional(),
    stats: z
      .record(z.string(), json)
      .optional()
      .describe("Other characteristics (ATK, DEF, level, mana cost …)."),
    text: z.string().optional(),
    abilities: z.array(AbilityDef).optional(),
  })
  .strict();
export type CardDef = z.infer<typeof CardDef>;
