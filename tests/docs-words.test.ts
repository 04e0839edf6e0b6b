/**
 * Docs say what is true now: README.md and docs/ (what the npm package ships) hold no words about
 * how the project was built — issue numbers, work sittings, "this week", "today" against an older
 * version, "(fixed: …)" notes. History belongs in CHANGELOG.md (not checked) and commit messages.
 * Comments in the code, tests and scenarios hold no issue numbers or sittings either.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface Rule {
  pattern: RegExp;
  why: string;
}

/** Words about the project's process, for the shipped docs. */
const DOC_RULES: Rule[] = [
  // Not another project's: "XMage issue 10530" names where a ruling was discussed.
  { pattern: /(?<!XMage )\b(?:issues?|pull requests?|PRs?) #?\d+/i, why: "an issue number" },
  { pattern: /\bsittings?\b/i, why: "a work sitting" },
  // Not the playground's `Session` class ("Session.history").
  { pattern: /(?<![`.])\bsessions?\b(?![.`(])/i, why: "a work session" },
  { pattern: /\b(?:this|last|next) week\b/i, why: "a point in the project's time" },
  { pattern: /\btoday\b/i, why: "today against an older version" },
  { pattern: /\bthe brief\b/i, why: "the project's brief" },
  // "a helper found …" — not code helpers: "ops helpers (`scriptTask` …)", "the helpers `resolvePlayers`".
  {
    pattern: /(?<!\b(?:ops|code|test|small) )\bhelpers?\b(?!\s*[`(])/i,
    why: "a project helper",
  },
  { pattern: /\(fixed\b/i, why: "a note of a fix (history)" },
];

/** What code comments must not hold (code may say "issue" otherwise: zod's `addIssue`). */
const CODE_RULES: Rule[] = DOC_RULES.filter((r) =>
  ["an issue number", "a work sitting", "the project's brief"].includes(r.why),
);

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => ext.test(f) && !f.split("/").includes("node_modules"))
    .map((f) => `${dir}/${f}`);
}

function hits(files: string[], rules: Rule[]): string[] {
  const out: string[] = [];
  for (const file of files)
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        for (const { pattern, why } of rules) {
          const m = pattern.exec(line);
          if (m) out.push(`${file}:${i + 1}: "${m[0]}" (${why}): ${line.trim().slice(0, 120)}`);
        }
      });
  return out;
}

describe("the patterns", () => {
  const flagged = (text: string, rules = DOC_RULES) => rules.some((r) => r.pattern.test(text));

  it("catch process words", () => {
    for (const text of [
      "the twelfth sitting of issue 19",
      "Cards of issue #18",
      "what issues 17 and 18 added",
      "measured this week",
      "as last week's run showed",
      "the second session's fixes",
      "today's engine against d9cc967",
      "the texts the brief gave",
      "a helper measured it",
      "the lead and the helpers",
      "(fixed: it lasted until the next attack)",
    ])
      expect(flagged(text), text).toBe(true);
  });

  it("leave legit text alone", () => {
    for (const text of [
      "the kernel: `Game`, ops helpers (`scriptTask`, `resolveObjects`)",
      "The helpers `resolvePlayers`, `resolveObjects` read the usual references",
      "a monster that arrives and leaves, however briefly",
      "ctx.addIssue({ code: 'custom' })",
      "a tapped creature stays tapped",
      "ends in a fixed order",
      "CR 611.2b; RULINGS YG-2.4; the DM 500.6 rule",
      "discussed in XMage issue 10530",
      "`Session.history[i].auto` says why it was made",
    ])
      expect(flagged(text), text).toBe(false);
  });
});

describe("shipped docs (README.md, docs/) hold no process or history words", () => {
  const docs = ["README.md", ...filesUnder("docs", /\.(md|json)$/)];

  it("finds the docs", () => {
    expect(docs).toContain("docs/performance.md");
    expect(docs).toContain("docs/security.md");
    expect(docs.length).toBeGreaterThan(15);
  });

  it("none of them has such a word (CHANGELOG.md, the history, is exempt)", () => {
    expect(hits(docs, DOC_RULES)).toEqual([]);
  });
});

describe("code comments hold no issue numbers or sittings", () => {
  it("src/, playground/src/, bench/, scripts/, examples/, tests/ and scenarios/", () => {
    const files = [
      ...filesUnder("src", /\.(ts|tsx|mjs|js)$/),
      ...filesUnder("playground/src", /\.(ts|tsx)$/),
      ...readdirSync("bench")
        .filter((f) => f.endsWith(".mjs"))
        .map((f) => `bench/${f}`),
      ...filesUnder("scripts", /\.(ts|mjs|js)$/),
      ...filesUnder("examples", /\.(ts|mjs|js|yaml)$/),
      ...filesUnder("tests", /\.(ts|tsx|mjs)$/).filter((f) => !f.endsWith("docs-words.test.ts")),
      ...filesUnder("scenarios", /\.ya?ml$/),
    ];
    expect(files.length).toBeGreaterThan(500);
    expect(hits(files, CODE_RULES)).toEqual([]);
  });
});
