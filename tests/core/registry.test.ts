/** The rules registry (src/core/registry.ts) refuses a malformed preset or card with a readable DefinitionError. */
import { describe, expect, it } from "vitest";
import { DefinitionError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import type { TurnNode } from "../../src/core/preset.js";
import type { AbilityDef, CardDef } from "../../src/core/vocabulary/schema.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};
const token: CardDef = { id: "token", name: "Token", types: ["creature"] };
const withAbility = (a: Partial<AbilityDef>): CardDef => ({
  id: "odd",
  name: "Odd",
  types: ["creature"],
  abilities: [{ id: "a", kind: "activated", ...a } as AbilityDef],
});
const make =
  (cards: CardDef[], t: TurnNode = turn) =>
  () =>
    Game.create(tinyPreset({ turn: t, cards }), { setup: false });

describe("definition errors", () => {
  it("name a card defined twice, or an ability id used twice", () => {
    expect(make([token, token])).toThrow(DefinitionError);
    expect(make([token, token])).toThrow(/card id "token" is defined twice/);
    const twice: CardDef = {
      ...token,
      id: "t2",
      abilities: [
        { id: "a", kind: "activated" },
        { id: "a", kind: "activated" },
      ],
    };
    expect(make([twice])).toThrow(/ability id is used twice/);
    expect(() => Game.create(tinyPreset({ turn, cards: [token] }), { setup: false, cards: [token] })).toThrow(
      /card id "token" is defined twice/,
    );
  });

  it("name an unknown zone, an undeclared window and incomplete limit keys", () => {
    expect(make([withAbility({ zones: ["limbo"] })])).toThrow(/unknown zone kind "limbo"/);
    expect(make([withAbility({ limit: { counts: "use", key: "card", window: "chain" } })])).toThrow(
      /limit window "chain" is not declared by the preset/,
    );
    expect(make([withAbility({ limit: { counts: "use", key: "group", window: "turn" } })])).toThrow(
      /key group needs group/,
    );
    expect(make([withAbility({ limit: { counts: "use", key: "bucket", window: "turn" } })])).toThrow(
      /key bucket needs bucket/,
    );
    expect(make([withAbility({ limit: { counts: "event", key: "card", window: "turn" } })])).toThrow(
      /a limit that counts events needs event or a trigger/,
    );
  });

  it("name a turn node id used twice", () => {
    const dup: TurnNode = {
      ...turn,
      children: [...turn.children!, { id: "main", label: "Again", kind: "step" }],
    };
    expect(make([token], dup)).toThrow(/turn node id "main" is used twice/);
  });

  it("name an unknown card when asked for one", () => {
    const game = make([token])();
    const before = game.serialize();
    expect(() => game.createCard("ghost", 0, "hand")).toThrow(/unknown card "ghost"/);
    expect(() => game.createCard("token", 0, "limbo")).toThrow(/no zone kind "limbo"/);
    expect(game.serialize()).toBe(before);
    expect(() => game.ability("token", "zap")).toThrow(/card "token" has no ability "zap"/);
  });
});

describe("the compiled turn tree", () => {
  const odd: TurnNode = {
    label: "Turn",
    id: "turn",
    children: [
      { id: "a", label: "A", kind: "step", interaction: "main", windows: ["phase"] },
      { kind: "step", label: "B", id: "b", onDemand: true, ...{ note: "a preset's own field" } },
    ],
  };

  for (const id of presetIds())
    it(`${id}: every node has one shape, its children compiled`, () => {
      const rules = Game.create(getPreset(id), { seed: 1 }).rules;
      const shapes = new Set([...rules.nodes.values()].map((n) => Object.keys(n).join(",")));
      expect(shapes.size).toBe(1);
      for (const n of rules.nodes.values())
        for (const c of n.children ?? []) {
          expect(rules.node(c.id)).toBe(c);
          expect(c.parent).toBe(n.id);
          expect(c.depth).toBe(n.depth + 1);
        }
    });

  it("keeps a preset's own fields, and the fingerprint reads the tree as given", () => {
    const game = make([token], odd)();
    const b = game.rules.node("b") as unknown as Record<string, unknown>;
    expect(b.note).toBe("a preset's own field");
    expect(b.onDemand).toBe(true);
    // The tree's fingerprint as saves and replays recorded it before the compiled children had
    // places of their own: a save made then still loads.
    expect(game.state.madeBy.rules.turn).toBe("eccb911a2a9c0aab");
  });
});

describe("the card library", () => {
  for (const id of presetIds())
    it(`${id}: every card has one shape, every ability one shape, and each says what it was given`, () => {
      const rules = Game.create(getPreset(id), { seed: 1 }).rules;
      const shapes = new Set([...rules.cards.values()].map((c) => Object.keys(c).join(",")));
      expect(shapes.size).toBe(1);
      const abilities = [...rules.cards.values()].flatMap((c) => c.abilities ?? []);
      expect(new Set(abilities.map((a) => Object.keys(a).join(","))).size).toBeLessThanOrEqual(1);
      // A field a card lacks is undefined: its serialization is the card's own.
      for (const c of getPreset(id).cards.slice(0, 5)) {
        const given = JSON.parse(JSON.stringify(c)) as Record<string, unknown>;
        const stored = JSON.parse(JSON.stringify(rules.card(c.id))) as Record<string, unknown>;
        for (const k of Object.keys(given)) expect(stored[k], `${c.id}.${k}`).toBeDefined();
        for (const k of Object.keys(stored)) expect(given[k], `${c.id}.${k}`).toBeDefined();
        expect(stored.abilities === undefined).toBe(given.abilities === undefined);
      }
    });
});

describe("Rules.eventRules", () => {
  const fromMaps = (r: Game["rules"], type: string) => ({
    counters: r.countersByType.get(type),
    triggerNodes: r.triggerNodes.get(type),
    delayed: r.delayedTypes.has(type),
    triggerZones: r.triggerZones.get(type),
    lookBack: r.lookBackTypes.has(type),
    hidden: r.hiddenTriggers.has(type),
    quietAll: r.stateChecks.quiet.has(type),
    quietBy: r.stateChecks.ignoredBy.get(type),
  });
  const typesOf = (r: Game["rules"]) =>
    new Set([
      ...r.countersByType.keys(),
      ...r.triggerNodes.keys(),
      ...r.delayedTypes,
      ...r.triggerZones.keys(),
      ...r.lookBackTypes,
      ...r.hiddenTriggers.keys(),
      ...r.stateChecks.ignoredBy.keys(),
      "nodeBegin",
      "no such type",
    ]);

  for (const id of presetIds())
    it(`${id}: says what the rules' maps say, for every type they name`, () => {
      const game = Game.create(getPreset(id), { seed: 1 }).run();
      for (const type of typesOf(game.rules))
        expect(game.rules.eventRules(type), type).toEqual(fromMaps(game.rules, type));
    });

  it("follows a counter registered at run time", () => {
    const r = Game.create(getPreset("lab"), { seed: 1, privateRules: true }).rules;
    expect(r.eventRules("nodeBegin").counters).toBeUndefined();
    const spec = r.registerCounter({ on: "nodeBegin" }, "turn");
    expect(r.eventRules("nodeBegin").counters).toEqual([spec]);
  });

  for (const id of presetIds())
    it(`${id}: a bookkeeping event's flags hold its record once made, and none after a registration`, () => {
      const game = Game.create(getPreset(id), { seed: 1, privateRules: true });
      for (let i = 0; i < 30 && !game.over; i++) game.run().act(game.state.decision!.options[0]!.id);
      const r = game.rules;
      for (const [type, flags] of Object.entries(r.bookkeeping))
        if (flags.typeRules !== undefined) expect(flags.typeRules, type).toBe(r.eventRules(type));
      expect(r.bookkeeping.nodeBegin.typeRules).toBeDefined(); // the game's node events made it
      r.registerCounter({ on: "nodeEnd" }, "turn");
      for (const flags of Object.values(r.bookkeeping)) expect(flags.typeRules).toBeUndefined();
      expect(r.eventRules("nodeEnd").counters).toHaveLength(1);
      expect(r.bookkeeping.nodeEnd.typeRules).toBe(r.eventRules("nodeEnd"));
    });
});
