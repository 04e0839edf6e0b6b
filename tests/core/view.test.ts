/** Each player's view (src/core/view.ts): hidden cards and the log entries about them are redacted. */
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

describe("views", () => {
  it("redact a draw for the opponent but not for the drawer", () => {
    const { game, secret } = table();
    game.act("go");
    const draw = (p: number) => game.viewFor(p).log.find((e) => e.type === "draw")!;
    expect(draw(0)).toMatchObject({ obj: secret.id, card: "secret", name: "Secret Weapon", player: 0 });
    expect(draw(1)).toMatchObject({ type: "draw", player: 0 });
    for (const f of ["obj", "inc", "card", "name", "seenBy"]) expect(draw(1)).not.toHaveProperty(f);
    expect(draw(0)).not.toHaveProperty("seenBy");
  });

  it("keep an ability of a hidden card, its prompt and the answer to its owner", () => {
    const { game, lurker } = table();
    game.act("go");
    // The trigger comes from P1's hand: P2 learns that something triggered, not what.
    const p2 = JSON.stringify(game.viewFor(1));
    expect(p2).not.toContain(lurker.id);
    expect(p2).not.toContain("Lurker");
    // (No check on "Secret Weapon": P2 holds a copy of their own, so the name is rightly in their view.)
    expect(JSON.stringify(game.viewFor(0))).toContain("Lurker");
    expect(game.viewFor(1).decision).toEqual({
      player: 0,
      kind: "useAbility",
      prompt: "P1 may use an ability",
    });
    game.act("yes");
    const answered = game
      .viewFor(1)
      .log.find((e) => e.type === "decision" && (e.data as { kind?: string }).kind === "useAbility")!;
    expect(answered.data).not.toHaveProperty("choice");
    expect(answered.data).not.toHaveProperty("label");
    expect(JSON.stringify(game.viewFor(1))).not.toContain("Lurker");
  });

  it("show the answer to a public decision to all, and a private option's only to the decider", () => {
    const preset = tinyPreset({
      turn,
      cards,
      mainActions: (g) => [
        { id: "go", label: "Go" },
        ...g
          .cardsIn("hand", 0)
          .map((o) => ({ id: `set:${o.id}`, label: `Set ${g.card(o).name}`, private: true })),
      ],
    });
    const game = Game.create(preset, { setup: false });
    const hidden = game.createCard("secret", 0, "hand");
    game.run().act("go");
    const answers = (p: number) =>
      game
        .viewFor(p)
        .log.filter((e) => e.type === "decision")
        .map((e) => e.data);
    expect(answers(1)).toMatchObject([{ choice: "go", label: "Go" }]);
    game.act(`set:${hidden.id}`);
    expect(answers(0)[1]).toMatchObject({ choice: `set:${hidden.id}`, label: "Set Secret Weapon" });
    expect(answers(1)[1]).not.toHaveProperty("choice");
    expect(answers(1)[1]).not.toHaveProperty("label");
    expect(JSON.stringify(game.viewFor(1))).not.toContain(hidden.id);
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
    expect(game.viewFor(1).zones[zoneId("hand", 0)]!.cards.every((c) => "hidden" in c)).toBe(true);
    game.move(top, zoneId("field", 0));
    // The card under went along as a card of its own (DM evolution sources), then the top.
    const field = () => game.viewFor(1).zones[zoneId("field", 0)]!.cards;
    expect(field()).toMatchObject([{ id: base.id }, { id: top.id, under: [] }]);
    const again = game.createCard("token", 0, "deck");
    putUnder(game, again, top);
    expect(field()[1]).toMatchObject({ id: top.id, under: [{ id: again.id }] });
    turnFaceDown(game, top, false);
    expect(field()[1]).toEqual({ hidden: true, tapped: false });
    expect(JSON.stringify(field())).not.toContain(again.id);
  });

  it("refuse an unknown viewer; redactEntry drops only what the viewer didn't see", () => {
    const { game } = table();
    expect(() => game.viewFor(5)).toThrow(/no player 5/);
    const entry = game.emit({
      type: "peek",
      player: 0,
      obj: "c1",
      card: "secret",
      name: "Secret Weapon",
      seenBy: [0],
    });
    expect(redactEntry(entry, 0)).toMatchObject({ obj: "c1", name: "Secret Weapon" });
    expect(redactEntry(entry, 1)).not.toHaveProperty("name");
    expect(entry.seenBy).toEqual([0]);
  });
});
