/**
 * Every replay says which version and rules made it: a `turnkit/replay@2` file records the turnkit
 * version and the fingerprint of the rules; replayed under other rules it says so — as a note when
 * it still reproduces the game, in the message when it diverges — and a `turnkit/replay@1` file,
 * which recorded neither, says that a rules change may be why it diverges.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { Game } from "../../src/core/game.js";
import { TURNKIT_VERSION } from "../../src/core/version.js";
import { getPreset } from "../../src/presets/index.js";
import {
  checkFinalState,
  parseReplay,
  type ReplayFile,
  replayFileOf,
  replayGame,
  replayText,
  rulesChange,
} from "../../src/replay/format.js";

function recorded(): ReplayFile {
  const game = Game.create(getPreset("skirmish"), { seed: 4 }).run();
  const agent = randomAgent(4);
  const responses: [number, string][] = [];
  for (let i = 0; i < 30 && !game.over; i++) {
    const a = agent.choose(game);
    responses.push([a.player, a.choice]);
    game.act(a);
  }
  return parseReplay("game.replay", replayText(replayFileOf(game, responses)));
}

describe("replays record what made them", () => {
  it("a replay records the turnkit version and the rules' fingerprint, and replays without a note", () => {
    const file = recorded();
    expect(file.format).toBe("turnkit/replay@2");
    expect(file.turnkit).toBe(TURNKIT_VERSION);
    expect(file.rules?.all).toMatch(/^[0-9a-f]{16}$/);
    const game = replayGame(file);
    checkFinalState(game, file);
    expect(rulesChange(file, game)).toBeNull();
  });

  it("recorded under another card library: reproduced with a note, or diverging with the reason", () => {
    const file = recorded();
    const other: ReplayFile = {
      ...file,
      turnkit: "0.0.9",
      rules: { ...file.rules!, cards: "0123456789abcdef", all: "fedcba9876543210" },
    };
    const game = replayGame(other);
    checkFinalState(game, other); // the same game: the digest leaves out what made it
    expect(rulesChange(other, game)).toBe(
      `recorded by turnkit 0.0.9 under other rules than this version's (turnkit ${TURNKIT_VERSION}): the card library differs`,
    );
    const broken: ReplayFile = { ...other, responses: [[1, "no-such-option"], ...other.responses] };
    expect(() => replayGame(broken)).toThrow(
      /the file was recorded by turnkit 0\.0\.9 under other rules .*the card library differs, which is why it diverges/,
    );
  });

  it("a turnkit/replay@1 file is read, and a divergence says it recorded no version", () => {
    const { turnkit: _t, rules: _r, ...rest } = recorded();
    const old = parseReplay("old.replay", replayText({ ...rest, format: "turnkit/replay@1" } as ReplayFile));
    expect(() => checkFinalState(replayGame(old), old)).not.toThrow();
    const broken: ReplayFile = { ...old, responses: old.responses.slice(0, 3) };
    expect(() => checkFinalState(replayGame(broken), broken)).toThrow(
      /recorded by an older turnkit that kept no record of its version or rules: a change of the rules since may be why/,
    );
  });
});
