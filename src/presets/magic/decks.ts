/**
 * Random legal Magic decks from the whole card library (`Preset.randomDecks`): constructed decks
 * of 60 cards. Attractions and schemes are not main-deck cards: the setup makes the Attraction
 * deck of a deck with Complaints Clerk, and the scheme deck in Archenemy.
 */
import type { DeckRules } from "../../core/decks.js";
import type { CardDef } from "../../core/vocabulary/schema.js";
import { DeckBuilder, type Pick, sample } from "../deck-building.js";

export const DECK_SIZE = 60;
/** About 40% lands. */
export const LANDS = 24;
/** At most 4 copies of a card other than a basic land (CR 100.2a). */
export const MAX_COPIES = 4;

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
      cards: { types: ["attraction"] },
      reason: "an Attraction goes in the Attraction deck, not the main deck",
    },
    {
      cards: { types: ["scheme"] },
      reason: "a scheme goes in the archenemy's scheme deck, not the main deck",
    },
  ],
};

/**
 * One random legal deck from `cards`: 24 basic lands of one or two basic land types (mana is
 * generic in this preset, so every land pays for every spell), then 36 other cards with at most 4
 * copies of each: at least 16 creatures and at least 10 cards of mana value 2 or less.
 */
export function randomDeck(cards: readonly CardDef[], pick: Pick): string[] {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const card = (id: string) => byId.get(id)!;
  const legal = cards.filter(isMainDeckCard);
  const basics = legal.filter(isBasicLand).map((c) => c.id);
  const types = sample(pick, basics, 1 + pick(2));
  const deck = new DeckBuilder(
    pick,
    DECK_SIZE,
    (id) => (isBasicLand(card(id)) ? Number.POSITIVE_INFINITY : MAX_COPIES),
    (id) => card(id).name,
  );
  const first = types.length === 1 ? LANDS : 8 + pick(LANDS - 15);
  for (let i = 0; i < LANDS; i++) deck.add(types[i < first ? 0 : 1]!);
  const spells = legal.filter((c) => !isBasicLand(c)).map((c) => c.id);
  const creature = (id: string) => card(id).types.includes("creature");
  deck.require(spells.filter(creature), () => deck.count(creature) >= 16, "16 creatures");
  const cheap = (id: string) => !isBasicLand(card(id)) && Number(card(id).cost ?? 0) <= 2;
  deck.require(spells.filter(cheap), () => deck.count(cheap) >= 10, "10 spells of mana value 2 or less");
  deck.require(spells, () => deck.full, `${DECK_SIZE} cards`);
  return deck.cards;
}

/** `Preset.randomDecks` for the Magic preset with library `cards`. */
export function randomDecks(cards: readonly CardDef[], players: number, pick: Pick): string[][] {
  return Array.from({ length: players }, () => randomDeck(cards, pick));
}
