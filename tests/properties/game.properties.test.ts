/**
 * Invariants of DESIGN.md, checked with fast-check over seeds and random legal responses for every
 * registered preset: determinism, serialization round trip, snapshot/restore, card conservation,
 * illegal actions refused without change, and views that never leak a hidden card's identity.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Game } from "../../src/core/game.js";
import { Game as GameClass } from "../../src/core/game.js";
import { allPlacedCards } from "../../src/core/objects.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { newGame, playRandom, replay } from "../support/play.js";

const MAX_ACTIONS = 250;
const RUNS = Number(process.env.TURNKIT_PROPERTY_RUNS ?? 12);
const seed = fc.integer({ min: 1, max: 2 ** 31 - 1 });

function conserved(game: Game): void {
  const placed = allPlacedCards(game);
  const ids = Object.keys(game.state.objects);
  expect(new Set(placed).size, "a card is in two places").toBe(placed.length);
  expect([...placed].sort(), "a card is lost or created").toEqual([...ids].sort());
  for (const id of placed) {
    const o = game.state.objects[id]!;
    if (o.underOf === null) expect(game.state.zones[o.zone]!.cards, `${id} is not in its zone`).toContain(id);
  }
}

/** Ids of cards `viewer` cannot see now, from the view's own hidden entries' zones. */
function hiddenIds(game: Game, viewer: number): string[] {
  const view = game.viewFor(viewer);
  const visible = new Set<string>();
  const walk = (c: { id?: string; under?: unknown[] }): void => {
    if (c.id) visible.add(c.id);
    for (const u of (c.under ?? []) as { id?: string }[]) walk(u);
  };
  for (const z of Object.values(view.zones)) for (const c of z.cards) walk(c as { id?: string });
  return Object.keys(game.state.objects).filter((id) => !visible.has(id));
}

function mentions(text: string, id: string): boolean {
  return new RegExp(`(?<![A-Za-z0-9_-])${id}(?![A-Za-z0-9_-])`).test(text);
}

for (const id of presetIds()) {
  const preset = getPreset(id);
  describe(`${id}: game invariants`, () => {
    it("is deterministic: same seed and responses give the same state, byte for byte", () => {
      fc.assert(
        fc.property(seed, (s) => {
          const a = newGame(preset, s);
          const taken = playRandom(a, s, MAX_ACTIONS);
          const b = replay(newGame(preset, s), taken);
          expect(b.serialize()).toBe(a.serialize());
        }),
        { numRuns: RUNS },
      );
    });

    it("survives a JSON round trip and snapshot/restore at any point", () => {
      fc.assert(
        fc.property(seed, fc.nat({ max: MAX_ACTIONS }), (s, cut) => {
          const game = newGame(preset, s);
          const taken = playRandom(game, s, MAX_ACTIONS);
          const at = Math.min(cut, taken.length);
          const head = replay(newGame(preset, s), taken.slice(0, at));
          const copy = GameClass.deserialize(preset, head.serialize());
          expect(copy.serialize()).toBe(head.serialize());
          const snap = head.snapshot();
          replay(head, taken.slice(at));
          expect(head.serialize()).toBe(game.serialize());
          head.restore(snap);
          expect(head.serialize()).toBe(copy.serialize());
          replay(copy, taken.slice(at));
          expect(copy.serialize()).toBe(game.serialize());
        }),
        { numRuns: RUNS },
      );
    });

    it("conserves cards after every action", () => {
      fc.assert(
        fc.property(seed, (s) => {
          const game = newGame(preset, s);
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
            const game = newGame(preset, s);
            playRandom(game, s, steps);
            if (game.over) return;
            const before = game.serialize();
            const d = game.decision!;
            const bad = d.options.some((o) => o.id === junk) ? `${junk}#not-an-option` : junk;
            expect(() => game.act({ player: d.player, choice: bad })).toThrow(/is not an option/);
            expect(game.serialize()).toBe(before);
            const other = (d.player + 1) % game.state.players.length;
            expect(() => game.act({ player: other, choice: d.options[0]!.id })).toThrow(/cannot answer/);
            expect(game.serialize()).toBe(before);
          },
        ),
        { numRuns: RUNS },
      );
    });

    it("never shows a player the identity of a card hidden from them", () => {
      fc.assert(
        fc.property(seed, (s) => {
          const game = newGame(preset, s);
          const everSeen = game.state.players.map(() => new Set<string>());
          let checkedHidden = 0;
          const check = (g: Game): void => {
            for (const p of g.state.players) {
              const hidden = hiddenIds(g, p.id);
              const seen = everSeen[p.id]!;
              for (const id of Object.keys(g.state.objects)) if (!hidden.includes(id)) seen.add(id);
              const text = JSON.stringify(g.viewFor(p.id));
              for (const id of hidden) {
                if (seen.has(id)) continue; // seen before, e.g. a card returned to its owner's hand
                checkedHidden++;
                expect(mentions(text, id), `${p.name}'s view names hidden card ${id}`).toBe(false);
              }
            }
          };
          check(game);
          playRandom(game, s, MAX_ACTIONS, check);
          expect(checkedHidden).toBeGreaterThan(0);
        }),
        { numRuns: Math.max(3, Math.floor(RUNS / 2)) },
      );
    });

    it("the hidden-identity check can fail: the raw state names hidden cards", () => {
      const game = newGame(preset, 1);
      const hidden = hiddenIds(game, 0);
      expect(hidden.length).toBeGreaterThan(0);
      expect(hidden.some((id) => mentions(JSON.stringify(game.state), id))).toBe(true);
    });
  });
}
