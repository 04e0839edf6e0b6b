/**
 * `turnkit play --seat P1`: a person answers one seat's decisions — numbered options from that
 * player's view, help, undo of their last choice, a number out of range asked again, quit — and
 * answers piped on standard input work.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { linesOf } from "../../src/cli/human.js";
import { main } from "../../src/cli/program.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

async function play(args: string[], answers: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(["play", ...args], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: {},
    stdin: linesOf(answers),
  });
  return { code, stdout, stderr };
}

describe("turnkit play --seat", () => {
  it("shows the question with numbered options, asks again after a bad answer, helps, undoes and quits", async () => {
    const r = await play(
      ["--game", "skirmish", "--seed", "2", "--seat", "P1"],
      ["9", "x", "?", "1", "u", "2", "q"],
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("▶ P1, your decision: Play a card or pass");
    expect(r.stdout).toMatch(/ {2}1\. Play Timewalker\n {2}2\. Play Giant\n/);
    expect(r.stdout).toContain("There is no option 9: choose 1 to 5.");
    expect(r.stdout).toContain('"x" is not an option number.');
    expect(r.stdout).toContain("u, undo");
    // Help lists what P1 holds, and of P2's hand only how many cards.
    expect(r.stdout).toMatch(/P1's hand: 4 cards — Timewalker, Giant, Chronicler, Chronicler/);
    expect(r.stdout).toMatch(/P2's hand: 4 cards\n/);
    // Timewalker was played, then undone: Giant is played from the same decision instead.
    expect(r.stdout).toContain("P1 plays Timewalker.");
    expect(r.stdout).toContain("↶ Undone: back to your decision of turn 1.");
    const afterUndo = r.stdout.slice(r.stdout.indexOf("↶ Undone"));
    expect(afterUndo).toContain("1. Play Timewalker");
    expect(afterUndo).toContain("P1 plays Giant.");
    expect(r.stdout).toContain("You quit the game.");
  });

  it("never shows another player's hidden cards or answers", async () => {
    const r = await play(["--game", "duel-masters", "--seed", "1", "--human", "P1"], Array(400).fill("1"));
    expect(r.stderr).toBe("");
    // P2's draws are told without the card; P2's own choices are not narrated.
    expect(r.stdout).toMatch(/P2 draws a card\./);
    expect(r.stdout).not.toMatch(/P2: .* → /);
    expect(r.stdout).not.toMatch(/⊘ P2/);
  });

  it("the undo with nothing to undo says so; the end of the input stops the game", async () => {
    const r = await play(["--game", "skirmish", "--seed", "2", "--seat", "2"], ["u"]);
    expect(r.stdout).toContain("Nothing to undo");
    expect(r.stdout).toContain("The input ended");
  });

  it("answers piped into the process", () => {
    const r = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        join(root, "src/cli/main.ts"),
        "play",
        "--game",
        "skirmish",
        "--seed",
        "2",
        "--seat",
        "P1",
        "--no-auto-pass",
      ],
      { cwd: root, encoding: "utf8", input: "0\n5\nq\n", env: { ...process.env, NO_COLOR: "1" } },
    );
    expect(r.stderr.replace(/npm warn.*\n/g, "")).toBe("");
    expect(r.stdout).toContain("There is no option 0");
    // Ending the main step says nothing of itself: the next step begins.
    expect(r.stdout).toMatch(/Choose 1–5 \(\? help, u undo, q quit\): ▸ Combat step/);
    expect(r.stdout).toContain("stopped after 1 action. 1 turn, 1 decision.");
  });

  it("refuses a seat or a player count the game does not have", async () => {
    const seat = await play(["--game", "skirmish", "--seat", "P3"], []);
    expect(seat.code).toBe(2);
    expect(seat.stderr).toContain("--seat P3: there is no P3 in a game of 2 players");
    const players = await play(["--game", "magic", "--players", "5"], []);
    expect(players.code).toBe(2);
    expect(players.stderr).toContain("--players 5: Magic: The Gathering is played by 2 to 4 players");
    const dm = await play(["--game", "duel-masters", "--players", "3"], []);
    expect(dm.stderr).toContain("is played by 2 players");
  });

  it("--players 3 plays a three-player Magic game", async () => {
    const r = await play(["--game", "magic", "--seed", "1", "--players", "3"], []);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("━━ Turn 3 · P3 ━━");
  });
});
