/**
 * Cards that change the turn itself: Relentless Assault adds a combat phase and a main phase
 * (CR 500.8, the kernel's `addNodes`; an additional main phase is a postcombat main phase,
 * CR 505.1a).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

export const turnCards: CardDef[] = [
  // Fifth Dawn; {5} Artifact, "Players skip their upkeep steps." (from memory: the Oracle wording
  // could not be confirmed from a reachable source here). CR 500.10: a skipped step doesn't happen
  // at all — nothing "at the beginning of the upkeep" triggers; the kernel's static kind skipNode.
  {
    id: "eon-hub",
    name: "Eon Hub",
    types: ["artifact"],
    cost: 5,
    stats: { manaCost: "{5}" },
    text: "Players skip their upkeep steps.",
    abilities: [{ id: "skip", kind: "static", static: { kind: "skipNode", node: "upkeep", player: "any" } }],
  },
  // Shadowmoor; {1}{U}{U} Sorcery, "Take an extra turn after this one. Skip the untap step of that
  // turn." (from memory, as above). CR 500.7 and 614.10: the skip waits for the caster's next untap
  // step, the extra turn's (the kernel's skipNode op).
  {
    id: "savor-the-moment",
    name: "Savor the Moment",
    types: ["sorcery"],
    cost: 3,
    stats: { manaCost: "{1}{U}{U}" },
    text: "Take an extra turn after this one. Skip the untap step of that turn.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        effect: [{ op: "extraTurn" }, { op: "skipNode", node: "untap" }],
      },
    ],
  },
  // Mirage; {4}{U}{U} Instant, "End the turn. (Exile all spells and abilities from the stack,
  // including this card. The player whose turn it is discards down to their maximum hand size.
  // Damage wears off, and "this turn" and "until end of turn" effects end.)" (CR 723; from memory:
  // the Oracle wording could not be confirmed from a reachable source here).
  {
    id: "time-stop",
    name: "Time Stop",
    types: ["instant"],
    cost: 6,
    stats: { manaCost: "{4}{U}{U}" },
    text: 'End the turn. (Exile all spells and abilities from the stack, including this card. The player whose turn it is discards down to their maximum hand size. Damage wears off, and "this turn" and "until end of turn" effects end.)',
    abilities: [{ id: "spell", kind: "static", effect: [{ op: "endTheTurn" }] }],
  },
  // Tenth Edition; {2} Artifact, "{1}, {T}: End the turn. Activate only during your turn." (from
  // memory, as above).
  {
    id: "sundial-of-the-infinite",
    name: "Sundial of the Infinite",
    types: ["artifact"],
    cost: 2,
    stats: { manaCost: "{2}" },
    text: "{1}, {T}: End the turn. Activate only during your turn.",
    abilities: [
      {
        id: "end",
        kind: "activated",
        text: "{1}, {T}: End the turn. Activate only during your turn.",
        condition: { turn: "self" },
        cost: [
          { op: "payMana", n: 1 },
          { op: "tap", what: "self" },
        ],
        effect: [{ op: "endTheTurn" }],
      },
    ],
  },
  // Tempest; {2}{R}{R} Enchantment, "{R}: You may put a creature card from your hand onto the
  // battlefield. That creature gains haste. Sacrifice the creature at the beginning of the next end
  // step." (from memory: the Oracle wording could not be confirmed from a reachable source here).
  // A delayed triggered ability (CR 603.7, the kernel's `delayed`): it triggers once, at the next
  // end step, and does nothing to a creature that has left the battlefield meanwhile (603.7c).
  {
    id: "sneak-attack",
    name: "Sneak Attack",
    types: ["enchantment"],
    cost: 4,
    stats: { manaCost: "{2}{R}{R}" },
    text: "{R}: You may put a creature card from your hand onto the battlefield. That creature gains haste. Sacrifice the creature at the beginning of the next end step.",
    abilities: [
      {
        id: "sneak",
        kind: "activated",
        text: "{R}: You may put a creature card from your hand onto the battlefield. That creature gains haste. Sacrifice the creature at the beginning of the next end step.",
        cost: [{ op: "payMana", mana: "{R}" }],
        effect: [
          {
            op: "choose",
            chooser: "controller",
            from: { zone: "hand", owner: "self", type: "creature" },
            min: 0,
            max: 1,
            as: "sneaked",
            prompt: "You may put a creature card from your hand onto the battlefield",
          },
          { op: "putOntoBattlefield", what: "$sneaked" },
          {
            op: "until",
            expires: "never",
            target: "$sneaked",
            effect: { kind: "keyword", value: "haste" },
            label: "haste",
          },
          { op: "delayed", ability: "sacrificeIt", remember: "$sneaked" },
        ],
      },
      {
        id: "sacrificeIt",
        kind: "delayed",
        text: "Sacrifice the creature at the beginning of the next end step.",
        trigger: { on: "nodeBegin", where: { "data.node": "end" } },
        effect: [{ op: "sacrifice", what: "$it" }],
      },
    ],
  },
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
        effect: [
          { op: "untapAttackers" },
          { op: "addNodes", after: ["main1", "main2"], nodes: ["combat", "main2"] },
        ],
      },
    ],
  },
];
