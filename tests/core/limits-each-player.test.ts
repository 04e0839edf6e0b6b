/**
 * `eachPlayer` event limits: "whenever an opponent draws their second card each turn" counts each
 * player's occurrences apart (CR 603.2; Faerie Mastermind) — at a trigger the event's player's, in
 * a query the watched player with the fewest.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import type { TurnNode } from "../../src/core/preset.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};
const limit = { counts: "event", key: "player", window: "turn", nth: 2 } as const;
const watcher = (id: string, eachPlayer: boolean): CardDef => ({
  id,
  name: id,
  types: ["creature"],
  abilities: [
    {
      id: "w",
      kind: "triggered",
      trigger: { on: "draw", player: "opponent", noun: "card drawn" },
      effect: [{ op: "log", text: "second" }],
      limit: { ...limit, ...(eachPlayer ? { eachPlayer } : {}) },
    },
  ],
});
const cards: CardDef[] = [
  { id: "token", name: "Token", types: ["creature"] },
  watcher("apart", true),
  watcher("together", false),
];

/** Three players; P1 has the watcher; "go" makes P2, then P3, then P2 and P3 again draw a card each. */
function table(card: string) {
  let step = 0;
  const order = [1, 2, 1, 2];
  const preset = tinyPreset({ turn, cards, onGo: (g) => g.draw(order[step++]!, 1) });
  const game = Game.create(preset, { setup: false, players: 3 });
  const obj = game.createCard(card, 0, "field");
  for (const p of [1, 2]) for (let i = 0; i < 4; i++) game.createCard("token", p, "deck");
  return { game: game.run(), id: obj.id };
}
const triggers = (g: Game) => g.state.log.filter((e) => e.type === "trigger").length;

describe("eachPlayer event limits", () => {
  it("trigger on each opponent's second card, not on the second card any opponent draws", () => {
    const { game, id } = table("apart");
    game.act("go"); // P2's first
    game.act("go"); // P3's first
    expect(triggers(game)).toBe(0);
    expect(game.remaining(0).find((r) => r.obj === game.ref(game.obj(id)))).toMatchObject({
      used: 1,
      max: 2,
    });
    game.act("go"); // P2's second
    expect(triggers(game)).toBe(1);
    // Asked beforehand: it may still happen, for P3.
    expect(game.canUse(id, "w")).toEqual({ ok: true });
    game.act("go"); // P3's second
    expect(triggers(game)).toBe(2);
    expect(game.canUse(id, "w").ok).toBe(false);
    // The first cards were refused with the reason, per player.
    const refused = game.state.log.filter((e) => e.type === "limitRefused").map((e) => e.data?.reason);
    expect(refused).toEqual([
      expect.stringMatching(/first card drawn/),
      expect.stringMatching(/first card drawn/),
    ]);
  });

  it("is refused, with the reason, on a limit that doesn't count events", () => {
    const bad = {
      ...watcher("bad", true),
      abilities: [
        {
          ...watcher("bad", true).abilities![0]!,
          limit: { counts: "trigger", key: "card", eachPlayer: true },
        },
      ],
    } as CardDef;
    expect(() => Game.create(tinyPreset({ turn, cards: [...cards, bad] }), { setup: false })).toThrow(
      /limit\.eachPlayer: eachPlayer counts each player's events apart: it needs counts: event, not counts: trigger/,
    );
  });

  it("is refused on a pattern not counted by player (any player, or its own object)", () => {
    const any = watcher("any", true);
    const ab = any.abilities![0]!;
    const bad = { ...any, abilities: [{ ...ab, trigger: { on: "draw", player: "any" } }] } as CardDef;
    expect(() => Game.create(tinyPreset({ turn, cards: [...cards, bad] }), { setup: false })).toThrow(
      /limit\.eachPlayer: eachPlayer splits events counted by player/,
    );
  });

  it("without eachPlayer, the events of all the players it watches share one count", () => {
    const { game } = table("together");
    for (let i = 0; i < 4; i++) game.act("go");
    expect(triggers(game)).toBe(1);
  });
});
