/**
 * Card sets as data: a YAML or JSON file `{ cards: [CardDef, …] }` (schema:
 * docs/card-set.schema.json) whose cards join a game's library. `turnkit run|play|replay --cards`,
 * a `turnkit.config.*`, a scenario's `cardSets:` and a preset module (`loadCardSet`) load them.
 *
 * The file is read under the same bounds as a scenario file (docs/cli.md, "Input bounds") and every
 * problem is reported as `file:line:col: cards[i] "id": field: why`, where it is written.
 */
import { extname } from "node:path";
import { LineCounter, parseDocument } from "yaml";
import type { CardDef } from "../core/vocabulary/schema.js";
import { validateVocabulary } from "../core/vocabulary/validate.js";
import {
  describeDocument,
  formatPath,
  inspect,
  keyPositionIn,
  meantAs,
  type Position,
  positionIn,
  preScan,
  readTextFile,
  SCENARIO_LIMITS,
  ScenarioError,
  type YamlPath,
  yamlProblemText,
} from "./load.js";

/** A card set that cannot be read or does not fit the vocabulary; `file:line:col: detail`. */
export class CardSetError extends ScenarioError {
  override name = "CardSetError";
}

/** The extensions of a card set file. */
export const CARD_SET_EXTENSIONS = [".yaml", ".yml", ".json"];

/** The keys a card set file may have besides `cards` (`$schema` lets an editor check the file). */
const SET_KEYS = new Set(["cards", "$schema"]);

interface Problem {
  path: YamlPath;
  message: string;
  /** The problem is a key that should not be there: reported at the key. */
  unknownKey?: string;
}

/**
 * One card definition checked against the vocabulary (validate.ts): its problems, each at its
 * path relative to the card, and the card with its defaults filled in.
 */
function checkCard(value: unknown): { card: unknown; problems: Problem[] } {
  const r = validateVocabulary("CardDef", value, "");
  return {
    card: r.value,
    problems: r.problems.map((p) => ({
      path: p.keys ?? [],
      message: p.message,
      ...(p.unknownKey !== undefined ? { unknownKey: p.unknownKey } : {}),
    })),
  };
}

function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a sequence";
  if (typeof v === "object") return "a mapping";
  return `the ${typeof v} ${JSON.stringify(v)}`;
}

/**
 * Parses and validates the text of a card set; `fileName` is the file named in errors. JSON is
 * read as YAML (it is a subset), so both keep their lines and columns.
 */
export function parseCardSet(text: string, fileName: string): CardDef[] {
  const fail = (pos: Position, detail: string): never => {
    throw new CardSetError(fileName, pos, detail);
  };
  if (text.length > SCENARIO_LIMITS.bytes)
    fail(
      { line: 1, col: 1 },
      `the text is too long; card sets are limited to ${SCENARIO_LIMITS.bytes} bytes`,
    );
  try {
    preScan(fileName, text);
  } catch (e) {
    if (e instanceof ScenarioError) fail(e.position, e.detail);
    throw e;
  }
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: false });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const pos = problem.linePos?.[0] ?? counter.linePos(problem.pos[0]);
    const what = /\.json$/i.test(fileName) ? "JSON" : "YAML";
    fail(pos, `${what} syntax: ${yamlProblemText(problem)}`);
  }
  try {
    inspect(fileName, doc, counter);
  } catch (e) {
    if (e instanceof ScenarioError) fail(e.position, e.detail);
    throw e;
  }
  const at = (path: YamlPath): Position => positionIn(doc, counter, path);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: SCENARIO_LIMITS.aliases });
  } catch (e) {
    fail({ line: 1, col: 1 }, `YAML: ${(e as Error).message}`);
  }
  // Until the file has cards:, it may not be a card set at all (a key file, a .env named by
  // mistake or by a file from elsewhere): the errors say what it is, never what it holds.
  if (data === null || typeof data !== "object" || Array.isArray(data))
    fail(
      at([]),
      `not a card set: expected a mapping with cards: [ … ], not ${data === undefined ? "nothing" : describeDocument(data)}`,
    );
  const set = data as Record<string, unknown>;
  if (!meantAs(Object.keys(set), SET_KEYS))
    fail(
      at([]),
      "not a card set: none of its keys is cards; a card set is a mapping with cards: [ … ], a list of card definitions",
    );
  for (const key of Object.keys(set))
    if (!SET_KEYS.has(key))
      fail(
        keyPositionIn(doc, counter, [], key) ?? at([]),
        `unknown key "${key}"; a card set has cards (and optionally $schema)`,
      );
  if (!("cards" in set)) fail(at([]), "cards: missing; expected cards: [ … ], a list of card definitions");
  if (!Array.isArray(set.cards))
    fail(at(["cards"]), `cards: expected a list of card definitions, not ${kindOf(set.cards)}`);
  const cards = set.cards as unknown[];
  const seen = new Map<string, number>();
  const out: CardDef[] = [];
  cards.forEach((card, i) => {
    const id =
      card && typeof card === "object" && typeof (card as { id?: unknown }).id === "string"
        ? (card as { id: string }).id
        : undefined;
    const label = `cards[${i}]${id ? ` "${id}"` : ""}`;
    const { card: checked, problems } = checkCard(card);
    out.push(checked as CardDef);
    if (problems.length > 0) {
      // A misspelled field is both unknown and missing: its name is the useful part. Then the
      // problem written first in the file; a missing field (placed at its card) last.
      const rank = (p: Problem): number => (p.unknownKey ? 0 : p.message.startsWith("is required") ? 2 : 1);
      const located = problems.map((p) => {
        const parent = p.unknownKey ? p.path.slice(0, -1) : p.path;
        const pos =
          (p.unknownKey && keyPositionIn(doc, counter, ["cards", i, ...parent], p.unknownKey)) ||
          at(["cards", i, ...p.path]);
        return { ...p, pos };
      });
      located.sort((a, b) => rank(a) - rank(b) || a.pos.line - b.pos.line || a.pos.col - b.pos.col);
      const first = located[0]!;
      const more = located.length > 1 ? ` (and ${located.length - 1} more)` : "";
      fail(
        first.pos,
        `${label}: ${first.path.length ? `${formatPath(first.path)}: ` : ""}${first.message}${more}`,
      );
    }
    const before = id === undefined ? undefined : seen.get(id);
    if (before !== undefined)
      fail(at(["cards", i, "id"]), `${label}: the id "${id}" is used twice (first by cards[${before}])`);
    if (id !== undefined) seen.set(id, i);
  });
  return out;
}

/**
 * Reads a card set file (YAML or JSON); every problem is a CardSetError at its line and column.
 * `name` is how errors name the file (default: the path).
 */
export function loadCardSet(path: string, name = path): CardDef[] {
  // Only a file that can be a card set is read: a .env or a key file named by mistake (or by a
  // scenario from elsewhere) is refused by its name, before a byte of it is read.
  if (!CARD_SET_EXTENSIONS.includes(extname(path).toLowerCase()))
    throw new CardSetError(
      name,
      { line: 1, col: 1 },
      `not a card set file: a card set is a ${CARD_SET_EXTENSIONS.join(", ")} file`,
    );
  const read = readTextFile(path, SCENARIO_LIMITS.bytes, "card set");
  if ("problem" in read)
    throw new CardSetError(name, read.problem.position ?? { line: 1, col: 1 }, read.problem.message);
  return parseCardSet(read.text, name);
}
