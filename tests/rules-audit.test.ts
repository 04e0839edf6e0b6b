/**
 * The rule-by-rule audits (docs/rules-audit/<game>.md): every row is a rule of the game's official
 * rules with either passing scenarios that name it under `rules:`, or a reason it is out of scope.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
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

describe("docs/rules-audit/xmage.md", () => {
  // Each row: | topic | `folder/` | in scope | translated | can't be written |
  const doc = readFileSync("docs/rules-audit/xmage.md", "utf8");
  const table = [...doc.matchAll(/^\| [^|]+ \| `([a-z-]+)\/` \| (\d+) \| (\d+) \| (\d+) \|$/gm)].map((m) => ({
    folder: m[1]!,
    scope: Number(m[2]),
    translated: Number(m[3]),
    notWritable: Number(m[4]),
  }));
  const notWritableRows = (doc.split("## What can't be written yet")[1] ?? "")
    .split("\n")
    .filter((l) => /^\| [a-z]+\/\S+#\S+ \|/.test(l)).length;

  it("counts, per folder, the XMage test methods its scenarios name, and lists every one not written", () => {
    expect(table.length).toBeGreaterThanOrEqual(10);
    for (const row of table) {
      const dir = `scenarios/magic/xmage/${row.folder}`;
      const methods = new Set<string>();
      for (const f of readdirSync(dir).filter((x) => x.endsWith(".yaml")))
        for (const m of readFileSync(`${dir}/${f}`, "utf8").matchAll(/\b[A-Z][A-Za-z0-9]*#[A-Za-z0-9_]+/g))
          methods.add(m[0]);
      expect(methods.size, `${dir}: XMage methods named`).toBe(row.translated);
      expect(row.translated + row.notWritable, `${row.folder}: translated + not written`).toBe(row.scope);
    }
    expect(notWritableRows).toBe(table.reduce((n, r) => n + r.notWritable, 0));
  });
});
