#!/usr/bin/env node
/**
 * `npm run bench [-- --quick] [-- --json]`: builds turnkit, installs bench/'s own dependencies
 * (boardgame.io, which the root package never installs) and runs every benchmark.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const json = args.includes("--json");
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
}

step("npx", ["tsup", "--silent"]);
if (!existsSync(`${root}bench/node_modules/boardgame.io`))
  step("npm", ["ci", "--prefix", "bench", "--no-audit", "--no-fund", "--ignore-scripts"]);
step(process.execPath, ["--expose-gc", "bench/run.mjs", ...args], {
  stdio: "inherit",
  cwd: root,
  env: { ...process.env, NODE_ENV: "production" },
});
