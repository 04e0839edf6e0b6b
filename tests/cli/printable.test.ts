/**
 * Text from files reaches the terminal without terminal control codes: player names from a replay,
 * card names from a card set, a scenario's name. `printable` strips them (escape sequences whole,
 * other controls one by one; in a JSON line it escapes them instead), and every line the command
 * line writes goes through it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { printable } from "../../src/cli/printable.js";
import { main } from "../../src/cli/program.js";
import { runCli } from "../support/cli.js";

const ESC = "\u001b";
const BEL = "\u0007";

/** Anything a terminal acts on: C0 but tab and line feed, DEL, C1, bidi overrides and isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const ACTS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe("printable", () => {
  it("removes escape sequences whole, keeping the text around them", () => {
    expect(printable(`${ESC}[31mRed${ESC}[0m card`)).toBe("Red card");
    expect(printable(`${ESC}[2J${ESC}[1;1HMallory`)).toBe("Mallory");
    expect(printable("\u009b2JMallory")).toBe("Mallory"); // the one-byte CSI
    // OSC: a window title, a hyperlink, the clipboard (OSC 52) — with their payloads.
    expect(printable(`${ESC}]0;pwned${BEL}Alice`)).toBe("Alice");
    expect(printable(`${ESC}]52;c;ZWNobyBoaQ==${ESC}\\Bob`)).toBe("Bob");
    expect(printable(`${ESC}]8;;https://evil.invalid${ESC}\\link${ESC}]8;;${ESC}\\`)).toBe("link");
    expect(printable(`${ESC}P+q544e${ESC}\\x`)).toBe("x"); // DCS
    expect(printable(`a${ESC}7b${ESC}8c${ESC}`)).toBe("abc"); // two-byte escapes, a lone ESC
  });

  it("removes the other controls, bidi overrides included, and keeps tabs, line feeds and Unicode", () => {
    expect(printable("safe\rEVIL")).toBe("safeEVIL"); // a carriage return overwrites
    expect(printable("abc\b\b\bxyz")).toBe("abcxyz");
    expect(printable(`ding${BEL}\u0000\u007f\u0085`)).toBe("ding");
    expect(printable("\u202etxt.exe\u202c \u2066x\u2069")).toBe("txt.exe x");
    expect(printable("━ Turn 1\t▸ Herald — “draw” ✓\n")).toBe("━ Turn 1\t▸ Herald — “draw” ✓\n");
  });

  it("in a JSON line, escapes them instead: the same JSON, the same strings", () => {
    const data = { players: [`${ESC}]0;x${BEL}Eve`, "\u202eA\u0085"] };
    const line = JSON.stringify(data)
      .replace(/\\u001b/g, ESC)
      .replace(/\\u0007/g, BEL);
    const out = printable(`${line}\n`);
    expect(out).not.toMatch(ACTS);
    expect(JSON.parse(out)).toEqual(data);
  });

  it("leaves nothing a terminal acts on, whatever the text (property)", () => {
    const chars = fc.oneof(
      fc.constantFrom(
        ESC,
        BEL,
        "\u009b",
        "\u009d",
        "\u009c",
        "\r",
        "\b",
        "[",
        "]",
        ";",
        "\\",
        "\n",
        "\t",
        "\u202e",
      ),
      fc.string({ unit: "binary", maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 30 }), (parts) => {
        const out = printable(parts.join(""));
        expect(out).not.toMatch(ACTS);
        // Line feeds and tabs are kept: the lines stay the lines they were.
        expect(out.split("\n").length).toBe(parts.join("").split("\n").length);
      }),
    );
  });

  it("returns text without controls as it is", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        fc.pre(!ACTS.test(s));
        expect(printable(s)).toBe(s);
      }),
    );
  });
});

describe("the command line prints text from files without control codes", () => {
  const dir = mkdtempSync(join(tmpdir(), "turnkit-printable-"));
  const evil = `${ESC}]0;pwned${BEL}${ESC}[2J\u202eMallory${ESC}[31m`;

  it("player names from a replay file", async () => {
    const file = join(dir, "game.json");
    const played = await runCli(main, ["play", "--game", "skirmish", "--seed", "4", "--save", file]);
    expect(played.code).toBe(0);
    const replay = JSON.parse(readFileSync(file, "utf8")) as { players: string[] };
    replay.players = [evil, "P2"];
    writeFileSync(file, JSON.stringify(replay));
    for (const argv of [
      ["replay", file],
      ["replay", "--json", file],
    ]) {
      const r = await runCli(main, argv);
      const out = `${r.stdout}${r.stderr}`;
      expect(out).toContain("Mallory");
      expect(out).not.toMatch(ACTS);
    }
  });

  it("card names from a card set and a scenario's name", async () => {
    const cards = join(dir, "cards.yaml");
    writeFileSync(
      cards,
      `cards:\n  - { id: imp, name: ${JSON.stringify(`Imp${evil}`)}, types: [creature], power: 1 }\n`,
    );
    const deck = join(dir, "deck.yaml");
    writeFileSync(deck, "- { card: imp, count: 20 }\n");
    const r = await runCli(main, [
      "play",
      "--game",
      "skirmish",
      "--seed",
      "1",
      "--cards",
      cards,
      "--deck",
      `P1=${deck}`,
      "--max-actions",
      "30",
    ]);
    expect(`${r.stdout}${r.stderr}`).toMatch(/Imp/);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(ACTS);

    const scenario = join(dir, "evil.yaml");
    writeFileSync(
      scenario,
      `name: ${JSON.stringify(`a name${evil}`)}\npreset: skirmish\nexpect: { over: true }\n`,
    );
    const ran = await runCli(main, ["run", scenario]);
    expect(ran.stdout).toContain("a name");
    expect(`${ran.stdout}${ran.stderr}`).not.toMatch(ACTS);
  });
});
