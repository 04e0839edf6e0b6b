/**
 * Deck rules as data (`Preset.deckRules`): the parts of a deck list (Main Deck, Extra Deck,
 * hyperspatial zone …) with their sizes, which cards go in which part, and how many copies of a
 * card a deck may hold. `deckProblems` reads them and says, in words, everything wrong with a
 * list; `Game.create` refuses a deck with a problem, naming the player.
 */
import { definitionChecks } from "./checking.js";
import type { CardMatch, DeckPart, DeckRules } from "./contract/data.js";
import { plural } from "./labels.js";
import type { CardDef } from "./vocabulary/schema.js";

export type { CardMatch, DeckPart, DeckRules } from "./contract/data.js";

/** Whether `card` is one `m` is about. */
export function matchesCard(card: CardDef, m: CardMatch): boolean {
  if (m.types && !m.types.some((t) => card.types.includes(t))) return false;
  if (m.names && !m.names.includes(card.name)) return false;
  if (m.hasStat !== undefined && card.stats?.[m.hasStat] === undefined) return false;
  return true;
}

/** The part of a deck list `card` goes in, or undefined when the rules have no part for it. */
export function deckPartOf(rules: DeckRules, card: CardDef): DeckPart | undefined {
  return (
    rules.parts.find((p) => p.cards !== undefined && matchesCard(card, p.cards)) ??
    rules.parts.find((p) => p.cards === undefined)
  );
}

/** How many copies of `card` a deck may hold under `rules`. */
export function maxCopiesOf(rules: DeckRules, card: CardDef): number {
  if (rules.unlimited && matchesCard(card, rules.unlimited)) return Number.POSITIVE_INFINITY;
  const max = deckPartOf(rules, card)?.maxCopies ?? rules.maxCopies ?? Number.POSITIVE_INFINITY;
  return Math.min(max, limitedBy(rules, card)?.max ?? Number.POSITIVE_INFINITY);
}

/** The restricted-list entry that limits `card`'s copies, if any (the lowest). */
export function limitedBy(
  rules: DeckRules,
  card: CardDef,
): NonNullable<DeckRules["limited"]>[number] | undefined {
  let out: NonNullable<DeckRules["limited"]>[number] | undefined;
  for (const l of rules.limited ?? []) if (matchesCard(card, l.cards) && (!out || l.max < out.max)) out = l;
  return out;
}

/** "exactly 40", "at least 60", "40 to 60", "at most 15". */
export function sizeText(part: DeckPart): string {
  const min = part.min ?? 0;
  const max = part.max;
  if (max === undefined) return `at least ${min}`;
  if (min === max) return `exactly ${min}`;
  if (min === 0) return `at most ${max}`;
  return `${min} to ${max}`;
}

/**
 * Everything wrong with `deck` (card ids, every part in one list) under `rules`, one sentence
 * each, or [] for a legal deck. `lookup` finds a card by id; `known` lists the ids for "did you
 * mean".
 */
export function deckProblems(
  rules: DeckRules,
  deck: readonly string[],
  lookup: (id: string) => CardDef | undefined,
  known: Iterable<string> = [],
): string[] {
  const problems: string[] = [];
  const sizes = new Map<string, number>();
  const copies = new Map<string, { card: CardDef; n: number }>();
  const unknown = new Set<string>();
  for (const id of deck) {
    const card = lookup(id);
    if (!card) {
      if (!unknown.has(id)) problems.push(`unknown card "${id}"${definitionChecks()?.hint(id, known) ?? ""}`);
      unknown.add(id);
      continue;
    }
    const banned = rules.forbidden?.find((f) => matchesCard(card, f.cards));
    if (banned) {
      if (!copies.has(`forbidden:${card.id}`))
        problems.push(`${card.name} (${card.id}) may not be in a deck: ${banned.reason}`);
      copies.set(`forbidden:${card.id}`, { card, n: 1 });
      continue;
    }
    const part = deckPartOf(rules, card);
    if (!part) {
      problems.push(`${card.name} (${card.id}) belongs to no part of a deck`);
      continue;
    }
    sizes.set(part.id, (sizes.get(part.id) ?? 0) + 1);
    const key = rules.copiesBy === "id" ? card.id : card.name;
    const c = copies.get(key) ?? { card, n: 0 };
    c.n++;
    copies.set(key, c);
  }
  for (const [key, { card, n }] of copies) {
    if (key.startsWith("forbidden:")) continue;
    const max = maxCopiesOf(rules, card);
    const why = limitedBy(rules, card);
    if (n > max)
      problems.push(
        `${n} ${n === 1 ? "copy" : "copies"} of ${card.name}; at most ${max}${why && why.max === max ? ` (${why.reason})` : ""}`,
      );
  }
  for (const part of rules.parts) {
    const n = sizes.get(part.id) ?? 0;
    if (n < (part.min ?? 0) || (part.max !== undefined && n > part.max))
      problems.push(`${plural(n, "card")} in the ${part.label}; it must have ${sizeText(part)}`);
  }
  return problems;
}

/** The rules in words, for help texts: "Main Deck 40 to 60, Extra Deck at most 15; at most 3 copies of a card". */
export function describeDeckRules(rules: DeckRules): string {
  const parts = rules.parts.map((p) => `${p.label} ${sizeText(p)}`).join(", ");
  return `${parts}${rules.maxCopies !== undefined ? `; at most ${rules.maxCopies} copies of a card` : ""}`;
}
