/** Sets up a Skyduel position and asks `whyNot` about each ability. */
// #region why-not
import { Game } from "turnkit";
import { skyduel } from "./skyduel.js";

// A position instead of a dealt game: no setup, cards placed by hand, P1's main step of turn 3.
const game = Game.create(skyduel, { seed: 1, setup: false });
const caller1 = game.createCard("caller", 0, "field");
const caller2 = game.createCard("caller", 0, "field");
const kite = game.createCard("kite", 0, "field");
for (const p of [0, 1]) for (let i = 0; i < 3; i++) game.createCard("sprite", p, "deck");
game.state.players[0]!.vars.life = 2;
game.startAt(3, 0, "main").run();

console.log(game.decision!.options.map((o) => o.id.replace(/k[a-z0-9]{7}/, "…")));
game.act(`activate:${game.ref(caller1)}:bolt`);
for (const [obj, ability] of [
  [caller1, "bolt"],
  [caller2, "bolt"],
  [kite, "rewind"],
] as const)
  for (const r of game.whyNot(obj.id, ability)) console.log(`${game.card(obj).name}: ${r.kind}: ${r.text}`);
// #endregion
