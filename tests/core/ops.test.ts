/** The kernel's effect ops (src/core/ops.ts) run from card effects; every op is exercised somewhere. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DefinitionError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import { kernelOps } from "../../src/core/ops.js";
import type { TurnNode } from "../../src/core/preset.js";
import type { CardDef, Op } from "../../src/core/vocabulary/schema.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};
/** A card whose ability triggers when its controller draws and runs `effect`. */
const onDraw = (id: string, effect: Op[]): CardDef => ({
  id,
  name: id,
  types: ["creature"],
  abilities: [{ id: "e", kind: "triggered", trigger: { on: "draw", player: "self" }, effect }],
});

function table(card: CardDef, owner = 0) {
  const preset = tinyPreset({
    turn,
    cards: [{ id: "token", name: "Token", types: ["creature"] }, card],
    onGo: (g) => g.draw(0, 1),
  });
  const game = Game.create(preset, { setup: false });
  game.createCard(card.id, owner, "field");
  game.createCard("token", 0, "deck");
  return game.run();
}

describe("kernel ops through card effects", () => {
  it("win and lose end the game for the player they name, with the reason", () => {
    const winner = table(onDraw("victory", [{ op: "win", player: "opponent", reason: "a gift" }]));
    winner.act("go");
    expect(winner.result).toEqual({ winner: 1, reason: expect.stringContaining("a gift"), turn: 1 });
    expect(() => winner.act("pass")).toThrow(/the game is over/);
    const loser = table(onDraw("defeat", [{ op: "lose", player: "self" }]));
    loser.act("go");
    expect(loser.result).toMatchObject({ winner: 1 });
  });

  it('"for as long as" its source stays, when the source has already left: the effect does nothing (CR 611.2b)', () => {
    const game = table(
      onDraw("fleeting", [
        { op: "move", what: "self", to: "graveyard" },
        {
          op: "gainControl",
          what: { select: { zone: "field", type: "creature" } },
          player: "opponent",
          expires: "source",
        },
      ]),
    );
    game.createCard("token", 0, "field");
    game.act("go");
    expect(game.state.durations).toEqual([]);
    expect(game.state.log.some((e) => e.type === "control")).toBe(false);
    expect(game.cardsIn("field", 0)).toHaveLength(1); // the Token stays P1's
  });

  it("stop the rest of an effect once the game is over", () => {
    const game = table(onDraw("stop", [{ op: "win" }, { op: "log", text: "after the end" }]));
    game.act("go");
    expect(game.result).toMatchObject({ winner: 0 });
    expect(game.state.log.some((e) => e.type === "note")).toBe(false);
  });

  it("checkTargets keeps only the targets still legal: a target that left is dropped (CR 608.2b)", () => {
    const effect: Op[] = [
      {
        op: "choose",
        target: true,
        chooser: "controller",
        as: "t",
        from: { zone: "field", type: "creature" },
        min: 1,
        max: 2,
      },
      { op: "choose", chooser: "controller", as: "gone", among: "$t", min: 1, max: 1 },
      { op: "move", what: "$gone", to: "graveyard" },
      { op: "checkTargets" },
      { op: "tap", what: "$t" },
    ];
    const game = table(onDraw("aimer", effect));
    game.createCard("token", 1, "field");
    game.act("go");
    const [first, second] = game.decision!.options;
    game.act(first!.id);
    game.act(second!.id);
    game.act(game.decision!.options[0]!.id); // the first target leaves
    const onField = game.cardsIn("field", 0).concat(game.cardsIn("field", 1));
    expect(onField.filter((o) => o.tapped)).toHaveLength(1); // only the target still there is tapped
    const gone = game.cardsIn("graveyard", 0).concat(game.cardsIn("graveyard", 1));
    expect(gone).toHaveLength(1);
    expect(gone[0]!.tapped).toBe(false); // without checkTargets, $t still names it and it is tapped
  });

  it("refuse a malformed op when the card is defined, naming the card and the op", () => {
    const bad = (effect: Op[]) => () =>
      Game.create(tinyPreset({ turn, cards: [onDraw("broken", effect)] }), { setup: false });
    expect(bad([{ op: "move", what: "self" }])).toThrow(DefinitionError);
    expect(bad([{ op: "move", what: "self" }])).toThrow(/broken.*op "move": needs to/);
    expect(bad([{ op: "teleport" }])).toThrow(/unknown op "teleport"; known: .*addCounter/);
    expect(bad([{ op: "if", if: { sometimes: true } }])).toThrow(/op "if": if is not valid/);
    expect(bad([{ op: "repeat", times: 2, do: [{ op: "nope" }] }])).toThrow(/unknown op "nope"/);
  });

  it("are each used at least once by a kernel scenario or this file", () => {
    const scenarios = readdirSync("scenarios/kernel", { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".yaml"))
      .map((f) => readFileSync(`scenarios/kernel/${f}`, "utf8"));
    const used = `${scenarios.join("\n")}\n${readFileSync(new URL(import.meta.url), "utf8")}`;
    const unused = Object.keys(kernelOps).filter((op) => !new RegExp(`op: "?${op}\\b`).test(used));
    expect(unused).toEqual([]);
  });
});
