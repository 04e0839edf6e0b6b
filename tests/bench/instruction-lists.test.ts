/**
 * The games `npm run bench -- --instructions` counts (bench/workloads.mjs `responses`): an engine
 * plays another engine's deck lists, and one that doesn't know a card of them is reported with the
 * cards it lacks, never run on other cards or stopped with a stack trace.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const dist = join(root, "dist");
const baseline = (sha: string) => join(root, "bench", ".baseline", sha, "dist");
const built = (sha: string) => existsSync(join(root, "bench", ".baseline", sha, ".built"));

interface Counted {
  responses?: number;
  missing?: string;
}
const { workloads } = (await import(pathToFileURL(join(root, "bench", "workloads.mjs")).href)) as {
  workloads: { responses(p: object): Promise<Counted> };
};

describe("the instruction count's games", () => {
  it.skipIf(!existsSync(join(dist, "index.js")))(
    "plays an engine's own lists: responses, nothing missing",
    async () => {
      const out = await workloads.responses({
        dist,
        preset: "skirmish",
        games: 2,
        decksFrom: dist,
        listSeeds: 2,
      });
      expect(out.missing).toBeUndefined();
      expect(out.responses).toBeGreaterThan(0);
    },
  );

  it.skipIf(!existsSync(join(dist, "index.js")))("names a preset the engine doesn't have", async () => {
    const out = await workloads.responses({
      dist,
      preset: "no-such-game",
      games: 1,
      decksFrom: dist,
      listSeeds: 1,
    });
    expect(out.missing).toBe('it has no preset "no-such-game"');
  });

  it.skipIf(!existsSync(join(dist, "index.js")))(
    "names a preset the lists' engine doesn't have",
    async () => {
      // An engine with no presets at all, as an earlier commit may lack a later one's preset.
      const bare = mkdtempSync(join(tmpdir(), "turnkit-bare-engine-"));
      try {
        writeFileSync(
          join(bare, "index.js"),
          "export const presetIds = () => [];\nexport const getPreset = (id) => { throw new Error(id); };\nexport const randomAgent = () => null;\nexport const Game = {};\n",
        );
        const out = await workloads.responses({
          dist,
          preset: "skirmish",
          games: 1,
          decksFrom: bare,
          listSeeds: 1,
        });
        expect(out.missing).toBe(`the deck lists' engine has no preset "skirmish"`);
      } finally {
        rmSync(bare, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!built("d9cc967") || !built("409b4f1"))(
    "names the cards of the lists an earlier engine doesn't know, and plays none",
    async () => {
      const out = await workloads.responses({
        dist: baseline("d9cc967"),
        preset: "yugioh",
        games: 25,
        decksFrom: baseline("409b4f1"),
        listSeeds: 50,
      });
      expect(out.responses).toBeUndefined();
      expect(out.missing).toMatch(/^the deck lists hold \d+ card\(s\) it doesn't know \(.*book-of-moon/);
    },
    120_000,
  );
});
