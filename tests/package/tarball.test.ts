/**
 * The package as a user gets it: `npm pack` exactly as `npm publish` runs it (its scripts run:
 * `prepack` builds everything, then `prepare`), and the tarball installed (without the network:
 * extracted into node_modules/turnkit, its dependencies linked to this repository's) in fresh
 * projects — ESM (`"type": "module"`) and CommonJS TypeScript projects, both with
 * `moduleResolution: node16`, whose program imports the kernel, a preset and the agents, is
 * typechecked and compiled with this repository's `tsc`, and runs under node; and the installed
 * CLI, which plays a game and serves the playground, loaded in Chromium; without its optional peer
 * dependencies (tsx, esbuild), which a command that needs one names.
 * $TURNKIT_PACKED names a tarball `npm pack` made so already (`.ci/run` packs once for every check).
 */
import { spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, posix, relative, sep } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, gameUrl } from "../support/browser.js";

const root = join(import.meta.dirname, "..", "..");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const win = process.platform === "win32";
let work = "";
let pkg = "";

function run(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", shell: win && cmd === "npm" });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} (in ${cwd}) exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"));
}

/** A fresh project with the packed turnkit in its node_modules. */
function project(name: string, type: "module" | "commonjs", program: string): string {
  const dir = join(work, name);
  const modules = join(dir, "node_modules");
  mkdirSync(modules, { recursive: true });
  run("tar", ["-xzf", join(work, pkg), "-C", dir], root);
  renameSync(join(dir, "package"), join(modules, "turnkit"));
  const manifest = JSON.parse(readFileSync(join(modules, "turnkit", "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  for (const dep of [...Object.keys(manifest.dependencies), "@types/node"]) {
    mkdirSync(dirname(join(modules, dep)), { recursive: true });
    symlinkSync(join(root, "node_modules", dep), join(modules, dep), "junction");
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, type }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "node16",
        moduleResolution: "node16",
        lib: ["ES2022"],
        types: ["node"],
        strict: true,
        skipLibCheck: true,
        outDir: "out",
      },
      files: ["main.ts"],
    }),
  );
  writeFileSync(join(dir, "main.ts"), program);
  return dir;
}

/** The same program for both: a kernel-only preset, a built-in preset, an agent; types across entries. */
const program = `import { actionLoop, Game, narrate, type Preset, zoneId } from "turnkit";
import { randomAgent } from "turnkit/agents";
import { getPreset, presetIds } from "turnkit/presets";
import { STARTING_LP, yugioh } from "turnkit/presets/yugioh";
import { openSimulator, simulate, withoutTiming } from "turnkit/simulate";

const solo: Preset = {
  id: "solo",
  name: "Solo",
  players: { min: 2, max: 2 },
  zones: [{ kind: "hand", label: "hand", perPlayer: true, visibility: "owner" }],
  turn: () => ({ id: "turn", label: "Turn", children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }] }),
  checkpoint: "kernel.resolvePending",
  cards: [],
  tasks: { main: actionLoop({ actions: () => [], perform: () => {} }) },
  setup() {},
};
const mine = Game.create(solo, { seed: 1 }).run();
mine.act(mine.legalActions()[0]!);

const preset: Preset = yugioh();
const game = Game.create(preset, { seed: 1 }).run();
const agent = randomAgent(1);
for (let i = 0; i < 40 && !game.over; i++) game.act(agent.choose(game));
const lines = game.state.log.map((e) => narrate(game, e)).filter((l) => l !== null);
// simulate() on two worker threads, and a simulator kept open: the built worker module is found and runs.
simulate({ preset: "skirmish", games: 4, workers: 2 }).then(async (sim) => {
  const kept = await openSimulator({ workers: 1 });
  const again = await kept.simulate({ preset: "skirmish", games: 4 });
  await kept.close();
  console.log(
    JSON.stringify({
      kernel: mine.state.clock.turn.id >= 1 && zoneId("hand", 0).length > 0,
      sameGame: game instanceof Game,
      lp: STARTING_LP,
      narrated: lines.length > 0,
      registry: presetIds().includes("yugioh") && getPreset("yugioh").id === "yugioh",
      simulated: sim.games === 4 && sim.errors === 0 && sim.timing?.workers === 2,
      kept: JSON.stringify(withoutTiming(again)) === JSON.stringify(withoutTiming(sim)) && again.timing?.workers === 1,
    }),
  );
});
`;

const expected = {
  kernel: true,
  sameGame: true,
  lp: 8000,
  narrated: true,
  registry: true,
  simulated: true,
  kept: true,
};

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "turnkit-tarball-"));
  const given = process.env.TURNKIT_PACKED;
  if (given) {
    // Packed already, the same way, by `.ci/run` (its one build, which the other checks share).
    pkg = basename(given);
    copyFileSync(given, join(work, pkg));
    return;
  }
  // As `npm publish` packs: its lifecycle scripts run (npm prints their output before the JSON).
  const out = run("npm", ["pack", "--json", "--pack-destination", work], root);
  const packed = JSON.parse(out.slice(out.search(/^\[/m))) as { filename: string }[];
  pkg = packed[0]!.filename;
}, 360_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the packed tarball", () => {
  it("holds the build, the docs it links to, README, LICENSE and CHANGELOG, and no sources", () => {
    const dir = join(work, "contents");
    mkdirSync(dir);
    run("tar", ["-xzf", join(work, pkg), "-C", dir], root);
    const all = files(join(dir, "package"));
    for (const f of [
      "README.md",
      "LICENSE",
      "CHANGELOG.md",
      "package.json",
      "dist/index.js",
      "dist/index.cjs",
      "dist/cli/main.js",
      // The playground app `turnkit playground` serves (the build's, kept by `prepare`).
      "dist/playground/index.html",
      "dist/playground/kernel/importmap.json",
    ])
      expect(all).toContain(f);
    expect(all.filter((f) => /^(src|spec|tests|scenarios|examples)\//.test(f))).toEqual([]);
    // Declarations have stable names: one per source file, no hashed chunks.
    const hashed = /(^|\/)chunk-|-(?=\w*[0-9A-Z])\w{8}\.d\.c?ts$/;
    expect(all.filter((f) => /\.d\.c?ts$/.test(f) && hashed.test(f))).toEqual([]);
    // Every relative link of a shipped Markdown file names a file in the package.
    const broken: string[] = [];
    for (const md of all.filter((f) => f.endsWith(".md")))
      for (const m of readFileSync(join(dir, "package", md), "utf8").matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/.test(target)) continue;
        if (!existsSync(join(dir, "package", posix.dirname(md), target))) broken.push(`${md}: ${target}`);
      }
    expect(broken).toEqual([]);
  });

  it("works in a fresh ESM TypeScript project (import)", () => {
    const dir = project("esm-app", "module", program);
    run(process.execPath, [tsc, "-p", "."], dir);
    expect(JSON.parse(run(process.execPath, ["out/main.js"], dir))).toEqual(expected);
  }, 120_000);

  it("works in a fresh CommonJS TypeScript project (require)", () => {
    const dir = project("cjs-app", "commonjs", program);
    run(process.execPath, [tsc, "-p", "."], dir);
    expect(readFileSync(join(dir, "out", "main.js"), "utf8")).toContain('require("turnkit")');
    expect(JSON.parse(run(process.execPath, ["out/main.js"], dir))).toEqual(expected);
  }, 120_000);

  it("installs without tsx and esbuild: its CLI loads a JavaScript preset, and names the package a command lacks", () => {
    const dir = project("tools-app", "module", "");
    const modules = join(dir, "node_modules");
    expect(existsSync(join(modules, "tsx"))).toBe(false);
    expect(existsSync(join(modules, "esbuild"))).toBe(false);
    const cli = join(modules, "turnkit", "dist", "cli", "main.js");
    const turnkit = (...args: string[]) =>
      spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: "utf8" });
    writeFileSync(
      join(dir, "sky.mjs"),
      `import { skirmish } from "turnkit/presets/skirmish";\nexport default { ...skirmish, id: "sky-js", name: "Sky JS" };\n`,
    );
    writeFileSync(
      join(dir, "sky.ts"),
      `import type { Preset } from "turnkit";\nimport { skirmish } from "turnkit/presets/skirmish";\nconst sky: Preset = { ...skirmish, id: "sky-ts", name: "Sky TS" };\nexport default sky;\n`,
    );
    const js = turnkit("presets", "--json", "--preset", "./sky.mjs");
    expect(js.stderr).toBe("");
    expect((JSON.parse(js.stdout) as { id: string }[]).map((p) => p.id)).toContain("sky-js");

    const ts = turnkit("presets", "--preset", "./sky.ts");
    expect(ts.status).toBe(2);
    expect(ts.stderr).toBe(
      "turnkit: ./sky.ts: a TypeScript module needs the package tsx, which is not installed; get it with: npm i -D tsx in the project turnkit is installed in (without one: npx -p turnkit -p tsx turnkit …)\n",
    );
    const bundle = turnkit("playground", "--preset", "./sky.mjs", "--port", "0");
    expect(bundle.status).toBe(2);
    expect(bundle.stderr).toContain(
      "bundling your presets for the browser needs the package esbuild, which is not installed; get it with: npm i -D esbuild",
    );

    // With tsx beside it, the TypeScript module loads.
    symlinkSync(join(root, "node_modules", "tsx"), join(modules, "tsx"), "junction");
    const withTsx = turnkit("presets", "--json", "--preset", "./sky.ts");
    expect(withTsx.stderr).toBe("");
    expect((JSON.parse(withTsx.stdout) as { id: string }[]).map((p) => p.id)).toContain("sky-ts");
  }, 120_000);

  // Chromium: /usr/bin/chromium or $CHROMIUM (.ci/run installs it); CI never skips.
  const browser = existsSync(CHROMIUM) || process.env.CI === "true";
  it.runIf(browser)(
    "its CLI plays a game and serves the playground, which loads in Chromium",
    async () => {
      const dir = project("cli-app", "module", "");
      const cli = join(dir, "node_modules", "turnkit", "dist", "cli", "main.js");
      const played = run(process.execPath, [cli, "play", "--game", "duel-masters", "--seed", "1"], dir);
      expect(played).toMatch(/Game over/);
      const server = spawn(process.execPath, [cli, "playground", "--port", "0"], { cwd: dir });
      try {
        const url = await new Promise<string>((ok, fail) => {
          let text = "";
          server.stdout.on("data", (d: Buffer) => {
            text += d.toString();
            const m = /(http:\/\/\S+)/.exec(text);
            if (m) ok(m[1]!);
          });
          server.on("exit", (code) => fail(new Error(`turnkit playground exited ${code}: ${text}`)));
        });
        const chrome = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
        try {
          const page = await chrome.newPage();
          const errors: string[] = [];
          page.on("pageerror", (e) => errors.push(e.message));
          await page.goto(gameUrl(url, { preset: "skirmish", seed: 1 }));
          await page.getByTestId("board").waitFor({ timeout: 30_000 });
          expect(errors).toEqual([]);
        } finally {
          await chrome.close();
        }
      } finally {
        server.kill();
      }
    },
    180_000,
  );
});
