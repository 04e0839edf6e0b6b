/**
 * Stops, auto-pass and "Play from here" in a real browser (playwright-core + Chromium, as
 * browser.test.ts): a whole Yu-Gi-Oh! game and a whole Magic game played through the page with
 * the default stops take at most a third of the clicks the same player needs without them; "Play
 * from here" at a history step, and at a scenario's step, goes on from the very same state (its
 * hash, and the node-side digest of the same position).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { Game } from "turnkit";
import { getPreset } from "turnkit/presets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScenarioStepper } from "../../playground/src/files/scenario-run.js";
import { stateDigest } from "../../src/replay/format.js";
import {
  CHROMIUM,
  gameUrl,
  type Harness,
  newPage,
  openHarness,
  waitForResult,
  waitForScreen,
} from "../support/browser.js";

const root = new URL("../../", import.meta.url).pathname;
const run = existsSync(CHROMIUM) || process.env.CI === "true";
let h: Harness;

beforeAll(async () => {
  if (run) h = await openHarness();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/**
 * Plays P1 to the end as a player who always acts when they can: the first option that is not a
 * pass, else the first. Returns P1's clicks, and the decisions of P1 that answered themselves.
 */
async function playActing(
  page: Page,
  maxClicks = 3000,
): Promise<{ clicks: number; auto: number; result: string }> {
  let clicks = 0;
  for (;;) {
    const screen = await waitForScreen(page);
    if (screen.result !== null) {
      const auto = (await page.evaluate(
        `globalThis.turnkitSession.history.filter((s) => s.auto && s.action.player === 0).length`,
      )) as number;
      return { clicks, auto, result: screen.result };
    }
    if (clicks >= maxClicks) throw new Error(`the game did not end after ${maxClicks} clicks`);
    await page.evaluate(`(() => {
      const first = document.querySelector('[data-testid="option"]:not([data-pass])')
        ?? document.querySelector('[data-testid="option"]');
      first.click();
    })()`);
    clicks++;
  }
}

/** The state hash shown, once computed. */
async function stateHash(page: Page): Promise<string> {
  const got = await page.waitForFunction(
    `(() => { const t = document.querySelector('[data-testid="state-hash"]')?.textContent?.trim() ?? ""; return /^[0-9a-f]{8,64}$/.test(t) ? t : null; })()`,
    undefined,
    { timeout: 10_000 },
  );
  return (await got.jsonValue()) as string;
}

describe.skipIf(!run)("stops and auto-pass in the playground", () => {
  // Seeds of games of a reasonable length; any seed works.
  for (const [preset, seed] of [
    ["yugioh", 6],
    ["magic", 1],
  ] as const)
    it(`a whole ${preset} game with the default stops takes at most a third of the clicks`, async () => {
      const page = await newPage(h);
      const counts: Record<string, { clicks: number; auto: number }> = {};
      for (const autopass of [true, false]) {
        await page.goto(gameUrl(h.url, { preset, seed, bots: "2", delay: 0, autopass }));
        await page.getByTestId("board").waitFor();
        const r = await playActing(page);
        expect(r.result).not.toBe("");
        counts[autopass ? "on" : "off"] = { clicks: r.clicks, auto: r.auto };
      }
      const on = counts.on!;
      const off = counts.off!;
      // The numbers docs/playground.md gives.
      console.log(
        `${preset} seed ${seed}: ${on.clicks} clicks with the default stops (${on.auto} decisions passed by themselves), ${off.clicks} without`,
      );
      expect(off.auto).toBe(0);
      expect(on.auto).toBeGreaterThan(0);
      // The same game without auto-pass: every decision that answered itself is a click.
      expect(on.clicks * 3).toBeLessThanOrEqual(on.clicks + on.auto);
      // The same player without auto-pass, in the game that then follows.
      expect(on.clicks * 3).toBeLessThanOrEqual(off.clicks);
      expect(page.errors).toEqual([]);
      await page.close();
    }, 300_000);

  it("the seat's controls: auto-pass, stops and pass until end of turn", async () => {
    const page = await newPage(h);
    await page.goto(gameUrl(h.url, { preset: "magic", seed: 3, bots: "2", delay: 0, autopass: true }));
    await page.getByTestId("option").first().waitFor();
    expect(await page.getByTestId("auto-pass").isChecked()).toBe(true);
    const main1 = page.locator('[data-testid="stop"][data-stop="main1"]');
    await page.locator('[data-testid="stops"] summary').click();
    expect(await main1.isChecked()).toBe(true);
    const turn = () => page.evaluate("globalThis.turnkitSession.game.state.clock.turn.id");
    expect(await turn()).toBe(1);
    await page.getByTestId("pass-end-of-turn").click();
    // P1 is next asked in a later turn.
    await page.getByTestId("option").first().waitFor();
    await expect.poll(turn).toBeGreaterThan(1);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 300_000);
});

describe.skipIf(!run)("Play from here", () => {
  it("at a history step: the same state, the node-side digest of the same responses", async () => {
    const page = await newPage(h);
    await page.goto(gameUrl(h.url, { preset: "yugioh", seed: 5, bots: "1,2", delay: 0 }));
    await waitForResult(page, 60_000);
    const slider = page.getByTestId("history-slider");
    await slider.fill("40");
    const hash = await stateHash(page);
    await page.getByTestId("play-from-here").click();
    // The game goes on at once (P1's passes answer themselves, the bot plays): its step 40 is the state left.
    await expect.poll(() => page.getByTestId("history-position").innerText()).toMatch(/^step \d+ of \d+$/);
    const responses = (await page.evaluate(
      "globalThis.turnkitSession.responses().slice(0, 40).map((a) => [a.player, a.choice])",
    )) as [number, string][];
    await page.getByTestId("history-slider").fill("40");
    await expect.poll(() => page.getByTestId("history-position").innerText()).toMatch(/^step 40 of/);
    expect(await stateHash(page)).toBe(hash);
    // The same 40 responses played in Node give that state.
    expect(responses).toHaveLength(40);
    const game = Game.create(getPreset("yugioh"), { seed: 5 }).run();
    for (const [player, choice] of responses) game.act({ player, choice });
    expect(stateDigest(game).startsWith(hash)).toBe(true);
    // P1 is the person now (the seat shown), P2 the bot: the game goes on to its end.
    expect(await page.evaluate("globalThis.turnkitSession.config.bots")).toEqual([1]);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("at a scenario's step: the board draws the position, and play goes on from that state", async () => {
    const file = "scenarios/yugioh/battle-positions.yaml";
    const text = readFileSync(join(root, file), "utf8");
    const atTwo = new ScenarioStepper(text, file).run(2).game!;
    const page = await newPage(h);
    await page.goto(h.url);
    await page.getByTestId("scenario-text").fill(text);
    await page.getByTestId("scenario-load").click();
    await page.getByTestId("scenario-step").click();
    await page.getByTestId("scenario-step").click();
    await expect.poll(() => page.getByTestId("scenario-position").innerText()).toMatch(/^step 2 of/);
    // The board shows the scenario's game at that step: its turn, and its hash.
    await page.getByTestId("board").waitFor();
    expect(stateDigest(atTwo).startsWith(await stateHash(page))).toBe(true);
    await page.getByTestId("scenario-play").click();
    expect(stateDigest(atTwo).startsWith(await stateHash(page))).toBe(true);
    expect(await page.evaluate("globalThis.turnkitSession.config.bots")).toEqual([1]);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 300_000);
});
