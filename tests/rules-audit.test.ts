/**
 * The rule-by-rule audits (docs/rules-audit/<game>.md): every row is a rule of the game's official
 * rules with either passing scenarios that name it under `rules:`, or a reason it is out of scope.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadScenarioFile } from "../src/scenario/load.js";
import { runScenario } from "../src/scenario/runner.js";

const AUDITS = ["magic", "yugioh", "duel-masters"];

interface Row {
  line: number;
  rule: string;
  scenarios: string[];
  status: string;
}

/** Table rows `| rule | what it says | scenario links | status |` (the header and separator skipped). */
function rows(file: string): Row[] {
  const out: Row[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((text, i) => {
      const cells = text.split("|").map((c) => c.trim());
      if (cells.length < 6 || !text.trim().startsWith("|")) return;
      const [, rule, , links, status] = cells as [string, string, string, string, string];
      if (rule === "Rule" || /^-+$/.test(rule.replace(/:/g, ""))) return;
      const scenarios = [...links.matchAll(/\]\(([^)]+\.ya?ml)\)/g)].map((m) =>
        resolve(dirname(file), m[1]!),
      );
      out.push({ line: i + 1, rule, scenarios, status });
    });
  return out;
}

const rulesOf = new Map<string, { rules: string[]; passed: boolean; failures: string[] }>();
function scenario(file: string) {
  let r = rulesOf.get(file);
  if (!r) {
    const loaded = loadScenarioFile(file);
    const result = runScenario(loaded);
    r = {
      rules: loaded.scenario.rules,
      passed: result.passed,
      failures: result.failures.map((f) => `${f.line}:${f.col} ${f.path} ${f.message}`),
    };
    rulesOf.set(file, r);
  }
  return r;
}

describe("rules audits", () => {
  for (const game of AUDITS) {
    const file = `docs/rules-audit/${game}.md`;
    it(`${file} exists and has rows`, () => {
      expect(existsSync(file)).toBe(true);
      expect(rows(file).length).toBeGreaterThan(20);
    });
    if (!existsSync(file)) continue;
    it(`${file}: every row is proved by a passing scenario naming the rule, or says why it is out of scope`, () => {
      const problems: string[] = [];
      for (const row of rows(file)) {
        const where = `${file}:${row.line} ${row.rule}`;
        if (/^out of scope\b/i.test(row.status)) {
          if (row.status.replace(/^out of scope\W*/i, "").length < 8)
            problems.push(`${where}: "out of scope" needs a reason`);
          continue;
        }
        if (row.status !== "pass") {
          problems.push(`${where}: status is "${row.status}", not pass or out of scope: <why>`);
          continue;
        }
        if (row.scenarios.length === 0) problems.push(`${where}: pass, but no scenario is linked`);
        for (const s of row.scenarios) {
          if (!existsSync(s)) {
            problems.push(`${where}: ${s} does not exist`);
            continue;
          }
          const r = scenario(s);
          if (!r.rules.includes(row.rule))
            problems.push(`${where}: ${s} does not name ${row.rule} under rules:`);
          if (!r.passed) problems.push(`${where}: ${s} fails: ${r.failures.join("; ")}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
