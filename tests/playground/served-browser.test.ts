/**
 * The playground joining a game on `turnkit serve` (playground/src/remote.ts), in Chromium: the
 * server runs as a child process on loopback, `turnkit bot` plays one seat, the page the other —
 * joined with the seat's token through "Join a served game". At every decision the page is
 * compared with the game itself (read from the server's database, replayed to the responses the
 * page shows): its options are the seat's, and nothing of the other seat's hand that the seat
 * hasn't seen is anywhere in the page. The server is killed and started again mid-game: the page
 * says it is joining again, then plays on. A spectator's page shows neither hand.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer as netServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { Game } from "turnkit";
import { getPreset } from "turnkit/presets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServeProcess, startServe } from "../../scripts/serve-process.js";
import { gameOf } from "../../src/server/create-game.js";
import { SqliteStore } from "../../src/server/sqlite-store.js";
import {
  CHROMIUM,
  clickOption,
  type Harness,
  newPage,
  openHarness,
  pageContents,
  picker,
  waitForScreen,
} from "../support/browser.js";

const run = existsSync(CHROMIUM) || process.env.CI === "true";
const root = new URL("../../", import.meta.url).pathname;
/** Where the screenshots go ($TURNKIT_SCREENSHOTS, else a temporary directory). */
const shots = process.env.TURNKIT_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), "turnkit-served-shots-"));

let h: Harness;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!run) return;
  h = await openHarness();
  dir = mkdtempSync(join(tmpdir(), "turnkit-served-"));
}, 180_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (!process.env.TURNKIT_SCREENSHOTS) rmSync(shots, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const s = netServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function serve(db: string, port: number): Promise<ServeProcess> {
  const s = await startServe(["--db", db, "--port", String(port)]);
  children.push(s.child);
  return s;
}

async function create(url: string, body: Record<string, unknown>) {
  const res = await fetch(`${url}/games`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; seats: { token: string }[] };
}

function bot(wsUrl: string, game: string, token: string): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/cli/main.ts",
      "bot",
      "--url",
      wsUrl,
      "--game",
      game,
      "--seed",
      "2",
      "--retries",
      "30",
    ],
    { cwd: root, stdio: "ignore", env: { ...process.env, TURNKIT_SEAT_TOKEN: token } },
  );
  children.push(child);
  return child;
}

/** The game as the server has it after the first `n` responses (read from its database). */
async function gameAt(db: string, id: string, n: number): Promise<Game> {
  const store = await SqliteStore.open(db);
  try {
    const stored = (await store.loadGame(id))!;
    expect(stored.responses.length).toBeGreaterThanOrEqual(n);
    const game = gameOf(getPreset(stored.record.preset), stored.record);
    for (const r of stored.responses.slice(0, n)) game.act({ player: r.player, choice: r.choice });
    return game;
  } finally {
    await store.close();
  }
}

/** The responses the page's view is as of (the connection bar says). */
async function shownResponses(page: Page): Promise<number> {
  return Number(await page.getByTestId("connection").getAttribute("data-responses"));
}

/** Card names of `game` anywhere in `text`, among those of cards in `seat`'s hand. */
function handNamesIn(game: Game, seat: number, text: string, except: string): string[] {
  const names = new Set(game.cardsIn("hand", seat).map((o) => game.card(o).name));
  return [...names].filter((n) => text.includes(n) && !except.includes(n));
}

describe.skipIf(!run)("the playground joins a served game", () => {
  it("plays a seat against turnkit bot, shows only the seat's view, and joins again after the server restarts", async () => {
    const db = join(dir, "games.db");
    const port = await freePort();
    let s = await serve(db, port);
    const g = await create(s.url, { preset: "duel-masters", seed: 5 });
    bot(s.wsUrl, g.id, g.seats[1]!.token);
    const page = await newPage(h);
    await page.goto(`${h.url}?server=${encodeURIComponent(s.wsUrl)}&game=${g.id}`);
    await page.getByTestId("join-token").fill(g.seats[0]!.token);
    await page.getByTestId("join-seat").click();
    await page.getByTestId("board").waitFor();
    const pick = picker(11);
    // Everything P1 has been shown so far (names in any of its views): those may be on the page.
    const seen = new Set<string>();
    let checked = 0;
    let withSecrets = 0;
    const decide = async () => {
      const screen = await waitForScreen(page, 30_000);
      if (screen.result !== null) return false;
      // The options and the responses they are as of, read at one moment.
      const { n, options } = (await page.evaluate(`(() => ({
        n: Number(document.querySelector('[data-testid="connection"]').getAttribute("data-responses")),
        options: [...document.querySelectorAll('[data-testid="option"]')].map((b) => b.getAttribute("data-option-id")),
      }))()`)) as { n: number; options: string[] };
      const game = await gameAt(db, g.id, n);
      const view = game.viewFor(0);
      for (const name of Object.values(game.state.objects).map((o) => game.card(o).name))
        if (JSON.stringify(view).includes(name)) seen.add(name);
      // The page's options are the seat's own, as its view gives them.
      const d = view.decision!;
      expect(d.player).toBe(0);
      expect(options, `after ${n} responses`).toEqual("options" in d ? d.options.map((o) => o.id) : []);
      // Nothing of P2's hand that P1 hasn't been shown.
      const leaked = handNamesIn(game, 1, await pageContents(page), [...seen].join("\n"));
      expect(leaked, `after ${n} responses`).toEqual([]);
      if (game.cardsIn("hand", 1).some((o) => !seen.has(game.card(o).name))) withSecrets++;
      checked++;
      const chosen = options[pick(options.length)]!;
      await clickOption(page, chosen);
      // The update for this answer has come (the view is as of a later response).
      await page
        .locator(`[data-testid="connection"]:not([data-responses="${n}"])`)
        .waitFor()
        .catch(async (e) => {
          throw new Error(
            `${(e as Error).message}; clicked ${chosen}; the page says: ${await page.getByTestId("connection").textContent()}`,
          );
        });
      return true;
    };
    for (let i = 0; i < 4; i++) if (!(await decide())) break;
    await page.screenshot({ path: join(shots, "served-seat.png") });

    // The server dies: the page says it is joining again; started again, the game goes on.
    s.child.kill("SIGKILL");
    await new Promise((r) => s.child.once("exit", r));
    await page.locator('[data-testid="connection"][data-state="reconnecting"]').waitFor();
    await page.screenshot({ path: join(shots, "served-reconnecting.png") });
    s = await serve(db, port);
    await page.locator('[data-testid="connection"][data-state="joined"]').waitFor({ timeout: 30_000 });
    for (let i = 0; i < 4; i++) if (!(await decide())) break;
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(withSecrets).toBeGreaterThan(0);
    expect(page.errors).toEqual([]);

    // A spectator: what every player sees, and neither hand.
    const watcher = await newPage(h);
    await watcher.goto(`${h.url}?server=${encodeURIComponent(s.wsUrl)}&game=${g.id}`);
    await watcher.getByTestId("join-watch").click();
    await watcher.getByTestId("board").waitFor();
    const n = await shownResponses(watcher);
    const game = await gameAt(db, g.id, n);
    const everyone = JSON.stringify(game.viewFor(0)) + JSON.stringify(game.viewFor(1));
    const publicText = JSON.stringify((await import("../../src/core/view.js")).publicView(game));
    const text = await pageContents(watcher);
    for (const seat of [0, 1])
      expect(handNamesIn(game, seat, text, publicText), `seat ${seat}'s hand`).toEqual([]);
    expect(everyone.length).toBeGreaterThan(0);
    expect(await watcher.locator('[data-testid="option"]').count()).toBe(0);
    await watcher.screenshot({ path: join(shots, "served-spectator.png") });
    expect(watcher.errors).toEqual([]);
    await watcher.close();
    await page.close();
  }, 300_000);

  it("refuses a bad token in words, and joins nothing", async () => {
    const db = join(dir, "refuse.db");
    const s = await serve(db, await freePort());
    const g = await create(s.url, { preset: "skirmish" });
    const page = await newPage(h);
    await page.goto(`${h.url}?server=${encodeURIComponent(s.wsUrl)}&game=${g.id}`);
    await page.getByTestId("join-token").fill("not-a-token");
    await page.getByTestId("join-seat").click();
    await page.locator('[data-testid="connection"][data-state="refused"]').waitFor();
    expect(await page.getByTestId("connection-problem").textContent()).toMatch(
      /bad-token: the token is not a seat's of this game/,
    );
    expect(await page.getByTestId("board").count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
