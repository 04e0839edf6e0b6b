/**
 * Cards that keep permanents tapped through an untap step (CR 502.3, the kernel's exemptions from
 * the untap step, src/core/turn-actions.ts):
 * - one object, "during its controller's next untap step" (Crippling Chill): whoever controls it
 *   when an untap step comes (`player: targetController`);
 * - the objects a spell tapped, "during that player's next untap step" (Sleep's "those creatures"):
 *   those objects, only in that player's untap step;
 * - everything of a kind a player controls, "during that player's next untap step" (Exhaustion,
 *   Mana Vapors, Misstep): an effect on the player, read as their untap step comes — so a creature
 *   or land that came under their control after the spell resolved stays tapped too;
 * - "for as long as you control Dungeon Geists" (CR 611.2b): a `while` duration;
 * - exert (CR 701.39, exert.ts): Glory-Bound Initiate, Combat Celebrant.
 * Oracle texts are written from memory (no source was reachable here); the XMage tests that use
 * them (DontUntapTest, ExertTest) describe the same behaviour.
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { targetCreature } from "./card-parts.js";
import type { MagicOp } from "./ops.generated.js";

type CardDef = PresetCardDef<MagicOp>;

const EXEMPT_UNTAP = { kind: "exempt", value: { from: "untap" } } as const;

/** "<What> target player (or opponent) controls don't untap during that player's next untap step." */
function noUntapFor(
  id: string,
  name: string,
  cost: string,
  manaValue: number,
  what: string,
  types: string[],
  who: "any" | "opponent",
): CardDef {
  const text = `${what} target ${who === "opponent" ? "opponent" : "player"} controls don't untap during that player's next untap step.`;
  return {
    id,
    name,
    types: ["sorcery"],
    cost: manaValue,
    stats: { manaCost: cost },
    text,
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [{ op: "targetPlayer", as: "target", player: who }],
        effect: [
          {
            op: "until",
            effect: { kind: "exempt", value: { from: "untap", what: { type: types } } },
            targetPlayer: "$target",
            expires: { end: "untap", player: "$target" },
            label: `${name}: ${what.toLowerCase()} don't untap`,
          },
        ],
      },
    ],
  };
}

export const untapCards: CardDef[] = [
  // Innistrad; {2}{U} Instant: "Tap target creature. It doesn't untap during its controller's next
  // untap step. Draw a card." Its controller as that untap step comes (a stolen creature: the
  // thief's untap step, if it comes first).
  {
    id: "crippling-chill",
    name: "Crippling Chill",
    types: ["instant"],
    cost: 3,
    stats: { manaCost: "{2}{U}" },
    text: "Tap target creature. It doesn't untap during its controller's next untap step.\nDraw a card.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [targetCreature],
        effect: [
          { op: "tap", what: "$target" },
          {
            op: "until",
            effect: EXEMPT_UNTAP,
            target: "$target",
            expires: { end: "untap", player: "targetController" },
            label: "Crippling Chill: doesn't untap during its controller's next untap step",
          },
          { op: "draw", n: 1 },
        ],
      },
    ],
  },
  // Magic 2010; {2}{U}{U} Sorcery: "Tap all creatures target player controls. Those creatures don't
  // untap during that player's next untap step." "Those creatures": the objects it found, not
  // creatures that player controls later.
  {
    id: "sleep",
    name: "Sleep",
    types: ["sorcery"],
    cost: 4,
    stats: { manaCost: "{2}{U}{U}" },
    text: "Tap all creatures target player controls. Those creatures don't untap during that player's next untap step.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        cost: [{ op: "targetPlayer", as: "target", player: "any" }],
        effect: [
          { op: "tapAll", players: "$target", what: { type: "creature" }, as: "those" },
          {
            op: "until",
            effect: EXEMPT_UNTAP,
            target: "$those",
            expires: { end: "untap", player: "$target" },
            label: "Sleep: those creatures don't untap during that player's next untap step",
          },
        ],
      },
    ],
  },
  // Portal; {2}{U} Sorcery. Mercadian Masques' Misstep ({1}{U}, creatures) and Urza's Legacy's Mana
  // Vapors ({1}{U}, lands) say the same of one kind.
  noUntapFor(
    "exhaustion",
    "Exhaustion",
    "{2}{U}",
    3,
    "Creatures and lands",
    ["creature", "land"],
    "opponent",
  ),
  noUntapFor("misstep", "Misstep", "{1}{U}", 2, "Creatures", ["creature"], "any"),
  noUntapFor("mana-vapors", "Mana Vapors", "{1}{U}", 2, "Lands", ["land"], "any"),
  // Dark Ascension; {2}{U}{U} Creature — Spirit 3/3: "Flying. When Dungeon Geists enters the
  // battlefield, tap target creature an opponent controls. That creature doesn't untap during its
  // controller's untap step for as long as you control Dungeon Geists." A `while` duration: it ends
  // the moment the Geists leave or change control (CR 611.2b), not at a boundary.
  {
    id: "dungeon-geists",
    name: "Dungeon Geists",
    types: ["creature"],
    cost: 4,
    power: 3,
    keywords: ["flying"],
    stats: { manaCost: "{2}{U}{U}", toughness: 3, subtypes: ["Spirit"] },
    text: "Flying\nWhen Dungeon Geists enters the battlefield, tap target creature an opponent controls. That creature doesn't untap during its controller's untap step for as long as you control Dungeon Geists.",
    abilities: [
      {
        id: "etb",
        kind: "triggered",
        text: "When Dungeon Geists enters the battlefield, tap target creature an opponent controls. That creature doesn't untap during its controller's untap step for as long as you control Dungeon Geists.",
        trigger: { on: "move", self: true, to: "battlefield" },
        cost: [
          { ...targetCreature, from: { type: "creature", zone: "battlefield", controller: "opponent" } },
        ],
        effect: [
          { op: "tap", what: "$target" },
          {
            op: "until",
            effect: EXEMPT_UNTAP,
            target: "$target",
            expires: { while: { fn: "youControlSource" } },
            label: "Dungeon Geists: doesn't untap for as long as you control Dungeon Geists",
          },
        ],
      },
    ],
  },
  // Amonkhet; {1}{W} Creature — Human Warrior 3/1: "You may exert Glory-Bound Initiate as it
  // attacks. When you do, it gets +1/+3 and gains lifelink until end of turn."
  {
    id: "glory-bound-initiate",
    name: "Glory-Bound Initiate",
    types: ["creature"],
    cost: 2,
    power: 3,
    stats: { manaCost: "{1}{W}", toughness: 1, subtypes: ["Human", "Warrior"] },
    text: "You may exert Glory-Bound Initiate as it attacks. When you do, it gets +1/+3 and gains lifelink until end of turn. (An exerted creature won't untap during your next untap step.)",
    abilities: [
      {
        id: "exert",
        kind: "static",
        text: "You may exert Glory-Bound Initiate as it attacks.",
        static: { kind: "exert" },
      },
      {
        id: "exerted",
        kind: "triggered",
        text: "When you do, it gets +1/+3 and gains lifelink until end of turn.",
        trigger: { on: "exert", self: true },
        effect: [
          {
            op: "until",
            expires: { tag: "endOfTurn" },
            target: "self",
            effect: { kind: "pump", value: { power: 1, toughness: 3 } },
            label: "+1/+3 until end of turn",
          },
          {
            op: "until",
            expires: { tag: "endOfTurn" },
            target: "self",
            effect: { kind: "keyword", value: "lifelink" },
            label: "lifelink until end of turn",
          },
        ],
      },
    ],
  },
  // Amonkhet; {2}{R} Creature — Human Warrior 4/1: "If Combat Celebrant hasn't been exerted this
  // turn, you may exert it as it attacks. When you do, untap all other creatures you control and
  // after this phase, there is an additional combat phase."
  {
    id: "combat-celebrant",
    name: "Combat Celebrant",
    types: ["creature"],
    cost: 3,
    power: 4,
    stats: { manaCost: "{2}{R}", toughness: 1, subtypes: ["Human", "Warrior"] },
    text: "If Combat Celebrant hasn't been exerted this turn, you may exert it as it attacks. When you do, untap all other creatures you control and after this phase, there is an additional combat phase. (An exerted creature won't untap during your next untap step.)",
    abilities: [
      {
        id: "exert",
        kind: "static",
        text: "If Combat Celebrant hasn't been exerted this turn, you may exert it as it attacks.",
        condition: { not: { events: { on: "exert", self: true }, window: "turn", gte: 1 } },
        static: { kind: "exert" },
      },
      {
        id: "exerted",
        kind: "triggered",
        text: "When you do, untap all other creatures you control and after this phase, there is an additional combat phase.",
        trigger: { on: "exert", self: true },
        effect: [
          {
            op: "untap",
            what: { select: { zone: "battlefield", controller: "self", type: "creature", other: true } },
          },
          { op: "addNodes", after: "combat", nodes: ["combat"] },
        ],
      },
    ],
  },
];
