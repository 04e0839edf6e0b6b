/**
 * Search sees only what its player may know (DESIGN: nothing a player is given depends on a card
 * hidden from them), proved by property over deep random states of every preset: game B is game
 * A with two cards hidden from player P exchanged, ids and all (src/testing/hidden-pair.ts: a Set
 * card and a card of its owner's deck, a card in the opponent's hand and one in their deck …).
 * P can't tell A from B, so everything P's side computes must be the same in both:
 * - `determinize(game, P, rng)` with the same rng state: the same identity in every place (what P
 *   could tell apart), and the same sample byte for byte; `determinizer(…).deal` likewise;
 * - the ISMCTS agent with the same seed: the same choice and the same search statistics;
 * - the agent API: observation (view and features), encoded options, option features (the
 *   action space's rows), legal-action mask, and the
 *   environment's turn (`TurnkitEnv.turnOf`, `last`).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ActionSpace, actionSpace, legalMask, optionFeatures } from "../../src/agents/action-space.js";
import { determinize, determinizer } from "../../src/agents/determinize.js";
import { canonicalOptions, encodeOptions } from "../../src/agents/encoding.js";
import { TurnkitEnv } from "../../src/agents/env.js";
import { ismctsAgent } from "../../src/agents/ismcts.js";
import { observe } from "../../src/agents/observe.js";
import type { Game } from "../../src/core/game.js";
import type { Preset } from "../../src/core/preset.js";
import { nextInt, seedRng } from "../../src/core/rng.js";
import type { PlayerId } from "../../src/core/types.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { hiddenPair } from "../../src/testing/hidden-pair.js";
import { newGameOf } from "../../src/testing/invariants.js";

const RUNS = Number(process.env.TURNKIT_PROPERTY_RUNS ?? 12) * 2;
const SAMPLES = 3;
const tiny = { iterations: 8, rolloutLimit: 25 };

/**
 * A game after 20 to 300 random responses (sample decks on even seeds, random decks on odd),
 * stopped at a decision with two options or more; null if the game ended first.
 */
function deepGame(preset: Preset, seed: number): Game | null {
  const g = newGameOf(preset, seed, seed % 2 ? "random" : "sample").run();
  const rng = seedRng(`fair-deep:${seed}`);
  const steps = 20 + nextInt(rng, 281);
  for (let i = 0; i < steps && !g.over; i++) {
    const d = g.state.decision!;
    g.act(d.options[nextInt(rng, d.options.length)]!.id);
  }
  for (let i = 0; i < 200 && !g.over && g.state.decision!.options.length < 2; i++)
    g.act(g.state.decision!.options[0]!.id);
  return g.over ? null : g;
}

function liveDeepGame(preset: Preset, seed: number): Game | null {
  for (let k = 0; k < 10; k++) {
    const g = deepGame(preset, seed + k * 7919);
    if (g) return g;
  }
  return null;
}

/** What P could tell apart in a sample: the identity in every place (zone, position, under position). */
function identities(g: Game): string {
  const s = g.state;
  const cards = (id: string): unknown => {
    const o = s.objects[id]!;
    return o.under.length === 0 ? o.card : [o.card, o.under.map(cards)];
  };
  return JSON.stringify(Object.keys(s.zones).map((z) => [z, s.zones[z]!.cards.map(cards)]));
}

/** The first JSON path where two serialized states differ, with both values there; null if equal. */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  const walk = (x: unknown, y: unknown, path: string): string | null => {
    if (x === y) return null;
    if (x === null || y === null || typeof x !== "object" || typeof y !== "object")
      return `${path}: ${JSON.stringify(x)?.slice(0, 200)} vs ${JSON.stringify(y)?.slice(0, 200)}`;
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) {
      const d = walk((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  };
  return walk(JSON.parse(a), JSON.parse(b), "state") ?? "the same members in another order";
}

/** A result, or the error it threw (its kind and words): two sides must agree either way. */
function outcome<T>(f: () => T): T | { threw: string } {
  try {
    return f();
  } catch (e) {
    return { threw: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

/** An environment over an existing game (its `reset` makes a new one). */
function envOver(preset: Preset, game: Game, space: ActionSpace): TurnkitEnv {
  const env = new TurnkitEnv(preset, { space, players: game.state.players.length });
  (env as unknown as { gameOrNull: Game }).gameOrNull = game;
  return env;
}

const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 });

for (const id of presetIds()) {
  const preset = getPreset(id);
  describe(`${id}: search sees only what its player may know`, () => {
    // A space of 256 slots: a decision with more options would be refused alike in both games.
    const space = actionSpace(preset, { maxOptions: 256 });

    it("gives P the same determinizations, search, observation, encoding and mask in two games that differ only in cards hidden from P", () => {
      let compared = 0;
      let followed = 0;
      let searched = 0;
      fc.assert(
        fc.property(seeds, fc.boolean(), (seed, deciderObserves) => {
          const a = liveDeepGame(preset, seed);
          if (!a) return;
          const decider = a.state.decision!.player;
          const p: PlayerId = deciderObserves ? decider : (decider + 1) % a.state.players.length;
          const pair = hiddenPair(a, p, seedRng(`fair-pair:${seed}`));
          if (!pair) return;
          const b = pair.game;
          const where = `seed ${seed}, P${p + 1}, swapped ${pair.swapped.join(" and ")}`;
          compared++;
          if (pair.followed) followed++;

          // The agent API: from P's view alone.
          expect(observe(b, p), where).toEqual(observe(a, p));
          expect(encodeOptions(b, p), where).toEqual(encodeOptions(a, p));
          const rows = (g: Game) => optionFeatures(space, canonicalOptions(g.viewFor(p)));
          expect(rows(b), where).toEqual(rows(a));
          expect(
            outcome(() => [...legalMask(space, b, p)]),
            where,
          ).toEqual(outcome(() => [...legalMask(space, a, p)]));
          const envA = envOver(preset, a, space);
          const envB = envOver(preset, b, space);
          expect(
            outcome(() => envB.turnOf(p)),
            where,
          ).toEqual(outcome(() => envA.turnOf(p)));
          expect(
            outcome(() => envB.last(p)),
            where,
          ).toEqual(outcome(() => envA.last(p)));

          // Determinizations: the same rng state deals the same cards to the same places.
          for (let k = 0; k < SAMPLES; k++) {
            const da = outcome(() => determinize(a, p, seedRng(`fair-det:${seed}:${k}`)));
            const db = outcome(() => determinize(b, p, seedRng(`fair-det:${seed}:${k}`)));
            if ("threw" in da || "threw" in db) {
              expect(db, where).toEqual(da);
              expect((da as { threw: string }).threw).toMatch(/^DeterminizeError/);
              continue;
            }
            expect(identities(db), `${where}: sample ${k}'s cards by place`).toBe(identities(da));
            expect(firstDifference(da.serialize(), db.serialize()), `${where}: sample ${k}`).toBeNull();
          }
          // Many samples of one position, as a search draws them.
          const sa = outcome(() => determinizer(a, p, { log: false }));
          const sb = outcome(() => determinizer(b, p, { log: false }));
          if (!("threw" in sa) && !("threw" in sb)) {
            const ra = seedRng(`fair-deal:${seed}`);
            const rb = seedRng(`fair-deal:${seed}`);
            for (let k = 0; k < SAMPLES; k++) {
              const da = outcome(() => sa.deal(ra));
              const db = outcome(() => sb.deal(rb));
              if ("threw" in da || "threw" in db) {
                expect(db, where).toEqual(da);
                expect((da as { threw: string }).threw).toMatch(/^DeterminizeError/);
                continue;
              }
              expect(identities(db), `${where}: deal ${k}'s cards by place`).toBe(identities(da));
              expect(firstDifference(da.serialize(), db.serialize()), `${where}: deal ${k}`).toBeNull();
            }
          } else expect(sb, where).toEqual(sa);

          // The search: the same choice and the same statistics for the same seed.
          if (p === decider) {
            const searchOf = (g: Game) => {
              const agent = ismctsAgent({ ...tiny, seed: `fair:${seed}` });
              const choice = agent.choose(g);
              const { ms: _, ...stats } = agent.lastStats!;
              return { choice, stats };
            };
            expect(searchOf(b), where).toEqual(searchOf(a));
            searched++;
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      expect(compared).toBeGreaterThan(RUNS / 2);
      expect(searched).toBeGreaterThan(0);
      // Presets with face-down cards a player follows (shields, Set cards, the Extra Deck) exchange them too.
      if (["duel-masters", "duel-masters-play", "yugioh"].includes(id)) expect(followed).toBeGreaterThan(0);
    }, 600_000);
  });
}
