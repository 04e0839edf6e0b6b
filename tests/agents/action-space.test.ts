/**
 * The action space (src/agents/action-space.ts): every option of every decision of random games
 * of every preset has a slot, round-trips and is described without an id (src/testing/
 * action-space-check.ts; `npm run check:action-space -- --games 10000` runs the same check over
 * many more games); equal situations give equal slots, masks and option rows; what doesn't fit
 * a smaller space is refused, saying why.
 */
import { describe, expect, it } from "vitest";
import {
  ActionSpaceError,
  actionIndex,
  actionSpace,
  canonicalOptions,
  decodeAction,
  encodeOptions,
  legalMask,
  maskOf,
  NO_WORD,
  optionAt,
  optionFeatureNames,
  optionFeatures,
  TurnkitEnv,
  UNLISTED,
} from "../../src/agents/index.js";
import { LIMITS } from "../../src/core/bounds.js";
import { IllegalActionError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import { renewHandle } from "../../src/core/objects.js";
import { nextInt, seedRng } from "../../src/core/rng.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { checkActionSpaceGame } from "../../src/testing/action-space-check.js";
import { newGameOf } from "../../src/testing/invariants.js";

/** Random games per preset (half with the preset's random decks). */
const GAMES = 12;

describe("every option of every decision has a slot", () => {
  for (const id of presetIds()) {
    const preset = getPreset(id);
    it(`${id}: ${GAMES} random games, 0 encoding failures`, () => {
      const space = actionSpace(preset);
      expect(space.size).toBe(LIMITS.decisionOptions);
      let decisions = 0;
      for (let g = 1; g <= GAMES; g++) {
        const game = newGameOf(preset, g, g % 2 ? "random" : "sample").run();
        const r = checkActionSpaceGame(game, space, `${id}:${g}`);
        expect(r.problem).toBeNull();
        decisions += r.decisions;
      }
      expect(decisions).toBeGreaterThan(GAMES * 20);
    }, 300_000);
  }

  it("a trigger whose source went where its player can't place it (a deck) is named `gone`, not by its handle", () => {
    // Duel Masters, random decks, seed 6101: at response 225 P2 orders two Bolshack Voljaak
    // triggers, one of whose sources was shuffled into P2's deck (found by check:action-space).
    const preset = getPreset("duel-masters");
    const game = newGameOf(preset, 6101, "random").run();
    expect(checkActionSpaceGame(game, actionSpace(preset), "duel-masters:6101", 260).problem).toBeNull();
    const replay = newGameOf(preset, 6101, "random").run();
    const rng = seedRng("space:duel-masters:6101");
    for (let i = 0; i < 225; i++) {
      const d = replay.state.decision!;
      replay.act({ player: d.player, choice: d.options[nextInt(rng, d.options.length)]!.id });
    }
    const encoded = canonicalOptions(replay.viewFor(replay.state.decision!.player)).map((o) => o.encoding);
    expect(encoded).toContainEqual({ kind: "orderTriggers", refs: [], args: ["gone", "shieldUp"] });
  });

  it("the check can fail: a decision with more options than the space's slots is reported", () => {
    const preset = getPreset("magic");
    const game = Game.create(preset, { seed: 3, players: 2 }).run();
    const space = actionSpace(preset, { maxOptions: 1 });
    expect(checkActionSpaceGame(game, space, "tiny").problem).toMatch(
      /ActionSpaceError: the decision has \d+ options, more than the 1 slots/,
    );
  });
});

describe("equal situations, equal slots", () => {
  for (const id of ["duel-masters", "yugioh", "magic"]) {
    it(`${id}: two games of one seed whose handles differ give the same options, slots, masks and rows`, () => {
      const preset = getPreset(id);
      const space = actionSpace(preset, { maxOptions: 512 });
      const a = newGameOf(preset, 5, "sample");
      const b = newGameOf(preset, 5, "sample");
      b.state.handleRng = seedRng("other handles", 1);
      for (const o of Object.values(b.state.objects)) if (o.handle) renewHandle(b, o);
      a.run();
      b.run();
      const rng = seedRng("equal");
      let differentIds = 0;
      for (let i = 0; i < 300 && !a.over; i++) {
        const p = a.state.decision!.player;
        const la = canonicalOptions(a.viewFor(p));
        const lb = canonicalOptions(b.viewFor(p));
        expect(lb.map((o) => o.encoding)).toEqual(la.map((o) => o.encoding));
        expect(optionFeatures(space, lb)).toEqual(optionFeatures(space, la));
        expect([...legalMask(space, b, p)]).toEqual([...legalMask(space, a, p)]);
        if (la.some((o, k) => o.id !== lb[k]!.id)) differentIds++;
        const k = nextInt(rng, la.length);
        a.act({ player: p, choice: optionAt(space, la, k).id });
        b.act({ player: p, choice: optionAt(space, lb, k).id });
      }
      expect(b.serialize().length).toBeGreaterThan(0);
      expect(b.over).toBe(a.over);
      expect(differentIds).toBeGreaterThan(0); // handles did differ, so the check compares something
    });
  }
});

describe("arguments name seats and amounts, never ids", () => {
  it("Magic's damage assignment names the blockers by place and the amounts as =n; players by seat", () => {
    const preset = getPreset("magic");
    let assigns = 0;
    let players = 0;
    for (let g = 1; g <= 40 && (assigns === 0 || players === 0); g++) {
      const game = newGameOf(preset, g, g % 2 ? "random" : "sample").run();
      const rng = seedRng(`assign:${g}`);
      for (let i = 0; i < 3000 && !game.over; i++) {
        const d = game.state.decision!;
        for (const o of encodeOptions(game, d.player)) {
          if (o.id.startsWith("assign:")) {
            assigns++;
            const parts = o.id.slice(7).split(",");
            expect(o.encoding.refs.length + o.encoding.args.filter((x) => x.startsWith("@")).length).toBe(
              parts.length,
            );
            for (const a of o.encoding.args) expect(a).toMatch(/^(@\w+)?=\d+$/);
            expect(decodeAction(game, d.player, o.encoding)).toBe(o.id);
          }
          if (o.id.startsWith("player:")) {
            players++;
            const named = o.id.slice(7);
            const seat =
              game.state.players.find((q) => q.name === named)!.id === d.player ? "@self" : "@opponent";
            expect(o.encoding.args).toEqual([seat]);
          }
        }
        game.act({ player: d.player, choice: d.options[nextInt(rng, d.options.length)]!.id });
      }
    }
    expect(assigns).toBeGreaterThan(0);
    expect(players).toBeGreaterThan(0);
  });
});

describe("a smaller space, and what is refused", () => {
  const preset = getPreset("skirmish");

  it("the mask is 1 on the first n slots; rows have the space's width and name their numbers", () => {
    const space = actionSpace(preset, { maxOptions: 64, refSlots: 2, argSlots: 1 });
    expect(space.width).toBe(3 + 4 * 2 + 2 * 1);
    expect(optionFeatureNames(space)).toHaveLength(space.width);
    expect([...maskOf(space, 3)].slice(0, 5)).toEqual([1, 1, 1, 0, 0]);
    const game = newGameOf(preset, 1, "sample").run();
    const p = game.state.decision!.player;
    const legal = canonicalOptions(game.viewFor(p));
    const rows = optionFeatures(space, legal);
    for (const row of rows) {
      expect(row).toHaveLength(space.width);
      expect(row[0]).not.toBe(NO_WORD);
      expect(row[0]).not.toBe(UNLISTED);
    }
    expect(space.words[rows[0]![0]!]).toBe(legal[0]!.encoding.kind);
  });

  it("refuses too many options, a masked slot, an unknown option and bad sizes, saying why", () => {
    const space = actionSpace(preset, { maxOptions: 64 });
    const game = newGameOf(preset, 1, "sample").run();
    const p = game.state.decision!.player;
    const legal = canonicalOptions(game.viewFor(p));
    expect(legal.length).toBeGreaterThan(1);
    const tiny = actionSpace(preset, { maxOptions: 1 });
    expect(() => legalMask(tiny, game, p)).toThrow(/has \d+ options, more than the 1 slots/);
    expect(() => optionAt(space, legal, legal.length)).toThrow(/is masked: the decision has/);
    expect(() => optionAt(space, legal, 64)).toThrow(/outside 0…63/);
    expect(() => actionIndex(space, legal, { kind: "nothing", refs: [], args: [] })).toThrow(
      ActionSpaceError,
    );
    expect(() => actionSpace(preset, { maxOptions: 0 })).toThrow(/maxOptions must be a whole number from 1/);
    expect(() => actionSpace(preset, { maxOptions: LIMITS.decisionOptions + 1 })).toThrow(ActionSpaceError);
    expect(() => actionSpace(preset, { refSlots: 1.5 })).toThrow(/refSlots/);
  });

  it("the environment takes slots, refuses a masked one unchanged, and legal[i] is slot i", () => {
    const space = actionSpace(preset, { maxOptions: 64 });
    const env = new TurnkitEnv(preset, { space });
    const turn = env.reset(42);
    expect(turn.mask!.length).toBe(64);
    expect(turn.legal.map((o) => o.encoding)).toEqual(
      canonicalOptions(env.game.viewFor(turn.player)).map((o) => o.encoding),
    );
    const before = env.game.serialize();
    expect(() => env.step(turn.legal.length)).toThrow(IllegalActionError);
    expect(env.game.serialize()).toBe(before);
    const r = env.step(turn.legal.length - 1);
    expect(r.info.choice).toBe(turn.legal[turn.legal.length - 1]!.id);
  });
});
