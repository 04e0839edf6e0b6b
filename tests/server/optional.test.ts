/** The server's packages are optional peers: without one, one line saying what to install. */
import { describe, expect, it } from "vitest";
import { importTool, OPTIONAL_TOOLS } from "../../src/cli/optional-tools.js";

const missing = (name: string) => () => {
  const e = new Error(
    `Cannot find package '${name}' imported from /app/node_modules/turnkit/dist/server/index.js`,
  );
  (e as NodeJS.ErrnoException).code = "ERR_MODULE_NOT_FOUND";
  return Promise.reject(e);
};

describe("the server's optional packages", () => {
  it.each([
    ["ws", "turnkit serve", "npm i ws in the project turnkit is installed in"],
    ["better-sqlite3", "the SQLite database games.db", "npm i better-sqlite3@12 in the project"],
    ["pg", "a PostgreSQL database", "npm i pg in the project"],
  ] as const)("%s: says what needs it and how to get it", async (name, needs, how) => {
    await expect(importTool(OPTIONAL_TOOLS[name], needs, missing(name))).rejects.toThrow(
      `${needs} needs the package ${name}, which is not installed; get it with: ${how}`,
    );
  });
});
