/**
 * Random lab decks (`Preset.randomDecks`): 20 cards per player (the setup's default size), each a
 * card of the library chosen uniformly. The lab has no copy limit.
 */
import type { DeckRules } from "../../core/decks.js";
import type { CardDef } from "../../core/vocabulary/schema.js";
import type { Pick } from "../deck-building.js";

export const DECK_SIZE = 20;

/** The lab's deck: 20 cards (a 5-card opening hand and draws to spare), any number of copies. */
export const labDeckRules: DeckRules = {
  parts: [{ id: "deck", label: "deck", min: DECK_SIZE, max: DECK_SIZE }],
};

export function randomDecks(cards: readonly CardDef[], players: number, pick: Pick): string[][] {
  return Array.from({ length: players }, () =>
    Array.from({ length: DECK_SIZE }, () => cards[pick(cards.length)]!.id),
  );
}
