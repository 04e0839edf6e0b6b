/**
 * An ISMCTS agent: Single-Observer Information Set Monte Carlo Tree Search (Cowling,
 * Powley & Whitehouse 2012, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)).
 *
 * One search per decision of the deciding ("root") player, of `iterations` iterations each:
 * 1. **Determinize**: a full state consistent with what the root player sees (`determinize`, the
 *    only way hidden cards reach the search: the agent never reads the real game's hidden cards).
 * 2. **Select** down one tree shared by all determinizations. A node's children are keyed by the
 *    action as its decider sees it: the stable encoding (`encodingKey`, places relative to the
 *    decider) plus the option's label (which names the card: "Charge Aqua Merge"), so children are
 *    comparable across determinizations. Only the children legal in this determinization compete,
 *    by UCB1 with availability counts (`mean + c·√(ln avail / visits)`, where `avail` is how many
 *    times the child was legal when its parent was visited).
 * 3. **Expand** one untried legal action.
 * 4. **Play out** with uniformly random legal actions, at most `rolloutLimit` responses.
 * 5. **Back up** per-player rewards: each node scores the reward of the player who chose its action
 *    (1 win, 0 loss, 1/n each on a draw; an unfinished playout scores `evaluate`).
 * Other players' decisions inside the tree are made from the same tree (SO-ISMCTS), each maximising
 * their own reward from their own encoding of their options. A decision with one option is played
 * at once (no node). The choice is the root child with the most visits.
 *
 * Determinism: the search's generator is seeded from (seed, decision id, player), all public, so
 * the same seed and the same information state give the same choice, whatever came before; the
 * iteration budget never reads a clock. `timeMs` (a wall-clock budget) is opt-in and not
 * deterministic. Cost per iteration: a determinization (a copy, tens of µs: what is hidden and
 * remembered is read once per decision, `determinizer`), then the playout, which dominates
 * (Duel Masters ~15 ms for 100+ responses; Magic and Yu-Gi-Oh! hit `rolloutLimit`). Samples are
 * log-less (`logging: "none"`).
 */
import type { Action, Game } from "../core/game.js";
import { nextInt, type RngState, seedRng } from "../core/rng.js";
import type { PlayerId } from "../core/types.js";
import { determinizer } from "./determinize.js";
import { encodeOptions, encodingKey } from "./encoding.js";
import type { Agent } from "./random.js";

export interface IsmctsOptions {
  /** Iterations per decision (default 200). With `timeMs` and no `iterations`: unbounded. */
  iterations?: number;
  /** A wall-clock budget per decision in milliseconds: opt-in, and NOT deterministic. */
  timeMs?: number;
  /** The agent's seed (default 0): the same seed and information state give the same choice. */
  seed?: number | string;
  /** The UCB exploration constant c (default 0.7; rewards are in [0, 1]). */
  exploration?: number;
  /** Responses at most in a playout before it is scored by `evaluate` (default 200). */
  rolloutLimit?: number;
  /**
   * Scores an unfinished playout: a reward in [0, 1] per player (index = player id). Default
   * `healthAndBoard`. Read only what the players see (a determinized game holds sampled hidden cards).
   */
  evaluate?: (game: Game) => number[];
}

/** What the last search did (for benches and tests). */
export interface IsmctsStats {
  iterations: number;
  /** Iterations that failed (a determinization the rules refused, an engine error in a playout): skipped. */
  failures: number;
  /** Nodes in the tree at the end. */
  nodes: number;
  /** The root's children: option id, visits, mean reward for the root player. */
  children: { choice: string; visits: number; mean: number }[];
  ms: number;
}

/**
 * Where a search's determinizations come from: `determinizer(game, player)` (the agent's own), or
 * samples a server dealt the player (a client of `turnkit serve`: src/server/remote-search.ts).
 * Each `deal` gives a game the search may play on (a fresh copy).
 */
export interface SampleSource {
  deal(rng: RngState): Game;
}

export interface IsmctsAgent extends Agent {
  /**
   * The choice at `game`'s pending decision, searching over `samples` instead of determinizing
   * `game` (which then need only be one of them: the decider's options and the decision's id are
   * read from it). `choose(game)` is `chooseWith(game, determinizer(game, decider))`.
   */
  chooseWith(game: Game, samples: SampleSource): Action;
  readonly options: Readonly<Required<Omit<IsmctsOptions, "timeMs" | "evaluate">>> & {
    timeMs: number | null;
  };
  /** The last search's statistics (null before the first search, or after a forced decision). */
  lastStats: IsmctsStats | null;
}

interface Node {
  /** The player who chose the action leading here (the root's: -1). */
  player: PlayerId;
  visits: number;
  /** How many times this node's action was legal when its parent was visited. */
  avail: number;
  /** Sum of `player`'s rewards. */
  reward: number;
  children: Map<string, Node>;
}

const newNode = (player: PlayerId): Node => ({
  player,
  visits: 0,
  avail: 0,
  reward: 0,
  children: new Map(),
});

/**
 * The default evaluation of an unfinished playout: each player's share of the players' "health",
 * all public: a `life` or `lp` player variable where the preset has one (Magic, Yu-Gi-Oh!, lab,
 * skirmish), else 1 + the cards in their shield zones (Duel Masters). Equal shares when no player
 * has either.
 */
export function healthShare(game: Game): number[] {
  const s = game.state;
  const n = s.players.length;
  const health = s.players.map((p) => {
    const v = p.vars.life ?? p.vars.lp;
    if (typeof v === "number") return Math.max(0, v);
    let shields = 0;
    let any = false;
    for (const z of game.zonesOf("shield"))
      if (z.owner === p.id) {
        any = true;
        shields += z.cards.length;
      }
    return any ? 1 + shields : null;
  });
  if (health.some((h) => h === null)) return Array(n).fill(1 / n);
  const total = (health as number[]).reduce((a, b) => a + b, 0);
  return total > 0 ? (health as number[]).map((h) => h / total) : Array(n).fill(1 / n);
}

/**
 * Each player's share of the cards in play (the preset's in-play zones), by controller: public
 * material — permanents, creatures in the battle zone, monsters and Set cards (counted, not read).
 * Equal shares when nothing is in play.
 */
export function boardShare(game: Game): number[] {
  const n = game.state.players.length;
  const count = Array<number>(n).fill(0);
  let total = 0;
  for (const z of game.zonesOfKinds(game.rules.inPlayKinds))
    for (const id of z.cards) {
      const c = game.state.objects[id]!.controller;
      if (c >= 0 && c < n) {
        count[c]!++;
        total++;
      }
    }
  return total > 0 ? count.map((c) => c / total) : Array(n).fill(1 / n);
}

/**
 * The default evaluation of an unfinished playout: half `healthShare`, half `boardShare` — life
 * alone barely moves in a short playout of a game like Magic, where what is on the battlefield
 * decides; both are public.
 */
export function healthAndBoard(game: Game): number[] {
  const h = healthShare(game);
  const b = boardShare(game);
  return h.map((x, i) => 0.5 * x + 0.5 * b[i]!);
}

/** The reward per player at the end of a playout. */
function rewards(game: Game, evaluate: (g: Game) => number[]): number[] {
  const n = game.state.players.length;
  const r = game.state.result;
  if (r === null) return evaluate(game);
  if (r.winner === null) return Array(n).fill(1 / n);
  return Array.from({ length: n }, (_, p) => (p === r.winner ? 1 : 0));
}

function positiveInt(name: string, v: number | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  if (!Number.isInteger(v) || v < 1)
    throw new RangeError(`ismcts: ${name} must be a positive integer, not ${v}`);
  return v;
}

/** The child key: the decider's encoding of the option, and its label (which names the card). */
function keyOf(encoding: Parameters<typeof encodingKey>[0], label: string): string {
  return `${encodingKey(encoding)}\u0000${label}`;
}

export function ismctsAgent(opts: IsmctsOptions = {}): IsmctsAgent {
  const timeMs = opts.timeMs ?? null;
  if (timeMs !== null && !(Number.isFinite(timeMs) && timeMs > 0))
    throw new RangeError(`ismcts: timeMs must be a positive number, not ${timeMs}`);
  const iterations = positiveInt(
    "iterations",
    opts.iterations,
    timeMs !== null ? Number.MAX_SAFE_INTEGER : 200,
  );
  const rolloutLimit = positiveInt("rolloutLimit", opts.rolloutLimit, 200);
  const exploration = opts.exploration ?? 0.7;
  if (!(Number.isFinite(exploration) && exploration >= 0))
    throw new RangeError(`ismcts: exploration must be a non-negative number, not ${exploration}`);
  const seed = opts.seed ?? 0;
  const evaluate = opts.evaluate ?? healthAndBoard;

  const agent: IsmctsAgent = {
    options: { iterations, timeMs, seed, exploration, rolloutLimit },
    lastStats: null,
    choose(game: Game): Action {
      const d = game.state.decision;
      if (!d || game.over || d.options.length === 1) return agent.chooseWith(game, { deal: () => game });
      // Prepared once: what is hidden from the player and what they remember (read from the log),
      // then log-less samples (history a search never reads), so each copies less.
      return agent.chooseWith(game, determinizer(game, d.player, { log: false }));
    },
    chooseWith(game: Game, sampler: SampleSource): Action {
      const d = game.state.decision;
      if (!d || game.over) throw new Error("the ISMCTS agent was asked to act with no decision pending");
      const me = d.player;
      const action = (choice: string, label?: string): Action => ({
        player: me,
        decision: d.id,
        choice,
        ...(label !== undefined ? { label } : {}),
      });
      if (d.options.length === 1) {
        agent.lastStats = null;
        return action(d.options[0]!.id, d.options[0]!.label);
      }
      const t0 = performance.now();
      // Everything the search knows: the player's own encoding of their options, and determinizations.
      const mine = encodeOptions(game, me);
      const idOf = new Map(mine.map((o) => [keyOf(o.encoding, o.label), o]));
      const rng = seedRng(`turnkit/ismcts\u0000${String(seed)}\u0000${d.id}\u0000${me}`);
      const root = newNode(-1);
      let nodes = 1;
      let done = 0;
      let failures = 0;
      let firstError: unknown = null;
      while (done + failures < iterations) {
        if (timeMs !== null && performance.now() - t0 >= timeMs && done > 0) break;
        try {
          nodes += iterate(sampler, root, rng, exploration, rolloutLimit, evaluate);
          done++;
        } catch (e) {
          failures++;
          firstError ??= e;
          if (failures > 10 && done === 0) break;
        }
      }
      if (done === 0) throw firstError;
      let best: { key: string; node: Node } | null = null;
      for (const o of mine) {
        const key = keyOf(o.encoding, o.label);
        const node = root.children.get(key);
        if (node && (best === null || node.visits > best.node.visits)) best = { key, node };
      }
      const chosen = best ? idOf.get(best.key)! : mine[nextInt(rng, mine.length)]!;
      agent.lastStats = {
        iterations: done,
        failures,
        nodes,
        children: mine.map((o) => {
          const n = root.children.get(keyOf(o.encoding, o.label));
          return { choice: o.id, visits: n?.visits ?? 0, mean: n && n.visits > 0 ? n.reward / n.visits : 0 };
        }),
        ms: performance.now() - t0,
      };
      return action(chosen.id, chosen.label);
    },
  };
  return agent;
}

/** One iteration; returns the number of nodes added (0 or 1). */
function iterate(
  sampler: SampleSource,
  root: Node,
  rng: RngState,
  c: number,
  rolloutLimit: number,
  evaluate: (g: Game) => number[],
): number {
  const g = sampler.deal(rng);
  const path: Node[] = [root];
  let node = root;
  let added = 0;
  // Selection and expansion.
  while (!g.over) {
    const d = g.state.decision!;
    if (d.options.length === 1) {
      g.act(d.options[0]!.id);
      continue;
    }
    const q = d.player;
    const options = encodeOptions(g, q);
    const untried: { key: string; id: string }[] = [];
    let best: Node | null = null;
    let bestId = "";
    let bestScore = -Infinity;
    for (const o of options) {
      const key = keyOf(o.encoding, o.label);
      const child = node.children.get(key);
      if (!child) {
        untried.push({ key, id: o.id });
        continue;
      }
      child.avail++;
    }
    if (untried.length > 0) {
      const pick = untried[nextInt(rng, untried.length)]!;
      const child = newNode(q);
      child.avail = 1;
      node.children.set(pick.key, child);
      g.act(pick.id);
      path.push(child);
      added = 1;
      break;
    }
    for (const o of options) {
      const child = node.children.get(keyOf(o.encoding, o.label))!;
      const score = child.reward / child.visits + c * Math.sqrt(Math.log(child.avail) / child.visits);
      if (score > bestScore) {
        bestScore = score;
        best = child;
        bestId = o.id;
      }
    }
    g.act(bestId);
    path.push(best!);
    node = best!;
  }
  // Playout.
  let steps = 0;
  while (!g.over && steps < rolloutLimit) {
    const d = g.state.decision!;
    g.act(d.options.length === 1 ? d.options[0]!.id : d.options[nextInt(rng, d.options.length)]!.id);
    steps++;
  }
  // Back-up.
  const r = rewards(g, evaluate);
  for (const n of path) {
    n.visits++;
    if (n.player >= 0) n.reward += r[n.player] ?? 0;
  }
  return added;
}
