/**
 * Runs every benchmark: `node --expose-gc bench/run.mjs [--quick] [--json]` with
 * NODE_ENV=production (scripts/bench.mjs sets it up). --quick stays well under a minute on 2
 * cores; --json prints one JSON object with every figure.
 */
import { cpus } from "node:os";
import { runLimits } from "./limits.mjs";
import { runRandomGames } from "./random-games.mjs";
import { runTurnSkeleton } from "./turn-skeleton.mjs";

const quick = process.argv.includes("--quick");
const json = process.argv.includes("--json");
const log = (s) => {
  if (!json) process.stdout.write(`${s}\n`);
};

const skeletonSizes = [100, 1000, 10000];
log(
  `turnkit benchmarks (${quick ? "quick" : "full"}) · node ${process.version} · ${cpus()[0]?.model ?? "?"} × ${cpus().length}`,
);

const turnSkeleton = runTurnSkeleton({
  sizes: skeletonSizes,
  reps: quick ? 1 : 3,
  // boardgame.io's engines take minutes at 10,000 turns; quick runs measure them up to 1,000.
  skipSlow: (engine, turns) => quick && engine.startsWith("boardgame.io") && turns > 1000,
});
const limits = runLimits({
  sizes: [1000, 1_000_000],
  iterations: quick ? 100_000 : 500_000,
  reps: quick ? 3 : 7,
});
const randomGames = runRandomGames({ games: quick ? 30 : 300, liveGames: quick ? 10 : 50 });

if (json) {
  process.stdout.write(`${JSON.stringify({ turnSkeleton, limits, randomGames })}\n`);
} else {
  const f = (x, d = 2) => x.toFixed(d);
  log("\nTurn skeleton: µs per action");
  log(
    "| turns | turnkit | boardgame.io reducer | boardgame.io client | hand-written | reducer ÷ turnkit | turnkit ÷ hand-written |",
  );
  log("|---:|---:|---:|---:|---:|---:|---:|");
  for (const turns of skeletonSizes) {
    const at = (e) => turnSkeleton.find((r) => r.turns === turns && r.engine === e)?.usPerAction;
    const [tk, red, cli, hw] = ["turnkit", "boardgame.io-reducer", "boardgame.io-client", "handwritten"].map(
      at,
    );
    const show = (x) => (x === undefined ? "—" : f(x, 3));
    log(
      `| ${turns} | ${show(tk)} | ${show(red)} | ${show(cli)} | ${show(hw)} | ${red ? `${f(red / tk, 1)}×` : "—"} | ${f(tk / hw, 1)}× |`,
    );
  }
  const tk = (n) => turnSkeleton.find((r) => r.turns === n && r.engine === "turnkit").usPerAction;
  log(`turnkit per-action cost, N = 10,000 vs N = 100: ${f(tk(10000) / tk(100))}×`);
  log("\nLimits: canUse");
  log("| logged events | ns per check |");
  log("|---:|---:|");
  for (const r of limits) log(`| ${r.events.toLocaleString("en")} | ${f(r.nsPerCheck, 0)} |`);
  log(`ratio 1,000,000 ÷ 1,000: ${f(limits[1].nsPerCheck / limits[0].nsPerCheck)}`);
  log("\nRandom games (random legal agents, full log)");
  log("| game | games/s | actions/s | heap per live game | state bytes | snapshot µs | restore µs |");
  log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of randomGames)
    log(
      `| ${r.game} | ${f(r.gamesPerSec, 1)} | ${f(r.actionsPerSec, 0)} | ${f(r.heapBytesPerGame / 1024, 1)} KiB | ${r.stateBytes} | ${f(r.snapshotUs, 1)} | ${f(r.restoreUs, 1)} |`,
    );
}
