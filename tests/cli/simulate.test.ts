/** `turnkit simulate` and `turnkit simulate merge`, in-process. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/program.js";
import { runCli } from "../support/cli.js";

const dir = mkdtempSync(join(tmpdir(), "turnkit-simulate-"));
const strip = (text: string) => {
  const { timing: _, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify(rest);
};

describe("turnkit simulate", () => {
  it("prints a summary, with plain progress lines off a terminal", async () => {
    const r = await runCli(main, ["simulate", "--game", "skirmish", "--games", "12", "--workers", "0"], {
      CI: "true",
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/skirmish: 12 games, seeds 1…12/);
    expect(r.stdout).toMatch(/P1: \d+\/12 won, [\d.]+ % \(95 % CI/);
    expect(r.stderr).toMatch(/simulate skirmish: 12\/12 games/);
  });

  it("writes JSON and CSV; shards merged give the whole run", async () => {
    const base = [
      "simulate",
      "--game",
      "skirmish",
      "--games",
      "16",
      "--seed",
      "4",
      "--workers",
      "2",
      "--json",
    ];
    const whole = await runCli(main, base);
    expect(whole.code).toBe(0);
    const files = [1, 2].map((i) => join(dir, `shard-${i}.json`));
    for (const [i, f] of files.entries()) {
      const r = await runCli(main, [...base, "--shard", `${i + 1}/2`, "--out", f]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe("");
    }
    const merged = await runCli(main, ["simulate", "merge", files[1]!, files[0]!, "--json"]);
    expect(merged.code).toBe(0);
    expect(strip(merged.stdout)).toBe(strip(whole.stdout));
    const csv = await runCli(main, ["simulate", "merge", ...files, "--csv"]);
    expect(csv.stdout.split("\n")[0]).toBe("section,name,stat,value");
    expect(csv.stdout).toMatch(/^seat,P1,win_rate,/m);
    expect(JSON.parse(readFileSync(files[0]!, "utf8")).shard).toEqual({ index: 1, count: 2 });
  }, 300_000);

  it("refuses bad input with exit code 2 and one line, no stack trace", async () => {
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, "- { card: no-such-card, count: 4 }\n");
    const notJson = join(dir, "not.json");
    writeFileSync(notJson, "{");
    const cases: [string[], RegExp][] = [
      [["simulate", "--game", "nope"], /'--game <preset>' argument 'nope' is invalid/],
      [["simulate", "--game", "skirmish", "--shard", "3/2"], /'--shard <i\/n>' argument '3\/2' is invalid/],
      [["simulate", "--game", "skirmish", "--games", "0"], /'--games <n>' argument '0' is invalid/],
      [
        ["simulate", "--game", "skirmish", "--decks", join(dir, "missing.yaml")],
        /--decks .*missing\.yaml: cannot read the file/,
      ],
      [["simulate", "--game", "skirmish", "--decks", bad], /unknown card "no-such-card"/],
      [["simulate", "--game", "skirmish", "--json", "--csv"], /--json and --csv: give one/],
      [["simulate", "merge", notJson], /not valid JSON/],
      [["simulate", "merge", join(dir, "absent.json")], /cannot read the file/],
    ];
    for (const [argv, message] of cases) {
      const r = await runCli(main, argv);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
