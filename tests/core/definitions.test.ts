/**
 * Checked definitions: the silent typos of a card definition fail when the preset is
 * compiled, with a named error (preset, card, ability, field) and a "did you mean"; the vocabulary's
 * validator reports paths and fills defaults; the generated authoring types are up to date.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RUNTIME_SPEC, renderRuntimeSpec } from "../../scripts/runtime-spec.js";
import { renderVocabularyTypes, TARGET } from "../../scripts/vocabulary-types.js";
import { checkEffectKind } from "../../src/core/definition-checks.js";
import { didYouMean, editDistance } from "../../src/core/did-you-mean.js";
import { DefinitionError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import { KERNEL_EVENTS } from "../../src/core/kernel-events.js";
import type { TurnNode } from "../../src/core/preset.js";
import type { AbilityDef, CardDef, EventPattern } from "../../src/core/vocabulary/schema.js";
import { validateVocabulary, vocabularyProblems } from "../../src/core/vocabulary/validate.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", interaction: "main" }],
};

/** Compiles a tiny preset with one card holding this ability; returns the error message, or "". */
function compile(ability: Record<string, unknown>, card: Record<string, unknown> = {}): string {
  const def = {
    id: "imp",
    name: "Imp",
    types: ["creature"],
    abilities: [{ id: "zap", kind: "triggered", trigger: { on: "move" }, ...ability }],
    ...card,
  } as unknown as CardDef;
  try {
    Game.create(tinyPreset({ turn, cards: [def] }), { setup: false });
    return "";
  } catch (e) {
    expect(e).toBeInstanceOf(DefinitionError);
    return (e as Error).message;
  }
}

describe("silent typos are named errors", () => {
  it('trigger.on: "mvoe" — did you mean "move"', () => {
    expect(compile({ trigger: { on: "mvoe" } })).toMatch(
      /^preset "tiny": card "imp" ability "zap": trigger\.on: unknown event type "mvoe" \(did you mean "move"\?\)/,
    );
  });

  it('to: "feild" — did you mean "field"', () => {
    expect(compile({ trigger: { on: "move", to: "feild" } })).toMatch(
      /card "imp" ability "zap": trigger\.to: unknown zone kind "feild" \(did you mean "field"\?\)/,
    );
  });

  it('self: false — "another" is other: true; self with other contradicts', () => {
    expect(compile({ trigger: { on: "move", self: false } })).toMatch(
      /ability "zap": trigger\.self: self: false is not a filter.*other: true/,
    );
    expect(compile({ trigger: { on: "move", self: true, other: true } })).toMatch(
      /trigger\.other: self: true and other: true contradict/,
    );
  });

  it("an unknown effect kind inside until", () => {
    // biome-ignore lint/suspicious/noThenProperty: the if op's branch is named then
    const effect = [{ op: "if", if: { turn: "self" }, then: [{ op: "until", effect: { kind: "powr" } }] }];
    expect(compile({ effect })).toMatch(
      /ability "zap": effect\[0\]\.then\[0\]\.effect\.kind: unknown effect kind "powr"; the kernel and preset "tiny" read exempt/,
    );
    const preset = { ...tinyPreset({ turn }), effectKinds: { power: "a power bonus" } };
    expect(checkEffectKind(preset, "powr", "x")).toBe(
      'x: unknown effect kind "powr" (did you mean "power"?); the kernel and preset "tiny" read exempt, permission, actionLimit, power',
    );
    expect(checkEffectKind(preset, "power", "x")).toBeNull();
  });

  it("nth (or event) without counts: event, and other contradicting limit fields", () => {
    expect(compile({ limit: { counts: "use", key: "card", nth: 1 } })).toMatch(
      /ability "zap": limit\.nth: nth counts occurrences of an event: it needs counts: event, not counts: use/,
    );
    expect(compile({ limit: { counts: "use", key: "card", event: { on: "draw" } } })).toMatch(
      /limit\.event: .*needs counts: event/,
    );
    expect(compile({ limit: { counts: "event", key: "player", nth: 1, times: 2 } })).toMatch(
      /limit\.times: times and nth contradict/,
    );
    expect(compile({ limit: { counts: "use", key: "card", name: "Imp" } })).toMatch(
      /limit\.name: .*not key card/,
    );
    expect(compile({ limit: { counts: "use", key: "card", keyword: "Ambush" } })).toMatch(
      /limit\.keyword: .*keywordPerPlayer/,
    );
    expect(compile({ limit: { counts: "use", key: "player", group: "g" } })).toMatch(
      /limit\.group: group is read only by key group, incarnation or card, not key player/,
    );
    expect(compile({ limit: { counts: "use", key: "bucket" } })).toMatch(
      /limit\.bucket: key bucket needs bucket/,
    );
    expect(compile({ limit: [{ counts: "use", key: "card", window: "trun" }] })).toMatch(
      /limit\[0\]\.window: limit window "trun" is not declared by the preset \(did you mean "turn"\?\)/,
    );
  });

  it("a limit.key typo names the field, the allowed keys and the suggestion", () => {
    const message = compile({ limit: { counts: "use", key: "namePerPlayr" } });
    expect(message).toMatch(
      /card "imp" ability "zap": limit\.key: "namePerPlayr" is not one of "incarnation", "card", "namePerPlayer"/,
    );
    expect(message).toMatch(/"player" or "all" \(did you mean "namePerPlayer"\?\)/);
  });

  it("an unknown card field and an unknown ability field", () => {
    expect(compile({}, { nmae: "Imp" })).toMatch(
      /^preset "tiny": card "imp": nmae: unknown field "nmae" \(did you mean "name"\?\)/,
    );
    expect(compile({ trigerr: { on: "move" } })).toMatch(
      /card "imp" ability "zap": trigerr: unknown field "trigerr" \(did you mean "trigger"\?\)/,
    );
  });

  it("events, zone kinds and named conditions anywhere in a condition", () => {
    expect(compile({ condition: { all: [{ events: { on: "drwa" }, gte: 1 }] } })).toMatch(
      /condition\.all\[0\]\.events\.on: unknown event type "drwa" \(did you mean "draw"\?\)/,
    );
    expect(compile({ condition: { count: { zone: "hnad" }, gte: 1 } })).toMatch(
      /condition\.count\.zone: unknown zone kind "hnad" \(did you mean "hand"\?\)/,
    );
    expect(compile({ condition: { fn: "alwys" } })).toMatch(
      /condition\.fn: unknown condition "alwys" \(did you mean "always"\?\)/,
    );
    expect(compile({ zones: ["hnad"] })).toMatch(/zones\[0\]: unknown zone kind "hnad"/);
    expect(compile({ effect: [{ op: "if", if: { events: { on: "tapp" } } }] })).toMatch(
      /effect\[0\]\.if\.events\.on: unknown event type "tapp" \(did you mean "tap"\?\)/,
    );
  });

  it("a preset's declared events and card fields are accepted, and named in the suggestions", () => {
    const card = {
      id: "imp",
      name: "Imp",
      types: ["creature"],
      colour: "red",
      abilities: [{ id: "zap", kind: "triggered", trigger: { on: "summon" } }],
    } as unknown as CardDef;
    const base = tinyPreset({ turn, cards: [card] });
    const ok = {
      ...base,
      events: { summon: "A creature was summoned." },
      cardFields: { colour: { type: "string" as const, description: "The card's colour." } },
    };
    expect(() => Game.create(ok, { setup: false })).not.toThrow();
    expect(() => Game.create({ ...ok, cards: [{ ...card, colour: 3 }] }, { setup: false })).toThrow(
      /card "imp": colour: expected a string, not the number 3/,
    );
    expect(() => Game.create({ ...ok, cards: [{ ...card, colur: "red" }] }, { setup: false })).toThrow(
      /colur: unknown field "colur" \(did you mean "colour"\?\)/,
    );
    expect(() => Game.create({ ...base, cardFields: ok.cardFields }, { setup: false })).toThrow(
      /trigger\.on: unknown event type "summon"/,
    );
  });

  it("extra cards are named as such", () => {
    const extra = {
      id: "x",
      name: "X",
      types: ["creature"],
      abilities: [{ id: "a", kind: "triggered", trigger: { on: "mvoe" } }],
    };
    expect(() => Game.create(tinyPreset({ turn }), { setup: false, cards: [extra as never] })).toThrow(
      /^extra cards: card "x" ability "a": trigger\.on: unknown event type "mvoe"/,
    );
  });
});

describe("another / other", () => {
  const watcher = (pattern: EventPattern): AbilityDef => ({
    id: "watch",
    kind: "triggered",
    trigger: pattern,
    effect: [{ op: "log", text: "seen" }],
  });

  it("a trigger pattern with other: true ignores its own object's events", () => {
    const cards = [
      {
        id: "w",
        name: "Watcher",
        types: ["creature"],
        abilities: [watcher({ on: "move", to: "field", other: true })],
      },
      { id: "bear", name: "Bear", types: ["creature"] },
    ] as CardDef[];
    const game = Game.create(tinyPreset({ turn, cards }), { setup: false });
    const w = game.createCard("w", 0, "hand");
    game.createCard("w", 0, "field");
    const bear = game.createCard("bear", 0, "hand");
    game.startAt(1, 0, "main").run();
    game.move(w, "field@0");
    expect(game.state.pending.length).toBe(1); // the other Watcher saw it, not itself
    game.move(bear, "field@0");
    expect(game.state.pending.length).toBe(3); // both Watchers saw the Bear
  });

  it("a selector with other: true excludes the ability's own object", () => {
    const counts = (other: boolean) =>
      ({ id: "c", kind: "activated", condition: { count: { zone: "field", other }, gte: 1 } }) as AbilityDef;
    const cards = [
      { id: "lonely", name: "Lonely", types: ["creature"], abilities: [counts(true)] },
      { id: "self", name: "Self", types: ["creature"], abilities: [counts(false)] },
    ] as CardDef[];
    const game = Game.create(tinyPreset({ turn, cards }), { setup: false });
    const lonely = game.createCard("lonely", 0, "field");
    game.startAt(1, 0, "main").run();
    expect(game.whyNot(lonely.id, "c").map((r) => r.kind)).toContain("condition");
    const selfish = game.createCard("self", 1, "field");
    expect(game.whyNot(selfish.id, "c", { player: 1 }).map((r) => r.kind)).not.toContain("condition");
    expect(game.whyNot(lonely.id, "c").map((r) => r.kind)).not.toContain("condition");
  });
});

describe("the vocabulary validator", () => {
  it("reports paths under the given prefix and fills defaults in a copy", () => {
    const input = {
      counts: "event",
      key: "player",
      nth: 0,
      event: { on: ["move", 3], where: { "data.n": { gte: 1 } } },
    };
    const { value, problems } = validateVocabulary("LimitSpec", input, "abilities[0].limit");
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      "abilities[0].limit.nth: must be a positive integer, not 0",
      "abilities[0].limit.event.on[1]: expected a string, not the number 3",
    ]);
    expect(problems[1]!.keys).toEqual(["event", "on", 1]);
    expect(value).toMatchObject({ window: "turn" });
    expect(input).not.toHaveProperty("window");
  });

  it("picks the union branch that fits (conditions) and checks nested definitions", () => {
    expect(vocabularyProblems("Condition", { evnts: { on: "draw" }, gte: 2 }, "if")).toEqual([
      {
        path: "if.evnts",
        message: 'unknown field "evnts" (did you mean "events"?)',
        keys: ["evnts"],
        unknownKey: "evnts",
      },
      { path: "if.events", message: "is required", keys: ["events"] },
    ]);
    expect(vocabularyProblems("Selector", { zone: "field", controler: "self" }, "from")).toMatchObject([
      { path: "from.controler", message: 'unknown field "controler" (did you mean "controller"?)' },
    ]);
    expect(vocabularyProblems("Selector", { controller: "oponent" }, "from")).toMatchObject([
      {
        path: "from.controller",
        message: expect.stringMatching(/"oponent" is not one of .*\(did you mean "opponent"\?\)/),
      },
    ]);
    expect(vocabularyProblems("Matcher", { lte: 3 }, "m")).toEqual([]);
    expect(vocabularyProblems("EventPattern", { on: 5 }, "")).toMatchObject([
      { path: "on", message: "expected a string or a list of strings, not the number 5" },
    ]);
    expect(vocabularyProblems("AbilityDef", { id: "a", kind: "replacement" }, "")).toMatchObject([
      { path: "replaces", message: "is required: a replacement ability needs replaces" },
    ]);
  });

  it("suggests close names only", () => {
    expect(editDistance("mvoe", "move")).toBe(1);
    expect(didYouMean("mvoe", ["draw", "move"])).toBe("move");
    expect(didYouMean("Move", ["move"])).toBe("move");
    expect(didYouMean("xyz", ["move", "draw"])).toBeUndefined();
  });

  it("lists the kernel's events with a description each", () => {
    for (const type of ["move", "draw", "tap", "untap", "nodeBegin", "turnBegin", "trigger", "limitUsed"])
      expect(KERNEL_EVENTS[type]).toMatch(/\w/);
  });
});

describe("the generated authoring types", () => {
  it("are up to date with the vocabulary (run `npm run schema` to update)", async () => {
    expect(readFileSync(TARGET, "utf8")).toBe(await renderVocabularyTypes());
  });

  it("the validator's copy of the vocabulary is spec.ts without its documentation (`npm run schema`)", () => {
    expect(readFileSync(RUNTIME_SPEC, "utf8")).toBe(renderRuntimeSpec());
    expect(readFileSync(RUNTIME_SPEC, "utf8")).not.toMatch(/"description"/);
  });
});
