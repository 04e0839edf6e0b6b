/**
 * One Pokémon Showdown battle (the `pokemon-showdown` package in bench/package.json): gen1 random
 * battles (format `gen1randombattle`, teams drawn by Showdown) between two of its own
 * `RandomPlayerAI`s over its battle stream. The battle, both teams and both players are seeded:
 * the same seed plays the same battle. A turn is Showdown's turn (`|turn|N`: both sides choose
 * once); a decision is one choice a player sends.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { BattleStream, getPlayerStreams } = require("pokemon-showdown");
const { RandomPlayerAI } = require("pokemon-showdown/dist/sim/tools/random-player-ai");

export const SHOWDOWN_FORMAT = "gen1randombattle";

/**
 * Plays battle `seed` to its end: its turns, the decisions both players sent, the result line.
 * `onDecision`, if given, is called as each decision is sent.
 */
export async function battle(seed, onDecision) {
  const streams = getPlayerStreams(new BattleStream());
  let decisions = 0;
  for (const [i, side] of ["p1", "p2"].entries()) {
    const ai = new RandomPlayerAI(streams[side], { seed: [seed, i + 1, 0x51, 0x7e] });
    const choose = ai.choose.bind(ai);
    ai.choose = (choice) => {
      decisions++;
      onDecision?.();
      choose(choice);
    };
    void ai.start();
  }
  let turns = 0;
  let result = "";
  const ended = (async () => {
    for await (const chunk of streams.omniscient)
      for (const line of chunk.split("\n")) {
        if (line.startsWith("|turn|")) turns = Number(line.slice("|turn|".length));
        else if (line.startsWith("|win|") || line === "|tie") result = line;
      }
  })();
  const spec = { formatid: SHOWDOWN_FORMAT, seed: [seed, 0x2b, 0x3c, 0x4d] };
  // Each side's random team is drawn from its own seed (Showdown draws one at random otherwise).
  const player = (n) => JSON.stringify({ name: `P${n}`, seed: [seed, n, 0x7e, 0x51] });
  await streams.omniscient.write(
    `>start ${JSON.stringify(spec)}\n>player p1 ${player(1)}\n>player p2 ${player(2)}`,
  );
  await ended;
  if (!result) throw new Error(`Showdown battle ${seed} ended without a result`);
  return { turns, decisions, result };
}
