/**
 * Indexes kept until a zone's membership changes (Game.membershipFact). The index of objects
 * listening to each event type (triggers.ts `listeners`, kept by
 * Game.membershipFact until a zone's membership or order or an object's card changes) against a
 * fresh scan, at every event of random games of every preset — in the middle of resolutions,
 * moves, shuffles, awakenings and tokens leaving — so a change that forgets to tell the index
 * (`membershipChanged`) fails here instead of silently missing a trigger.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { Game } from "../../src/core/game.js";
import { perPlayerMembershipFact } from "../../src/core/player-facts.js";
import {
  type ReplacementHolder,
  replacementHolders,
  scanReplacementHolders,
} from "../../src/core/replacement.js";
import { indexedListeners, scanListeners } from "../../src/core/triggers.js";
import { climbersOf, scanClimbers } from "../../src/presets/duel-masters/mugen-climb.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import {
  activatedAbilities as magicActivated,
  scanActivated as magicScanActivated,
  scanSpellsInHand,
  spellsInHand,
} from "../../src/presets/magic/activation.js";
import { manaSources, scanManaSources } from "../../src/presets/magic/mana.js";
import { isType, permanents, permanentsOfType } from "../../src/presets/magic/state.js";
import { activatedAbilities, scanActivated } from "../../src/presets/yugioh/chain.js";
import { newGameOf } from "../../src/testing/invariants.js";

function compareAll(game: Game): number {
  let n = 0;
  for (const [type, kinds] of game.rules.triggerZones) {
    const fresh = scanListeners(game, type, kinds).map((l) => `${l.id}@${l.zoneKind}`);
    const indexed = indexedListeners(game, type).map((l) => `${l.id}@${l.zoneKind}`);
    expect(indexed, `listeners of "${type}" at ${game.where()}`).toEqual(fresh);
    n++;
  }
  return n;
}

describe("trigger index", () => {
  for (const id of presetIds()) {
    it(`${id}: equals a fresh scan at every event of random games`, () => {
      let compared = 0;
      for (const seed of [1, 2, 3]) {
        const g = newGameOf(getPreset(id), seed, seed % 2 ? "random" : "sample");
        g.onEvent(
          () => {
            compared += compareAll(g);
          },
          { immediate: true },
        );
        g.run();
        const agent = randomAgent(seed);
        for (let i = 0; !g.over && i < 600; i++) g.act(agent.choose(g));
      }
      if (getPreset(id).cards.some((c) => c.abilities?.some((a) => a.trigger)))
        expect(compared).toBeGreaterThan(100);
    });
  }

  /** Calls `check` at every event (immediate listener) of random games of `presetId` on four seeds. */
  function atEveryEvent(presetId: string, check: (g: Game) => void): void {
    for (const seed of [1, 2, 3, 4]) {
      const g = newGameOf(getPreset(presetId), seed, seed % 2 ? "random" : "sample");
      g.onEvent(() => check(g), { immediate: true });
      g.run();
      const agent = randomAgent(seed);
      for (let i = 0; !g.over && i < 600; i++) g.act(agent.choose(g));
    }
  }

  it("yugioh: the activated abilities offered at every window equal a fresh scan at every event", () => {
    let compared = 0;
    const ids = (list: readonly { obj: { id: string }; zoneKind: string; ability: { id: string } }[]) =>
      list.map((a) => `${a.obj.id}@${a.zoneKind}:${a.ability.id}`);
    atEveryEvent("yugioh", (g) => {
      for (const p of [0, 1]) {
        expect(ids(activatedAbilities(g, p)), `at ${g.where()}`).toEqual(ids(scanActivated(g, p)));
        compared++;
      }
    });
    expect(compared).toBeGreaterThan(100);
  });

  it("magic: the activated abilities, mana sources, permanents by type and spells in hand equal a fresh scan at every event", () => {
    let compared = 0;
    let sources = 0;
    let typed = 0;
    let held = 0;
    const abilities = (list: readonly { obj: { id: string }; kind: string; ability: { id: string } }[]) =>
      list.map((a) => `${a.obj.id}@${a.kind}:${a.ability.id}`);
    const withMana = (list: readonly { obj: { id: string }; abilities: readonly { id: string }[] }[]) =>
      list.map((s) => `${s.obj.id}:${s.abilities.map((a) => a.id).join(",")}`);
    atEveryEvent("magic", (g) => {
      for (const p of [0, 1]) {
        expect(abilities(magicActivated(g, p)), `at ${g.where()}`).toEqual(
          abilities(magicScanActivated(g, p)),
        );
        const indexed = withMana(manaSources(g, p));
        expect(indexed, `at ${g.where()}`).toEqual(withMana(scanManaSources(g, p)));
        // The index holds the live objects, never a copy: what it says of one is what the state says.
        for (const s of manaSources(g, p)) expect(s.obj).toBe(g.state.objects[s.obj.id]);
        for (const type of ["creature", "saga", "land"]) {
          const fresh = permanents(g, p).filter((o) => isType(g, o, type));
          expect(permanentsOfType(g, p, type), `${type}s at ${g.where()}`).toEqual(fresh);
          typed += fresh.length;
        }
        const spells = (list: readonly { obj: { id: string }; instant: boolean }[]) =>
          list.map((c) => `${c.obj.id}:${c.instant}`);
        const inHand = spells(scanSpellsInHand(g, p));
        expect(spells(spellsInHand(g, p)), `spells in hand at ${g.where()}`).toEqual(inHand);
        held += inHand.length;
        sources += indexed.length;
        compared++;
      }
    });
    expect(compared).toBeGreaterThan(100);
    expect(sources).toBeGreaterThan(100);
    expect(typed).toBeGreaterThan(100);
    expect(held).toBeGreaterThan(100);
  });

  it("duel-masters: the Mugen Climb spells in hand and graveyard equal a fresh scan at every event", () => {
    const preset = getPreset("duel-masters");
    let compared = 0;
    let found = 0;
    const ids = (list: readonly { obj: { id: string }; zone: string }[]) =>
      list.map((c) => `${c.obj.id}@${c.zone}`);
    for (const seed of [1, 2, 3, 4]) {
      // Four Mugen no Mu in each deck, so the spells are drawn, cast from both zones and discarded.
      const sample = newGameOf(preset, seed, "sample");
      const lists = sample.state.players.map((_, p) => {
        const others = Object.values(sample.state.objects)
          .filter((o) => o.owner === p && o.card !== "mugen-no-mu")
          .map((o) => o.card);
        return [
          ...others.slice(others.length - 36),
          "mugen-no-mu",
          "mugen-no-mu",
          "mugen-no-mu",
          "mugen-no-mu",
        ];
      });
      const g = Game.create(preset, { seed, decks: lists });
      g.onEvent(
        () => {
          for (const p of [0, 1]) {
            const fresh = ids(scanClimbers(g, p));
            expect(ids(climbersOf(g, p)), `at ${g.where()}`).toEqual(fresh);
            found += fresh.length;
            compared++;
          }
        },
        { immediate: true },
      );
      g.run();
      const agent = randomAgent(seed);
      for (let i = 0; !g.over && i < 600; i++) g.act(agent.choose(g));
    }
    expect(compared).toBeGreaterThan(100);
    expect(found).toBeGreaterThan(100);
  });

  it("every preset: the holders of replacement abilities equal a fresh scan at every event of random games", () => {
    const ids = (list: readonly ReplacementHolder[]) => list.map((h) => `${h.id}@${h.zoneKind}`);
    for (const id of presetIds()) {
      let found = 0;
      atEveryEvent(id, (g) => {
        const fresh = ids(scanReplacementHolders(g));
        expect(ids(replacementHolders(g)), `${id} at ${g.where()}`).toEqual(fresh);
        found += fresh.length;
      });
      if (id.startsWith("duel-masters")) expect(found, id).toBeGreaterThan(100);
    }
  });

  it("every preset: the static abilities of each kind equal a fresh scan at every event of random games", () => {
    // The holders' index outlives moves of cards that hold no static and is mended when a holder
    // moves: a move it wrongly ignores or mends fails here, at the event that made it.
    const fresh = (g: Game, kind: string): string[] => {
      const out: string[] = [];
      for (const zone of g.zonesInTurnOrder())
        for (const id of zone.cards) {
          const obj = g.state.objects[id]!;
          const entries = g.rules.staticsByCard.get(obj.card)?.get(kind);
          if (!entries || obj.faceDown || !g.exists(obj)) continue;
          for (const e of entries) if (e.zones.includes(zone.kind)) out.push(`${id}:${e.ability.id}`);
        }
      return out;
    };
    for (const id of presetIds()) {
      let compared = 0;
      for (const seed of [1, 2]) {
        const g = newGameOf(getPreset(id), seed, seed % 2 ? "random" : "sample");
        g.onEvent(
          () => {
            for (const kind of g.rules.staticZones.keys()) {
              const indexed = g.staticAbilities(kind).map((r) => `${r.obj.id}:${r.ability.id}`);
              expect(indexed, `${id}: statics "${kind}" at ${g.where()}`).toEqual(fresh(g, kind));
              if (indexed.length > 0) compared++;
            }
          },
          { immediate: true },
        );
        g.run();
        const agent = randomAgent(seed);
        for (let i = 0; !g.over && i < 250; i++) g.act(agent.choose(g));
      }
      if (["duel-masters", "yugioh", "magic"].includes(id)) expect(compared, id).toBeGreaterThan(20);
    }
  });

  it("a fact that names the cards it concerns outlives the moves of other cards, and only those", () => {
    const g = newGameOf(getPreset("yugioh"), 2, "sample").run();
    const deck = g.zone("deck", 0).cards.map((id) => g.state.objects[id]!);
    const watched = deck[0]!;
    const other = deck.find((o) => o.card !== watched.card)!;
    let scans = 0;
    let plainScans = 0;
    const concerned = () =>
      g.membershipFact(
        "test.concerned",
        () => ++scans,
        (_game, card) => card.id === watched.card,
      );
    const plain = () => g.membershipFact("test.plain", () => ++plainScans);
    expect([concerned(), plain()]).toEqual([1, 1]);
    g.move(other, "hand@0");
    expect(concerned(), "a card it doesn't concern moved: kept").toBe(1);
    expect(plain(), "no `concerns`: every move drops it").toBe(2);
    g.move(watched, "hand@0");
    expect(concerned(), "a card it concerns moved: scanned again").toBe(2);
    g.membershipChanged(); // no object named (a reorder, a new state): every fact goes
    expect(concerned()).toBe(3);
  });

  it("a player's fact outlives the moves in another player's zones, not those in their own", () => {
    const g = newGameOf(getPreset("yugioh"), 2, "sample").run();
    const scans = [0, 0];
    const handOf = perPlayerMembershipFact("test.hand", (game, p) => {
      scans[p]! += 1;
      return game.zone("hand", p).cards.length;
    });
    const mine = g.state.objects[g.zone("deck", 0).cards[0]!]!;
    const theirs = g.state.objects[g.zone("deck", 1).cards[0]!]!;
    handOf(g, 0);
    handOf(g, 1);
    g.move(theirs, "hand@1");
    expect(handOf(g, 0), "a move in the other player's zones: kept").toBe(g.zone("hand", 0).cards.length);
    expect(handOf(g, 1), "a move in their own zones: scanned again").toBe(g.zone("hand", 1).cards.length);
    expect(scans).toEqual([1, 2]);
    g.move(mine, "hand@0");
    expect(handOf(g, 0), "a move in their own zones: scanned again").toBe(g.zone("hand", 0).cards.length);
    expect(scans).toEqual([2, 2]);
  });

  it("the comparison sees a stale index: a zone changed behind the index's back", () => {
    const g = newGameOf(getPreset("duel-masters"), 4, "sample").run();
    const agent = randomAgent(4);
    const listened = () => [...g.rules.triggerZones].find(([type]) => indexedListeners(g, type).length > 0);
    for (let i = 0; !listened() && !g.over && i < 500; i++) g.act(agent.choose(g));
    const found = listened();
    expect(found).toBeDefined();
    const [type, kinds] = found!;
    const first = indexedListeners(g, type)[0]!;
    const zone = g.state.zones[g.state.objects[first.id]!.zone]!;
    zone.cards.splice(zone.cards.indexOf(first.id), 1); // not through the kernel: nobody is told
    expect(indexedListeners(g, type)).not.toEqual(scanListeners(g, type, kinds));
    g.membershipChanged();
    expect(indexedListeners(g, type)).toEqual(scanListeners(g, type, kinds));
  });
});
