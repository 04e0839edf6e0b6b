/**
 * The first games a newcomer sees read well: the narrated `npm start` game and
 * `--seed 1..20` of every preset print no "undefined", "null", "NaN" or "[object Object]", no raw
 * id of a card or an ability where its name belongs, no placeholder card name, and every answer
 * with its question.
 */
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/program.js";
import type { Preset } from "../../src/core/preset.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { runCli } from "../support/cli.js";

const SEEDS = 20;
const PRESETS = ["duel-masters", "duel-masters-play", "yugioh", "magic", "lab", "skirmish"];

/** A placeholder card name: a stand-in word, or a number of 3+ digits (a power: "Sample Fire 1000"). */
const PLACEHOLDER = /\b(sample|placeholder|test|dummy|lorem|todo|tbd|foo|bar|baz)\b|\d{3,}/i;

/** Values that leaked into a sentence. */
const LEAKS = /\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]/;

/** An id that looks like an identifier (camelCase, kebab-case, snake_case, digits), not a plain word. */
const ID_LIKE = /[a-z][A-Z]|[-_.]|\d/;

interface Library {
  /** Identifier-like card and ability ids, which never belong in a sentence. */
  ids: Set<string>;
  /** Every word of every printed name (an id that is also part of a name is fine). */
  nameWords: Set<string>;
  placeholders: string[];
}

function library(preset: Preset): Library {
  const ids = new Set<string>();
  const nameWords = new Set<string>();
  for (const c of preset.cards) {
    for (const w of c.name.split(/[\s,:!?"()]+/)) if (w) nameWords.add(w);
    if (ID_LIKE.test(c.id)) ids.add(c.id);
    for (const a of c.abilities ?? []) if (ID_LIKE.test(a.id)) ids.add(a.id);
  }
  for (const w of nameWords) ids.delete(w);
  const placeholders = preset.cards.map((c) => c.name).filter((n) => PLACEHOLDER.test(n));
  return { ids, nameWords, placeholders };
}

/** Every problem of a narrated game's text, with the line it is on. */
function problems(text: string, lib: Library): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (LEAKS.test(line)) out.push(`leaked value: ${line.trim()}`);
    for (const word of line.split(/[\s,;:()“”"'.!?→⊘]+/))
      if (lib.ids.has(word)) out.push(`raw id "${word}": ${line.trim()}`);
    for (const name of lib.placeholders)
      if (line.includes(name)) out.push(`placeholder name "${name}": ${line.trim()}`);
    if (/^\s*→ P\d+: (Yes|No|Use it|Decline)\s*$/.test(line))
      out.push(`an answer without its question: ${line}`);
  }
  return out;
}

describe("narrated games read well", () => {
  it("the presets tested are every registered preset", () => {
    expect([...PRESETS].sort()).toEqual(
      presetIds()
        .filter((id) => PRESETS.includes(id))
        .sort(),
    );
    for (const id of presetIds()) expect(PRESETS, `add ${id} to PRESETS`).toContain(id);
  });

  it("the check finds what it looks for", () => {
    const lib = library(getPreset("duel-masters"));
    expect(lib.ids.has("extremeFinalRevolution")).toBe(true);
    expect(problems("  → P1: No", lib)).toHaveLength(1);
    expect(problems("P1 declines undefined's ability.", lib)).toHaveLength(1);
    expect(problems("→ P1: Ryu no Kyokugen Dogiragolden: extremeFinalRevolution", lib)).toHaveLength(1);
    expect(problems("P1 summons Sample Fire 1000 speedAttacker.", lib).length).toBeGreaterThan(0);
    expect(problems("P1: Use Bolshack Voljaak's ability? → Decline", lib)).toEqual([]);
  });

  it("the npm start game (duel-masters, seed 1)", async () => {
    const r = await runCli(main, ["play", "--game", "duel-masters", "--seed", "1"]);
    expect(r.code).toBe(0);
    expect(problems(r.stdout, library(getPreset("duel-masters")))).toEqual([]);
    // An answer is told by what it did, not as question and answer.
    expect(r.stdout).toMatch(/^ {2}P1 charges .+ into their mana zone\.$/m);
    expect(r.stdout).not.toMatch(/Put a card from your hand into your mana zone, or skip → /);
  });

  for (const id of PRESETS)
    it(`${id}: seeds 1 to ${SEEDS}`, async () => {
      const lib = library(getPreset(id));
      const found: string[] = [];
      for (let seed = 1; seed <= SEEDS; seed++) {
        const r = await runCli(main, ["play", "--game", id, "--seed", String(seed)]);
        expect(r.stderr, `seed ${seed}`).toBe("");
        for (const p of problems(r.stdout, lib)) found.push(`seed ${seed}: ${p}`);
      }
      expect(found.slice(0, 20)).toEqual([]);
    }, 120_000);
});
