/**
 * `npm run bench -- --reuse PRESET` (bench/option-reuse.mjs): every decision that follows one of
 * the same kind by the same player is counted once, in its kind; the repeats and the quiet ones
 * are parts of it; a wrong preset or option is refused with a message, not a stack trace.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/index.js";
import { Game } from "../../src/core/game.js";
import { getPreset } from "../../src/presets/index.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const script = join(root, "bench", "option-reuse.mjs");
const run = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: "utf8", timeout: 120_000 });

interface Kind {
  kind: string;
  decisions: number;
  sameOptions: number;
  quiet: number;
  quietSameOptions: number;
}

describe("bench --reuse", () => {
  it("counts each decision after an earlier one of its kind by its player, and the repeats among them", () => {
    const r = run("--reuse", "duel-masters", "--games", "3", "--json");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { preset: string; games: number; kinds: Kind[] };
    expect(out).toMatchObject({ preset: "duel-masters", games: 3 });
    // The same games played here: decisions by kind, after the first of each kind and player.
    const expected = new Map<string, number>();
    for (let seed = 1; seed <= 3; seed++) {
      const game = Game.create(getPreset("duel-masters"), { seed }).run();
      const agent = randomAgent(seed);
      const seen = new Set<string>();
      for (let n = 0; !game.over && n < 20_000; n++) {
        const d = game.decision!;
        const key = `${d.kind}/${d.player}`;
        if (seen.has(key)) expected.set(d.kind, (expected.get(d.kind) ?? 0) + 1);
        seen.add(key);
        game.act(agent.choose(game));
      }
    }
    expect(new Map(out.kinds.map((k) => [k.kind, k.decisions]))).toEqual(expected);
    for (const k of out.kinds) {
      expect(k.quietSameOptions).toBeLessThanOrEqual(Math.min(k.sameOptions, k.quiet));
      expect(Math.max(k.sameOptions, k.quiet)).toBeLessThanOrEqual(k.decisions);
    }
    expect(out.kinds.some((k) => k.sameOptions > 0)).toBe(true);
  }, 120_000);

  it("refuses a preset it doesn't have and a number that isn't one", () => {
    const none = run("--reuse", "chess");
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^bench --reuse: name a preset \(.*magic.*\), not "chess"\n$/);
    const games = run("--reuse", "magic", "--games", "2.5");
    expect(games.status).toBe(2);
    expect(games.stderr).toBe('bench --reuse: --games needs a whole number above 0, not "2.5"\n');
  });
});
