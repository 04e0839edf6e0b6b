/**
 * The Narrator makes a game's lines read as what happened, each thing said once: an answer told
 * by what it caused, passes unsaid, a move told by the preset's own line before what it
 * triggered, repeats merged — and counts read "1 card", "2 cards".
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import type { JsonObject } from "../../src/core/json.js";
import { plural, pluralOf } from "../../src/core/labels.js";
import { narrate } from "../../src/core/narrate.js";
import { narrateLog } from "../../src/core/narrator.js";
import type { LogEntry } from "../../src/core/types.js";
import { getPreset } from "../../src/presets/index.js";

const game = Game.create(getPreset("lab"), { seed: 1 });

let seq = 1000;
/** An entry stamped on turn 3, in the main phase. */
const entry = (e: Omit<LogEntry, "seq" | "turn" | "active" | "node" | "attack">): LogEntry => ({
  turn: 3,
  active: 0,
  node: "main",
  attack: null,
  ...e,
  seq: ++seq,
});

/** P1's answer to "Play a card" (its option names the card by its handle). */
const answer = (choice: string, label: string, more: JsonObject = {}): LogEntry =>
  entry({
    type: "decision",
    player: 0,
    data: { decision: seq, kind: "main", prompt: "Play a card", choice, label, ...more },
    seenBy: [0],
    public: ["kind"],
  });
const pass = (player = 0): LogEntry =>
  entry({
    type: "decision",
    player,
    data: { decision: seq, kind: "respond", prompt: "Respond?", choice: "pass", label: "Pass", pass: true },
    seenBy: [player],
    public: ["kind"],
  });
/** Lab Rat moves from P1's hand to the field: a new handle, the one P1 knew it by in hWas. */
const moved = (): LogEntry =>
  entry({
    type: "move",
    player: 0,
    obj: "c1",
    inc: 7,
    name: "Lab Rat",
    from: "hand",
    to: "field",
    h: "kbbbbbbb",
    hWas: "kaaaaaaa",
    trackedWas: [0],
  });
const played = (): LogEntry =>
  entry({ type: "play", player: 0, obj: "c1", inc: 7, name: "Lab Rat", h: "kbbbbbbb" });
const triggered = (): LogEntry =>
  entry({
    type: "trigger",
    player: 0,
    obj: "c1",
    inc: 7,
    name: "Lab Rat",
    data: { ability: "enter", pending: 1 },
  });
const damage = (n: number): LogEntry => entry({ type: "damage", player: 1, data: { n, life: 20 - n } });

const texts = (entries: LogEntry[], viewer: number | null = null) =>
  narrateLog(game, entries, viewer).map((l) => l.text);

describe("Narrator", () => {
  it("an answer is told by the line about its card that follows, through the card's new handle", () => {
    const log = [answer("play:kaaaaaaa", "Play Lab Rat"), moved(), played(), answer("x", "Something else")];
    const told = ["P1 plays Lab Rat.", "P1: Play a card → Something else"];
    expect(texts(log)).toEqual(told);
    // P1 knew the card by its old handle: told the same.
    expect(texts(log, 0)).toEqual(told);
  });

  it("an answer nothing tells is said as question → answer, before what follows", () => {
    expect(texts([answer("attack", "Attack with everything"), damage(2)])).toEqual([
      "P1: Play a card → Attack with everything",
      "P2 takes 2 damage (life 18).",
    ]);
  });

  it("an answer that lets the moment pass says nothing and doesn't end what the answer before it caused", () => {
    expect(texts([answer("play:kaaaaaaa", "Play Lab Rat"), pass(1), pass(0), moved(), played()])).toEqual([
      "P1 plays Lab Rat.",
    ]);
  });

  it("a question with one answer is said as the question", () => {
    expect(
      texts([
        answer("done", "Find nothing", {
          prompt: "Search your deck: nothing there can be chosen",
          only: true,
        }),
      ]),
    ).toEqual(["P1: Search your deck: nothing there can be chosen."]);
  });

  it("a move the preset's line tells is left unsaid; the preset's line comes before what the move triggered", () => {
    expect(texts([moved(), triggered(), played()])).toEqual([
      "P1 plays Lab Rat.",
      "⚡ Lab Rat (P1) triggers.",
    ]);
    // A move nothing restates is said in the kernel's words.
    expect(texts([moved(), damage(1)])).toEqual([
      "Lab Rat moves from P1's hand to the field.",
      "P2 takes 1 damage (life 19).",
    ]);
  });

  it("the same line twice in a row is one line with (×2)", () => {
    expect(texts([triggered(), triggered(), damage(1)])).toEqual([
      "⚡ Lab Rat (P1) triggers. (×2)",
      "P2 takes 1 damage (life 19).",
    ]);
  });

  it("another player's answers are never told; the viewer's own are", () => {
    const log = [answer("attack", "Attack with everything"), damage(2)];
    expect(texts(log, 1)).toEqual(["P2 takes 2 damage (life 18)."]);
    expect(texts(log, 0)).toEqual([
      "P1: Play a card → Attack with everything",
      "P2 takes 2 damage (life 18).",
    ]);
  });

  it("a zone change under another event name the preset doesn't word is told as a move", () => {
    const e = entry({
      type: "banish",
      player: 0,
      obj: "c1",
      inc: 8,
      name: "Lab Rat",
      from: "field",
      to: "graveyard",
    });
    expect(narrate(game, e)?.text).toBe("Lab Rat moves from P1's field to the graveyard.");
  });

  it("a handle in a sentence is left out; a name ending in a full stop gets no second one", () => {
    const h = game.ref(game.cardsIn("hand", 0)[0]!);
    const e = entry({ type: "note", data: { text: `Used by Lab Rat (${h}), not by Q.E.D..` } });
    expect(narrate(game, e)?.text).toBe("Used by Lab Rat, not by Q.E.D.");
  });
});

describe("plural", () => {
  it("one, many and the spelling rules", () => {
    expect(plural(1, "card")).toBe("1 card");
    expect(plural(0, "card")).toBe("0 cards");
    expect(plural(2, "copy")).toBe("2 copies");
    expect(plural(3, "match")).toBe("3 matches");
    expect(plural(2, "day")).toBe("2 days");
    expect(plural(2, "Normal Summon or Set", "Normal Summons or Sets")).toBe("2 Normal Summons or Sets");
    expect(pluralOf("ability")).toBe("abilities");
  });
});
