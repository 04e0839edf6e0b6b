/**
 * Cards that give, take or control whole turns:
 * - Mindslaver and Emrakul, the Promised End control a player's next turn (CR 722, the kernel's
 *   `controlTurn`): every decision that player would make is made by the controller, who sees
 *   what they see, for that one turn; Emrakul's "after that turn, that player takes an extra turn"
 *   is the kernel's `extraTurnAfter`;
 * - Time Warp gives target player an extra turn (CR 500.7); Eater of Days makes its controller skip
 *   their next two turns (CR 500.10: skipped turns don't happen at all);
 * - Serra Avenger can't be cast during its caster's first three turns (extra turns count);
 * - Glimpse of Nature ("this turn, whenever …": a delayed triggered ability with a stated duration,
 *   CR 603.7b: it triggers each time until the turn ends).
 * Oracle texts are written from memory (no source was reachable here); Emrakul's cost reduction
 * and protection from instants are not modelled (docs/magic.md).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

export const turnControlCards: CardDef[] = [
  // Mirrodin; {6} Legendary Artifact: "{4}, {T}, Sacrifice Mindslaver: You control target player
  // during that player's next turn. (You see all cards that player could see and make all decisions
  // for that player.)"
  {
    id: "mindslaver",
    name: "Mindslaver",
    types: ["artifact"],
    cost: 6,
    stats: { manaCost: "{6}", supertypes: ["Legendary"] },
    text: "{4}, {T}, Sacrifice Mindslaver: You control target player during that player's next turn. (You see all cards that player could see and make all decisions for that player.)",
    abilities: [
      {
        id: "slave",
        kind: "activated",
        text: "{4}, {T}, Sacrifice Mindslaver: You control target player during that player's next turn.",
        cost: [
          { op: "targetPlayer", as: "target", player: "any" },
          { op: "payMana", n: 4 },
          { op: "tap", what: "self" },
          { op: "sacrifice", what: "self" },
        ],
        effect: [{ op: "controlTurn", player: "$target" }],
      },
    ],
  },
  // Eldritch Moon; {13} Legendary Creature — Eldrazi 13/13: "This spell costs {1} less to cast for
  // each card type among cards in your graveyard. When you cast this spell, you gain control of
  // target opponent during that player's next turn. After that turn, that player takes an extra
  // turn. Flying, trample, protection from instants." The cast trigger works from the stack.
  {
    id: "emrakul-the-promised-end",
    name: "Emrakul, the Promised End",
    types: ["creature"],
    cost: 13,
    power: 13,
    keywords: ["flying", "trample", "protection from instants"],
    stats: { manaCost: "{13}", toughness: 13, supertypes: ["Legendary"], subtypes: ["Eldrazi"] },
    text: "This spell costs {1} less to cast for each card type among cards in your graveyard.\nWhen you cast this spell, you gain control of target opponent during that player's next turn. After that turn, that player takes an extra turn.\nFlying, trample, protection from instants",
    abilities: [
      {
        id: "cast",
        kind: "triggered",
        text: "When you cast this spell, you gain control of target opponent during that player's next turn. After that turn, that player takes an extra turn.",
        zones: ["stack"],
        trigger: { on: "cast", self: true },
        cost: [{ op: "targetPlayer", as: "target", player: "opponent" }],
        effect: [{ op: "controlTurn", player: "$target", extraTurnAfter: true }],
      },
    ],
  },
  // Tempest; {3}{U}{U} Sorcery: "Target player takes an extra turn after this one."
  {
    id: "time-warp",
    name: "Time Warp",
    types: ["sorcery"],
    cost: 5,
    stats: { manaCost: "{3}{U}{U}" },
    text: "Target player takes an extra turn after this one.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [{ op: "targetPlayer", as: "target", player: "any" }],
        effect: [{ op: "extraTurn", player: "$target" }],
      },
    ],
  },
  // Darksteel; {4} Artifact Creature — Leviathan 9/8: "Flying, trample. When Eater of Days enters
  // the battlefield, you skip your next two turns."
  {
    id: "eater-of-days",
    name: "Eater of Days",
    types: ["artifact", "creature"],
    cost: 4,
    power: 9,
    keywords: ["flying", "trample"],
    stats: { manaCost: "{4}", toughness: 8, subtypes: ["Leviathan"] },
    text: "Flying, trample\nWhen Eater of Days enters the battlefield, you skip your next two turns.",
    abilities: [
      {
        id: "etb",
        kind: "triggered",
        text: "When Eater of Days enters the battlefield, you skip your next two turns.",
        trigger: { on: "move", self: true, to: "battlefield" },
        effect: [{ op: "skipTurn" }, { op: "skipTurn" }],
      },
    ],
  },
  // Time Spiral; {W}{W}{W}{W} Creature — Angel 3/3: "You can't cast this spell during your first,
  // second, or third turns of the game. Flying, vigilance." Extra turns are turns of the game too.
  {
    id: "serra-avenger",
    name: "Serra Avenger",
    types: ["creature"],
    cost: 4,
    power: 3,
    keywords: ["flying", "vigilance"],
    stats: {
      manaCost: "{W}{W}{W}{W}",
      toughness: 3,
      subtypes: ["Angel"],
      castOnly: {
        if: { any: [{ not: { turn: "self" } }, { fn: "turnsTaken", args: { gte: 4 } }] },
        text: "You can't cast this spell during your first, second, or third turns of the game.",
      },
    },
    text: "You can't cast this spell during your first, second, or third turns of the game.\nFlying, vigilance",
  },
  // Champions of Kamigawa; {G} Sorcery: "Whenever you cast a creature spell this turn, draw a card."
  {
    id: "glimpse-of-nature",
    name: "Glimpse of Nature",
    types: ["sorcery"],
    cost: 1,
    stats: { manaCost: "{G}" },
    text: "Whenever you cast a creature spell this turn, draw a card.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        effect: [{ op: "delayed", ability: "draw", repeats: true, expires: "turn" }],
      },
      {
        id: "draw",
        kind: "delayed",
        text: "Whenever you cast a creature spell this turn, draw a card.",
        trigger: { on: "cast", player: "self", card: { type: "creature" } },
        effect: [{ op: "draw", n: 1 }],
      },
    ],
  },
];
