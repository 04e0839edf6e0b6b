/**
 * Running the turn tree: each node begins (its turn-based actions first, then "at the start of"
 * triggers), runs its body and its children, and ends (its end actions, then durations "until the
 * end of" it expire). RULINGS DM-T1, DM-T9 to DM-T12, MT-1, MT-2, MT-19.
 */

import type { CompiledNode } from "./contract/data.js";
import type { BookkeepingEvent, EventFlags, Game, Rules } from "./contract/game.js";
import type { ConditionFn } from "./contract/hooks.js";
import { expireDurations } from "./durations.js";
import { closeWindow, emit, heard, newEntry, openWindow, skipUnheard } from "./events.js";
import type { Task, TurnModification } from "./types.js";

type SkipTo = Extract<TurnModification, { kind: "skipTo" }>;

/** The turn's pending skip (Game.skipTo), if any: the turn queue is empty in nearly every step. */
function skipMarker(game: Game): SkipTo | undefined {
  const q = game.state.turnQueue;
  if (q.length === 0) return undefined;
  for (const m of q) if (m.kind === "skipTo") return m;
  return undefined;
}

/** The child of `node` that is `to` or holds it; undefined when `to` is not below `node`. */
function childToward(game: Game, node: string, to: string): string | undefined {
  let n = to;
  let p = game.rules.node(n).parent;
  while (p !== null && p !== node) {
    n = p;
    p = game.rules.node(p).parent;
  }
  return p === node ? n : undefined;
}

/** Is this task the interaction of a node the turn is skipping past (it is dropped: Game.skipTo)? */
export function endedInteraction(game: Game, task: Task): boolean {
  const node = (task as { node?: unknown }).node;
  if (typeof node !== "string") return false;
  const m = skipMarker(game);
  return m?.ended.includes(node) === true && game.rules.node(node).interaction === task.t;
}

/**
 * Does the turn player skip this run of child node `id` (CR 500.10, 614.10)? A static ability of
 * kind `skipNode` in force ("Players skip their untap steps": `{ kind: skipNode, node: untap,
 * player: any }`; `self`, `opponent` relative to its controller), else the oldest pending "skip
 * your next …" of that player, which this run uses up. Either way `nodeSkipped` says so.
 */
function skipsRun(game: Game, id: string): boolean {
  const player = game.state.clock.turn.player;
  let source: string | null = null;
  let by: "static" | "effect" | null = null;
  if (game.rules.skipsNodes)
    for (const ref of game.staticAbilities("skipNode")) {
      const st = ref.ability.static as { node?: unknown; player?: unknown };
      const who = st.player ?? "self";
      if (st.node !== id) continue;
      if (who === "any" || (who === "self") === (ref.controller === player)) {
        source = ref.card.name;
        by = "static";
        break;
      }
    }
  if (by === null) {
    const q = game.state.turnQueue;
    for (let i = 0; i < q.length; i++) {
      const m = q[i]!;
      if (m.kind !== "skipNode" || m.node !== id || m.player !== player) continue;
      q.splice(i, 1);
      source = m.source ?? null;
      by = "effect";
      break;
    }
  }
  if (by === null) return false;
  emit(game, { type: "nodeSkipped", player, data: { node: id, by, source } });
  return true;
}

/** Where a node task is in the life of its node. */
export const Stage = { Enter: 0, Begun: 1, Body: 2, Children: 3, Ending: 4, End: 5 } as const;
export type Stage = (typeof Stage)[keyof typeof Stage];

export interface NodeTask extends Task {
  t: "node";
  node: string;
  stage: Stage;
  /** Index of the next child to consider. */
  child: number;
  /** The child that ran last (added nodes run after it: CR 500.8). */
  last?: string;
  /** Added nodes still to run before the next child. */
  queue?: string[];
}

export function nodeTask(node: string): NodeTask {
  // Every field present from the start (unset ones undefined, which the serialization leaves out):
  // one shape for every node task, never a dictionary after a field is taken away.
  return { t: "node", node, stage: Stage.Enter, child: 0, last: undefined, queue: undefined };
}

/**
 * The task of a node's interaction. Its `answer` is there from the start (undefined, which the
 * serialization leaves out), so answering doesn't give it a new shape: the engine loop reads the
 * tasks' type from few shapes, not many.
 */
export function interactionTask(t: string, node: string): Task {
  return { t, node, answer: undefined };
}

/** A "when"/"repeatWhile" condition resolved: its function, and whether "!" negates it. */
interface NamedCondition {
  fn: ConditionFn;
  negate: boolean;
}

/**
 * Each rules' conditions as nodes name them, resolved once: the name a "!" is sliced off of is a
 * new string every time, and looking that up compares it character by character.
 */
const resolvedConditions = new WeakMap<Rules, Map<string, NamedCondition>>();

function namedCondition(rules: Rules, cond: string): NamedCondition {
  let byName = resolvedConditions.get(rules);
  if (byName === undefined) {
    byName = new Map();
    resolvedConditions.set(rules, byName);
  }
  let c = byName.get(cond);
  if (c === undefined) {
    const negate = cond.startsWith("!");
    c = { fn: rules.conditions.get(negate ? cond.slice(1) : cond)!, negate };
    byName.set(cond, c);
  }
  return c;
}

/** Holds a "when"/"repeatWhile" condition by name; "!name" negates. */
export function holds(game: Game, cond: string | undefined): boolean {
  if (!cond) return true;
  const c = namedCondition(game.rules, cond);
  return c.fn(game, undefined) !== c.negate;
}

function pushTasks(game: Game, names: readonly string[] | undefined, node: string): void {
  if (!names) return;
  for (let i = names.length - 1; i >= 0; i--) game.pushTask({ t: names[i]!, node });
}

/** Opens a node's windows and clock entries: shared by running a node and by starting a game mid-turn. */
export function enterNode(game: Game, node: CompiledNode): void {
  const clock = game.state.clock;
  // A store past the end, not push: the path starts empty each game, and V8 compiles a push that
  // has met an empty array (of the small-integer kind) as a call to its generic builtin.
  const path = clock.path;
  path[path.length] = node.id;
  clock.instances[node.id] = ++game.state.ids.window;
  const windows = node.windows;
  if (windows !== undefined)
    for (const w of windows) {
      openWindow(game, w);
      if (w === "attack") clock.attack = ++game.state.ids.attack;
    }
}

function leaveNode(game: Game, node: CompiledNode): void {
  const clock = game.state.clock;
  const windows = node.windows;
  if (windows !== undefined)
    for (const w of windows) {
      closeWindow(game, w);
      if (w === "attack") clock.attack = null;
    }
  clock.path.pop();
}

export function runNodeTask(game: Game, task: Task): void {
  const t = task as NodeTask;
  const node = game.rules.node(t.node);
  const state = game.state;
  const tasks = state.tasks;
  // Runs the node's next stages while it stays on top with nothing to ask: exactly what the engine
  // loop would do next, without a dispatch per stage. Only forward: a repeat goes back to the loop;
  // and one stage at a time while a `pauseWhen` waits to see each step (a scenario's passUntil
  // stopping at a node where nobody is asked anything).
  let stage: Stage;
  do {
    stage = t.stage;
    runNodeStage(game, t, node);
  } while (
    t.stage > stage &&
    tasks[tasks.length - 1] === t &&
    state.decision === null &&
    state.result === null &&
    game.state === state &&
    !game.pausing
  );
}

/**
 * Nodes added to run after the run of `child` that just ended (Game.addNodesAfter), taken off the
 * turn queue: the most recently added first (CR 500.8); null when none.
 */
function nodesAddedAfter(game: Game, child: string): string[] | null {
  const q = game.state.turnQueue;
  if (q.length === 0) return null;
  const instance = game.state.clock.instances[child];
  let out: string[] | null = null;
  for (let i = q.length - 1; i >= 0; i--) {
    const m = q[i]!;
    if (m.kind !== "nodes" || m.after !== child || m.instance !== instance) continue;
    q.splice(i, 1);
    out = out ? [...out, ...m.nodes] : [...m.nodes];
  }
  return out;
}

/** A node event; "at the start of your …" matches its player, the active player. Skipped when unheard. */
function emitNodeEvent(game: Game, type: BookkeepingEvent, flags: Readonly<EventFlags>, node: string): void {
  if (heard(game, flags)) {
    const event = newEntry(type);
    event.player = game.state.clock.turn.player;
    event.data = { node };
    emit(game, event, flags.typeRules);
  } else skipUnheard(game, type, flags);
}

/**
 * Each stage of a node in a function of its own, small enough for V8's optimizing compiler to
 * inline the functions it calls: with every stage in one function, each of them is an out-of-line call.
 */
function runNodeStage(game: Game, t: NodeTask, node: CompiledNode): void {
  switch (t.stage) {
    case Stage.Enter:
      enterStage(game, t, node);
      return;
    case Stage.Begun:
      begunStage(game, t, node);
      return;
    case Stage.Body:
      bodyStage(game, t, node);
      return;
    case Stage.Children:
      childrenStage(game, t, node);
      return;
    case Stage.Ending:
      endingStage(game, t, node);
      return;
    case Stage.End:
      endStage(game, t, node);
      return;
  }
}

/** The node is entered: its instance and windows open, then its turn-based actions. */
function enterStage(game: Game, t: NodeTask, node: CompiledNode): void {
  const skip = skipMarker(game);
  if (skip && skip.to === node.id) removeSkip(game, skip); // arrived where the turn skipped to
  enterNode(game, node);
  // A marker for the log and narration; "at the start of" abilities listen to nodeBegin below.
  emitNodeEvent(game, "nodeEnter", game.rules.bookkeeping.nodeEnter, node.id);
  // DM 500.3: effects lasting "until" this node expire as it begins.
  if (game.state.durations.length > 0) expireDurations(game, { at: "nodeBegin", node: node.id });
  t.stage = Stage.Begun;
  pushTasks(game, node.onBegin, node.id); // CR 703.3: turn-based actions first.
}

/** The node has begun: "at the start of" abilities trigger. */
function begunStage(game: Game, t: NodeTask, node: CompiledNode): void {
  emitNodeEvent(game, "nodeBegin", game.rules.bookkeeping.nodeBegin, node.id);
  t.stage = Stage.Body;
  const cp = game.rules.preset.checkpoint;
  if (cp && (game.state.pending.length > 0 || game.state.hiddenResponses.length > 0))
    game.pushTask({ t: cp, node: node.id });
}

/** The node's interaction, if it has one. */
function bodyStage(game: Game, t: NodeTask, node: CompiledNode): void {
  t.stage = Stage.Children;
  if (node.interaction && !skipMarker(game)?.ended.includes(node.id))
    game.pushTask(interactionTask(node.interaction, node.id));
}

/** The node's next child, added node or node skipped to; the node ends when there is none. */
function childrenStage(game: Game, t: NodeTask, node: CompiledNode): void {
  const skip = skipMarker(game);
  if (skip) {
    // Ending: no more children. On the way to the node skipped to: straight to it.
    if (skip.ended.includes(node.id)) {
      t.queue = undefined;
      t.last = undefined;
      t.stage = Stage.Ending;
      return;
    }
    const next = childToward(game, node.id, skip.to);
    if (next !== undefined) {
      t.queue = undefined;
      const children = node.children ?? [];
      t.child = children.findIndex((c) => c.id === next) + 1;
      t.last = next;
      game.pushTask(nodeTask(next));
      return;
    }
  }
  const added = t.last !== undefined ? nodesAddedAfter(game, t.last) : null;
  if (added) t.queue = [...added, ...(t.queue ?? [])];
  const children = node.children ?? [];
  while (t.queue !== undefined && t.queue.length > 0) {
    const id = t.queue.shift()!;
    if (t.queue.length === 0) t.queue = undefined;
    // An added node runs under its own condition, as it would in its place (CR 500.8).
    if (!holds(game, children.find((c) => c.id === id)?.when)) continue;
    if (game.state.turnQueue.length > 0 || game.rules.skipsNodes) if (skipsRun(game, id)) continue;
    t.last = id;
    game.pushTask(nodeTask(id));
    return;
  }
  while (t.child < children.length) {
    const child = children[t.child++]!;
    if (child.onDemand || !holds(game, child.when)) continue;
    if (game.state.turnQueue.length > 0 || game.rules.skipsNodes) if (skipsRun(game, child.id)) continue;
    t.last = child.id;
    game.pushTask(nodeTask(child.id));
    return;
  }
  t.last = undefined;
  t.stage = Stage.Ending;
}

/** The node's end actions. */
function endingStage(game: Game, t: NodeTask, node: CompiledNode): void {
  t.stage = Stage.End;
  pushTasks(game, node.onEnd, node.id);
}

/** The node ends (after what its end actions triggered) or, with `repeatWhile`, starts again. */
function endStage(game: Game, t: NodeTask, node: CompiledNode): void {
  // Abilities triggered by the node's end actions resolve before the node ends (DM 500.2:
  // a step ends when no effect is being processed).
  const checkpoint = game.rules.preset.checkpoint;
  if (checkpoint && (game.state.pending.length > 0 || game.state.hiddenResponses.length > 0)) {
    game.pushTask({ t: checkpoint, node: node.id });
    return;
  }
  emitNodeEvent(game, "nodeEnd", game.rules.bookkeeping.nodeEnd, node.id);
  // DM 500.3: effects lasting "until the end of" this node expire as it ends (this run of it:
  // its instance changes only when it is entered again).
  if (game.state.durations.length > 0)
    expireDurations(game, {
      at: "nodeEnd",
      node: node.id,
      instance: game.state.clock.instances[node.id]!,
    });
  leaveNode(game, node);
  const skip = skipMarker(game);
  const skipped = skip?.ended.includes(node.id) === true;
  if (skip && skipped) skip.ended.splice(skip.ended.indexOf(node.id), 1);
  if (!skipped && node.repeatWhile && holds(game, node.repeatWhile)) {
    t.stage = Stage.Enter;
    t.child = 0;
    return;
  }
  game.popTask(t);
}

function removeSkip(game: Game, skip: SkipTo): void {
  const q = game.state.turnQueue;
  q.splice(q.indexOf(skip), 1);
}
