/**
 * Stops and auto-pass (src/play/stops.ts, docs/stops.md): the policy passes only where passing is
 * no real choice, stops where the seat's stops are set, and "pass until …" ends by itself.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { agentOf } from "../../src/agents/spec.js";
import { Game } from "../../src/core/game.js";
import type { PlayerView } from "../../src/core/view.js";
import {
  autoAnswer,
  defaultSeatStops,
  passUntil,
  type SeatStops,
  stopTableOf,
  withStop,
} from "../../src/play/index.js";
import { getPreset, presetIds } from "../../src/presets/index.js";

/** Views of P1 at each of their decisions over a few random games, with the game's state to act on. */
function* p1Decisions(preset: string, seeds = 3): Generator<{ view: PlayerView; game: Game }> {
  for (let seed = 1; seed <= seeds; seed++) {
    const game = Game.create(getPreset(preset), { seed }).run();
    const agents = [0, 1].map((p) => agentOf("random", seed * 10 + p));
    for (let n = 0; n < 3000 && !game.over; n++) {
      const d = game.decision!;
      if (d.player === 0) yield { view: game.viewFor(0), game };
      game.act(agents[d.player]!.choose(game));
    }
  }
}

function find(preset: string, ok: (v: PlayerView) => boolean): PlayerView {
  for (const { view } of p1Decisions(preset, 6)) if (ok(view)) return view;
  throw new Error(`no such decision of P1 in ${preset}`);
}

const options = (v: PlayerView) => (v.decision as { options: { id: string; pass?: boolean }[] }).options;
const kind = (v: PlayerView) => v.decision!.kind;
const real = (v: PlayerView) => options(v).some((o) => !o.pass);
const own = (v: PlayerView) => v.turn.player === v.viewer;

describe("auto-pass never makes a real choice", () => {
  for (const id of presetIds())
    it(`${id}: answers only with a pass, and only the one option or a skippable decision; decisions with no pass are the person's`, () => {
      const table = stopTableOf(id);
      const settings: SeatStops[] = [defaultSeatStops(id), { ...defaultSeatStops(id), stops: [] }];
      let answered = 0;
      let asked = 0;
      for (const { view } of p1Decisions(id, 2))
        for (const seat of [...settings, passUntil(view, settings[0]!, "endOfTurn")]) {
          const { answer } = autoAnswer(view, seat);
          if (!answer) {
            asked++;
            continue;
          }
          answered++;
          const chosen = options(view).find((o) => o.id === answer.choice);
          expect(chosen?.pass, `${kind(view)}: ${answer.label}`).toBe(true);
          expect(options(view).length === 1 || table.skippable.includes(kind(view))).toBe(true);
        }
      expect(answered).toBeGreaterThan(0);
      expect(asked).toBeGreaterThan(0);
    });
});

describe("Magic's stops", () => {
  it("passes a priority whose one option is to pass, saying why", () => {
    const v = find("magic", (v) => kind(v) === "priority" && options(v).length === 1);
    expect(autoAnswer(v, defaultSeatStops("magic")).answer).toMatchObject({
      choice: options(v)[0]!.id,
      why: "the only option",
    });
  });

  it("stops at your first main phase when you could act, and passes there once the stop is cleared", () => {
    const v = find("magic", (v) => own(v) && v.path.includes("main1") && kind(v) === "priority" && real(v));
    const seat = defaultSeatStops("magic");
    expect(autoAnswer(v, seat).answer).toBeNull();
    expect(autoAnswer(v, withStop(seat, "main1", false)).answer?.why).toBe("no stop here");
    expect(autoAnswer(v, { ...seat, autoPass: false }).answer).toBeNull();
  });

  it("passes your upkeep, where no stop is set by default, even with a land to tap", () => {
    const v = find("magic", (v) => own(v) && v.path.includes("upkeep") && kind(v) === "priority" && real(v));
    expect(autoAnswer(v, defaultSeatStops("magic")).answer?.why).toBe("no stop here");
    expect(autoAnswer(v, withStop(defaultSeatStops("magic"), "upkeep", true)).answer).toBeNull();
  });

  it("asks declare-blockers, a real choice, whatever the stops", () => {
    const v = find("magic", (v) => kind(v) === "declareBlockers" && real(v));
    expect(autoAnswer(v, { ...defaultSeatStops("magic"), stops: [] }).answer).toBeNull();
    expect(autoAnswer(v, passUntil(v, defaultSeatStops("magic"), "endOfTurn")).answer).toBeNull();
  });
});

describe("pass until end of turn / until something happens", () => {
  it("passes your own main phase until the turn ends, then stops there again", () => {
    const v = find("magic", (v) => own(v) && v.path.includes("main2") && kind(v) === "priority" && real(v));
    const eot = passUntil(v, defaultSeatStops("magic"), "endOfTurn");
    const r = autoAnswer(v, eot);
    expect(r.answer?.why).toBe("passing until end of turn");
    expect(r.seat.mode).toEqual({ kind: "endOfTurn", turn: v.turn.id });
    // The same place a turn later: the mode has ended.
    const later = { ...v, turn: { ...v.turn, id: v.turn.id + 2 } };
    const after = autoAnswer(later, eot);
    expect(after.answer).toBeNull();
    expect(after.seat.mode).toEqual({ kind: "none" });
  });

  it("ends when another player acts: a Yu-Gi-Oh! Chain you could add to", () => {
    const v = find("yugioh", (v) => kind(v) === "chain" && real(v));
    const until = passUntil(v, defaultSeatStops("yugioh"), "untilSomething");
    const r = autoAnswer(v, until);
    expect(r.answer).toBeNull();
    expect(r.seat.mode).toEqual({ kind: "none" });
  });

  it("passes through the opponent's turn until your own next turn begins", () => {
    const v = find("duel-masters", (v) => own(v) && kind(v) === "main" && real(v));
    const until = passUntil(v, defaultSeatStops("duel-masters"), "untilSomething");
    expect(autoAnswer(v, until).answer?.why).toBe("passing until something happens");
    const nextOwn = { ...v, turn: { ...v.turn, id: v.turn.id + 2 } };
    expect(autoAnswer(nextOwn, until).answer).toBeNull();
  });
});

describe("a preset without stops of its own", () => {
  it("passes only where passing is the one option", () => {
    for (const { view } of p1Decisions("skirmish", 1)) {
      const generic = { ...view, preset: "my-own-game" };
      const { answer } = autoAnswer(generic, defaultSeatStops("my-own-game"));
      if (options(view).length === 1 && options(view)[0]!.pass) expect(answer?.why).toBe("the only option");
      else expect(answer).toBeNull();
    }
    expect(stopTableOf("constructor").stops).toEqual([]);
  });
});

describe("docs/stops.md", () => {
  it("lists every preset's stops as the data says: label, id and default", () => {
    const doc = readFileSync("docs/stops.md", "utf8");
    for (const id of presetIds())
      for (const s of stopTableOf(id).stops)
        expect(doc, `${id}: ${s.id}`).toContain(`| ${s.label} | \`${s.id}\` | ${s.on ? "on" : "off"} |`);
  });
});
