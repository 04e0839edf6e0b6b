/** The narrated game and its --json say why a player's abilities are not offered (Game.whyNot). */
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/program.js";
import { runCli } from "../support/cli.js";

const KINDS = ["zone", "faceDown", "timing", "condition", "limit", "cost", "target", "rule"];

describe("turnkit play explains refusals", () => {
  it("--json: notOffered lines name the card, the ability and every reason, by kind", async () => {
    const r = await runCli(main, ["play", "--game", "yugioh", "--seed", "3", "--json"]);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((l) => l.type === "notOffered");
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines)
      for (const a of l.abilities) {
        expect(a.reasons.length).toBeGreaterThan(0);
        for (const reason of a.reasons) {
          expect(KINDS).toContain(reason.kind);
          expect(reason.text.length).toBeGreaterThan(5);
        }
        expect(a.ref).not.toMatch(/^c\d+$/); // never the referee's id
      }
  });

  it("narrated with --why-not: one line per refused ability, when it becomes refused or its reasons change", async () => {
    const r = await runCli(main, ["play", "--game", "yugioh", "--seed", "3", "--why-not"]);
    const lines = r.stdout.split("\n").filter((l) => l.includes("⊘"));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/⊘ P\d can't activate \S.+: .+/);
  });

  it("without --why-not the narrated game doesn't list refusals (a newcomer's game reads as a game)", async () => {
    const r = await runCli(main, ["play", "--game", "yugioh", "--seed", "3"]);
    expect(r.stdout).not.toContain("⊘");
  });
});
