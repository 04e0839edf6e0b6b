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
import type { HiddenCard, PlayerView, VisibleCard } from "../../src/core/view.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { gameMaker, playRandom, replay } from "../support/play.js";

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

/** The cards (ids and printed names) `viewer` can see in their view now, walking under-cards too. */
function visibleIn(view: PlayerView): { ids: Set<string>; names: Set<string> } {
  const ids = new Set<string>();
  const names = new Set<string>();
  const walk = (c: VisibleCard | HiddenCard): void => {
    if ("hidden" in c) return;
    ids.add(c.id);
    names.add(c.name);
    for (const u of c.under) walk(u);
  };
  for (const z of Object.values(view.zones)) for (const c of z.cards) walk(c);
  return { ids, names };
}

function mentions(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![A-Za-z0-9_-])${escaped}(?![A-Za-z0-9_-])`).test(text);
}

/** What one player has seen so far: card ids and printed names (a card once seen may be named later). */
interface Seen {
  ids: Set<string>;
  names: Set<string>;
}

/**
 * Hidden cards whose id, or printed name, appears in `text` (a rendering of what `viewer` is
 * shown). A name counts only when `viewer` has never seen a card of that name, so a public copy
 * of a card (or one the viewer saw before it was hidden again) is no false alarm.
 */
function leaks(game: Game, text: string, visible: Seen, seen: Seen): string[] {
  const out: string[] = [];
  for (const obj of Object.values(game.state.objects)) {
    if (visible.ids.has(obj.id) || seen.ids.has(obj.id)) continue;
    const where = (word: string) => {
      const i = text.indexOf(word);
      return ` (${obj.id} in ${obj.zone}; the view says …${text.slice(Math.max(0, i - 160), i + 60)}…)`;
    };
    if (mentions(text, obj.id)) out.push(`id ${obj.id}${where(obj.id)}`);
    const name = game.rules.card(obj.card).name;
    if (!visible.names.has(name) && !seen.names.has(name) && mentions(text, name))
      out.push(`name ${name}${where(name)}`);
  }
  return out;
}

/** What a view that forgot to hide anything would show: every card's id and name. */
function unredacted(game: Game): string {
  return JSON.stringify(
    Object.values(game.state.zones).map((z) =>
      z.cards.map((id) => ({ id, name: game.rules.card(game.state.objects[id]!.card).name })),
    ),
  );
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
