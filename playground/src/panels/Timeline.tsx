/**
 * The turn timeline: the preset's turn tree with the clock's path highlighted (turn → phase →
 * step → substep), the attack and the chain or stack, extra turns queued, and what happened at
 * each node this turn (turn-based actions, triggers, limits used) as the viewer's log tells it.
 * Clicking a node shows what it does. The model is playground/src/insight/timeline.ts.
 */
import { useState } from "preact/hooks";
import { type Mark, type TimelineModel, type TimelineNode, timelineModel } from "../insight/timeline";
import type { Session } from "../session";
import "./insight.css";

const MARK_ICON: Record<Mark["kind"], string> = {
  tba: "⚙",
  trigger: "⚡",
  limit: "🔒",
  extra: "↻",
  event: "•",
};

export function Timeline({ session }: { session: Session }) {
  const [selected, setSelected] = useState<string | null>(null);
  let model: TimelineModel;
  try {
    model = timelineModel(session.game, session.viewer);
  } catch (e) {
    return (
      <section class="panel insight timeline" data-testid="timeline">
        <h2>Turn</h2>
        <p class="tl-error">{String(e)}</p>
      </section>
    );
  }
  const node = selected ? findNode(model.root, selected) : undefined;
  return (
    <section class="panel insight timeline" data-testid="timeline">
      <h2 data-testid="tl-turn">
        Turn {model.turn.id} · {model.turn.playerName}
        {model.turn.extra ? <span class="tl-badge tl-extra-badge">extra turn</span> : null}
        {model.over ? <span class="tl-badge">game over</span> : null}
      </h2>
      <div class="tl-where" data-testid="tl-where">
        {model.path.length ? model.path.map((p) => p.label).join(" › ") : "between turns"}
        {model.attack !== null ? (
          <span class="tl-badge tl-attack" data-testid="tl-attack">
            attack #{model.attack}
          </span>
        ) : null}
        {model.windows.length ? <span class="tl-windows">open: {model.windows.join(", ")}</span> : null}
      </div>
      {model.stack.length ? <Stack model={model} /> : null}
      {model.extraTurns.length || model.skips.length ? (
        <div class="tl-queue" data-testid="tl-extra">
          {model.extraTurns.length ? (
            <div>
              Extra turns queued (next first):{" "}
              {model.extraTurns.map((x, i) => (
                <span class="tl-badge" key={i}>
                  {x.playerName}
                </span>
              ))}
            </div>
          ) : null}
          {model.skips.length ? (
            <div>Turns to skip: {model.skips.map((x) => x.playerName).join(", ")}</div>
          ) : null}
        </div>
      ) : null}
      <ul class="tl-tree">
        <NodeItem
          node={model.root}
          selected={selected}
          onSelect={(id) => setSelected(id === selected ? null : id)}
        />
      </ul>
      {node ? <Details node={node} onClose={() => setSelected(null)} /> : null}
    </section>
  );
}

function Stack({ model }: { model: TimelineModel }) {
  // Top first: the last link or object resolves first.
  const lines = model.stack.map((s, i) => ({ ...s, n: i + 1 })).reverse();
  return (
    <div class="tl-stack" data-testid="tl-stack">
      <h3>
        {model.stackTitle} <small>({model.stack.length}, top first)</small>
      </h3>
      <ol>
        {lines.map((s) => (
          <li key={s.n} data-testid="tl-stack-entry" class={s.hidden ? "tl-hidden" : ""}>
            <span class="tl-link">{model.stackTitle === "Chain" ? `Link ${s.n}` : `#${s.n}`}</span>{" "}
            <b>{s.name}</b>
            {s.ability ? <span class="tl-ability"> · {s.ability}</span> : null}{" "}
            <span class="tl-who">({s.controllerName})</span>
            {s.targets.length ? <span class="tl-targets"> → {s.targets.join(", ")}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

function NodeItem({
  node,
  selected,
  onSelect,
}: {
  node: TimelineNode;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const cls = [
    "tl-node",
    `tl-${node.state}`,
    node.here ? "tl-here" : "",
    node.onDemand ? "tl-ondemand" : "",
    selected === node.id ? "tl-selected" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <li>
      <button
        type="button"
        class={cls}
        data-testid="tl-node"
        data-node={node.id}
        data-current={node.current ? "true" : "false"}
        data-state={node.state}
        aria-current={node.here ? "step" : undefined}
        title={`${node.kind}${node.onDemand ? " (on demand)" : ""}: click for details`}
        onClick={() => onSelect(node.id)}
      >
        <span class="tl-kind">{node.kind}</span> <span class="tl-label">{node.label}</span>
        {node.onDemand ? <span class="tl-note"> one per attack</span> : null}
        {node.runs > 1 ? <span class="tl-runs"> ×{node.runs}</span> : null}
        {node.here ? <span class="tl-now"> ◀ now</span> : null}
      </button>
      {node.marks.length ? (
        <ul class="tl-marks">
          {node.marks.slice(-6).map((m, i) => (
            <li key={i} class={`tl-mark tl-mark-${m.kind}`} data-testid="tl-mark" data-kind={m.kind}>
              {MARK_ICON[m.kind]} {m.text}
            </li>
          ))}
          {node.marks.length > 6 ? <li class="tl-mark tl-more">… {node.marks.length - 6} more</li> : null}
        </ul>
      ) : null}
      {node.children.length ? (
        <ul>
          {node.children.map((c) => (
            <NodeItem key={c.id} node={c} selected={selected} onSelect={onSelect} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Details({ node, onClose }: { node: TimelineNode; onClose: () => void }) {
  const d = node.details;
  const rows: [string, string][] = [];
  if (d.when) rows.push(["Runs", d.when]);
  if (d.onBegin.length) rows.push(["At its start (turn-based actions)", d.onBegin.join(", ")]);
  if (d.interaction) rows.push(["Players act", d.interaction]);
  if (d.onEnd.length) rows.push(["At its end (turn-based actions)", d.onEnd.join(", ")]);
  if (d.windows.length) rows.push(["Opens limit windows", d.windows.join(", ")]);
  if (d.repeatWhile) rows.push(["Repeats", d.repeatWhile]);
  for (const n of d.notes) rows.push(["Note", n]);
  rows.push([
    "This turn",
    node.runs ? `began ${node.runs === 1 ? "once" : `${node.runs} times`}` : "not begun yet",
  ]);
  if (node.otherEvents) rows.push(["Other events here", String(node.otherEvents)]);
  return (
    <div class="tl-details" data-testid="tl-details" data-node={node.id}>
      <h3>
        {node.label} <small>({node.kind})</small>
        <button type="button" class="tl-close" onClick={onClose} aria-label="close">
          ×
        </button>
      </h3>
      <dl>
        {rows.map(([k, v]) => (
          <>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </>
        ))}
      </dl>
      {node.marks.length ? (
        <ul class="tl-marks">
          {node.marks.map((m, i) => (
            <li key={i} class={`tl-mark tl-mark-${m.kind}`}>
              {MARK_ICON[m.kind]} {m.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function findNode(n: TimelineNode, id: string): TimelineNode | undefined {
  if (n.id === id) return n;
  for (const c of n.children) {
    const f = findNode(c, id);
    if (f) return f;
  }
  return undefined;
}
