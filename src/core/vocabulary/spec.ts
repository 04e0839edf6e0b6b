/**
 * The card vocabulary as data: a JSON Schema (a draft 2020-12 subset) of card definitions,
 * abilities, triggers, limits, conditions, selectors and effect ops. It is the one source of truth:
 * `validate.ts` checks cards against it when a preset is compiled (and fills its defaults),
 * `scripts/write-schema.ts` publishes it in docs/scenario.schema.json and docs/card-set.schema.json,
 * and the authoring types in `types.generated.ts` are generated from it, every `description` a
 * TSDoc comment. The keywords used: type, properties, required, additionalProperties, enum, const,
 * anyOf, items, minItems, minLength, minimum, exclusiveMinimum, $ref "#/$defs/X", default,
 * description; `tsType` is a hint for the type generator only.
 */

/** One of these names, or a single one. */
const names = (description: string) =>
  ({
    description,
    anyOf: [
      { type: "string", minLength: 1 },
      { type: "array", items: { type: "string", minLength: 1 }, minItems: 1 },
    ],
  }) as const;

const opList = (description: string) =>
  ({ description, type: "array", items: { $ref: "#/$defs/Op" }, tsType: "O[]" }) as const;

const matcherMap = (description: string) =>
  ({ description, type: "object", additionalProperties: { $ref: "#/$defs/Matcher" } }) as const;

const countComparison = {
  eq: { type: "number", description: "Holds when the number is exactly this." },
  gte: { type: "number", description: "Holds when the number is at least this." },
  lte: { type: "number", description: "Holds when the number is at most this." },
} as const;

export const vocabularySpec = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $defs: {
    Json: {
      description: "Any JSON value: null, a boolean, a number, a string, a list or a mapping.",
      tsType: "Json",
    },

    RelativePlayer: {
      description:
        'A player relative to the ability\'s controller (or, in a scenario, to the viewpoint): "self" (its controller), "opponent" (any other player), "any", "active" (whose turn it is) or "nonActive".',
      type: "string",
      enum: ["self", "opponent", "any", "active", "nonActive"],
    },

    Matcher: {
      description:
        'Compares a value. A bare value means equality (and, against a list, "the list includes it"): `fire`, `3`. Operators: `{ eq }`, `{ ne }`, `{ lt, lte, gt, gte }` (numbers), `{ includes }` (a list contains it), `{ includesAny: [...] }`, `{ in: [...] }` (the value is one of these), `{ not: Matcher }`, `{ size: Matcher }` (the length of a list).',
      anyOf: [
        {
          type: "object",
          description: "Equal to this value.",
          properties: { eq: { $ref: "#/$defs/Json", description: "The value it must equal." } },
          required: ["eq"],
          additionalProperties: false,
        },
        {
          type: "object",
          description: "Not equal to this value.",
          properties: { ne: { $ref: "#/$defs/Json", description: "The value it must not equal." } },
          required: ["ne"],
          additionalProperties: false,
        },
        {
          type: "object",
          description: "A number in a range: every bound given must hold, e.g. `{ gte: 2, lte: 5 }`.",
          properties: {
            lt: { type: "number", description: "Less than this." },
            lte: { type: "number", description: "At most this." },
            gt: { type: "number", description: "More than this." },
            gte: { type: "number", description: "At least this." },
          },
          additionalProperties: false,
          minProperties: 1,
        },
        {
          type: "object",
          description: "A list that contains this value.",
          properties: { includes: { $ref: "#/$defs/Json", description: "The value the list must contain." } },
          required: ["includes"],
          additionalProperties: false,
        },
        {
          type: "object",
          description: "A list that contains at least one of these values.",
          properties: {
            includesAny: {
              type: "array",
              items: { $ref: "#/$defs/Json" },
              description: "The values looked for.",
            },
          },
          required: ["includesAny"],
          additionalProperties: false,
        },
        {
          type: "object",
          description: "A value that is one of these.",
          properties: {
            in: { type: "array", items: { $ref: "#/$defs/Json" }, description: "The allowed values." },
          },
          required: ["in"],
          additionalProperties: false,
        },
        {
          type: "object",
          description: "The value does not match this matcher.",
          properties: { not: { $ref: "#/$defs/Matcher", description: "The matcher that must fail." } },
          required: ["not"],
          additionalProperties: false,
        },
        {
          type: "object",
          description:
            "The length of a list matches: a non-multicolored card is `civilizations: { size: { lte: 1 } }`.",
          properties: {
            size: { $ref: "#/$defs/Matcher", description: "The matcher for the list's length." },
          },
          required: ["size"],
          additionalProperties: false,
        },
        { $ref: "#/$defs/Json" },
      ],
    },

    CardFilter: {
      description:
        "Which cards, by their printed characteristics (the card definition, not the game's modified values): `{ type: creature, where: { power: { gte: 5000 } } }`.",
      type: "object",
      properties: {
        type: names(
          'Any of these card types (`types` of the card definition), e.g. "creature" or ["spell", "trap"].',
        ),
        name: names('The printed name, or any of these names, e.g. "Bolshack Dragon".'),
        where: matcherMap(
          "Field → matcher on printed characteristics: a top-level card field (cost, power, or a preset's field such as civilizations) or else one of `stats`, e.g. `{ cost: { lte: 3 } }`.",
        ),
      },
      additionalProperties: false,
    },

    Selector: {
      description:
        "Which objects in the game, as seen from the ability's controller: `{ zone: battle, controller: opponent, type: creature, where: { power: { lte: 3000 } } }`. Characteristics are the current ones (after effects), not the printed ones.",
      type: "object",
      properties: {
        zone: names(
          "Zone kinds to look in, one or several (default: the preset's in-play zones, those with `inPlay: true`).",
        ),
        owner: {
          $ref: "#/$defs/RelativePlayer",
          description: "Whose cards: the owner, relative to the controller.",
        },
        controller: {
          $ref: "#/$defs/RelativePlayer",
          description:
            'Who controls them, relative to the ability\'s controller: "opponent" for "your opponent\'s creatures".',
        },
        type: names('Any of these current card types, e.g. "creature".'),
        name: names("The current name, or any of these names."),
        where: matcherMap(
          "Characteristic → matcher on current values (as modified by effects in play): `{ power: { lte: 3000 } }`, `{ races: Dragon }`.",
        ),
        tapped: { type: "boolean", description: "Only tapped (true) or only untapped (false) objects." },
        faceDown: { type: "boolean", description: "Only face-down (true) or only face-up (false) objects." },
        other: {
          type: "boolean",
          description:
            'Exclude the ability\'s own object: "another creature" is `other: true`. false (the default) does not exclude it.',
        },
      },
      additionalProperties: false,
    },

    EventPattern: {
      description:
        'Which game events: used by triggers (`trigger`), replacement abilities (`replaces`), limits that count events and `events` conditions. `{ on: move, to: battle, player: self, other: true }` is "whenever another creature enters your battle zone".',
      type: "object",
      properties: {
        on: names(
          'The event type, or any of several: a kernel event (move, draw, tap, untap, nodeBegin, turnBegin …, see KERNEL_EVENTS) or one the preset declares in `Preset.events` (summon, cast, attack …). "If this card is sent to the GY" in Yu-Gi-Oh! is `on: [move, destroy, discard, tribute, detach, fusionMaterial], to: graveyard, self: true`.',
        ),
        player: {
          $ref: "#/$defs/RelativePlayer",
          description:
            'Whose event, relative to the ability\'s controller (the event\'s `player`: the owner for moves, the active player for node events): "self" for "your", "opponent" for "your opponent\'s".',
        },
        by: {
          $ref: "#/$defs/RelativePlayer",
          description:
            "Whose spell, ability or action caused it (the event's `cause.player`), relative to the ability's controller: \"whenever this becomes the target of a spell or ability an opponent controls\" is `{ on: targeted, self: true, by: opponent }`.",
        },
        self: {
          type: "boolean",
          description:
            'true: the event is about this ability\'s own object ("when this creature attacks"). Write nothing for "any"; `self: false` is refused: "another" is `other: true`.',
        },
        other: {
          type: "boolean",
          description:
            'true: the event is about an object other than this ability\'s own ("whenever another creature enters"). Not together with `self: true`.',
        },
        from: names('Zone kind the object came from (moves), e.g. "hand"; or any of several.'),
        to: names('Zone kind the object went to (moves), e.g. "graveyard"; or any of several.'),
        card: {
          $ref: "#/$defs/CardFilter",
          description: "A filter on the printed characteristics of the card the event is about.",
        },
        where: matcherMap(
          'Dotted event field → matcher: `{ "cause.name": "Bolshack Dragon" }`, `{ "data.count": { gte: 2 } }`.',
        ),
        oneOrMore: {
          type: "boolean",
          description:
            'true: "one or more" (CR 603.2c) — the occurrences of one event (one action, one turn-based action, one pass of state checks) count once: a trigger triggers once for them all (its effect reads the whole batch: objects `batch`, numbers `{ batch: count }`), a limit or a condition counts batches. "Whenever one or more creatures enter the battlefield under your control" is `{ on: move, to: battlefield, player: self, oneOrMore: true }`. Without it, each occurrence counts.',
        },
        noun: {
          type: "string",
          description:
            'How to say one occurrence in reasons and narration, e.g. "mana placement" gives "the first mana placement of turn 3 …".',
        },
      },
      required: ["on"],
      additionalProperties: false,
    },

    Condition: {
      description:
        "Whether something holds now: `{ turn: self }` (during your turn), `{ count: { zone: battle, controller: self }, gte: 3 }`, `{ events: { on: draw, player: self }, gte: 2 }`, `{ all: [...] }`, `{ any: [...] }`, `{ not: ... }`, `{ node: main }`, or a preset's named condition `{ fn: lastLinkIs, args: {...} }`.",
      anyOf: [
        {
          type: "object",
          description: "Every one of these conditions holds.",
          properties: {
            all: { type: "array", items: { $ref: "#/$defs/Condition" }, description: "The conditions." },
          },
          required: ["all"],
          additionalProperties: false,
        },
        {
          type: "object",
          description: "At least one of these conditions holds.",
          properties: {
            any: { type: "array", items: { $ref: "#/$defs/Condition" }, description: "The conditions." },
          },
          required: ["any"],
          additionalProperties: false,
        },
        {
          type: "object",
          description: "This condition does not hold.",
          properties: {
            not: { $ref: "#/$defs/Condition", description: "The condition that must not hold." },
          },
          required: ["not"],
          additionalProperties: false,
        },
        {
          type: "object",
          description:
            "How many objects a selector finds, compared: `{ count: { zone: shield, controller: self }, lte: 2 }`.",
          properties: {
            count: { $ref: "#/$defs/Selector", description: "The objects counted." },
            ...countComparison,
          },
          required: ["count"],
          additionalProperties: false,
        },
        {
          type: "object",
          description:
            'How many events of a pattern happened in a window, compared (counted in O(1) by a counter registered when the preset is compiled): "if you have drawn two or more cards this turn" is `{ events: { on: draw, player: self }, gte: 2 }`.',
          properties: {
            events: { $ref: "#/$defs/EventPattern", description: "The events counted." },
            window: {
              type: "string",
              default: "turn",
              description:
                'The window counted over: "turn" (the default), "game", or a window the preset opens.',
            },
            ...countComparison,
          },
          required: ["events"],
          additionalProperties: false,
        },
        {
          type: "object",
          description: 'Whose turn it is: `{ turn: self }` is "during your turn".',
          properties: {
            turn: { $ref: "#/$defs/RelativePlayer", description: "The player whose turn it must be." },
          },
          required: ["turn"],
          additionalProperties: false,
        },
        {
          type: "object",
          description:
            'The turn tree is in this node (or one of these): `{ node: main }` is "during your main step".',
          properties: {
            node: names("Turn node ids; holds when one of them is running (is on the clock's path)."),
          },
          required: ["node"],
          additionalProperties: false,
        },
        {
          type: "object",
          description: "A named condition registered by the kernel or the preset (`Preset.conditions`).",
          properties: {
            fn: { type: "string", minLength: 1, description: 'The condition\'s name, e.g. "lastLinkIs".' },
            args: {
              type: "object",
              additionalProperties: { $ref: "#/$defs/Json" },
              description:
                "Arguments passed to the condition function (with controller, obj and eventObj added by the kernel).",
            },
          },
          required: ["fn"],
          additionalProperties: false,
        },
      ],
    },

    LimitSpec: {
      description:
        'A usage limit (docs/limits.md): what is counted, the key that shares the count, the window, how many, and when it is used up. "Once per turn" is `{ counts: use, key: incarnation }`; "you can only use this effect of X once per turn" is `{ counts: use, key: namePerPlayer }`; "the first time each turn" is `{ counts: event, nth: 1, key: player }`.',
      type: "object",
      properties: {
        counts: {
          type: "string",
          enum: ["use", "trigger", "resolution", "application", "event"],
          description:
            'What is counted: "use" (activations or uses), "trigger" (each time it triggers), "resolution" (each time it resolves, e.g. a keyword), "application" (each time a static or replacement effect actually applies), "event" (occurrences of a game event, with `nth`).',
        },
        usedUp: {
          type: "string",
          enum: ["trigger", "use", "activation", "resolution", "application"],
          description:
            'When the limit is spent. Default follows counts: use → "use", event → "trigger", the others the same word. "trigger": even if the effect then does nothing (RULINGS DM-3.3); "use": on activation, even if negated (YG-1.2, YG-2.4 "use"); "activation": given back if the activation is negated (YG-2.4 "activate"); "resolution" (DM-4.1); "application" (DM-3.7).',
        },
        key: {
          type: "string",
          enum: [
            "incarnation",
            "card",
            "namePerPlayer",
            "name",
            "keywordPerPlayer",
            "group",
            "bucket",
            "player",
            "all",
          ],
          description:
            'Who shares the count: "incarnation" (this object until it changes zone or turns face-down), "card" (this card across zones), "namePerPlayer" (a player\'s cards with this printed name), "name" (every card with this name, RULINGS DM-G4), "keywordPerPlayer" (a player\'s abilities with this keyword: Ninja Strike), "group" (a player\'s abilities of a named group, YG-2.5), "bucket" (a player\'s cards with the same text, YG-3.1), "player" (a player\'s copies of this card definition), "all" (every copy of this card definition).',
        },
        name: {
          type: "string",
          minLength: 1,
          description:
            'For key "name" or "namePerPlayer": the name shared (default: the card\'s printed name, captured when used, YG-2.3).',
        },
        keyword: {
          type: "string",
          minLength: 1,
          description: 'For key "keywordPerPlayer": the keyword shared (default: the ability\'s `keyword`).',
        },
        group: {
          type: "string",
          minLength: 1,
          description:
            'For key "group" (required there): the group id, e.g. "Fluffy Bear" (RULINGS YG-2.5). With key "incarnation" or "card": the abilities of that one object in this group share the count (CR 606.3: "loyalty").',
        },
        bucket: {
          type: "string",
          minLength: 1,
          description:
            'For key "bucket" (required there): the bucket id, e.g. the shared text "You can only gain this effect once per turn." (RULINGS YG-3.1).',
        },
        window: {
          type: "string",
          minLength: 1,
          default: "turn",
          description:
            'Over what span: "turn" (the default), "game", or a window the turn tree opens ("attack", "phase", "chain", a preset\'s own such as "combat"). A limit whose window is not open refuses.',
        },
        alsoRecordIn: {
          type: "array",
          items: { type: "string", minLength: 1 },
          description:
            "Other open windows each use is also recorded in, under the same key: an ability that checks the same key over a longer (or shorter) window sees it (RULINGS DM-G3: Final Revolution records in game, Extreme Final Revolution in turn).",
        },
        ownTurnOnly: {
          type: "boolean",
          description: "Usable only during its controller's turn (RULINGS YG-2.2). Default false.",
        },
        times: {
          type: "integer",
          exclusiveMinimum: 0,
          description:
            'How many uses per window (default 1): "twice per turn" is `times: 2`. Not with `nth`.',
        },
        nth: {
          type: "integer",
          exclusiveMinimum: 0,
          description:
            'With `counts: event` only: only the Nth occurrence of the event in the window counts, whether or not the card was there (RULINGS DM-1.2): "the first time each turn" is `nth: 1`.',
        },
        event: {
          $ref: "#/$defs/EventPattern",
          description: "With `counts: event` only: the events counted (default: the ability's trigger).",
        },
        eachPlayer: {
          type: "boolean",
          description:
            "With `counts: event` only: each player's occurrences are counted apart (\"whenever an opponent draws their second card each turn\": at a trigger, only the triggering event's player's; asked beforehand, the watched player with the fewest). Default false.",
        },
        declineUsesUp: {
          type: "boolean",
          description:
            "Whether declining an optional ability spends the limit (RULINGS DM-1.3, DM-3.5 yes; DM-2.1 no). Default false.",
        },
        keepOnSelfFaceDown: {
          type: "boolean",
          description:
            "A card that turned itself face-down keeps its use after it is flipped face-up again (RULINGS YG-1.5). Default false.",
        },
        label: {
          type: "string",
          description: 'How the card says it, quoted in reasons: "once per turn", "only once per turn".',
        },
      },
      required: ["counts", "key"],
      additionalProperties: false,
    },

    Op: {
      description:
        "One effect instruction: `op` names a handler of the kernel (move, draw, choose, if, until …) or of the preset; the other fields are its arguments, e.g. `{ op: draw, player: self, n: 2 }`.",
      type: "object",
      properties: {
        op: { type: "string", minLength: 1, description: 'The op\'s name, e.g. "draw".' },
      },
      required: ["op"],
      additionalProperties: { $ref: "#/$defs/Json" },
      tsType: "AnyOp",
    },

    AbilityDef: {
      description:
        'An ability of a card: "triggered" (with `trigger`), "activated" (with `cost` and `effect`), "static" (with `static`, read by the preset), "replacement" (with `replaces` and `instead`) or "delayed" (with `trigger`: created by the `delayed` op of one of the card\'s effects, it triggers the next time its event happens, CR 603.7); any of them may have a `limit`.',
      type: "object",
      properties: {
        id: {
          type: "string",
          minLength: 1,
          description: 'Unique among the card\'s abilities; reasons and option ids name it, e.g. "zap".',
        },
        kind: {
          type: "string",
          enum: ["triggered", "activated", "static", "replacement", "delayed"],
          description:
            '"triggered" (needs `trigger`), "activated", "static" (the preset reads `static`), "replacement" (needs `replaces`) or "delayed" (needs `trigger`; made to wait by the `delayed` op: "at the beginning of the next end step", CR 603.7).',
        },
        text: {
          type: "string",
          description: "The ability's rules text, shown in options and narration.",
        },
        keyword: {
          type: "string",
          minLength: 1,
          description:
            'The named keyword this ability is an instance of ("Ninja Strike", "Ambush"): read by limits keyed "keywordPerPlayer" and by the narration.',
        },
        zones: {
          type: "array",
          items: { type: "string", minLength: 1 },
          description:
            "Zone kinds where the ability works (default: the preset's in-play zones). Ninja Strike works from the hand: `zones: [hand]`.",
        },
        trigger: {
          $ref: "#/$defs/EventPattern",
          description:
            "For triggered abilities: the events it triggers on, e.g. `{ on: attack, self: true }`.",
        },
        condition: {
          $ref: "#/$defs/Condition",
          description:
            "The ability works only while this holds: checked when it would trigger, again when it resolves, and when it would be activated.",
        },
        optional: {
          type: "boolean",
          description: 'A "you may" ability: its controller may decline it. Default false.',
        },
        timing: {
          type: "string",
          minLength: 1,
          description:
            'The preset\'s timing class for activated abilities: "main", "quick", "spellSpeed2", "response" ….',
        },
        cost: opList(
          "Ops paid on activation, before the effect: `{ op: tap, what: self }`; `choose` ops with `target: true` choose targets (CR 601.2c).",
        ),
        effect: opList("Ops run when the ability resolves, in order."),
        static: {
          type: "object",
          additionalProperties: { $ref: "#/$defs/Json" },
          description:
            "For static abilities: the preset-defined effect, e.g. `{ kind: costReduction, by: 1 }`; the preset reads it with `game.staticAbilities(kind)`.",
        },
        replaces: {
          $ref: "#/$defs/EventPattern",
          description: "For replacement abilities: the event replaced, e.g. `{ on: destroy, self: true }`.",
        },
        instead: opList("For replacement abilities: the ops run instead of the replaced event."),
        limit: {
          description: "A usage limit, or several (each checked and each charged). See docs/limits.md.",
          anyOf: [
            { $ref: "#/$defs/LimitSpec" },
            { type: "array", items: { $ref: "#/$defs/LimitSpec" }, minItems: 1 },
          ],
        },
      },
      required: ["id", "kind"],
      additionalProperties: false,
    },

    CardDef: {
      description:
        "A card definition of the library: its printed characteristics and abilities. A preset may add top-level fields (`Preset.cardFields`: Duel Masters' civilizations, races, nameJa).",
      type: "object",
      properties: {
        id: {
          type: "string",
          minLength: 1,
          description:
            'Library key, unique in the game; scenarios and decks name the card by it, e.g. "bolshack-dragon".',
        },
        name: {
          type: "string",
          minLength: 1,
          description: 'Printed name (official English or romanized), e.g. "Bolshack Dragon".',
        },
        types: {
          type: "array",
          items: { type: "string", minLength: 1 },
          minItems: 1,
          description: 'Card types, at least one: ["creature"], ["spell"], ["monster", "effect"].',
        },
        cost: {
          type: "number",
          description: "The cost to play it, in the game's units (Duel Masters mana, Magic mana value).",
        },
        power: {
          type: "number",
          description: "Printed power (Duel Masters, Magic); Yu-Gi-Oh! puts ATK in `stats`.",
        },
        keywords: {
          type: "array",
          items: { type: "string", minLength: 1 },
          description: 'Keyword abilities the preset reads by name, e.g. ["blocker", "speedAttacker"].',
        },
        stats: {
          type: "object",
          additionalProperties: { $ref: "#/$defs/Json" },
          description:
            "Other printed characteristics, by name: `{ atk: 1800, def: 1000, level: 4 }`, `{ toughness: 2 }`. Matchers and `where` read them when no top-level field has that name.",
        },
        text: { type: "string", description: "The card's rules text as printed." },
        abilities: {
          type: "array",
          items: { $ref: "#/$defs/AbilityDef" },
          description: "The card's abilities, each with an id unique on the card.",
        },
      },
      required: ["id", "name", "types"],
      additionalProperties: false,
    },

    CardSet: {
      description:
        "A card set file (YAML or JSON): card definitions a preset or a scenario loads beside the library.",
      type: "object",
      properties: {
        cards: {
          type: "array",
          items: { $ref: "#/$defs/CardDef" },
          description: "The card definitions.",
        },
      },
      required: ["cards"],
      additionalProperties: false,
    },
  },
} as const;

/** The vocabulary's named definitions. */
export type VocabularyDef = keyof typeof vocabularySpec.$defs;

/** The subset of JSON Schema the vocabulary uses (and `validate.ts` interprets). */
export interface SchemaNode {
  type?: "object" | "array" | "string" | "number" | "integer" | "boolean" | "null";
  properties?: Readonly<Record<string, SchemaNode>>;
  required?: readonly string[];
  additionalProperties?: boolean | SchemaNode;
  minProperties?: number;
  enum?: readonly unknown[];
  const?: unknown;
  anyOf?: readonly SchemaNode[];
  items?: SchemaNode;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  $ref?: string;
  default?: unknown;
  description?: string;
  /** For the type generator: the TypeScript type written for this node. */
  tsType?: string;
}
