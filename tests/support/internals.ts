/**
 * What a person reads in the playground holds no internals: the page-side scan the browser tests
 * run at every screen of a whole game (browser.test.ts) and on the pages looks.test.ts draws.
 */
import type { Page } from "playwright-core";

/**
 * In the page (plain JavaScript): every internal-looking token in what a person reads — the
 * rendered text, tooltips (title) and aria-labels — as "token ‹ context ›". Internal means a shape
 * no sentence has (o12, camelCase, snake_case, dotted.names, ids:with:colons, JSON, undefined) or
 * a name the game uses internally (a card id, a handle, a variable, counter, node, ability or
 * option id, an event type) written as it is in code. The state hash is shown on purpose.
 */
const SCAN_JS = `(() => {
  const game = globalThis.turnkitSession && globalThis.turnkitSession.game;
  const texts = [document.body.innerText];
  for (const el of document.querySelectorAll("[title], [aria-label]"))
    for (const a of ["title", "aria-label"]) { const v = el.getAttribute(a); if (v) texts.push(v); }
  let text = texts.join("\\n");
  for (const el of document.querySelectorAll('[data-testid="state-hash"]')) {
    const h = (el.textContent || "").trim();
    if (h) text = text.split(h).join("");
  }
  const found = new Map();
  const note = (tok, i) => {
    if (found.has(tok)) return;
    found.set(tok, text.slice(Math.max(0, i - 40), i + tok.length + 40).replace(/\\s+/g, " "));
  };
  const SHAPES = [
    /\\bo\\d+\\b/g,                             // object ids
    /\\b[a-z][\\w-]*@\\d+#\\d+/g,               // places (deck@0#18)
    /\\b[a-z]+[A-Z][A-Za-z]*\\b/g,              // camelCase
    /\\b[A-Za-z]+_[A-Za-z_]+\\b/g,              // snake_case
    /\\b[a-z]+\\.(?!(?:md|yaml|json)\\b)[a-z][A-Za-z]+/g, // dotted.names (not a docs page: scenarios.md)
    /\\b[a-z][a-z0-9-]*:[a-z0-9][\\w-]*/g,      // ids:with:colons
    /\\{"|"\\s*:\\s*[\\[{"0-9]/g,               // JSON
    /\\b(undefined|NaN|null)\\b|\\[object /g,
  ];
  for (const re of SHAPES) for (const m of text.matchAll(re)) note(m[0], m.index);
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
    for (const [, m] of game.rules.abilities) for (const k of m.keys()) vocab.add(k);
    for (const id of game.rules.nodes.keys()) vocab.add(id);
    for (const k of game.rules.zoneDefs.keys()) vocab.add(k);
    for (const e of s.log.slice(-3000)) if (typeof e.type === "string") vocab.add(e.type);
    if (s.decision) for (const o of s.decision.options) vocab.add(o.id);
    const WORDS = new Set("a an the of to in on at by up and or is it its no not all any one two set end ok win new own use you for may can if as be was has had get put add top tap pay out".split(" "));
    const codeLike = (t) => /[A-Z]/.test(t.slice(1)) && /[a-z]/.test(t) || /[_.:\\/\\d@#]/.test(t) || /-/.test(t) || (t.length <= 3 && !WORDS.has(t) && /^[a-z]+$/.test(t));
    const internal = new Set([...vocab].filter((t) => t && codeLike(t)));
    // Every run of word characters and the joiners ids use, whole and in its parts.
    for (const m of text.matchAll(/[\\w@#:.\\/-]+/g)) {
      const whole = m[0].replace(/^[-.:/]+|[-.:/]+$/g, "");
      const parts = [whole, ...whole.split(/[:./]/)];
      for (const t of parts) if (internal.has(t)) note(t, m.index);
    }
  }
  return [...found].map(([t, c]) => t + " ‹ " + c + " ›");
})()`;

export async function scanInternals(page: Page, into: Map<string, string>): Promise<void> {
  for (const line of (await page.evaluate(SCAN_JS)) as string[]) {
    const tok = line.slice(0, line.indexOf(" ‹ "));
    if (!into.has(tok)) into.set(tok, line);
  }
}
