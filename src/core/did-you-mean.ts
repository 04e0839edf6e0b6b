/**
 * "Did you mean …?" for names written by hand: op names, zone kinds, event types, card and
 * ability fields, limit keys. A name is close when a few edits (insert, delete, substitute, swap
 * two neighbours: Damerau–Levenshtein, optimal string alignment) turn it into a known one, or when
 * the two differ only in case.
 */

/** Edits between two strings (insertions, deletions, substitutions, adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  const w = b.length + 1;
  // Three rows: the one two above (for transpositions), the previous and the current.
  let prev2 = new Array<number>(w).fill(0);
  let prev = Array.from({ length: w }, (_, j) => j);
  let cur = new Array<number>(w).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[b.length]!;
}

/**
 * The known name closest to `name`, if it is close enough to be a likely typo: at most a third of
 * the longer name's letters edited (at least 1, at most 3), or equal but for case. Ties go to the
 * first in `known`.
 */
export function didYouMean(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  const lower = name.toLowerCase();
  for (const k of known) {
    if (k === name) return k;
    const d = k.toLowerCase() === lower ? 0.5 : editDistance(name, k);
    const max = Math.min(3, Math.max(1, Math.floor(Math.max(name.length, k.length) / 3)));
    if (d <= max && d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return best;
}

/** The same as didYouMean. */
export const closest = didYouMean;

/** ` (did you mean "x"?)`, or "" when no known name is close. */
export function didYouMeanText(name: string, known: Iterable<string>): string {
  const c = didYouMean(name, known);
  return c === undefined ? "" : ` (did you mean "${c}"?)`;
}

/** `"a", "b" or "c"`: a short list of allowed names for a message. */
export function listNames(names: Iterable<string>, max = 30): string {
  const all = [...names].map((n) => JSON.stringify(n));
  const shown = all.length > max ? [...all.slice(0, max), `… (${all.length - max} more)`] : all;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} or ${shown[shown.length - 1]}`;
}
