import { fileURLToPath } from "node:url";
import preact from "@preact/preset-vite";
import { defineConfig } from "vite";

const src = (p: string) => fileURLToPath(new URL(`../src/${p}`, import.meta.url));

/**
 * The playground: a static app in which the engine runs in the page. "turnkit" and
 * "turnkit/<entry>" resolve to the sources, as in tsconfig.json and vitest.config.ts.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  plugins: [preact()],
  resolve: {
    alias: [
      // The scenario loader reads files with node:fs/path/os; the page gives it text instead.
      {
        find: /^node:(fs|path|os)$/,
        replacement: fileURLToPath(new URL("./src/files/node-stub.ts", import.meta.url)),
      },
      { find: /^turnkit\/(.+)$/, replacement: src("$1/index.ts") },
      { find: /^turnkit$/, replacement: src("core/index.ts") },
    ],
  },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022" },
  // The bot worker (src/bot/worker.ts) is a module worker, bundled with its own copy of the engine.
  worker: { format: "es" },
});
