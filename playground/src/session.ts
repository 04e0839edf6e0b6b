/**
 * The playground's model: one game, the seats a bot plays, the seat whose view is shown, the
 * history of the game as snapshots (time travel), and each person's stops and auto-pass
 * (turnkit/play: a decision where passing is no real choice answers itself). Panels read it and
 * call its methods; every change notifies the subscribers, which re-render.
 */
import { type Action, Game, type JsonObject, type PlayerView, type Preset, type Snapshot } from "turnkit";
import { type Agent, agentOf } from "turnkit/agents";
import { autoAnswer, defaultSeatStops, passUntil, type SeatStops, withStop } from "turnkit/play";
import type { Table } from "./table.js";

export interface SessionConfig {
  preset: Preset;
  /** The seed as typed: an integer or any text. */
  seed: string;
  players: number;
  /** Card ids per player, when not the preset's own decks. */
  decks?: string[][];
  /** Player names (default P1, P2 …), as a replay file records them; as many as `players`. */
  names?: string[];
  /** Preset options (rule variants), as a replay file records them. */
  options?: JsonObject;
  /** Seats played by a bot (the others are people at this screen: hot-seat). */
  bots: number[];
  /**
   * Whether people's decisions where passing is no real choice answer themselves, by each seat's
   * stops (turnkit/play, docs/stops.md). Default off; the page's setup turns it on.
   */
  autoPass?: boolean;
  /**
   * Which bot plays them: an agent spec (`random`, the default, or `ismcts:<iterations>`, the
   * ISMCTS agent, which thinks on this page: a few seconds a decision at a few hundred iterations).
   */
  bot?: string;
}

/**
 * Chooses bots' responses off the page's thread (bot/thinker.ts, a Web Worker): given the seat and
 * the game as text (Game.serialize), answers later. Its agents are seeded as the page's would be
 * (`agentSeeds`), so a game goes the same whether its bots think here or there.
 */
export interface BotThinker {
  /** Where it thinks, for the page to say ("worker"). */
  readonly where: string;
  choose(seat: number, state: string): Promise<Action>;
  /** Stops it (a new game replaces this one). */
  dispose(): void;
}

/** Makes the thinker for a session's bots, or null to let them think on the page. */
export type ThinkerFactory = (config: SessionConfig, seeds: number[]) => BotThinker | null;

/** One step of the game's history: the state before `action` was taken. */
export interface HistoryStep {
  snapshot: Snapshot;
  /** The response taken from this state (absent for the present, the last step). */
  action?: Action;
  /** Why the response answered itself (stops and auto-pass), when it did. */
  auto?: string;
}

/** Where a session starts when not at a new game's start: a game and its history up to there. */
export interface SessionStart {
  game: Game;
  /** The steps up to the position (the last one's snapshot is the position). */
  history: HistoryStep[];
}

export class Session implements Table {
  readonly game: Game;
  /** history[cursor] is the state shown; history.length - 1 is the latest. */
  history: HistoryStep[] = [];
  cursor = 0;
  /** The seat whose view the board shows. */
  viewer = 0;
  /**
   * Hot-seat: the seat the screen is being passed to. While set, the page shows only the
   * "pass the screen" interstitial (no cards of anyone); `confirmPass` makes it the viewer.
   */
  passing: number | null = null;
  /** Bots answer by themselves (one response per timeout of `botDelay` ms) when it's their turn. */
  autoplay = true;
  botDelay = 60;
  /** The bot seat whose response is being thought out off the page (a thinker's), or null. */
  thinking: number | null = null;
  /** Why the last bot response failed (a thinker's error); bots stop until asked again. */
  botError: string | null = null;
  /** Each seat's stops and auto-pass; a person's decisions answer themselves by their seat's. */
  stops: SeatStops[];
  private readonly agents: Agent[];
  private readonly thinker: BotThinker | null;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly config: SessionConfig,
    private readonly thinkerOf?: ThinkerFactory,
    start?: SessionStart,
  ) {
    if (start) {
      this.game = start.game;
      this.history = start.history;
      this.cursor = start.history.length - 1;
      this.game.restore(start.history[this.cursor]!.snapshot);
    } else {
      this.game = Game.create(config.preset, {
        seed: seedValue(config.seed),
        players: config.names ?? config.players,
        ...(config.options ? { options: config.options } : {}),
        ...(config.decks ? { decks: config.decks } : {}),
      });
      this.game.run();
      this.history = [{ snapshot: this.game.snapshot() }];
    }
    const seeds = agentSeeds(config.seed, config.players);
    this.agents = seeds.map((seed) => agentOf(config.bot ?? "random", seed));
    this.thinker = thinkerOf?.(config, seeds) ?? null;
    this.viewer = config.bots.includes(0) ? this.firstPerson() : 0;
    const preset = this.game.state.preset;
    this.stops = this.game.state.players.map(() => ({
      ...defaultSeatStops(preset),
      autoPass: config.autoPass === true,
    }));
    this.autoPasses();
  }

  /**
   * A session showing `game`'s position as it is (a scenario's): every seat a person, nothing
   * answering itself, so the board shows the position until someone plays from it.
   */
  static atPosition(game: Game): Session {
    const g = game.clone();
    const s = g.state;
    return new Session(
      {
        preset: g.rules.preset,
        seed: String(s.seed),
        players: s.players.length,
        names: s.players.map((p) => p.name),
        options: s.options as JsonObject,
        bots: [],
      },
      undefined,
      { game: g, history: [{ snapshot: g.snapshot() }] },
    );
  }

  /**
   * A new session going on from step `index` of this one, its history up to there kept: the
   * person at `seat` (the seat shown), a bot at every other seat, auto-pass on. A position where
   * the engine stopped with nobody to decide (a scenario's step of the turn) goes on first.
   */
  playFrom(index: number, seat = this.viewer): Session {
    const i = Math.max(0, Math.min(index, this.history.length - 1));
    const game = this.game.clone();
    game.restore(this.history[i]!.snapshot);
    const history = this.history.slice(0, i + 1).map((h, k) => (k === i ? { snapshot: h.snapshot } : h));
    if (game.paused) {
      game.pauseWhen(null);
      game.run();
      history[i] = { snapshot: game.snapshot() };
    }
    const bots = this.game.state.players.map((p) => p.id).filter((p) => p !== seat);
    const next = new Session({ ...this.config, bots, autoPass: true }, this.thinkerOf, { game, history });
    next.viewer = seat;
    return next;
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  protected changed(): void {
    for (const fn of this.listeners) fn();
  }

  /** Whether the board shows the latest state (not a step in the past). */
  get atPresent(): boolean {
    return this.cursor === this.history.length - 1;
  }

  /** The responses from the start to the state shown, in order (a replay file's `responses`). */
  responses(): Action[] {
    return this.history.slice(0, this.cursor).map((h) => h.action!);
  }

  /**
   * Takes a response in the state shown; a step taken in the past drops the steps after it. Then
   * the people's decisions that answer themselves (stops and auto-pass) are answered.
   */
  act(action: Action): void {
    this.record(action);
    this.autoPasses();
    this.changed();
  }

  private record(action: Action, auto?: string): void {
    if (!this.atPresent) this.history = this.history.slice(0, this.cursor + 1);
    const step = this.history[this.cursor]!;
    step.action = action;
    if (auto !== undefined) step.auto = auto;
    this.game.act(action);
    this.history.push({ snapshot: this.game.snapshot() });
    this.cursor = this.history.length - 1;
  }

  /**
   * Answers, in the present, each decision of a person that answers itself by their seat's stops
   * (turnkit/play reads only that seat's view); stops at the first one a person or a bot must make.
   */
  private autoPasses(max = 10_000): number {
    let n = 0;
    while (n < max && this.atPresent && !this.game.over) {
      const d = this.game.decision;
      if (!d || !this.isPerson(d.player)) break;
      const { answer, seat } = autoAnswer(this.game.viewFor(d.player), this.stops[d.player]!);
      this.stops[d.player] = seat;
      if (!answer) break;
      this.record({ player: d.player, decision: d.id, choice: answer.choice }, answer.why);
      n++;
    }
    return n;
  }

  /** Changes seat `p`'s stops and auto-pass; a decision that now answers itself is answered. */
  setStops(p: number, change: (s: SeatStops) => SeatStops): void {
    const now = this.stops[p];
    if (!now) return;
    this.stops[p] = change(now);
    this.autoPasses();
    this.changed();
  }

  setAutoPass(p: number, on: boolean): void {
    this.setStops(p, (s) => ({ ...s, autoPass: on }));
  }

  setStop(p: number, id: string, on: boolean): void {
    this.setStops(p, (s) => withStop(s, id, on));
  }

  /** Seat `p` passes until the end of this turn, or until something happens. */
  passUntil(p: number, kind: "endOfTurn" | "untilSomething"): void {
    this.setStops(p, (s) => passUntil(this.game.viewFor(p), s, kind));
  }

  /** The seat that must answer now, if a bot plays it. */
  get botToMove(): number | null {
    const d = this.game.decision;
    return d && !this.game.over && this.config.bots.includes(d.player) ? d.player : null;
  }

  /** Where the bots think: "page", or the thinker's place ("worker"). */
  get botsThinkIn(): string {
    return this.thinker?.where ?? "page";
  }

  /**
   * Lets the bot answer one decision. Returns whether it answered now: false when it's not a
   * bot's turn, and when a thinker was asked instead (its answer is taken when it comes, if the
   * game is still where it was asked — not after a step back in time).
   */
  botStep(): boolean {
    const p = this.botToMove;
    if (p === null || this.thinking !== null) return false;
    if (this.thinker) {
      this.think(this.thinker, p);
      return false;
    }
    this.act(this.agents[p]!.choose(this.game));
    return true;
  }

  private think(thinker: BotThinker, p: number): void {
    const asked = this.game.state.decision!.id;
    const at = this.history.length;
    this.thinking = p;
    this.botError = null;
    this.changed();
    thinker.choose(p, this.game.serialize()).then(
      (action) => {
        this.thinking = null;
        const still = this.atPresent && this.history.length === at && this.game.state.decision?.id === asked;
        if (!still) return this.changed();
        try {
          this.act(action);
        } catch (e) {
          this.botFailed(e);
        }
      },
      (e) => {
        this.thinking = null;
        this.botFailed(e);
      },
    );
  }

  private botFailed(e: unknown): void {
    this.botError = e instanceof Error ? e.message : String(e);
    this.autoplay = false;
    this.changed();
  }

  /** Stops the session's thinker (the page starts another game). */
  dispose(): void {
    this.thinker?.dispose();
  }

  /** Lets the bots answer until a person must (or the game ends); at most `max` responses. */
  runBots(max = 10_000): number {
    let n = 0;
    while (n < max && this.botStep()) n++;
    return n;
  }

  /** Shows the state `index` of the history (0 = the start). */
  goTo(index: number): void {
    const i = Math.max(0, Math.min(index, this.history.length - 1));
    this.game.restore(this.history[i]!.snapshot);
    this.cursor = i;
    this.changed();
  }

  back(): void {
    this.goTo(this.cursor - 1);
  }

  forward(): void {
    this.goTo(this.cursor + 1);
  }

  /** Shows another seat's view (hot-seat: the screen passes to the next person). */
  setViewer(p: number): void {
    this.viewer = p;
    this.changed();
  }

  /** Hot-seat: asks to pass the screen to seat `p` (shows the interstitial first). */
  passScreen(p: number): void {
    if (!Number.isInteger(p) || p < 0 || p >= this.config.players) return;
    this.passing = p === this.viewer ? null : p;
    this.changed();
  }

  /** The next person has the screen: their view is shown. */
  confirmPass(): void {
    if (this.passing === null) return;
    this.viewer = this.passing;
    this.passing = null;
    this.changed();
  }

  /** The screen stays with the current viewer. */
  cancelPass(): void {
    this.passing = null;
    this.changed();
  }

  /** Whether seat `p` is played by a person at this screen. */
  /** The shown seat's view of the game. */
  view(): PlayerView {
    return this.game.viewFor(this.viewer);
  }

  isYou(p: number): boolean {
    return p === this.viewer;
  }

  isPerson(p: number): boolean {
    return !this.config.bots.includes(p);
  }

  /** Changes the bots' settings (autoplay, delay) and re-renders. */
  setBots(opts: { autoplay?: boolean; delay?: number }): void {
    if (opts.autoplay !== undefined) this.autoplay = opts.autoplay;
    if (opts.delay !== undefined && Number.isFinite(opts.delay)) this.botDelay = Math.max(0, opts.delay);
    this.changed();
  }

  private firstPerson(): number {
    for (let p = 0; p < this.config.players; p++) if (!this.config.bots.includes(p)) return p;
    return 0;
  }
}

/**
 * An integer seed stays a number (as `turnkit play --seed 3`), anything else is text — "007" too:
 * the kernel hashes the seed's text, so only an integer written as the kernel writes it is one
 * (as a replay file's seedForFile).
 */
export function seedValue(seed: string): number | string {
  return /^-?(0|[1-9]\d*)$/.test(seed) && Number.isSafeInteger(Number(seed)) ? Number(seed) : seed;
}

/** Each seat's agent seed: 32 bits from the game's seed text and the seat (FNV-1a). */
export function agentSeeds(seed: string, players: number): number[] {
  return Array.from({ length: players }, (_, player) => {
    let h = 0x811c9dc5;
    for (const ch of `${seed}/${player}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    return h;
  });
}
