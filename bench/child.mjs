/**
 * One measurement in its own process: `node --expose-gc bench/child.mjs KIND PARAMS-JSON` runs
 * `workloads[KIND](params)` (bench/workloads.mjs) and prints its figures as one JSON line.
 */
import { workloads } from "./workloads.mjs";

const [kind, params] = process.argv.slice(2);
if (!Object.hasOwn(workloads, kind)) {
  process.stderr.write(`bench/child.mjs: no workload "${kind}" (${Object.keys(workloads).join(", ")})\n`);
  process.exit(2);
}
const out = await workloads[kind](JSON.parse(params));
process.stdout.write(`${JSON.stringify(out)}\n`);
process.exit(0);
