import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
    testTimeout: 120_000,
  },
});
