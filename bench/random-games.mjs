/**
 * Workload "random games": whole games of every registered preset between random legal agents.
 * Games and actions per second, heap per live game, serialized state size, snapshot and restore.
 */
import { randomAgent } from "../dist/agents/index.js";
import { Game } from "../dist/index.js";
import { getPreset, presetIds } from "../dist/presets/index.js";

const MAX_ACTIONS = 20_000;

function playOne(preset, seed, logging) {
  const game = Game.create(preset, { seed, logging }).run();
  const agent = randomAgent(seed);
  let actions = 0;
  while (!game.over && actions < MAX_ACTIONS) {
    game.act(agent.choose(game));
    actions++;
  }
  return { game, actions };
}

function heapPerLiveGame(preset, count) {
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const live = [];
  for (let i = 0; i < count; i++) live.push(playOne(preset, 10_000 + i, "full").game);
  globalThis.gc?.();
  const after = process.memoryUsage().heapUsed;
  if (live.length !== count) throw new Error("unreachable");
  return Math.max(0, (after - before) / count);
}

function timeUs(fn, reps) {
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) fn();
  return ((performance.now() - t0) * 1000) / reps;
}

/** liveGames = 0: speed only (no heap, size or snapshot figures). */
export function runRandomGames({ games, liveGames, logging = "full" }) {
  const rows = [];
  for (const id of presetIds()) {
    const preset = getPreset(id);
    let actions = 0;
    const t0 = performance.now();
    for (let i = 0; i < games; i++) {
      const r = playOne(preset, i + 1, logging);
      actions += r.actions;
      if (!r.game.over) throw new Error(`${id} game ${i + 1} did not finish in ${MAX_ACTIONS} actions`);
    }
    const seconds = (performance.now() - t0) / 1000;
    if (liveGames === 0) {
      rows.push({ game: id, gamesPerSec: games / seconds, actionsPerSec: actions / seconds });
      continue;
    }
    // A finished game (its largest state, full log) for state size, snapshot and restore.
    const { game } = playOne(preset, 4242, "full");
    const state = game.serialize();
    const snap = game.snapshot();
    rows.push({
      game: id,
      gamesPerSec: games / seconds,
      actionsPerSec: actions / seconds,
      heapBytesPerGame: heapPerLiveGame(preset, liveGames),
      stateBytes: Buffer.byteLength(state),
      snapshotUs: timeUs(() => game.snapshot(), 200),
      restoreUs: timeUs(() => game.restore(snap), 200),
    });
  }
  return rows;
}
