/**
 * Invariants of DESIGN.md, checked with fast-check over seeds and random legal responses for every
 * registered preset: determinism, serialization round trip, snapshot/restore, card conservation,
 * illegal actions refused without change, and views that never leak a hidden card's identity.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Game } from "../../src/core/game.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import {
  conservationProblems,
  illegalActionProblems,
  leaks,
  type Seen,
  savePoint,
  savePointProblems,
  unredacted,
  visibleIn,
} from "../../src/testing/invariants.js";
import { gameMaker, playRandom, replay } from "../support/play.js";

const MAX_ACTIONS = 250;
const RUNS = Number(process.env.TURNKIT_PROPERTY_RUNS ?? 12);
const seed = fc.integer({ min: 1, max: 2 ** 31 - 1 });

/** No card lost, duplicated or created; each card in the zone (or under the card) it says (src/testing/invariants.ts). */
function conserved(game: Game): void {
  expect(conservationProblems(game), "cards are not conserved").toEqual([]);
}

for (const id of presetIds()) {
  const preset = getPreset(id);
  const maker = gameMaker(preset);
  if ("skip" in maker) {
    describe.skip(`${id}: game invariants — SKIPPED, no random game can start: ${maker.skip}`, () => {
      it("needs a preset that can start a game", () => {});
    });
    continue;
  }
  const newGame = (s: number): Game => maker.make(s);
  describe(`${id}: game invariants`, () => {
    it("is deterministic: same seed and responses give the same state, byte for byte", () => {
      fc.assert(
        fc.property(seed, (s) => {
          const a = newGame(s);
          const taken = playRandom(a, s, MAX_ACTIONS);
          const b = replay(newGame(s), taken);
          expect(b.serialize()).toBe(a.serialize());
        }),
        { numRuns: RUNS },
      );
    });

    it("plays the same with the log off: only the log differs (unheard events keep their seq)", () => {
      fc.assert(
        fc.property(seed, (s) => {
          const full = newGame(s);
          const taken = playRandom(full, s, MAX_ACTIONS);
          const quiet = newGame(s);
          quiet.state.logging = "none";
          replay(quiet, taken);
          const withoutLog = (g: Game) => JSON.stringify({ ...g.state, log: [], logging: "" });
          expect(withoutLog(quiet)).toBe(withoutLog(full));
          expect(quiet.state.log.length).toBeLessThan(full.state.log.length);
        }),
        { numRuns: RUNS },
      );
    });

    it("survives a JSON round trip and snapshot/restore at any point", () => {
      fc.assert(
        fc.property(seed, fc.nat({ max: MAX_ACTIONS }), (s, cut) => {
          const game = newGame(s);
          const taken = playRandom(game, s, MAX_ACTIONS);
          const at = Math.min(cut, taken.length);
          const head = replay(newGame(s), taken.slice(0, at));
          // The saved JSON deserializes to itself and, given the rest, ends as the game did; the
          // head, played on, ends as the game did; restoring its snapshot gives the saved state.
          const point = savePoint(head, at);
          replay(head, taken.slice(at));
          expect(savePointProblems(preset, head, point, taken.slice(at), game.serialize())).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    });

    it("conserves cards after every action", () => {
      fc.assert(
        fc.property(seed, (s) => {
          const game = newGame(s);
          conserved(game);
          playRandom(game, s, MAX_ACTIONS, conserved);
        }),
        { numRuns: RUNS },
      );
    });

    it("refuses an illegal action and changes nothing", () => {
      fc.assert(
        fc.property(
          seed,
          fc.nat({ max: 60 }),
          fc.string({ minLength: 1, maxLength: 12 }),
          (s, steps, junk) => {
            const game = newGame(s);
            playRandom(game, s, steps);
            if (game.over) return;
            // A junk choice (/is not an option/), another player's answer (/cannot answer/) and a
            // stale decision id are each refused with IllegalActionError, the state byte-identical.
            expect(illegalActionProblems(game, junk)).toEqual([]);
          },
        ),
        { numRuns: RUNS },
      );
    });

    it("never shows a player the identity (id or printed name) of a card hidden from them", () => {
      fc.assert(
        fc.property(seed, (s) => {
          const game = newGame(s);
          const seen: Seen[] = game.state.players.map(() => ({ ids: new Set(), names: new Set() }));
          let checked = 0;
          const check = (g: Game): void => {
            for (const p of g.state.players) {
              const view = g.viewFor(p.id);
              const visible = visibleIn(view);
              const found = leaks(g, JSON.stringify(view), visible, seen[p.id]!);
              expect(
                found,
                `${p.name}'s view names cards hidden from them (redact with seenBy on events, private on decisions or options): ${found.join("; ")}`,
              ).toEqual([]);
              checked += Object.keys(g.state.objects).length - visible.ids.size;
              for (const id of visible.ids) seen[p.id]!.ids.add(id);
              for (const n of visible.names) seen[p.id]!.names.add(n);
            }
          };
          check(game);
          playRandom(game, s, MAX_ACTIONS, check);
          expect(checked).toBeGreaterThan(0);
        }),
        { numRuns: Math.max(3, Math.floor(RUNS / 2)) },
      );
    });

    it("the hidden-identity check can fail: a view that forgot to hide would be caught", () => {
      const game = newGame(1);
      const none: Seen = { ids: new Set(), names: new Set() };
      for (const p of game.state.players) {
        const visible = visibleIn(game.viewFor(p.id));
        expect(leaks(game, JSON.stringify(game.viewFor(p.id)), visible, none)).toEqual([]);
        const found = leaks(game, unredacted(game), visible, none);
        expect(found.some((f) => f.startsWith("id "))).toBe(true);
        // Names too, unless every hidden card shares its name with a card the player can see.
        const hiddenNames = Object.values(game.state.objects)
          .filter((o) => !visible.ids.has(o.id))
          .map((o) => game.rules.card(o.card).name)
          .filter((n) => !visible.names.has(n));
        if (hiddenNames.length > 0) expect(found.some((f) => f.startsWith("name "))).toBe(true);
      }
    });
  });
}
