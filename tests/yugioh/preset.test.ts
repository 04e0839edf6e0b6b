/**
 * yugioh() rules through the public API: Set cards stay hidden from the opponent (options, view,
 * narration), a Flip Summon reveals, illegal choices are refused with the state unchanged.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import { zoneId } from "../../src/core/objects.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { yugioh } from "../../src/presets/yugioh/index.js";

// These tests script rules, not the prompts that keep hands secret (tests/properties cover those).
const FAST = { leakyFastPath: true };

function board(): { game: Game; raider: string; giant: string } {
  const game = Game.create(yugioh(), { seed: 1, setup: false, options: FAST });
  for (let p = 0; p < 2; p++) for (let i = 0; i < 3; i++) game.createCard("celtic-guardian", p, "deck");
  const raider = game.createCard("vorse-raider", 0, "monster");
  raider.vars.pos = "atk";
  const giant = game.createCard("giant-soldier-of-stone", 1, "monster", { faceDown: true });
  giant.vars.pos = "def";
  game.startAt(3, 0, "main1").run();
  return { game, raider: raider.id, giant: giant.id };
}

describe("yugioh: hidden Set monsters", () => {
  it("names a face-down attack target by position, never by id or name", () => {
    const { game, raider, giant } = board();
    game.act("battle");
    const ids = game.legalActions().map((a) => a.choice);
    const r = game.obj(raider).handle;
    expect(ids).toEqual([`attack:${r}:set1`, "pass"]);
    const text = JSON.stringify({ d: game.state.decision, v: game.viewFor(0) });
    expect(text).not.toContain(`"${giant}"`);
    expect(JSON.stringify(game.viewFor(0).zones)).not.toContain("Giant Soldier of Stone");
    game.act(`attack:${r}:set1`);
    // Flipped face-up at the start of the Damage Step; 1900 ATK against 2000 DEF: 100 to P1.
    expect(game.obj(giant).faceDown).toBe(false);
    expect(game.state.players[0]!.vars.lp).toBe(7900);
    expect(game.obj(giant).zone).toBe(zoneId("monster", 1));
  });

  it("tells the opponent only that a monster was Set", () => {
    const game = Game.create(yugioh(), { seed: 1, setup: false, options: FAST });
    for (let p = 0; p < 2; p++) for (let i = 0; i < 3; i++) game.createCard("celtic-guardian", p, "deck");
    const elf = game.createCard("mystical-elf", 0, "hand");
    game.startAt(3, 0, "main1").run();
    game.act(`set:${elf.handle}`);
    const theirs = JSON.stringify(game.viewFor(1));
    expect(theirs).not.toContain("Mystical Elf");
    expect(theirs).not.toContain(`"${elf.id}"`);
    expect(JSON.stringify(game.viewFor(0))).toContain("Mystical Elf");
  });
});

describe("yugioh: refusals", () => {
  it("refuses an option that is not offered and changes nothing", () => {
    const { game, giant } = board();
    const before = game.serialize();
    expect(() => game.act(`attack:x:${giant}`)).toThrow();
    expect(game.serialize()).toBe(before);
  });

  it("does not offer a Flip Summon of a monster Set this turn, offers it the next turn", () => {
    const game = Game.create(yugioh(), { seed: 1, setup: false, options: FAST });
    for (let p = 0; p < 2; p++) for (let i = 0; i < 3; i++) game.createCard("celtic-guardian", p, "deck");
    const elf = game.createCard("mystical-elf", 0, "hand");
    game.startAt(3, 0, "main1").run();
    game.act(`set:${elf.handle}`);
    expect(game.legalActions().map((a) => a.choice)).not.toContain(`flip:${elf.handle}`);
    while (game.state.clock.turn.id < 5 || !game.state.clock.path.includes("main1")) game.act("pass");
    game.act(`flip:${elf.handle}`);
    expect(game.obj(elf.id).faceDown).toBe(false);
    expect(game.state.log.some((e) => e.type === "flipSummon" && e.name === "Mystical Elf")).toBe(true);
  });
});

describe("yugioh: new decisions and ops refuse bad input", () => {
  it("refuses a wrong answer to a Fusion, a Xyz material or a coin call, state unchanged", () => {
    const game = Game.create(yugioh(), { seed: 2, setup: false, options: FAST });
    for (let p = 0; p < 2; p++) for (let i = 0; i < 3; i++) game.createCard("celtic-guardian", p, "deck");
    const poly = game.createCard("polymerization", 0, "hand");
    const cg = game.createCard("celtic-guardian", 0, "hand");
    game.createCard("flame-manipulator", 0, "hand");
    game.createCard("masaki-the-legendary-swordsman", 0, "monster");
    const fs = game.createCard("flame-swordsman", 0, "extra", { faceDown: true });
    game.startAt(3, 0, "main1").run();
    game.act(`activate:${poly.handle}:activate`);
    expect(game.state.decision?.kind).toBe("fusion");
    let before = game.serialize();
    expect(() => game.act(`fusion:${cg.handle}`)).toThrow(/not an option|fusion:/);
    expect(game.serialize()).toBe(before);
    game.act(`fusion:${fs.handle}`);
    expect(game.state.decision?.kind).toBe("fusionMaterial");
    before = game.serialize();
    expect(() => game.act(`material:${cg.handle}`)).toThrow();
    expect(game.serialize()).toBe(before);
  });

  it("names the card, the ability and the missing field of a malformed new op", () => {
    const bad = {
      id: "broken-equip",
      name: "Broken Equip",
      types: ["monster", "effect"],
      stats: { level: 4, atk: 1000, def: 1000 },
      abilities: [{ id: "equip", kind: "activated" as const, effect: [{ op: "equipSelf" }] }],
    };
    expect(() => Game.create(yugioh(), { cards: [bad] })).toThrow(/Broken Equip|broken-equip/);
    expect(() => Game.create(yugioh(), { cards: [bad] })).toThrow(/equipSelf.*needs to/);
  });

  it("refuses the Pendulum increment's ops and an empty trigger type list, naming card and field", () => {
    const card = (id: string, ability: object) => ({
      id,
      name: id,
      types: ["monster", "effect", "pendulum"],
      stats: { level: 4, atk: 0, def: 0, scale: 1 },
      abilities: [{ id: "a", kind: "activated", ...ability }],
    });
    const create = (c: object) => () => Game.create(yugioh(), { cards: [c as CardDef] });
    expect(create(card("bad-scale", { effect: [{ op: "scaleBecomes" }] }))).toThrow(
      /bad-scale.*ability "a".*scaleBecomes.*needs of/,
    );
    expect(create(card("bad-destroy", { effect: [{ op: "destroy" }] }))).toThrow(
      /bad-destroy.*destroy.*needs what/,
    );
    expect(
      create(card("bad-trigger", { kind: "triggered", trigger: { on: [], self: true }, effect: [] })),
    ).toThrow(/bad-trigger.*trigger\.on/);
  });
});
