/**
 * The games `npm run bench -- --instructions` counts (bench/workloads.mjs `responses`): an engine
 * plays another engine's deck lists — read from a file made in a process of their own
 * (bench/deck-lists.mjs) — and one that doesn't know a card of them is reported with the cards it
 * lacks, never run on other cards or stopped with a stack trace.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  workloads: {
    responses(p: object): Promise<Counted>;
    games(p: object): Promise<{ missing?: boolean; actionsPerGame?: number }>;
  };
};
const { deckListsFile } = (await import(pathToFileURL(join(root, "bench", "deck-lists.mjs")).href)) as {
  deckListsFile(dir: string, dist: string, preset: string, seeds: number): string | { missing: string };
};

/** An engine with no presets at all, as an earlier commit may lack a later one's preset. */
function withBareEngine<T>(fn: (bare: string) => Promise<T>): Promise<T> {
  const bare = mkdtempSync(join(tmpdir(), "turnkit-bare-engine-"));
  writeFileSync(
    join(bare, "index.js"),
    "export const presetIds = () => [];\nexport const getPreset = (id) => { throw new Error(id); };\nexport const randomAgent = () => null;\nexport const Game = {};\n",
  );
  return fn(bare).finally(() => rmSync(bare, { recursive: true, force: true }));
}

describe("deck lists made in a process of their own", () => {
  it.skipIf(!existsSync(join(dist, "index.js")))(
    "play the same games as the lists' engine loaded beside, and name a preset it lacks",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "turnkit-lists-test-"));
      try {
        const file = deckListsFile(dir, dist, "skirmish", 3);
        expect(typeof file).toBe("string");
        expect(JSON.parse(readFileSync(file as string, "utf8")).lists).toHaveLength(3);
        const fromFile = await workloads.responses({ dist, preset: "skirmish", games: 3, listsFile: file });
        const beside = await workloads.responses({
          dist,
          preset: "skirmish",
          games: 3,
          decksFrom: dist,
          listSeeds: 3,
        });
        expect(fromFile.responses).toBeGreaterThan(0);
        expect(fromFile).toEqual(beside);
        // More games than the file has lists for: refused, not played on other lists.
        await expect(
          workloads.responses({ dist, preset: "skirmish", games: 4, listsFile: file }),
        ).rejects.toThrow(/deck lists for 3 seeds, 4 games to play/);
        const none = await withBareEngine(async (bare) => deckListsFile(dir, bare, "skirmish", 3));
        expect(none).toEqual({ missing: `the deck lists' engine has no preset "skirmish"` });
        expect(
          await workloads.games({ dist, preset: "skirmish", games: 1, listsFile: none, warmSec: 0 }),
        ).toEqual({
          missing: true,
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

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
      const out = await withBareEngine((bare) =>
        workloads.responses({ dist, preset: "skirmish", games: 1, decksFrom: bare, listSeeds: 1 }),
      );
      expect(out.missing).toBe(`the deck lists' engine has no preset "skirmish"`);
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
