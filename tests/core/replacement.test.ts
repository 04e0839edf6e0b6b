/** Replacement effects: one per event, never replacing their own events, in play order (RULINGS DM-3.8, DM-3.9). */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import { zoneId } from "../../src/core/objects.js";
import type { Preset, TurnNode } from "../../src/core/preset.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};
const redirect = (id: string, name: string, from: string, to: string, extra: object = {}): CardDef => ({
  id,
  name,
  types: ["creature"],
  abilities: [
    {
      id: "r",
      kind: "replacement",
      replaces: { on: "move", to: from, card: { type: "creature" }, ...extra },
      instead: [{ op: "move", what: "event", to }],
    },
  ],
});
const cards: CardDef[] = [
  { id: "token", name: "Token", types: ["creature"] },
  { id: "spell", name: "Spell", types: ["spell"] },
  redirect("to-deck", "Recycler", "graveyard", "deck"),
  redirect("to-hand", "Savior", "graveyard", "hand"),
  redirect("deck-to-hand", "Fetcher", "deck", "hand"),
  {
    ...redirect("once", "Once Savior", "graveyard", "hand"),
    abilities: [
      {
        ...redirect("x", "x", "graveyard", "hand").abilities![0]!,
        limit: { counts: "application", key: "card", window: "turn" },
      },
    ],
  },
];

/** "go" moves the first card of P1's hand to P1's graveyard through the replacement check. */
function table(field: string[], victim = "token", preset: Partial<Preset> = {}) {
  const base = tinyPreset({
    turn,
    cards,
    onGo: (g) => g.moveWithReplacement(g.cardsIn("hand", 0)[0]!, zoneId("graveyard", 0)),
  });
  const game = Game.create({ ...base, ...preset }, { setup: false });
  const objs = field.map((c) => game.createCard(c, 0, "field"));
  const target = game.createCard(victim, 0, "hand");
  return { game: game.run(), ids: objs.map((o) => o.id), target };
}
const replaced = (g: Game) => g.state.log.filter((e) => e.type === "replaced");

describe("replacement effects", () => {
  it("replace a matching event instead of performing it", () => {
    const { game, ids, target } = table(["to-deck"]);
    game.act("go");
    expect(game.zone("deck", 0).cards).toEqual([target.id]);
    expect(game.zone("graveyard", 0).cards).toEqual([]);
    expect(replaced(game)).toHaveLength(1);
    expect(replaced(game)[0]).toMatchObject({ obj: ids[0], data: { replaced: "move", target: target.id } });
  });

  it("leave events they don't match alone", () => {
    const { game, target } = table(["to-deck"], "spell");
    game.act("go");
    expect(game.zone("graveyard", 0).cards).toEqual([target.id]);
    expect(replaced(game)).toEqual([]);
  });

  it("never replace the event a replacement does instead (DM-3.8)", () => {
    // Recycler sends the card to the deck instead; Fetcher would replace a move to the deck, but not this one.
    const { game } = table(["to-deck", "deck-to-hand"]);
    game.act("go");
    expect(replaced(game)).toHaveLength(1);
    expect(game.zone("hand", 0).cards).toEqual([]);
    expect(game.zone("deck", 0).cards).toHaveLength(1);
  });

  it("apply at most one per event: the first in play order, naming those not applied (DM-3.9)", () => {
    const { game, ids } = table(["to-hand", "to-deck"]);
    game.act("go");
    expect(replaced(game)).toHaveLength(1);
    expect(replaced(game)[0]).toMatchObject({ obj: ids[0], data: { notApplied: ["Recycler"] } });
    expect(game.zone("hand", 0).cards).toHaveLength(1);
  });

  it("let the preset choose among several", () => {
    const { game, ids } = table(["to-hand", "to-deck"], "token", {
      chooseReplacement: (_g, _ev, candidates) => candidates[candidates.length - 1]!,
    });
    game.act("go");
    expect(replaced(game)[0]).toMatchObject({ obj: ids[1], data: { notApplied: ["Savior"] } });
    expect(game.zone("deck", 0).cards).toHaveLength(1);
  });

  it("charge a limit on application and refuse the next one with a reason", () => {
    const { game, target } = table(["once"]);
    game.act("go");
    expect(game.zone("hand", 0).cards).toEqual([target.id]);
    game.act("go");
    expect(replaced(game)).toHaveLength(1);
    expect(game.zone("graveyard", 0).cards).toEqual([target.id]);
    const refused = game.state.log.find((e) => e.type === "limitRefused")!;
    expect(refused.data).toMatchObject({ at: "replacement" });
    expect(String(refused.data?.reason)).toMatch(/Once Savior/);
  });
});
