/**
 * The packages the command line uses for a few commands only: tsx, to load a TypeScript module (a
 * preset, a config), and esbuild, to bundle your presets for `turnkit playground --preset`; and
 * the server's (`turnkit serve`, `turnkit/server`): ws for its WebSockets, better-sqlite3 or pg
 * for its database. They
 * are optional peer dependencies — `npm i turnkit` does not install them — and are imported only
 * when a command needs one; a command that needs one that is not installed says how to get it
 * (README.md, "Dependencies").
 */
import { InputError } from "./errors.js";

export interface OptionalTool {
  /** The npm package. */
  package: string;
  /** How to get it where turnkit finds it: beside turnkit in a project, or with npx. */
  install: string;
}

/**
 * A package is found from turnkit's own place: in the project turnkit is installed in, or, for
 * `npx turnkit` without one, in the same npx install (`npx -p turnkit -p tsx turnkit …`).
 */
const howToGet = (name: string, flags = "-D "): string =>
  `npm i ${flags}${name} in the project turnkit is installed in (without one: npx -p turnkit -p ${name} turnkit …)`;

export const OPTIONAL_TOOLS = {
  tsx: { package: "tsx", install: howToGet("tsx") },
  esbuild: { package: "esbuild", install: howToGet("esbuild") },
  // A server's own dependencies: installed as dependencies of the project that serves.
  ws: { package: "ws", install: howToGet("ws", "") },
  "better-sqlite3": { package: "better-sqlite3", install: howToGet("better-sqlite3@12", "") },
  pg: { package: "pg", install: howToGet("pg", "") },
} as const satisfies Record<string, OptionalTool>;

/**
 * Whether an import failed because the package `name` itself is not installed — not because of a
 * fault inside it, nor a package it needs (that is a broken install, said as such).
 */
export function isMissingPackage(e: unknown, name: string): boolean {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") return false;
  const message = e instanceof Error ? e.message : "";
  // Node: "Cannot find package 'tsx' imported from …", "Cannot find module 'tsx/esm/api'".
  return new RegExp(`['"]${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(/[^'"]*)?['"]`).test(message);
}

/**
 * Imports an optional tool with `load` (a literal `import("…")`, so bundlers see it). `needs`
 * says what needs it, as the start of the message: "skyduel.ts: a TypeScript module".
 */
export async function importTool<T>(tool: OptionalTool, needs: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (isMissingPackage(e, tool.package))
      throw new InputError(
        `${needs} needs the package ${tool.package}, which is not installed; get it with: ${tool.install}`,
      );
    const first = (e instanceof Error ? e.message : String(e)).split("\n")[0];
    throw new InputError(
      `${needs} needs the package ${tool.package}, which is installed but does not load (${first}); reinstall it: ${tool.install}`,
    );
  }
}
