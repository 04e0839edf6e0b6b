/**
 * Cards that probe the turn and its limits against official rulings: Sphinx of the Second Sun
 * adds a whole beginning phase (CR 500.8) — untap, upkeep and draw happen again in the same turn,
 * which stays the same turn for "until end of turn", "once each turn" and summoning sickness.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

export const limitCards: CardDef[] = [
  // {6}{U}{U} Creature — Sphinx 6/6 (from memory of the Oracle text, set and stats: no source for
  // it was reachable here). "Your postcombat main phase" is every postcombat main phase of your
  // turn (an additional one too, CR 505.1a); "after this phase": CR 500.8, the kernel's addNodes.
  {
    id: "sphinx-of-the-second-sun",
    name: "Sphinx of the Second Sun",
    types: ["creature"],
    cost: 8,
    power: 6,
    keywords: ["flying"],
    stats: { manaCost: "{6}{U}{U}", toughness: 6, subtypes: ["Sphinx"] },
    text: "Flying\nAt the beginning of your postcombat main phase, there is an additional beginning phase after this phase. (The beginning phase includes the untap, upkeep, and draw steps.)",
    abilities: [
      {
        id: "secondSun",
        kind: "triggered",
        text: "At the beginning of your postcombat main phase, there is an additional beginning phase after this phase.",
        trigger: { on: "nodeBegin", player: "self", where: { "data.node": "main2" } },
        effect: [{ op: "addNodes", after: "main2", nodes: ["beginning"] }],
      },
    ],
  },
];
