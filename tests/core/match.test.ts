/** Data predicates (src/core/match.ts) and the card vocabulary's errors (src/core/vocabulary/schema.ts). */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { Game } from "../../src/core/game.js";
import {
  countSelected,
  evalCondition,
  matchCard,
  matchEvent,
  matchObject,
  matchValue,
  printedField,
  selectObjects,
} from "../../src/core/match.js";
import type { TurnNode } from "../../src/core/preset.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { validateVocabulary } from "../../src/core/vocabulary/validate.js";
import { getPreset } from "../../src/presets/index.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};
const dragon: CardDef = {
  id: "dragon",
  name: "Bolshack Dragon",
  types: ["creature", "evolution"],
  power: 6000,
  civilizations: ["fire"],
  races: ["Armored Dragon"],
  stats: { level: 4 },
};
const elf: CardDef = {
  id: "elf",
  name: "Elf",
  types: ["creature"],
  power: 1000,
  civilizations: ["nature", "light"],
};
const spell: CardDef = { id: "spell", name: "Bolt", types: ["spell"] };

function table() {
  const game = Game.create(
    tinyPreset({
      turn,
      cards: [dragon, elf, spell],
      cardFields: {
        civilizations: { type: "array", items: { type: "string" }, description: "Civilizations." },
        races: { type: "array", items: { type: "string" }, description: "Races." },
      },
    }),
    { setup: false },
  );
  const d = game.createCard("dragon", 0, "field");
  const e = game.createCard("elf", 1, "field");
  const s = game.createCard("spell", 0, "hand");
  e.tapped = true;
  return { game: game.run(), d, e, s };
}

describe("matchers", () => {
  it("compare values: equality, lists, numbers, membership, negation, sizes", () => {
    expect(matchValue(3, 3)).toBe(true);
    expect(matchValue(["a", "b"], "b")).toBe(true);
    expect(matchValue(["a", "b"], ["a", "b"])).toBe(true);
    expect(matchValue(["a", "b"], ["b", "a"])).toBe(false);
    expect(matchValue(5, { gte: 5, lt: 6 })).toBe(true);
    expect(matchValue(6, { gte: 5, lt: 6 })).toBe(false);
    expect(matchValue("5", { gte: 1 })).toBe(false);
    expect(matchValue("fire", { in: ["fire", "water"] })).toBe(true);
    expect(matchValue(["x"], { includesAny: ["y", "x"] })).toBe(true);
    expect(matchValue(["x"], { includes: "y" })).toBe(false);
    expect(matchValue(1, { not: { eq: 1 } })).toBe(false);
    expect(matchValue(1, { ne: 2 })).toBe(true);
    expect(matchValue(["a", "b"], { size: { lte: 1 } })).toBe(false);
    expect(matchValue(undefined, { size: 0 })).toBe(false);
  });

  it("filter printed cards by type, name and characteristics, stats included", () => {
    expect(printedField(dragon, "level")).toBe(4);
    expect(printedField(dragon, "power")).toBe(6000);
    expect(matchCard(dragon, { type: "evolution" })).toBe(true);
    expect(matchCard(dragon, { type: ["spell", "creature"], name: "Bolshack Dragon" })).toBe(true);
    expect(matchCard(dragon, { name: "Elf" })).toBe(false);
    expect(matchCard(dragon, { where: { civilizations: "fire", level: { gte: 4 } } })).toBe(true);
    expect(matchCard(elf, { where: { civilizations: { size: { lte: 1 } } } })).toBe(false);
  });

  it("select objects relative to a player, by zone, state and characteristics", () => {
    const { game, d, e, s } = table();
    const ids = (sel: Parameters<typeof selectObjects>[1], viewer = 0) =>
      selectObjects(game, sel, viewer, d).map((o) => o.id);
    expect(ids({})).toEqual([d.id, e.id]);
    expect(ids({ controller: "self" })).toEqual([d.id]);
    expect(ids({ controller: "opponent" })).toEqual([e.id]);
    expect(ids({ controller: "self" }, 1)).toEqual([e.id]);
    expect(ids({ tapped: true })).toEqual([e.id]);
    expect(ids({ other: true })).toEqual([e.id]);
    expect(ids({ zone: "hand" })).toEqual([s.id]);
    expect(ids({ zone: ["hand", "field"], type: "spell" })).toEqual([s.id]);
    expect(ids({ where: { power: { gt: 2000 } } })).toEqual([d.id]);
    expect(ids({ controller: "active" })).toEqual([d.id]);
    expect(ids({ owner: "nonActive" })).toEqual([e.id]);
  });

  it("count the objects a selector matches up to a number: what the selection says, stopping there", () => {
    const sels: Parameters<typeof selectObjects>[1][] = [
      {},
      { controller: "opponent" },
      { zone: "hand" },
      { zone: ["graveyard", "hand", "mana"], owner: "self" },
      { tapped: false, other: true },
    ];
    const accepts = [undefined, (o: { inc: number }) => o.inc % 2 === 1];
    let checked = 0;
    for (const id of ["duel-masters", "yugioh", "magic"]) {
      const game = Game.create(getPreset(id), { seed: 4 }).run();
      const agent = randomAgent(4);
      for (let i = 0; i < 120 && !game.over; i++) {
        game.act(agent.choose(game));
        if (i % 10 !== 0) continue;
        const source = Object.values(game.state.objects)[i % 7];
        for (const sel of sels)
          for (const accept of accepts) {
            const all = selectObjects(game, sel, i % 2, source).filter((o) => accept?.(o) ?? true).length;
            for (const upTo of [0, 1, 2, 5, 1000]) {
              expect(countSelected(game, sel, i % 2, source, upTo, accept)).toBe(Math.min(all, upTo));
              checked++;
            }
          }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("select in the state's order of zones, whatever the order of the kinds asked, after a restore too", () => {
    // What a scan of every zone finds, in the state's order: the reference for the zone lists kept.
    const scan = (game: Game, sel: Parameters<typeof selectObjects>[1]) => {
      const kinds = sel.zone === undefined ? game.rules.inPlayKinds : [sel.zone].flat();
      const out: string[] = [];
      for (const zone of Object.values(game.state.zones))
        if (kinds.includes(zone.kind))
          for (const id of zone.cards) if (matchObject(game, game.state.objects[id]!, sel, 0)) out.push(id);
      return out;
    };
    let checked = 0;
    for (const id of ["duel-masters", "yugioh", "magic"]) {
      const game = Game.create(getPreset(id), { seed: 9 }).run();
      const kinds = [...new Set(Object.values(game.state.zones).map((z) => z.kind))];
      // A list a caller changes between two selections: its new kinds are the ones walked.
      const changing = kinds.slice(0, 2);
      const sels = [
        {},
        { zone: kinds[0]! },
        { zone: [...kinds].reverse() },
        { zone: Object.freeze(kinds.slice(1, 4)) as string[] },
        { zone: changing },
      ];
      const agent = randomAgent(9);
      const early = game.snapshot();
      for (let i = 0; i < 90 && !game.over; i++) {
        game.act(agent.choose(game));
        if (i === 45) game.restore(early);
        if (i % 15 !== 0) continue;
        for (const sel of sels) {
          expect(selectObjects(game, sel, 0).map((o) => o.id)).toEqual(scan(game, sel));
          checked++;
        }
        changing.push(changing.shift()!, kinds[(i / 15 + 2) % kinds.length]!);
        changing.splice(0, changing.length - 2);
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("zonesOf refuses what is neither a zone kind nor a list of them, by name", () => {
    const game = Game.create(getPreset("duel-masters"), { seed: 1 }).run();
    for (const bad of [3, null, { kind: "hand" }])
      expect(() => game.zonesOf(bad as unknown as string)).toThrow(
        /zonesOf takes a zone kind or a list of them, not (3|null|\{"kind":"hand"\})/,
      );
    expect(game.zonesOf("nowhere")).toEqual([]);
    expect(game.zonesOf(["hand", "nowhere"]).map((z) => z.kind)).toEqual(["hand", "hand"]);
  });

  it("a count condition compares what a full selection counts, whatever its bounds", () => {
    const game = Game.create(getPreset("duel-masters"), { seed: 6 }).run();
    const agent = randomAgent(6);
    const sels: Parameters<typeof selectObjects>[1][] = [
      {},
      { zone: "hand" },
      { zone: ["mana", "graveyard"] },
    ];
    const bounds = [0, 1, 2, 3, 5, 8];
    let checked = 0;
    for (let i = 0; i < 80 && !game.over; i++) {
      game.act(agent.choose(game));
      for (const sel of sels) {
        const n = selectObjects(game, sel, 0).length;
        for (const b of bounds)
          for (const c of [{ eq: b }, { gte: b }, { lte: b }, { gte: b, lte: b + 2 }]) {
            const want = (c.eq ?? n) === n && n >= (c.gte ?? n) && n <= (c.lte ?? n);
            expect(evalCondition(game, { count: sel, ...c }, { controller: 0 })).toBe(want);
            checked++;
          }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("match events by type, zones, relative player, own object, card and fields", () => {
    const { game, d, e } = table();
    const ev = {
      type: "move",
      player: 0,
      obj: d.id,
      card: "dragon",
      from: "hand",
      to: "field",
      data: { n: 2 },
    };
    expect(matchEvent(game, ev, { on: "move" }, 0)).toBe(true);
    expect(matchEvent(game, ev, { on: "draw" }, 0)).toBe(false);
    expect(matchEvent(game, ev, { on: "move", to: ["field", "graveyard"], from: "hand" }, 0)).toBe(true);
    expect(matchEvent(game, ev, { on: "move", from: "deck" }, 0)).toBe(false);
    expect(matchEvent(game, ev, { on: "move", player: "self" }, 0)).toBe(true);
    expect(matchEvent(game, ev, { on: "move", player: "self" }, 1)).toBe(false);
    expect(matchEvent(game, ev, { on: "move", player: "opponent" }, 1)).toBe(true);
    expect(matchEvent(game, ev, { on: "move", self: true }, 0, d)).toBe(true);
    expect(matchEvent(game, ev, { on: "move", self: true }, 0, e)).toBe(false);
    expect(matchEvent(game, ev, { on: "move", card: { type: "evolution" } }, 0)).toBe(true);
    expect(matchEvent(game, ev, { on: "move", where: { "data.n": { gte: 2 } } }, 0)).toBe(true);
    expect(matchEvent(game, ev, { on: "move", where: { "cause.name": "X" } }, 0)).toBe(false);
  });

  it("evaluate conditions: counts, turns, nodes, combinators and named functions", () => {
    const { game, d } = table();
    const at = (cond: Parameters<typeof evalCondition>[1], controller = 0) =>
      evalCondition(game, cond, { controller, obj: d });
    expect(at({ count: { controller: "self" }, eq: 1 })).toBe(true);
    expect(at({ count: {}, gte: 3 })).toBe(false);
    expect(at({ turn: "self" })).toBe(true);
    expect(at({ turn: "self" }, 1)).toBe(false);
    expect(at({ node: "main" })).toBe(true);
    expect(at({ node: ["battle"] })).toBe(false);
    expect(at({ all: [{ turn: "self" }, { not: { node: "battle" } }] })).toBe(true);
    expect(at({ any: [{ turn: "opponent" }, { fn: "always" }] })).toBe(true);
    expect(at({ fn: "never" })).toBe(false);
    expect(() => at({ fn: "missing" })).toThrow(/unknown condition function "missing"/);
  });
});

describe("card vocabulary", () => {
  it("reports every problem of a malformed card with its path", () => {
    const r = validateVocabulary("CardDef", {
      id: "",
      name: "Broken",
      types: [],
      power: "big",
      abilities: [
        { id: "t", kind: "triggered" },
        { id: "x", kind: "static", limit: { counts: "sometimes", key: "card" } },
      ],
      colour: "red",
    });
    const text = r.problems.map((p) => `${p.path}: ${p.message}`).join("\n");
    expect(text).toMatch(/^id: must not be empty/m);
    expect(text).toMatch(/^types: must not be empty/m);
    expect(text).toMatch(/^power: .*number/m);
    expect(text).toMatch(/^abilities\[0\]\.trigger: .*a triggered ability needs trigger/m);
    expect(text).toMatch(/^abilities\[1\]\.limit\.counts: "sometimes" is not one of/m);
    expect(text).toMatch(/^colour: unknown field "colour"/m);
  });

  it("accepts a well-formed card and fills defaults (a limit's window is the turn)", () => {
    const { value, problems } = validateVocabulary("CardDef", {
      id: "ok",
      name: "Ok",
      types: ["creature"],
      abilities: [{ id: "a", kind: "activated", limit: { counts: "use", key: "card" } }],
    });
    expect(problems).toEqual([]);
    expect((value as CardDef).abilities![0]!.limit).toMatchObject({ window: "turn" });
  });
});
