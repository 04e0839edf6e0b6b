/**
 * Deck lists made in a process of their own, for an engine that plays another engine's lists
 * (bench/workloads.mjs `lists`, `games` and `responses` with `listsFile`): the measured process
 * then loads only the engine it measures.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runChild } from "./children.mjs";

/** A temporary directory for one run's deck lists, removed when the process exits. */
export function deckListsDir() {
  const dir = mkdtempSync(join(tmpdir(), "turnkit-deck-lists-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The file in `dir` holding the deck lists of `preset`'s games of seeds 1…`seeds` on engine
 * `dist`, made once: its path, or `{ missing }` when that engine has no such preset.
 */
export function deckListsFile(dir, dist, preset, seeds) {
  const tag = createHash("sha256").update(dist).digest("hex").slice(0, 12);
  const file = join(dir, `${tag}-${preset}-${seeds}.json`);
  if (existsSync(file)) return file;
  const out = runChild("lists", { dist, preset, seeds, file });
  return out.missing ? { missing: out.missing } : file;
}
