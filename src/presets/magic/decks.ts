/**
 * Random legal Magic decks from the whole card library (`Preset.randomDecks`): constructed decks
 * of 60 cards. Attractions and schemes are not main-deck cards: the setup makes the Attraction
 * deck of a deck with Complaints Clerk, and the scheme deck in Archenemy.
 */
import type { CardMatch, DeckRules } from "../../core/decks.js";
import type { CardDef } from "../../core/vocabulary/schema.js";
import { DeckBuilder, type Pick, sample } from "../deck-building.js";

export const DECK_SIZE = 60;
/** About 40% lands. */
export const LANDS = 24;
/** At most 4 copies of a card other than a basic land (CR 100.2a). */
export const MAX_COPIES = 4;

/** Attractions (CR 717): their own deck, the Attraction deck. */
export const ATTRACTION_CARDS: CardMatch = { types: ["attraction"] };
/** Schemes (CR 314): their own deck, the archenemy's scheme deck. */
export const SCHEME_CARDS: CardMatch = { types: ["scheme"] };

const BASIC_LAND_TYPES = ["Plains", "Island", "Swamp", "Mountain", "Forest"];

/** A basic land (CR 205.3i): any number may be in a deck. */
export const isBasicLand = (card: CardDef) =>
  card.types.includes("land") && BASIC_LAND_TYPES.includes(card.name);

/** Cards that may go in a main deck: not Attractions (CR 717) or schemes (CR 314). */
export function isMainDeckCard(card: CardDef): boolean {
  return !card.types.includes("attraction") && !card.types.includes("scheme");
}

/**
 * Magic constructed deck rules (CR 100.2a): at least 60 cards, at most 4 of a card by English
 * name other than basic lands (CR 205.3i: Plains, Island, Swamp, Mountain, Forest, Wastes).
 * Attractions (CR 717) and schemes (CR 314) are not main-deck cards: the setup makes those decks.
 */
export const magicDeckRules: DeckRules = {
  parts: [{ id: "library", label: "deck", min: DECK_SIZE }],
  maxCopies: MAX_COPIES,
  unlimited: { types: ["land"], names: [...BASIC_LAND_TYPES, "Wastes"] },
  forbidden: [
    {
      cards: ATTRACTION_CARDS,
      reason: "an Attraction goes in the Attraction deck, not the main deck",
    },
    {
      cards: SCHEME_CARDS,
      reason: "a scheme goes in the archenemy's scheme deck, not the main deck",
    },
  ],
};

/** The basic land that makes each colour of mana (CR 305.6). */
const BASIC_OF_COLOUR: Record<string, string> = {
  W: "Plains",
  U: "Island",
  B: "Swamp",
  R: "Mountain",
  G: "Forest",
};

/** Coloured mana symbols in a card's printed cost ("{1}{G}{G}" → G twice); none for a generic cost. */
function colourSymbols(card: CardDef): string[] {
  const cost = card.stats?.manaCost;
  return typeof cost === "string" ? [...cost.matchAll(/\{([WUBRG])\}/g)].map((m) => m[1]!) : [];
}

/**
 * One random legal deck from `cards`: 36 nonland cards with at most 4 copies of each (at least 16
 * creatures and at least 10 cards of mana value 2 or less), then 24 basic lands shared among the
 * colours those cards' costs name, in proportion to their coloured symbols (CR 305.6: each basic
 * land taps for its colour), so the deck can cast what it holds; a deck of generic costs only gets
 * one or two random basic land types.
 */
export function randomDeck(cards: readonly CardDef[], pick: Pick): string[] {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const card = (id: string) => byId.get(id)!;
  const legal = cards.filter(isMainDeckCard);
  const deck = new DeckBuilder(
    pick,
    DECK_SIZE - LANDS,
    () => MAX_COPIES,
    (id) => card(id).name,
  );
  const spells = legal.filter((c) => !isBasicLand(c)).map((c) => c.id);
  const creature = (id: string) => card(id).types.includes("creature");
  deck.require(spells.filter(creature), () => deck.count(creature) >= 16, "16 creatures");
  const cheap = (id: string) => Number(card(id).cost ?? 0) <= 2;
  deck.require(spells.filter(cheap), () => deck.count(cheap) >= 10, "10 spells of mana value 2 or less");
  deck.require(spells, () => deck.full, `${DECK_SIZE - LANDS} nonland cards`);
  const basicId = new Map(legal.filter(isBasicLand).map((c) => [c.name, c.id]));
  const weight = new Map<string, number>();
  for (const id of deck.cards)
    for (const c of colourSymbols(card(id))) {
      const land = basicId.get(BASIC_OF_COLOUR[c]!);
      if (land) weight.set(land, (weight.get(land) ?? 0) + 1);
    }
  const out = [...deck.cards];
  if (weight.size === 0) {
    const types = sample(pick, [...basicId.values()], 1 + pick(2));
    for (let i = 0; i < LANDS; i++) out.push(types[i % types.length]!);
    return out;
  }
  // Three of each colour's land, the rest in proportion to its symbols (the heaviest colours
  // take what rounding leaves).
  const colours = [...weight.entries()].sort((a, b) => b[1] - a[1]);
  const total = colours.reduce((a, [, w]) => a + w, 0);
  const base = Math.min(3, Math.floor(LANDS / colours.length));
  const rest = LANDS - base * colours.length;
  const counts = colours.map(([, w]) => base + Math.floor((rest * w) / total));
  for (let i = 0, left = LANDS - counts.reduce((a, b) => a + b, 0); left > 0; i++, left--)
    counts[i % counts.length]! += 1;
  colours.forEach(([land], i) => {
    for (let j = 0; j < counts[i]!; j++) out.push(land);
  });
  return out;
}

/** `Preset.randomDecks` for the Magic preset with library `cards`. */
export function randomDecks(cards: readonly CardDef[], players: number, pick: Pick): string[][] {
  return Array.from({ length: players }, () => randomDeck(cards, pick));
}
