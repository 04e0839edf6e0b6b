#!/usr/bin/env node
/**
 * `npm run screenshots [-- preset…]`: builds the playground, plays each preset for a while in
 * Chromium (P1 answers with seeded-random clicks, P2 is the bot) and writes a mid-game board at
 * 1280×800 to docs/playground/<preset>.png, and for the presets in PHONE the same game on a
 * phone-width screen (390×844, scrolled to the board) to docs/playground/<preset>-phone.png. Chromium:
 * /usr/bin/chromium, or $CHROMIUM. Look at them before checking them in.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const root = fileURLToPath(new URL("..", import.meta.url));
/** preset → [seed, P1's clicks before the picture] */
const PLAN = {
  "duel-masters": [3, 30],
  yugioh: [2, 40],
  magic: [4, 70],
  lab: [1, 12],
  skirmish: [2, 6],
  "duel-masters-play": [1, 30],
};

/** Presets also pictured on a phone-width screen. */
const PHONE = new Set(["duel-masters"]);
const SIZES = { desk: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const wanted = process.argv.slice(2);
const presets = wanted.length ? wanted : Object.keys(PLAN);
const support = await tsImport("../tests/support/browser.ts", import.meta.url);
const h = await support.openHarness();
mkdirSync(`${root}docs/playground`, { recursive: true });
try {
  const shots = presets.flatMap((p) => [[p, "desk"], ...(PHONE.has(p) ? [[p, "phone"]] : [])]);
  for (const [preset, size] of shots) {
    const [seed, clicks] = PLAN[preset] ?? [1, 20];
    const page = await support.newPage(h, SIZES[size]);
    await page.goto(support.gameUrl(h.url, { preset, seed, bots: "2", delay: 0 }));
    await page.getByTestId("board").waitFor();
    const pick = support.picker(seed);
    let n = 0;
    for (; n < clicks; n++) {
      const screen = await support.waitForScreen(page);
      if (screen.result !== null) break;
      if (screen.passing) {
        await page.getByTestId("pass-confirm").click();
        continue;
      }
      // Prefer doing something to passing, so the board fills up.
      const active = screen.options.filter(
        (o) => !/^(pass|end|no|done|skip|decline)\b/i.test(o.label.trim()),
      );
      const from = active.length && pick(3) > 0 ? active : screen.options;
      await support.clickOption(page, from[pick(from.length)].id);
    }
    await support.waitForScreen(page);
    // The state hash is computed once the game rests: wait for it (and the bot's last move).
    await page
      .waitForFunction(
        `/^[0-9a-f]{8,}$/.test(document.querySelector('[data-testid="state-hash"]')?.textContent?.trim() ?? "")`,
        undefined,
        { timeout: 5000 },
      )
      .catch(() => {});
    const path = `${root}docs/playground/${preset}${size === "phone" ? "-phone" : ""}.png`;
    // On a phone, the board scrolled to the top of the screen (the decision stays above it).
    if (size === "phone")
      await page.evaluate(`document.querySelector('[data-testid="board"]').scrollIntoView()`);
    await page.screenshot({ path });
    if (page.errors.length) process.stderr.write(`${preset}: page errors: ${page.errors.join("; ")}\n`);
    process.stdout.write(`${path.slice(root.length)}: ${n} clicks\n`);
    await page.close();
  }
} finally {
  await h.close();
}
