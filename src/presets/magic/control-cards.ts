/**
 * Cards that change control (CR 613.1b, the kernel's `gainControl`): the creature comes to its new
 * controller's battlefield as the same object, so "Activate only once each turn" it used stays
 * used (CR 602.5b) and it is summoning sick for them (CR 302.6) unless it has haste; control goes
 * back as "until end of turn" effects end in the cleanup step (CR 514.2).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

export const controlCards: CardDef[] = [
  // {2}{R} Sorcery (Magic 2010 and later printings): "Gain control of target creature until end of
  // turn. Untap that creature. It gains haste until end of turn." (from memory: the Oracle wording
  // could not be confirmed from a reachable source here).
  {
    id: "act-of-treason",
    name: "Act of Treason",
    types: ["sorcery"],
    cost: 3,
    stats: { manaCost: "{2}{R}" },
    text: "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [
          {
            op: "choose",
            chooser: "controller",
            from: { type: "creature", zone: "battlefield" },
            as: "target",
            target: true,
            prompt: "target creature",
          },
        ],
        effect: [
          { op: "gainControl", what: "$target", expires: { tag: "endOfTurn" } },
          { op: "untap", what: "$target" },
          {
            op: "until",
            expires: { tag: "endOfTurn" },
            target: "$target",
            effect: { kind: "keyword", value: "haste" },
            label: "haste until end of turn",
          },
        ],
      },
    ],
  },
];
