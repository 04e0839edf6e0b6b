/**
 * The playground Session with a bot thinker (playground/src/bot/thinker.ts runs one in a Web
 * Worker; here a stand-in answers asynchronously in this thread, with agents seeded as the worker
 * seeds them): the same game as bots thinking on the page; an answer that arrives after a step back
 * in time is dropped; a thinker's failure stops the bots with its message, the game unchanged.
 */
import { type Action, Game } from "turnkit";
import { agentOf } from "turnkit/agents";
import { getPreset } from "turnkit/presets";
import { describe, expect, it } from "vitest";
import { type BotThinker, Session, type SessionConfig } from "../../playground/src/session.js";
import { stateDigest } from "../../src/replay/format.js";

/** A thinker that answers on a later microtask, like a worker's message; `fail` makes it reject. */
function asyncThinker(config: SessionConfig, seeds: number[], fail?: string): BotThinker {
  const agents = seeds.map((seed) => agentOf(config.bot ?? "random", seed));
  return {
    where: "test",
    async choose(seat: number, state: string): Promise<Action> {
      await Promise.resolve();
      if (fail) throw new Error(fail);
      return agents[seat]!.choose(Game.deserialize(config.preset, state));
    },
    dispose() {},
  };
}

const config = (bot: string): SessionConfig => ({
  preset: getPreset("lab"),
  seed: "3",
  players: 2,
  bots: [0, 1],
  bot,
});

/** Lets the session's bots answer until the game ends, waiting for each asynchronous answer. */
async function playOut(session: Session): Promise<number> {
  let n = 0;
  while (!session.game.over && n < 5000) {
    expect(session.botStep()).toBe(false); // asked, not answered yet
    expect(session.thinking).not.toBeNull();
    while (session.thinking !== null) await new Promise((r) => setTimeout(r, 0));
    n++;
  }
  return n;
}

describe("Session with a bot thinker", () => {
  it("plays the game the page's own bots play, one asynchronous answer at a time", async () => {
    const onPage = new Session(config("ismcts:4"));
    onPage.runBots();
    const thought = new Session(config("ismcts:4"), asyncThinker);
    expect(thought.botsThinkIn).toBe("test");
    const n = await playOut(thought);
    expect(n).toBe(onPage.history.length - 1);
    expect(stateDigest(thought.game)).toBe(stateDigest(onPage.game));
  });

  it("drops an answer that arrives after a step back in time", async () => {
    const s = new Session(config("random"), asyncThinker);
    s.botStep();
    while (s.thinking !== null) await new Promise((r) => setTimeout(r, 0));
    s.botStep();
    expect(s.thinking).not.toBeNull();
    s.back(); // the answer to come is for the latest step, no longer shown
    while (s.thinking !== null) await new Promise((r) => setTimeout(r, 0));
    expect(s.history.length).toBe(2);
    expect(s.cursor).toBe(0);
  });

  it("stops the bots with the thinker's message, the game unchanged", async () => {
    const s = new Session(config("random"), (c, seeds) => asyncThinker(c, seeds, "no agent for seat 0"));
    const before = s.game.serialize();
    s.botStep();
    while (s.thinking !== null) await new Promise((r) => setTimeout(r, 0));
    expect(s.botError).toBe("no agent for seat 0");
    expect(s.autoplay).toBe(false);
    expect(s.game.serialize()).toBe(before);
    expect(s.history.length).toBe(1);
  });
});
