/**
 * Cards of planeswalkers and the legend rule (planeswalkers.ts): Nissa, Voice of Zendikar (a
 * legendary planeswalker with three loyalty abilities, CR 306, 606) and Isamaru, Hound of Konda (a
 * legendary creature, CR 704.5j). `cost` is the mana value, `stats.manaCost` the printed cost.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";
import { LOYALTY, LOYALTY_LIMIT } from "./planeswalkers.js";

type CardDef = PresetCardDef<MagicOp>;
type Ability = NonNullable<CardDef["abilities"]>[number];

/**
 * A loyalty ability (CR 606): `+N` / `−N` (`n` signed) loyalty counters as its cost (CR 606.4;
 * a negative one needs that many, CR 606.6), at sorcery speed, and one loyalty ability of the
 * permanent each turn (CR 606.3, `LOYALTY_LIMIT`).
 */
export function loyaltyAbility(id: string, n: number, text: string, effect: MagicOp[]): Ability {
  return {
    id,
    kind: "activated",
    text: `${n > 0 ? `+${n}` : n === 0 ? "0" : `−${-n}`}: ${text}`,
    timing: "sorcery",
    cost: [{ op: "addCounter", what: "self", counter: LOYALTY, n }],
    effect,
    limit: LOYALTY_LIMIT,
  };
}

const YOUR_CREATURES = { select: { zone: "battlefield", controller: "self", type: "creature" } } as const;
const YOUR_LANDS = { count: { zone: "battlefield", controller: "self", type: "land" } } as const;

export const planeswalkerCards: CardDef[] = [
  // Oath of the Gatewatch; {1}{G}{G} Legendary Planeswalker — Nissa, loyalty 3. The +1 and −2 are
  // confirmed (channelfireball.com, "Nissa, Voice of Zendikar in Oath of the Gatewatch Standard",
  // in the older "put … onto the battlefield" wording); the −7 is written from memory.
  {
    id: "nissa-voice-of-zendikar",
    name: "Nissa, Voice of Zendikar",
    types: ["planeswalker"],
    cost: 3,
    stats: { manaCost: "{1}{G}{G}", loyalty: 3, supertypes: ["Legendary"], subtypes: ["Nissa"] },
    text: "+1: Create a 0/1 green Plant creature token. −2: Put a +1/+1 counter on each creature you control. −7: You gain X life and draw X cards, where X is the number of lands you control.",
    abilities: [
      loyaltyAbility("plant", 1, "Create a 0/1 green Plant creature token.", [
        { op: "createToken", token: "plant-token" },
      ]),
      loyaltyAbility("counters", -2, "Put a +1/+1 counter on each creature you control.", [
        { op: "addCounter", what: YOUR_CREATURES, counter: "+1/+1", n: 1 },
      ]),
      loyaltyAbility(
        "ultimate",
        -7,
        "You gain X life and draw X cards, where X is the number of lands you control.",
        [
          { op: "gainLife", n: YOUR_LANDS },
          { op: "draw", n: YOUR_LANDS },
        ],
      ),
    ],
  },
  // Champions of Kamigawa; {W} Legendary Creature — Dog 2/2, no abilities (from memory).
  {
    id: "isamaru-hound-of-konda",
    name: "Isamaru, Hound of Konda",
    types: ["creature"],
    cost: 1,
    power: 2,
    stats: { toughness: 2, manaCost: "{W}", supertypes: ["Legendary"], subtypes: ["Dog"] },
    text: "",
  },
];

/** The Plant token Nissa creates (CR 111: not a card; in the library for its characteristics). */
export const planeswalkerTokens: CardDef[] = [
  {
    id: "plant-token",
    name: "Plant",
    types: ["creature"],
    cost: 0,
    power: 0,
    stats: { toughness: 1, token: true, colors: ["green"], subtypes: ["Plant"] },
    text: "(A 0/1 green Plant creature token.)",
  },
];
