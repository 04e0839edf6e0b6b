/**
 * The measurements that bench/search.mjs and bench/baselines.mjs run, one per child process
 * (bench/child.mjs): each loads one engine (a built `dist/` folder: the current code's or a
 * baseline's), warms the JIT, times its workload in CPU time (process.cpuUsage) and returns plain
 * numbers. Nothing is shared between two measurements: no JIT state, no heap.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** An engine's entry points, whichever modules its version exports them from. */
export async function engine(dist) {
  const m = await import(join(dist, "index.js"));
  const fromPresets = m.getPreset ? m : await import(join(dist, "presets", "index.js"));
  const fromAgents = m.randomAgent ? m : await import(join(dist, "agents", "index.js"));
  const presetIds = fromPresets.presetIds ?? m.presetIds;
  return {
    Game: m.Game,
    getPreset: fromPresets.getPreset,
    randomAgent: fromAgents.randomAgent,
    presetIds,
    m,
  };
}

/** CPU microseconds of `fn()` (this process: the work is synchronous). */
export function cpuOf(fn) {
  const c0 = process.cpuUsage();
  const out = fn();
  const c = process.cpuUsage(c0);
  return { us: c.user + c.system, out };
}

/** CPU microseconds this process has used since it started (Node's own start-up included). */
function processCpuUs() {
  const c = process.cpuUsage();
  return c.user + c.system;
}

/**
 * Runs `fn` at least `min` times and until `warmSec` CPU-seconds have passed: V8's optimizing tier
 * needs far more than a few games to settle (a Duel Masters engine keeps getting faster for ~300
 * games, 3–4× over its first ones), and an engine with more code takes longer to warm.
 */
export function warmUp(fn, min, warmSec) {
  // A clean heap first, then the warm-up: never a forced full collection between the warm-up and
  // the timing. A full collection frees the hidden classes (maps) no live object has, and V8 drops
  // the optimized code that embedded them ("weak objects" deoptimizations: about 700 in a Duel
  // Masters run); timed right after one, an engine measured its re-warming, 2-5x its warm cost.
  globalThis.gc?.();
  const c0 = process.cpuUsage();
  const spent = () => {
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1e6;
  };
  for (let i = 0; i < min || spent() < warmSec; i++) fn(i);
}

/** Plays random legal responses until the game ends or `max` responses; returns how many. */
export function playOut(E, game, seed, max = 20_000) {
  const agent = E.randomAgent(seed);
  let n = 0;
  while (!game.over && n < max) {
    game.act(agent.choose(game));
    n++;
  }
  return n;
}

/** Each player's deck list in a freshly set-up game: every card they own. */
export function deckLists(game) {
  const lists = game.state.players.map(() => []);
  for (const o of Object.values(game.state.objects)) lists[o.owner].push(o.card);
  return lists.map((l) => l.sort());
}

/**
 * The deck lists of `listsFile` (the `lists` workload wrote them: one entry per seed from 1), or
 * null without one. An engine playing another engine's lists reads them from such a file, made in
 * a process of their own (bench/deck-lists.mjs): loading the other engine beside it to make them
 * would put a second copy of the rules in the timed process — more code, more hidden classes in
 * V8's shared caches — which cost the measured engine up to 4 % more instructions a response (a
 * Duel Masters response 60,420 beside the other engine, 57,880 alone, on the same lists).
 */
function listsIn(listsFile, preset) {
  if (!listsFile) return null;
  const lists = JSON.parse(readFileSync(listsFile, "utf8")).lists;
  if (!Array.isArray(lists) || lists.length === 0) throw new Error(`${listsFile}: no deck lists`);
  // Each card id as the engine's own string: strings parsed from JSON are other objects than the
  // card library's (interned) ids, and lookups by them compare characters — up to 1.3 % more
  // instructions a response than lists made in the process.
  const own = new Map(preset.cards.map((c) => [c.id, c.id]));
  return lists.map((players) => players.map((list) => list.map((id) => own.get(id) ?? id)));
}

/**
 * The turns a game has had: the clock's turn number when it ended. Each player's turn is one turn,
 * extra turns included (the clock numbers every turn it starts).
 */
export function turnsOf(game) {
  return game.state.clock.turn.id;
}

/**
 * Responses answered in the first `budgetUs` CPU-microseconds of this process — Node's start-up
 * and the engine's import included — playing random games of `preset` from seed 300,000 on: what
 * a short-lived process (a test, a serverless call, a CLI run) gets done before the JIT has settled.
 */
function firstCpuOfProcess(E, preset, budgetUs) {
  let responses = 0;
  let firstCreateUs = null;
  for (let seed = 300_000; ; seed++) {
    const before = processCpuUs();
    const made = E.Game.create(E.getPreset(preset), { seed });
    // The first game of a preset compiles its rules (checks its cards, hashes its fingerprint).
    firstCreateUs ??= processCpuUs() - before;
    const game = made.run();
    const agent = E.randomAgent(seed);
    while (!game.over) {
      game.act(agent.choose(game));
      responses++;
      if (responses % 16 === 0 && processCpuUs() >= budgetUs)
        return { responses, cpuUs: processCpuUs(), mainThreadUs: mainThreadCpuUs(), firstCreateUs };
    }
  }
}

/**
 * What Showdown's process gets done in its first `budgetUs` CPU-microseconds — Node's start-up
 * and Showdown's import included, as `firstCpuOfProcess` counts turnkit's: the decisions its
 * players sent within them, and the process's CPU when the first was sent (its data loads on the
 * first battle). Battles from seed 300,000 on, each played to its end.
 */
async function showdownFirstCpuOfProcess(battle, budgetUs) {
  let decisions = 0;
  let firstDecisionUs = null;
  const onDecision = () => {
    const now = processCpuUs();
    firstDecisionUs ??= now;
    if (now < budgetUs) decisions++;
  };
  for (let seed = 300_000; processCpuUs() < budgetUs; seed++) await battle(seed, onDecision);
  return { decisions, firstDecisionUs };
}

/**
 * CPU microseconds of this process's main thread alone (Linux: /proc/self/task/PID/stat, in clock
 * ticks of 10 ms), or null elsewhere: the rest of `process.cpuUsage` is V8's own threads — its
 * optimizing compiler and its garbage collector's helpers.
 */
function mainThreadCpuUs() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime + stime, USER_HZ = 100
  } catch {
    return null;
  }
}

export const workloads = {
  /**
   * Random games on `preset` between random legal agents, full log: CPU per game, per response
   * and per turn. `decksFrom`: play the deck lists of that engine's games (same seeds). `cold`:
   * first count what the process's first 0.5 CPU-second gets done. A preset the engine doesn't
   * have gives `{ missing: true }`.
   */
  async games({ dist, preset, games, decksFrom, listsFile, warmSec, cold = false }) {
    const importStart = processCpuUs();
    const E = await engine(dist);
    const importUs = processCpuUs() - importStart;
    if (E.presetIds && !E.presetIds().includes(preset)) return { missing: true };
    // A lists file that could not be made (its engine has no such preset: bench/deck-lists.mjs).
    if (listsFile !== undefined && typeof listsFile !== "string") return { missing: true };
    const first = cold ? firstCpuOfProcess(E, preset, 500_000) : null;
    const p = E.getPreset(preset);
    const fromFile = listsIn(listsFile, p);
    const D = !fromFile && decksFrom ? await engine(decksFrom) : null;
    // The baseline's lists may break deck rules added since (Yu-Gi-Oh!'s 3 copies): not checked here.
    const unchecked = { ...p, deckRules: undefined };
    // The other engine's deck lists are read before the timing: its games' set-up is not this engine's cost.
    const lists = new Map();
    const listsOf = (seed) => {
      // The file's lists cover the timed seeds; the warm-up's seeds play them in turn.
      if (fromFile) return fromFile[(seed - 1) % fromFile.length];
      let decks = lists.get(seed);
      if (!decks) {
        decks = deckLists(D.Game.create(D.getPreset(preset), { seed }));
        lists.set(seed, decks);
      }
      return decks;
    };
    const make = (seed) =>
      D || fromFile ? E.Game.create(unchecked, { seed, decks: listsOf(seed) }) : E.Game.create(p, { seed });
    if (fromFile && fromFile.length < games)
      throw new Error(`${listsFile}: deck lists for ${fromFile.length} seeds, ${games} games to play`);
    if (D) for (let i = 1; i <= games; i++) listsOf(i);
    warmUp((i) => playOut(E, make(100_000 + i).run(), i), games > 1 ? 3 : 0, warmSec);
    let actions = 0;
    let turns = 0;
    const { us } = cpuOf(() => {
      for (let i = 1; i <= games; i++) {
        const game = make(i).run();
        actions += playOut(E, game, i);
        turns += turnsOf(game);
      }
    });
    return {
      gamesPerCpuSec: games / (us / 1e6),
      actionsPerCpuSec: actions / (us / 1e6),
      actionsPerGame: actions / games,
      turnsPerGame: turns / games,
      usPerResponse: us / actions,
      usPerTurn: us / turns,
      ...(first
        ? {
            importCpuMs: importUs / 1000,
            firstHalfSecondResponses: first.responses,
            firstHalfSecondUsPerResponse: first.cpuUs / first.responses,
            firstCreateCpuMs: first.firstCreateUs / 1000,
            ...(first.mainThreadUs === null
              ? {}
              : { firstHalfSecondMainThreadShare: first.mainThreadUs / first.cpuUs }),
          }
        : {}),
    };
  },

  /**
   * Random games of seeds 1…`games` on `decksFrom`'s deck lists (read for seeds 1…`listSeeds`
   * first, whatever `games` is, so two runs differ only in the games played): the responses, for
   * bench/instructions.mjs, which counts this process's machine instructions under valgrind and
   * takes the difference between two game counts — the JIT's warm-up and the start-up cancel out.
   */
  async responses({ dist, preset, games, decksFrom, listsFile, listSeeds }) {
    const E = await engine(dist);
    if (E.presetIds && !E.presetIds().includes(preset)) return { missing: `it has no preset "${preset}"` };
    let lists = listsIn(listsFile, E.getPreset(preset));
    if (!lists) {
      const D = await engine(decksFrom);
      if (D.presetIds && !D.presetIds().includes(preset))
        return { missing: `the deck lists' engine has no preset "${preset}"` };
      lists = [];
      for (let seed = 1; seed <= listSeeds; seed++)
        lists.push(deckLists(D.Game.create(D.getPreset(preset), { seed })));
    } else if (lists.length < games)
      throw new Error(`${listsFile}: deck lists for ${lists.length} seeds, ${games} games to play`);
    const unchecked = { ...E.getPreset(preset), deckRules: undefined };
    // An engine can't play a list that holds cards it doesn't know (an earlier commit, a later list).
    const known = new Set(unchecked.cards.map((c) => c.id));
    const unknown = [...new Set(lists.flat(2).filter((c) => !known.has(c)))];
    if (unknown.length > 0)
      return {
        missing: `the deck lists hold ${unknown.length} card(s) it doesn't know (${unknown.slice(0, 3).join(", ")}${unknown.length > 3 ? ", …" : ""})`,
      };
    let responses = 0;
    for (let seed = 1; seed <= games; seed++)
      responses += playOut(E, E.Game.create(unchecked, { seed, decks: lists[seed - 1] }).run(), seed);
    return { responses };
  },

  /**
   * Writes to `file` the deck lists of `preset`'s games of seeds 1…`seeds` on engine `dist` (its
   * own decks, each list sorted), for `games` and `responses` to play on another engine.
   */
  async lists({ dist, preset, seeds, file }) {
    const D = await engine(dist);
    if (D.presetIds && !D.presetIds().includes(preset))
      return { missing: `the deck lists' engine has no preset "${preset}"` };
    const lists = [];
    for (let seed = 1; seed <= seeds; seed++)
      lists.push(deckLists(D.Game.create(D.getPreset(preset), { seed })));
    writeFileSync(file, JSON.stringify({ preset, seeds, lists }));
    return { file, seeds };
  },

  /** A mid-game Duel Masters state (60 random responses, seed 5): copies of it, µs per call. */
  async copies({ dist, reps, warmSec }) {
    const E = await engine(dist);
    const g = E.Game.create(E.getPreset("duel-masters"), { seed: 5 }).run();
    playOut(E, g, 5, 60);
    const time = (fn) => {
      warmUp(fn, reps, warmSec / 4);
      return (
        cpuOf(() => {
          for (let i = 0; i < reps; i++) fn();
        }).us / reps
      );
    };
    const snap = g.snapshot();
    const restoreUs = time(() => g.restore(snap));
    const snapshotUs = time(() => g.snapshot());
    const structuredCloneUs = time(() => structuredClone(g.state));
    const noLog = { ...g.state, log: [] };
    const structuredCloneNoLogUs = time(() => structuredClone(noLog));
    return {
      objects: Object.keys(g.state.objects).length,
      logEntries: g.state.log.length,
      bytes: g.serialize().length,
      bytesNoLog: JSON.stringify(noLog).length,
      structuredCloneUs,
      structuredCloneNoLogUs,
      snapshotUs,
      restoreUs,
    };
  },

  /**
   * Full-state copies `act` makes for its undo: the restore point (`game.guard`, src/core/game.ts)
   * is a copy of the state (`guard.copy`; null when it is the game's making, a game's first 256
   * actions), taken again every 256 actions (every action with `exactUndo`) or when the state was
   * replaced since (a `restore`). Counted, not timed: in whole random games, and in a search's
   * pattern (restore a mid-game snapshot, then 20 random responses), per preset.
   */
  async undoCopies({ dist, preset, games }) {
    const E = await engine(dist);
    const counting = (game) => {
      if (!("guard" in game))
        throw new Error(
          "bench: the game has no `guard` (its undo restore point): update bench/workloads.mjs",
        );
      let last = game.guard;
      let copies = 0;
      return {
        act(response) {
          game.act(response);
          // An earlier engine's restore point is always a copy (it has no `copy: null`).
          if (game.guard !== last && game.guard !== null && game.guard.copy !== null) copies++;
          last = game.guard;
        },
        get copies() {
          return copies;
        },
      };
    };
    const wholeGames = (exactUndo) => {
      let actions = 0;
      let copies = 0;
      for (let seed = 1; seed <= games; seed++) {
        const game = E.Game.create(E.getPreset(preset), { seed, exactUndo }).run();
        const c = counting(game);
        const agent = E.randomAgent(seed);
        while (!game.over) {
          c.act(agent.choose(game));
          actions++;
        }
        copies += c.copies;
      }
      return (1000 * copies) / actions;
    };
    const game = E.Game.create(E.getPreset(preset), { seed: 11, logging: "none" }).run();
    playOut(E, game, 11, 60);
    const root = game.snapshot();
    const c = counting(game);
    const agent = E.randomAgent(11);
    const restores = 200;
    for (let r = 0; r < restores; r++) {
      game.restore(root);
      for (let i = 0; i < 20 && !game.over; i++) c.act(agent.choose(game));
    }
    return {
      copiesPer1000Actions: wholeGames(false),
      copiesPer1000ActionsExactUndo: wholeGames(true),
      copiesPerRestoreThen20: c.copies / restores,
    };
  },

  /** Plain UCT over the real state from a mid-game position: iterations per CPU-second. */
  async mcts({ dist, preset, iterations, warmSec }) {
    const E = await engine(dist);
    // Halfway through a random game of seed 11: the game is played once to learn its length,
    // then again (same agent, same seed: the same game) to its middle — the same share of the game
    // left in both engines.
    const make = () => E.Game.create(E.getPreset(preset), { seed: 11, logging: "none" }).run();
    const length = playOut(E, make(), 11);
    const g = make();
    playOut(E, g, 11, Math.floor(length / 2));
    if (g.over) throw new Error(`${preset}: no mid-game position`);
    const rootSnap = g.snapshot();
    const rootPlayer = g.decision.player;
    let x = 0x9e3779b9;
    const rand = (n) => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) % n;
    };
    let responses = 0;
    const newNode = () => ({ n: 0, w: 0, children: new Map() });
    const root = newNode();
    const iterate = () => {
      g.restore(rootSnap);
      const path = [];
      let node = root;
      for (;;) {
        if (g.over) break;
        const d = g.decision;
        const untried = d.options.filter((o) => !node.children.has(o.id));
        if (untried.length > 0) {
          const o = untried[rand(untried.length)];
          const child = newNode();
          child.player = d.player;
          node.children.set(o.id, child);
          g.act({ player: d.player, decision: d.id, choice: o.id });
          responses++;
          path.push(child);
          break;
        }
        let best = null;
        let bestId = "";
        let bestScore = -1;
        for (const o of d.options) {
          const c = node.children.get(o.id);
          const s = c.w / c.n + 1.4 * Math.sqrt(Math.log(node.n + 1) / c.n);
          if (s > bestScore) [best, bestId, bestScore] = [c, o.id, s];
        }
        g.act({ player: d.player, decision: d.id, choice: bestId });
        responses++;
        path.push(best);
        node = best;
      }
      for (let i = 0; i < 100 && !g.over; i++) {
        const d = g.decision;
        g.act({ player: d.player, decision: d.id, choice: d.options[rand(d.options.length)].id });
        responses++;
      }
      const winner = g.over ? g.state.result?.winner : undefined;
      root.n++;
      for (const c of path) {
        c.n++;
        c.w += winner === undefined || winner === null ? 0.5 : winner === c.player ? 1 : 0;
      }
    };
    warmUp(iterate, 50, warmSec);
    responses = 0;
    const { us } = cpuOf(() => {
      for (let i = 0; i < iterations; i++) iterate();
    });
    // Responses per iteration differ with the position (a playout that ends the game is short):
    // responses per second inside the search compares engines on unequal positions too.
    return {
      iterationsPerCpuSec: iterations / (us / 1e6),
      responsesPerIteration: responses / iterations,
      searchResponsesPerCpuSec: responses / (us / 1e6),
      rootPlayer,
    };
  },

  /** The built ISMCTS agent from the same kind of position: iterations per CPU-second. */
  async ismcts({ dist, preset, iterations, warmSec }) {
    const E = await engine(dist);
    const { ismctsAgent } = await import(join(dist, "agents", "index.js"));
    let g;
    for (let seed = 11; seed < 60; seed++) {
      g = E.Game.create(E.getPreset(preset), { seed }).run();
      playOut(E, g, seed, 40);
      if (!g.over) break;
    }
    while (!g.over && g.decision.options.length < 2) g.act(g.decision.options[0].id);
    const agent = ismctsAgent({ iterations: Math.max(10, iterations / 5), seed: 1 });
    warmUp(() => agent.choose(g), 1, warmSec);
    const timed = ismctsAgent({ iterations, seed: 2 });
    const { us } = cpuOf(() => timed.choose(g));
    return { iterationsPerCpuSec: iterations / (us / 1e6) };
  },

  /**
   * simulate() on `workers` threads: wall and CPU seconds of a run (the process's, its threads
   * included). Warm (`warmSec` > 0): the threads of one `openSimulator` first play runs for
   * `warmSec` CPU-seconds each, so the run is timed with their code compiled. Cold (`warmSec` 0):
   * a one-shot `simulate()`, whose threads start and compile the engine within the timed run.
   */
  async workers({ dist, preset, games, workers, warmSec = 0 }) {
    const sim = await import(join(dist, "simulate", "index.js"));
    const timed = async (run) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await run({ preset, games, seed: 1, workers });
      const wall = (performance.now() - t0) / 1000;
      const c = process.cpuUsage(c0);
      const cpuSec = (c.user + c.system) / 1e6;
      const played = r.games ?? games;
      return { wallSec: wall, cpuSec, games: played, cpuMsPerGame: (1000 * cpuSec) / played };
    };
    if (!(warmSec > 0)) {
      // This thread's code warmed; the run's threads start cold.
      await sim.simulate({ preset, games: Math.min(20, games), seed: 999, workers });
      return timed(sim.simulate);
    }
    const s = await sim.openSimulator({ workers });
    try {
      const c0 = process.cpuUsage();
      const used = () => {
        const c = process.cpuUsage(c0);
        return (c.user + c.system) / 1e6;
      };
      for (let k = 0; used() < warmSec * workers; k++)
        await s.simulate({ preset, games: 40 * workers, seed: 100_000 + 40 * workers * k });
      return await timed((opts) => s.simulate(opts));
    } finally {
      await s.close();
    }
  },

  /**
   * The turn skeleton (bench/turn-skeleton.mjs) at `turns` turns: turnkit without a log and
   * boardgame.io's reducer, µs of CPU per action (the built package: dist/).
   */
  async skeleton({ turns, reps, minActions }) {
    const { runTurnSkeleton } = await import("./turn-skeleton.mjs");
    const rows = runTurnSkeleton({
      sizes: [turns],
      reps,
      minActions,
      only: ["turnkit", "boardgame.io-reducer"],
      clock: "cpu",
    });
    const at = (e) => rows.find((r) => r.engine === e).usPerAction;
    return { usPerAction: at("turnkit"), reducerUsPerAction: at("boardgame.io-reducer") };
  },

  /**
   * Pokémon Showdown (bench/package.json): gen1 random battles between its own random players,
   * CPU per turn and per decision (bench/showdown.mjs).
   */
  async showdown({ battles, warmSec }) {
    const { battle } = await import("./showdown.mjs");
    const cold = await showdownFirstCpuOfProcess(battle, 500_000);
    globalThis.gc?.(); // before the warm-up, as warmUp does
    const warmUntil = processCpuUs() + warmSec * 1e6;
    for (let i = 0; i === 0 || processCpuUs() < warmUntil; i++) await battle(100_000 + i);
    let turns = 0;
    let decisions = 0;
    const t0 = process.cpuUsage();
    for (let seed = 1; seed <= battles; seed++) {
      const r = await battle(seed);
      turns += r.turns;
      decisions += r.decisions;
    }
    const c = process.cpuUsage(t0);
    const us = c.user + c.system;
    return {
      usPerTurn: us / turns,
      usPerDecision: us / decisions,
      turnsPerBattle: turns / battles,
      decisionsPerBattle: decisions / battles,
      firstHalfSecondDecisions: cold.decisions,
      firstDecisionCpuMs: cold.firstDecisionUs / 1000,
    };
  },
};

/** The version of a package installed in bench/node_modules. */
export function benchPackageVersion(name) {
  const require = createRequire(fileURLToPath(new URL("./package.json", import.meta.url)));
  return require(`${name}/package.json`).version;
}
