/**
 * The scenario file format. These zod schemas validate scenario files at run time and generate
 * the published JSON Schema (docs/scenario.schema.json), from which the authoring types
 * (types.generated.ts: Scenario, ScriptStep, Expectation …) are generated: one source of truth.
 *
 * The schemas stay in this module: the package's declarations name no type of the validator.
 * What leaves it is plain: the JSON Schema, `validateScenario` and the types of a
 * validated scenario (`ParsedScenario`: the authoring types with their defaults filled in).
 */
import { z } from "zod";
import type { Json } from "../core/json.js";
import type { CardDef, EventPattern, MatcherT } from "../core/vocabulary/schema.js";
import { type SchemaNode, type VocabularyDef, vocabularySpec } from "../core/vocabulary/spec.js";
import { validateVocabulary } from "../core/vocabulary/validate.js";
import type * as Input from "./types.generated.js";

/** zod schemas that stand for a definition of the card vocabulary: published as a $ref to it. */
const vocabularyRefs = new WeakMap<object, VocabularyDef>();

/** Any JSON value (published as the vocabulary's Json). */
const JsonSchema: z.ZodType<Json, Json> = z.lazy(() =>
  z.union([
    z.null(),
    z.boolean(),
    z.number(),
    z.string(),
    z.array(JsonSchema),
    z.record(z.string(), JsonSchema),
  ]),
);
vocabularyRefs.set(JsonSchema, "Json");

/**
 * A value checked against the card vocabulary (src/core/vocabulary/validate.ts), its problems
 * reported at their paths. `cardFieldsOpen`: a card's top-level fields that are not the kernel's
 * pass here — they may be the scenario preset's (`Preset.cardFields`), checked when the game is
 * compiled.
 */
function vocabulary<T>(def: VocabularyDef, cardFieldsOpen = false): z.ZodType<T, T> {
  const schema = z.custom<T>().superRefine((value, ctx) => {
    for (const p of validateVocabulary(def, value).problems) {
      if (cardFieldsOpen && p.unknownKey !== undefined && p.keys?.length === 1) continue;
      ctx.addIssue({ code: "custom", message: p.message, path: p.keys ?? [], input: value });
    }
  });
  vocabularyRefs.set(schema, def);
  return schema;
}

const Matcher = vocabulary<MatcherT>("Matcher");

const PlayerRef = z.string().min(1).describe('A player: "P1", "P2" … or a name given in players.');

const CardPlacement: z.ZodType<Input.CardPlacement, Input.CardPlacement> = z
  .union([
    z.string().min(1).describe("A card id or printed name."),
    z
      .object({
        card: z.string().min(1).describe("A card id or printed name."),
        as: z
          .string()
          .regex(/^[A-Za-z0-9_-]+$/)
          .optional()
          .describe("Alias to name this card elsewhere as @alias."),
        tapped: z.boolean().optional(),
        faceDown: z.boolean().optional(),
        enteredThisTurn: z
          .boolean()
          .optional()
          .describe("The card entered its zone this turn (e.g. summoning sick)."),
        under: z
          .array(z.lazy(() => CardPlacement))
          .optional()
          .describe("Cards under this one, bottom first."),
        counters: z.record(z.string(), z.number()).optional(),
        vars: z.record(z.string(), JsonSchema).optional().describe("Preset per-card state."),
        controller: PlayerRef.optional(),
      })
      .strict(),
  ])
  .describe("A card the setup places: its id or printed name, or the card and its state.");
const PlayerSetup = z
  .object({
    vars: z.record(z.string(), JsonSchema).optional().describe("Player variables (life, …) to set."),
    zones: z
      .record(z.string(), z.array(CardPlacement))
      .optional()
      .describe("Zone kind → cards, bottom first (the last card of a deck is its top)."),
  })
  .strict()
  .describe("A player's part of the starting position.");

const Setup = z
  .object({
    turn: z.number().int().positive().default(1).describe("Turn id to start in."),
    active: PlayerRef.default("P1"),
    extra: z.boolean().optional().describe("The starting turn is an extra turn."),
    step: z.string().optional().describe("Turn node to begin at (default: the turn's first node)."),
    players: z.record(z.string(), PlayerSetup).optional().describe("Player → variables and cards."),
  })
  .strict()
  .describe("The starting position: the turn, the active player, where the cards are.");

const ZoneExpectation = z.union([
  z.array(z.string()).describe("Exactly these cards (ids, names or @aliases), in any order."),
  z
    .object({
      count: z.number().int().nonnegative().optional(),
      contains: z.array(z.string()).optional(),
      excludes: z.array(z.string()).optional(),
      ordered: z.array(z.string()).optional().describe("Exactly these, bottom first."),
    })
    .strict(),
]);

const CanUseExpectation = z
  .object({
    card: z.string().describe("@alias or card id of the object."),
    ability: z.string(),
    player: PlayerRef.optional(),
    ok: z.boolean(),
    reason: z.string().optional().describe("The exact refusal reason."),
    reasonIncludes: z.string().optional().describe("A part of the refusal reason."),
  })
  .strict();

const StackItemExpectation = z
  .object({
    card: z.string().optional().describe("@alias, card id or printed name of the item's source card."),
    name: z.string().optional().describe("The source's printed name."),
    ability: z
      .string()
      .optional()
      .describe("The ability id (absent for a spell or a card's own activation)."),
    controller: PlayerRef.optional(),
    targets: z.array(z.string()).optional().describe("@aliases or card ids of its targets, in order."),
  })
  .strict();

const WhyNotExpectation = z
  .object({
    card: z.string().describe("@alias or card id of the object."),
    ability: z.string(),
    player: PlayerRef.optional(),
    ok: z.boolean().optional().describe("true: nothing stops the activation now."),
    kinds: z
      .array(z.enum(["zone", "faceDown", "timing", "condition", "limit", "cost", "target", "rule"]))
      .optional()
      .describe("Exactly these kinds of reasons, in any order."),
    includes: z.string().optional().describe("A part of one of the reasons' text."),
  })
  .strict();

/** What an event count expectation counts unless it says otherwise: this turn's events, seen from P1. */
export const EVENT_COUNT_DEFAULTS = { window: "turn", viewer: "P1" } as const;

const EventCountFields = {
  window: z
    .string()
    .default(EVENT_COUNT_DEFAULTS.window)
    .describe('The window counted over: "turn" (the default), "game" …'),
  viewer: PlayerRef.default(EVENT_COUNT_DEFAULTS.viewer).describe(
    "The player the pattern's relative players are seen from.",
  ),
  eq: z.number().int().nonnegative().describe("How many such events the counter must hold."),
};
/** An event pattern of the vocabulary with a window, a viewer and the count expected. */
const EventCountExpectation: z.ZodType<
  EventPattern & { window: string; viewer: string; eq: number },
  EventPattern & { window?: string; viewer?: string; eq: number }
> = z
  .object(EventCountFields)
  .catchall(z.unknown())
  .superRefine((value, ctx) => {
    const { window: _w, viewer: _v, eq: _e, ...pattern } = value;
    for (const p of validateVocabulary("EventPattern", pattern).problems)
      ctx.addIssue({ code: "custom", message: p.message, path: p.keys ?? [], input: value });
  }) as never;

const ObjectExpectation = z
  .object({
    zone: z.string().optional().describe("Zone kind the card is in."),
    owner: PlayerRef.optional(),
    controller: PlayerRef.optional(),
    tapped: z.boolean().optional(),
    faceDown: z.boolean().optional(),
    counters: z.record(z.string(), z.number()).optional(),
    vars: z.record(z.string(), Matcher).optional(),
    under: z.array(z.string()).optional(),
    characteristics: z.record(z.string(), Matcher).optional().describe("Current characteristics (power …)."),
  })
  .strict();

const DecisionExpectation = z
  .object({
    player: PlayerRef.optional(),
    kind: z.string().optional(),
    options: z.array(z.string()).optional().describe("Exactly these option ids (any order)."),
    includes: z.array(z.string()).optional().describe("These option ids are offered."),
    excludes: z.array(z.string()).optional().describe("These option ids are not offered."),
    promptIncludes: z.string().optional(),
  })
  .strict();

const Expectation = z
  .object({
    step: z.string().optional().describe("The node now running (last of the clock's path)."),
    path: z.array(z.string()).optional(),
    turn: z
      .object({
        id: z.number().int().optional(),
        player: PlayerRef.optional(),
        extra: z.boolean().optional(),
      })
      .strict()
      .optional(),
    zones: z
      .record(z.string(), z.record(z.string(), ZoneExpectation))
      .optional()
      .describe("Player → zone kind → cards."),
    players: z
      .record(z.string(), z.record(z.string(), Matcher))
      .optional()
      .describe("Player → variable → value."),
    objects: z.record(z.string(), ObjectExpectation).optional().describe("@alias or card id → state."),
    events: z.array(EventCountExpectation).optional().describe("Event counters in open windows."),
    winner: z.union([PlayerRef, z.null()]).optional().describe("The winner; null for a draw."),
    over: z.boolean().optional(),
    log: z
      .object({
        contains: z
          .array(z.record(z.string(), JsonSchema))
          .optional()
          .describe("Entries present, in this order."),
        excludes: z.array(z.record(z.string(), JsonSchema)).optional(),
      })
      .strict()
      .optional()
      .describe("Partial log entries (type, name, data …) matched field by field."),
    canUse: z.array(CanUseExpectation).optional(),
    whyNot: z
      .array(WhyNotExpectation)
      .optional()
      .describe("Every reason an activation is not allowed now (Game.whyNot), by kind and text."),
    stack: z
      .array(StackItemExpectation)
      .optional()
      .describe(
        "The stack (Magic) or chain (Yu-Gi-Oh!) or pending effects, bottom first: exactly these items.",
      ),
    chain: z
      .array(StackItemExpectation)
      .optional()
      .describe("Same as stack: the preset's stack of things waiting to resolve, bottom first."),
    decision: z
      .union([DecisionExpectation, z.null()])
      .optional()
      .describe("The pending decision, or null for none."),
    durations: z.number().int().nonnegative().optional().describe("How many durations are active."),
  })
  .strict()
  .describe("Checks of the game's state at this point: each one given must hold.");

const ScriptStep = z
  .union([
    z
      .object({
        choose: z.string().describe("Option id of the pending decision; @alias becomes the card's id."),
        as: PlayerRef.optional().describe("The player expected to decide."),
      })
      .strict(),
    z
      .object({
        reject: z.string().describe("An option that must be refused; the state must stay the same."),
        as: PlayerRef.optional(),
        error: z.string().optional().describe("A part of the expected error message."),
      })
      .strict(),
    z
      .object({
        passUntil: z
          .string()
          .describe(
            "Answer 'pass' until this node is running: the script stops as the node begins, before its turn-based actions, whether or not anything is asked there.",
          ),
        turn: z.number().int().optional().describe("Waits for this turn id too."),
        max: z.number().int().positive().default(200).describe("Passes at most (default 200)."),
      })
      .strict(),
    z.object({ expect: Expectation }).strict(),
  ])
  .describe("A step of the script: a decision made or refused, passes until a node, or checks.");

const Scenario = z
  .object({
    name: z.string().min(1).describe("One line saying what the scenario proves."),
    description: z.string().optional().describe("Free text."),
    covers: z
      .array(z.string().regex(/^[A-Z]{2}-[A-Z0-9.]+$/, "a ruling id like DM-1.2 or YG-T6"))
      .default([])
      .describe("Ruling ids (DM-1.2, YG-T6, MT-14) of spec/RULINGS.md this file proves."),
    rules: z
      .array(z.string().min(1))
      .default([])
      .describe(
        'Official rules this file proves, as the audits in docs/rules-audit/ name them: "CR 500.4", "DM 501.1", "YG Damage Step".',
      ),
    preset: z
      .string()
      .min(1)
      .describe(
        "A preset id (turnkit presets lists them) or, for turnkit run, the path of a preset module relative to this file (./skyduel.ts).",
      ),
    options: z
      .record(z.string(), JsonSchema)
      .optional()
      .describe("Preset options (rule variants), e.g. { rulesVersion: pre2017 }."),
    seed: z
      .union([z.number().int().refine(Number.isSafeInteger, "a safe integer"), z.string().min(1).max(1024)])
      .default(1)
      .describe("the game's seed: an integer or a string, hashed (SHA-256) into its generators"),
    players: z.array(z.string().min(1)).optional().describe("Player names (default P1, P2)."),
    cards: z
      .array(vocabulary<CardDef>("CardDef", true))
      .optional()
      .describe("Inline card definitions, in the same vocabulary as the built-in library."),
    cardSets: z
      .array(z.string().min(1))
      .optional()
      .describe(
        "Card set files (YAML or JSON, { cards: [...] }) whose cards join the library, relative to this file.",
      ),
    setup: Setup.default({ turn: 1, active: "P1" }).describe("The starting position."),
    script: z.array(ScriptStep).default([]).describe("Decisions and checks, in order."),
    expect: Expectation.optional().describe("Checks after the script."),
  })
  .strict();

/** The keys a scenario file may have at its top. */
export const SCENARIO_KEYS: readonly string[] = Object.keys(Scenario.shape);

// ---- validating: plain types out ---------------------------------------------------------

/** An event count expectation as validated: its window and viewer filled in. */
export type ParsedEventCount = Input.EventCountExpectation & { window: string; viewer: string };

/** An expectation as validated: its event counts' defaults filled in. */
export type ParsedExpectation = Omit<Input.Expectation, "events"> & { events?: ParsedEventCount[] };

/** A script step as validated: `passUntil`'s `max` and the expectations' defaults filled in. */
export type ParsedScriptStep =
  | Exclude<Input.ScriptStep, { passUntil: string } | { expect: unknown }>
  | (Extract<Input.ScriptStep, { passUntil: string }> & { max: number })
  | { expect: ParsedExpectation };

/**
 * A scenario as `validateScenario` (and so `parseScenario`) returns it: the authoring type
 * `Scenario` with its defaults filled in and its cards checked (the kernel's `CardDef`). A
 * `ParsedScenario` is a `Scenario`.
 */
export type ParsedScenario = Omit<
  Input.Scenario,
  "covers" | "rules" | "seed" | "cards" | "setup" | "script" | "expect"
> & {
  covers: string[];
  rules: string[];
  seed: number | string;
  cards?: CardDef[];
  setup: Input.Setup & { turn: number; active: string };
  script: ParsedScriptStep[];
  expect?: ParsedExpectation;
};

/** What is wrong with a scenario, at a path of the document. */
export interface ScenarioIssue {
  path: (string | number)[];
  message: string;
  /** The issue is a key that should not be there (reported at the key). */
  unknownKey?: string;
}

/** `[A] extends [B]`: a check at compile time that an A is a B. */
type Is<A, B> = [A] extends [B] ? true : false;

// The validator and the published types agree (compile-time checks): what it accepts is what the
// generated authoring types describe, and what it returns is a ParsedScenario, so a Scenario.
true satisfies Is<z.input<typeof Scenario>, Input.Scenario>;
true satisfies Is<Input.Scenario, z.input<typeof Scenario>>;
true satisfies Is<z.output<typeof Scenario>, ParsedScenario>;
true satisfies Is<ParsedScenario, Input.Scenario>;

type Issue = z.core.$ZodIssue;

/** From a union's branches, the issues of the branch that got furthest: its message is the useful one. */
function deepestIssues(issue: Issue): Issue[] {
  if (issue.code !== "invalid_union" || !("errors" in issue) || issue.errors.length === 0) return [issue];
  let best: Issue[] = [issue];
  let bestDepth = -1;
  for (const branch of issue.errors) {
    const flat = branch.flatMap((i) => deepestIssues({ ...i, path: [...issue.path, ...i.path] } as Issue));
    const depth = Math.max(...flat.map((i) => i.path.length));
    if (depth > bestDepth) {
      bestDepth = depth;
      best = flat;
    }
  }
  return best;
}

/**
 * Validates a scenario's data (a parsed YAML or JSON document): the scenario with its defaults
 * filled in, or every issue found (of a union, the branch that got furthest), each at its path.
 */
export function validateScenario(
  data: unknown,
): { ok: true; scenario: ParsedScenario } | { ok: false; issues: ScenarioIssue[] } {
  const parsed = Scenario.safeParse(data);
  if (parsed.success) return { ok: true, scenario: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.flatMap(deepestIssues).map((issue) => ({
      path: issue.path.filter((p): p is string | number => typeof p !== "symbol"),
      message: issue.message,
      ...(issue.code === "unrecognized_keys" ? { unknownKey: issue.keys[0] } : {}),
    })),
  };
}

/**
 * The parts of the format published as named definitions ($defs) of the JSON Schema, each an
 * authoring type of types.generated.ts (scripts/scenario-types.ts); the rest is written inline.
 */
const definitions = new Map<object, string>([
  [Setup, "Setup"],
  [PlayerSetup, "PlayerSetup"],
  [CardPlacement, "CardPlacement"],
  [ScriptStep, "ScriptStep"],
  [Expectation, "Expectation"],
  [ZoneExpectation, "ZoneExpectation"],
  [ObjectExpectation, "ObjectExpectation"],
  [EventCountExpectation, "EventCountExpectation"],
  [CanUseExpectation, "CanUseExpectation"],
  [WhyNotExpectation, "WhyNotExpectation"],
  [StackItemExpectation, "StackItemExpectation"],
  [DecisionExpectation, "DecisionExpectation"],
]);

/**
 * The metadata the JSON Schema is written from: the descriptions (zod's global registry) and the
 * ids of the named definitions. A registry to zod, which only reads it (`get`).
 */
const metadata = {
  get(schema: z.core.$ZodType) {
    const meta = z.globalRegistry.get(schema);
    const id = definitions.get(schema);
    return id === undefined ? meta : { ...meta, id };
  },
} as unknown as typeof z.globalRegistry;

/** The published JSON Schema of scenario files. */
export function scenarioJsonSchema(): unknown {
  const schema = z.toJSONSchema(Scenario, {
    target: "draft-2020-12",
    unrepresentable: "any",
    io: "input",
    metadata,
    // The card vocabulary is the kernel's JSON Schema (src/core/vocabulary/spec.ts), referenced.
    override: (ctx) => {
      const def = vocabularyRefs.get(ctx.zodSchema as object);
      const target = ctx.jsonSchema as Record<string, unknown>;
      if (def) {
        for (const k of Object.keys(target)) if (k !== "description") delete target[k];
        target.$ref = `#/$defs/${def}`;
      } else if ((ctx.zodSchema as object) === EventCountExpectation) {
        for (const k of Object.keys(target)) delete target[k];
        Object.assign(target, eventCountJsonSchema());
      }
    },
  }) as Record<string, unknown>;
  const { $defs = {}, ...rest } = schema as { $defs?: Record<string, unknown> };
  // A recursive schema zod names itself (__schema0: JSON values) that only refers to the
  // vocabulary's definition: referred to by that name instead.
  const alias = new Map<string, string>();
  for (const [name, def] of Object.entries($defs)) {
    const ref = (def as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && Object.keys(def as object).length === 1) {
      alias.set(`#/$defs/${name}`, ref);
      delete $defs[name];
    }
  }
  const unalias = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(unalias);
    if (v === null || typeof v !== "object") return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v))
      out[k] = k === "$ref" ? (alias.get(x as string) ?? x) : unalias(x);
    return out;
  };
  return unalias({
    $id: "https://turnkit.dev/scenario.schema.json",
    title: "turnkit scenario",
    description: "A turnkit scenario file: a starting state, a script of decisions and expectations.",
    ...rest,
    $defs: { ...publishedVocabularyDefs(), ...$defs },
  });
}

/**
 * The vocabulary's definitions as published: without the type generator's hints, and a card's
 * fields open to a preset's own (`Preset.cardFields`; the kernel checks them when it compiles).
 */
export function publishedVocabularyDefs(): Record<string, unknown> {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v === null || typeof v !== "object") return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (k !== "tsType") out[k] = strip(x);
    return out;
  };
  const defs = strip(vocabularySpec.$defs) as Record<string, Record<string, unknown>>;
  defs.CardDef = {
    ...defs.CardDef,
    additionalProperties: {
      description:
        "A field the preset declares in Preset.cardFields (Duel Masters: civilizations, races, nameJa; Yu-Gi-Oh!: races).",
    },
  };
  return defs;
}

function eventCountJsonSchema(): SchemaNode {
  const pattern = vocabularySpec.$defs.EventPattern;
  return {
    type: "object",
    description: `Events counted in an open window: ${pattern.description}`,
    properties: {
      ...pattern.properties,
      window: {
        type: "string",
        default: EVENT_COUNT_DEFAULTS.window,
        description: "The window counted over (default turn).",
      },
      viewer: {
        type: "string",
        default: EVENT_COUNT_DEFAULTS.viewer,
        description: "The player the pattern's relative players are seen from (default P1).",
      },
      eq: { type: "integer", minimum: 0, description: "How many such events the counter must hold." },
    },
    required: ["on", "eq"],
    additionalProperties: false,
  } as SchemaNode;
}

/** The published JSON Schema of card set files (docs/card-set.schema.json): `{ cards: CardDef[] }`. */
export function cardSetJsonSchema(): unknown {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://turnkit.dev/card-set.schema.json",
    title: "turnkit card set",
    description: vocabularySpec.$defs.CardSet.description,
    type: "object",
    properties: {
      $schema: { type: "string", description: "The schema this file follows (for editors)." },
      cards: { type: "array", items: { $ref: "#/$defs/CardDef" }, description: "The card definitions." },
    },
    required: ["cards"],
    additionalProperties: false,
    $defs: publishedVocabularyDefs(),
  };
}

/** The JSON Schema as the text published in docs/card-set.schema.json. */
export function renderCardSetSchema(): string {
  return `${JSON.stringify(cardSetJsonSchema(), null, 2)}\n`;
}

/** The JSON Schema as the text published in docs/scenario.schema.json. */
export function renderScenarioSchema(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
}
