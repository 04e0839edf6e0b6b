/**
 * Each player's view (src/core/view.ts): cards by handles, identity only where seen, entries about
 * hidden cards not even shown to exist, no engine counters, other players' answers never shown.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import { putUnder, turnFaceDown, zoneId } from "../../src/core/objects.js";
import type { TurnNode } from "../../src/core/preset.js";
import { redactEntry } from "../../src/core/view.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};
const cards: CardDef[] = [
  { id: "token", name: "Token", types: ["creature"] },
  { id: "secret", name: "Secret Weapon", types: ["spell"] },
  {
    id: "lurker",
    name: "Lurker",
    types: ["creature"],
    abilities: [
      {
        id: "l",
        kind: "triggered",
        zones: ["hand"],
        optional: true,
        trigger: { on: "draw", player: "self" },
        effect: [{ op: "log", text: "lurking" }],
      },
    ],
  },
];

function table() {
  const game = Game.create(tinyPreset({ turn, cards, onGo: (g) => g.draw(0, 1) }), { setup: false });
  const lurker = game.createCard("lurker", 0, "hand");
  const secret = game.createCard("secret", 0, "deck");
  const theirs = game.createCard("secret", 1, "hand");
  return { game: game.run(), lurker, secret, theirs };
}

const COUNTERS = ["seq", "inc", "seenBy", "trackedBy", "audience", "h", "hWas", "trackedWas", "causeSeenBy"];

describe("views", () => {
  it("show a draw to the opponent as a draw, with nothing that names or counts the card", () => {
    const { game, secret } = table();
    game.act("go");
    const draw = (p: number) => game.viewFor(p).log.find((e) => e.type === "draw")!;
    // The drawer follows the card by its new handle: a card leaving a deck is renamed.
    expect(secret.handle).toMatch(/^k[a-z2-9]{7}$/);
    expect(draw(0)).toMatchObject({ obj: secret.handle, card: "secret", name: "Secret Weapon", player: 0 });
    expect(draw(1)).toMatchObject({ type: "draw", player: 0, from: "deck", to: "hand" });
    for (const f of ["obj", "card", "name", ...COUNTERS]) expect(draw(1)).not.toHaveProperty(f);
    for (const f of COUNTERS) expect(draw(0)).not.toHaveProperty(f);
    expect(draw(1).data).toEqual({});
  });

  it("never show a referee's id, in zones, log or decisions", () => {
    const { game } = table();
    game.act("go");
    for (const p of [0, 1]) {
      const text = JSON.stringify(game.viewFor(p));
      for (const id of Object.keys(game.state.objects))
        expect(text, `P${p + 1}'s view shows ${id}`).not.toMatch(new RegExp(`"${id}"|\\(${id}\\)`));
    }
  });

  it("keep a hidden card's trigger, its question and the answer to its owner: others see only that they decide", () => {
    const { game, lurker } = table();
    game.act("go");
    const p2 = game.viewFor(1);
    expect(JSON.stringify(p2)).not.toContain("Lurker");
    expect(JSON.stringify(p2)).not.toContain(lurker.handle);
    // Not even the trigger's existence: an entry about a card P2 can neither see nor follow is P1's alone.
    expect(p2.log.some((e) => e.type === "trigger")).toBe(false);
    expect(game.viewFor(0).log.some((e) => e.type === "trigger" && e.name === "Lurker")).toBe(true);
    expect(p2.decision).toEqual({
      player: 0,
      kind: "respond",
      prompt: "P1 may respond with a card only they can see",
    });
    expect(game.decision!.options.map((o) => o.id)).toEqual([`use:${lurker.handle}:l`, "no"]);
    game.act(`use:${lurker.handle}:l`);
    const answered = (p: number) =>
      game
        .viewFor(p)
        .log.filter((e) => e.type === "decision")
        .map((e) => e.data);
    expect(answered(1).every((d) => Object.keys(d ?? {}).join() === "kind")).toBe(true);
    expect(answered(0).some((d) => (d as { choice?: string }).choice === `use:${lurker.handle}:l`)).toBe(
      true,
    );
    expect(game.state.log.some((e) => e.type === "note" && e.data?.text === "lurking")).toBe(true);
  });

  it("show another player's answers to nobody else, private or not: what they do shows in the events", () => {
    const preset = tinyPreset({
      turn,
      cards,
      mainActions: (g) => [
        { id: "go", label: "Go" },
        ...g.cardsIn("hand", 0).map((o) => ({ id: `set:${g.ref(o)}`, label: `Set ${g.card(o).name}` })),
      ],
    });
    const game = Game.create(preset, { setup: false });
    const hidden = game.createCard("secret", 0, "hand");
    game.run().act("go");
    game.act(`set:${hidden.handle}`);
    const answers = (p: number) =>
      game
        .viewFor(p)
        .log.filter((e) => e.type === "decision")
        .map((e) => e.data);
    expect(answers(0)).toMatchObject([
      { kind: "main", choice: "go", label: "Go" },
      { kind: "main", choice: `set:${hidden.handle}`, label: "Set Secret Weapon" },
    ]);
    expect(answers(1)).toEqual([{ kind: "main" }, { kind: "main" }]);
    expect(JSON.stringify(game.viewFor(1))).not.toContain(hidden.handle);
  });

  it("rename a card that leaves a hidden zone, so a public card can't be linked to its hidden past", () => {
    const { game, theirs } = table();
    const inHand = theirs.handle;
    expect(inHand).not.toBe("");
    game.move(theirs, zoneId("field", 1));
    expect(theirs.handle).not.toBe(inHand);
    const move = game.state.log.at(-1)!;
    // The owner, who followed it in hand, learns both names; the opponent only the new one.
    expect(redactEntry(game, move, 1)).toMatchObject({ obj: theirs.handle, name: "Secret Weapon" });
    expect(redactEntry(game, move, 0)).toMatchObject({ obj: theirs.handle, name: "Secret Weapon" });
    expect(JSON.stringify(game.viewFor(0))).not.toContain(inHand);
    // Back to the hand from a public zone: everyone saw it go, the name is kept.
    const onField = theirs.handle;
    game.move(theirs, zoneId("hand", 1));
    expect(theirs.handle).toBe(onField);
    expect(redactEntry(game, game.state.log.at(-1)!, 0)).toMatchObject({ obj: onField });
  });

  it("show only this turn's log", () => {
    const { game } = table();
    game.act("go");
    game.act("no");
    game.act("pass");
    const v = game.viewFor(0);
    expect(v.log.length).toBeGreaterThan(0);
    expect(v.log.every((e) => e.turn === 2)).toBe(true);
  });

  it("hide cards under a hidden card, and show them under a visible one", () => {
    const { game } = table();
    const [top, base] = [game.createCard("token", 0, "hand"), game.createCard("token", 0, "deck")];
    putUnder(game, base, top);
    expect(
      game.viewFor(1).zones[zoneId("hand", 0)]!.cards.every((c) => Object.keys(c).join() === "hidden"),
    ).toBe(true);
    game.move(top, zoneId("field", 0));
    // The card under went along as a card of its own (DM evolution sources), then the top.
    const field = () => game.viewFor(1).zones[zoneId("field", 0)]!.cards;
    expect(field()).toMatchObject([{ id: base.handle }, { id: top.handle, under: [] }]);
    const again = game.createCard("token", 0, "deck");
    putUnder(game, again, top);
    expect(field()[1]).toMatchObject({ id: top.handle, under: [{ id: again.handle }] });
    turnFaceDown(game, top, false);
    // Face-down on the field: followed by its handle, its identity and what is under it hidden.
    expect(field()[1]).toEqual({ hidden: true, id: top.handle, tapped: false });
    expect(JSON.stringify(field())).not.toContain(again.handle);
  });

  it("refuse an unknown viewer; redactEntry drops what the viewer may not see, and entries they aren't told of", () => {
    const { game, theirs } = table();
    expect(() => game.viewFor(5)).toThrow(/no player 5/);
    expect(() => game.viewFor(0.5)).toThrow(/no player/);
    const entry = game.emit({
      type: "peek",
      player: 1,
      obj: theirs.id,
      card: "secret",
      name: "Secret Weapon",
    });
    // About a card in P2's hand: P1 can neither see nor follow it, so P1 isn't told it happened.
    expect(entry.audience).toEqual([1]);
    expect(redactEntry(game, entry, 1)).toMatchObject({ obj: theirs.handle, name: "Secret Weapon" });
    expect(redactEntry(game, entry, 0)).toBeNull();
    const reveal = game.emit({
      type: "reveal",
      player: 1,
      obj: theirs.id,
      card: "secret",
      name: "Secret Weapon",
      seenBy: [0, 1],
      audience: [0, 1],
    });
    // A reveal shows P1 the card, not the handle it has in P2's hand.
    expect(redactEntry(game, reveal, 0)).toMatchObject({ name: "Secret Weapon" });
    expect(redactEntry(game, reveal, 0)).not.toHaveProperty("obj");
  });

  it("hand out copies: changing a view, a decision or a listener's entry changes nothing", () => {
    const { game } = table();
    const before = game.serialize();
    const v = game.viewFor(0);
    (v.decision as { options: { id: string }[] }).options.push({ id: "win" });
    const d = game.decision!;
    d.options.push({ id: "win", label: "Win" });
    d.player = 1;
    expect(game.serialize()).toBe(before);
    expect(() => game.act("win")).toThrow(/not an option/);
    game.onEvent((e) => {
      e.type = "tampered";
      if (e.data) e.data.x = 1;
    });
    game.act("go");
    expect(game.state.log.some((e) => e.type === "tampered")).toBe(false);
    // Card definitions (and the limits a verdict hands out with them) are frozen.
    const lurker = game.rules.card("lurker");
    expect(() => {
      (lurker.abilities![0] as { optional: boolean }).optional = false;
    }).toThrow(TypeError);
  });
});
