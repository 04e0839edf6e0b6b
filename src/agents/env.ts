/**
 * An RL-style environment over a turnkit game, in PettingZoo AEC terms: one agent acts
 * at a time (`agentSelection`: the player whose decision is pending), `last()` is what that agent
 * observes, `step(action)` answers its decision. Seats given an `Agent` in `opts.agents` are played
 * by it inside `reset` and `step`, so a single learner sees only its own turns.
 *
 * Reward: 0 on every step but the last; when the game ends, +1 to the winner, -1 to every other
 * player, 0 to all on a draw (or a truncation at `maxActions`). `step` returns the reward of the
 * player who acted (the game may end after agent seats played on); `rewards` in its info gives
 * every seat's.
 *
 * Everything returned for a player comes from their view (observe.ts, encoding.ts): nothing
 * depends on a card hidden from them. `clone()` copies the whole game, hidden cards included — for
 * search by the referee's side, or over a determinized state (see determinize).
 */
import { LIMITS } from "../core/bounds.js";
import { didYouMeanText } from "../core/did-you-mean.js";
import { DefinitionError, IllegalActionError } from "../core/errors.js";
import { Game, type NewGameOptions } from "../core/game.js";
import type { JsonObject } from "../core/json.js";
import { describeValue, isPlainObject } from "../core/options.js";
import type { Preset } from "../core/preset.js";
import type { PlayerId } from "../core/types.js";
import type { CardDef } from "../core/vocabulary/schema.js";
import { type ActionSpace, maskOf, optionAt } from "./action-space.js";
import { canonicalOptions, decodeIn, type EncodedAction, type EncodedOption } from "./encoding.js";
import { defaultFeatures, type Features, type Observation } from "./observe.js";
import type { Agent } from "./random.js";

export interface EnvOptions {
  players?: number;
  /** Preset options (rule variants). */
  options?: JsonObject;
  /** Card ids per player (default: the preset's sample decks). */
  decks?: string[][];
  cards?: CardDef[];
  /** Seats played by agents inside reset/step (PettingZoo: the environment's own opponents). */
  agents?: Partial<Record<PlayerId, Agent>>;
  /** With a space, steps take action indices too and every result carries a legal-action mask. */
  space?: ActionSpace;
  /** The feature hook (default: `defaultFeatures`). */
  features?: Features;
  /** Responses (all seats) after which the game is cut short: done, info.truncated, rewards 0. Default 20,000. */
  maxActions?: number;
  /** "full" (default) keeps the event log, which views show this turn of; "none" is faster. */
  logging?: NewGameOptions["logging"];
}

/** What an agent is shown: its observation, its legal options (canonical order: `legal[i]` is action index i) and, with a space, its mask. */
export interface AgentTurn {
  player: PlayerId;
  observation: Observation;
  legal: EncodedOption[];
  mask?: Uint8Array;
}

export interface StepInfo extends AgentTurn {
  /** The player who acted, and the option id their action stood for. */
  acted: PlayerId;
  choice: string;
  /** Every seat's reward for this step. */
  rewards: number[];
  truncated: boolean;
  result: Game["result"];
}

export interface StepResult {
  /** The observation of the agent to act next (the new `agentSelection`), or the acting player's at the end. */
  observation: Observation;
  /** The acting player's reward (see the module comment). */
  reward: number;
  done: boolean;
  info: StepInfo;
}

/** An action: an encoded option, an index of the space, or an option id. */
export type EnvAction = EncodedAction | number | string;

/** The fields of EnvOptions, for "did you mean". */
const ENV_FIELDS = [
  "players",
  "options",
  "decks",
  "cards",
  "agents",
  "space",
  "features",
  "maxActions",
  "logging",
];

/**
 * EnvOptions to their exact types before anything is made for them: known fields only, a player
 * count within the preset's range (and LIMITS.players), a positive whole `maxActions`. The
 * options, decks and cards are Game.create's to check (at `reset`).
 */
function checkEnvOptions(preset: Preset, opts: unknown): void {
  const bad = (field: string, why: string): never => {
    throw new DefinitionError(`TurnkitEnv: ${field}: ${why}`);
  };
  if (!isPlainObject(opts)) bad("options", `expected an object of EnvOptions, got ${describeValue(opts)}`);
  const o = opts as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!ENV_FIELDS.includes(k))
      bad(
        k,
        `not an option of an environment${didYouMeanText(k, ENV_FIELDS)}; they are ${ENV_FIELDS.join(", ")}`,
      );
  const { min, max } = preset.players;
  const players = o.players;
  if (players !== undefined) {
    if (typeof players !== "number" || !Number.isInteger(players))
      bad("players", `expected a whole number of players, got ${describeValue(players)}`);
    const n = players as number;
    if (n < min || n > max || n > LIMITS.players)
      bad(
        "players",
        `${preset.name} is played by ${min === max ? min : `${min} to ${max}`} players, not ${n}`,
      );
  }
  const most = o.maxActions;
  if (most !== undefined && (typeof most !== "number" || !Number.isSafeInteger(most) || most < 1))
    bad("maxActions", `expected a whole number from 1, got ${describeValue(most)}`);
}

/** An action to its exact type: an option id, an index of the action space, or an encoded action. */
function checkEnvAction(action: unknown): void {
  const bad = (why: string): never => {
    throw new IllegalActionError(
      `step: ${why}; an action is an option id (a string), an index of the action space or an encoded action { kind, refs, args }`,
    );
  };
  if (typeof action === "string") return;
  if (typeof action === "number") {
    if (!Number.isSafeInteger(action) || action < 0)
      bad(`got ${describeValue(action)}, not an index (a whole number from 0)`);
    return;
  }
  if (!isPlainObject(action)) bad(`got ${describeValue(action)}`);
  const a = action as Record<string, unknown>;
  for (const k of Object.keys(a))
    if (!["kind", "refs", "args", "n"].includes(k))
      bad(`an encoded action has no field "${k}"${didYouMeanText(k, ["kind", "refs", "args", "n"])}`);
  if (typeof a.kind !== "string") bad(`its kind must be a string, not ${describeValue(a.kind)}`);
  if (!Array.isArray(a.refs)) bad(`its refs must be a list of card references, not ${describeValue(a.refs)}`);
  (a.refs as unknown[]).forEach((r, i) => {
    const ok =
      isPlainObject(r) &&
      (typeof r.owner === "string" || Number.isSafeInteger(r.owner)) &&
      typeof r.zone === "string" &&
      Number.isSafeInteger(r.index) &&
      (r.under === undefined || Number.isSafeInteger(r.under)) &&
      Object.keys(r).every((k) => ["owner", "zone", "index", "under"].includes(k));
    if (!ok)
      bad(`refs[${i}] must be { owner, zone, index, under? }, not ${JSON.stringify(r) ?? describeValue(r)}`);
  });
  if (!Array.isArray(a.args) || !a.args.every((x) => typeof x === "string"))
    bad(`its args must be a list of strings, not ${JSON.stringify(a.args) ?? describeValue(a.args)}`);
  if (a.n !== undefined && !(Number.isSafeInteger(a.n) && (a.n as number) >= 1))
    bad(`its n must be a whole number from 1, not ${describeValue(a.n)}`);
}

export class TurnkitEnv {
  readonly preset: Preset;
  readonly opts: EnvOptions;
  private gameOrNull: Game | null = null;
  private features: Features;
  private actions = 0;
  private truncated = false;

  constructor(preset: Preset, opts: EnvOptions = {}) {
    checkEnvOptions(preset, opts);
    this.preset = preset;
    this.opts = opts;
    this.features =
      opts.features ??
      defaultFeatures(preset, {
        players: opts.players ?? 2,
        ...(opts.options ? { options: opts.options } : {}),
      });
  }

  /** The game being played (throws before `reset`). */
  get game(): Game {
    if (!this.gameOrNull) throw new IllegalActionError("call reset(seed) first");
    return this.gameOrNull;
  }

  /** PettingZoo's `possible_agents`: every seat. */
  get agents(): PlayerId[] {
    return Array.from({ length: this.opts.players ?? 2 }, (_, i) => i);
  }

  /** The player to act (PettingZoo `agent_selection`; OpenSpiel `current_player`); null once done. */
  get agentSelection(): PlayerId | null {
    const g = this.game;
    return this.done ? null : g.state.decision!.player;
  }

  get done(): boolean {
    return this.game.over || this.truncated;
  }

  /** Starts a new game from a seed; agent seats play until a learner's decision or the end. */
  reset(seed: number | string): AgentTurn {
    if (typeof seed !== "number" && typeof seed !== "string")
      throw new IllegalActionError(`reset takes a seed (a number or a string), not ${describeValue(seed)}`);
    const o = this.opts;
    this.gameOrNull = Game.create(this.preset, {
      seed,
      players: o.players ?? 2,
      logging: o.logging ?? "full",
      ...(o.options ? { options: o.options } : {}),
      ...(o.decks ? { decks: o.decks } : {}),
      ...(o.cards ? { cards: o.cards } : {}),
    }).run();
    this.actions = 0;
    this.truncated = false;
    this.playAgents();
    return this.turnOf(this.agentSelection ?? 0);
  }

  /** What `player` (default: the one to act) observes now, with its legal options and mask. */
  turnOf(player: PlayerId): AgentTurn {
    const view = this.game.viewFor(player);
    const legal = canonicalOptions(view);
    const turn: AgentTurn = { player, observation: { view, features: this.features(view) }, legal };
    if (this.opts.space) turn.mask = maskOf(this.opts.space, legal.length);
    return turn;
  }

  /** PettingZoo's `last()`: the observation, reward, done and info of `player` (default: the agent to act). */
  last(player?: PlayerId): { observation: Observation; reward: number; done: boolean; info: AgentTurn } {
    const p = player ?? this.agentSelection ?? 0;
    const info = this.turnOf(p);
    return { observation: info.observation, reward: this.rewards()[p] ?? 0, done: this.done, info };
  }

  /** Answers the pending decision for `agentSelection`, then lets agent seats play. */
  step(action: EnvAction): StepResult {
    const g = this.game;
    if (this.done) throw new IllegalActionError("the episode is over: call reset(seed)");
    const player = g.state.decision!.player;
    const choice = this.choiceOf(player, action);
    g.act({ player, choice });
    this.actions++;
    if (!g.over && this.actions >= (this.opts.maxActions ?? 20_000)) this.truncated = true;
    this.playAgents();
    const rewards = this.rewards();
    const next = this.done ? player : this.agentSelection!;
    const turn = this.turnOf(next);
    return {
      observation: turn.observation,
      reward: rewards[player] ?? 0,
      done: this.done,
      info: { ...turn, acted: player, choice, rewards, truncated: this.truncated, result: g.result },
    };
  }

  /**
   * A copy to search from (OpenSpiel `clone`): the same game, hidden cards included, and the
   * same options. Agents are shared, not copied: give `agents` to play the copy with others.
   */
  clone(agents?: EnvOptions["agents"]): TurnkitEnv {
    const copy = new TurnkitEnv(this.preset, { ...this.opts, ...(agents ? { agents } : {}) });
    copy.features = this.features;
    copy.gameOrNull = this.game.clone();
    copy.actions = this.actions;
    copy.truncated = this.truncated;
    return copy;
  }

  /** Every seat's reward now: ±1 at a decided end, else 0. */
  rewards(): number[] {
    const r = this.game.result;
    return this.agents.map((p) => (!r || r.winner === null ? 0 : r.winner === p ? 1 : -1));
  }

  private choiceOf(player: PlayerId, action: EnvAction): string {
    checkEnvAction(action);
    if (typeof action === "string") return action;
    const legal = canonicalOptions(this.game.viewFor(player));
    if (typeof action === "number") {
      if (!this.opts.space)
        throw new IllegalActionError("an action index needs an action space (opts.space)");
      if (action >= legal.length)
        throw new IllegalActionError(
          `action index ${action} is masked: ${this.game.playerName(player)} has ${legal.length} option${legal.length === 1 ? "" : "s"} (indices 0…${legal.length - 1})`,
        );
      return optionAt(this.opts.space, legal, action).id;
    }
    return decodeIn(legal, action, this.game, player);
  }

  private playAgents(): void {
    const g = this.game;
    const agents = this.opts.agents ?? {};
    const max = this.opts.maxActions ?? 20_000;
    while (!g.over && !this.truncated) {
      const agent = agents[g.state.decision!.player];
      if (!agent) return;
      g.act(agent.choose(g));
      if (++this.actions >= max && !g.over) this.truncated = true;
    }
  }
}
