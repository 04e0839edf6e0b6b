/**
 * Cards that probe the turn and its limits against official rulings: Sphinx of the Second Sun
 * adds a whole beginning phase (CR 500.8) — untap, upkeep and draw happen again in the same turn,
 * which stays the same turn for "until end of turn", "once each turn" and summoning sickness;
 * Pact of Negation's delayed "at the beginning of your next upkeep" (CR 603.7) triggers in the
 * next upkeep step there is, an additional one too, and waits while upkeeps are skipped (CR 500.10);
 * Faerie Mastermind's "whenever an opponent draws their second card each turn" counts each
 * opponent's draws apart (the kernel's `eachPlayer` event limit); Aurelia, the Warleader's
 * "attacks for the first time each turn" is an event limit on the object (a new object may again).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

export const limitCards: CardDef[] = [
  // Gatecrash; Legendary Creature — Angel. Oracle text and rulings confirmed
  // (planeswalkerslibrary.com): "You untap all creatures you control, including ones that aren't
  // attacking"; "You don't have to attack with any creatures during the additional combat phase";
  // put onto the battlefield attacking, it doesn't trigger. Cost {2}{R}{R}{W}{W} and 3/4 from
  // memory. "The first time each turn" counts this object's attacks (CR 400.7, 508.3a).
  {
    id: "aurelia-the-warleader",
    name: "Aurelia, the Warleader",
    types: ["creature"],
    cost: 6,
    power: 3,
    keywords: ["flying", "vigilance", "haste"],
    stats: { manaCost: "{2}{R}{R}{W}{W}", toughness: 4, supertypes: ["Legendary"], subtypes: ["Angel"] },
    text: "Flying, vigilance, haste\nWhenever Aurelia, the Warleader attacks for the first time each turn, untap all creatures you control. After this phase, there is an additional combat phase.",
    abilities: [
      {
        id: "warleader",
        kind: "triggered",
        text: "Whenever Aurelia, the Warleader attacks for the first time each turn, untap all creatures you control. After this phase, there is an additional combat phase.",
        trigger: { on: "attack", self: true, noun: "attack" },
        effect: [
          { op: "untap", what: { select: { type: "creature", controller: "self", zone: "battlefield" } } },
          { op: "addNodes", after: "combat", nodes: ["combat"] },
        ],
        limit: {
          counts: "event",
          nth: 1,
          key: "incarnation",
          window: "turn",
          label: "the first time each turn",
        },
      },
    ],
  },
  // March of the Machine (2023); {1}{U} Creature — Faerie Rogue 2/1 (mana value, size, flash,
  // flying, the trigger and the four-mana "each player draws" confirmed: pojo.com's review,
  // mtgrocks.com, commandersherald.com; the exact Oracle wording of the last from memory). Cards
  // are drawn one at a time (CR 121.2): the draw step's card is an opponent's first that turn.
  {
    id: "faerie-mastermind",
    name: "Faerie Mastermind",
    types: ["creature"],
    cost: 2,
    power: 2,
    keywords: ["flash", "flying"],
    stats: { manaCost: "{1}{U}", toughness: 1, subtypes: ["Faerie", "Rogue"] },
    text: "Flash\nFlying\nWhenever an opponent draws their second card each turn, you draw a card.\n{3}{U}: Each player draws a card.",
    abilities: [
      {
        id: "second",
        kind: "triggered",
        text: "Whenever an opponent draws their second card each turn, you draw a card.",
        trigger: { on: "draw", player: "opponent", noun: "card drawn" },
        effect: [{ op: "draw", n: 1 }],
        limit: {
          counts: "event",
          nth: 2,
          key: "player",
          eachPlayer: true,
          window: "turn",
          label: "their second card each turn",
        },
      },
      {
        id: "eachDraws",
        kind: "activated",
        text: "{3}{U}: Each player draws a card.",
        cost: [{ op: "payMana", mana: "{3}{U}" }],
        effect: [{ op: "draw", n: 1, players: "any" }],
      },
    ],
  },
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
  // Future Sight; {0} Instant (from memory of the Oracle text: no source for it was reachable
  // here). The delayed triggered ability waits for its controller's next upkeep step (CR 603.7);
  // paying is a choice made as it resolves (a player who can't pay isn't asked, CR 118.3).
  {
    id: "pact-of-negation",
    name: "Pact of Negation",
    types: ["instant"],
    cost: 0,
    stats: { manaCost: "{0}", colors: ["blue"] },
    text: "Counter target spell.\nAt the beginning of your next upkeep, pay {3}{U}{U}. If you don't, you lose the game.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [
          {
            op: "choose",
            as: "target",
            from: { zone: "stack" },
            chooser: "controller",
            target: true,
            prompt: "target spell",
          },
        ],
        effect: [
          { op: "counterSpell", what: "$target" },
          { op: "delayed", ability: "pay" },
        ],
      },
      {
        id: "pay",
        kind: "delayed",
        text: "At the beginning of your next upkeep, pay {3}{U}{U}. If you don't, you lose the game.",
        trigger: { on: "nodeBegin", player: "self", where: { "data.node": "upkeep" } },
        effect: [
          {
            op: "if",
            if: { fn: "canPayMana", args: { mana: "{3}{U}{U}" } },
            // biome-ignore lint/suspicious/noThenProperty: the op's argument
            then: [
              {
                op: "may",
                prompt: "Pay {3}{U}{U}? If you don't, you lose the game.",
                // biome-ignore lint/suspicious/noThenProperty: the op's argument
                then: [{ op: "payMana", mana: "{3}{U}{U}" }],
                else: [{ op: "lose", reason: "Pact of Negation: didn't pay {3}{U}{U}" }],
              },
            ],
            else: [{ op: "lose", reason: "Pact of Negation: couldn't pay {3}{U}{U}" }],
          },
        ],
      },
    ],
  },
];
