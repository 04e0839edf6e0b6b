/**
 * Cards that change control (CR 613.1b, the kernel's `gainControl`): the creature comes to its new
 * controller's battlefield as the same object, so "Activate only once each turn" it used stays
 * used (CR 602.5b) and it is summoning sick for them (CR 302.6) unless it has haste; control goes
 * back as "until end of turn" effects end in the cleanup step (CR 514.2).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { targetCreature } from "./card-parts.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

export const controlCards: CardDef[] = [
  // Lorwyn; {2}{U}{U} Creature — Faerie Wizard 2/2 (from memory of the Oracle wording: no source
  // was reachable here). "For as long as Sower remains on the battlefield": the kernel's expiry
  // "source" (its incarnation leaving ends it); if Sower has left before the ability resolves, the
  // duration is already over and the effect does nothing (CR 611.2b).
  {
    id: "sower-of-temptation",
    name: "Sower of Temptation",
    types: ["creature"],
    cost: 4,
    power: 2,
    keywords: ["flying"],
    stats: { manaCost: "{2}{U}{U}", toughness: 2, subtypes: ["Faerie", "Wizard"] },
    text: "Flying\nWhen Sower of Temptation enters the battlefield, gain control of target creature for as long as Sower of Temptation remains on the battlefield.",
    abilities: [
      {
        id: "etb",
        kind: "triggered",
        text: "When Sower of Temptation enters the battlefield, gain control of target creature for as long as Sower of Temptation remains on the battlefield.",
        trigger: { on: "move", self: true, to: "battlefield" },
        cost: [targetCreature],
        effect: [{ op: "gainControl", what: "$target", expires: "source" }],
      },
    ],
  },
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
        cost: [targetCreature],
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
