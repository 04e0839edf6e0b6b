/**
 * The turn timeline's model, from a game and a seat: the preset's turn tree with the clock's path
 * marked, what happened at each node this turn (turn-based actions, triggers, limits used, as the
 * seat's view tells them), the attack and the chain or stack, and the extra turns queued.
 * Pure: reads the game, changes nothing; everything about cards comes from `viewFor(viewer)`.
 */
import type { Game, JsonObject, PlayerView } from "turnkit";
import { camelWords, dataOf, nodeLabel, plainText, playerName, str, taskWords } from "./words.js";

export type MarkKind = "tba" | "trigger" | "limit" | "extra" | "event";

/** Something that happened at a node this turn. */
export interface Mark {
  kind: MarkKind;
  text: string;
}

/** On the path now, begun this turn, passed over this turn (its condition did not hold), or still to come. */
export type NodeState = "current" | "done" | "skipped" | "upcoming";

export interface TimelineNode {
  id: string;
  label: string;
  kind: string;
  depth: number;
  /** On the clock's path now (the node running, or one of its ancestors). */
  current: boolean;
  /** The innermost node of the path: where the game stands. */
  here: boolean;
  state: NodeState;
  /** Entered by an interaction, once per attack (not run in sequence). */
  onDemand: boolean;
  /** How many times the node began this turn (attacks: one run per attack). */
  runs: number;
  marks: Mark[];
  /** Other events at this node this turn, told to the viewer (not marked one by one). */
  otherEvents: number;
  details: NodeDetails;
  children: TimelineNode[];
}

/** A node's behaviour in words, for its detail pane. */
export interface NodeDetails {
  onBegin: string[];
  onEnd: string[];
  interaction?: string;
  windows: string[];
  when?: string;
  repeatWhile?: string;
  notes: string[];
}

export interface StackLine {
  name: string;
  /** The ability, in words, when the entry is one. */
  ability?: string;
  controller: number;
  controllerName: string;
  /** The source card is not visible to the viewer: named only as "a card". */
  hidden: boolean;
  targets: string[];
}

export interface TimelineModel {
  turn: { id: number; player: number; playerName: string; extra: boolean };
  /** Labels of the path, root first. */
  path: { id: string; label: string }[];
  /** Open limit windows besides game and turn (attack, chain, phase …). */
  windows: string[];
  attack: number | null;
  /** "Chain" (Yu-Gi-Oh!), "Stack" (Magic) or "Waiting abilities"; entries bottom first. */
  stackTitle: string;
  stack: StackLine[];
  /** Extra turns in the order they will be taken (last added first). */
  extraTurns: { player: number; playerName: string }[];
  skips: { player: number; playerName: string }[];
  root: TimelineNode;
  over: boolean;
}

const QUIET = new Set(["nodeEnter", "nodeBegin", "nodeEnd", "turnBegin", "turnEnd", "decision"]);

/** Words for a condition name, with the preset's labels where it gives them. */
function conditionWords(game: Game, cond: string): string {
  const negate = cond.startsWith("!");
  const name = negate ? cond.slice(1) : cond;
  const words = game.rules.preset.conditionLabels?.[name] ?? camelWords(name);
  return negate ? `unless ${words}` : `only if ${words}`;
}

/** One line for an event the viewer is told of; names only what the view names. */
export function eventWords(game: Game, e: JsonObject): string {
  const type = str(e, "type") ?? "event";
  const d = dataOf(e);
  const name = str(e, "name");
  const who = typeof e.player === "number" ? playerName(game, e.player) : undefined;
  switch (type) {
    case "trigger":
      return `${name ?? "a card"} triggers${d.ability ? ` (${camelWords(String(d.ability))})` : ""}`;
    case "limitUsed":
      return `${name ?? "a card"}: “${String(d.limit ?? "limit")}” used (${d.used ?? "?"} of ${d.max ?? "?"})`;
    case "extraTurnAdded":
      return `${who ?? "a player"} will take an extra turn`;
    case "draw":
      return `${who ?? "a player"} draws${name ? ` ${name}` : " a card"}`;
    default: {
      const what = camelWords(type);
      const subject = name ?? (typeof e.obj === "string" ? "a card" : undefined);
      return [what, subject ? `— ${subject}` : "", who && !subject ? `(${who})` : ""]
        .filter(Boolean)
        .join(" ");
    }
  }
}

/** What happened at each node this turn, from the viewer's log. */
function marksByNode(
  game: Game,
  log: JsonObject[],
): {
  marks: Map<string, Mark[]>;
  other: Map<string, number>;
  runs: Map<string, number>;
} {
  const marks = new Map<string, Mark[]>();
  const other = new Map<string, number>();
  const runs = new Map<string, number>();
  /** Nodes between their nodeEnter and nodeBegin: their onBegin turn-based actions run now. */
  const beginning = new Set<string>();
  /** Nodes whose sequenced children are done: what happens now is their onEnd actions. */
  const ending = new Set<string>();
  const add = (node: string, m: Mark) => {
    const list = marks.get(node) ?? [];
    list.push(m);
    marks.set(node, list);
  };
  for (const e of log) {
    const type = str(e, "type") ?? "";
    const node = str(e, "node") ?? "";
    const d = dataOf(e);
    if (type === "nodeEnter") {
      const id = String(d.node ?? node);
      beginning.add(id);
      ending.delete(id);
      runs.set(id, (runs.get(id) ?? 0) + 1);
      continue;
    }
    if (type === "nodeBegin") {
      beginning.delete(String(d.node ?? node));
      continue;
    }
    if (type === "nodeEnd") {
      const id = String(d.node ?? node);
      ending.delete(id);
      // The last sequenced child of its parent ended: the parent's end actions come next.
      const n = game.rules.nodes.get(id);
      const parent = n?.parent ? game.rules.nodes.get(n.parent) : undefined;
      const seq = (parent?.children ?? []).filter((c) => !c.onDemand);
      if (parent && seq.length && seq[seq.length - 1]!.id === id && parent.onEnd?.length)
        ending.add(parent.id);
      continue;
    }
    if (QUIET.has(type) || !node) continue;
    if (type === "trigger") add(node, { kind: "trigger", text: eventWords(game, e) });
    else if (type === "limitUsed") add(node, { kind: "limit", text: eventWords(game, e) });
    else if (type === "extraTurnAdded") add(node, { kind: "extra", text: eventWords(game, e) });
    else if (beginning.has(node) || ending.has(node))
      add(node, { kind: "tba", text: `${beginning.has(node) ? "start" : "end"}: ${eventWords(game, e)}` });
    else other.set(node, (other.get(node) ?? 0) + 1);
  }
  return { marks, other, runs };
}

function detailsOf(game: Game, id: string): NodeDetails {
  const n = game.rules.node(id);
  const notes: string[] = [];
  if (n.onDemand) notes.push("runs on demand: entered once per attack by the step's interaction");
  if (n.parent === null) notes.push("the turn: the root of the tree");
  const d: NodeDetails = {
    onBegin: (n.onBegin ?? []).map(taskWords),
    onEnd: (n.onEnd ?? []).map(taskWords),
    windows: (n.windows ?? []).map(camelWords),
    notes,
  };
  if (n.interaction) d.interaction = taskWords(n.interaction);
  if (n.when) d.when = conditionWords(game, n.when);
  if (n.repeatWhile) d.repeatWhile = conditionWords(game, n.repeatWhile).replace(/^only if /, "again while ");
  return d;
}

function stackTitle(game: Game): string {
  if (game.rules.preset.id === "yugioh" || game.rules.windows.has("chain")) return "Chain";
  if (game.rules.zoneDefs.has("stack")) return "Stack";
  return "Waiting abilities";
}

/** The preset's stack or chain as the viewer may see it: a source hidden from them is "a card". */
function stackLines(game: Game, view: PlayerView, viewer: number): StackLine[] {
  const entries = game.rules.preset.stack?.(game) ?? [];
  const visible = visibleNames(view);
  const nameOf = (
    objId: string | undefined,
    fallback: string | undefined,
  ): { name: string; hidden: boolean } => {
    if (objId === undefined) return { name: fallback ?? "an effect", hidden: false };
    const o = game.state.objects[objId];
    if (!o) return { name: "a card", hidden: true };
    const seen = visible.get(game.ref(o));
    return seen ? { name: seen, hidden: false } : { name: "a card", hidden: true };
  };
  return entries.map((s) => {
    const src = nameOf(s.obj, s.name);
    const line: StackLine = {
      name: src.name,
      controller: s.controller,
      controllerName: playerName(game, s.controller),
      hidden: src.hidden,
      targets: (s.targets ?? []).map((t) => nameOf(t, undefined).name),
    };
    if (s.ability && !src.hidden) line.ability = camelWords(s.ability);
    void viewer;
    return line;
  });
}

/** Handle (or place) → visible name, for every card face up to the viewer. */
export function visibleNames(view: PlayerView): Map<string, string> {
  const out = new Map<string, string>();
  const add = (c: unknown) => {
    const card = c as { hidden?: boolean; id?: string; name?: string; under?: unknown[] };
    if (!card.hidden && card.id && card.name) out.set(card.id, card.name);
    for (const u of card.under ?? []) add(u);
  };
  for (const z of Object.values(view.zones)) for (const c of z.cards) add(c);
  return out;
}

export function timelineModel(game: Game, viewer: number): TimelineModel {
  const view = game.viewFor(viewer);
  const clock = game.state.clock;
  const path = new Set(view.path);
  const here = view.path[view.path.length - 1];
  const { marks, other, runs } = marksByNode(game, view.log);
  const build = (id: string): TimelineNode => {
    const n = game.rules.node(id);
    const ran = runs.get(id) ?? 0;
    const state: NodeState = path.has(id) ? "current" : ran > 0 ? "done" : "upcoming";
    return {
      id,
      label: n.label ?? id,
      kind: n.kind ?? (n.children?.length ? "group" : "step"),
      depth: n.depth,
      current: path.has(id),
      here: id === here,
      state,
      onDemand: n.onDemand === true,
      runs: ran,
      marks: (marks.get(id) ?? []).map((m) => ({ ...m, text: plainText(m.text) })),
      otherEvents: other.get(id) ?? 0,
      details: detailsOf(game, id),
      children: markSkipped(
        (n.children ?? []).map((c) => build(c.id)),
        state === "done",
      ),
    };
  };
  const queue = game.state.turnQueue;
  return {
    turn: {
      id: view.turn.id,
      player: view.turn.player,
      playerName: playerName(game, view.turn.player),
      extra: view.turn.extra,
    },
    path: view.path.map((id) => ({ id, label: nodeLabel(game, id) })),
    windows: Object.keys(clock.windows)
      .filter((w) => w !== "game" && w !== "turn")
      .map(camelWords),
    attack: view.attack,
    stackTitle: stackTitle(game),
    stack: stackLines(game, view, viewer),
    extraTurns: queue
      .filter((m) => m.kind === "extra")
      .reverse()
      .map((m) => ({ player: m.player, playerName: playerName(game, m.player) })),
    skips: queue
      .filter((m) => m.kind === "skip")
      .map((m) => ({ player: m.player, playerName: playerName(game, m.player) })),
    root: build(game.rules.root.id),
    over: game.over,
  };
}

/**
 * A sequenced child never begun while a later sibling has begun, or whose parent has ended, was
 * passed over this turn (its condition did not hold).
 */
function markSkipped(children: TimelineNode[], parentDone: boolean): TimelineNode[] {
  let later = parentDone;
  for (let i = children.length - 1; i >= 0; i--) {
    const c = children[i]!;
    if (c.onDemand) continue;
    if (c.state !== "upcoming") later = true;
    else if (later) c.state = "skipped";
  }
  return children;
}

/** The model's nodes, depth first (for tests and flat lists). */
export function flatNodes(n: TimelineNode): TimelineNode[] {
  return [n, ...n.children.flatMap(flatNodes)];
}
