import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongFilesFirst } from "./tests/support/sequencer.js";

/**
 * The test files that change what a process knows beyond themselves: they register presets or
 * load preset modules and card sets (the CLI in-process, the tutorial, bad preset files), or mock
 * modules. Each runs in a fresh module graph; every other file shares its worker's modules with the
 * files before it (no re-import of the kernel per file), and tests/support/setup.ts fails a shared
 * file that leaves a preset registered.
 */
const ISOLATED = [
  "tests/cli/**/*.test.ts",
  "tests/bad-input/**/*.test.ts",
  "tests/package/**/*.test.ts",
  "tests/tutorial.test.ts",
  // The playground's server loads a user's preset module into the test's process.
  "tests/playground/browser.test.ts",
];

export default defineConfig({
  resolve: {
    // "turnkit" and "turnkit/<entry>" (as tsconfig.json's paths): src/index.ts and src/<entry>/index.ts.
    alias: [
      { find: /^turnkit\/(.+)$/, replacement: fileURLToPath(new URL("./src/$1/index.ts", import.meta.url)) },
      { find: /^turnkit$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) },
    ],
  },
  test: {
    setupFiles: ["tests/support/setup.ts"],
    // A guard against a hang, not a speed check: on a loaded two-core machine one test may take minutes.
    testTimeout: 300_000,
    // Set-up hooks do real work too (building scenario files, starting servers): the same limit.
    hookTimeout: 300_000,
    // One test file per core: Vitest's default (cores − 1) runs the files one at a time on two
    // cores, while its own process mostly waits. VITEST_MAX_WORKERS overrides.
    maxWorkers: Math.max(2, availableParallelism()),
    // The files that take minutes start first (tests/support/sequencer.ts).
    sequence: { sequencer: LongFilesFirst },
    projects: [
      { extends: true, test: { name: "isolated", include: ISOLATED, isolate: true } },
      {
        extends: true,
        test: {
          name: "shared",
          include: ["tests/**/*.test.ts"],
          exclude: ISOLATED,
          isolate: false,
          env: { TURNKIT_TEST_SHARED_MODULES: "1" },
        },
      },
    ],
  },
});
