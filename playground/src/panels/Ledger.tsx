/**
 * The limits ledger: for every limited or activated ability on the cards the viewer sees face up,
 * the limit in words, how much of it is used in its window and by what event, what remains, and
 * for an activated ability that can't be activated now, every reason `whyNot` gives. The model is
 * playground/src/insight/ledger.ts.
 */
import { useState } from "preact/hooks";
import { type LedgerRow, type LimitLine, ledgerRows } from "../insight/ledger";
import type { Session } from "../session";
import "./insight.css";

type Filter = "all" | "limited" | "refused";

export function Ledger({ session }: { session: Session }) {
  const [filter, setFilter] = useState<Filter>("all");
  let rows: LedgerRow[];
  try {
    rows = ledgerRows(session.game, session.viewer);
  } catch (e) {
    return (
      <section class="panel insight ledger" data-testid="ledger">
        <h2>Limits ledger</h2>
        <p class="tl-error">{String(e)}</p>
      </section>
    );
  }
  const viewer = session.viewer;
  const order = (r: LedgerRow) => (r.limits.length ? 0 : r.activatable === false ? 1 : 2);
  const sorted = [...rows].sort(
    (a, b) => Number(a.controller !== viewer) - Number(b.controller !== viewer) || order(a) - order(b),
  );
  const shown = sorted.filter((r) =>
    filter === "limited"
      ? r.limits.length > 0
      : filter === "refused"
        ? r.activatable === false || r.limits.some((l) => l.reason)
        : true,
  );
  const name = session.game.state.players[viewer]?.name ?? `P${viewer + 1}`;
  const over = session.game.over;
  return (
    <section class={`panel insight ledger${over ? " lg-frozen" : ""}`} data-testid="ledger" data-over={over}>
      <h2>
        Limits ledger <small>as {name} sees it</small>
      </h2>
      <fieldset class="lg-filter" aria-label="filter">
        {(["all", "limited", "refused"] as Filter[]).map((f) => (
          <button
            type="button"
            key={f}
            class={filter === f ? "lg-on" : ""}
            aria-pressed={filter === f}
            data-testid={`ledger-filter-${f}`}
            onClick={() => setFilter(f)}
          >
            {f === "all" ? `all (${rows.length})` : f === "limited" ? "with a limit" : "not offered"}
          </button>
        ))}
      </fieldset>
      {over ? (
        <p class="lg-over" data-testid="ledger-over">
          The game is over: the limits as they stood at its end.
        </p>
      ) : null}
      {shown.length === 0 ? (
        <p class="lg-empty">No limited or activated ability on the cards {name} sees.</p>
      ) : null}
      <div class="lg-rows">
        {shown.map((r) => (
          <Row key={`${r.ref}:${r.ability}`} row={r} viewer={viewer} />
        ))}
      </div>
    </section>
  );
}

function Row({ row, viewer }: { row: LedgerRow; viewer: number }) {
  const state = row.activatable === null ? "passive" : row.activatable ? "ok" : "refused";
  const compact = row.limits.length === 0 && row.activatable === true;
  return (
    <div
      class={`lg-row lg-${state}${compact ? " lg-compact" : ""}${row.controller === viewer ? "" : " lg-theirs"}`}
      data-testid="ledger-row"
      data-card={row.card}
      data-ability={row.ability}
      data-state={state}
    >
      <div class="lg-head">
        <b class="lg-card">{row.card}</b>
        <span class="lg-ability" title={row.text}>
          {row.abilityName}
        </span>
        <span class="lg-zone">{row.zone}</span>
        <span class={`lg-chip lg-chip-${state}`}>
          {state === "passive" ? row.abilityKind : state === "ok" ? "can activate now" : "not offered now"}
        </span>
      </div>
      {row.text && !compact ? <div class="lg-text">{row.text}</div> : null}
      {row.limits.map((l, i) => (
        // An activated ability's refusing limit is among its whyNot reasons below: said once.
        <Limit key={i} line={l} showReason={!row.reasons.some((r) => r.text === l.reason)} />
      ))}
      {row.reasons.length ? (
        <ul class="lg-why">
          {row.reasons.map((r, i) => (
            <li key={i} data-testid="why-not" data-kind={r.kind}>
              <span class={`lg-kind lg-kind-${r.kind}`}>{r.kind}</span> {r.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Limit({ line, showReason }: { line: LimitLine; showReason: boolean }) {
  const pct = line.max ? Math.min(100, (line.used / line.max) * 100) : 0;
  return (
    <div class={`lg-limit${line.reason ? " lg-spent" : ""}`} data-testid="ledger-limit">
      <div class="lg-label">
        “{line.label}” <span class="lg-words">— {line.words}</span>
      </div>
      <div class="lg-usage">
        <span class="lg-meter" aria-hidden="true">
          <span style={{ width: `${pct}%` }} />
        </span>
        <span data-testid="ledger-usage">{line.usage}</span>
        {line.windowOpen && line.nth === undefined ? (
          <span class="lg-remaining" data-testid="ledger-remaining">
            {line.remaining} left
          </span>
        ) : null}
      </div>
      {line.usedBy.length ? (
        <ul class="lg-usedby">
          {line.usedBy.map((u, i) => (
            <li key={i} data-testid="ledger-used-by">
              used by {u.event} of {u.card} in {u.node} (turn {u.turn})
            </li>
          ))}
        </ul>
      ) : null}
      {line.reason && showReason ? (
        <div class="lg-reason" data-testid="limit-reason">
          {line.reason}
        </div>
      ) : null}
    </div>
  );
}
