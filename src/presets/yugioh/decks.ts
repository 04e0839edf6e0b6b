/**
 * Random legal Yu-Gi-Oh! decks from the whole card library (`Preset.randomDecks`). A deck list is
 * the Main Deck followed by the Extra Deck: the setup puts Fusion and Xyz Monsters in the Extra
 * Deck by their type (`isExtraDeckMonster`).
 */
import type { CardMatch, DeckRules } from "../../core/decks.js";
import type { CardDef } from "../../core/vocabulary/schema.js";
import { DeckBuilder, type Pick } from "../deck-building.js";
import { isExtraDeckMonster } from "./pendulum.js";

/** Main Deck size used here (the rules allow 40 to 60). */
export const MAIN_DECK_SIZE = 40;
export const EXTRA_DECK_MAX = 15;
/** At most 3 copies of a card across the Main and Extra Deck. */
export const MAX_COPIES = 3;
/** The cards that go in the Extra Deck: Fusion, Synchro, Xyz and Link Monsters. */
export const EXTRA_DECK_CARDS: CardMatch = { types: ["fusion", "synchro", "xyz", "link"] };

/**
 * Yu-Gi-Oh! deck rules (the TCG Official Rulebook, "Deck Construction"): a Main Deck of 40 to 60
 * cards, an Extra Deck of at most 15 Fusion, Synchro, Xyz and Link Monsters, at most 3 copies of a
 * card across them. The Side Deck and the Forbidden & Limited List are not modelled.
 */
export const ygoDeckRules: DeckRules = {
  parts: [
    { id: "main", label: "Main Deck", min: 40, max: 60 },
    { id: "extra", label: "Extra Deck", max: EXTRA_DECK_MAX, cards: EXTRA_DECK_CARDS },
  ],
  maxCopies: MAX_COPIES,
};

const isMonster = (card: CardDef) => card.types.includes("monster");
const level = (card: CardDef) => Number(card.stats?.level ?? 0);

/**
 * One random legal deck list from `cards`: a 40-card Main Deck with at most 3 copies of a card,
 * at least 12 monsters of Level 4 or lower (Normal Summoned without Tributes) and at least 18
 * monsters in all; then 0 to 3 copies of each Fusion and Xyz Monster (at most 15).
 */
export function randomDeck(cards: readonly CardDef[], pick: Pick): string[] {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const card = (id: string) => byId.get(id)!;
  const pool = cards.filter((c) => !isExtraDeckMonster(c)).map((c) => c.id);
  const main = new DeckBuilder(
    pick,
    MAIN_DECK_SIZE,
    () => MAX_COPIES,
    (id) => card(id).name,
  );
  const low = (id: string) => isMonster(card(id)) && level(card(id)) <= 4;
  main.require(pool.filter(low), () => main.count(low) >= 12, "12 monsters of Level 4 or lower");
  const monster = (id: string) => isMonster(card(id));
  main.require(pool.filter(monster), () => main.count(monster) >= 18, "18 monsters");
  main.require(pool, () => main.full, `a ${MAIN_DECK_SIZE}-card Main Deck`);
  const extra: string[] = [];
  for (const c of cards.filter(isExtraDeckMonster)) {
    const n = Math.min(pick(MAX_COPIES + 1), EXTRA_DECK_MAX - extra.length);
    for (let i = 0; i < n; i++) extra.push(c.id);
  }
  return [...main.cards, ...extra];
}

/** `Preset.randomDecks` for the Yu-Gi-Oh! preset with library `cards`. */
export function randomDecks(cards: readonly CardDef[], players: number, pick: Pick): string[][] {
  return Array.from({ length: players }, () => randomDeck(cards, pick));
}
