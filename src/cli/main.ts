#!/usr/bin/env node
/**
 * The turnkit command line: run scenario files, play narrated games between random agents, and
 * replay saved games. The commands are in program.ts; this is the process around them. Exit codes
 * and the error format: docs/cli.md.
 */
import { installFullChecks } from "../core/checks.js";
import { EXIT_FAILED } from "./errors.js";
import { printable } from "./printable.js";
import { main, processIo } from "./program.js";

// Definitions are checked in every game made through this entry (core/checking.ts; not in turnkit/core).
installFullChecks();

// A closed pipe (`turnkit play … | head`) ends the output quietly.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  process.stderr.write(`turnkit: cannot write the output: ${e.message}\n`);
  process.exit(EXIT_FAILED);
});

// Whatever escapes main() (it should be nothing) is still one line, not a stack trace.
const lastResort = (e: unknown): void => {
  process.stderr.write(printable(`turnkit: internal error: ${e instanceof Error ? e.message : String(e)}\n`));
  if (process.env.TURNKIT_DEBUG === "1" && e instanceof Error && e.stack)
    process.stderr.write(`${e.stack}\n`);
  process.exit(EXIT_FAILED);
};
process.on("uncaughtException", lastResort);
process.on("unhandledRejection", lastResort);

let settled = false;
// Node leaves when nothing is left to wait for, even with main() unfinished — a preset module or
// factory whose promise never settles: that is a failure, never exit 0 having done nothing.
process.on("beforeExit", () => {
  if (settled) return;
  process.stderr.write(
    "turnkit: the command stopped before it finished: something it waited for never settled (a preset module or factory whose promise never resolves?)\n",
  );
  process.exit(EXIT_FAILED);
});

main(process.argv.slice(2), processIo).then((code) => {
  settled = true;
  process.exitCode = code;
}, lastResort);
