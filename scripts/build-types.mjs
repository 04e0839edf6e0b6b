#!/usr/bin/env node
/**
 * The package's declarations, after tsup has written the JavaScript (`npm run build` runs both).
 * `tsc -p tsconfig.build.json` writes one `.d.ts` per source file reachable from an entry point
 * (dist/index.d.ts, dist/core/game.d.ts …: stable names, no hashed chunks, types shared by every
 * entry point); each is then copied to a `.d.cts` whose relative imports name `.cjs` files, the
 * types of the CommonJS build (`require` in package.json "exports").
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");

// Declarations of a source file since removed must not linger.
if (existsSync(dist))
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && /\.d\.c?ts$/.test(entry.name))
      rmSync(join(entry.parentPath ?? entry.path, entry.name));

const r = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
if (r.status !== 0) {
  process.stderr.write("build-types: tsc -p tsconfig.build.json failed\n");
  process.exit(r.status ?? 1);
}

/** `from "./x.js"`, `import("../y.js")`, `export * from "./z.js"`: relative specifiers only. */
const relativeJs = /((?:from|import)\s*\(?\s*)(["'])(\.\.?\/[^"']*?)\.js\2/g;

let files = 0;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".d.ts")) continue;
  const file = join(entry.parentPath ?? entry.path, entry.name);
  const cts = readFileSync(file, "utf8").replace(relativeJs, "$1$2$3.cjs$2");
  writeFileSync(file.replace(/\.d\.ts$/, ".d.cts"), cts);
  files++;
}
if (files === 0) {
  process.stderr.write("build-types: tsc wrote no declarations\n");
  process.exit(1);
}
