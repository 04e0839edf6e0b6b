/**
 * The action space's property over many random games per preset (the check of
 * tests/agents/action-space.test.ts, at scale):
 *
 *   npm run check:action-space -- --games 10000 [--preset duel-masters] [--seed 1]
 *
 * Half the games use the preset's random decks. Prints, per preset, the games played, the
 * decisions and options checked, the most options one decision offered, and every failure with
 * its seed; exits 1 if any. Stopped (SIGINT, SIGTERM), it prints what it checked so far.
 */
import { parseArgs } from "node:util";
import { actionSpace } from "../src/agents/action-space.js";
import { getPreset, presetIds } from "../src/presets/index.js";
import { checkActionSpaceGame } from "../src/testing/action-space-check.js";
import { newGameOf } from "../src/testing/invariants.js";

const { values } = parseArgs({
  options: {
    games: { type: "string", default: "1000" },
    preset: { type: "string", multiple: true },
    seed: { type: "string", default: "1" },
  },
});
const games = Number(values.games);
const first = Number(values.seed);
if (!Number.isSafeInteger(games) || games < 1) {
  console.error(`--games: expected a whole number from 1, got "${values.games}"`);
  process.exit(2);
}
if (!Number.isSafeInteger(first)) {
  console.error(`--seed: expected a whole number, got "${values.seed}"`);
  process.exit(2);
}
const ids = values.preset ?? presetIds();
let failures = 0;
let stop = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => (stop = true));
for (const id of ids) {
  if (stop) break;
  const preset = getPreset(id);
  const space = actionSpace(preset);
  const t0 = Date.now();
  let decisions = 0;
  let options = 0;
  let most = 0;
  let failed = 0;
  let played = 0;
  for (let g = first; g < first + games && !stop; g++) {
    // Between games, let a stop signal in.
    if (g % 10 === 0) await new Promise((r) => setImmediate(r));
    played++;
    const game = newGameOf(preset, g, g % 2 ? "random" : "sample").run();
    const r = checkActionSpaceGame(game, space, `${id}:${g}`);
    decisions += r.decisions;
    options += r.options;
    most = Math.max(most, r.most);
    if (r.problem) {
      failed++;
      console.log(`FAIL ${r.problem}`);
    }
    if ((g - first + 1) % 100 === 0)
      console.log(
        `${id}: ${g - first + 1} games, ${failed} failures (${Math.round((Date.now() - t0) / 1000)} s)`,
      );
  }
  failures += failed;
  console.log(
    `${id}: ${played} games (seeds ${first}–${first + played - 1})${stop ? ", stopped" : ""}, ${decisions} decisions, ${options} options, at most ${most} options in one decision: ${failed} failures (${Math.round((Date.now() - t0) / 1000)} s)`,
  );
}
process.exit(failures > 0 ? 1 : 0);
