#!/usr/bin/env node
/**
 * `npm run bench [-- --quick] [-- --json] [-- --bundle-only]`: builds turnkit, measures the size
 * of a kernel-only bundle, installs bench/'s own dependencies (boardgame.io, which the root
 * package never installs) and runs every benchmark. `--bundle-only` stops after the bundle size.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const json = args.includes("--json");
const bundleOnly = args.includes("--bundle-only");
const quiet = {
  stdio: ["ignore", json ? "ignore" : "inherit", "inherit"],
  cwd: root,
  shell: process.platform === "win32",
};

function step(cmd, cmdArgs, opts = quiet) {
  const r = spawnSync(cmd, cmdArgs, opts);
  if (r.status !== 0) {
    process.stderr.write(`bench: ${cmd} ${cmdArgs.join(" ")} failed\n`);
    process.exit(r.status ?? 1);
  }
  return r;
}

/**
 * Bundle size: what a program that imports only `{ Game, actionLoop }` from the built package
 * root (dist/index.js, as `import … from "turnkit"` resolves) ships, bundled by esbuild for the
 * browser, minified, and gzipped (level 9). The whole root (`export *`) beside it; the largest
 * contributors come from the same bundle built from the sources.
 */
async function bundleSizes() {
  const bundle = (contents, loader) =>
    build({
      stdin: { contents, resolveDir: root, loader },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
  const measure = async (name, exports) => {
    const code = (await bundle(`export ${exports} from "./dist/index.js";`, "js")).outputFiles[0].contents;
    // The same bundle from the sources, to say which modules the bytes come from.
    const fromSrc = await bundle(`export ${exports} from "./src/index.ts";`, "ts");
    const inputs = Object.values(fromSrc.metafile.outputs)[0].inputs;
    const byOrigin = new Map();
    for (const [file, { bytesInOutput }] of Object.entries(inputs)) {
      const origin = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file;
      byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + bytesInOutput);
    }
    return {
      bundle: name,
      minifiedBytes: code.length,
      gzipBytes: gzipSync(code, { level: 9 }).length,
      largest: [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, 6),
    };
  };
  return [
    await measure("{ Game, actionLoop }", "{ Game, actionLoop }"),
    await measure("the whole root", "*"),
  ];
}

step("npx", ["tsup", "--silent"]);
const bundles = await bundleSizes();
if (!json) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  process.stdout.write("Bundle size: esbuild, minified, gzip -9 (from dist/index.js)\n");
  process.stdout.write("| bundle | minified | gzipped | largest parts (minified) |\n|---|---:|---:|---|\n");
  for (const b of bundles)
    process.stdout.write(
      `| ${b.bundle} | ${kb(b.minifiedBytes)} | ${kb(b.gzipBytes)} | ${b.largest.map(([o, n]) => `${o} ${kb(n)}`).join(", ")} |\n`,
    );
  process.stdout.write("\n");
}
if (bundleOnly) {
  if (json) process.stdout.write(`${JSON.stringify({ bundle: bundles.map(({ largest, ...b }) => b) })}\n`);
  process.exit(0);
}

if (!existsSync(`${root}bench/node_modules/boardgame.io`))
  step("npm", ["ci", "--prefix", "bench", "--no-audit", "--no-fund", "--ignore-scripts"]);
const run = step(process.execPath, ["--expose-gc", "bench/run.mjs", ...args], {
  stdio: ["inherit", json ? "pipe" : "inherit", "inherit"],
  cwd: root,
  env: { ...process.env, NODE_ENV: "production" },
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
// One JSON object: bench/run.mjs's figures and the bundle sizes.
if (json)
  process.stdout.write(
    `${JSON.stringify({ ...JSON.parse(run.stdout), bundle: bundles.map(({ largest, ...b }) => b) })}\n`,
  );
