/**
 * The Magic card library: real cards whose printed text exercises each turn-based action of
 * CR 703.4. Cards are data: characteristics plus small effect ops (src/presets/magic/ops.ts).
 * Simplifications (docs/magic.md): a card without `stats.manaCost` ("{1}{G}") pays its `cost` (the
 * mana value) as generic mana;
 * triggered abilities choose their targets as they resolve; spells and activated abilities on casting and activation.
 *
 * Conventions: `power` and `stats.toughness`; `keywords` hold evergreen keywords; `stats.back` is the
 * back face of a daybound card (CR 712, 726); `stats.chapters` a Saga's final chapter (CR 714);
 * `stats.lights` an Attraction's lit numbers (CR 717); `stats.ongoing` an ongoing scheme (CR 314).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { attackCards } from "./attack-cards.js";
import { auraCards } from "./aura-cards.js";
import { targetCreature } from "./card-parts.js";
import { combatCards } from "./combat-cards.js";
import { controlCards } from "./control-cards.js";
import { dayNightCards } from "./day-night-cards.js";
import { eventCards } from "./event-cards.js";
import { keywordCards } from "./keyword-cards.js";
import { limitCards } from "./limit-cards.js";
import { manaCards } from "./mana-cards.js";
import type { MagicOp } from "./ops.generated.js";
import { permissionCards } from "./permission-cards.js";
import { planeswalkerCards } from "./planeswalker-cards.js";
import { sagaCards } from "./saga-cards.js";
import { chapter } from "./sagas.js";
import { tokenCards } from "./token-cards.js";
import { triggerCards } from "./trigger-cards.js";
import { turnCards } from "./turn-cards.js";
import { turnControlCards } from "./turn-control-cards.js";
import { untapCards } from "./untap-cards.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<MagicOp>;

const land = (id: string, name: string, mana: string): CardDef => ({
  id,
  name,
  types: ["land"],
  stats: { subtypes: [name] },
  // CR 305.6: a basic land's type gives it "{T}: Add <its colour>."; a mana ability (CR 605).
  text: `({T}: Add ${mana}.)`,
  abilities: [
    {
      id: "mana",
      kind: "activated",
      text: `{T}: Add ${mana}.`,
      cost: [{ op: "tap", what: "self" }],
      effect: [{ op: "addMana", mana }],
    },
  ],
});

const creature = (
  id: string,
  name: string,
  cost: number,
  power: number,
  toughness: number,
  extra: Partial<CardDef> = {},
): CardDef => ({
  id,
  name,
  types: ["creature"],
  cost,
  power,
  ...extra,
  stats: { toughness, ...(extra.stats ?? {}) },
});

/**
 * The colours of the library's cards written before coloured mana costs (CR 202.2: a card's
 * colour is its mana cost's; these pay generic mana, so their colour is written here instead:
 * `stats.colors`, read by protection.ts). Colourless artifacts and schemes have none.
 */
const PRINTED_COLOURS: Record<string, string[]> = {
  "grizzly-bears": ["green"],
  "hill-giant": ["red"],
  "savannah-lions": ["white"],
  "craw-wurm": ["green"],
  "youthful-knight": ["white"],
  "fencing-ace": ["white"],
  breezekeeper: ["blue"],
  "serra-angel": ["white"],
  "wall-of-stone": ["red"],
  "palace-guard": ["white"],
  "village-watch": ["red"],
  rootwalla: ["green"],
  "cori-mountain-stalwart": ["red", "white"],
  "royal-assassin": ["black"],
  "spike-feeder": ["green"],
  slitherhead: ["black", "green"],
  "glint-horn-buccaneer": ["red"],
  "complaints-clerk": ["white"],
  "the-eldest-reborn": ["black"],
  "lightning-bolt": ["red"],
  "giant-growth": ["green"],
  divination: ["blue"],
  "colossal-dreadmaw": ["green"],
  "typhoid-rats": ["black"],
  "vampire-nighthawk": ["black"],
  "boros-swiftblade": ["red", "white"],
  "alley-strangler": ["black"],
  "gladecover-scout": ["green"],
  "prodigal-pyromancer": ["red"],
};

const withColours = (card: CardDef): CardDef =>
  PRINTED_COLOURS[card.id] ? { ...card, stats: { ...card.stats, colors: PRINTED_COLOURS[card.id]! } } : card;

const library: CardDef[] = [
  land("forest", "Forest", "{G}"),
  land("mountain", "Mountain", "{R}"),
  land("plains", "Plains", "{W}"),
  land("island", "Island", "{U}"),
  land("swamp", "Swamp", "{B}"),
  // Vanilla creatures.
  creature("grizzly-bears", "Grizzly Bears", 2, 2, 2),
  creature("hill-giant", "Hill Giant", 4, 3, 3),
  creature("savannah-lions", "Savannah Lions", 1, 2, 1),
  creature("craw-wurm", "Craw Wurm", 6, 6, 4),
  // First strike and double strike (CR 702.7, 702.4): a first-strike combat damage step (CR 510.4).
  creature("youthful-knight", "Youthful Knight", 2, 2, 1, {
    keywords: ["first strike"],
    text: "First strike",
  }),
  creature("fencing-ace", "Fencing Ace", 2, 1, 1, { keywords: ["double strike"], text: "Double strike" }),
  // Phasing (CR 702.26): phases out or in as its controller's untap step begins (CR 703.4a).
  creature("breezekeeper", "Breezekeeper", 4, 4, 4, {
    keywords: ["flying", "phasing"],
    text: "Flying. Phasing",
  }),
  // Vigilance (CR 702.20b): attacking doesn't cause it to tap. Alpha, {3}{W}{W}; Oracle text
  // "Flying, vigilance" (Alpha printed "Flying. Does not tap when attacking.").
  creature("serra-angel", "Serra Angel", 5, 4, 4, {
    keywords: ["flying", "vigilance"],
    text: "Flying, vigilance",
    stats: { subtypes: ["Angel"] },
  }),
  // Defender (CR 702.3b): it can't attack. Alpha, {1}{R}{R}, 0/8; Oracle text "Defender"
  // (Alpha printed no rules text about attacking: Walls couldn't attack by type, now defender).
  creature("wall-of-stone", "Wall of Stone", 3, 0, 8, {
    keywords: ["defender"],
    text: "Defender",
    stats: { subtypes: ["Wall"] },
  }),
  // "Doesn't untap during your untap step" (CR 502.3): the kernel's static `{ kind: exempt, from:
  // untap }` (src/core/turn-actions.ts), which the untap step asks. Arabian Nights (1993), artifact creature — Construct, {1}, 1/3; Oracle text as
  // below, from memory of the Oracle wording (no source for it was reachable from here). Its upkeep
  // ability: an intervening if (CR 603.4: checked as it triggers and as it resolves) and an
  // optional cost chosen as it resolves (CR 603.5), asked only if {1} can be paid (CR 118.3).
  {
    id: "brass-man",
    name: "Brass Man",
    types: ["artifact", "creature"],
    cost: 1,
    power: 1,
    stats: { toughness: 3, subtypes: ["Construct"] },
    text: "Brass Man doesn't untap during your untap step. At the beginning of your upkeep, if Brass Man is tapped, you may pay {1}. If you do, untap Brass Man.",
    abilities: [
      {
        id: "noUntap",
        kind: "static",
        text: "Brass Man doesn't untap during your untap step.",
        static: { kind: "exempt", from: "untap" },
      },
      {
        id: "upkeep",
        kind: "triggered",
        text: "At the beginning of your upkeep, if Brass Man is tapped, you may pay {1}. If you do, untap Brass Man.",
        trigger: { on: "nodeBegin", player: "self", where: { "data.node": "upkeep" } },
        condition: { fn: "sourceTapped" },
        effect: [
          {
            op: "if",
            if: { fn: "canPayMana", args: { mana: "{1}" } },
            // biome-ignore lint/suspicious/noThenProperty: the op's argument
            then: [
              {
                op: "may",
                prompt: "Pay {1} to untap Brass Man?",
                // biome-ignore lint/suspicious/noThenProperty: the op's argument
                then: [
                  { op: "payMana", mana: "{1}" },
                  { op: "untap", what: "self" },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  // Blocks several attackers: the defending player orders them (CR 509.2, 703.4m).
  creature("palace-guard", "Palace Guard", 3, 1, 4, {
    keywords: ["block any number"],
    text: "Palace Guard can block any number of creatures.",
  }),
  // Daybound // nightbound (CR 702.145, 726): its face follows day and night.
  creature("village-watch", "Village Watch", 5, 4, 3, {
    keywords: ["haste", "daybound"],
    text: "Haste. Daybound (If a player casts no spells during their own turn, it becomes night next turn.)",
    stats: {
      back: {
        name: "Village Reavers",
        power: 5,
        toughness: 5,
        keywords: ["nightbound"],
        text: "Wolves and Werewolves you control have haste. Nightbound",
      },
    },
  }),
  // "Activate only once each turn." (CR 602.5b): limit key incarnation (CR 400.7).
  creature("rootwalla", "Rootwalla", 3, 2, 2, {
    text: "{1}{G}: Rootwalla gets +2/+2 until end of turn. Activate only once each turn.",
    abilities: [
      {
        id: "pump",
        kind: "activated",
        text: "{1}{G}: Rootwalla gets +2/+2 until end of turn. Activate only once each turn.",
        cost: [{ op: "payMana", n: 2 }],
        effect: [
          {
            op: "until",
            expires: { tag: "endOfTurn" },
            target: "self",
            effect: { kind: "pump", value: { power: 2, toughness: 2 } },
            label: "+2/+2 until end of turn",
          },
        ],
        limit: { counts: "use", key: "incarnation", window: "turn", label: "only once each turn" },
      },
    ],
  }),
  // "Whenever you cast your second spell each turn" (Flurry): counts the event, nth 2.
  creature("cori-mountain-stalwart", "Cori Mountain Stalwart", 3, 3, 3, {
    text: "Flurry — Whenever you cast your second spell each turn, this creature deals 2 damage to each opponent and you gain 2 life.",
    abilities: [
      {
        id: "flurry",
        kind: "triggered",
        text: "Whenever you cast your second spell each turn, deal 2 damage to each opponent and gain 2 life.",
        trigger: { on: "cast", player: "self", noun: "spell cast" },
        effect: [
          { op: "damagePlayers", players: "opponent", n: 2 },
          { op: "gainLife", n: 2 },
        ],
        limit: {
          counts: "event",
          nth: 2,
          key: "player",
          window: "turn",
          label: "your second spell each turn",
        },
      },
    ],
  }),
  // "{T}: Destroy target tapped creature." A {T} cost (CR 107.5: tapped, it can't be paid again;
  // summoning sickness, CR 302.6) and a target chosen on activation (CR 602.2b).
  creature("royal-assassin", "Royal Assassin", 3, 1, 1, {
    text: "{T}: Destroy target tapped creature.",
    abilities: [
      {
        id: "destroy",
        kind: "activated",
        text: "{T}: Destroy target tapped creature.",
        cost: [
          { op: "tap", what: "self" },
          {
            op: "choose",
            chooser: "controller",
            from: { type: "creature", zone: "battlefield", tapped: true },
            as: "target",
            target: true,
            prompt: "target tapped creature",
          },
        ],
        effect: [{ op: "destroy", what: "$target" }],
      },
    ],
  }),
  // "Sacrifice Bottle Gnomes: You gain 3 life." A sacrifice cost, paid on activation (CR 601.2h via 602.2b).
  creature("bottle-gnomes", "Bottle Gnomes", 3, 1, 3, {
    types: ["artifact", "creature"],
    text: "Sacrifice Bottle Gnomes: You gain 3 life.",
    abilities: [
      {
        id: "sacrifice",
        kind: "activated",
        text: "Sacrifice Bottle Gnomes: You gain 3 life.",
        cost: [{ op: "sacrifice", what: "self" }],
        effect: [{ op: "gainLife", n: 3 }],
      },
    ],
  }),
  // Removing counters as a cost (CR 118.3, 601.2h); "enters the battlefield with" (CR 614.1c).
  creature("spike-feeder", "Spike Feeder", 3, 0, 0, {
    text: "Spike Feeder enters the battlefield with two +1/+1 counters on it. {2}, Remove a +1/+1 counter from Spike Feeder: Put a +1/+1 counter on target creature. Remove a +1/+1 counter from Spike Feeder: You gain 2 life.",
    stats: { entersWith: { "+1/+1": 2 } },
    abilities: [
      {
        id: "move",
        kind: "activated",
        text: "{2}, Remove a +1/+1 counter from Spike Feeder: Put a +1/+1 counter on target creature.",
        cost: [
          { op: "payMana", n: 2 },
          { op: "addCounter", what: "self", counter: "+1/+1", n: -1 },
          targetCreature,
        ],
        effect: [{ op: "addCounter", what: "$target", counter: "+1/+1", n: 1 }],
      },
      {
        id: "life",
        kind: "activated",
        text: "Remove a +1/+1 counter from Spike Feeder: You gain 2 life.",
        cost: [{ op: "addCounter", what: "self", counter: "+1/+1", n: -1 }],
        effect: [{ op: "gainLife", n: 2 }],
      },
    ],
  }),
  // Scavenge (CR 702.97): an activated ability that works from the graveyard, only as a sorcery
  // (CR 602.5d), its cost exiling the card; X is the card's power (1).
  creature("slitherhead", "Slitherhead", 1, 1, 1, {
    text: "Scavenge {0} ({0}, Exile this card from your graveyard: Put a number of +1/+1 counters equal to this card's power on target creature. Scavenge only as a sorcery.)",
    abilities: [
      {
        id: "scavenge",
        kind: "activated",
        text: "Scavenge {0}",
        zones: ["graveyard"],
        timing: "sorcery",
        cost: [{ op: "move", what: "self", to: "exile" }, targetCreature],
        effect: [{ op: "addCounter", what: "$target", counter: "+1/+1", n: 1 }],
      },
    ],
  }),
  // A discard trigger: discarding to hand size in cleanup makes another cleanup step (CR 514.3a).
  creature("glint-horn-buccaneer", "Glint-Horn Buccaneer", 3, 2, 4, {
    keywords: ["haste"],
    text: "Haste. Whenever you discard a card, Glint-Horn Buccaneer deals 1 damage to each opponent.",
    abilities: [
      {
        id: "discard",
        kind: "triggered",
        trigger: { on: "discard", player: "self" },
        effect: [{ op: "damagePlayers", players: "opponent", n: 1 }],
      },
    ],
  }),
  // "Open an Attraction" (CR 701.51) and an Attraction (CR 717).
  creature("complaints-clerk", "Complaints Clerk", 3, 3, 2, {
    text: "When this creature enters, open an Attraction.",
    abilities: [
      {
        id: "open",
        kind: "triggered",
        trigger: { on: "move", self: true, to: "battlefield" },
        effect: [{ op: "openAttraction" }],
      },
    ],
  }),
  {
    id: "foam-weapons-kiosk",
    name: "Foam Weapons Kiosk",
    types: ["artifact", "attraction"],
    stats: { lights: [2, 3, 6] },
    text: "Visit — Put a +1/+1 counter on target creature you control. (Lights 2, 3, 6.)",
    abilities: [
      {
        id: "visit",
        kind: "triggered",
        text: "Visit — Put a +1/+1 counter on target creature you control.",
        trigger: { on: "visit", self: true },
        // CR 603.3d: the target is chosen as the ability is put on the stack.
        cost: [
          {
            op: "choose",
            target: true,
            chooser: "controller",
            as: "t",
            from: { zone: "battlefield", controller: "self", type: "creature" },
            prompt: "Target creature you control",
          },
        ],
        effect: [{ op: "counterOnOwnCreature", counter: "+1/+1", what: "$t" }],
      },
    ],
  },
  // A Saga (CR 714): a lore counter as the precombat main phase begins (CR 703.4f).
  {
    id: "the-eldest-reborn",
    name: "The Eldest Reborn",
    types: ["enchantment", "saga"],
    cost: 5,
    stats: { chapters: 3 },
    text: "I — Each opponent sacrifices a creature or planeswalker. II — Each opponent discards a card. III — Put target creature or planeswalker card from a graveyard onto the battlefield under your control.",
    // CR 714.2b: each chapter triggers on lore counters put on it, by any cause (sagas.ts).
    abilities: [
      chapter(1, "Each opponent sacrifices a creature or planeswalker.", [
        { op: "opponentsSacrifice", what: "creatureOrPlaneswalker" },
      ]),
      chapter(2, "Each opponent discards a card.", [{ op: "opponentsDiscard" }]),
      chapter(
        3,
        "Put target creature or planeswalker card from a graveyard onto the battlefield under your control.",
        [{ op: "reanimate", what: "$t" }],
        {
          // CR 603.3d: the target is chosen as the chapter ability is put on the stack.
          cost: [
            {
              op: "choose",
              target: true,
              chooser: "controller",
              as: "t",
              from: { zone: "graveyard", owner: "any", type: ["creature", "planeswalker"] },
              prompt: "Target creature or planeswalker card in a graveyard",
            },
          ],
        },
      ),
    ],
  },
  // Instants and sorceries: their spell ability runs as they resolve (CR 608.2).
  {
    id: "lightning-bolt",
    name: "Lightning Bolt",
    types: ["instant"],
    cost: 1,
    text: "Lightning Bolt deals 3 damage to any target.",
    // "Any target" (a creature or a player, CR 115.4): the target is named in the cast option.
    abilities: [{ id: "spell", kind: "static", effect: [{ op: "damageAnyTarget", n: 3 }] }],
  },
  {
    id: "giant-growth",
    name: "Giant Growth",
    types: ["instant"],
    cost: 1,
    text: "Target creature gets +3/+3 until end of turn.",
    abilities: [
      {
        id: "spell",
        kind: "static",
        // CR 601.2c: the target is chosen as the spell is cast, and only checked as it resolves.
        cost: [targetCreature],
        effect: [{ op: "pumpTarget", power: 3, toughness: 3 }],
      },
    ],
  },
  {
    id: "divination",
    name: "Divination",
    types: ["sorcery"],
    cost: 3,
    text: "Draw two cards.",
    abilities: [{ id: "spell", kind: "static", effect: [{ op: "draw", n: 2 }] }],
  },
  // Archenemy schemes (CR 314, 904): set in motion as the archenemy's precombat main begins (703.4e).
  {
    id: "your-puny-minds-cannot-fathom",
    name: "Your Puny Minds Cannot Fathom",
    types: ["scheme"],
    text: "When you set this scheme in motion, draw four cards. You have no maximum hand size until your next turn.",
    abilities: [
      {
        id: "motion",
        kind: "triggered",
        zones: ["command"],
        trigger: { on: "setInMotion", self: true },
        effect: [
          { op: "draw", n: 4 },
          {
            op: "until",
            expires: { nextTurnOf: "controller" },
            targetPlayer: "controller",
            effect: { kind: "noMaxHandSize" },
            label: "no maximum hand size until your next turn",
          },
        ],
      },
    ],
  },
  {
    id: "all-in-good-time",
    name: "All in Good Time",
    types: ["scheme"],
    text: "When you set this scheme in motion, take an extra turn after this one. Schemes can't be set in motion that turn.",
    abilities: [
      {
        id: "motion",
        kind: "triggered",
        zones: ["command"],
        trigger: { on: "setInMotion", self: true },
        effect: [{ op: "extraTurn" }, { op: "noSchemesNextTurn" }],
      },
    ],
  },
  // Trample, deathtouch, lifelink, double strike, menace, hexproof, indestructible.
  ...keywordCards,
  // Auras and Equipment: attachments.
  ...auraCards,
  // Coloured mana, mana abilities, mana that doesn't empty, X costs .
  ...manaCards,
  // Tokens, counterspells, day/night .
  ...tokenCards,
  // Planeswalkers and the legend rule.
  ...planeswalkerCards,
  // Additional phases (CR 500.8).
  ...turnCards,
  // Control changes (CR 613.1b).
  ...controlCards,
  // Optional ("may") triggered abilities (CR 603.5).
  ...triggerCards,
  // Attack and block restrictions and requirements, tapping and untapping in combat, first strike given (CR 508.1c–d, 509.1b–c, 506.4, 702.7c).
  ...combatCards,
  // Attack costs, attacking alone and exalted, put onto the battlefield attacking (CR 508.1g, 506.5, 508.4).
  ...attackCards,
  // The turn and its limits against official rulings (additional beginning phase, CR 500.8).
  ...limitCards,
  // Cards that watch events: phasing, becoming the target, tapping, batches, Sagas (event-cards.ts).
  ...eventCards,
  // Sagas on counter events, read ahead, Flicker and Boomerang (saga-cards.ts).
  ...sagaCards,
  // Turn and time (CR 500.7, 502.3, 305.2a, 601.3, 702.8, 722, 726): untap exemptions and exert,
  // land plays and spell caps, flash granted, turn control, extra and skipped turns, day and night.
  ...untapCards,
  ...permissionCards,
  ...turnControlCards,
  ...dayNightCards,
];

export const magicCards: CardDef[] = library.map(withColours);

/** A legal 60-card deck (CR 100.2a) for random games: 17 basic lands and 43 other cards, at most 4 of each. */
export function defaultMagicDeck(variant: number): string[] {
  // Cori Mountain Stalwart stays out of the sample decks: its name holds "Mountain", which would
  // blur the name-based hidden-card checks now that Mountains are in them.
  const lands = ["forest", "plains", "island", "swamp", "mountain"];
  const deck: string[] = [];
  for (let i = 0; i < 17; i++) deck.push(lands[(i + variant) % lands.length]!);
  // Every rule the preset has, in play: coloured mana and mana abilities, X, the evergreen
  // keywords, tokens, counterspells, Auras and Equipment, a Saga, "doesn't untap", mana that stays,
  // a planeswalker and a legendary creature (two Isamarus: the legend rule), an additional combat,
  // protection (White Knight), a control change (Act of Treason), a delayed triggered ability
  // (Sneak Attack), optional triggers (Brass Man), attack and block restrictions and requirements
  // (Bloodrock Cyclops, Culling Mark, Pacifism), a tapper (Gideon's Lawkeeper), first strike given
  // in combat (Kindled Fury), skipped steps (Eon Hub, Savor the Moment), an attack cost
  // (Propaganda), exalted, a token put onto the battlefield attacking (Geist of Saint Traft), infect
  // and poison counters (Glistener Elf); events (event-cards.ts, saga-cards.ts): phasing and its triggers (Teferi's
  // Imp), phasing by an effect (Slip Out the Back), "becomes the target" by an opponent (Thunderbreak
  // Regent) and heroic (Lagonna-Band Trailblazer), a Saga's chapters on lore counters (History of
  // Benalia).
  const spells = [
    "llanowar-elves",
    "teferis-imp",
    "thunderbreak-regent",
    "bloodrock-cyclops",
    "culling-mark",
    "gideons-lawkeeper",
    "kindled-fury",
    "white-knight",
    "wall-of-roots",
    "nissa-voice-of-zendikar",
    "isamaru-hound-of-konda",
    "isamaru-hound-of-konda",
    "relentless-assault",
    // Its Attraction deck is made at setup; it visits as the precombat main phase begins (CR 505.5).
    "complaints-clerk",
    "lagonna-band-trailblazer",
    "boros-swiftblade",
    "vampire-nighthawk",
    "serra-angel",
    "history-of-benalia",
    "brass-man",
    "sneak-attack",
    "colossal-dreadmaw",
    "royal-assassin",
    "tavern-ruffian",
    "prodigal-pyromancer",
    "lightning-bolt",
    "geist-of-saint-traft",
    // "Whenever an opponent draws their second card each turn": counted per opponent (limit-cards.ts).
    "faerie-mastermind",
    "blaze",
    "savor-the-moment",
    "act-of-treason",
    "slip-out-the-back",
    "cancel",
    // Skipped steps (CR 500.10, 614.10): every upkeep while it is out; an extra turn without untap.
    "eon-hub",
    "abrupt-decay",
    "holy-strength",
    "pacifism",
    "bonesplitter",
    "upwelling",
    "the-eldest-reborn",
    "propaganda",
    "akrasan-squire",
    "glistener-elf",
  ];
  // Every other deck (P2's, P4's) plays the turn-and-time cards in place of some of these: turn
  // control (Mindslaver), land plays (Explore, Exploration), a cap on spells (Rule of Law), flash
  // granted (Alchemist's Refuge, a land), untap exemptions (Crippling Chill, exert), an extra turn
  // for a target player (Time Warp) and day and night (The Celestus).
  if (variant % 2 === 1)
    for (const [out, into] of TIME_SWAPS) {
      const list = into === "alchemists-refuge" ? deck : spells;
      list[list.indexOf(out)] = into;
    }
  deck.push(...spells);
  return deck;
}

/** The sample deck's cards swapped for the turn-and-time cards in every other deck. */
const TIME_SWAPS: readonly (readonly [string, string])[] = [
  ["relentless-assault", "mindslaver"],
  ["cancel", "explore"],
  ["upwelling", "exploration"],
  ["propaganda", "rule-of-law"],
  ["kindled-fury", "crippling-chill"],
  ["akrasan-squire", "glory-bound-initiate"],
  ["savor-the-moment", "time-warp"],
  ["abrupt-decay", "the-celestus"],
  ["island", "alchemists-refuge"],
];
