/** A "reveal" event shows its card to every player unless it names who sees it (src/core/events.ts). */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import { tinyPreset } from "../support/tiny.js";

const turn = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step" as const, interaction: "main" }],
};

function withHandCard() {
  const game = Game.create(
    tinyPreset({ turn, cards: [{ id: "secret", name: "Secret Card", types: ["thing"] }] }),
    {
      setup: false,
    },
  );
  const card = game.createCard("secret", 0, "hand");
  game.run();
  return { game, card };
}

describe("reveal events", () => {
  it("a card revealed from a hand is named in every player's log, its handle still not followable", () => {
    const { game, card } = withHandCard();
    game.emit({
      type: "reveal",
      player: 0,
      obj: card.id,
      inc: card.inc,
      card: card.card,
      name: "Secret Card",
    });
    const last = game.viewFor(1).log.at(-1)!;
    expect(last.type).toBe("reveal");
    expect(last.name).toBe("Secret Card");
  });

  it("a reveal to some players only stays theirs", () => {
    const { game, card } = withHandCard();
    game.emit({
      type: "reveal",
      player: 0,
      obj: card.id,
      inc: card.inc,
      card: card.card,
      name: "Secret Card",
      seenBy: [0],
    });
    expect(JSON.stringify(game.viewFor(1).log)).not.toContain("Secret Card");
  });
});
