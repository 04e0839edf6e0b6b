/**
 * Cards that make it day or night, or care when it changes (CR 726, day-night.ts): The Celestus
 * and Brimstone Vandal ("if it's neither day nor night, it becomes day as <this> enters the
 * battlefield": `stats.dayAsEnters`; "whenever day becomes night or night becomes day": a trigger
 * on the `dayNight` event whose `data.was` is day or night — becoming day from neither is not such a
 * change, CR 726.2). Oracle texts are written from memory (no source was reachable here), as the
 * XMage tests describe them (DayNightTest).
 */
import type { EventPattern, PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

/** "Whenever day becomes night or night becomes day" (not neither becoming day or night, CR 726.2). */
const DAY_NIGHT_CHANGES: EventPattern = { on: "dayNight", where: { "data.was": { in: ["day", "night"] } } };

export const dayNightCards: CardDef[] = [
  // Innistrad: Midnight Hunt; {3} Legendary Artifact: "If it's neither day nor night, it becomes day
  // as The Celestus enters the battlefield. {3}, {T}: If it's night, it becomes day. Otherwise, it
  // becomes night. Activate only as a sorcery. Whenever day becomes night or night becomes day, you
  // may pay {1}. If you do, draw a card, then discard a card."
  {
    id: "the-celestus",
    name: "The Celestus",
    types: ["artifact"],
    cost: 3,
    stats: { manaCost: "{3}", supertypes: ["Legendary"], dayAsEnters: true },
    text: "If it's neither day nor night, it becomes day as The Celestus enters the battlefield.\n{3}, {T}: If it's night, it becomes day. Otherwise, it becomes night. Activate only as a sorcery.\nWhenever day becomes night or night becomes day, you may pay {1}. If you do, draw a card, then discard a card.",
    abilities: [
      {
        id: "turn",
        kind: "activated",
        text: "{3}, {T}: If it's night, it becomes day. Otherwise, it becomes night. Activate only as a sorcery.",
        timing: "sorcery",
        cost: [
          { op: "tap", what: "self" },
          { op: "payMana", n: 3 },
        ],
        effect: [{ op: "setDayNight", to: "toggle" }],
      },
      {
        id: "loot",
        kind: "triggered",
        text: "Whenever day becomes night or night becomes day, you may pay {1}. If you do, draw a card, then discard a card.",
        trigger: DAY_NIGHT_CHANGES,
        effect: [
          {
            op: "if",
            if: { fn: "canPayMana", args: { mana: "{1}" } },
            // biome-ignore lint/suspicious/noThenProperty: the op's argument
            then: [
              {
                op: "may",
                prompt: "Pay {1} to draw a card, then discard a card?",
                // biome-ignore lint/suspicious/noThenProperty: the op's argument
                then: [
                  { op: "payMana", mana: "{1}" },
                  { op: "draw", n: 1 },
                  { op: "discard", n: 1 },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  // Innistrad: Midnight Hunt; {2}{R} Creature — Devil 2/3: "Menace. If it's neither day nor night,
  // it becomes day as Brimstone Vandal enters the battlefield. Whenever day becomes night or night
  // becomes day, Brimstone Vandal deals 1 damage to each opponent."
  {
    id: "brimstone-vandal",
    name: "Brimstone Vandal",
    types: ["creature"],
    cost: 3,
    power: 2,
    keywords: ["menace"],
    stats: { manaCost: "{2}{R}", toughness: 3, subtypes: ["Devil"], dayAsEnters: true },
    text: "Menace\nIf it's neither day nor night, it becomes day as Brimstone Vandal enters the battlefield.\nWhenever day becomes night or night becomes day, Brimstone Vandal deals 1 damage to each opponent.",
    abilities: [
      {
        id: "ping",
        kind: "triggered",
        text: "Whenever day becomes night or night becomes day, Brimstone Vandal deals 1 damage to each opponent.",
        trigger: DAY_NIGHT_CHANGES,
        effect: [{ op: "damagePlayers", n: 1 }],
      },
    ],
  },
];
