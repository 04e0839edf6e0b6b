/**
 * Effect cards of seeds/ygo-once-per-turn-en.txt with their printed text, and the few cards the
 * rulings need to negate an activation or change a name. Every "once per turn" is the shared
 * limit model's data (RULINGS YG-1.x, YG-2.x, YG-3.1).
 */
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { targetFaceUpMonster } from "./card-parts.js";
import type { YugiohOp } from "./ops.generated.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<YugiohOp>;
type AbilityDef = NonNullable<CardDef["abilities"]>[number];

export const SOFT_OPT = {
  counts: "use",
  key: "incarnation",
  window: "turn",
  label: "Once per turn",
} as const;

function monster(
  id: string,
  name: string,
  stats: { level: number; atk: number; def: number; attribute: string },
  race: string,
  text: string,
  abilities: NonNullable<CardDef["abilities"]>,
): CardDef {
  return { id, name, types: ["monster", "effect"], races: [race], stats, text, abilities };
}

/** RULINGS YG-1.1 to YG-1.3: soft once per turn, per copy, reset when it leaves the field. */
export const barrelDragon = monster(
  "barrel-dragon",
  "Barrel Dragon",
  { level: 7, atk: 2600, def: 2200, attribute: "DARK" },
  "Machine",
  "Once per turn: You can target 1 monster your opponent controls; toss a coin 3 times and destroy that target if at least 2 of the results are Heads.",
  [
    {
      id: "shoot",
      kind: "activated",
      timing: "ignition",
      cost: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "monster", controller: "opponent" },
          min: 1,
          max: 1,
          as: "target",
          target: true,
          prompt: "Target 1 monster your opponent controls",
        },
      ],
      effect: [
        {
          op: "tossCoins",
          times: 3,
          headsAtLeast: 2,
          // biome-ignore lint/suspicious/noThenProperty: "then" is the op's branch in the card vocabulary
          then: [{ op: "destroy", what: "$target" }],
        },
      ],
      limit: SOFT_OPT,
    },
  ],
);

/** RULINGS YG-1.3: brings a monster back from the GY (a new card on the field). */
export const callOfTheHaunted: CardDef = {
  id: "call-of-the-haunted",
  name: "Call of the Haunted",
  types: ["trap", "continuous"],
  text: "Activate this card by targeting 1 monster in your GY; Special Summon that target in Attack Position. When this card leaves the field, destroy that target. When that target is destroyed, destroy this card.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      cost: [
        {
          op: "choose",
          chooser: "controller",
          // A target it can Special Summon (its summoning condition, "Special Summon X once per turn").
          from: {
            zone: "graveyard",
            controller: "self",
            type: "monster",
            where: { specialSummonable: true },
          },
          min: 1,
          max: 1,
          as: "target",
          target: true,
          prompt: "Target 1 monster in your GY",
        },
      ],
      effect: [{ op: "specialSummon", what: "$target", link: true }],
    },
  ],
};

/** RULINGS YG-2.1, YG-2.3: hard once per turn by name, "use"; the printed name counts. */
export const fairyArcher = monster(
  "fairy-archer",
  "Fairy Archer",
  { level: 3, atk: 1400, def: 600, attribute: "LIGHT" },
  "Fairy",
  'During your Main Phase: You can inflict 400 damage to your opponent for each LIGHT monster you control. You can only use the effect of "Fairy Archer" once per turn. This card cannot attack during the turn you activate this effect.',
  [
    {
      id: "volley",
      kind: "activated",
      timing: "ignition",
      cost: [{ op: "cannotAttackThisTurn" }],
      effect: [
        {
          op: "damagePer",
          each: 400,
          of: { zone: "monster", controller: "self", faceDown: false, where: { attribute: "LIGHT" } },
        },
      ],
      limit: {
        counts: "use",
        key: "namePerPlayer",
        window: "turn",
        label: 'You can only use the effect of "Fairy Archer" once per turn',
      },
    },
  ],
);

/** A HERO for Hero Mask to send (a Normal Monster). */
export const elementalHeroAvian: CardDef = {
  id: "elemental-hero-avian",
  name: "Elemental HERO Avian",
  types: ["monster", "normal"],
  races: ["Warrior"],
  stats: { level: 3, atk: 1000, def: 1000, attribute: "WIND" },
  text: "A winged Elemental HERO who wheels through the sky and manipulates the wind.",
};

/**
 * RULINGS YG-2.3: changes a monster's name; name-keyed limits keep the printed name. Before the
 * ";" is done on activation: sending the "HERO" monster is a cost, then the monster is targeted.
 */
export const heroMask: CardDef = {
  id: "hero-mask",
  name: "Hero Mask",
  types: ["spell", "normal"],
  text: 'Send 1 "HERO" monster from your Deck to the GY, then target 1 face-up monster on the field; its name becomes the sent monster\'s name until the End Phase.',
  abilities: [
    {
      id: "activate",
      kind: "activated",
      cost: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "deck", controller: "self", where: { heroMonster: true } },
          min: 1,
          max: 1,
          as: "hero",
          prompt: 'Send 1 "HERO" monster from your Deck to the GY',
        },
        { op: "move", what: "$hero", to: "graveyard" },
        targetFaceUpMonster,
      ],
      effect: [{ op: "takeName", what: "$target", from: "$hero" }],
    },
  ],
};

/** RULINGS YG-2.4 "activate": a negated activation may be tried again that turn. */
export const spellbookOfSecrets: CardDef = {
  id: "spellbook-of-secrets",
  name: "Spellbook of Secrets",
  types: ["spell", "normal"],
  text: 'Add 1 "Spellbook" card from your Deck to your hand, except "Spellbook of Secrets". You can only activate 1 "Spellbook of Secrets" per turn.',
  abilities: [
    {
      id: "activate",
      kind: "activated",
      zones: ["hand", "spellTrap"], // activated from the hand, or Set
      // A card that adds from the Deck can't be activated when the Deck holds none to add.
      condition: { count: { zone: "deck", controller: "self", name: ["Spellbook of Power"] }, gte: 1 },
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "deck", controller: "self", name: ["Spellbook of Power"] },
          min: 1,
          max: 1,
          as: "book",
          prompt: 'Add 1 "Spellbook" card from your Deck to your hand',
        },
        // A card added from the Deck to the hand is shown to the opponent.
        { op: "move", what: "$book", to: "hand", reveal: true },
      ],
      limit: {
        counts: "use",
        usedUp: "activation",
        key: "namePerPlayer",
        window: "turn",
        label: 'You can only activate 1 "Spellbook of Secrets" per turn',
      },
    },
  ],
};

/** A "Spellbook" card for Spellbook of Secrets to add. */
export const spellbookOfPower: CardDef = {
  id: "spellbook-of-power",
  name: "Spellbook of Power",
  types: ["spell", "normal"],
  text: 'Target 1 Spellcaster monster you control; it gains 1000 ATK until the end of this turn. If it destroys an opponent\'s monster by battle this turn, you can add 1 "Spellbook" Spell from your Deck to your hand.',
  abilities: [
    {
      id: "activate",
      kind: "activated",
      cost: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "monster", controller: "self", faceDown: false, where: { races: "Spellcaster" } },
          min: 1,
          max: 1,
          as: "target",
          target: true,
          prompt: "Target 1 Spellcaster monster you control",
        },
      ],
      effect: [{ op: "until", expires: "turn", effect: { kind: "atk", value: 1000 }, target: "$target" }],
    },
  ],
};

/** Negates a Spell/Trap activation (RULINGS YG-2.4). */
export const solemnJudgment: CardDef = {
  id: "solemn-judgment",
  name: "Solemn Judgment",
  types: ["trap", "counter"],
  text: "When a monster(s) would be Summoned, OR a Spell/Trap Card is activated: Pay half your LP; negate the Summon or activation, and if you do, destroy that card.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      // "When a monster(s) would be Summoned, OR a Spell/Trap Card is activated".
      condition: {
        any: [
          { fn: "lastLinkIs", args: { kind: "spellTrapCard" } },
          { fn: "summoning", args: { kind: "any" } },
        ],
      },
      cost: [{ op: "payHalfLP" }],
      effect: [{ op: "negateActivation", destroy: true }],
    },
  ],
};

/**
 * Negates a monster effect's activation (RULINGS YG-1.2, YG-2.4 "use") or a Special Summon that
 * starts no chain. TCG text as printed (BOSH-EN079; pojo.com, the Konami blog "Breakers of Shadow:
 * Throwing Strikes": it can't stop Normal Summons or Summons by Spells and Traps).
 */
export const solemnStrike: CardDef = {
  id: "solemn-strike",
  name: "Solemn Strike",
  types: ["trap", "counter"],
  text: "When a monster(s) would be Special Summoned, OR a monster effect is activated: Pay 1500 LP; negate the Summon or activation, and if you do, destroy that card.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      condition: {
        any: [
          { fn: "lastLinkIs", args: { kind: "monsterEffect" } },
          { fn: "summoning", args: { kind: "special" } },
        ],
      },
      cost: [{ op: "payLP", n: 1500 }],
      effect: [{ op: "negateActivation", destroy: true }],
    },
  ],
};

/** RULINGS YG-2.5: one limit over two effects. */
const FLUFFAL_BEAR_LIMIT = {
  counts: "use",
  key: "group",
  group: "Fluffal Bear",
  window: "turn",
  label: 'You can only use 1 "Fluffal Bear" effect per turn, and only once that turn',
} as const;

export const fluffalBear = monster(
  "fluffal-bear",
  "Fluffal Bear",
  { level: 3, atk: 1200, def: 800, attribute: "EARTH" },
  "Fairy",
  'You can send this card from your hand to the GY; Set 1 "Toy Vendor" directly from your Deck to your Spell & Trap Zone. You can Tribute this card, then target 1 "Polymerization" in your GY; add it to your hand. You can only use 1 "Fluffal Bear" effect per turn, and only once that turn.',
  [
    {
      id: "vendor",
      kind: "activated",
      timing: "ignition",
      zones: ["hand"],
      cost: [{ op: "move", what: "self", to: "graveyard" }],
      effect: [{ op: "setFromDeck", name: "Toy Vendor" }],
      limit: FLUFFAL_BEAR_LIMIT,
    },
    {
      id: "polymerization",
      kind: "activated",
      timing: "ignition",
      cost: [
        { op: "move", what: "self", to: "graveyard", event: "tribute" },
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "graveyard", controller: "self", name: "Polymerization" },
          min: 1,
          max: 1,
          as: "poly",
          target: true,
          prompt: 'Target 1 "Polymerization" in your GY',
        },
      ],
      effect: [{ op: "move", what: "$poly", to: "hand" }],
      limit: FLUFFAL_BEAR_LIMIT,
    },
  ],
);

/** Set from the deck by Fluffal Bear. */
export const toyVendor: CardDef = {
  id: "toy-vendor",
  name: "Toy Vendor",
  types: ["spell", "continuous"],
  text: 'Once per turn: You can discard 1 card, then draw 1 card and show it, then if it is a "Fluffal" monster, you can Special Summon it. If not, send it to the GY.',
  abilities: [
    { id: "activate", kind: "activated" },
    {
      id: "vend",
      kind: "activated",
      timing: "ignition",
      zones: ["spellTrap"],
      cost: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "hand", controller: "self" },
          min: 1,
          max: 1,
          as: "discarded",
          prompt: "Discard 1 card",
        },
        { op: "move", what: "$discarded", to: "graveyard", event: "discard" },
      ],
      effect: [{ op: "vendorDraw", family: "Fluffal" }],
      limit: SOFT_OPT,
    },
  ],
};

/** Fluffal Bear returns it from the GY; activated only if a Fusion Summon is possible. */
export const polymerization: CardDef = {
  id: "polymerization",
  name: "Polymerization",
  types: ["spell", "normal"],
  text: "Fusion Summon 1 Fusion Monster from your Extra Deck, using monsters from your hand or field as Fusion Material.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      condition: { fn: "canFusionSummon" },
      effect: [{ op: "fusionSummon" }],
    },
  ],
};

/** A Fusion Monster and its two Normal Monster materials. */
export const flameSwordsman: CardDef = {
  id: "flame-swordsman",
  name: "Flame Swordsman",
  types: ["monster", "fusion"],
  races: ["Warrior"],
  stats: { level: 5, atk: 1800, def: 1600, attribute: "FIRE" },
  text: '"Flame Manipulator" + "Masaki the Legendary Swordsman"',
  abilities: [
    {
      id: "materials",
      kind: "static",
      zones: ["extra"],
      static: { kind: "fusionMaterials", names: ["Flame Manipulator", "Masaki the Legendary Swordsman"] },
    },
  ],
};

/** RULINGS YG-3.1: "(You can only gain this effect once per turn.)" — one bucket per player. */
export const GAIN_ONCE = {
  counts: "application",
  key: "bucket",
  bucket: "You can only gain this effect once per turn",
  window: "turn",
  label: "You can only gain this effect once per turn",
} as const;

export const evilswarmCastor = monster(
  "evilswarm-castor",
  "Evilswarm Castor",
  { level: 4, atk: 1750, def: 550, attribute: "DARK" },
  "Beast-Warrior",
  'During your Main Phase, you can Normal Summon 1 "lswarm" monster in addition to your Normal Summon/Set. (You can only gain this effect once per turn.)',
  [
    {
      id: "swarm",
      kind: "static",
      static: { kind: "extraNormalSummon", nameHas: "lswarm" },
      limit: GAIN_ONCE,
    },
  ],
);

export const fireFormationTensu: CardDef = {
  id: "fire-formation-tensu",
  name: "Fire Formation - Tensu",
  types: ["spell", "continuous"],
  text: "During your Main Phase, you can Normal Summon 1 Beast-Warrior monster in addition to your Normal Summon/Set. (You can only gain this effect once per turn.) All Beast-Warrior monsters you control gain 100 ATK.",
  abilities: [
    { id: "activate", kind: "activated" },
    {
      id: "formation",
      kind: "static",
      zones: ["spellTrap"],
      static: { kind: "extraNormalSummon", race: "Beast-Warrior" },
      limit: GAIN_ONCE,
    },
    {
      id: "boost",
      kind: "static",
      zones: ["spellTrap"],
      static: { kind: "atkBoost", race: "Beast-Warrior", by: 100 },
    },
  ],
};

/** RULINGS YG-1.5: a monster that turns itself face-down keeps its use after its next flip. */
const BURROW: AbilityDef = {
  id: "burrow",
  kind: "activated",
  timing: "ignition",
  effect: [{ op: "setSelfFaceDown" }],
  limit: { ...SOFT_OPT, keepOnSelfFaceDown: true },
};

/** "FLIP:" and "When this card is flipped face-up": it was turned face-up, however. */
const FLIPPED = { on: "faceUp", self: true } as const;

export const swarmOfLocusts = monster(
  "swarm-of-locusts",
  "Swarm of Locusts",
  { level: 3, atk: 1000, def: 700, attribute: "EARTH" },
  "Insect",
  "FLIP: Destroy 1 Spell/Trap on the field. Once per turn: You can change this card to face-down Defense Position.",
  [
    {
      id: "flip",
      kind: "triggered",
      text: "FLIP: Destroy 1 Spell/Trap on the field.",
      trigger: FLIPPED,
      effect: [
        {
          op: "choose",
          chooser: "controller",
          // Cards in the Pendulum Zones are Spell Cards.
          from: { zone: ["spellTrap", "pendulum"] },
          min: 1,
          max: 1,
          as: "destroyed",
          prompt: "Destroy 1 Spell/Trap on the field",
        },
        { op: "destroy", what: "$destroyed" },
      ],
    },
    BURROW,
  ],
);

export const flipFlopFrog = monster(
  "flip-flop-frog",
  "Flip Flop Frog",
  { level: 2, atk: 500, def: 200, attribute: "WATER" },
  "Aqua",
  'Once per turn, you can flip this card into face-down Defense Position. When this card is flipped face-up, you can return monsters your opponent controls to their owners\' hand up to the number of face-up "Frog" monsters you control, except "Frog the Jam".',
  [
    BURROW,
    {
      id: "flip",
      kind: "triggered",
      optional: true,
      text: 'Return monsters your opponent controls to the hand, up to the number of face-up "Frog" monsters you control',
      trigger: FLIPPED,
      effect: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "monster", controller: "opponent" },
          min: 0,
          max: {
            count: { zone: "monster", controller: "self", faceDown: false, where: { frogMonster: true } },
          },
          as: "returned",
          prompt: "Return monsters your opponent controls to the hand",
        },
        { op: "returnToHand", what: "$returned" },
      ],
    },
  ],
);

/** RULINGS YG-2.2: "once per Duel", "use": from the GY during the Battle Step. */
export const baconSaver = monster(
  "bacon-saver",
  "Bacon Saver",
  { level: 3, atk: 800, def: 1400, attribute: "DARK" },
  "Zombie",
  'During either player\'s Battle Step, while an attack is occurring: You can banish this card from your Graveyard; negate the attack. You can only use the effect of "Bacon Saver" once per Duel.',
  [
    {
      id: "save",
      kind: "activated",
      timing: "quick",
      zones: ["graveyard"],
      condition: { fn: "attackOccurring" },
      cost: [{ op: "move", what: "self", to: "banished" }],
      effect: [{ op: "negateAttack" }],
      limit: {
        counts: "use",
        key: "namePerPlayer",
        window: "game",
        label: 'You can only use the effect of "Bacon Saver" once per Duel',
      },
    },
  ],
);

/**
 * RULINGS YG-T2: "instead of conducting your normal draw", activated before the draw. The English
 * wording is rendered from the OCG text 《マジックブラスト》; it can't be used with an empty Deck.
 */
export const magicalBlast: CardDef = {
  id: "magical-blast",
  name: "Magical Blast",
  types: ["spell", "normal"],
  text: "Inflict 200 damage to your opponent for each Spellcaster monster you control. During your Draw Phase, instead of conducting your normal draw: You can add this card from your GY to your hand.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      effect: [
        {
          op: "damagePer",
          each: 200,
          of: { zone: "monster", controller: "self", faceDown: false, where: { races: "Spellcaster" } },
        },
      ],
    },
    {
      id: "recover",
      kind: "activated",
      timing: "insteadOfNormalDraw",
      zones: ["graveyard"],
      text: "Instead of conducting your normal draw, add this card from your GY to your hand",
      condition: { count: { zone: "deck", controller: "self" }, gte: 1 },
      effect: [{ op: "replaceNormalDraw" }, { op: "move", what: "self", to: "hand" }],
    },
  ],
};

/** A Damage Step effect (RULINGS YG-T7): one of the effects allowed there. */
export const honest = monster(
  "honest",
  "Honest",
  { level: 4, atk: 1100, def: 1900, attribute: "LIGHT" },
  "Fairy",
  "During your Main Phase: You can return this card from the field to the hand. During each Damage Step, when a LIGHT monster you control battles: You can send this card from your hand to the GY; that monster gains ATK equal to the ATK of the opponent's monster it is battling, until the end of this turn.",
  [
    {
      id: "return",
      kind: "activated",
      timing: "ignition",
      effect: [{ op: "move", what: "self", to: "hand" }],
    },
    {
      id: "boost",
      kind: "activated",
      timing: "damageStep",
      zones: ["hand"],
      condition: { fn: "lightMonsterBattles" },
      cost: [{ op: "move", what: "self", to: "graveyard" }],
      effect: [{ op: "gainBattlingAtk" }],
    },
  ],
);

/**
 * YG Position: a battle position changed by a card effect. Book of Moon's printed text (TCG) is
 * "Target 1 face-up monster on the field; change that target to face-down Defense Position."
 */
export const bookOfMoon: CardDef = {
  id: "book-of-moon",
  name: "Book of Moon",
  types: ["spell", "quickPlay"],
  text: "Target 1 face-up monster on the field; change that target to face-down Defense Position.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      zones: ["hand", "spellTrap"], // activated from the hand in your turn, or Set
      cost: [targetFaceUpMonster],
      effect: [{ op: "changePosition", what: "$target", to: "faceDownDefense" }],
    },
  ],
};

/**
 * Takes control of an opponent's monster until the End Phase (the kernel's gainControl): the same
 * card on the field, so its "Once per turn" effect used this turn stays used, while "You can only
 * use the effect of X once per turn" counts for the new controller (RULINGS YG-2.1).
 */
export const changeOfHeart: CardDef = {
  id: "change-of-heart",
  name: "Change of Heart",
  types: ["spell", "normal"],
  text: "Target 1 monster your opponent controls; take control of it until the End Phase.",
  abilities: [
    {
      id: "activate",
      kind: "activated",
      // A monster can be taken only into a free Monster Zone.
      condition: { fn: "monsterZoneFree" },
      cost: [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "monster", controller: "opponent" },
          min: 1,
          max: 1,
          as: "target",
          target: true,
          prompt: "Target 1 monster your opponent controls",
        },
      ],
      // "until the End Phase" of this turn (expiries.ts).
      effect: [{ op: "gainControl", what: "$target", expires: { begin: "end", turn: "this" } }],
    },
  ],
};

export const effectCards: CardDef[] = [
  bookOfMoon,
  changeOfHeart,
  magicalBlast,
  baconSaver,
  honest,
  barrelDragon,
  callOfTheHaunted,
  fairyArcher,
  elementalHeroAvian,
  heroMask,
  spellbookOfSecrets,
  spellbookOfPower,
  solemnJudgment,
  solemnStrike,
  fluffalBear,
  toyVendor,
  polymerization,
  flameSwordsman,
  evilswarmCastor,
  fireFormationTensu,
  swarmOfLocusts,
  flipFlopFrog,
];
