/** The first half of the 1,000 random Magic games (tests/magic/random-games.ts). */
import { GAMES, randomGames } from "./random-games.js";

randomGames(1, Math.ceil(GAMES / 2));
