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

const timed = (label, fn) => {
  const t0 = performance.now();
  const out = fn();
  log(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
};
const turnSkeleton = timed("turn skeleton", () =>
  runTurnSkeleton({
    sizes: skeletonSizes,
    reps: quick ? 3 : 5,
    slowReps: quick ? 1 : 3,
    minActions: quick ? 20_000 : 100_000,
    // boardgame.io at 10,000 turns takes 6 s (reducer) to minutes (client, which slows as its log
    // grows); no target reads it, so quick runs skip it.
    skipSlow: (engine, turns) => quick && engine.startsWith("boardgame.io") && turns > 1000,
  }),
);
const limits = timed("limits", () =>
  runLimits({ sizes: [1000, 1_000_000], iterations: quick ? 100_000 : 500_000, reps: quick ? 3 : 7 }),
);
const randomGames = timed("random games", () =>
  runRandomGames({ games: quick ? 20 : 300, liveGames: quick ? 10 : 50 }),
);
// The same games without a log (search workloads), for the tables only.
const noLog = json
  ? []
  : timed("random games, no log", () =>
      runRandomGames({ games: quick ? 20 : 300, liveGames: 0, logging: "none" }),
    );

if (json) {
  // The JSON carries the issue's four engines; the full-log turnkit figures are in the tables.
  const rows = turnSkeleton.filter((r) => r.engine !== "turnkit-full-log");
  process.stdout.write(`${JSON.stringify({ turnSkeleton: rows, limits, randomGames })}\n`);
} else {
  const f = (x, d = 2) => x.toFixed(d);
  log("\nTurn skeleton: µs per action (turnkit: logging none; full log beside it)");
  log(
    "| turns | turnkit | turnkit, full log | boardgame.io reducer | boardgame.io client | hand-written | reducer ÷ turnkit | turnkit ÷ hand-written |",
  );
  log("|---:|---:|---:|---:|---:|---:|---:|---:|");
  const engineNames = [
    "turnkit",
    "turnkit-full-log",
    "boardgame.io-reducer",
    "boardgame.io-client",
    "handwritten",
  ];
  const at = (turns, e) => turnSkeleton.find((r) => r.turns === turns && r.engine === e)?.usPerAction;
  for (const turns of skeletonSizes) {
    const [tk, full, red, cli, hw] = engineNames.map((e) => at(turns, e));
    const show = (x) => (x === undefined ? "—" : f(x, 3));
    log(
      `| ${turns} | ${show(tk)} | ${show(full)} | ${show(red)} | ${show(cli)} | ${show(hw)} | ${red ? `${f(red / tk, 1)}×` : "—"} | ${f(tk / hw, 1)}× |`,
    );
  }
  for (const e of ["turnkit", "turnkit-full-log"])
    log(`${e} per-action cost, N = 10,000 ÷ N = 100: ${f(at(10000, e) / at(100, e))}×`);
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
  log("\nRandom games without a log (logging: none)");
  log("| game | games/s | actions/s | speed-up over full log |");
  log("|---|---:|---:|---:|");
  for (const r of noLog) {
    const full = randomGames.find((x) => x.game === r.game);
    log(
      `| ${r.game} | ${f(r.gamesPerSec, 1)} | ${f(r.actionsPerSec, 0)} | ${f(r.gamesPerSec / full.gamesPerSec)}× |`,
    );
  }
}
