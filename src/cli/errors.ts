/**
 * How the command line fails: every error is one line `turnkit: <message>` on stderr, and the exit
 * code says which kind it was (docs/cli.md):
 *
 *   0  everything passed
 *   1  something ran and failed: a scenario failed, a replay diverged, a game did not finish, a
 *      user's preset threw ("error in the code of preset …"), or turnkit itself failed (an
 *      "internal error", a bug: TURNKIT_DEBUG=1 prints its stack)
 *   2  the command could not run as asked: a usage error (an unknown flag, a missing argument, a
 *      bad flag value) or a bad input (an unreadable, malformed or out-of-bounds file, an unknown
 *      preset or option)
 */
import { CommanderError } from "commander";
import { EngineError, HookError, TurnkitError } from "../core/errors.js";
import { isBuiltInPreset } from "../presets/index.js";

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A bad flag value or input file: the command cannot run as asked (exit 2). */
export class InputError extends TurnkitError {
  override name = "InputError";
}

/** A replay that does not reproduce its game (exit 1). */
export class DivergenceError extends TurnkitError {
  override name = "DivergenceError";
}

export interface ErrorOutput {
  stderr(text: string): void;
  /** Print stack traces (TURNKIT_DEBUG=1). */
  debug: boolean;
}

/** The first line of an error's message (a message is one line, but a library's may not be). */
function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}

/** Prints an error the way the command line does and returns its exit code. */
export function reportError(e: unknown, out: ErrorOutput): number {
  if (e instanceof CommanderError) {
    // Commander has printed its message already (see configureOutput in program.ts).
    if (e.code === "commander.helpDisplayed" || e.code === "commander.version") return EXIT_OK;
    return EXIT_USAGE;
  }
  const stack = (): void => {
    if (out.debug && e instanceof Error && e.stack) out.stderr(`${e.stack}\n`);
  };
  if (e instanceof DivergenceError) {
    out.stderr(`turnkit: ${messageOf(e)}\n`);
    stack();
    return EXIT_FAILED;
  }
  if (e instanceof HookError && isUsersCode(e)) {
    // A user's preset threw: that preset's bug, not turnkit's.
    out.stderr(`turnkit: error in the code of preset "${e.preset}": ${messageOf(e)}\n`);
    if (out.debug) stack();
    else
      out.stderr(
        `turnkit: this is a bug in preset "${e.preset}"; TURNKIT_DEBUG=1 prints where it happened\n`,
      );
    return EXIT_FAILED;
  }
  if (e instanceof HookError) {
    out.stderr(`turnkit: internal error: ${messageOf(e)}\n`);
    if (out.debug) stack();
    else out.stderr("turnkit: this is a bug in turnkit; TURNKIT_DEBUG=1 prints where it happened\n");
    return EXIT_FAILED;
  }
  if (e instanceof EngineError) {
    out.stderr(`turnkit: engine error: ${messageOf(e)}\n`);
    stack();
    return EXIT_FAILED;
  }
  if (e instanceof TurnkitError) {
    out.stderr(`turnkit: ${messageOf(e)}\n`);
    stack();
    return EXIT_USAGE;
  }
  out.stderr(`turnkit: internal error: ${messageOf(e)}\n`);
  if (out.debug) stack();
  else out.stderr("turnkit: this is a bug in turnkit; TURNKIT_DEBUG=1 prints where it happened\n");
  return EXIT_FAILED;
}

/**
 * Whether the code that threw is a user's: a preset that is not built in (a `--preset` module, a
 * test's own). The kernel's and the built-in presets' are turnkit's.
 */
function isUsersCode(e: HookError): boolean {
  return e.preset !== null && !isBuiltInPreset(e.preset);
}

/** The message of an error inside a scenario run or a replay, as one line, without a stack. */
export function describeError(e: unknown): string {
  if (e instanceof HookError && isUsersCode(e))
    return `error in the code of preset "${e.preset}": ${messageOf(e)}`;
  if (e instanceof EngineError) return `engine error: ${messageOf(e)}`;
  if (e instanceof TurnkitError) return messageOf(e);
  return `internal error: ${messageOf(e)}`;
}
