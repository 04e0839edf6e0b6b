import { getPreset } from "./src/presets/index.js";
import { gameOf } from "./src/server/create-game.js";
import { diff } from "./src/server/patch.js";
const games: any[] = [];
for (let s = 1; s <= 20; s++) { const game = gameOf(getPreset("skirmish"), { seed: s, players: ["P1","P2"], options: {} } as any); const vs: any[] = []; let n=0;
  while (!game.over && n < 200) { const d = game.decision!; game.act({ player: d.player, choice: d.options[(n*7+s)%d.options.length]!.id }); n++; vs.push([game.viewFor(0), game.viewFor(1)]); } games.push(vs); }
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
let t1 = 0, t2 = 0, n = 0, b1 = 0, b2 = 0;
for (let rep = 0; rep < 6; rep++) for (const vs of games) {
  let t = cpu(); for (let i = 1; i < vs.length; i++) for (const s of [0,1]) b1 += JSON.stringify({ type: "update", responses: i, view: vs[i][s], events: [], clock: null, end: null }).length; t1 += cpu() - t;
  t = cpu(); for (let i = 1; i < vs.length; i++) for (const s of [0,1]) b2 += JSON.stringify({ type: "update", seq: i, responses: i, patch: diff(vs[i-1][s], vs[i][s]), events: [], clock: null, end: null }).length; t2 += cpu() - t;
  n += (vs.length - 1);
}
console.log("per response (2 seats): whole-view JSON", (t1/n).toFixed(3), "ms,", Math.round(b1/n/2), "B/msg; diff+patch JSON", (t2/n).toFixed(3), "ms,", Math.round(b2/n/2), "B/msg");
