/**
 * Messages between the page and the bot worker (bot/worker.ts): the worker holds one agent per
 * seat (seeded as the page would seed it), so the same game gets the same answers wherever the
 * agent thinks.
 */
import type { Action } from "turnkit";

export interface StartBots {
  type: "start";
  /** A built-in preset's id: presets hold functions, which can't cross to a worker. */
  preset: string;
  /** The agent spec (`ismcts:200`). */
  spec: string;
  /** Each seat's agent seed. */
  seeds: number[];
}

export interface Think {
  type: "think";
  /** Answered with the same id. */
  id: number;
  seat: number;
  /** The game (Game.serialize()): the agent sees the position as the page's own agent would. */
  state: string;
}

export type ToWorker = StartBots | Think;

export type FromWorker = { id: number; action: Action } | { id: number; error: string };
