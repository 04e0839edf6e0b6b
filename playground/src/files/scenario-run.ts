/**
 * Running a scenario file step by step in the page, with the scenario runner itself
 * (src/scenario/runner.ts). The runner plays a whole script at once, so step k is the run of the
 * script's first k steps (the setup is step 0; the last is the script with the file's `expect`):
 * a scenario's game is seeded and deterministic, so each run repeats the one before it and goes
 * one step further. Each step shows the runner's game and the failures the runner reports.
 */
import type { Game, Preset } from "turnkit";
import { registerPreset } from "turnkit/presets";
import {
  type Failure,
  type LoadedScenario,
  parseScenario,
  ScenarioError,
  ScenarioRun,
} from "turnkit/scenario";

export interface ScenarioStepInfo {
  /** 0: the setup; 1 … n: script steps; n + 1: the file's `expect` (when it has one). */
  index: number;
  /** "setup", "script[2]", "expect". */
  label: string;
  /** The step as written in the file (its lines, trimmed of the common indent). */
  text: string;
  line: number;
}

export interface ScenarioStepResult {
  step: ScenarioStepInfo;
  /** The runner's game after this step (null when the setup itself failed). */
  game: Game | null;
  /** Every failure so far (the runner's, with line and column). */
  failures: Failure[];
  /** Failures this step added. */
  added: Failure[];
  /** The run cannot go on (a step failed to run, or this was the last step). */
  done: boolean;
  /** Set when done: whether the scenario passed. */
  passed?: boolean;
}

/** A parsed scenario file and its steps; `run(k)` runs it up to step k. */
export class ScenarioStepper {
  readonly loaded: LoadedScenario;
  readonly steps: ScenarioStepInfo[];
  private readonly lines: string[];

  /** Parses the file (a ScenarioError "file:line:col: message" if it is not a valid scenario). */
  constructor(
    readonly text: string,
    readonly name: string,
    userPresets: readonly Preset[] = [],
  ) {
    for (const p of userPresets) registerPreset(p);
    this.loaded = parseScenario(name, text);
    this.lines = text.split(/\r?\n/);
    const s = this.loaded.scenario;
    const steps: ScenarioStepInfo[] = [this.info(0, "setup", ["setup"])];
    s.script.forEach((_, i) => {
      steps.push(this.info(i + 1, `script[${i}]`, ["script", i]));
    });
    if (s.expect) steps.push(this.info(steps.length, "expect", ["expect"]));
    this.steps = steps;
  }

  get last(): number {
    return this.steps.length - 1;
  }

  private info(index: number, label: string, path: (string | number)[]): ScenarioStepInfo {
    let line = 1;
    try {
      line = this.loaded.at(path).line;
    } catch {
      // a path not written in the file (a default): the start
    }
    return { index, label, line, text: "" };
  }

  /** The text of step `index` in the file: from its line to the next step's (at most 12 lines). */
  textOf(index: number): string {
    const step = this.steps[index]!;
    if (step.label === "setup" && !this.loaded.scenario.setup) return "(no setup: an empty board)";
    const next = this.steps[index + 1];
    const from = step.line - 1;
    let to = next && next.line > step.line ? next.line - 1 : this.lines.length;
    // Stop at the next top-level key (script:, expect:) when the step is the last of its block.
    for (let i = from + 1; i < to; i++)
      if (/^[A-Za-z_]/.test(this.lines[i] ?? "")) {
        to = i;
        break;
      }
    const chunk = this.lines.slice(from, Math.min(to, from + 12));
    while (chunk.length > 1 && chunk[chunk.length - 1]!.trim() === "") chunk.pop();
    const indent = Math.min(...chunk.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
    const out = chunk.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join("\n");
    return to - from > 12 ? `${out}\n…` : out;
  }

  /** Runs the scenario up to step `index` (0: the setup only; `last`: the whole file). */
  run(index: number): ScenarioStepResult {
    const k = Math.max(0, Math.min(index, this.last));
    const step = { ...this.steps[k]!, text: this.textOf(k) };
    const now = this.raw(k);
    const seen = new Set(k === 0 ? [] : this.raw(k - 1).failures.map(key));
    const added = now.failures.filter((f) => !seen.has(key(f)));
    // A step that cannot run (or a setup that fails) stops the runner: a failure without a path.
    const done = k === this.last || now.game === null || now.failures.some((f) => f.path === "");
    return {
      step,
      game: now.game,
      failures: now.failures,
      added,
      done,
      ...(done ? { passed: now.failures.length === 0 } : {}),
    };
  }

  private readonly runs = new Map<number, { game: Game | null; failures: Failure[] }>();

  /** The runner's run of the first k steps (the last one cached: stepping runs k - 1 again). */
  private raw(k: number): { game: Game | null; failures: Failure[] } {
    const hit = this.runs.get(k);
    if (hit) return hit;
    const s = this.loaded.scenario;
    const loaded: LoadedScenario = {
      ...this.loaded,
      scenario: {
        ...s,
        script: s.script.slice(0, Math.min(k, s.script.length)),
        expect: k === this.last ? s.expect : undefined,
      },
    };
    let out: { game: Game | null; failures: Failure[] };
    try {
      const run = new ScenarioRun(loaded);
      out = { game: run.game, failures: run.run().failures };
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      out = { game: null, failures: [{ ...e.position, path: "", message: e.detail }] };
    }
    if (this.runs.size > 4) this.runs.clear();
    this.runs.set(k, out);
    return out;
  }
}

const key = (f: Failure): string => `${f.line}:${f.col}:${f.path}:${f.message}`;

/** One line per failure, as `turnkit run` prints it: "line:col: path: message". */
export function describeFailure(f: Failure): string {
  return `${f.line}:${f.col}: ${f.path ? `${f.path}: ` : ""}${f.message}`;
}
