/** Plays a seeded game of Skyduel between two random agents and narrates it as P1 sees it. */
// #region play
import { Game, Narrator } from "turnkit";
import { randomAgent } from "turnkit/agents";
import { skyduel } from "./skyduel.js";

const game = Game.create(skyduel, { seed: 1 });
// Narrate each event as it happens, as P1 may see it (P2's hand stays hidden).
const narrator = new Narrator(game, 0, (line) => console.log(`${"  ".repeat(line.depth)}${line.text}`));
game.onEvent((entry) => narrator.push(entry));
game.run();
const agent = randomAgent(1);
while (!game.over) game.act(agent.choose(game));
narrator.flush(); // the lines still waiting for what comes after them
console.log(game.result);
// #endregion
