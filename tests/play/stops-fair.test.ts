/**
 * Stops and auto-pass reveal no hidden card (DESIGN: nothing a player is given depends on a card
 * hidden from them), proved by property over deep random states of every preset: game B is game A
 * with two cards hidden from player P exchanged, ids and all (src/testing/hidden-pair.ts). P can't
 * tell A from B, so the policy must answer P's decision the same way in both — with every setting
 * a seat can have: default stops, none, all, auto-pass off, and each "pass until …" mode.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Game } from "../../src/core/game.js";
import type { Preset } from "../../src/core/preset.js";
import { nextInt, seedRng } from "../../src/core/rng.js";
import type { PlayerId } from "../../src/core/types.js";
import { autoAnswer, defaultSeatStops, type SeatStops, stopTableOf } from "../../src/play/index.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { hiddenPair } from "../../src/testing/hidden-pair.js";
import { newGameOf } from "../../src/testing/invariants.js";

const RUNS = Number(process.env.TURNKIT_PROPERTY_RUNS ?? 12) * 2;

/** A game after 20 to 300 random responses (sample decks on even seeds, random on odd); null if it ended. */
function deepGame(preset: Preset, seed: number): Game | null {
  for (let k = 0; k < 10; k++) {
    const s = seed + k * 7919;
    const g = newGameOf(preset, s, s % 2 ? "random" : "sample").run();
    const rng = seedRng(`stops-deep:${s}`);
    const steps = 20 + nextInt(rng, 281);
    for (let i = 0; i < steps && !g.over; i++) {
      const d = g.state.decision!;
      g.act(d.options[nextInt(rng, d.options.length)]!.id);
    }
    if (!g.over) return g;
  }
  return null;
}

/** Every kind of setting a seat can have in this game. */
function settingsOf(preset: string, turn: number): SeatStops[] {
  const base = defaultSeatStops(preset);
  const all = stopTableOf(preset).stops.map((s) => s.id);
  return [
    base,
    { ...base, stops: [] },
    { ...base, stops: all },
    { ...base, autoPass: false },
    { ...base, mode: { kind: "endOfTurn", turn } },
    { ...base, mode: { kind: "untilSomething", turn } },
    { ...base, mode: { kind: "untilSomething", turn: turn - 1 } },
  ];
}

for (const id of presetIds()) {
  const preset = getPreset(id);
  describe(`${id}: stops and auto-pass see only what the seat may know`, () => {
    it("answer the seat's decision the same way in two games that differ only in cards hidden from it", () => {
      let compared = 0;
      let answered = 0;
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.boolean(), (seed, deciderObserves) => {
          const a = deepGame(preset, seed);
          if (!a) return;
          const decider = a.state.decision!.player;
          const p: PlayerId = deciderObserves ? decider : (decider + 1) % a.state.players.length;
          const pair = hiddenPair(a, p, seedRng(`stops-pair:${seed}`));
          if (!pair) return;
          const b = pair.game;
          const where = `seed ${seed}, P${p + 1}, swapped ${pair.swapped.join(" and ")}`;
          compared++;
          for (const seat of settingsOf(id, a.state.clock.turn.id)) {
            const ra = autoAnswer(a.viewFor(p), seat);
            const rb = autoAnswer(b.viewFor(p), seat);
            expect(rb, where).toEqual(ra);
            if (ra.answer) answered++;
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      expect(compared).toBeGreaterThan(RUNS / 2);
      expect(answered).toBeGreaterThan(0);
    }, 600_000);
  });
}
