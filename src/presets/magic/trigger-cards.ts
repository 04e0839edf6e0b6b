/**
 * Optional ("may") triggered abilities (CR 603.5): the controller chooses whether to do it as the
 * ability resolves — a `may` op in its effect — not as it triggers; its targets are still chosen
 * as it is put on the stack (CR 603.3d). Brass Man ("you may pay {1}. If you do, …") is in cards.ts.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

export const triggerCards: CardDef[] = [
  // Tempest; {3}{B} Creature — Zombie 2/2 (text and stats from memory of the Oracle wording; no
  // source for it was reachable from here).
  {
    id: "gravedigger",
    name: "Gravedigger",
    types: ["creature"],
    cost: 4,
    power: 2,
    stats: { toughness: 2, subtypes: ["Zombie"], manaCost: "{3}{B}" },
    text: "When Gravedigger enters the battlefield, you may return target creature card from your graveyard to your hand.",
    abilities: [
      {
        id: "etb",
        kind: "triggered",
        text: "When Gravedigger enters the battlefield, you may return target creature card from your graveyard to your hand.",
        trigger: { on: "move", self: true, to: "battlefield" },
        cost: [
          {
            op: "choose",
            chooser: "controller",
            target: true,
            from: { zone: "graveyard", owner: "self", type: "creature" },
            as: "target",
            prompt: "target creature card in your graveyard",
          },
        ],
        effect: [
          {
            op: "may",
            prompt: "Return the creature card to your hand?",
            // biome-ignore lint/suspicious/noThenProperty: the op's argument
            then: [{ op: "move", what: "$target", to: "hand" }],
          },
        ],
      },
    ],
  },
];
