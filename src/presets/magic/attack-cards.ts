/**
 * Cards for the rules of attacking (CR 506.5, 508.1g–h, 508.4): attack costs (Propaganda, Ghostly
 * Prison; attack-costs.ts), attacking alone and exalted (Akrasan Squire; CR 702.83), a token put
 * onto the battlefield attacking (Geist of Saint Traft; attackers.ts).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

const TAX =
  "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.";

/** "Creatures can't attack you unless their controller pays {2} …" (CR 508.1g): attack-costs.ts. */
const attackTax = (id: string, name: string, manaCost: string): CardDef => ({
  id,
  name,
  types: ["enchantment"],
  cost: 3,
  stats: { manaCost },
  text: TAX,
  abilities: [{ id: "tax", kind: "static", text: TAX, static: { kind: "attackCost", mana: "{2}" } }],
});

export const attackCards: CardDef[] = [
  // Tempest; {2}{U} Enchantment (Oracle text and cost confirmed on mtg.wtf and aetherhub, with the
  // rulings: cumulative; paid as the attacker is declared; a planeswalker may be attacked freely).
  attackTax("propaganda", "Propaganda", "{2}{U}"),
  // Champions of Kamigawa; {2}{W} Enchantment, the same text (cost from memory).
  attackTax("ghostly-prison", "Ghostly Prison", "{2}{W}"),
];
