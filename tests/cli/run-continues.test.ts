/**
 * `turnkit run`: a file that throws something unexpected while it runs (a bug, not a failed
 * expectation) is that file's failure — its message, no stack — and the run goes on to the next
 * file, exiting 1 (issue "A trustworthy host", item 4). The runner is made to throw for one file.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { runCli } from "../support/cli.js";

vi.mock("../../src/scenario/runner.js", async (importActual) => {
  const actual = await importActual<typeof import("../../src/scenario/runner.js")>();
  return {
    ...actual,
    runScenario: (loaded: Parameters<typeof actual.runScenario>[0]) => {
      if (loaded.file.includes("boom"))
        throw new TypeError("Cannot read properties of undefined (reading 'zone')");
      return actual.runScenario(loaded);
    },
  };
});

const { main } = await import("../../src/cli/program.js");

const root = fileURLToPath(new URL("../..", import.meta.url));
const example = join(root, "scenarios/examples/skirmish-herald-once-each-turn.yaml");

const run = (argv: string[], env: Record<string, string> = {}) => runCli(main, argv, env);

describe("turnkit run with a file that throws", () => {
  const dir = mkdtempSync(join(tmpdir(), "turnkit-run-"));
  const boom = join(dir, "a-boom.yaml");
  writeFileSync(boom, readFileSync(example, "utf8"));
  const after = join(dir, "b-after.yaml");
  writeFileSync(after, readFileSync(example, "utf8"));

  it("reports it as that file's failure and runs the next file; exit 1", async () => {
    const r = await run(["run", boom, after]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `${boom}:1:1: internal error: Cannot read properties of undefined (reading 'zone')`,
    );
    expect(r.stdout).toMatch(/✗ .*a-boom\.yaml — Herald draws once each turn/);
    expect(r.stdout).toMatch(/✓ .*b-after\.yaml/);
    expect(r.stdout).toContain("1 passed, 1 failed, 2 files");
    expect(r.stderr).toBe("");
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/^\s+at \S/m);
  });

  it("says the same in --json", async () => {
    const r = await run(["run", "--json", boom, after]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { files: { passed: boolean; failures: { message: string }[] }[] };
    expect(out.files.map((f) => f.passed)).toEqual([false, true]);
    expect(out.files[0]!.failures[0]!.message).toBe(
      "internal error: Cannot read properties of undefined (reading 'zone')",
    );
  });

  it("prints the stack on stderr with TURNKIT_DEBUG=1", async () => {
    const r = await run(["run", boom, after], { TURNKIT_DEBUG: "1" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/TypeError: Cannot read properties of undefined[\s\S]*\n\s+at \S/);
  });
});
