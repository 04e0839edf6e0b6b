/**
 * Workload "turn skeleton": two players, five steps a turn (draw, main 1, battle, main 2, end), in
 * each step one state-changing action and one pass: ten actions a turn. The same transitions in
 * turnkit (its public API), boardgame.io (its reducer and its headless client) and a hand-written
 * loop with plain counters (the floor). Every engine must end in the same state.
 */
import { createRequire } from "node:module";

// boardgame.io 0.50 ships CommonJS without an exports map; its subpaths are loaded with require.
const require = createRequire(import.meta.url);
const { Client } = require("boardgame.io/client");
const { CreateGameReducer, InitializeGame } = require("boardgame.io/internal");

import { actionLoop, Game } from "../dist/index.js";

const STEPS = ["draw", "main1", "battle", "main2", "end"];

// ---- turnkit ------------------------------------------------------------------------------
export const skeletonPreset = {
  id: "skeleton",
  name: "Turn skeleton",
  players: { min: 2, max: 2 },
  zones: [],
  turn: () => ({
    id: "turn",
    label: "Turn",
    kind: "turn",
    children: STEPS.map((id) => ({ id, label: id, kind: "step", interaction: "step" })),
  }),
  cards: [],
  playerVars: () => ({ score: 0 }),
  tasks: {
    step: actionLoop({
      autoPass: false,
      actions(game, _p, task) {
        return game.state.vars.actedIn === game.state.clock.instances[task.node]
          ? []
          : [{ id: "act", label: "Act" }];
      },
      perform(game, p, _option, task) {
        game.state.players[p].vars.score += 1;
        game.state.vars.actedIn = game.state.clock.instances[task.node];
      },
    }),
  },
};

function turnkit(turns, seed, logging) {
  const game = Game.create(skeletonPreset, { seed, logging }).run();
  let actions = 0;
  while (game.state.clock.turn.id <= turns) {
    const d = game.decision;
    game.act(d.options[0].id); // "act" while it is offered, then "pass"
    actions++;
  }
  return { actions, turn: game.state.clock.turn.id, score: game.state.players.map((p) => p.vars.score) };
}

// ---- boardgame.io -------------------------------------------------------------------------
const bgioGame = {
  name: "skeleton",
  setup: () => ({ score: [0, 0], step: 0, acted: false }),
  moves: {
    act: ({ G, ctx }) => {
      G.score[Number(ctx.currentPlayer)] += 1;
      G.acted = true;
    },
    pass: ({ G, events }) => {
      G.acted = false;
      G.step += 1;
      if (G.step === STEPS.length) {
        G.step = 0;
        events.endTurn();
      }
    },
  },
};

function bgioReducer(turns) {
  const reducer = CreateGameReducer({ game: bgioGame });
  let state = InitializeGame({ game: bgioGame, numPlayers: 2 });
  let actions = 0;
  while (state.ctx.turn <= turns) {
    const move = state.G.acted ? "pass" : "act";
    state = reducer(state, {
      type: "MAKE_MOVE",
      payload: { type: move, args: [], playerID: state.ctx.currentPlayer },
    });
    actions++;
  }
  return { actions, turn: state.ctx.turn, score: [...state.G.score] };
}

function bgioClient(turns) {
  const client = Client({ game: bgioGame, numPlayers: 2 });
  client.start();
  let actions = 0;
  let s = client.getState();
  while (s.ctx.turn <= turns) {
    client.updatePlayerID(s.ctx.currentPlayer);
    if (s.G.acted) client.moves.pass();
    else client.moves.act();
    actions++;
    s = client.getState();
  }
  client.stop();
  return { actions, turn: s.ctx.turn, score: [...s.G.score] };
}

// ---- hand-written floor ------------------------------------------------------------------
function handwritten(turns) {
  const s = { turn: 1, player: 0, step: 0, acted: false, score: [0, 0] };
  let actions = 0;
  const act = (p) => {
    if (p !== s.player || s.acted) throw new Error("illegal act");
    s.score[p] += 1;
    s.acted = true;
  };
  const pass = (p) => {
    if (p !== s.player) throw new Error("illegal pass");
    s.acted = false;
    if (++s.step === STEPS.length) {
      s.step = 0;
      s.turn += 1;
      s.player = 1 - s.player;
    }
  };
  while (s.turn <= turns) {
    if (s.acted) pass(s.player);
    else act(s.player);
    actions++;
  }
  return { actions, turn: s.turn, score: [...s.score] };
}

/**
 * The engines of the comparison. "turnkit" keeps no event log (`logging: "none"`, the setting for
 * search and simulation), as neither boardgame.io's reducer nor the hand-written loop keeps a
 * history; "turnkit-full-log" is the default setting, reported beside it (not in the JSON).
 */
export const engines = {
  turnkit: (n, seed) => turnkit(n, seed, "none"),
  "turnkit-full-log": (n, seed) => turnkit(n, seed, "full"),
  "boardgame.io-reducer": (n) => bgioReducer(n),
  "boardgame.io-client": (n) => bgioClient(n),
  handwritten: (n) => handwritten(n),
};

/** Microseconds: elapsed (wall) or this process's CPU time. */
const clocks = {
  wall: () => performance.now() * 1000,
  cpu: () => {
    const c = process.cpuUsage();
    return c.user + c.system;
  },
};

/**
 * Times one engine at N turns: whole games are repeated until a batch holds at least `minActions`
 * actions (so N = 100 is measured over many games, not one millisecond), and the best of `reps`
 * batches is kept. Returns µs per action and the last game's result.
 */
function measure(run, turns, seed, reps, minActions, now = clocks.wall) {
  let best = Number.POSITIVE_INFINITY;
  let result;
  for (let r = 0; r < reps; r++) {
    let actions = 0;
    const t0 = now();
    do {
      result = run(turns, seed);
      actions += result.actions;
    } while (actions < minActions);
    best = Math.min(best, (now() - t0) / actions);
  }
  return { usPerAction: best, result };
}

/**
 * Runs every engine at each N, checks they agree, and returns µs per action (best of `reps`
 * batches; `slowReps` for boardgame.io). The first batch after another engine ran is often slow
 * (the JIT re-settles), so `reps` should be at least 3.
 * Each engine is first warmed up for `warmMs` (the JIT's optimizing tier needs far more than one
 * game: without it the first size measured looks 2–3× slower than the rest). `only`: the engines to
 * run (all by default); `clock`: "wall" (elapsed time, the default) or "cpu" (this process's).
 */
export function runTurnSkeleton({
  sizes,
  reps,
  slowReps = reps,
  seed = 1,
  minActions = 50_000,
  warmMs = 500,
  skipSlow = () => false,
  only = Object.keys(engines),
  clock = "wall",
}) {
  const rows = [];
  const now = clocks[clock];
  const chosen = Object.entries(engines).filter(([engine]) => only.includes(engine));
  for (const [engine, run] of chosen) {
    const slow = engine.startsWith("boardgame.io");
    const until = performance.now() + (slow ? warmMs / 2 : warmMs);
    for (const turns of sizes)
      if (!slow || turns <= 100) measure(run, Math.min(turns, 1000), seed, 1, slow ? 0 : minActions / 4);
    while (performance.now() < until) measure(run, 100, seed, 1, 0);
  }
  for (const turns of sizes) {
    let reference = null;
    for (const [engine, run] of chosen) {
      if (skipSlow(engine, turns)) continue;
      // boardgame.io is ~100× slower: smaller batches, and one run of its client at 10,000 turns
      // (its cost grows with the game; that run alone takes minutes).
      const slow = engine.startsWith("boardgame.io");
      const slowest = engine === "boardgame.io-client" && turns > 1000;
      // Each engine starts with a clean heap (no collection of another's garbage), then runs a
      // batch unmeasured: a forced full collection drops optimized code whose hidden classes no
      // live object has, and the first batch after it would measure the re-warming.
      globalThis.gc?.();
      if (!slowest) measure(run, Math.min(turns, 1000), seed, 1, slow ? 0 : minActions);
      const times = slowest ? 1 : slow ? slowReps : reps;
      const { usPerAction, result } = measure(run, turns, seed, times, slow ? 5000 : minActions, now);
      const summary = JSON.stringify({ turn: result.turn, score: result.score, actions: result.actions });
      if (reference === null) reference = summary;
      else if (summary !== reference)
        throw new Error(`turn skeleton: ${engine} ended in ${summary}, expected ${reference} (N = ${turns})`);
      rows.push({ turns, engine, usPerAction });
    }
  }
  return rows;
}
