/**
 * Cards that change the turn itself: Relentless Assault adds a combat phase and a main phase
 * (CR 500.8, the kernel's `addNodes`; an additional main phase is a postcombat main phase,
 * CR 505.1a).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

export const turnCards: CardDef[] = [
  // Visions; {2}{R}{R} Sorcery, "Untap all creatures that attacked this turn. After this main
  // phase, there is an additional combat phase followed by an additional main phase." (from
  // memory: the Oracle wording could not be confirmed from a reachable source here).
  {
    id: "relentless-assault",
    name: "Relentless Assault",
    types: ["sorcery"],
    cost: 4,
    stats: { manaCost: "{2}{R}{R}" },
    text: "Untap all creatures that attacked this turn. After this main phase, there is an additional combat phase followed by an additional main phase.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        effect: [{ op: "untapAttackers" }, { op: "addNodes", after: "current", nodes: ["combat", "main2"] }],
      },
    ],
  },
];
