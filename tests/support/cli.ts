/** Runs the turnkit command line in-process and collects what it prints and its exit code. */
import type { main as Main } from "../../src/cli/program.js";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(
  main: typeof Main,
  argv: string[],
  env: Record<string, string> = {},
): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env,
  });
  return { code, stdout, stderr };
}
