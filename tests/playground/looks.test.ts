/**
 * What the playground shows a person, in Chromium: no internals on screen (object ids, handles,
 * variable keys, option ids, event and node names, card ids, JSON) in a whole game of every
 * built-in preset; each game's card frames from its card data; the game-over banner once and the
 * limits ledger frozen at the end; a page that fits 1280×800 and a phone-width screen.
 */
import { existsSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, gameUrl, type Harness, newPage, openHarness, playToEnd } from "../support/browser.js";

/** Presets and seeds of short games (P1's seeded-random clicks against the page's bot). */
const BUILT_IN: [string, number][] = [
  ["duel-masters", 22],
  ["duel-masters-play", 9],
  ["yugioh", 39],
  ["magic", 1],
  ["lab", 8],
  ["skirmish", 8],
];

const run = existsSync(CHROMIUM) || process.env.CI === "true";

let h: Harness;

beforeAll(async () => {
  if (run) h = await openHarness();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/**
 * In the page (plain JavaScript): every internal-looking token in what a person reads — the
 * rendered text, tooltips (title) and aria-labels — as "token ‹ context ›". Internal means a shape
 * no sentence has (o12, camelCase, snake_case, dotted.names, ids:with:colons, JSON, undefined) or
 * a name the game uses internally (a card id, a handle, a variable, counter, node, ability or
 * option id, an event type) written as it is in code. The state hash is shown on purpose.
 */
const SCAN_JS = `(() => {
  const game = globalThis.turnkitSession && globalThis.turnkitSession.game;
  const texts = [];
  const skip = new Set([...document.querySelectorAll('[data-testid="state-hash"]')]);
  const walk = (el) => {
    if (skip.has(el)) return;
    for (const a of ["title", "aria-label"]) { const v = el.getAttribute && el.getAttribute(a); if (v) texts.push(v); }
    for (const c of el.children) walk(c);
  };
  const clone = document.body.cloneNode(true);
  for (const s of clone.querySelectorAll('[data-testid="state-hash"], script, style, select, textarea')) s.remove();
  document.body.appendChild(clone);
  clone.style.position = "absolute"; clone.style.left = "-99999px"; clone.style.top = "0";
  texts.push(clone.innerText);
  clone.remove();
  walk(document.body);
  const text = texts.join("\\n");
  const found = new Map();
  const note = (tok, i, src) => {
    if (found.has(tok)) return;
    found.set(tok, src.slice(Math.max(0, i - 40), i + tok.length + 40).replace(/\\s+/g, " "));
  };
  const SHAPES = [
    /\\bo\\d+\\b/g,                             // object ids
    /\\b[a-z]+[A-Z][A-Za-z]*\\b/g,              // camelCase
    /\\b[A-Za-z]+_[A-Za-z_]+\\b/g,              // snake_case
    /\\b[a-z]+\\.(?!(?:md|yaml|json)\\b)[a-z][A-Za-z]+/g, // dotted.names (not a docs page: scenarios.md)
    /\\b[a-z][a-z0-9-]*:[a-z0-9][\\w-]*/g,      // ids:with:colons
    /\\{"|"\\s*:\\s*[\\[{"0-9]/g,               // JSON
    /\\b(undefined|NaN|null)\\b|\\[object /g,
  ];
  for (const re of SHAPES) for (const m of text.matchAll(re)) note(m[0], m.index, text);
  if (game) {
    const vocab = new Set();
    const s = game.state;
    for (const o of Object.values(s.objects)) {
      vocab.add(o.id); if (o.handle) vocab.add(o.handle); vocab.add(o.card);
      for (const k of Object.keys(o.vars)) vocab.add(k);
      for (const k of Object.keys(o.counters)) vocab.add(k);
    }
    for (const p of s.players) for (const k of Object.keys(p.vars)) vocab.add(k);
    for (const id of game.rules.cards.keys()) vocab.add(id);
    for (const [card, m] of game.rules.abilities) for (const k of m.keys()) vocab.add(k);
    for (const id of game.rules.nodes.keys()) vocab.add(id);
    for (const k of game.rules.zoneDefs.keys()) vocab.add(k);
    for (const e of s.log.slice(-3000)) if (typeof e.type === "string") vocab.add(e.type);
    if (s.decision) for (const o of s.decision.options) vocab.add(o.id);
    const WORDS = new Set("a an the of to in on at by up and or is it its no not all any one two set end ok win new own use you for may can if as be was has had get put add top tap pay out".split(" "));
    const codeLike = (t) => /[A-Z]/.test(t.slice(1)) && /[a-z]/.test(t) || /[_.:\\/\\d]/.test(t) || /-/.test(t) || (t.length <= 3 && !WORDS.has(t) && /^[a-z]+$/.test(t));
    const esc = (t) => t.replace(/[.*+?^\${}()|[\\]\\\\]/g, "\\\\$&");
    for (const t of vocab) {
      if (!t || !codeLike(t)) continue;
      const re = new RegExp("(?<![\\\\w-])" + esc(t) + "(?![\\\\w-])", "g");
      for (const m of text.matchAll(re)) note(m[0], m.index, text);
    }
  }
  return [...found].map(([t, c]) => t + " ‹ " + c + " ›");
})()`;

async function scan(page: Page, into: Map<string, string>): Promise<void> {
  for (const line of (await page.evaluate(SCAN_JS)) as string[]) {
    const tok = line.slice(0, line.indexOf(" ‹ "));
    if (!into.has(tok)) into.set(tok, line);
  }
}

describe.skipIf(!run)("what the playground shows", () => {
  for (const [preset, seed] of BUILT_IN) {
    it(`shows no internal ids or variable names in a whole ${preset} game`, async () => {
      const page = await newPage(h, { width: 1280, height: 800 });
      await page.goto(gameUrl(h.url, { preset, seed, bots: "2", delay: 0 }));
      await page.getByTestId("board").waitFor();
      const found = new Map<string, string>();
      await scan(page, found);
      await playToEnd(page, {
        seed,
        maxClicks: 2500,
        realClicks: 0,
        onOption: () => scan(page, found),
      });
      await scan(page, found);
      expect([...found.values()]).toEqual([]);
      expect(page.errors).toEqual([]);
      await page.close();
    }, 240_000);
  }
});
