/**
 * The Duel Masters card library: sample vanilla creatures for the sample decks, and real cards
 * whose printed text exercises the game's mechanics (Shield Trigger spells, Blockers, Speed
 * Attacker, breakers). Cards are data; spells keep their effect in an ability with id "spell".
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { pickAndMove } from "./card-parts.js";
import type { DuelMastersOp } from "./ops.generated.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<DuelMastersOp>;

type Civ = "light" | "water" | "darkness" | "fire" | "nature";

/** A sample vanilla creature (no abilities) for the sample decks; not a printed card. */
function vanilla(civ: Civ, cost: number, power: number, race: string, keywords: string[] = []): CardDef {
  const kw = keywords.length ? ` ${keywords.join(", ")}` : "";
  return {
    id: `sample-${civ}-${cost}-${power}${keywords.length ? `-${keywords.join("-")}` : ""}`,
    name: `Sample ${civ[0]!.toUpperCase()}${civ.slice(1)} ${power}${kw}`,
    types: ["creature"],
    cost,
    power,
    civilizations: [civ],
    races: [race],
    ...(keywords.length ? { keywords } : {}),
    text: keywords.length ? keywords.map((k) => KEYWORD_TEXT[k] ?? k).join(" ") : "(vanilla)",
  };
}

const KEYWORD_TEXT: Record<string, string> = {
  blocker: "Blocker (Whenever an opponent's creature attacks, you may tap this creature to stop the attack.)",
  speedAttacker: "Speed Attacker (This creature can attack the turn it is put into the battle zone.)",
  doubleBreaker: "Double Breaker (This creature breaks 2 shields.)",
  tripleBreaker: "Triple Breaker (This creature breaks 3 shields.)",
  shieldTrigger:
    "Shield Trigger (When this card is put into your hand from your shield zone, you may use it for no cost.)",
};

export const sampleCreatures: CardDef[] = [
  vanilla("light", 2, 2000, "Initiate"),
  vanilla("light", 3, 3000, "Guardian", ["blocker"]),
  vanilla("water", 2, 2000, "Liquid People"),
  vanilla("water", 4, 4000, "Cyber Lord", ["blocker"]),
  vanilla("water", 5, 5000, "Poseidia Dragon"),
  vanilla("light", 5, 5500, "Mecha del Sol"),
  vanilla("darkness", 3, 3000, "Dark Lord"),
  vanilla("darkness", 5, 5000, "Demon Command", ["doubleBreaker"]),
  vanilla("fire", 1, 1000, "Human", ["speedAttacker"]),
  vanilla("fire", 3, 3000, "Dragonoid"),
  vanilla("fire", 6, 6000, "Armored Dragon", ["doubleBreaker"]),
  vanilla("nature", 2, 3000, "Beast Folk"),
  vanilla("nature", 4, 5000, "Giant Insect"),
  vanilla("nature", 7, 9000, "Giant", ["tripleBreaker"]),
];

/** A sample multicolored vanilla creature (enters the mana zone tapped). */
export const sampleMulticolored: CardDef = {
  id: "sample-fire-nature-3-4000",
  name: "Sample Fire/Nature 4000",
  types: ["creature"],
  cost: 3,
  power: 4000,
  civilizations: ["fire", "nature"],
  races: ["Beast Folk", "Dragonoid"],
  text: "(vanilla)",
};

const spell = (ops: CardDef["abilities"]): CardDef["abilities"] => ops;

/** Real DM-01 spells with Shield Trigger (their English printed text). */
export const sampleSpells: CardDef[] = [
  {
    id: "holy-awe",
    name: "Holy Awe",
    nameJa: "ホーリー・スパーク",
    types: ["spell"],
    cost: 6,
    civilizations: ["light"],
    keywords: ["shieldTrigger"],
    text: "Shield Trigger. Tap all your opponent's creatures in the battle zone.",
    abilities: spell([
      {
        id: "spell",
        kind: "activated",
        effect: [
          { op: "tap", what: { select: { zone: "battle", type: "creature", controller: "opponent" } } },
        ],
      },
    ]),
  },
  {
    id: "spiral-gate",
    name: "Spiral Gate",
    nameJa: "スパイラル・ゲート",
    types: ["spell"],
    cost: 2,
    civilizations: ["water"],
    keywords: ["shieldTrigger"],
    text: "Shield Trigger. Choose a creature in the battle zone and return it to its owner's hand.",
    abilities: spell([
      {
        id: "spell",
        kind: "activated",
        effect: [
          {
            op: "choose",
            chooser: "controller",
            from: { zone: "battle", type: "creature" },
            max: 1,
            min: 1,
            as: "target",
            // Chosen by a spell: the preset's targetable rule applies (Q.E.D., sealed creatures).
            target: true,
            prompt: "Return a creature to its owner's hand",
          },
          { op: "move", what: "$target", to: "hand" },
        ],
      },
    ]),
  },
  {
    id: "crimson-hammer",
    name: "Crimson Hammer",
    nameJa: "クリムゾン・ハンマー",
    types: ["spell"],
    cost: 2,
    civilizations: ["fire"],
    text: "Destroy one of your opponent's creatures that has power 2000 or less.",
    abilities: spell([
      {
        id: "spell",
        kind: "activated",
        effect: [
          {
            op: "choose",
            chooser: "controller",
            from: {
              zone: "battle",
              type: "creature",
              controller: "opponent",
              where: { power: { lte: 2000 } },
            },
            max: 1,
            min: 1,
            as: "target",
            // Chosen by a spell: the preset's targetable rule applies (Q.E.D., sealed creatures).
            target: true,
            prompt: "Destroy a creature with power 2000 or less",
          },
          { op: "move", what: "$target", to: "graveyard" },
        ],
      },
    ]),
  },
  {
    id: "natural-snare",
    name: "Natural Snare",
    nameJa: "ナチュラル・トラップ",
    types: ["spell"],
    cost: 6,
    civilizations: ["nature"],
    keywords: ["shieldTrigger"],
    text: "Shield Trigger. Choose one of your opponent's creatures in the battle zone and put it into his mana zone.",
    abilities: spell([
      {
        id: "spell",
        kind: "activated",
        effect: [
          {
            op: "choose",
            chooser: "controller",
            from: { zone: "battle", type: "creature", controller: "opponent" },
            max: 1,
            min: 1,
            as: "target",
            // Chosen by a spell: the preset's targetable rule applies (Q.E.D., sealed creatures).
            target: true,
            prompt: "Put a creature into its owner's mana zone",
          },
          { op: "move", what: "$target", to: "mana" },
        ],
      },
    ]),
  },
];

/** A sample Cross Gear (not a printed card): generated like a creature is summoned, then crossed for its cross cost. */
export const sampleCrossGear: CardDef = {
  id: "sample-fire-cross-gear-2",
  name: "Sample Fire Cross Gear",
  types: ["crossGear"],
  cost: 2,
  civilizations: ["fire"],
  stats: { crossCost: 2, powerBonus: 2000 },
  text: "Cross Gear. Generate: put it into the battle zone for its cost. Cross 2: attach it to one of your creatures; the crossed creature gets +2000 power.",
};

/** Strike Back (S・バック): a real card whose Strike Back names fire. */
export const flamelanceTrap: CardDef = {
  id: "flamelance-trap",
  name: "Flamelance Trap",
  nameJa: "フレイムランス・トラップ",
  types: ["spell"],
  cost: 6,
  civilizations: ["fire"],
  keywords: ["strikeBack"],
  stats: { strikeBack: "fire" },
  text: "Strike Back—fire (when a fire card is put into your hand from your shield zone, you may discard it; if you do, cast this spell for no cost). Destroy one of your opponent's creatures that has power 5000 or less.",
  abilities: [
    {
      id: "spell",
      kind: "activated",
      effect: [
        ...pickAndMove({
          chooser: "controller",
          from: { zone: "battle", controller: "opponent", type: "creature", where: { power: { lte: 5000 } } },
          to: "graveyard",
          prompt: "Destroy an opponent's creature with power 5000 or less",
          as: "target",
          event: "destroy",
        }),
      ],
    },
  ],
};

export const dmCards: CardDef[] = [
  ...sampleCreatures,
  sampleMulticolored,
  ...sampleSpells,
  sampleCrossGear,
  flamelanceTrap,
];

/**
 * Two sample 40-card decks of real cards only (the library's "Sample …" stand-ins are for
 * scenarios and tests, never for a deck a person plays with): fire/nature Final Revolution
 * beatdown, and light/water/darkness control with Revolution Change and Ninja Strike.
 *
 * The paper library has few cheap creatures (Ichigeki Dasshu Topgear and Daishuketsu! Aqua
 * Brothers are the only ones under 4), so both decks lean on spells and Shield Triggers early;
 * they are legal (40 cards, at most 4 of a name) but slower than tournament decks.
 */
export function sampleDecks(): [string[], string[]] {
  const deck = (ids: [string, number][]): string[] =>
    ids.flatMap(([id, n]) => Array.from({ length: n }, () => id));
  const fireNature = deck([
    ["ichigeki-dasshu-topgear", 4],
    ["crimson-hammer", 3],
    ["faerie-life", 2],
    // G・ストライク (DM Shield: G・ストライク): from a broken shield, an attacker is held back a turn.
    ["fairy-re-life", 2],
    ["ryusousha-valchulis", 4],
    ["flamelance-trap", 3],
    ["natural-snare", 3],
    ["bolbalzak-shiden-dragon", 2],
    ["furaku-no-chojin", 2],
    // A tap ability (DM Attack step: tap abilities): destroys a creature of power 2000 or less.
    ["kipos-contraption", 2],
    ["ryu-no-kyokugen-dogiragolden", 3],
    ["mutekiken-katsuking-max", 2],
    ["bolshack-voljaak", 2],
    // Durations and events (time-cards.ts, break-cards.ts): "this turn can attack untapped
    // creatures" and "you don't lose until the start of your next turn"; an extra turn whose end
    // loses the game; untapping all your mana; a break by an ability; drawing per shield broken.
    ["densetsu-no-legend-dogiragon", 1],
    ["musou-ryuki-bolbalzak", 1],
    ["bolbalzak-ex", 1],
    ["shinken-no-chojin", 1],
    ["shikkuryu-bolshack-ash-raider", 2],
  ]);
  const lightWater = deck([
    ["daishuketsu-aqua-brothers", 4],
    ["spiral-gate", 2],
    ["ghost-touch", 2],
    ["procyon-dragoon", 2],
    // "Doesn't untap at the start of your opponent's next turn"; no charge until your next turn;
    // "at the end of your turn, untap this creature" (time-cards.ts).
    ["touketsu-no-maten-dying-message", 1],
    ["reality-void", 1],
    ["shinjinbukaki-cotton", 1],
    ["wave", 2],
    ["holy-awe", 2],
    // A Shield Trigger that skips the rest of the opponent's turn (ターンの残りをとばす).
    ["shumatsu-no-tokei-the-clock", 2],
    // Silent Skill (サイレントスキル): tapped at the start of the turn, it may break 2 shields instead of untapping.
    ["saiyaku-hihou-gejira", 2],
    // Skipped turns (次のターンをとばす): cast by Mugen Climb from the hand or the graveyard.
    ["mugen-no-mu", 1],
    // Shield Go (シールド・ゴー): destroyed, a face-up shield.
    ["sugoi-shugo-verneraito", 2],
    ["starman-no-tenkaiju", 2],
    ["seigi-seitei-lionel-star", 1],
    ["kekkon-shite-kureyaa", 1],
    ["d-no-kindan-dokindam-area", 1],
    ["fugouou-golgini-en-gels", 1],
    ["jolly-the-jolnade", 2],
    ["mirai-no-houou-miradante-sf", 2],
    // Its spell-choice restriction meets the other deck's Crimson Hammer and Natural Snare (#18).
    ["ryuso-ou-qed", 2],
    ["bainaradondon", 2],
    ["jigen-no-arashi-scholar", 1],
    // An Extra Win (DM Win: alternate win conditions): 11 water creatures of yours win the game.
    ["cyber-j-eleven", 1],
  ]);
  return [fireNature, lightWater];
}
