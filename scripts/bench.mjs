#!/usr/bin/env node
/**
 * `npm run bench [-- --quick] [-- --json] [-- --bundle-only] [-- --playground]`: builds turnkit,
 * measures the size of a kernel-only bundle, installs bench/'s own dependencies (boardgame.io,
 * which the root package never installs) and runs every benchmark, then the playground's (in
 * Chromium; not with --quick). `--bundle-only` stops after the bundle size, `--playground` runs
 * the playground's alone. `--agents` adds the ISMCTS agent's win rates (bench/agents.mjs: long,
 * about an hour at its defaults; never with --quick), sized by `--agents-games N` and `--agents-iterations K`.
 * `--search` runs the search figures instead (bench/search.mjs: the current engine against a
 * baseline commit, `--baseline SHA`, default d9cc967), and with `--agents` the agents' win rates
 * after them. `--baseline` alone (without `--search`) runs the speed figures beside 409b4f1,
 * d9cc967 and Pokémon Showdown (bench/baselines.mjs; `--quick`, `--smoke`, `--json`, `--warm S`,
 * `--presets a,b`, `--reps N`).
 * `--instructions` counts machine instructions per response under valgrind beside earlier commits
 * (bench/instructions.mjs: `--against SHA`, default 413bda4; `--presets`, `--quick`, `--json`).
 * `--board PRESET` gives the CPU of a response by how many objects are in play (bench/board-size.mjs:
 * `--games N`, `--warm S`, `--json`); `--kinds PRESET` the same by the kind of decision answered.
 * `--reuse PRESET` counts the decisions that offer a player the options of their previous one of
 * the same kind, and those with nothing but the turn's bookkeeping between (bench/option-reuse.mjs:
 * `--games N`, `--json`).
 * docs/performance.md says which command gives each of its figures.
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
  const measure = async (name, exports, entry = "index") => {
    const code = (await bundle(`export ${exports} from "./dist/${entry}.js";`, "js")).outputFiles[0].contents;
    // The same bundle from the sources, to say which modules the bytes come from.
    const fromSrc = await bundle(`export ${exports} from "./src/${entry}.ts";`, "ts");
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
    // turnkit/core: the kernel without its definition checks (core/checking.ts), the goal's bundle.
    await measure("{ Game, actionLoop } from turnkit/core", "{ Game, actionLoop }", "core/index"),
    await measure("{ Game, actionLoop } from turnkit", "{ Game, actionLoop }"),
    await measure("the whole root", "*"),
  ];
}

/**
 * The playground, in Chromium (/usr/bin/chromium or $CHROMIUM): the built app's
 * size (JS and CSS, raw and gzip -9; what the page loads first, and all of it), and a 1,000-action
 * Magic game played through the page, both seats bots, one `bots-step` click per action: the time
 * from the click to the page re-rendered and laid out (the game's step, Preact's render of every
 * panel, style and layout), per action. Games that end early are followed by the next seed.
 */
async function playgroundBench(actions = 1000) {
  const { existsSync: exists, readdirSync, readFileSync, statSync } = await import("node:fs");
  const { join } = await import("node:path");
  const { tsImport } = await import("tsx/esm/api");
  const support = await tsImport("../tests/support/browser.ts", import.meta.url);
  if (!exists(support.CHROMIUM)) return { skipped: `no Chromium at ${support.CHROMIUM}` };
  const h = await support.openHarness();
  try {
    const files = [];
    const walk = (dir) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(js|css)$/.test(f)) files.push(p.slice(h.dir.length + 1));
      }
    };
    walk(h.dir);
    const index = readFileSync(join(h.dir, "index.html"), "utf8");
    const initial = new Set([...index.matchAll(/(?:src|href)="\.\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]));
    const size = (list, ext) => {
      let raw = 0;
      let gzip = 0;
      for (const f of list.filter((f) => f.endsWith(ext))) {
        const b = readFileSync(join(h.dir, f));
        raw += b.length;
        gzip += gzipSync(b, { level: 9 }).length;
      }
      return { raw, gzip };
    };
    const sizes = {
      initialJs: size([...initial], ".js"),
      initialCss: size([...initial], ".css"),
      allJs: size(files, ".js"),
      allCss: size(files, ".css"),
      files: files.length,
    };
    const page = await support.newPage(h, { width: 1440, height: 900 });
    const times = [];
    let games = 0;
    for (let seed = 1; times.length < actions && seed < 50; seed++) {
      await page.goto(support.gameUrl(h.url, { preset: "magic", seed, bots: "1,2", autoplay: false }));
      await page.getByTestId("bots-step").waitFor();
      games++;
      const got = await page.evaluate(`(async (want) => {
        const yieldTask = () => new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r(); c.port2.postMessage(0); });
        const out = [];
        while (out.length < want) {
          const b = document.querySelector('[data-testid="bots-step"]');
          if (!b || b.disabled || document.querySelector('[data-testid="result"]')) break;
          const t0 = performance.now();
          b.click();
          await Promise.resolve(); await Promise.resolve();
          document.body.offsetHeight;
          out.push(performance.now() - t0);
          // Let the browser paint now and then, as it would between a person's clicks.
          if (out.length % 25 === 0) await new Promise((r) => requestAnimationFrame(() => r()));
          else await yieldTask();
        }
        return out;
      })(${actions - times.length})`);
      times.push(...got);
      if (got.length === 0) break;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    const total = times.reduce((a, b) => a + b, 0);
    if (page.errors.length) throw new Error(`page errors: ${page.errors.join("; ")}`);
    return {
      sizes,
      game: {
        actions: times.length,
        games,
        meanMs: total / Math.max(1, times.length),
        p50Ms: at(0.5),
        p95Ms: at(0.95),
        maxMs: sorted.at(-1) ?? 0,
        over50ms: times.filter((t) => t > 50).length,
      },
    };
  } finally {
    await h.close();
  }
}

function printPlayground(p) {
  if (p.skipped) {
    process.stdout.write(`Playground: skipped (${p.skipped})\n\n`);
    return;
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  const s = p.sizes;
  process.stdout.write("Playground: the built app (vite build, minified; gzip -9)\n");
  process.stdout.write("| | JS | JS gzipped | CSS | CSS gzipped |\n|---|---:|---:|---:|---:|\n");
  process.stdout.write(
    `| loaded at start | ${kb(s.initialJs.raw)} | ${kb(s.initialJs.gzip)} | ${kb(s.initialCss.raw)} | ${kb(s.initialCss.gzip)} |\n`,
  );
  process.stdout.write(
    `| all of it (${s.files} files) | ${kb(s.allJs.raw)} | ${kb(s.allJs.gzip)} | ${kb(s.allCss.raw)} | ${kb(s.allCss.gzip)} |\n\n`,
  );
  const g = p.game;
  process.stdout.write(
    `Playground: ${g.actions} Magic actions through the page (${g.games} games, bots-step clicks), ms per action including render: ` +
      `mean ${g.meanMs.toFixed(2)}, p50 ${g.p50Ms.toFixed(2)}, p95 ${g.p95Ms.toFixed(2)}, max ${g.maxMs.toFixed(1)}; over 50 ms: ${g.over50ms}\n\n`,
  );
}

if (args.includes("--playground")) {
  const p = await playgroundBench();
  if (json) process.stdout.write(`${JSON.stringify({ playground: p })}\n`);
  else printPlayground(p);
  process.exit(p.skipped ? 1 : 0);
}

/** Runs a bench script with the package built, its output passed through. */
function benchScript(file, extra) {
  return step(process.execPath, ["--expose-gc", file, ...extra], {
    stdio: ["inherit", json ? "pipe" : "inherit", "inherit"],
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** `--agents-games N` → `--games N` …: the options bench/agents.mjs takes, as given to this script. */
function agentArgs() {
  const passOn = [];
  for (const [ours, theirs] of [
    ["--agents-games", "--games"],
    ["--agents-iterations", "--iterations"],
    ["--agents-rollout", "--rollout"],
  ]) {
    const i = args.indexOf(ours);
    if (i >= 0 && args[i + 1] !== undefined) passOn.push(theirs, args[i + 1]);
  }
  return [...passOn, ...(json ? ["--json"] : [])];
}

/** bench/'s own dependencies (boardgame.io, pokemon-showdown), installed once. */
function benchDependencies() {
  const have = (name) => existsSync(`${root}bench/node_modules/${name}/package.json`);
  if (!have("boardgame.io") || !have("pokemon-showdown"))
    step("npm", ["ci", "--prefix", "bench", "--no-audit", "--no-fund", "--ignore-scripts"]);
}

if (args.includes("--instructions")) {
  step("npx", ["tsup", "--silent"]);
  const r = spawnSync(process.execPath, ["bench/instructions.mjs", ...args], { stdio: "inherit", cwd: root });
  process.exit(r.status ?? 1);
}

if (args.includes("--board") || args.includes("--kinds")) {
  step("npx", ["tsup", "--silent"]);
  const r = spawnSync(process.execPath, ["--expose-gc", "bench/board-size.mjs", ...args], {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
  });
  process.exit(r.status ?? 1);
}

if (args.includes("--reuse")) {
  step("npx", ["tsup", "--silent"]);
  const r = spawnSync(process.execPath, ["bench/option-reuse.mjs", ...args], { stdio: "inherit", cwd: root });
  process.exit(r.status ?? 1);
}

if (args.includes("--baseline") && !args.includes("--search")) {
  // The options are checked before anything is built: a mistyped flag fails at once.
  const { parseBaselineArgs } = await import("../bench/baseline-report.mjs");
  try {
    parseBaselineArgs(args);
  } catch (e) {
    process.stderr.write(`bench --baseline: ${e.message}\n`);
    process.exit(2);
  }
  step("npx", ["tsup", "--silent"]);
  benchDependencies();
  const r = spawnSync(process.execPath, ["--expose-gc", "bench/baselines.mjs", ...args], {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
  });
  process.exit(r.status ?? 1);
}

step("npx", ["tsup", "--silent"]);
if (args.includes("--search")) {
  const i = args.indexOf("--baseline");
  const search = benchScript("bench/search.mjs", [
    ...(i >= 0 && args[i + 1] ? ["--baseline", args[i + 1]] : []),
    ...(args.includes("--quick") ? ["--quick"] : []),
    ...(json ? ["--json"] : []),
  ]);
  const agents = args.includes("--agents") ? benchScript("bench/agents.mjs", agentArgs()) : null;
  if (json)
    process.stdout.write(
      `${JSON.stringify({ search: JSON.parse(search.stdout), ...(agents ? { agents: JSON.parse(agents.stdout) } : {}) })}\n`,
    );
  process.exit(0);
}
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

benchDependencies();
const run = step(process.execPath, ["--expose-gc", "bench/run.mjs", ...args], {
  stdio: ["inherit", json ? "pipe" : "inherit", "inherit"],
  cwd: root,
  env: { ...process.env, NODE_ENV: "production" },
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
// The ISMCTS agent against random and against half its budget (bench/agents.mjs): on request only.
let agents;
if (args.includes("--agents") && !args.includes("--quick")) {
  const r = step(process.execPath, ["bench/agents.mjs", ...agentArgs()], {
    stdio: ["inherit", json ? "pipe" : "inherit", "inherit"],
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (json) agents = JSON.parse(r.stdout);
  else process.stdout.write("\n");
} else if (args.includes("--agents")) agents = { skipped: "--quick" };
const playground = args.includes("--quick") ? { skipped: "--quick" } : await playgroundBench();
if (!json) printPlayground(playground);
// One JSON object: bench/run.mjs's figures, the bundle sizes, the agents' and the playground's.
if (json)
  process.stdout.write(
    `${JSON.stringify({ ...JSON.parse(run.stdout), bundle: bundles.map(({ largest, ...b }) => b), ...(agents ? { agents } : {}), playground })}\n`,
  );
