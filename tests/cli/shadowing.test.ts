/**
 * A scenario's inline `cards` shadow the library's cards of the same id: a file written for an
 * older library keeps loading, and running as it was written, when the library later gains a card
 * of an id the file defines. `turnkit run --verbose` (and --json) says which cards it shadows.
 * Cards added from elsewhere (--cards, a config) do not shadow: a clash is refused.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/program.js";
import { getPreset } from "../../src/presets/index.js";
import { parseScenario } from "../../src/scenario/load.js";
import { runScenario } from "../../src/scenario/runner.js";
import { runCli } from "../support/cli.js";

/** A scenario that plays a knight; `cards` is its inline `cards:` block (YAML lines) or none. */
function scenario(cards: string, knight: { name: string; power: number }): string {
  return `name: an older file's knight
preset: skirmish
${cards}setup:
  turn: 3
  active: P1
  step: main
  players:
    P1:
      zones:
        hand: [{ card: knight, as: k1 }]
        deck: [footsoldier]
    P2:
      zones:
        deck: [footsoldier]
script:
  - choose: play:@k1
expect:
  objects:
    "@k1": { zone: field, characteristics: { name: ${knight.name}, power: ${knight.power} } }
`;
}

const OLD_KNIGHT = `cards:
  - id: footman
    name: Footman
    types: [creature]
    power: 1
  - id: knight
    name: Old Knight
    types: [creature]
    power: 7
`;

const run = (text: string, options: Parameters<typeof runScenario>[1] = {}) =>
  runScenario(parseScenario("old.yaml", text), options);

describe("inline cards shadow library cards of the same id", () => {
  it("runs the file's own definition, not the library's, and notes it where it is written", () => {
    const r = run(scenario(OLD_KNIGHT, { name: "Old Knight", power: 7 }));
    expect(r.failures).toEqual([]);
    expect(r.passed).toBe(true);
    expect(r.notes).toEqual([
      {
        line: 8,
        col: 5,
        path: "cards[1]",
        message: `"knight" shadows the card of that id in the Skirmish (example) library: this file's definition is used`,
      },
    ]);
  });

  it("leaves the library as it is: a file without its own knight plays the library's", () => {
    run(scenario(OLD_KNIGHT, { name: "Old Knight", power: 7 }));
    const r = run(scenario("", { name: "Knight", power: 2 }));
    expect(r.failures).toEqual([]);
    expect(r.notes).toEqual([]);
    expect(getPreset("skirmish").cards.find((c) => c.id === "knight")).toMatchObject({ power: 2 });
    // And the library's knight is not what the shadowing file runs.
    expect(run(scenario(OLD_KNIGHT, { name: "Knight", power: 2 })).passed).toBe(false);
  });

  it("notes nothing when no inline card has a library id", () => {
    const r = run(scenario(OLD_KNIGHT.replace("id: knight", "id: old-knight"), { name: "Knight", power: 2 }));
    expect(r.failures).toEqual([]);
    expect(r.notes).toEqual([]);
  });

  it("still refuses cards added from elsewhere (--cards, a config) that clash with the library", () => {
    const knight = { id: "knight", name: "Other Knight", types: ["creature"], power: 4 };
    const r = run(scenario("", { name: "Knight", power: 2 }), { cards: [knight] });
    expect(r.passed).toBe(false);
    expect(r.failures[0]!.message).toMatch(/card id "knight" is defined twice/);
  });

  it("still refuses two inline cards of one id", () => {
    const twice = `${OLD_KNIGHT}  - id: knight
    name: Newer Knight
    types: [creature]
    power: 8
`;
    const r = run(scenario(twice, { name: "Old Knight", power: 7 }));
    expect(r.passed).toBe(false);
    expect(r.failures[0]!.message).toMatch(/card id "knight" is defined twice/);
  });
});

describe("turnkit run prints the notes", () => {
  const dir = mkdtempSync(join(tmpdir(), "turnkit-shadow-"));
  const file = join(dir, "old.yaml");
  writeFileSync(file, scenario(OLD_KNIGHT, { name: "Old Knight", power: 7 }));

  it("with --verbose, under the file's line, as file:line:col: path: message", async () => {
    const r = await runCli(main, ["run", "--verbose", file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `    note: ${file}:8:5: cards[1]: "knight" shadows the card of that id in the Skirmish (example) library: this file's definition is used\n`,
    );
  });

  it("not without --verbose", async () => {
    const r = await runCli(main, ["run", file]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("note:");
    expect(r.stdout).not.toContain("shadows");
  });

  it("in --json, as each file's notes", async () => {
    const r = await runCli(main, ["run", "--json", file]);
    const out = JSON.parse(r.stdout) as { files: { notes: { line: number; path: string }[] }[] };
    expect(out.files[0]!.notes).toMatchObject([{ line: 8, col: 5, path: "cards[1]" }]);
  });
});
