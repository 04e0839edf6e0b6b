/**
 * `turnkit play --deck … --save` records the decks in the replay file, and `turnkit replay`
 * re-creates the game with them: the same final state, byte for byte. The
 * recorded decks are checked on reading like any deck; files without decks still replay.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/program.js";
import { runCli } from "../support/cli.js";

const dir = mkdtempSync(join(tmpdir(), "turnkit-replay-decks-"));
const file = (name: string, text: string): string => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};

// Two 20-card Skirmish decks, neither the preset's sample deck.
const P1_DECK = ["knight", "giant", "footsoldier", "herald", "chronicler"].flatMap((c) => Array(4).fill(c));
const P2_DECK = [
  ...Array(4).fill("giant"),
  ...Array(4).fill("timewalker"),
  ...Array(4).fill("herald"),
  ...Array(4).fill("knight"),
  ...Array(4).fill("chronicler"),
];
const yamlOf = (deck: string[]) =>
  [...new Set(deck)].map((c) => `- { card: ${c}, count: ${deck.filter((d) => d === c).length} }`).join("\n");

interface Summary {
  type: "summary";
  sha256: string;
  turns: number;
  winner: number | null;
  reason: string;
}
interface Result {
  type: "result";
  reproduced: boolean;
  sha256: string;
  turn: number;
  winner: number | null;
  reason: string | null;
}

const lastLine = (text: string) => JSON.parse(text.trim().split("\n").at(-1)!) as unknown;

async function playSaved(name: string, extra: string[] = []): Promise<{ save: string; summary: Summary }> {
  const save = join(dir, name);
  const r = await runCli(main, [
    "play",
    "--game",
    "skirmish",
    "--seed",
    "5",
    "--json",
    "--save",
    save,
    ...extra,
  ]);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return { save, summary: lastLine(r.stdout) as Summary };
}

describe("replay files record the decks of play --deck", () => {
  const p1 = file("p1.yaml", yamlOf(P1_DECK));
  const p2 = file("p2.yaml", yamlOf(P2_DECK));

  it("saves both decks and replays the game to the same final state", async () => {
    const { save, summary } = await playSaved("decks.json", ["--deck", `P1=${p1}`, "--deck", `P2=${p2}`]);
    const saved = JSON.parse(readFileSync(save, "utf8")) as { decks?: string[][]; final: { sha256: string } };
    expect(saved.decks).toEqual([P1_DECK, P2_DECK]);
    expect(saved.final.sha256).toBe(summary.sha256);

    const r = await runCli(main, ["replay", "--json", "--quiet", save]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const result = lastLine(r.stdout) as Result;
    expect(result).toMatchObject({ reproduced: true, sha256: summary.sha256, turn: summary.turns });
    expect(result.winner).toBe(summary.winner);
    expect(result.reason).toBe(summary.reason);

    // The decks matter: without them the preset deals its own, and the replay does not reproduce.
    const { decks: _, ...withoutDecks } = saved;
    const stripped = file("stripped.json", `${JSON.stringify(withoutDecks)}\n`);
    const s = await runCli(main, ["replay", "--quiet", stripped]);
    expect(s.code).toBe(1);
    expect(s.stderr).toMatch(/^turnkit: .*stripped\.json:1:\d+: response \d+ of \d+ /);
  });

  it("records the sample deck of a player without a deck file", async () => {
    const { save, summary } = await playSaved("one-deck.json", ["--deck", `P2=${p2}`]);
    const saved = JSON.parse(readFileSync(save, "utf8")) as { decks?: string[][] };
    expect(saved.decks).toHaveLength(2);
    expect(saved.decks![0]).toHaveLength(20);
    expect(saved.decks![1]).toEqual(P2_DECK);
    const r = await runCli(main, ["replay", "--json", "--quiet", save]);
    expect(r.code).toBe(0);
    expect((lastLine(r.stdout) as Result).sha256).toBe(summary.sha256);
  });

  it("writes no decks without --deck, and such files replay as before", async () => {
    const { save, summary } = await playSaved("plain.json");
    expect(JSON.parse(readFileSync(save, "utf8"))).not.toHaveProperty("decks");
    const r = await runCli(main, ["replay", "--json", "--quiet", save]);
    expect(r.code).toBe(0);
    expect((lastLine(r.stdout) as Result).sha256).toBe(summary.sha256);
  });

  it("refuses a tampered deck with one line naming the file, the deck and the problem (exit 2)", async () => {
    const { save } = await playSaved("to-tamper.json", ["--deck", `P1=${p1}`, "--deck", `P2=${p2}`]);
    const text = readFileSync(save, "utf8");
    const saved = JSON.parse(text) as { decks: string[][] };
    const tamper = (name: string, decks: unknown) => file(name, `${JSON.stringify({ ...saved, decks })}\n`);
    const column = (f: string, at: string) => readFileSync(f, "utf8").indexOf(at) + 1;

    const extra = tamper("extra-giant.json", [saved.decks[0], [...saved.decks[1]!, "giant"]]);
    const r = await runCli(main, ["replay", "--quiet", extra]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toBe(
      `turnkit: ${extra}:1:${column(extra, `],["${saved.decks[1]![0]}"`) + 2}: decks[1]: P2's deck is not a legal Skirmish (example) deck: 5 copies of Giant; at most 4; 21 cards in the deck; it must have exactly 20\n`,
    );

    const typo = tamper("typo.json", [["knigth", ...saved.decks[0]!.slice(1)], saved.decks[1]]);
    const t = await runCli(main, ["replay", "--quiet", typo]);
    expect(t.code).toBe(2);
    expect(t.stderr).toMatch(
      new RegExp(
        `^turnkit: ${typo.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:1:\\d+: decks\\[0\\]: P1's deck is not a legal Skirmish \\(example\\) deck: unknown card "knigth" \\(did you mean "knight"\\?\\); 19 cards in the deck; it must have exactly 20\\n$`,
      ),
    );

    const one = tamper("one.json", [saved.decks[0]]);
    const o = await runCli(main, ["replay", "--quiet", one]);
    expect(o.code).toBe(2);
    expect(o.stderr).toContain(
      `${one}:1:${column(one, '"decks"') + 8}: decks: 1 deck for 2 players; a replay file records one deck per player`,
    );

    const notIds = tamper("not-ids.json", [saved.decks[0], [1, 2]]);
    const n = await runCli(main, ["replay", "--quiet", notIds]);
    expect(n.code).toBe(2);
    expect(n.stderr).toContain("decks[1][0]: Invalid input: expected string, received number");
  });
});
