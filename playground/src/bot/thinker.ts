/**
 * A bot that thinks in a Web Worker (bot/worker.ts): what the page uses for the ISMCTS agent on a
 * built-in preset. Random bots answer at once on the page; a user's own preset (functions that
 * can't cross to a worker) keeps its bots on the page too.
 */
import type { Action } from "turnkit";
import type { BotThinker } from "../session";
import type { FromWorker, ToWorker } from "./protocol";

export function workerThinker(preset: string, spec: string, seeds: number[]): BotThinker {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
  const waiting = new Map<number, { resolve: (a: Action) => void; reject: (e: Error) => void }>();
  let next = 0;
  const post = (m: ToWorker) => worker.postMessage(m);
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    const r = e.data;
    const w = waiting.get(r.id);
    if (!w) return;
    waiting.delete(r.id);
    if ("error" in r) w.reject(new Error(r.error));
    else w.resolve(r.action);
  };
  worker.onerror = (e) => {
    for (const w of waiting.values()) w.reject(new Error(`the bot worker failed: ${e.message}`));
    waiting.clear();
  };
  post({ type: "start", preset, spec, seeds });
  return {
    where: "worker",
    choose(seat, state) {
      const id = ++next;
      return new Promise<Action>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        post({ type: "think", id, seat, state });
      });
    },
    dispose() {
      worker.terminate();
      for (const w of waiting.values()) w.reject(new Error("the game was closed"));
      waiting.clear();
    },
  };
}
