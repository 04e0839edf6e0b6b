/**
 * Several `turnkit serve` processes on one PostgreSQL database (docs/server.md, "Several
 * processes"): any process accepts any client; each game is played by one process at a time, the
 * one holding its lease (a row in `leases`, renewed while the process lives, taken over once it
 * expires). The others follow it: their clients' answers are passed to the owner, and they play the
 * responses it stores to send their own clients' views. The messages between processes are
 * PostgreSQL's own LISTEN/NOTIFY — no broker of our own:
 * - `turnkit_act` {g, seat, decision, choice, from, req}: a follower passes an answer on;
 * - `turnkit_reply` {to, req, error}: the owner's verdict on it;
 * - `turnkit_moved` {g, n, end}: the owner stored response n (or the game ended on time).
 */
import { randomBytes } from "node:crypto";
import type pg from "pg";
import type { PlayerId } from "../core/types.js";
import type { PostgresStore } from "./postgres-store.js";
import { type ErrorMessage, errorMessage } from "./protocol.js";
import type { Room } from "./room.js";
import type { GameEnd, Store } from "./store.js";

export interface ClusterOptions {
  /** How long a lease lasts unless renewed (default 10 s): a dead owner's games move after this. */
  leaseMs?: number;
}

interface Wiring {
  store: Store;
  /** The server's loaded rooms. */
  rooms: Map<string, Room>;
}

interface ActNote {
  g: string;
  seat: number;
  decision: number;
  choice: string;
  from: string;
  req: number;
}
interface ReplyNote {
  to: string;
  req: number;
  error: ErrorMessage | null;
}
interface MovedNote {
  g: string;
  n: number;
  end: GameEnd | null;
}

const CHANNELS = ["turnkit_act", "turnkit_reply", "turnkit_moved"] as const;

export class Cluster {
  readonly processId = randomBytes(8).toString("hex");
  private readonly leaseMs: number;
  private readonly pending = new Map<number, (e: ErrorMessage | null) => void>();
  private nextReq = 1;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  private constructor(
    private readonly store: PostgresStore,
    private readonly listener: pg.Client,
    private readonly wiring: Wiring,
    opts: ClusterOptions,
  ) {
    this.leaseMs = opts.leaseMs ?? 10_000;
  }

  static async start(opts: ClusterOptions, wiring: Wiring): Promise<Cluster> {
    const store = wiring.store as PostgresStore;
    if (store.dialect !== "postgres") throw new Error("a cluster shares a PostgreSQL database");
    const listener = new store.driver.Client({ connectionString: store.url });
    listener.on("error", () => {});
    await listener.connect();
    const c = new Cluster(store, listener, wiring, opts);
    listener.on("notification", (n) => c.heard(n.channel, n.payload ?? ""));
    for (const ch of CHANNELS) await listener.query(`LISTEN ${ch}`);
    c.timer = setInterval(() => void c.tick(), Math.max(100, Math.floor(c.leaseMs / 3)));
    c.timer.unref?.();
    return c;
  }

  private notify(channel: (typeof CHANNELS)[number], payload: object): Promise<unknown> {
    return this.store.pool.query("SELECT pg_notify($1, $2)", [channel, JSON.stringify(payload)]);
  }

  /** A room this process just created: it owns it. */
  async adopt(room: Room): Promise<void> {
    await this.store.claimLease(room.id, this.processId, this.leaseMs);
  }

  /** A stored game just loaded here: owned if its lease is free or expired, else followed. */
  async settle(room: Room): Promise<void> {
    room.handOver();
    if (!room.over && (await this.store.claimLease(room.id, this.processId, this.leaseMs))) {
      // Responses stored by the last owner between the load and the lease.
      await room.follow(await this.store.responsesFrom(room.id, room.responses.length));
      room.takeOver();
      return;
    }
    await room.follow(await this.store.responsesFrom(room.id, room.responses.length));
  }

  /** An answer of a seat whose client is connected here: played here, or passed to the owner. */
  async submit(room: Room, seat: PlayerId, decision: number, choice: string): Promise<ErrorMessage | null> {
    const deadline = Date.now() + this.leaseMs * 2 + 5000;
    while (!this.stopped) {
      if (room.owned) return room.submit(seat, decision, choice);
      if (await this.tryTakeOver(room)) continue;
      const req = this.nextReq++;
      const answer = new Promise<ErrorMessage | null | "timeout">((resolve) => {
        this.pending.set(req, resolve);
        setTimeout(() => resolve("timeout"), Math.min(3000, this.leaseMs)).unref?.();
      });
      await this.notify("turnkit_act", { g: room.id, seat, decision, choice, from: this.processId, req });
      const r = await answer;
      this.pending.delete(req);
      if (r !== "timeout") return r;
      // No owner answered: it may have died; its lease expires within leaseMs.
      if (Date.now() > deadline) break;
    }
    return errorMessage("unavailable", "the process playing this game does not answer; try again", "act");
  }

  /** Takes the game over if its lease is free or expired: catches up first, then plays it here. */
  private async tryTakeOver(room: Room): Promise<boolean> {
    if (room.over) return false;
    if (!(await this.store.claimLease(room.id, this.processId, this.leaseMs))) return false;
    await room.follow(await this.store.responsesFrom(room.id, room.responses.length));
    room.takeOver();
    return true;
  }

  private heard(channel: string, payload: string): void {
    let note: unknown;
    try {
      note = JSON.parse(payload);
    } catch {
      return;
    }
    if (channel === "turnkit_act") void this.onAct(note as ActNote);
    else if (channel === "turnkit_reply") {
      const r = note as ReplyNote;
      if (r.to === this.processId) this.pending.get(r.req)?.(r.error);
    } else if (channel === "turnkit_moved") void this.onMoved(note as MovedNote);
  }

  private async onAct(a: ActNote): Promise<void> {
    const room = this.wiring.rooms.get(a.g);
    if (!room?.owned || a.from === this.processId) return;
    const error = await room
      .submit(a.seat, a.decision, a.choice)
      .catch(() => errorMessage("unavailable", "the answer could not be stored", "act"));
    await this.notify("turnkit_reply", { to: a.from, req: a.req, error }).catch(() => {});
  }

  private async onMoved(m: MovedNote): Promise<void> {
    const room = this.wiring.rooms.get(m.g);
    if (!room || room.owned) return;
    try {
      if (m.n > room.responses.length)
        await room.follow(await this.store.responsesFrom(m.g, room.responses.length));
      if (m.end) room.endedElsewhere(m.end);
    } catch {
      // The next notice or the next answer catches up.
    }
  }

  /** After this process stored a response: the followers are told. */
  committed(room: Room): void {
    void this.notify("turnkit_moved", {
      g: room.id,
      n: room.responses.length,
      end: room.over ? room.end : null,
    })
      .catch(() => {})
      .then(() => (room.over ? this.store.releaseLease(room.id, this.processId) : undefined))
      .catch(() => {});
  }

  /** Renews this process's leases; a room whose lease was lost only follows from now on. */
  private async tick(): Promise<void> {
    if (this.stopped) return;
    const owned = [...this.wiring.rooms.values()].filter((r) => r.owned && !r.over);
    try {
      const kept = new Set(
        await this.store.renewLeases(
          this.processId,
          owned.map((r) => r.id),
          this.leaseMs,
        ),
      );
      for (const r of owned) if (!kept.has(r.id)) r.handOver();
      // Followed games whose owner died: taken over here while clients are connected here.
      for (const r of this.wiring.rooms.values())
        if (!r.owned && !r.over && r.clients.size > 0) await this.tryTakeOver(r);
    } catch {
      // The database is unreachable: the leases run out and another process takes the games.
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const r of this.wiring.rooms.values())
      if (r.owned) await this.store.releaseLease(r.id, this.processId).catch(() => {});
    await this.listener.end().catch(() => {});
  }
}
