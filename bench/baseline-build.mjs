/**
 * An earlier commit, built once for the benchmarks: `git archive SHA` extracted into
 * bench/.baseline/SHA, `npm ci` there and `npx tsup` (its own build of dist/). Install scripts are
 * skipped (`--ignore-scripts`): a baseline is only loaded from its dist/ with its runtime
 * dependencies, so native modules (better-sqlite3) and browser downloads are never built or
 * fetched for it. A marker file says the build finished; an interrupted one is started again.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The folder bench/.baseline/SHA. */
export function baselineDir(sha) {
  return join(root, "bench", ".baseline", sha);
}

/** Whether SHA's build is in bench/.baseline already. */
export function baselineBuilt(sha) {
  return existsSync(join(baselineDir(sha), ".built"));
}

/** Builds SHA into bench/.baseline/SHA unless it is there; returns its dist/ folder. */
export function prepareBaseline(sha, log = () => {}) {
  const dir = baselineDir(sha);
  if (baselineBuilt(sha)) return join(dir, "dist");
  const known = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${sha}^{commit}`], { cwd: root });
  if (known.status !== 0)
    throw new Error(
      `bench: baseline ${sha} is not a commit of this repository (a shallow clone? git fetch --unshallow)`,
    );
  log(`building the baseline ${sha} in ${dir} (once)…`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync("git", ["archive", "--format=tar", sha], { cwd: root, maxBuffer: 1 << 30 });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });
  const run = (cmd, a) => {
    const r = spawnSync(cmd, a, { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    if (r.status !== 0) throw new Error(`bench: baseline ${sha}: ${cmd} ${a.join(" ")} failed`);
  };
  run("npm", ["ci", "--no-audit", "--no-fund", "--ignore-scripts"]);
  run("npx", ["tsup", "--silent"]);
  if (!existsSync(join(dir, "dist", "index.js")))
    throw new Error(`bench: baseline ${sha}: no dist/index.js after tsup`);
  writeFileSync(join(dir, ".built"), `${new Date().toISOString()}\n`);
  return join(dir, "dist");
}
