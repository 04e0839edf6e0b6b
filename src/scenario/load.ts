/**
 * Reading scenario files: YAML parsed with positions kept, validated by the scenario schema, and
 * every error reported as file:line:column with what was expected there.
 */
import { readFileSync } from "node:fs";
import { type Document, LineCounter, parseDocument } from "yaml";
import type { z } from "zod";
import { TurnkitError } from "../core/errors.js";
import { Scenario } from "./schema.js";

export type YamlPath = (string | number)[];

export interface Position {
  line: number;
  col: number;
}

export class ScenarioError extends TurnkitError {
  override name = "ScenarioError";
  constructor(
    readonly file: string,
    readonly position: Position,
    readonly detail: string,
  ) {
    super(`${file}:${position.line}:${position.col}: ${detail}`);
  }
}

export interface LoadedScenario {
  file: string;
  scenario: Scenario;
  /** Where a path of the document starts (the closest existing parent when it is absent). */
  at(path: YamlPath): Position;
}

function positionIn(doc: Document, counter: LineCounter, path: YamlPath): Position {
  for (let n = path.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (range) {
      const { line, col } = counter.linePos(range[0]);
      return { line, col };
    }
  }
  return { line: 1, col: 1 };
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || "(top)";
}

type Issue = z.core.$ZodIssue;

/** From a union's branches, the issues of the branch that got furthest: its message is the useful one. */
function deepestIssues(issue: Issue): Issue[] {
  if (issue.code !== "invalid_union" || !("errors" in issue) || issue.errors.length === 0) return [issue];
  let best: Issue[] = [issue];
  let bestDepth = -1;
  for (const branch of issue.errors) {
    const flat = branch.flatMap((i) => deepestIssues({ ...i, path: [...issue.path, ...i.path] } as Issue));
    const depth = Math.max(...flat.map((i) => i.path.length));
    if (depth > bestDepth) {
      bestDepth = depth;
      best = flat;
    }
  }
  return best;
}

export function parseScenario(file: string, text: string): LoadedScenario {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const pos = e.linePos?.[0] ?? { line: 1, col: 1 };
    throw new ScenarioError(file, pos, `YAML syntax: ${e.message.split("\n")[0]}`);
  }
  const at = (path: YamlPath): Position => positionIn(doc, counter, path);
  const data = doc.toJS();
  if (data === null || typeof data !== "object")
    throw new ScenarioError(
      file,
      { line: 1, col: 1 },
      "expected a mapping with name, preset, setup, script and expect",
    );
  const parsed = Scenario.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.flatMap(deepestIssues);
    const first = issues[0]!;
    const path = first.path.filter((p): p is string | number => typeof p !== "symbol");
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
    throw new ScenarioError(file, at(path), `${formatPath(path)}: ${first.message}${more}`);
  }
  return { file, scenario: parsed.data, at };
}

export function loadScenarioFile(file: string): LoadedScenario {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new ScenarioError(file, { line: 1, col: 1 }, `cannot read the file: ${(e as Error).message}`);
  }
  return parseScenario(file, text);
}
