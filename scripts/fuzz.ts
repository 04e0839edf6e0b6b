/**
 * `npm run fuzz -- --game G --games N [--seed S] [--workers K] [--max-actions M] [--json]`
 *
 * Plays N seeded random games of preset G (`--game all`: every registered preset) with every
 * invariant checked (src/testing/fuzz.ts), prints a summary per preset and every failure with a
 * command that reproduces it, and exits 1 on any failure (2 on a usage error).
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { presetIds } from "../src/presets/index.js";
import { DEFAULT_CONFIG, type FuzzProgress, formatSummary, fuzz } from "../src/testing/fuzz.js";

const USAGE = `usage: npm run fuzz -- --game <preset|all> [--games N] [--seed S] [--workers K] [--max-actions M] [--json]
  --game G             a preset id (${presetIds().join(", ")}) or "all"
  --games N            games per preset (default 100)
  --seed S             the first game's seed; game i has seed S+i (default 1)
  --workers K          worker threads (default ${availableParallelism()}: os.availableParallelism()); 0: in this thread
  --max-actions M      responses per game at most; a game that reaches it is "capped" (default ${DEFAULT_CONFIG.maxActions})
  --ni F               fraction of games checked for non-interference (default ${DEFAULT_CONFIG.nonInterference})
  --ni-max-actions M   responses the non-interference lockstep plays at most (default ${DEFAULT_CONFIG.niMaxActions})
  --replay F           fraction of games replayed on another worker to compare digests (default ${DEFAULT_CONFIG.replay})
  --illegal-checks N   points per game where illegal actions are tried (default ${DEFAULT_CONFIG.illegalChecks})
  --hidden-identity F  fraction of games whose views are searched for hidden cards' ids and names after every action (default ${DEFAULT_CONFIG.hiddenIdentity})
  --json               print the summary as one JSON object`;

function usage(problem: string): never {
  process.stderr.write(`fuzz: ${problem}\n${USAGE}\n`);
  process.exit(2);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      game: { type: "string" },
      games: { type: "string" },
      seed: { type: "string" },
      workers: { type: "string" },
      "max-actions": { type: "string" },
      ni: { type: "string" },
      "ni-max-actions": { type: "string" },
      replay: { type: "string" },
      "illegal-checks": { type: "string" },
      "hidden-identity": { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
}
try {
  args = parse();
} catch (e) {
  usage((e as Error).message);
}
const v = args.values;
if (v.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

function integer(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim())) usage(`--${name} must be an integer ≥ ${min}, not "${text}"`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min) usage(`--${name} must be an integer ≥ ${min}, not "${text}"`);
  return n;
}

function fraction(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || n < 0 || n > 1)
    usage(`--${name} must be a number from 0 to 1, not "${text}"`);
  return n;
}

if (v.game === undefined) usage("--game is required");
const known = presetIds();
const presets = v.game === "all" ? known : v.game.split(",").map((g) => g.trim());
for (const p of presets)
  if (!known.includes(p)) usage(`unknown preset "${p}"; known presets: ${known.join(", ")}`);
const games = integer("games", v.games, 100, 1);
const seed = integer("seed", v.seed, 1, 0);
if (!Number.isSafeInteger(seed + games)) usage("--seed is too large");
const workers = integer("workers", v.workers, availableParallelism(), 0);

const isTTY = process.stderr.isTTY === true;
let lastLine = 0;
let lastPreset = "";
function showProgress(p: FuzzProgress): void {
  const rate = p.elapsed > 0 ? (p.done * 1000) / p.elapsed : 0;
  const eta = rate > 0 ? (p.total - p.done) / rate : 0;
  const line = `${p.preset}: ${p.done}/${p.total} games, ${rate.toFixed(1)} games/s, ETA ${eta.toFixed(0)} s, ${p.failures} failures, ${p.capped} capped`;
  const now = Date.now();
  if (isTTY) {
    if (now - lastLine < 100 && p.done < p.total) return;
    lastLine = now;
    process.stderr.write(`\r\x1b[K${line}`);
    if (p.done === p.total) process.stderr.write("\n");
  } else {
    // Plain lines, one every ten seconds and one when a preset is done.
    if (p.preset !== lastPreset) {
      lastPreset = p.preset;
      lastLine = now;
    }
    if (now - lastLine < 10_000 && p.done < p.total) return;
    lastLine = now;
    process.stderr.write(`${line}\n`);
  }
}

const summary = await fuzz({
  presets,
  games,
  seed,
  workers,
  maxActions: integer("max-actions", v["max-actions"], DEFAULT_CONFIG.maxActions, 1),
  nonInterference: fraction("ni", v.ni, DEFAULT_CONFIG.nonInterference),
  niMaxActions: integer("ni-max-actions", v["ni-max-actions"], DEFAULT_CONFIG.niMaxActions, 1),
  replay: fraction("replay", v.replay, DEFAULT_CONFIG.replay),
  illegalChecks: integer("illegal-checks", v["illegal-checks"], DEFAULT_CONFIG.illegalChecks, 0),
  hiddenIdentity: fraction("hidden-identity", v["hidden-identity"], DEFAULT_CONFIG.hiddenIdentity),
  onProgress: showProgress,
});
process.stdout.write(v.json ? `${JSON.stringify(summary)}\n` : `${formatSummary(summary)}\n`);
process.exitCode = summary.ok ? 0 : 1;
