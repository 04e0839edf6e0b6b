/**
 * The playground in a real browser, for tests, the screenshots and the bench: build the app once
 * (scripts/playground.mjs, into a temporary directory), serve it on a free port
 * (src/cli/playground.ts) and drive Debian's Chromium with playwright-core.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { type RunningPlayground, startPlayground } from "../../src/cli/playground.js";

export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

const root = new URL("../../", import.meta.url);

/** Builds the app into a temporary directory; returns it. */
export async function buildApp(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), "turnkit-playground-"));
  const script = pathToFileURL(join(root.pathname, "scripts", "playground.mjs")).href;
  const { buildPlayground } = (await import(script)) as {
    buildPlayground(o: { outDir: string; quiet: boolean }): Promise<number>;
  };
  await buildPlayground({ outDir: out, quiet: true });
  return out;
}

export interface Harness {
  dir: string;
  server: RunningPlayground;
  browser: Browser;
  url: string;
  close(): Promise<void>;
}

/**
 * Builds (unless `dir` is given, or $TURNKIT_PLAYGROUND_DIST names an app already built: quicker
 * re-runs), serves and launches Chromium.
 */
export async function openHarness(opts: { dir?: string; bundles?: string[] } = {}): Promise<Harness> {
  const given = opts.dir ?? process.env.TURNKIT_PLAYGROUND_DIST;
  const dir = given ?? (await buildApp());
  const server = await startPlayground({
    root: dir,
    port: 0,
    ...(opts.bundles ? { bundles: opts.bundles } : {}),
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  return {
    dir,
    server,
    browser,
    url: server.url,
    async close() {
      await browser.close();
      await server.close();
      if (!given) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new page whose errors fail loudly: uncaught errors are collected in `errors`. */
export async function newPage(
  h: Harness,
  size = { width: 1400, height: 1000 },
): Promise<Page & { errors: string[] }> {
  const page = (await h.browser.newPage({ viewport: size })) as Page & { errors: string[] };
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  // What a test that times out reports: the page's console errors and its workers' lives.
  const notes: string[] = [];
  notesOf.set(page, notes);
  page.on("console", (m) => {
    if (m.type() === "error") notes.push(`console: ${m.text()}`);
  });
  page.on("worker", (w) => {
    notes.push(`worker started: ${w.url()}`);
    w.on("close", () => notes.push(`worker closed: ${w.url()}`));
  });
  return page;
}

const notesOf = new WeakMap<Page, string[]>();

/**
 * Waits for the game's result. When it doesn't come, the error says what the page was doing: the
 * session's bot state, its uncaught errors, console errors, workers started and closed, its text.
 */
export async function waitForResult(page: Page, timeout: number): Promise<void> {
  try {
    await page.getByTestId("result").waitFor({ timeout });
  } catch {
    const state = await page.evaluate(`(() => {
      const s = globalThis.turnkitSession;
      if (!s) return "no session";
      const d = s.game.state.decision;
      return JSON.stringify({ over: s.game.over, decision: d ? { id: d.id, player: d.player } : null,
        thinking: s.thinking, botError: s.botError, autoplay: s.autoplay, passing: s.passing,
        atPresent: s.atPresent, steps: s.history.length, bots: s.config.bots, thinksIn: s.botsThinkIn });
    })()`);
    const text = (await page.evaluate("document.body.innerText")) as string;
    const errors = (page as Page & { errors?: string[] }).errors ?? [];
    throw new Error(
      `no result after ${timeout} ms; session: ${state}; page errors: ${JSON.stringify(errors)}; ` +
        `notes: ${JSON.stringify(notesOf.get(page) ?? [])}; it showed:\n${text.slice(0, 1500)}`,
    );
  }
}

/** The URL that starts a game at once. `bots`: 1-based seats ("2"), or "none". */
export function gameUrl(
  base: string,
  q: {
    preset: string;
    seed?: string | number;
    players?: number;
    bots?: string;
    /** The bots' agent spec (`random`, `ismcts:50` …). */
    bot?: string;
    autoplay?: boolean;
    delay?: number;
    /** People's auto-pass (stops, docs/stops.md); off unless asked, so clicks follow a seeded game. */
    autopass?: boolean;
  },
): string {
  const p = new URLSearchParams({ preset: q.preset, seed: String(q.seed ?? 1), autostart: "1" });
  if (q.players !== undefined) p.set("players", String(q.players));
  p.set("bots", q.bots ?? "2");
  if (q.bot !== undefined) p.set("bot", q.bot);
  if (q.autoplay !== undefined) p.set("autoplay", q.autoplay ? "1" : "0");
  if (q.delay !== undefined) p.set("delay", String(q.delay));
  p.set("autopass", q.autopass ? "1" : "0");
  return `${base}?${p}`;
}

/** What the page shows now: the game's end, a pass screen, or a person's options. */
export interface Screen {
  result: string | null;
  /** The pass screen is up (hot-seat: the next person confirms they have the screen). */
  passing: boolean;
  /** Another person decides: the page offers to pass them the screen. */
  offer?: boolean;
  player: number | null;
  options: { id: string; label: string }[];
}

/** Waits until the page shows something to act on (a person's options, a pass screen, the result). */
export async function waitForScreen(page: Page, timeout = 15_000): Promise<Screen> {
  // Checked now, then at every change of the DOM (no polling interval to wait out).
  const screen = (await page.evaluate(`new Promise((resolve) => {
    const look = () => ${SCREEN_JS};
    const now = look();
    if (now) return resolve(now);
    const done = (v) => { observer.disconnect(); clearTimeout(timer); resolve(v); };
    const observer = new MutationObserver(() => { const v = look(); if (v) done(v); });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    const timer = setTimeout(() => done(null), ${timeout});
  })`)) as Screen | null;
  if (!screen) {
    // What it showed instead, and any uncaught error of the page (newPage collects them).
    const text = (await page.evaluate("document.body.innerText")) as string;
    const errors = (page as Page & { errors?: string[] }).errors ?? [];
    throw new Error(
      `the page showed no options, pass screen or result for ${timeout} ms; page errors: ${JSON.stringify(errors)}; it showed:\n${text.slice(0, 1500)}`,
    );
  }
  return screen;
}

/** In the page (plain JavaScript: the tests are compiled without the DOM's types): the Screen, or null. */
const SCREEN_JS = `(() => {
  const q = (id) => document.querySelector('[data-testid="' + id + '"]');
  const result = q("result");
  if (result) return { result: result.textContent || "", passing: false, player: null, options: [] };
  if (q("pass-screen")) return { result: null, passing: true, player: null, options: [] };
  if (q("pass-to-decider")) return { result: null, passing: false, offer: true, player: null, options: [] };
  const decision = q("decision");
  const buttons = [...document.querySelectorAll('[data-testid="option"]')].filter((b) => !b.disabled);
  if (!decision || buttons.length === 0) return null;
  return {
    result: null,
    passing: false,
    player: Number(decision.getAttribute("data-player")),
    options: buttons.map((b) => ({ id: b.getAttribute("data-option-id") || "", label: b.textContent || "" })),
  };
})()`;

/**
 * Clicks the option with this id: a real click (Playwright's, with its checks that the button is
 * visible, stable and not covered) when `real`, else the button's click() in the page (the same
 * handler, without Playwright's waits: a whole Magic game in seconds rather than a minute).
 */
export async function clickOption(page: Page, id: string, real = true): Promise<void> {
  const selector = `[data-testid="option"][data-option-id="${cssEscape(id)}"]`;
  if (real) await page.locator(selector).first().click();
  else await clickIn(page, selector);
}

/** element.click() in the page on the first element matching `selector` (it must be there). */
export async function clickIn(page: Page, selector: string): Promise<void> {
  const ok = await page.evaluate(
    `(() => { const b = document.querySelector(${JSON.stringify(selector)}); if (!b) return false; b.click(); return true; })()`,
  );
  if (!ok) throw new Error(`nothing to click: ${selector}`);
}

function cssEscape(s: string): string {
  return s.replace(/["\\]/g, "\\$&");
}

/** A small seeded generator (mulberry32) to pick options as a random player would. */
export function picker(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** Everything the page shows or holds: its text, every attribute's value and every field's value. */
export async function pageContents(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const parts = [document.body.innerText];
    for (const el of document.body.querySelectorAll("*")) {
      for (const a of el.attributes) parts.push(a.value);
      if ("value" in el && typeof el.value === "string") parts.push(el.value);
    }
    return parts.join("\\n");
  })()`);
}

/**
 * Plays the game shown until it ends, answering every person's decision with a seeded-random
 * option and passing the screen when another person decides (hot-seat); `onPass` sees the page
 * after each pass (the new person's view), `onOption` each screen and the option chosen. The first
 * `realClicks` answers are Playwright's real clicks, the rest the buttons' click() in the page.
 * Throws when the game has not ended after `maxClicks` answers.
 */
export async function playToEnd(
  page: Page,
  opts: {
    seed?: number;
    maxClicks?: number;
    realClicks?: number;
    onPass?: () => Promise<void>;
    onOption?: (screen: Screen, chosen: string) => Promise<void> | void;
  } = {},
): Promise<{ clicks: number; result: string }> {
  const pick = picker(opts.seed ?? 1);
  const max = opts.maxClicks ?? 3000;
  const real = opts.realClicks ?? 10;
  let clicks = 0;
  for (;;) {
    const screen = await waitForScreen(page);
    if (screen.result !== null) return { clicks, result: screen.result };
    if (clicks >= max) throw new Error(`the game did not end after ${max} answers`);
    if (screen.offer) {
      await page.getByTestId("pass-to-decider").click();
      continue;
    }
    if (screen.passing) {
      await page.getByTestId("pass-confirm").click();
      if (opts.onPass) await opts.onPass();
      continue;
    }
    const chosen = screen.options[pick(screen.options.length)]!.id;
    await clickOption(page, chosen, clicks < real);
    clicks++;
    if (opts.onOption) await opts.onOption(screen, chosen);
  }
}
