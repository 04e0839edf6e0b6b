/** The README's code example is examples/quickstart.ts, verbatim, and it plays a game to the end. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("README", () => {
  it("quotes examples/quickstart.ts verbatim", () => {
    expect(readFileSync("README.md", "utf8")).toContain(
      readFileSync("examples/quickstart.ts", "utf8").trimEnd(),
    );
  });

  it("has a quickstart of exactly two commands", () => {
    const quick = /## Quickstart([\s\S]*?)## /.exec(readFileSync("README.md", "utf8"))![1]!;
    const commands = [...quick.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.trim().split("\n"));
    expect(commands).toEqual(["npm ci && npm start", "npm test"]);
  });

  it("its example plays a game to a result", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "examples/quickstart.ts"], {
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/winner: [01], reason: 'P[12] lost: (life reached 0|could not draw)'/);
  });
});
