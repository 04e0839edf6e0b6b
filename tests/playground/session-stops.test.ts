/**
 * The playground's session with stops and auto-pass (turnkit/play): a person's decisions where
 * passing is no real choice answer themselves and are history steps like any other (a replay
 * exported plays them back); "Play from here" goes on from any step with the same state; a
 * scenario's position is shown as it is, and played from.
 */

import { readFileSync } from "node:fs";
import { getPreset } from "turnkit/presets";
import { describe, expect, it } from "vitest";
import { exportReplay } from "../../playground/src/files/replay.js";
import { ScenarioStepper } from "../../playground/src/files/scenario-run.js";
import { Session } from "../../playground/src/session.js";
import { parseReplay, replayGame, stateDigest } from "../../src/cli/replay.js";

/** A Magic game: P1 a person answering with the first option that is not a pass (else the first), P2 a bot. */
function playMagic(autoPass: boolean, max = 400): { session: Session; clicks: number } {
  const session = new Session({ preset: getPreset("magic"), seed: "3", players: 2, bots: [1], autoPass });
  let clicks = 0;
  while (!session.game.over && clicks < max) {
    if (session.runBots() > 0) continue;
    const view = session.game.viewFor(0);
    const d = view.decision;
    if (!d || !("options" in d)) break;
    const o = d.options.find((x) => !x.pass) ?? d.options[0]!;
    session.act({ player: 0, decision: d.id, choice: o.id });
    clicks++;
  }
  return { session, clicks };
}

describe("a person's decisions answer themselves", () => {
  it("only with auto-pass: the passes are history steps, and the game replays", () => {
    const on = playMagic(true, 60);
    const autos = on.session.history.filter((h) => h.auto);
    expect(autos.length).toBeGreaterThan(0);
    for (const h of autos) expect(h.action!.player).toBe(0);
    const off = playMagic(false, 60);
    expect(off.session.history.some((h) => h.auto)).toBe(false);
    // The same 60 answers carry the game further with auto-pass.
    expect(on.session.game.state.clock.turn.id).toBeGreaterThan(off.session.game.state.clock.turn.id);
    // Exported, the game (auto-passes included) replays to the same state.
    const file = parseReplay("export.json", exportReplay(on.session));
    expect(stateDigest(replayGame(file))).toBe(stateDigest(on.session.game));
  });

  it("stops and modes change what answers itself", () => {
    const s = new Session({ preset: getPreset("magic"), seed: "3", players: 2, bots: [1], autoPass: true });
    s.runBots();
    // P1's first main phase, with lands to play: a stop.
    expect(s.game.decision!.player).toBe(0);
    expect(s.game.state.clock.path).toContain("main1");
    const before = s.history.length;
    s.setStop(0, "main1", false);
    // Cleared, P1 passes the first main phase (the bot passes too) and stops at the second.
    expect(s.history.length).toBeGreaterThan(before);
    expect(s.history[before - 1]!.auto).toBe("no stop here");
    s.runBots();
    expect(s.game.decision!.player).toBe(0);
    expect(s.game.state.clock.path).toContain("main2");
    s.passUntil(0, "endOfTurn");
    expect(s.stops[0]!.mode.kind).toBe("endOfTurn");
    // Nothing of P1's is asked until the turn is P2's (where the bot decides, or P1 at a stop).
    s.runBots();
    expect(s.game.state.clock.turn.id).toBeGreaterThan(1);
  });
});

describe("Play from here", () => {
  it("goes on from any step with the same state: the person at the seat shown, bots at the others", () => {
    const old = new Session({ preset: getPreset("yugioh"), seed: "5", players: 2, bots: [0, 1] });
    old.runBots(120);
    old.goTo(57);
    const digest = stateDigest(old.game);
    const next = old.playFrom(57, 1);
    expect(next.config.bots).toEqual([0]);
    expect(next.viewer).toBe(1);
    expect(next.history.length).toBe(58);
    expect(next.history[56]!.action).toEqual(old.history[56]!.action);
    next.goTo(57);
    expect(stateDigest(next.game)).toBe(digest);
    // The old session's game is left as it was.
    expect(old.cursor).toBe(57);
    expect(stateDigest(old.game)).toBe(digest);
  });

  it("shows a scenario's position as it is, and plays on from it", () => {
    const file = "scenarios/yugioh/battle-positions.yaml";
    const stepper = new ScenarioStepper(readFileSync(file, "utf8"), file);
    const game = stepper.run(3).game!;
    const digest = stateDigest(game);
    const shown = Session.atPosition(game);
    expect(shown.history.length).toBe(1);
    expect(stateDigest(shown.game)).toBe(digest);
    const played = shown.playFrom(0, 0);
    expect(stateDigest(stepper.run(3).game!)).toBe(digest);
    played.runBots();
    expect(played.config.bots).toEqual([1]);
  });
});
