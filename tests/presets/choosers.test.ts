/**
 * Who chooses: every `choose` op of every built-in card library states its
 * `chooser` — the printed text says who picks ("your opponent discards a card" is the opponent's
 * choice from their own hand), so no card may lean on the kernel's default (the controller). The
 * walk covers each ability's `cost`, `effect` and `instead`, and every block nested in them
 * (`then`/`else`, `do`, modes' options, …), whatever op holds it.
 */
import { describe, expect, it } from "vitest";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { getPreset, presetIds } from "../../src/presets/index.js";

const FIELDS = ["cost", "effect", "instead"] as const;

/** Every `choose` op anywhere inside this value (ops, nested blocks, modes' options). */
function chooseOps(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) chooseOps(v, out);
  else if (value !== null && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (o.op === "choose") out.push(o);
    for (const v of Object.values(o)) chooseOps(v, out);
  }
  return out;
}

/** "card-id ability-id (field): prompt" for each choose op without an explicit chooser. */
function missingChoosers(cards: readonly CardDef[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const card of cards) {
    if (seen.has(card.id)) continue;
    seen.add(card.id);
    for (const ability of card.abilities ?? [])
      for (const field of FIELDS)
        for (const op of chooseOps((ability as Record<string, unknown>)[field]))
          if (op.chooser === undefined)
            out.push(`${card.id} ${ability.id} (${field}): ${String(op.prompt ?? op.as ?? "")}`);
  }
  return out;
}

describe("every choose op of a built-in library names its chooser", () => {
  it("finds choose ops nested anywhere in an ability", () => {
    const card: CardDef = {
      id: "probe",
      name: "Probe",
      types: ["creature"],
      abilities: [
        {
          id: "a",
          kind: "triggered",
          effect: [
            {
              op: "modes",
              options: [{ id: "m", label: "m", do: [{ op: "choose", from: { zone: "hand" }, as: "x" }] }],
            },
          ],
        },
        {
          id: "b",
          kind: "replacement",
          instead: [
            // biome-ignore lint/suspicious/noThenProperty: "then" is the may op's branch in the card vocabulary
            { op: "may", then: [{ op: "choose", from: { zone: "hand" }, as: "y", chooser: "opponent" }] },
          ],
        },
      ],
    };
    expect(missingChoosers([card])).toEqual(["probe a (effect): x"]);
  });

  // One test per preset, so a library still under review fails alone and names its cards.
  it.each(presetIds())("%s", (id) => {
    const missing = missingChoosers(getPreset(id).cards);
    expect(missing, `choose ops without an explicit chooser in ${id}:\n  ${missing.join("\n  ")}`).toEqual(
      [],
    );
  });
});
