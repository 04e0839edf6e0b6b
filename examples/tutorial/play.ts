/** Plays a seeded game of Skyduel between two random agents and narrates it as P1 sees it. */
// #region play
import { Game, narrate } from "turnkit";
import { randomAgent } from "turnkit/agents";
import { skyduel } from "./skyduel.js";

const game = Game.create(skyduel, { seed: 1 });
// Narrate each event as it happens, as P1 may see it (P2's hand stays hidden).
game.onEvent((entry) => {
  const line = narrate(game, entry, 0);
  if (line) console.log(`${"  ".repeat(line.depth)}${line.text}`);
});
game.run();
const agent = randomAgent(1);
while (!game.over) game.act(agent.choose(game));
console.log(game.result);
// #endregion
