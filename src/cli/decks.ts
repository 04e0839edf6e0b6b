/**
 * Deck files for `turnkit play --deck P1=file`: YAML or JSON, a list of entries or sections by
 * deck part (docs/cli.md, "Deck files"):
 *
 * ```yaml
 * - { card: bolshack-voljaak, count: 4 }   # a card id or its printed name, and how many
 * - holy-awe                               # one copy
 * ```
 *
 * ```yaml
 * main:                                    # Yu-Gi-Oh!: the Main Deck and the Extra Deck
 *   - { card: dark-magician, count: 3 }
 * extra:
 *   - { card: number-39-utopia, count: 2 }
 * ```
 *
 * A file is read within bounds, every entry checked (a known card, a count from 1 to 100, the
 * section it is listed in), then the whole deck against the preset's deck rules; every problem is
 * reported with the file, the line and column, and the card.
 */
import { readFileSync, statSync } from "node:fs";
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { deckPartOf, deckProblems, matchesCard } from "../core/decks.js";
import { didYouMeanText } from "../core/did-you-mean.js";
import { Game } from "../core/game.js";
import type { Preset } from "../core/preset.js";
import type { CardDef } from "../core/vocabulary/schema.js";
import { describeFsError, meantAs, yamlProblemText } from "../scenario/load.js";
import { InputError } from "./errors.js";

/** A deck file is at most 1 MiB, its counts at most 100, a deck at most 1,000 cards. */
export const DECK_LIMITS = { bytes: 1 << 20, count: 100, cards: 1000 };

/** `--deck P1=file`: the seat (0-based) and the file. */
export interface DeckFlag {
  seat: number;
  file: string;
}

/** Parses one `--deck` value: `P1=file` (or `1=file`). */
export function parseDeckFlag(value: string): DeckFlag {
  const m = /^\s*(?:p(?:layer)?\s*)?(\d{1,3})\s*=(.+)$/i.exec(value);
  if (!m || Number(m[1]) < 1 || m[2]!.trim() === "")
    throw new Error(`"${value}" is not PLAYER=FILE (for example P1=my-deck.yaml)`);
  return { seat: Number(m[1]) - 1, file: m[2]!.trim() };
}

/** The cards of a preset, by id and by printed name (a name of several cards is ambiguous). */
function cardIndex(cards: Iterable<CardDef>) {
  const byId = new Map<string, CardDef>();
  const byName = new Map<string, CardDef[]>();
  for (const c of cards) {
    byId.set(c.id, c);
    const key = c.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), c]);
  }
  return { byId, byName };
}

/** Reads a deck file: the card ids, every part in one list, as the preset's setup takes them. */
export function readDeckFile(preset: Preset, file: string, extraCards: readonly CardDef[] = []): string[] {
  const fail = (where: string, why: string): never => {
    throw new InputError(`--deck ${file}${where}: ${why}`);
  };
  let text: string;
  try {
    if (statSync(file).size > DECK_LIMITS.bytes)
      fail("", `the file is larger than ${DECK_LIMITS.bytes} bytes; a deck file is at most 1 MiB`);
    text = readFileSync(file, "utf8");
  } catch (e) {
    if (e instanceof InputError) throw e;
    return fail("", `cannot read the file: ${describeFsError(e)}`);
  }
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true });
  const at = (node: Node | null | undefined): string => {
    const offset = node?.range?.[0];
    if (offset === undefined) return "";
    const { line, col } = counter.linePos(offset);
    return `:${line}:${col}`;
  };
  if (doc.errors.length > 0) {
    const err = doc.errors[0]!;
    const { line, col } = counter.linePos(err.pos[0]);
    fail(`:${line}:${col}`, `not valid YAML or JSON: ${yamlProblemText(err)}`);
  }
  const { byId, byName } = cardIndex([...preset.cards, ...extraCards]);
  const rules = preset.deckRules;
  const deck: string[] = [];

  const readList = (list: Node | null, section: string | null): void => {
    if (!isSeq(list))
      fail(
        at(list),
        `${section ? `${section}: ` : ""}expected a list of cards (- { card: <id>, count: <n> })`,
      );
    for (const [i, item] of (list as { items: Node[] }).items.entries()) {
      const path = `${section ?? ""}[${i}]`;
      let cardNode: Node | null | undefined = item;
      let count = 1;
      if (isMap(item)) {
        for (const pair of item.items) {
          const key = isScalar(pair.key) ? String(pair.key.value) : "";
          if (key !== "card" && key !== "count")
            fail(at(pair.key as Node), `${path}: unknown field "${key}"; an entry has card and count`);
        }
        cardNode = item.get("card", true) as Node | undefined;
        const countNode = item.get("count", true) as Node | undefined;
        if (countNode !== undefined) {
          const v = isScalar(countNode) ? countNode.value : undefined;
          if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > DECK_LIMITS.count)
            fail(at(countNode), `${path}.count: expected a whole number from 1 to ${DECK_LIMITS.count}`);
          count = v as number;
        }
        if (cardNode === undefined) fail(at(item), `${path}: an entry needs card: <card id or name>`);
      }
      const name = isScalar(cardNode) ? cardNode.value : undefined;
      if (typeof name !== "string" || name.trim() === "")
        fail(at(cardNode), `${path}: expected a card id or printed name`);
      const key = (name as string).trim();
      const named = byName.get(key.toLowerCase());
      const card = byId.get(key) ?? (named?.length === 1 ? named[0] : undefined);
      if (!card) {
        const why =
          named && named.length > 1
            ? `"${key}" names ${named.length} cards (${named.map((c) => c.id).join(", ")}); give the card id`
            : `unknown card "${key}" in preset ${preset.id}${didYouMeanText(key, [...byId.keys(), ...[...byName.values()].flat().map((c) => c.name)])}`;
        fail(at(cardNode), `${path}.card: ${why}`);
      }
      if (section !== null && rules) {
        const part = deckPartOf(rules, card!);
        if (part && part.id !== section && !(section === "main" && part.cards === undefined))
          fail(
            at(cardNode),
            `${path}: ${card!.name} goes in the ${part.label} (${part.id}:), not in ${section}:`,
          );
      }
      if (deck.length + count > DECK_LIMITS.cards)
        fail(
          at(item),
          `more than ${DECK_LIMITS.cards} cards; a deck file holds at most ${DECK_LIMITS.cards}`,
        );
      for (let n = 0; n < count; n++) deck.push(card!.id);
    }
  };

  const root = doc.contents as Node | null;
  if (isMap(root)) {
    const parts = rules?.parts.map((p) => p.id) ?? [];
    const known = new Set([...parts, "main"]);
    // A mapping with no section is some other file: said without quoting its keys.
    const keys = root.items.map((pair) => (isScalar(pair.key) ? String(pair.key.value) : ""));
    if (!meantAs(keys, known))
      fail(
        at(root),
        `not a deck file: none of its keys is a section (${[...known].join(", ")}); a deck file is a list of cards (- { card: <id>, count: <n> })`,
      );
    for (const pair of root.items) {
      const section = isScalar(pair.key) ? String(pair.key.value) : "";
      if (!known.has(section))
        fail(
          at(pair.key as Node),
          `unknown section "${section}"${didYouMeanText(section, known)}; the sections are ${[...known].join(", ")}`,
        );
      readList(pair.value as Node | null, section);
    }
  } else readList(root, null);

  if (rules) {
    const problems = deckProblems(rules, deck, (id) => byId.get(id));
    if (problems.length > 0) fail("", `not a legal ${preset.name} deck: ${problems.join("; ")}`);
  }
  return deck;
}

/**
 * The decks a game of `players` uses when none are given: what the preset's own setup deals,
 * read from a game it sets up (every card each player owns that may be in a deck).
 */
export function defaultDecks(
  preset: Preset,
  players: number,
  extraCards: readonly CardDef[] = [],
): string[][] {
  const game = Game.create(preset, {
    seed: 0,
    players,
    ...(extraCards.length ? { cards: [...extraCards] } : {}),
  });
  const rules = preset.deckRules;
  const decks: string[][] = Array.from({ length: players }, () => []);
  for (const o of Object.values(game.state.objects)) {
    const card = game.rules.cards.get(o.card);
    if (!card || rules?.forbidden?.some((f) => matchesCard(card, f.cards))) continue;
    decks[o.owner]?.push(o.card);
  }
  return decks;
}

/** The decks for `play`: each player's deck file, or else what the preset deals by default. */
export function decksFor(
  preset: Preset,
  flags: readonly DeckFlag[],
  players: number,
  extraCards: readonly CardDef[] = [],
): string[][] {
  const seen = new Set<number>();
  for (const f of flags) {
    if (f.seat >= players)
      throw new InputError(
        `--deck P${f.seat + 1}=${f.file}: there is no P${f.seat + 1} in a game of ${players} players`,
      );
    if (seen.has(f.seat)) throw new InputError(`--deck: P${f.seat + 1} is given two decks`);
    seen.add(f.seat);
  }
  const decks = defaultDecks(preset, players, extraCards);
  for (const f of flags) decks[f.seat] = readDeckFile(preset, f.file, extraCards);
  return decks;
}
