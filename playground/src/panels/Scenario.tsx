/**
 * Scenarios: open a scenario file (or paste one), run it step by step with the scenario runner,
 * and see after each step the step as written, the runner's game — every card: a scenario is a
 * test setup — and which expectation failed and why, at its line and column. Each step's position
 * is also drawn on the board (`onPosition`), and "Play from here" plays on from it (`onPlay`).
 */
import { useState } from "preact/hooks";
import type { Game } from "turnkit";
import { type BoardSummary, boardSummary } from "../files/board";
import { describeFailure, ScenarioStepper, type ScenarioStepResult } from "../files/scenario-run";
import { pageUserPresets } from "./History";

interface Shown {
  result: ScenarioStepResult;
  board: BoardSummary | null;
}

/** Failures with the step that added them. */
interface Noted {
  text: string;
  step: string;
}

export interface ScenarioPanelProps {
  /** Shows a step's position on the board. */
  onPosition?: (game: Game) => void;
  /** Plays on from a step's position. */
  onPlay?: (game: Game) => void;
}

export function ScenarioPanel({ onPosition, onPlay }: ScenarioPanelProps = {}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [stepper, setStepper] = useState<ScenarioStepper | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [failures, setFailures] = useState<Noted[]>([]);

  const show = (s: ScenarioStepper, k: number, before: Noted[]): { noted: Noted[]; done: boolean } => {
    const result = s.run(k);
    const noted = [
      ...before,
      ...result.added.map((f) => ({ text: describeFailure(f), step: result.step.label })),
    ];
    setShown({ result, board: result.game ? boardSummary(result.game) : null });
    setFailures(noted);
    if (result.game) onPosition?.(result.game);
    return { noted, done: result.done };
  };

  const load = (source: string, name: string) => {
    setError(null);
    setShown(null);
    setFailures([]);
    setStepper(null);
    let s: ScenarioStepper;
    try {
      s = new ScenarioStepper(source, name, pageUserPresets());
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    setStepper(s);
    try {
      show(s, 0, []);
    } catch (e) {
      setError(`${name}: ${(e as Error).message}`);
    }
  };

  const onFile = async (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    let source: string;
    try {
      source = await file.text();
    } catch (err) {
      setError(`${file.name}: cannot read the file: ${(err as Error).message}`);
      return;
    }
    setText(source);
    load(source, file.name);
  };

  const done = shown?.result.done ?? false;
  const at = shown?.result.step.index ?? 0;

  const step = () => {
    if (!stepper || done) return;
    try {
      show(stepper, at + 1, failures);
    } catch (e) {
      setError(`${stepper.name}: ${(e as Error).message}`);
    }
  };

  const runAll = () => {
    if (!stepper || done) return;
    try {
      let noted = failures;
      for (let k = at + 1; k <= stepper.last; k++) {
        const r = show(stepper, k, noted);
        noted = r.noted;
        if (r.done) break;
      }
    } catch (e) {
      setError(`${stepper.name}: ${(e as Error).message}`);
    }
  };

  return (
    <section class="panel scenario" data-testid="scenario" style={{ margin: "0.6em" }}>
      <h3>
        Scenario{" "}
        <span class="sub">
          {stepper
            ? `${stepper.loaded.scenario.name} — ${stepper.loaded.scenario.preset}`
            : "open a scenario file (docs/scenarios.md) and run it step by step"}
        </span>
      </h3>
      <div style={{ display: "flex", gap: "0.6em", flexWrap: "wrap", alignItems: "flex-start" }}>
        <div style={{ flex: "1 1 22em", minWidth: "18em" }}>
          <label class="note" style={{ display: "block", fontSize: "0.85em" }}>
            File:{" "}
            <input type="file" accept=".yaml,.yml,text/yaml" data-testid="scenario-file" onChange={onFile} />
          </label>
          <textarea
            data-testid="scenario-text"
            aria-label="scenario YAML"
            placeholder={"name: …\npreset: skirmish\nsetup: …\nscript: …\nexpect: …"}
            rows={8}
            spellcheck={false}
            style={{ width: "100%", boxSizing: "border-box", fontFamily: "monospace", fontSize: "0.8em" }}
            value={text}
            onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
          />
          <div style={{ display: "flex", gap: "0.3em", flexWrap: "wrap" }}>
            <button type="button" data-testid="scenario-load" onClick={() => load(text, "pasted.yaml")}>
              Load
            </button>
            <button type="button" data-testid="scenario-step" disabled={!stepper || done} onClick={step}>
              Step
            </button>
            <button type="button" data-testid="scenario-run-all" disabled={!stepper || done} onClick={runAll}>
              Run all
            </button>
            {shown?.result.game && onPlay ? (
              <button
                type="button"
                data-testid="scenario-play"
                title="Go on from this step's position: you play P1, a bot every other seat"
                onClick={() => onPlay(shown.result.game!)}
              >
                Play from here
              </button>
            ) : null}
            {stepper ? (
              <button
                type="button"
                data-testid="scenario-restart"
                onClick={() => load(stepper.text, stepper.name)}
              >
                Restart
              </button>
            ) : null}
          </div>
          {error ? (
            <p
              class="error"
              data-testid="file-error"
              style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            >
              {error}
            </p>
          ) : null}
          {stepper && shown ? (
            <>
              <p class="note" data-testid="scenario-position">
                step {at} of {stepper.last}: {shown.result.step.label} (line {shown.result.step.line})
                {done ? (
                  <>
                    {" — "}
                    <strong
                      data-testid="scenario-result"
                      style={{ color: shown.result.passed ? "var(--ok)" : "var(--warn)" }}
                    >
                      {shown.result.passed ? "passed" : "failed"}
                    </strong>
                  </>
                ) : null}
              </p>
              <pre
                data-testid="scenario-step-text"
                style={{
                  margin: 0,
                  padding: "0.3em",
                  background: "var(--bg)",
                  fontSize: "0.8em",
                  overflowX: "auto",
                }}
              >
                {shown.result.step.text}
              </pre>
              {failures.length > 0 ? (
                <ul style={{ margin: "0.3em 0", paddingLeft: "1.2em" }}>
                  {failures.map((f) => (
                    <li
                      key={`${f.step}:${f.text}`}
                      class="error"
                      data-testid="scenario-failure"
                      style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
                    >
                      <span class="note">{f.step}</span> {stepper.name}:{f.text}
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : null}
        </div>
        {shown?.board ? <ScenarioBoard board={shown.board} /> : null}
      </div>
    </section>
  );
}

function ScenarioBoard({ board }: { board: BoardSummary }) {
  const zone = (z: { kind: string; label: string; cards: string[] }) => (
    <li key={z.kind} data-testid="scenario-zone" data-zone={z.kind}>
      <strong>{z.label}</strong> ({z.cards.length}): {z.cards.join(" · ")}
    </li>
  );
  return (
    <div data-testid="scenario-board" style={{ flex: "2 1 30em", minWidth: "20em", fontSize: "0.82em" }}>
      <p class="note" style={{ marginTop: 0 }}>
        <strong data-testid="scenario-where">{board.where}</strong>
        {board.over ? ` — ${board.over}` : ""}
      </p>
      {board.players.map((p) => (
        <div key={p.name} data-testid="scenario-player" style={{ marginBottom: "0.3em" }}>
          <strong>{p.name}</strong> <span class="note">{p.vars}</span>
          <ul style={{ margin: 0, paddingLeft: "1.2em" }}>{p.zones.map(zone)}</ul>
        </div>
      ))}
      {board.shared.length > 0 ? (
        <ul style={{ margin: 0, paddingLeft: "1.2em" }}>{board.shared.map(zone)}</ul>
      ) : null}
      {board.decision ? (
        <p data-testid="scenario-decision" style={{ margin: "0.3em 0" }}>
          <strong>{board.decision.who}</strong> decides ({board.decision.kind}): {board.decision.prompt}
          <br />
          <span class="note">options: {board.decision.options.join(", ") || "none"}</span>
        </p>
      ) : null}
    </div>
  );
}
