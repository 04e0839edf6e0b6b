/**
 * Duel Masters decks: where each card starts a game, Duel Masters Play's sample decks, and random
 * legal decks from a preset's whole library (`Preset.randomDecks`).
 *
 * A deck list given to the setup is one list per player: its main-deck cards (exactly 40, at most
 * 4 copies of a card name), then any Psychic creatures (the hyperspatial zone: at most 8 cards) and
 * GR creatures (the super GR zone: at most 2 copies of a card). The setup puts each card in its
 * starting zone by its type (`startingZone`).
 */
import { type CardMatch, type DeckRules, maxCopiesOf } from "../../core/decks.js";
import type { CardDef } from "../../core/vocabulary/schema.js";
import { DeckBuilder, type Pick, sample } from "../deck-building.js";

export const DECK_SIZE = 40;
export const MAX_COPIES = 4;
/** The hyperspatial zone holds at most 8 cards, at most 4 copies of each. */
export const HYPERSPATIAL_MAX = 8;
/** The super GR zone holds 12 cards, at most 2 copies of each (fewer here: the library has one GR card). */
export const GR_ZONE_SIZE = 12;
export const GR_MAX_COPIES = 2;
/** The cards that wait in the hyperspatial zone: Psychic creatures. */
export const PSYCHIC_CARDS: CardMatch = { types: ["psychic"] };
/** The cards of the super GR zone: GR creatures. */
export const GR_CARDS: CardMatch = { types: ["gr"] };

/**
 * Duel Masters deck rules (General Game Rules 1.20, 100.2 and 400.4–400.5): a 40-card deck with
 * at most 4 cards of a name; the hyperspatial zone holds at most 8 Psychic creatures (only their
 * front sides), the super GR zone 12 GR creatures with at most 2 of a name (a deck may bring
 * none: this library has one GR card, so its zone holds 0 to 12). Duel Masters Play's uses the
 * same numbers (40 cards, 4 copies); its own rules for extra zones could not be checked here.
 */
export const dmDeckRules: DeckRules = {
  parts: [
    { id: "deck", label: "deck", min: DECK_SIZE, max: DECK_SIZE },
    {
      id: "hyperspatial",
      label: "hyperspatial zone",
      max: HYPERSPATIAL_MAX,
      cards: PSYCHIC_CARDS,
    },
    {
      id: "superGR",
      label: "super GR zone",
      max: GR_ZONE_SIZE,
      cards: GR_CARDS,
      maxCopies: GR_MAX_COPIES,
    },
  ],
  maxCopies: MAX_COPIES,
  forbidden: [
    {
      cards: { types: ["psychic"], hasStat: "awakenedFrom" },
      reason: "it is the awakened side of a Psychic creature, which comes only by awakening",
    },
  ],
};

const CIVILIZATIONS = ["light", "water", "darkness", "fire", "nature"] as const;

/** The zone a card starts the game in: Psychic creatures wait in the hyperspatial zone, GR creatures in the super GR zone. */
export function startingZone(card: CardDef): "deck" | "hyperspatial" | "superGR" {
  if (card.types.includes("psychic")) return "hyperspatial";
  if (card.types.includes("gr")) return "superGR";
  return "deck";
}

/** Cards a player may put in their deck, hyperspatial zone or super GR zone: all but the awakened sides of Psychic creatures (the back of another card). */
export function isDeckLegal(card: CardDef): boolean {
  return !(card.types.includes("psychic") && typeof card.stats?.awakenedFrom === "string");
}

/** The civilizations a card needs in the mana zone ("colorless" and zero-civilization cards need none). */
function civilizationsNeeded(card: CardDef): string[] {
  return ((card.civilizations as string[] | undefined) ?? []).filter((c) => c !== "colorless");
}

const isBaseCreature = (card: CardDef) =>
  card.types.includes("creature") && !card.types.includes("evolution");

/**
 * One random legal deck list from `cards`:
 * - main deck: exactly 40 cards, at most 4 of a name, of two civilizations chosen at random (a
 *   third is added if those two cannot fill 40) plus colorless and zero-civilization cards; at
 *   least 10 cards of each chosen civilization (mana to pay for them), at least 8 costing 3 or less
 *   and at least 16 non-evolution creatures, so a game has creatures to summon and attack with;
 * - hyperspatial zone: 1 to 8 Psychic creatures (front sides), at most 4 of each;
 * - super GR zone: 2 copies of each GR creature (at most 12 cards).
 */
export function randomDeck(cards: readonly CardDef[], pick: Pick, rules: DeckRules = dmDeckRules): string[] {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const card = (id: string) => byId.get(id)!;
  const legal = cards.filter(isDeckLegal);

  const main = legal.filter((c) => startingZone(c) === "deck");
  const civs = sample(pick, CIVILIZATIONS, 2) as string[];
  const fits = (c: CardDef) => civilizationsNeeded(c).every((x) => civs.includes(x));
  while (main.filter(fits).length * MAX_COPIES < DECK_SIZE) {
    const more = CIVILIZATIONS.filter((c) => !civs.includes(c));
    if (more.length === 0) throw new Error("the library cannot fill a Duel Masters deck");
    civs.push(more[pick(more.length)]!);
  }
  const pool = main.filter(fits).map((c) => c.id);
  // Copies by the rules: 4 of a name, fewer for a card on a restricted list (Play's DP殿堂).
  const deck = new DeckBuilder(
    pick,
    DECK_SIZE,
    (id) => Math.min(MAX_COPIES, maxCopiesOf(rules, card(id))),
    (id) => card(id).name,
  );
  for (const civ of civs) {
    const ofCiv = (id: string) => civilizationsNeeded(card(id)).includes(civ);
    deck.require(pool.filter(ofCiv), () => deck.count(ofCiv) >= 10, `10 ${civ} cards`);
  }
  const cheap = (id: string) => card(id).infiniteCost !== true && Number(card(id).cost ?? 0) <= 3;
  deck.require(pool.filter(cheap), () => deck.count(cheap) >= 8, "8 cards costing 3 or less");
  const creature = (id: string) => isBaseCreature(card(id));
  deck.require(pool.filter(creature), () => deck.count(creature) >= 16, "16 non-evolution creatures");
  deck.require(pool, () => deck.full, `${DECK_SIZE} cards`);

  const psychics = legal.filter((c) => startingZone(c) === "hyperspatial").map((c) => c.id);
  const hyperspatial = new DeckBuilder(
    pick,
    psychics.length ? 1 + pick(HYPERSPATIAL_MAX) : 0,
    () => MAX_COPIES,
  );
  hyperspatial.fill(psychics);

  const grs = legal.filter((c) => startingZone(c) === "superGR").map((c) => c.id);
  const gr = new DeckBuilder(pick, GR_ZONE_SIZE, () => GR_MAX_COPIES);
  for (const id of grs) while (!gr.full && gr.room(id) > 0) gr.add(id);

  return [...deck.cards, ...hyperspatial.cards, ...gr.cards];
}

/** `Preset.randomDecks` for a Duel Masters preset with library `cards` and deck rules `rules`. */
export function randomDecks(
  cards: readonly CardDef[],
  players: number,
  pick: Pick,
  rules: DeckRules = dmDeckRules,
): string[][] {
  return Array.from({ length: players }, () => randomDeck(cards, pick, rules));
}

const list = (ids: [string, number][]): string[] =>
  ids.flatMap(([id, n]) => Array.from({ length: n }, () => id));

/**
 * Duel Masters Play's sample decks: two 40-card decks of real cards built around the Play's
 * cards (every one of them is in one of the decks) with paper cards of their civilizations.
 */
export function playsSampleDecks(): [string[], string[]] {
  // Light/darkness/nature: Dragons for Hell Obel and Kantabile, Knights for Nero Griffith,
  // multicolored creatures for King Alcadeias to evolve from.
  const lightDarkness = list([
    ["kokushinryu-hell-obel", 4],
    ["shinigami-tokkutsu-otoko", 4],
    ["makou-taitei-nero-griffith", 2],
    ["seigaia-king-alcadeias", 2],
    ["koki-seirei-gabriela", 2],
    ["itsuwari-no-ou-kantabile", 2],
    ["procyon-dragoon", 4],
    ["fugouou-golgini-en-gels", 2],
    ["furaku-no-chojin", 2],
    ["ghost-touch", 3],
    // No charge until your next turn; "doesn't untap at the start of your opponent's next turn".
    ["reality-void", 1],
    ["faerie-life", 2],
    ["fairy-re-life", 2],
    ["holy-awe", 3],
    ["touketsu-no-maten-dying-message", 1],
    ["natural-snare", 2],
    ["d-no-kindan-dokindam-area", 1],
    ["kekkon-shite-kureyaa", 1],
  ]);
  // Water/fire/light: Cyber Lords for Emperor Kiriko, cheap creatures for Aqua Merge.
  const waterFire = list([
    ["aqua-merge", 4],
    ["tanki-rensha-magnum", 4],
    ["emperor-kiriko", 2],
    ["kaiou-ryusei-last-avatar", 2],
    ["daishuketsu-aqua-brothers", 4],
    ["ichigeki-dasshu-topgear", 3],
    ["ryusousha-valchulis", 3],
    // A draw for each shield your creatures break; "you don't lose until your next turn".
    ["shikkuryu-bolshack-ash-raider", 1],
    ["densetsu-no-legend-dogiragon", 1],
    ["wave", 4],
    ["bolshack-voljaak", 2],
    ["mirai-no-houou-miradante-sf", 2],
    ["spiral-gate", 2],
    ["crimson-hammer", 1],
    // An Extra Win (DM Win: alternate win conditions).
    ["cyber-j-eleven", 1],
    // A tap ability (DM Attack step) and "skip the rest of the turn" (DM Turn).
    ["kipos-contraption", 2],
    ["shumatsu-no-tokei-the-clock", 2],
  ]);
  return [lightDarkness, waterFire];
}
