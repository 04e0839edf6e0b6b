/**
 * Words for things a person reads: an ability named by its keyword or its text, never by its id;
 * an id turned into words when nothing better is written ("extremeFinalRevolution" → "extreme
 * final revolution"). Narration, option labels and the command line use these, so no raw id is
 * ever printed where a name belongs.
 */
import type { AbilityDef, CardDef } from "./vocabulary/schema.js";

/**
 * Words made once per text and kept: the same ids and texts are labelled at every decision that
 * names them, and a regular expression's replace is slow next to a lookup. Bounded: emptied when
 * full (card data is finite; a long-running server may label any number of texts).
 */
const MEMO_SIZE = 4096;

function remember(memo: Map<string, string>, key: string, value: string): string {
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(key, value);
  return value;
}

const humanized = new Map<string, string>();

/** An identifier as words: camelCase, kebab-case and snake_case split, lower case ("winByAttack" → "win by attack"). */
export function humanizeId(id: string): string {
  return humanized.get(id) ?? remember(humanized, id, wordsOfId(id));
}

function wordsOfId(id: string): string {
  return id
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/[-_.:]+/g, " ")
    .trim()
    .toLowerCase();
}

/** Shortened texts, by their length limit. */
const shortened = new Map<number, Map<string, string>>();

/** Text shortened to at most `max` characters, cut at a word and ended with "…". */
export function shorten(text: string, max = 100): string {
  let memo = shortened.get(max);
  if (!memo) {
    if (shortened.size >= 8) shortened.clear();
    memo = new Map();
    shortened.set(max, memo);
  }
  return memo.get(text) ?? remember(memo, text, shortenNow(text, max));
}

function shortenNow(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, "")}…`;
}

/**
 * How an ability is called in a line a person reads: its printed text (shortened to `max`
 * characters), else its keyword ("Ninja Strike"), else its id in words.
 */
export function abilityLabel(ability: AbilityDef | undefined, id = ability?.id ?? "", max = 100): string {
  if (ability?.text) return shorten(ability.text, max);
  if (ability?.keyword)
    return /[a-z][A-Z]/.test(ability.keyword) ? humanizeId(ability.keyword) : ability.keyword;
  return humanizeId(id);
}

/** The ability `abilityId` of `card`, if it has one. */
export function findAbility(
  card: CardDef | undefined,
  abilityId: string | undefined,
): AbilityDef | undefined {
  if (!card || abilityId === undefined) return undefined;
  return card.abilities?.find((a) => a.id === abilityId);
}

/** Whether an ability has any usage limit (`limit:` one or a list). */
export function hasLimit(ability: AbilityDef | undefined): boolean {
  const l = ability?.limit;
  return Array.isArray(l) ? l.length > 0 : l !== undefined;
}

/**
 * A count with its noun, singular for one and plural otherwise: `plural(1, "card")` → "1 card",
 * `plural(3, "card")` → "3 cards", `plural(0, "copy")` → "0 copies". `many` gives a plural that
 * isn't made by the usual spelling rules (`plural(2, "child", "children")`). Every message that
 * prints a count uses this, so none says "1 cards" or "2 card".
 */
export function plural(n: number, one: string, many = pluralOf(one)): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The plural of a noun by the usual spelling rules: card → cards, copy → copies, match → matches. */
export function pluralOf(noun: string): string {
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`;
  return `${noun}s`;
}
