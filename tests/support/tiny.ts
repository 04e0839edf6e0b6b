/**
 * A tiny preset builder for kernel unit tests: a given turn tree, tasks named "trace:<x>" that
 * record <x> in `state.vars.trace`, a main step where the active player may "go" (runs the
 * preset's `onGo`) or pass, and an optional battle step whose "attack" option enters an on-demand
 * attack node.
 */

import type { Game } from "../../src/core/game.js";
import { actionLoop } from "../../src/core/interactions.js";
import type { Json } from "../../src/core/json.js";
import type { Preset, TaskHandler, TurnNode } from "../../src/core/preset.js";
import { nodeTask } from "../../src/core/structure.js";
import type { DecisionOption } from "../../src/core/types.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";

export interface TinySpec {
  turn: TurnNode;
  traces?: string[];
  cards?: CardDef[];
  conditions?: Preset["conditions"];
  onGo?: (game: Game) => void;
  /** The main step's options besides passing (default: one "go"); any of them runs `onGo`. */
  mainActions?: (game: Game) => DecisionOption[];
  tasks?: Record<string, TaskHandler>;
  /** Event types the test's cards name besides the kernel's (Preset.events). */
  events?: Preset["events"];
  /** Card fields the test's cards use besides the kernel's (Preset.cardFields). */
  cardFields?: Preset["cardFields"];
}

export function trace(game: Game): string[] {
  return (game.state.vars.trace as string[] | undefined) ?? [];
}

function traceTask(name: string): TaskHandler {
  return (game, task) => {
    game.popTask(task);
    game.state.vars.trace = [...trace(game), name] as Json;
  };
}

export function tinyPreset(spec: TinySpec): Preset {
  const tasks: Record<string, TaskHandler> = {
    main: actionLoop({
      kind: "main",
      actions: (game) => spec.mainActions?.(game) ?? [{ id: "go", label: "Go" }],
      perform: (game) => spec.onGo?.(game),
    }),
    battle: actionLoop({
      kind: "battle",
      actions: () => [{ id: "attack", label: "Attack" }],
      perform: (game) => game.pushTask(nodeTask("attack")),
    }),
    ...spec.tasks,
  };
  for (const t of spec.traces ?? []) tasks[`trace:${t}`] = traceTask(t);
  return {
    id: "tiny",
    name: "Tiny",
    players: { min: 2, max: 4 },
    zones: [
      { kind: "deck", label: "deck", perPlayer: true, visibility: "hidden" },
      { kind: "hand", label: "hand", perPlayer: true, visibility: "owner" },
      { kind: "field", label: "field", perPlayer: true, visibility: "public", inPlay: true },
      { kind: "graveyard", label: "graveyard", perPlayer: true, visibility: "public" },
    ],
    turn: () => spec.turn,
    tasks,
    cards: spec.cards ?? [{ id: "token", name: "Token", types: ["creature"], power: 1 }],
    conditions: { never: () => false, always: () => true, ...spec.conditions },
    checkpoint: "kernel.resolvePending",
    ...(spec.events ? { events: spec.events } : {}),
    ...(spec.cardFields ? { cardFields: spec.cardFields } : {}),
  };
}

/** The node ids entered so far, in order (from the log). */
export function entered(game: Game): string[] {
  return game.state.log.filter((e) => e.type === "nodeEnter").map((e) => String(e.data?.node));
}
