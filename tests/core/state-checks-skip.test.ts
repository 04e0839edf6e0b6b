/**
 * The kernel skips state checks while nothing they read happened (an answer alone, events every
 * check ignores: StateCheck.ignores). That must never change a game: random games of every preset,
 * played in lockstep with a game that runs every check at every opportunity (`recheck`), stay
 * byte-identical.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import type { StateCheck } from "../../src/core/contract/hooks.js";
import { Game } from "../../src/core/game.js";
import { setTapped } from "../../src/core/objects.js";
import type { Preset } from "../../src/core/preset.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { lab } from "../../src/presets/lab/index.js";
import { newGameOf } from "../../src/testing/invariants.js";

describe("skipping state checks while nothing happened", () => {
  // Without a log, events nobody reads are skipped (events.skipUnheard): they must be as quiet as
  // the logged ones, no more.
  for (const logging of ["full", "none"] as const)
    for (const id of presetIds())
      it(`${id}, log ${logging}: the same games as checking at every opportunity`, () => {
        let compared = 0;
        for (const seed of [1, 2, 3, 4]) {
          const deal = seed % 2 ? "random" : "sample";
          const fast = newGameOf(getPreset(id), seed, deal);
          const slow = newGameOf(getPreset(id), seed, deal);
          fast.state.logging = logging;
          slow.state.logging = logging;
          slow.recheck = true;
          fast.run();
          slow.run();
          const agent = randomAgent(seed);
          for (let i = 0; !fast.over && i < 1500; i++) {
            const a = agent.choose(fast);
            fast.act(a);
            slow.act(a);
            if (i % 25 === 0) {
              expect(fast.serialize(), `${id} seed ${seed} after ${i + 1} responses`).toBe(slow.serialize());
              compared++;
            }
          }
          expect(fast.serialize()).toBe(slow.serialize());
        }
        expect(compared).toBeGreaterThan(8);
      });
});

describe("which events leave the state checks' verdict standing", () => {
  /** Lab with one more check that counts its runs and ignores "ping" events. */
  function counted(): { game: Game; runs: () => number } {
    let runs = 0;
    const counter: StateCheck = {
      id: "counter",
      rule: "test",
      run: () => {
        runs++;
        return false;
      },
      ignores: ["ping", "tap"],
    };
    const preset: Preset = { ...lab, id: "lab-counted", stateChecks: [...(lab.stateChecks ?? []), counter] };
    // Every check must ignore "ping" for it to be quiet: lab's own life check reads no event type.
    (preset.stateChecks as StateCheck[])[0] = { ...lab.stateChecks![0]!, ignores: ["ping", "tap"] };
    const game = Game.create(preset, { seed: 1 }).run();
    return { game, runs: () => runs };
  }

  it("checkState runs them again only once something they read happened", () => {
    const { game, runs } = counted();
    game.checkState();
    const after = runs();
    expect(game.checkState()).toBe(false);
    expect(runs()).toBe(after); // nothing happened since they found nothing
    game.emit({ type: "ping", player: 0 });
    game.checkState();
    expect(runs()).toBe(after); // an event every check ignores
    game.emit({ type: "pong", player: 0 });
    game.checkState();
    expect(runs()).toBe(after + 1);
    game.recheck = true;
    game.checkState();
    expect(runs()).toBe(after + 2); // checking at every opportunity
  });

  it("a simultaneous block is quiet only if every event in it is and nothing triggered", () => {
    const { game, runs } = counted();
    game.checkState();
    const after = runs();
    game.simultaneously(() => {
      game.emit({ type: "ping", player: 0 });
      game.emit({ type: "ping", player: 1 });
    });
    game.checkState();
    expect(runs()).toBe(after);
    game.simultaneously(() => {
      game.emit({ type: "ping", player: 0 });
      game.emit({ type: "pong", player: 1 });
    });
    game.checkState();
    expect(runs()).toBe(after + 1);
    // An event the log skips (nobody reads it) counts as one of the block's: not quiet unless ignored.
    game.state.logging = "none";
    game.simultaneously(() => game.emit({ type: "ping", player: 0 }));
    game.checkState();
    expect(runs()).toBe(after + 1);
    // A block whose only events were skipped as unheard (a tap nothing reads, no log) is quiet
    // when the checks ignore them, and not when they don't.
    expect(game.rules.readTypes.has("tap")).toBe(false);
    const a = game.createCard(
      game.rules.cards.keys().next().value!,
      0,
      game.state.zones[Object.keys(game.state.zones)[0]!]!.kind,
    );
    game.simultaneously(() => setTapped(game, a, true));
    game.checkState();
    expect(runs()).toBe(after + 1);
    game.simultaneously(() => setTapped(game, a, false));
    game.checkState();
    expect(runs()).toBe(after + 2);
  });
});

describe("each state check's own verdict", () => {
  /** Lab with two more checks counting their runs: one ignores "ping", the other "pong". */
  function two(): { game: Game; runs: { ping: number; pong: number } } {
    const runs = { ping: 0, pong: 0 };
    const counting = (ignored: string, other: "ping" | "pong"): StateCheck => ({
      id: `ignores-${ignored}`,
      rule: "test",
      run: () => {
        runs[other]++;
        return false;
      },
      ignores: [ignored],
    });
    const life = { ...lab.stateChecks![0]!, ignores: ["ping", "pong"] };
    const preset: Preset = {
      ...lab,
      id: "lab-two",
      // "reads pong" ignores ping; "reads ping" ignores pong.
      stateChecks: [life, counting("ping", "pong"), counting("pong", "ping")],
    };
    const game = Game.create(preset, { seed: 1 }).run();
    return { game, runs };
  }

  it("after an event one check ignores, only the others run again", () => {
    const { game, runs } = two();
    expect(game.rules.stateChecks.quiet.size).toBe(0); // no event type every check ignores
    game.checkState();
    const { ping, pong } = runs;
    game.emit({ type: "ping", player: 0 });
    game.checkState();
    expect(runs).toEqual({ ping: ping + 1, pong });
    game.emit({ type: "pong", player: 0 });
    game.checkState();
    expect(runs).toEqual({ ping: ping + 1, pong: pong + 1 });
    game.emit({ type: "ping", player: 0 });
    game.emit({ type: "pong", player: 1 });
    game.checkState();
    expect(runs).toEqual({ ping: ping + 2, pong: pong + 2 });
    game.recheck = true;
    game.checkState();
    expect(runs).toEqual({ ping: ping + 3, pong: pong + 3 });
  });

  it("a simultaneous block leaves a check's verdict standing only if it ignores every event of it", () => {
    const { game, runs } = two();
    game.checkState();
    const { ping, pong } = runs;
    game.simultaneously(() => {
      game.emit({ type: "ping", player: 0 });
      game.emit({ type: "ping", player: 1 });
    });
    game.checkState();
    expect(runs).toEqual({ ping: ping + 1, pong });
    game.simultaneously(() => {
      game.emit({ type: "ping", player: 0 });
      game.emit({ type: "pong", player: 1 });
    });
    game.checkState();
    expect(runs).toEqual({ ping: ping + 2, pong: pong + 1 });
  });

  it("Yu-Gi-Oh!: the turn's steps leave the card and Life Point checks standing, not the attack check", () => {
    const sc = Game.create(getPreset("yugioh"), { seed: 1 }).rules.stateChecks;
    expect(sc.quiet.size).toBe(0);
    expect(sc.perCheck).toBe(true);
    // Where every check ignores the same events (or none), the shared verdict does it all.
    for (const id of ["duel-masters", "magic", "skirmish"])
      expect(Game.create(getPreset(id), { seed: 1 }).rules.stateChecks.perCheck, id).toBe(false);
    const ids = (type: string) => (sc.ignoredBy.get(type) ?? []).map((i) => sc.all[i]!.id).sort();
    const cardChecks = ["ygoBoundCards", "ygoControlSource", "ygoLoss", "ygoMonsterZones"];
    for (const t of ["nodeBegin", "nodeEnd", "turnBegin", "draw"]) expect(ids(t)).toEqual(cardChecks);
    for (const t of ["move", "destroy", "faceDown", "battleDamage", "drawFromEmpty", "control"])
      expect(ids(t)).toEqual([]);
  });
});
