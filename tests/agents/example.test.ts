/** examples/agents/random-rollout.ts runs, and prints what docs/agents.md says it prints. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("examples/agents/random-rollout.ts", () => {
  it("plays a game to its end through the environment", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "examples/agents/random-rollout.ts"], {
      encoding: "utf8",
    });
    expect(r.stderr.replace(/npm warn.*\n?/g, "")).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^action space: \d+ actions, \d+ features$/m);
    expect(r.stdout).toMatch(/^done after \d+ steps of P1: reward (1|-1|0) \(.+\)$/m);
    const doc = readFileSync("docs/agents.md", "utf8");
    const shown = doc.match(/It prints:\n\n```\n([\s\S]*?)```/)![1]!;
    expect(r.stdout.trim()).toBe(shown.trim());
  });
});
