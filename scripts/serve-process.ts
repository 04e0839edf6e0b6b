/**
 * Starts `turnkit serve` from this checkout as a child process (through tsx) and resolves once it
 * listens, with the URLs it printed: the load test and the server's process tests share it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  wsUrl: string;
}

const root = join(import.meta.dirname, "..");

/**
 * `turnkit serve <args>` with `env` added to this process's and `nodeArgs` given to Node (such as
 * `--cpu-prof`); rejects with its stderr if it exits first.
 */
export function startServe(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  nodeArgs: readonly string[] = [],
): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, "--import", "tsx", "src/cli/main.ts", "serve", ...args],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    },
  );
  let out = "";
  let err = "";
  child.stderr!.on("data", (d: Buffer) => {
    err += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/\S+) \(WebSocket (ws:\/\/\S+)\)/.exec(out);
      if (m) resolve({ child, url: m[1]!, wsUrl: m[2]! });
    });
    child.once("exit", (code) => reject(new Error(`turnkit serve exited (${code}): ${err}`)));
  });
}
