/**
 * Small wording helpers shared by the timeline and the ledger: task names and event types in
 * words, player names, keys and values as labels, and sentences without the card refs the kernel
 * writes for the referee.
 */
import type { Game, JsonObject } from "turnkit";

/** "ygo.normalDraw" → "normal draw"; "kernel.resolvePending" → "resolve pending". */
export function taskWords(name: string): string {
  const bare = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : name;
  return camelWords(bare);
}

/** "limitUsed" → "limit used", "extraTurnAdded" → "extra turn added". */
export function camelWords(s: string): string {
  return s
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase()
    .trim();
}

export function playerName(game: Game, p: number): string {
  return game.state.players[p]?.name ?? `P${p + 1}`;
}

/**
 * How the kernel's labels name a card (Game.ref): its handle (`k` and 7 of HANDLE_ALPHABET,
 * src/core/rng.ts), or its place while nobody can follow it (`deck@0#18`, `stack#2`), or a card
 * under another (`k2s4q9sv/1`).
 */
const HANDLE = "k[a-hjkmnp-z2-9]{7}";
const PLACE = String.raw`[A-Za-z][\w-]*(?:@\d+)?#\d+`;
const REF = `(?:${HANDLE}|${PLACE})(?:\\/\\d+)*`;
const REF_IN_PARENS = new RegExp(String.raw`\s*\(${REF}\)`, "g");
/** A ref standing alone: a place, or a handle with a digit (an English word has none). */
const BARE_REF = new RegExp(
  String.raw`(?<![\w@#/-])(?:${PLACE}|(?=k\w*\d)${HANDLE})(?:\/\d+)*(?![\w-])`,
  "g",
);

/**
 * A sentence as a person reads it: the card refs the kernel writes after a name for the referee
 * ("Fairy Archer (k2s4q9sv) in P1's hand", "Avian (deck@0#3) in your Deck") are dropped — the name
 * says it — and a ref standing alone becomes "a card".
 */
export function plainText(text: string): string {
  return text.replace(REF_IN_PARENS, "").replace(BARE_REF, "a card");
}

/**
 * Labels made plain, told apart when they then read the same: "Toy Vendor in P2's Spell & Trap
 * Zone (1st)", "… (2nd)", in the order given (the order of the cards in their zone).
 */
export function plainLabels(labels: readonly string[]): string[] {
  const plain = labels.map(plainText);
  const count = new Map<string, number>();
  for (const l of plain) count.set(l, (count.get(l) ?? 0) + 1);
  const seen = new Map<string, number>();
  return plain.map((l) => {
    if ((count.get(l) ?? 0) < 2) return l;
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    return `${l} (${ordinal(n)})`;
  });
}

export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${s}`;
}

/** "manaPool" → "Mana pool", "lp" → "LP", "quickPlay" → "Quick play": a key as a label. */
export function keyWords(key: string): string {
  if (/^[a-z]{1,3}$/.test(key)) return key.toUpperCase();
  const w = camelWords(key);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** A value as words: objects as "W 1, U 2", lists joined, nothing as "—". */
export function valueWords(v: unknown): string {
  if (v === undefined || v === null) return "—";
  if (Array.isArray(v)) return v.length ? v.map(valueWords).join(", ") : "none";
  if (typeof v === "object") {
    const parts = Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k} ${valueWords(x)}`);
    return parts.length ? parts.join(", ") : "none";
  }
  if (typeof v === "boolean") return v ? "yes" : "no";
  return String(v);
}

/** A view log entry's string field, or undefined. */
export function str(e: JsonObject, k: string): string | undefined {
  const v = e[k];
  return typeof v === "string" ? v : undefined;
}

export function dataOf(e: JsonObject): JsonObject {
  const d = e.data;
  return d && typeof d === "object" && !Array.isArray(d) ? (d as JsonObject) : {};
}

/** A node's label, or its id. */
export function nodeLabel(game: Game, id: string): string {
  return game.rules.nodes.get(id)?.label ?? id;
}

/**
 * A response in words for the seat shown: its own answer by its option's label; another seat's
 * only as "P2 answered" (its label may name a card the seat shown can't see; the log tells what
 * it may know).
 */
export function answerWords(
  game: Game,
  action: { player: number; label?: string | undefined },
  viewer: number,
): string {
  const who = playerName(game, action.player);
  if (action.player !== viewer || !action.label) return `${who} answered`;
  return `${who}: ${plainText(action.label)}`;
}

/**
 * The game's end in two parts, said once: "P1 wins" and why. A reason that begins with the same
 * words ("P1 wins: Bolshack attacked P2 directly …") is not made to say them twice.
 */
export function resultWords(
  game: Game,
  result: { winner: number | null; reason: string },
): { headline: string; reason: string } {
  const headline = result.winner === null ? "Draw" : `${playerName(game, result.winner)} wins`;
  let reason = plainText(result.reason).trim();
  const lead = headline.toLowerCase();
  if (reason.toLowerCase().startsWith(lead)) reason = reason.slice(lead.length).replace(/^[\s:;,—-]+/, "");
  return { headline, reason: reason.charAt(0).toUpperCase() + reason.slice(1) };
}
