/**
 * Op arguments as data: every op of the kernel and of each built-in preset declares its arguments;
 * a card that misspells an op, an argument or a zone kind, or gives an argument of the wrong kind,
 * is refused when the game is created, naming preset, card, ability, the op's path and the
 * argument; the generated op types and docs/reference/ops.md are up to date.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderOpFiles } from "../../scripts/gen-ops.js";
import { DefinitionError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import { kernelOps } from "../../src/core/ops.js";
import type { CardDef } from "../../src/core/vocabulary/types.generated.js";
import { getPreset, presetIds } from "../../src/presets/index.js";

/** A lab game with one extra card whose activated ability has this effect. */
function withEffect(effect: unknown[]) {
  const card = {
    id: "typo-card",
    name: "Typo Card",
    types: ["creature"],
    abilities: [{ id: "oops", kind: "activated", effect }],
  };
  return () => Game.create(getPreset("lab"), { cards: [card as never] });
}

describe("op arguments", () => {
  it("are declared by every op of the kernel and of every built-in preset", () => {
    const missing: string[] = [];
    for (const [name, h] of Object.entries(kernelOps)) if (!h.args) missing.push(`kernel ${name}`);
    for (const id of presetIds())
      for (const [name, h] of Object.entries(getPreset(id).ops ?? {}))
        if (!h.args) missing.push(`${id} ${name}`);
    expect(missing).toEqual([]);
    for (const [name, h] of Object.entries(kernelOps)) expect(h.doc, name).toBeTruthy();
  });

  it("refuse an unknown op with the closest name, naming preset, card, ability and path", () => {
    expect(withEffect([{ op: "drwa" }])).toThrow(DefinitionError);
    expect(withEffect([{ op: "drwa" }])).toThrow(
      /preset "lab" card "typo-card" ability "oops": effect\[0\]: unknown op "drwa"; did you mean "draw"\?/,
    );
    // No close name: every op is listed.
    expect(withEffect([{ op: "teleport" }])).toThrow(/unknown op "teleport"; known: .*addCounter/);
  });

  it("refuse an unknown argument with the closest one", () => {
    expect(withEffect([{ op: "draw", nn: 2 }])).toThrow(
      /card "typo-card" ability "oops": effect\[0\]: op "draw": unknown argument "nn"; did you mean "n"\?/,
    );
    expect(withEffect([{ op: "draw", colour: 2 }])).toThrow(/unknown argument "colour"; it takes player, n/);
  });

  it("refuse an argument of the wrong kind, a missing one and a misspelled reference", () => {
    expect(withEffect([{ op: "draw", n: "two" }])).toThrow(
      /card "typo-card" ability "oops": effect\[0\]: op "draw": n must be a number, a "\$var", \{ count: Selector \}, \{ event: field \} or \{ batch: count \| field \}, not "two"/,
    );
    expect(withEffect([{ op: "draw", n: "$x" }])).not.toThrow(); // a variable is a number
    expect(withEffect([{ op: "move", what: "self" }])).toThrow(/op "move": needs to/);
    expect(withEffect([{ op: "tap", what: "slef" }])).toThrow(
      /what does not name objects: "slef"; did you mean "self"\?/,
    );
    expect(withEffect([{ op: "draw", player: "opponnent" }])).toThrow(
      /player does not name a player.*"opponent"/,
    );
    expect(withEffect([{ op: "coin", as: "$c" }])).toThrow(/as names a variable: write "c"/);
    // biome-ignore lint/suspicious/noThenProperty: "then" is the if op's branch in the card vocabulary
    expect(withEffect([{ op: "if", if: { turn: "self" }, then: { op: "draw" } }])).toThrow(
      /effect\[0\]\.then: must be a list of ops/,
    );
  });

  it("refuse a zone kind the preset does not have in move.to, with the closest one", () => {
    expect(withEffect([{ op: "move", what: "self", to: "feild" }])).toThrow(
      /card "typo-card" ability "oops": effect\[0\]: op "move": to is "feild", which is not a zone kind of this game; did you mean "field"\?/,
    );
  });

  it("check nested op lists and records, with the path down to the op", () => {
    const nested = [
      { op: "draw" },
      {
        op: "if",
        if: { turn: "self" },
        // biome-ignore lint/suspicious/noThenProperty: "then" is the if op's branch in the card vocabulary
        then: [
          { op: "log", text: "hi" },
          { op: "move", what: "self", to: "hnad" },
        ],
      },
    ];
    expect(withEffect(nested)).toThrow(
      /effect\[1\]\.then\[1\]: op "move": to is "hnad".*did you mean "hand"\?/,
    );
    const modes = [{ op: "modes", options: [{ id: "a", label: "A", do: [{ op: "drwa" }] }] }];
    expect(withEffect(modes)).toThrow(/effect\[0\]\.options\[0\]\.do\[0\]: unknown op "drwa"/);
    expect(withEffect([{ op: "modes", options: [{ id: "a", lable: "A", do: [] }] }])).toThrow(
      /options\[0\] has an unknown field "lable"; did you mean "label"\?/,
    );
    expect(withEffect([{ op: "if", if: { trun: "self" } }])).toThrow(/op "if": if is not valid/);
    expect(withEffect([{ op: "rename", name: "X", expires: { endOf: "mian" } }])).toThrow(
      /expires\.endOf is "mian", which is not a turn node; did you mean "main"\?/,
    );
    // Added phases name turn nodes: checked when the cards load, not when the effect runs.
    expect(withEffect([{ op: "addNodes", nodes: ["battle", "mian"] }])).toThrow(
      /op "addNodes": nodes names "mian", which is not a turn node; did you mean "main"\?/,
    );
    expect(withEffect([{ op: "addNodes", nodes: "battle" }])).toThrow(
      /op "addNodes": nodes must be a list of turn node ids, not "battle"/,
    );
    // `after`: "current", a node id or a list of them ("this main phase").
    expect(withEffect([{ op: "addNodes", after: ["main", "mian"], nodes: ["battle"] }])).toThrow(
      /op "addNodes": after names "mian", which is not a turn node; did you mean "main"\?/,
    );
    expect(withEffect([{ op: "addNodes", after: [], nodes: ["battle"] }])).toThrow(
      /op "addNodes": after must be "current", a turn node id or a non-empty list of them, not \[\]/,
    );
    expect(withEffect([{ op: "addNodes", after: ["main"], nodes: ["battle"] }])).not.toThrow();
  });

  it("type a card's ops at compile time", () => {
    const ok: CardDef = {
      id: "typed",
      name: "Typed",
      types: ["spell"],
      abilities: [
        {
          id: "a",
          kind: "activated",
          effect: [
            { op: "draw", n: 2 },
            // biome-ignore lint/suspicious/noThenProperty: "then" is the if op's branch in the card vocabulary
            { op: "if", if: { turn: "self" }, then: [{ op: "move", what: "self", to: "hand" }] },
            // @ts-expect-error: "drwa" is not a kernel op
            { op: "drwa" },
            // @ts-expect-error: draw takes n, not nn
            { op: "draw", nn: 2 },
            // @ts-expect-error: n is a number or a "$var"
            { op: "draw", n: "two" },
          ],
        },
      ],
    };
    expect(ok.id).toBe("typed");
  });

  it("generated types and docs/reference/ops.md are up to date (npm run gen)", () => {
    const stale: string[] = [];
    for (const [path, text] of Object.entries(renderOpFiles())) {
      let current = "";
      try {
        current = readFileSync(path, "utf8");
      } catch {
        // missing: stale
      }
      if (current !== text) stale.push(path);
    }
    expect(stale).toEqual([]);
  });
});
