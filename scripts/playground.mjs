#!/usr/bin/env node
/**
 * The playground (docs/playground.md).
 *
 *   npm run playground [-- --port 5199] [-- --host 0.0.0.0] [-- --preset ./skyduel.ts]
 *       builds the app into playground/dist and serves it, printing the URL (Ctrl-C stops it).
 *   node scripts/playground.mjs --build-only [--out dist/playground]
 *       builds only (`npm run build` ships it in the package as dist/playground).
 *
 * The build is playground/vite.config.ts's, with one addition: every entry point of the package
 * ("turnkit", "turnkit/agents", "turnkit/presets/magic", …) is also an entry of the build, kept
 * with its exports under a stable name (kernel/<name>.js), and kernel/importmap.json maps the
 * package's specifiers to those files. The app imports the same modules, so a page holds one
 * instance of each; a user's preset, bundled with "turnkit…" left external and loaded through the
 * import map, shares them (`turnkit playground --preset`, src/cli/playground.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Entry points that run only under Node (worker threads, files, sockets, databases): not served to the page. */
const NODE_ONLY = new Set(["./simulate", "./server"]);

/** The package's entry points a page can load: specifier → the source file (package.json "exports"). */
export function kernelEntries() {
  const pkg = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8"));
  const entries = [];
  for (const key of Object.keys(pkg.exports)) {
    if (key === "./package.json" || NODE_ONLY.has(key)) continue;
    const sub = key === "." ? "" : key.slice(2);
    entries.push({
      specifier: sub ? `turnkit/${sub}` : "turnkit",
      // kernel/index.js, kernel/agents.js, kernel/presets-magic.js …
      name: `kernel/${sub ? sub.replaceAll("/", "-") : "index"}`,
      source: resolve(root, "src", sub, "index.ts"),
    });
  }
  return entries;
}

/** Builds the app into `outDir`; returns the build's duration in ms. */
export async function buildPlayground({
  outDir = resolve(root, "playground/dist"),
  quiet = false,
  app = resolve(root, "playground"),
} = {}) {
  const { build } = await import("vite");
  const started = performance.now();
  const entries = kernelEntries();
  const names = new Set(entries.map((e) => e.name));
  await build({
    configFile: resolve(app, "vite.config.ts"),
    logLevel: quiet ? "warn" : "info",
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: {
        input: {
          index: resolve(app, "index.html"),
          ...Object.fromEntries(entries.map((e) => [e.name, e.source])),
        },
        // The kernel entries keep every export (a user's preset may import any of them).
        preserveEntrySignatures: "strict",
        output: {
          entryFileNames: (chunk) => (names.has(chunk.name) ? "[name].js" : "assets/[name]-[hash].js"),
        },
      },
    },
  });
  const imports = Object.fromEntries(entries.map((e) => [e.specifier, `./${e.name}.js`]));
  writeFileSync(resolve(outDir, "kernel/importmap.json"), `${JSON.stringify({ imports }, null, 2)}\n`);
  return performance.now() - started;
}

/** The server (src/cli/playground.ts), loaded from the sources with tsx. */
export async function serverModule() {
  const { tsImport } = await import("tsx/esm/api");
  return tsImport("../src/cli/playground.ts", import.meta.url);
}

function parseArgs(argv) {
  const opts = { port: 5199, host: "127.0.0.1", presets: [], buildOnly: false, build: true, out: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--port") opts.port = Number(value());
    else if (a === "--host") opts.host = value();
    else if (a === "--preset") opts.presets.push(value());
    else if (a === "--out") opts.out = resolve(value());
    else if (a === "--build-only") opts.buildOnly = true;
    else if (a === "--no-build") opts.build = false;
    else if (a === "--help" || a === "-h") {
      process.stdout.write(
        "usage: npm run playground [-- --port n] [-- --host h] [-- --preset module]… [-- --no-build]\n" +
          "       node scripts/playground.mjs --build-only [--out dir]\n",
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535)
    throw new Error(`--port: expected 0 to 65535`);
  return opts;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`playground: ${e.message}\n`);
    process.exit(2);
  }
  const outDir = opts.out ?? resolve(root, opts.buildOnly ? "dist/playground" : "playground/dist");
  if (opts.build) {
    try {
      await buildPlayground({ outDir, quiet: opts.buildOnly });
    } catch (e) {
      process.stderr.write(`playground: the build failed: ${e.message}\n`);
      process.exit(1);
    }
  }
  if (!opts.buildOnly) {
    const { runPlayground } = await serverModule();
    process.exitCode = await runPlayground(
      { root: outDir, port: opts.port, host: opts.host, presets: opts.presets },
      { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), env: process.env },
    );
  }
}
