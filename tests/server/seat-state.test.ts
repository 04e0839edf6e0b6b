/**
 * A client's side of a served game, without a server: folding welcomes and updates into what the
 * seat knows (src/server/seat-state.ts, shared by turnkit bot and the playground), and checking
 * the samples a server sends before a search reads them (src/server/remote-search.ts).
 */
import { describe, expect, it } from "vitest";
import { determinize } from "../../src/agents/determinize.js";
import { ismctsAgent } from "../../src/agents/ismcts.js";
import { Game } from "../../src/core/game.js";
import { seedRng } from "../../src/core/rng.js";
import type { GameState } from "../../src/core/types.js";
import type { DecisionView } from "../../src/core/view.js";
import { getPreset } from "../../src/presets/index.js";
import { WIRE_LIMITS } from "../../src/server/protocol.js";
import { gamesOfSaves, sampleRequests, searchOverSamples } from "../../src/server/remote-search.js";
import { applyServerMessage, myDecision, type ViewMessage } from "../../src/server/seat-state.js";

const preset = getPreset("duel-masters");
const game = Game.create(preset, { seed: 3 }).run();
const seat = game.decision!.player;
const message = (type: ViewMessage["type"], responses: number, events: string[]): ViewMessage => ({
  type,
  ...(type === "welcome" ? { protocol: 1, game: "g", seat } : {}),
  responses,
  view: game.viewFor(seat),
  events: events.map((e) => ({ type: e })),
  clock: null,
  end: null,
});

describe("applyServerMessage", () => {
  it("takes the welcome's seat and view, appends each update's events, and keeps them across a join again", () => {
    let s = applyServerMessage(null, message("welcome", 0, ["a"]));
    expect(s.seat).toBe(seat);
    s = applyServerMessage(s, message("update", 1, ["b", "c"]));
    expect(s.responses).toBe(1);
    s = applyServerMessage(s, message("welcome", 3, ["d"]));
    expect(s.events.map((e) => e.type)).toEqual(["a", "b", "c", "d"]);
    expect(myDecision(s)?.id).toBe(game.decision!.id);
  });

  it("refuses an update before any welcome", () => {
    expect(() => applyServerMessage(null, message("update", 1, []))).toThrow(
      /an update came before the welcome/,
    );
  });
});

describe("samples in the client", () => {
  const d = game.viewFor(seat).decision as DecisionView;
  const saves = [1, 2].map((k) => JSON.parse(determinize(game, seat, seedRng(k)).serialize()) as GameState);

  it("asks for at most the per-decision bound, in messages of at most the per-message bound, each with its own seed", () => {
    const r = sampleRequests(7, 100, "s");
    expect(r.map((x) => x.count)).toEqual([
      WIRE_LIMITS.samplesPerMessage,
      WIRE_LIMITS.samplesPerDecision - WIRE_LIMITS.samplesPerMessage,
    ]);
    expect(new Set(r.map((x) => x.seed)).size).toBe(r.length);
    expect(sampleRequests(7, 3, "s").map((x) => x.count)).toEqual([3]);
  });

  it("searches over good samples and answers one of the view's options", () => {
    const action = searchOverSamples(
      ismctsAgent({ iterations: 6, rolloutLimit: 10 }),
      gamesOfSaves(preset, saves),
      d,
    );
    expect(d.options.map((o) => o.id)).toContain(action.choice);
  });

  it("refuses a save that is no game of the preset, naming the sample and what is wrong", () => {
    const bad = {
      ...saves[0]!,
      zones: { ...saves[0]!.zones, nowhere: { nonsense: true } },
    } as unknown as GameState;
    expect(() => gamesOfSaves(preset, [saves[1]!, bad])).toThrow(
      /^the server.s sample 1 is not a game of Duel Masters.*: saved state, zones.nowhere: no such zone/,
    );
  });

  it("refuses samples of another decision", () => {
    const other = { ...d, id: d.id + 1 };
    expect(() =>
      searchOverSamples(ismctsAgent({ iterations: 2 }), gamesOfSaves(preset, saves), other),
    ).toThrow(`the server's samples are not at decision ${d.id + 1}`);
  });
});
