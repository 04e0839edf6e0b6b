import { defineConfig, type Options } from "tsup";
import { stripDocsPlugin } from "./scripts/strip-docs.js";

/**
 * The package's entry points (see package.json "exports"): the kernel, each preset on its own so a
 * kernel-only bundle stays small, the preset registry, scenarios, agents, the stops of a person's
 * seat (play) and the server (`turnkit/server`, which loads ws, better-sqlite3 and pg only when
 * used). Built as ESM and as CommonJS; the declarations (dist/**\/*.d.ts and *.d.cts, one per
 * source file, stable names) are
 * written by scripts/build-types.mjs, which `npm run build` runs after tsup.
 */
const library = {
  index: "src/index.ts",
  "core/index": "src/core/index.ts",
  "agents/index": "src/agents/index.ts",
  "play/index": "src/play/index.ts",
  "scenario/index": "src/scenario/index.ts",
  "presets/index": "src/presets/index.ts",
  "presets/duel-masters/index": "src/presets/duel-masters/index.ts",
  "presets/lab/index": "src/presets/lab/index.ts",
  "presets/magic/index": "src/presets/magic/index.ts",
  "presets/skirmish/index": "src/presets/skirmish/index.ts",
  "presets/yugioh/index": "src/presets/yugioh/index.ts",
  "simulate/index": "src/simulate/index.ts",
  "server/index": "src/server/index.ts",
};

const common: Options = {
  target: "node20",
  platform: "node",
  dts: false,
  sourcemap: true,
  splitting: true,
  shims: false,
  // Op docs are for the reference and the generated types, not for run time (scripts/strip-docs.ts).
  esbuildPlugins: [stripDocsPlugin],
};

/**
 * Each build cleans dist/ of its own files only (the two run at once); declarations are left to
 * build-types, and the playground app (dist/playground, built by `npm run build`) to its own build:
 * `npm pack` and `npm publish` run `prepack` (the whole build) and then `prepare` (tsup alone).
 */
const keep = (...globs: string[]) =>
  [...globs, "**/*.d.ts", "**/*.d.cts", "playground/**"].map((g) => `!${g}`);

export default defineConfig([
  // ESM, with the CLI (bin: dist/cli/main.js).
  {
    ...common,
    // simulate/worker: the module simulate()'s worker threads run (ESM only: either build starts it).
    entry: { ...library, "cli/main": "src/cli/main.ts", "simulate/worker": "src/simulate/worker.ts" },
    format: ["esm"],
    clean: keep("**/*.cjs", "**/*.cjs.map"),
  },
  // CommonJS, for require("turnkit") (dist/**/*.cjs).
  // `shims`: import.meta.url (the worker pool's, simulate's) becomes the file's URL in CommonJS.
  { ...common, entry: library, format: ["cjs"], shims: true, clean: keep("**/*.js", "**/*.js.map") },
]);
