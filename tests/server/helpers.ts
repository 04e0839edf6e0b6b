/** Shared by the server tests: a server on 127.0.0.1 (port 0) over a real database, and seats that play. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ReplayFile } from "../../src/replay/format.js";
import { GameClient, type ViewMessage } from "../../src/server/client.js";
import type { TimeSource } from "../../src/server/room.js";
import { createServer, type ServerOptions, type TurnkitServer } from "../../src/server/server.js";
import { SqliteStore } from "../../src/server/sqlite-store.js";
import type { Store } from "../../src/server/store.js";

/** A clock that moves only when told (no timing in tests). */
export class ManualTime implements TimeSource {
  t = 1_000_000;
  private timers: { at: number; fn: () => void; live: boolean }[] = [];
  now = () => this.t;
  setTimer = (fn: () => void, ms: number) => {
    const timer = { at: this.t + ms, fn, live: true };
    this.timers.push(timer);
    return () => {
      timer.live = false;
    };
  };
  /** Moves the clock on, firing the timers due, in order. */
  advance(ms: number): void {
    this.t += ms;
    const due = this.timers.filter((x) => x.live && x.at <= this.t).sort((a, b) => a.at - b.at);
    this.timers = this.timers.filter((x) => x.live && x.at > this.t);
    for (const x of due) x.fn();
  }
}

export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "turnkit-server-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function sqliteServer(
  file: string,
  opts: Partial<ServerOptions> = {},
): Promise<{ server: TurnkitServer; store: Store }> {
  const store = await SqliteStore.open(file);
  const server = await createServer({ store, ...opts });
  return { server, store };
}

export interface Created {
  id: string;
  seats: { seat: number; name: string; token: string }[];
}

export async function post(server: TurnkitServer, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/games`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function createGame(server: TurnkitServer, body: Record<string, unknown>): Promise<Created> {
  const r = await post(server, body);
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as unknown as Created;
}

/** A seat's choice among its options: the first one, or by a small seeded generator. */
export type Pick = (options: { id: string }[], decision: number) => string;
export const firstOption: Pick = (options) => options[0]!.id;
export function seededPick(seed: number): Pick {
  let s = seed >>> 0 || 1;
  return (options) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return options[s % options.length]!.id;
  };
}

/**
 * Plays a seat until the game ends (or it has seen `stopAt` responses): answers every own decision
 * it is shown. Resolves with every view message it received.
 */
export async function playSeat(
  client: GameClient,
  pick: Pick,
  stopAt = Number.POSITIVE_INFINITY,
): Promise<ViewMessage[]> {
  const seen: ViewMessage[] = [];
  let acted = -1;
  const handle = (m: ViewMessage): boolean => {
    seen.push(m);
    if (m.end || m.responses >= stopAt) return true;
    const d = m.view.decision;
    if (d && "options" in d && d.player === m.view.viewer && d.id !== acted) {
      acted = d.id;
      client.act(d.id, pick(d.options, d.id));
    }
    return false;
  };
  if (client.welcome && handle(client.welcome)) return seen;
  for (;;) {
    const m = await client.next();
    if (!m) return seen;
    if (m.type === "error") throw new Error(`seat got ${m.code}: ${m.message} (${m.where})`);
    if (m.type !== "update" && m.type !== "welcome" && m.type !== "view") continue;
    if (handle(m)) return seen;
  }
}

/** A finished game's replay file from the server (`GET /games/<id>/replay`); anything but 200 fails. */
export async function replayOf(url: string, id: string): Promise<ReplayFile> {
  const res = await fetch(`${url}/games/${id}/replay`);
  if (res.status !== 200) throw new Error(`GET /games/${id}/replay: ${res.status} ${await res.text()}`);
  return (await res.json()) as ReplayFile;
}

export { GameClient };
