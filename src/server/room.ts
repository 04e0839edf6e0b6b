/**
 * One game on the server: the kernel's game, who may answer for each seat, the clocks, and the
 * clients watching it. A room is the only writer of its game's responses (the lease says which
 * process holds it, src/server/cluster.ts); a response is stored before anyone is told of it, so a
 * client never sees a move a restart would lose.
 *
 * What each client is sent is the kernel's own view of the game: a seat gets `viewFor(seat)` and
 * the new log entries as `redactEntry` shows them to that seat; a spectator gets `publicView`
 * (what every player sees), optionally some responses behind (DESIGN: non-interference).
 * Protocol 2 sends the view whole on joining (and when asked) and after that a patch against the
 * last view sent (patch.ts); each seat's stream, and the spectators' one, numbers its updates. A
 * view is made only for a seat with a client connected, and the public view once per change for
 * every spectator.
 */

import { createHash } from "node:crypto";
import { Game } from "../core/game.js";
import type { JsonObject } from "../core/json.js";
import type { Preset } from "../core/preset.js";
import type { LogEntry, PlayerId } from "../core/types.js";
import { type PlayerView, type PublicView, publicView, redactEntry } from "../core/view.js";
import { diff } from "./patch.js";
import { type ErrorMessage, errorMessage, type ProtocolVersion } from "./protocol.js";
import type { ClockSpec, GameEnd, GameRecord, Store, StoredGame, StoredResponse } from "./store.js";

/** The server's clock and timers (tests give a manual one: no timing in tests). */
export interface TimeSource {
  now(): number;
  /** Calls `fn` after `ms`; returns a function that cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
}

export const REAL_TIME: TimeSource = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return () => clearTimeout(t);
  },
};

/** A connected client as a room sees it. */
export interface RoomClient {
  /** The seat it answers for, or null: a spectator. */
  readonly seat: PlayerId | null;
  /** The protocol it speaks: 1, a whole view in every message; 2, patches (docs/server.md). */
  readonly protocol: ProtocolVersion;
  /** Sends one message (already JSON text). */
  send(text: string): void;
  /** Closes the connection with a last error message. */
  close(message: ErrorMessage): void;
}

export interface RoomOptions {
  store: Store;
  time: TimeSource;
  /** A snapshot of the state every this many responses (0: none). */
  snapshotEvery: number;
  /** Called when the room can't go on (its store failed): the server forgets it and reloads later. */
  onBroken?: (room: Room, error: unknown) => void;
  /** Called after a response is stored and sent (the cluster tells the other processes). */
  onCommitted?: (room: Room) => void;
}

interface Clocks {
  spec: ClockSpec;
  remaining: number[];
  /** When the running seat's time started to run (the server's clock). */
  since: number;
  cancel: (() => void) | null;
}

/** What a stream of updates (a seat's, or the spectators') was last sent, and how many updates. */
interface Stream<V> {
  seq: number;
  view: V;
}

/** A message in both protocols, each made only if a client speaks it (and then once). */
interface Outgoing {
  v2: () => string;
  v1: () => string;
}

function once(make: () => string): () => string {
  let text: string | null = null;
  return () => {
    text ??= make();
    return text;
  };
}

/** A public update waiting out the spectators' delay. */
interface Delayed {
  view: PublicView;
  events: JsonObject[];
  responses: number;
}

export class Room {
  readonly clients = new Set<RoomClient>();
  /** Log length after each response (index 0: before any), for events since a response. */
  private readonly logAt: number[] = [];
  /** The log entries already sent. */
  private logSent: number;
  private chain: Promise<unknown> = Promise.resolve();
  private clocks: Clocks | null = null;
  /** A forfeit on time: the game ended outside the rules' own result. */
  private forfeit: GameEnd | null = null;
  private readonly delayed: Delayed[] = [];
  /** What spectators see now (their delay behind the game), and their stream's updates. */
  private spectatorState: { view: PublicView; responses: number; seq: number } | null = null;
  /** Each seat's stream while a client of the seat is connected (its view is made only then). */
  private readonly seatStreams = new Map<PlayerId, Stream<PlayerView>>();
  broken = false;
  /**
   * This process writes the game's responses and runs its clocks (it holds the lease); a room
   * that is not owned follows the responses another process stores (src/server/cluster.ts).
   */
  owned = true;

  private constructor(
    readonly record: GameRecord,
    readonly game: Game,
    readonly responses: [number, string][],
    private readonly opts: RoomOptions,
  ) {
    this.logAt[responses.length] = game.state.log.length;
    this.logSent = game.state.log.length;
    this.snapshotOffset = fnv1a(record.id) % Math.max(1, opts.snapshotEvery);
    // Held updates need the view they start from; with no delay it is made when a spectator joins.
    if (record.spectatorDelay > 0)
      this.spectatorState = { view: publicView(game), responses: responses.length, seq: 0 };
  }

  /** A new game's room (the record is stored by the caller). */
  static start(record: GameRecord, game: Game, opts: RoomOptions): Room {
    const room = new Room(record, game, [], opts);
    room.logAt[0] = game.state.log.length;
    room.startClocks(null);
    return room;
  }

  /**
   * A stored game's room: the state from its latest snapshot (or its creation), then every
   * response after it, exactly as they were answered (DESIGN: determinism).
   */
  static resume(preset: Preset, stored: StoredGame, create: () => Game, opts: RoomOptions): Room {
    const { record, responses } = stored;
    let game: Game;
    let from = 0;
    if (stored.snapshot && stored.snapshot.index <= responses.length) {
      game = Game.deserialize(preset, stored.snapshot.state);
      from = stored.snapshot.index;
    } else game = create();
    const delay = record.spectatorDelay;
    const publicAt: Delayed[] = [];
    const logAt: number[] = [];
    logAt[from] = game.state.log.length;
    for (let i = from; i < responses.length; i++) {
      const r = responses[i]!;
      if (r.index !== i) throw new Error(`game ${record.id}: response ${i} is stored as number ${r.index}`);
      const before = game.state.log.length;
      game.act({ player: r.player, choice: r.choice });
      logAt[i + 1] = game.state.log.length;
      if (delay > 0 && i >= responses.length - delay)
        publicAt.push({
          view: publicView(game),
          events: publicEvents(game, game.state.log.slice(before)),
          responses: i + 1,
        });
    }
    const pairs = responses.map((r) => [r.player, r.choice] as [number, string]);
    const room = new Room(record, game, pairs, opts);
    for (const [i, n] of logAt.entries()) if (n !== undefined) room.logAt[i] = n;
    room.delayed.push(...publicAt);
    if (delay > 0 && publicAt.length > 0) {
      // Spectators stay `delay` responses behind: the view before the held updates.
      const behind = responses.length - publicAt.length;
      room.spectatorState = {
        view: publicAtIndex(preset, stored, create, behind),
        responses: behind,
        seq: 0,
      };
    }
    if (stored.end && !game.over) room.forfeit = stored.end;
    const last = responses[responses.length - 1];
    room.startClocks(last?.clocks ?? null);
    return room;
  }

  get id(): string {
    return this.record.id;
  }

  /** The game has ended: by the rules or on time. */
  get over(): boolean {
    return this.game.over || this.forfeit !== null;
  }

  /** How it ended, or null. */
  get end(): GameEnd | null {
    if (this.forfeit) return this.forfeit;
    const r = this.game.result;
    if (!r) return null;
    // An ended game's state changes no more: its digest (the whole state hashed) is made once.
    this.ended ??= {
      winner: r.winner,
      reason: r.reason,
      sha256: digestOf(this.game),
      turn: this.game.state.clock.turn.id,
    };
    return this.ended;
  }
  private ended: GameEnd | null = null;

  /** The seats' remaining times (with the running seat's time charged up to now), or null. */
  clockState(): { remainingMs: number[]; running: PlayerId | null } | null {
    const c = this.clocks;
    if (!c) return null;
    const running = this.over ? null : (this.game.decision?.player ?? null);
    const remainingMs = c.remaining.map((ms, p) =>
      p === running ? Math.max(0, ms - (this.opts.time.now() - c.since)) : ms,
    );
    return { remainingMs, running };
  }

  /** Runs `task` after every earlier one: a room handles one response at a time. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.chain.then(task, task);
    this.chain = next.catch(() => {});
    return next;
  }

  /** A seat's answer to the pending decision: null when taken, else the error to send back. */
  submit(seat: PlayerId, decision: number, choice: string): Promise<ErrorMessage | null> {
    return this.serial(async () => {
      if (this.broken) return errorMessage("unavailable", "the game is being reloaded; try again", "act");
      if (this.over) return errorMessage("game-over", `the game is over (${this.end?.reason})`, "act");
      const d = this.game.decision;
      if (!d) return errorMessage("game-over", "no decision is pending", "act");
      if (d.player !== seat)
        return errorMessage(
          "not-your-decision",
          `the pending decision is ${this.game.playerName(d.player)}'s, not yours (${this.game.playerName(seat)})`,
          "act",
        );
      if (d.id !== decision)
        return errorMessage(
          "stale-decision",
          `decision ${decision} is not pending; the pending one is ${d.id}`,
          "act.decision",
        );
      if (!d.options.some((o) => o.id === choice))
        return errorMessage(
          "illegal-choice",
          `${JSON.stringify(choice)} is not an option of decision ${d.id}; the options are ${d.options
            .slice(0, 20)
            .map((o) => o.id)
            .join(", ")}${d.options.length > 20 ? ", …" : ""}`,
          "act.choice",
        );
      const late = this.timedOut(seat);
      if (late) return late;
      await this.commit(seat, choice);
      return null;
    });
  }

  /** If `seat` ran out of time before answering: the timeout is applied and the answer refused. */
  private timedOut(seat: PlayerId): ErrorMessage | null {
    const c = this.clockState();
    if (!c || c.remainingMs[seat]! > 0) return null;
    return errorMessage("game-over", "your time ran out before this answer", "act");
  }

  /** Answers, stores, then tells everyone. The state is never ahead of the store for long: a failed write breaks the room. */
  private async commit(player: PlayerId, choice: string): Promise<void> {
    const before = this.game.state.log.length;
    const index = this.responses.length;
    const clocks = this.chargeClock(player);
    this.game.act({ player, choice });
    this.responses.push([player, choice]);
    this.logAt[index + 1] = this.game.state.log.length;
    const response: StoredResponse = { index, player, choice, ...(clocks ? { clocks } : {}) };
    try {
      await this.opts.store.appendResponse(this.id, response);
      if (this.game.over) await this.opts.store.finishGame(this.id, this.end!);
    } catch (e) {
      this.fail(e);
      return;
    }
    this.startClocks(clocks);
    this.broadcast(before);
    this.opts.onCommitted?.(this);
    // The response is stored: the snapshot only shortens a restart, so it follows the update (and a
    // failed one breaks the room like a failed response, before anything more is played).
    if (this.snapshotDue(index + 1))
      try {
        await this.opts.store.saveSnapshot(this.id, index + 1, this.game.serialize());
      } catch (e) {
        this.fail(e);
      }
  }

  /**
   * A snapshot every `snapshotEvery` responses, each game at its own offset (from its id): games
   * started together (a tournament's round) don't all write theirs at the same response.
   */
  private snapshotDue(responses: number): boolean {
    const every = this.opts.snapshotEvery;
    if (every <= 0 || this.game.over) return false;
    return (responses + this.snapshotOffset) % every === 0;
  }

  /** This game's offset among the snapshot responses (FNV-1a of its id). */
  private readonly snapshotOffset: number;

  /**
   * Responses another process stored (this room follows the game): played here in order and sent
   * to this process's clients. Responses already played are skipped; a gap is an error.
   */
  follow(stored: readonly StoredResponse[]): Promise<void> {
    return this.serial(async () => {
      for (const r of stored) {
        if (r.index < this.responses.length) continue;
        if (r.index !== this.responses.length)
          throw new Error(`game ${this.id}: response ${r.index} came before ${this.responses.length}`);
        const before = this.game.state.log.length;
        this.game.act({ player: r.player, choice: r.choice });
        this.responses.push([r.player, r.choice]);
        this.logAt[r.index + 1] = this.game.state.log.length;
        if (r.clocks && this.clocks) this.clocks.remaining = [...r.clocks];
        if (this.clocks) this.clocks.since = this.opts.time.now();
        this.broadcast(before);
      }
    });
  }

  /** The game ended elsewhere (a forfeit on time stored by its owner). */
  endedElsewhere(end: GameEnd): void {
    if (this.over) return;
    this.forfeit = end;
    this.broadcast(this.game.state.log.length);
  }

  /** This process takes the game over (it got the lease): its clocks run here now. */
  takeOver(): void {
    this.owned = true;
    this.startClocks(this.clocks ? [...this.clocks.remaining] : null);
  }

  /** Another process has the game now: this room only follows. */
  handOver(): void {
    this.owned = false;
    this.stopClock();
  }

  /** Runs `task` in the room's order (after any answer being stored). */
  inOrder<T>(task: () => Promise<T>): Promise<T> {
    return this.serial(task);
  }

  /** The store failed: the room stops; its clients are told and disconnected. */
  fail(error: unknown): void {
    if (this.broken) return;
    this.broken = true;
    this.stopClock();
    for (const c of this.clients)
      c.close(errorMessage("unavailable", "the server lost its database; reconnect", "game"));
    this.clients.clear();
    this.seatStreams.clear();
    this.opts.onBroken?.(this, error);
  }

  /** Stops the room's timers (the server shuts down or hands the game over). */
  stop(): void {
    this.stopClock();
  }

  // ---- clocks ---------------------------------------------------------------------------

  /** Charges `player`'s time for the answer and adds the increment; returns every seat's time. */
  private chargeClock(player: PlayerId): number[] | null {
    const c = this.clocks;
    if (!c) return null;
    this.stopClock();
    const used = this.opts.time.now() - c.since;
    c.remaining[player] = Math.max(0, c.remaining[player]! - used) + c.spec.incrementMs;
    return [...c.remaining];
  }

  private stopClock(): void {
    this.clocks?.cancel?.();
    if (this.clocks) this.clocks.cancel = null;
  }

  /** Starts the deciding seat's time (from `remaining`, or the initial times). */
  private startClocks(remaining: number[] | null): void {
    const spec = this.record.clock;
    if (!spec) return;
    const now = this.opts.time.now();
    if (!this.clocks)
      this.clocks = {
        spec,
        remaining: remaining ?? this.record.players.map(() => spec.initialMs),
        since: now,
        cancel: null,
      };
    const c = this.clocks;
    if (remaining) c.remaining = [...remaining];
    c.since = now;
    this.stopClock();
    if (this.over || !this.owned) return;
    const d = this.game.decision;
    if (!d) return;
    const id = d.id;
    c.cancel = this.opts.time.setTimer(
      () => void this.serial(() => this.timeout(d.player, id)),
      Math.max(0, c.remaining[d.player]!),
    );
  }

  /** `seat`'s time ran out while decision `id` was pending. */
  private async timeout(seat: PlayerId, id: number): Promise<void> {
    if (this.broken || this.over || this.game.decision?.id !== id) return;
    const c = this.clocks!;
    if (c.spec.onTimeout === "auto") {
      c.since = this.opts.time.now() - c.remaining[seat]!;
      await this.commit(seat, this.game.decision.options[0]!.id);
      return;
    }
    const players = this.record.players.length;
    this.forfeit = {
      winner: players === 2 ? 1 - seat : null,
      reason: `${this.game.playerName(seat)} ran out of time`,
      sha256: digestOf(this.game),
      turn: this.game.state.clock.turn.id,
    };
    c.remaining[seat] = 0;
    try {
      await this.opts.store.finishGame(this.id, this.forfeit);
    } catch (e) {
      this.fail(e);
      return;
    }
    this.broadcast(this.game.state.log.length);
    this.opts.onCommitted?.(this);
  }

  // ---- what clients are sent ------------------------------------------------------------

  /** The events of `entries` as `seat` is told them (entries they are not told of left out). */
  private seatEvents(seat: PlayerId, entries: readonly LogEntry[]): JsonObject[] {
    const out: JsonObject[] = [];
    for (const e of entries) {
      const r = redactEntry(this.game, e, seat);
      if (r) out.push(r);
    }
    return out;
  }

  /** The end as clients are told it: who won and why (the digest only once it is over). */
  private publicEnd(): { winner: number | null; reason: string } | null {
    const e = this.end;
    return e ? { winner: e.winner, reason: e.reason } : null;
  }

  /** A welcome (or, asked for, the whole view again: `view`), in the client's protocol. */
  private wholeMessage(
    type: "welcome" | "view",
    protocol: ProtocolVersion,
    seat: PlayerId | null,
    stream: { seq: number; view: PlayerView | PublicView; responses: number },
    events: JsonObject[],
  ): string {
    const live = stream.responses === this.responses.length;
    return JSON.stringify({
      type,
      ...(type === "welcome" ? { protocol, game: this.id, seat } : {}),
      ...(protocol >= 2 ? { seq: stream.seq } : {}),
      responses: stream.responses,
      view: stream.view,
      ...(type === "welcome" ? { events } : {}),
      clock: live ? this.clockState() : null,
      end: live ? this.publicEnd() : null,
    });
  }

  /**
   * An update from `before` to `after` in both protocols: 2's carries the patch and the stream's
   * number, 1's the whole view.
   */
  private updateMessage(
    seq: number,
    before: PlayerView | PublicView,
    after: PlayerView | PublicView,
    responses: number,
    events: JsonObject[],
  ): Outgoing {
    const live = responses === this.responses.length;
    const clock = live ? this.clockState() : null;
    const end = live ? this.publicEnd() : null;
    return {
      v2: once(() =>
        JSON.stringify({ type: "update", seq, responses, patch: diff(before, after), events, clock, end }),
      ),
      v1: once(() => JSON.stringify({ type: "update", responses, view: after, events, clock, end })),
    };
  }

  /** Tells every client what happened since log entry `from`. */
  private broadcast(from: number): void {
    const entries = this.game.state.log.slice(from);
    this.logSent = this.game.state.log.length;
    const bySeat = new Map<PlayerId, Outgoing>();
    let spectators: Outgoing[] | null = null;
    for (const c of this.clients) {
      if (c.seat === null) {
        spectators ??= this.spectatorUpdates(entries);
        for (const m of spectators) c.send(c.protocol >= 2 ? m.v2() : m.v1());
        continue;
      }
      let m = bySeat.get(c.seat);
      if (m === undefined) {
        m = this.seatUpdate(c.seat, entries);
        bySeat.set(c.seat, m);
      }
      c.send(c.protocol >= 2 ? m.v2() : m.v1());
    }
    // Held for spectators who may join during the delay (with no delay, a joiner gets the view then).
    if (spectators === null && this.record.spectatorDelay > 0) this.spectatorUpdates(entries);
    else if (spectators === null) this.spectatorState = null;
  }

  /** A seat's update: its view now, patched against the last one its stream was sent. */
  private seatUpdate(seat: PlayerId, entries: readonly LogEntry[]): Outgoing {
    const view = this.game.viewFor(seat);
    const stream = this.seatStreams.get(seat);
    const before = stream?.view ?? view;
    const seq = (stream?.seq ?? 0) + 1;
    this.seatStreams.set(seat, { seq, view });
    return this.updateMessage(seq, before, view, this.responses.length, this.seatEvents(seat, entries));
  }

  /** The spectators' updates released by this response (their delay, flushed at the end). */
  private spectatorUpdates(entries: readonly LogEntry[]): Outgoing[] {
    const delay = this.record.spectatorDelay;
    const now: Delayed = {
      view: publicView(this.game),
      events: publicEvents(this.game, entries),
      responses: this.responses.length,
    };
    this.delayed.push(now);
    const out: Outgoing[] = [];
    while (this.delayed.length > (this.over ? 0 : delay)) {
      const d = this.delayed.shift()!;
      const last = this.spectatorState;
      const seq = (last?.seq ?? 0) + 1;
      this.spectatorState = { view: d.view, responses: d.responses, seq };
      out.push(this.updateMessage(seq, last?.view ?? d.view, d.view, d.responses, d.events));
    }
    return out;
  }

  /**
   * Adds a client. A seat's welcome holds its view and the events since response `since` (for a
   * client resuming); a spectator's, the public view as of their delay. Call it in the room's
   * order (`inOrder`): the view is then the one the last update told.
   */
  join(client: RoomClient, since?: number): string {
    for (const other of this.clients)
      if (client.seat !== null && other.seat === client.seat) {
        this.clients.delete(other);
        other.close(errorMessage("already-joined", "another connection took this seat", "hello.token"));
      }
    this.clients.add(client);
    if (client.seat === null) {
      this.spectatorState ??= { view: publicView(this.game), responses: this.responses.length, seq: 0 };
      return this.wholeMessage("welcome", client.protocol, null, this.spectatorState, []);
    }
    const n = this.responses.length;
    const from = since === undefined ? n : Math.min(Math.max(0, since), n);
    // The first response whose log position is known (a room resumed from a snapshot knows no earlier ones).
    let i = from;
    while (i < n && this.logAt[i] === undefined) i++;
    const start = this.logAt[i] ?? this.logSent;
    const stream = { seq: this.seatStreams.get(client.seat)?.seq ?? 0, view: this.game.viewFor(client.seat) };
    this.seatStreams.set(client.seat, stream);
    const events = this.seatEvents(client.seat, this.game.state.log.slice(start));
    return this.wholeMessage("welcome", client.protocol, client.seat, { ...stream, responses: n }, events);
  }

  /** The whole view a client's stream was last sent, again (protocol 2's `sync`): the base of the next patch. */
  resync(client: RoomClient): string {
    const stream =
      client.seat === null
        ? this.spectatorState
        : { ...this.seatStreams.get(client.seat)!, responses: this.responses.length };
    return this.wholeMessage("view", client.protocol, client.seat, stream!, []);
  }

  leave(client: RoomClient): void {
    this.clients.delete(client);
    // A seat nobody watches: its view is no longer made after each response.
    if (client.seat !== null && ![...this.clients].some((c) => c.seat === client.seat))
      this.seatStreams.delete(client.seat);
  }
}

/**
 * `stateDigest` (src/replay/format.ts) with Node's own SHA-256: the same hex of the same text, made
 * natively — the whole state of an ended game is hashed once per game.
 */
export function digestOf(game: Game): string {
  const { madeBy: _made, ...state } = game.state;
  return createHash("sha256").update(JSON.stringify(state)).digest("hex");
}

/** The events of `entries` as a spectator is told them. */
function publicEvents(game: Game, entries: readonly LogEntry[]): JsonObject[] {
  const out: JsonObject[] = [];
  for (const e of entries) {
    const r = redactEntry(game, e, null);
    if (r) out.push(r);
  }
  return out;
}

/** The public view after `index` responses, replayed from the game's creation. */
function publicAtIndex(_preset: Preset, stored: StoredGame, create: () => Game, index: number): PublicView {
  const game = create();
  for (const r of stored.responses.slice(0, index)) game.act({ player: r.player, choice: r.choice });
  return publicView(game);
}

/** The 32-bit FNV-1a hash of a string. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
