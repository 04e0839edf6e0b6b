import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    "scenario/index": "src/scenario/index.ts",
    "cli/main": "src/cli/main.ts",
  },
  format: ["esm"],
  target: "node20",
  platform: "node",
  dts: { entry: { index: "src/index.ts", "scenario/index": "src/scenario/index.ts" } },
  sourcemap: true,
  clean: true,
  splitting: true,
  shims: false,
});
