import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongFilesFirst } from "./tests/support/sequencer.js";

export default defineConfig({
  resolve: {
    // "turnkit" and "turnkit/<entry>" (as tsconfig.json's paths): src/index.ts and src/<entry>/index.ts.
    alias: [
      { find: /^turnkit\/(.+)$/, replacement: fileURLToPath(new URL("./src/$1/index.ts", import.meta.url)) },
      { find: /^turnkit$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) },
    ],
  },
  test: {
    include: ["tests/**/*.test.ts"],
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
  },
});
