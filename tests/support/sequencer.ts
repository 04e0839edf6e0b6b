/**
 * The order Vitest starts the test files in: its own (failed first, then the longest by its last
 * timings, which a clean clone has none of), with the files that take minutes first, so that none
 * of them starts last and runs alone while the other workers have nothing left to do.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The longest files, longest first (whole games in Chromium, thousands of seeded games). */
export const LONG_FILES = [
  "tests/playground/browser.test.ts",
  "tests/magic/random-games-1.test.ts",
  "tests/magic/random-games-2.test.ts",
  "tests/yugioh/random-duels.test.ts",
  "tests/playground/stops-browser.test.ts",
  "tests/playground/looks.test.ts",
  "tests/duel-masters/random-games.test.ts",
  "tests/agents/determinize.test.ts",
  "tests/agents/action-space.test.ts",
  "tests/properties/game.properties.test.ts",
  "tests/agents/ismcts.test.ts",
  "tests/agents/fair-search.test.ts",
  "tests/fuzz.test.ts",
  "tests/cli/cli.test.ts",
  "tests/package/tarball.test.ts",
];

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG_FILES.findIndex((long) => f.moduleId.endsWith(`/${long}`));
      return i < 0 ? LONG_FILES.length : i;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
