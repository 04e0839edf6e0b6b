/**
 * The playground in a real browser: playwright-core driving Debian's Chromium
 * (`/usr/bin/chromium`, or $CHROMIUM; `.ci/run` installs it). The app is built once, served on a
 * free port, and every built-in preset is played to the end through the UI, every screen showing
 * no internals (tests/support/internals.ts); the hot-seat view is
 * checked never to show the other seat's hidden cards; a replay is stepped back and forth to the
 * same state hash (the node-side digest of the same game); a failing scenario shows its failure;
 * a user preset module (`turnkit playground --preset`) is bundled, served and played.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { type Action, Game } from "turnkit";
import { agentOf, randomAgent } from "turnkit/agents";
import { getPreset } from "turnkit/presets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentSeeds } from "../../playground/src/session.js";
import { startWithPresets } from "../../src/cli/playground.js";
import { replayFileOf, replayText, stateDigest } from "../../src/replay/format.js";
import {
  CHROMIUM,
  gameUrl,
  type Harness,
  newPage,
  openHarness,
  pageContents,
  playToEnd,
  waitForResult,
} from "../support/browser.js";
import { scanInternals } from "../support/internals.js";

/**
 * Every built-in preset, with a seed that makes a short game (P1's seeded-random clicks against the
 * page's bot, found by playing the same game in Node): the suite stays well under 3 minutes. Any
 * seed works; a longer game only takes longer.
 */
const BUILT_IN: [string, number][] = [
  ["duel-masters", 22],
  ["duel-masters-play", 9],
  ["yugioh", 39],
  ["magic", 1],
  ["lab", 8],
  ["skirmish", 8],
];
const root = new URL("../../", import.meta.url).pathname;

/** Without Chromium the suite is skipped locally; in CI (.ci/run installs it) it must run. */
const run = existsSync(CHROMIUM) || process.env.CI === "true";

let h: Harness;

beforeAll(async () => {
  if (run) h = await openHarness();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** The state hash shown, once computed (the page computes it when the game rests). */
async function stateHash(page: Page): Promise<string> {
  const h = await page.waitForFunction(
    `(() => { const t = document.querySelector('[data-testid="state-hash"]')?.textContent?.trim() ?? ""; return /^[0-9a-f]{8,64}$/.test(t) ? t : null; })()`,
    undefined,
    { timeout: 10_000 },
  );
  return (await h.jsonValue()) as string;
}

/** The hash shown is the digest, or its first characters. */
function sameDigest(shown: string, digest: string): boolean {
  const hex = /[0-9a-f]{8,64}/.exec(shown)?.[0] ?? "";
  return hex.length >= 8 && digest.startsWith(hex);
}

async function historyPosition(page: Page): Promise<string> {
  return ((await page.getByTestId("history-position").textContent()) ?? "").trim();
}

describe.skipIf(!run)("the playground in Chromium", () => {
  for (const [preset, seed] of BUILT_IN) {
    it(`plays a whole ${preset} game through the UI (P1 clicks, P2 is the bot), no internals on any screen`, async () => {
      const page = await newPage(h, { width: 1280, height: 800 });
      await page.goto(gameUrl(h.url, { preset, seed, bots: "2", delay: 0 }));
      await page.getByTestId("board").waitFor();
      // Every screen: no object ids, handles, variable keys, option ids, event or node names, card ids, JSON.
      const internals = new Map<string, string>();
      await scanInternals(page, internals);
      const { clicks, result } = await playToEnd(page, {
        seed,
        maxClicks: 2500,
        onOption: () => scanInternals(page, internals),
      });
      await scanInternals(page, internals);
      expect(clicks).toBeGreaterThan(0);
      expect(result).not.toBe("");
      expect([...internals.values()]).toEqual([]);
      expect(page.errors).toEqual([]);
      await page.close();
    }, 300_000);
  }

  it("in hot-seat, never shows a seat the other seat's hidden cards (Duel Masters)", async () => {
    const page = await newPage(h);
    const seed = 5;
    await page.goto(gameUrl(h.url, { preset: "duel-masters", seed, bots: "none" }));
    await page.getByTestId("board").waitFor();
    // The same game in Node: what each seat has seen so far, and what the other holds unseen.
    const game = Game.create(getPreset("duel-masters"), { seed });
    game.run();
    const names = new Set(Object.values(game.state.objects).map((o) => game.card(o).name));
    const seen: Set<string>[] = [new Set(), new Set()];
    const look = () => {
      for (const p of [0, 1]) {
        const text = JSON.stringify(game.viewFor(p));
        for (const n of names) if (text.includes(n)) seen[p]!.add(n);
      }
    };
    look();
    let checked = 0;
    let switches = 0;
    const check = async () => {
      const viewer = game.decision!.player;
      const other = 1 - viewer;
      const secret = [...new Set(game.cardsIn("hand", other).map((o) => game.card(o).name))].filter(
        (n) => ![...seen[viewer]!].some((s) => s.includes(n)),
      );
      const contents = await pageContents(page);
      for (const n of secret)
        expect(contents.includes(n), `P${viewer + 1}'s screen shows "${n}" from P${other + 1}'s hand`).toBe(
          false,
        );
      switches++;
      if (secret.length > 0) checked++;
    };
    await check();
    const { result } = await playToEnd(page, {
      seed: 3,
      maxClicks: 2500,
      onPass: check,
      onOption: (screen, chosen) => {
        // The page and Node agree on who decides and on the options, then take the same answer.
        expect(screen.player).toBe(game.decision!.player);
        const ids = new Set(game.decision!.options.map((o) => o.id));
        for (const o of screen.options) expect(ids.has(o.id)).toBe(true);
        game.act(chosen);
        look();
      },
    });
    expect(result).not.toBe("");
    expect(game.over).toBe(true);
    expect(switches).toBeGreaterThan(4);
    expect(checked).toBeGreaterThan(0);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 300_000);

  it("steps a replay back and forth to the same state hash, the node-side digest", async () => {
    // A game played in Node, saved as `turnkit play --save` saves it.
    const game = Game.create(getPreset("skirmish"), { seed: 4 });
    game.run();
    const agents = [randomAgent(1), randomAgent(2)];
    const responses: [number, string][] = [];
    const digests = [stateDigest(game)];
    while (!game.over && responses.length < 500) {
      const d = game.decision!;
      const a: Action = agents[d.player]!.choose(game);
      game.act(a);
      responses.push([d.player, a.choice]);
      digests.push(stateDigest(game));
    }
    const file = join(tmpdir(), `turnkit-replay-${process.pid}.json`);
    writeFileSync(file, replayText(replayFileOf(game, responses)));
    const page = await newPage(h);
    await page.goto(h.url);
    await page.getByTestId("load-replay").setInputFiles(file);
    await page.getByTestId("history-slider").waitFor({ timeout: 10_000 });
    expect(await page.getByTestId("file-error").count()).toBe(0);
    // To the end with the slider, then back and forth with the buttons.
    const slider = page.getByTestId("history-slider");
    const max = Number(await slider.getAttribute("max"));
    expect(max).toBe(responses.length);
    await slider.fill(String(max));
    const end = await stateHash(page);
    expect(sameDigest(end, digests.at(-1)!)).toBe(true);
    const k = Math.min(5, max);
    for (let i = 0; i < k; i++) await page.getByTestId("history-back").click();
    expect(sameDigest(await stateHash(page), digests[max - k]!)).toBe(true);
    const before = await historyPosition(page);
    for (let i = 0; i < k; i++) await page.getByTestId("history-forward").click();
    expect(await stateHash(page)).toBe(end);
    expect(await historyPosition(page)).not.toBe(before);
    await slider.fill("0");
    expect(sameDigest(await stateHash(page), digests[0]!)).toBe(true);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 300_000);

  it("lets the ISMCTS agent play the bots' seats (bot=ismcts:N) in a Web Worker: the game an ISMCTS agent plays in Node, not the random bot's", async () => {
    const page = await newPage(h);
    const ends: string[] = [];
    for (const bot of ["random", "ismcts:8"]) {
      await page.goto(gameUrl(h.url, { preset: "lab", seed: 9, bots: "1,2", bot, delay: 0 }));
      if (bot !== "random")
        // Seen by a function polled on the page's own thread: it runs while the bot thinks.
        await page.waitForFunction(
          `document.querySelector('[data-testid="bot-status"]')?.dataset.thinking === "true"`,
          undefined,
          { timeout: 30_000 },
        );
      await waitForResult(page, 60_000);
      expect(await page.getByTestId("bot-kind").inputValue()).toBe(bot === "random" ? "random" : "custom");
      ends.push(await stateHash(page));
    }
    expect(ends[1]).not.toBe(ends[0]);
    // The worker's agents are seeded as the page's would be: the same game as in Node.
    const game = Game.create(getPreset("lab"), { seed: 9, players: 2 }).run();
    const agents = agentSeeds("9", 2).map((seed) => agentOf("ismcts:8", seed));
    while (!game.over) game.act(agents[game.state.decision!.player]!.choose(game));
    expect(sameDigest(ends[1]!, stateDigest(game))).toBe(true);
    // A spec that is not an agent is refused on the setup bar, with the accepted forms.
    await page.goto(gameUrl(h.url, { preset: "lab", seed: 9, bots: "1,2", bot: "alphazero" }));
    await expect
      .poll(() => page.getByTestId("setup-error").innerText())
      .toMatch(/"alphazero" is not an agent/);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("replays a game played in the page: export, back and forth, same hash", async () => {
    const page = await newPage(h);
    await page.goto(gameUrl(h.url, { preset: "lab", seed: 9, bots: "1,2", delay: 0 }));
    await waitForResult(page, 30_000);
    const end = await stateHash(page);
    const download = page.waitForEvent("download");
    await page.getByTestId("export-replay").click();
    const path = join(tmpdir(), `turnkit-export-${process.pid}.json`);
    await (await download).saveAs(path);
    const replay = JSON.parse(readFileSync(path, "utf8")) as { final: { sha256: string }; seed: number };
    expect(sameDigest(end, replay.final.sha256)).toBe(true);
    for (let i = 0; i < 3; i++) await page.getByTestId("history-back").click();
    expect(await stateHash(page)).not.toBe(end);
    for (let i = 0; i < 3; i++) await page.getByTestId("history-forward").click();
    expect(await stateHash(page)).toBe(end);
    await page.close();
  }, 300_000);

  it("opens a failing scenario and shows which expectation failed", async () => {
    const good = readFileSync(join(root, "scenarios/kernel/pass-until-any-node.yaml"), "utf8");
    const bad = good.replace("turn: { id: 2, player: P2 }", "turn: { id: 5, player: P2 }");
    expect(bad).not.toBe(good);
    const file = join(tmpdir(), `turnkit-failing-${process.pid}.yaml`);
    writeFileSync(file, bad);
    const page = await newPage(h);
    await page.goto(h.url);
    await page.getByTestId("scenario-file").setInputFiles(file);
    await page.getByTestId("scenario-run-all").click();
    const failure = page.getByTestId("scenario-failure").first();
    await failure.waitFor();
    expect(await failure.textContent()).toMatch(/turn/);
    // The scenario as it is passes.
    await page.getByTestId("scenario-text").fill(good);
    await page.getByTestId("scenario-load").click();
    await page.getByTestId("scenario-run-all").click();
    await page.getByTestId("scenario-result").first().waitFor();
    await expect.poll(() => page.getByTestId("scenario-failure").count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 300_000);

  it("serves a user's preset module (turnkit playground --preset) and plays it", async () => {
    const served = await startWithPresets({
      root: h.dir,
      port: 0,
      presets: ["examples/tutorial/skyduel.ts"],
      cwd: root,
    });
    try {
      const page = await newPage(h);
      await page.goto(gameUrl(served.url, { preset: "skyduel", seed: 2, bots: "2", delay: 0 }));
      await page.getByTestId("board").waitFor();
      expect(
        await page.evaluate(() =>
          (globalThis as { turnkitUserPresets?: { id: string }[] }).turnkitUserPresets?.map((p) => p.id),
        ),
      ).toEqual(["skyduel"]);
      // The user's module and the app share one kernel: a game of the user's preset, created with
      // the "turnkit" the import map gives, is an instance of the same Game the registry returns.
      const shared = await page.evaluate(`(async () => {
        const k = await import("turnkit");
        const r = await import("turnkit/presets");
        const user = globalThis.turnkitUserPresets[0];
        return r.getPreset("skyduel") === user && k.Game.create(user, { seed: 1 }) instanceof k.Game;
      })()`);
      expect(shared).toBe(true);
      const { result } = await playToEnd(page, { seed: 2, maxClicks: 1500 });
      expect(result).not.toBe("");
      expect(page.errors).toEqual([]);
      await page.close();
    } finally {
      await served.close();
    }
  }, 300_000);

  it("shows the setup error for a preset that does not exist", async () => {
    const page = await newPage(h);
    await page.goto(gameUrl(h.url, { preset: "no-such-preset" }));
    await page.getByTestId("setup-error").waitFor();
    expect(await page.getByTestId("board").count()).toBe(0);
    await page.close();
  });
});

describe("turnkit playground (the command)", () => {
  it("refuses a preset module that does not load, before serving anything (exit 2)", async () => {
    const { main } = await import("../../src/cli/program.js");
    let err = "";
    const code = await main(["playground", "--port", "0", "--preset", "./no-such-preset.ts"], {
      stdout: () => {},
      stderr: (t) => {
        err += t;
      },
      env: {},
      cwd: root,
    });
    expect(code).toBe(2);
    expect(err).toMatch(/^turnkit: .*no-such-preset\.ts/);
  });
});
