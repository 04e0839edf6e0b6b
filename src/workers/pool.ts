/**
 * A small pool of `node:worker_threads`, shared by the fuzzer (src/testing/fuzz.ts) and
 * `simulate()` (src/simulate/). It was written for the fuzzer rather than taken from tinypool or
 * piscina: what the fuzzer needs and those don't offer directly is placement — a game's replay
 * must run on a different worker than the one that played it (determinism across threads, not only
 * within one) — which is one queue with an exclusion per task, in a hundred lines and no new
 * dependency. `simulate()` needs only a plain queue, so it reuses this pool rather than adding a
 * second one or a library.
 *
 * A worker runs a module (`entry`, a file URL) that calls `serveTasks(flag, handle)`; the `flag`
 * in its workerData tells that module it is a pool's worker. Started from TypeScript (tsx), a
 * worker first registers tsx's loader through `tsx/esm/api`, since Node 20 does not apply an
 * `--import` loader to a worker's entry module.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { DefinitionError } from "../core/errors.js";

type Reply = { ok: true; result: unknown } | { ok: false; error: string } | { ready: true };

interface Job<T> {
  task: T;
  /** A worker this job must not run on. */
  notOn: number | null;
  resolve(v: { result: unknown; worker: number }): void;
  reject(e: Error): void;
}

interface Slot<T> {
  index: number;
  worker: Worker;
  job: Job<T> | null;
  /** Settles when the worker has loaded its module and takes jobs. */
  ready: Promise<void>;
}

/** The URL of tsx's ESM API, to register its loader in a worker before it imports TypeScript. */
function tsxApiUrl(): string {
  const require = createRequire(import.meta.url);
  let pkgPath: string;
  try {
    pkgPath = require.resolve("tsx/package.json");
  } catch {
    throw new DefinitionError(
      "workers that run TypeScript need tsx (a devDependency: run `npm ci`), or use workers: 0",
    );
  }
  const pkg = JSON.parse(readFileSync(pkgPath, "utf8")) as {
    exports?: Record<string, string | { import?: string | { default?: string } }>;
  };
  const entry = pkg.exports?.["./esm/api"];
  const target =
    typeof entry === "string"
      ? entry
      : typeof entry?.import === "string"
        ? entry.import
        : (entry?.import?.default ?? "./dist/esm/api/index.mjs");
  return pathToFileURL(join(dirname(pkgPath), target)).href;
}

function spawnWorker(entry: string, flag: string): Worker {
  const options = { workerData: { [flag]: true } };
  if (/\.[cm]?tsx?$/.test(new URL(entry).pathname)) {
    const boot = `import(${JSON.stringify(tsxApiUrl())}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
    return new Worker(boot, { eval: true, ...options });
  }
  return new Worker(new URL(entry), options);
}

export interface RunOptions {
  /** A worker (its index) this task must not run on. */
  notOn?: number | null;
  /** Run before every task that is not urgent (the fuzzer's replays: they free what they hold). */
  urgent?: boolean;
}

/** Worker threads taking jobs from one queue; a job may name a worker it must not run on. */
export class Pool<T> {
  private slots: Slot<T>[] = [];
  private urgent: Job<T>[] = [];
  private queue: Job<T>[] = [];
  private head = 0;
  private closed = false;

  /**
   * `size` workers, each running the module `entry` (a file URL) under the workerData `flag`.
   * `idle: "unref"`: a worker without a job doesn't keep the process alive (a pool kept between runs).
   */
  constructor(
    size: number,
    private readonly entry: string,
    private readonly flag: string,
    private readonly opts: { idle?: "unref" } = {},
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.start(i));
  }

  get size(): number {
    return this.slots.length;
  }

  /** Settles when every worker has loaded its module (so timings leave out the start). */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  private start(index: number): Slot<T> {
    let ready = (): void => {};
    const slot: Slot<T> = {
      index,
      worker: spawnWorker(this.entry, this.flag),
      job: null,
      ready: new Promise<void>((resolve) => {
        ready = resolve;
      }),
    };
    slot.worker.on("message", (reply: Reply) => {
      if ("ready" in reply) {
        ready();
        this.idle(slot);
        return;
      }
      const job = slot.job;
      slot.job = null;
      if (job) {
        if (reply.ok) job.resolve({ result: reply.result, worker: index });
        else job.reject(new Error(reply.error));
      }
      this.dispatch();
      this.idle(slot);
    });
    const died = (e: Error): void => {
      ready();
      if (this.closed) return;
      const job = slot.job;
      slot.job = null;
      void slot.worker.terminate();
      this.slots[index] = this.start(index);
      job?.reject(new Error(`worker ${index} died: ${e.message}`));
      this.dispatch();
    };
    slot.worker.on("error", died);
    slot.worker.on("exit", (code) => {
      if (this.slots[index] === slot) died(new Error(`exited with code ${code}`));
    });
    return slot;
  }

  run(task: T, opts: RunOptions = {}): Promise<{ result: unknown; worker: number }> {
    return new Promise((resolve, reject) => {
      const job: Job<T> = { task, notOn: opts.notOn ?? null, resolve, reject };
      if (opts.urgent) this.urgent.push(job);
      else this.queue.push(job);
      this.dispatch();
    });
  }

  private take(slot: Slot<T>): Job<T> | null {
    const i = this.urgent.findIndex((j) => j.notOn !== slot.index);
    if (i >= 0) return this.urgent.splice(i, 1)[0]!;
    while (this.head < this.queue.length) {
      const j = this.queue[this.head]!;
      if (j.notOn === slot.index) return null;
      this.head++;
      if (this.head > 1024 && this.head * 2 > this.queue.length) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      return j;
    }
    return null;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.take(slot);
      if (!job) continue;
      slot.job = job;
      if (this.opts.idle === "unref") slot.worker.ref();
      slot.worker.postMessage(job.task);
    }
  }

  /** A worker left without a job stops holding the process open, when the pool was made so. */
  private idle(slot: Slot<T>): void {
    if (this.opts.idle === "unref" && !slot.job) slot.worker.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/**
 * In a pool's worker (this thread's workerData has `flag`): answers every task with `handle`'s
 * result (or its error) and tells the pool it is ready. Elsewhere, does nothing.
 */
export function serveTasks<T>(flag: string, handle: (task: T) => unknown): void {
  if (isMainThread || !parentPort || (workerData as Record<string, unknown> | null)?.[flag] !== true) return;
  const port = parentPort;
  const fail = (e: unknown): Reply => ({
    ok: false,
    error: e instanceof Error ? (e.stack ?? e.message) : String(e),
  });
  port.on("message", (task: T) => {
    let out: unknown;
    try {
      out = handle(task);
    } catch (e) {
      port.postMessage(fail(e));
      return;
    }
    if (out instanceof Promise)
      out.then(
        (result) => port.postMessage({ ok: true, result } satisfies Reply),
        (e) => port.postMessage(fail(e)),
      );
    else port.postMessage({ ok: true, result: out } satisfies Reply);
  });
  port.postMessage({ ready: true } satisfies Reply);
}
