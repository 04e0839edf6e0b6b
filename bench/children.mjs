/**
 * Runs measurements in child processes (bench/child.mjs, one process per measurement) and
 * repeats them interleaved: repetition 1 of every job, then repetition 2 of every job, … so a
 * change in the machine's load falls on every engine alike.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { medians } from "./stats.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const childScript = fileURLToPath(new URL("./child.mjs", import.meta.url));

/** One measurement, `workloads[kind](params)`, in a fresh process: its figures. */
export function runChild(kind, params) {
  const r = spawnSync(process.execPath, ["--expose-gc", childScript, kind, JSON.stringify(params)], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0)
    throw new Error(`bench: workload ${kind} ${JSON.stringify(params)} failed:\n${r.stderr || r.error}`);
  return JSON.parse(r.stdout.trim().split("\n").at(-1));
}

/**
 * `jobs`: [{ key, kind, params }]. Runs every job `reps` times, repetitions interleaved, and returns
 * `{ key: [figures of each run] }`. `onRun(key, rep)` is called before each run (progress).
 */
export function interleave(jobs, reps, onRun = () => {}) {
  const runs = Object.fromEntries(jobs.map((j) => [j.key, []]));
  for (let r = 0; r < reps; r++)
    for (const { key, kind, params } of jobs) {
      onRun(key, r);
      runs[key].push(runChild(kind, params));
    }
  return runs;
}

/** The median of each numeric field over `reps` runs of each engine, engines alternating. */
export function sideBySide(kind, params, engines, reps) {
  const runs = interleave(
    engines.map(([name, p]) => ({ key: name, kind, params: { ...params, ...p } })),
    reps,
  );
  return Object.fromEntries(Object.entries(runs).map(([name, list]) => [name, medians(list)]));
}
