/** The statistics of a summary: the Wilson score interval and length figures from a histogram. */
import type { LengthStats } from "./types.js";

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

/**
 * The Wilson score interval for `wins` successes in `games` trials: the range of true win rates
 * the observed one is consistent with at ~95 % confidence. Null for no games.
 */
export function wilson(wins: number, games: number, z = Z95): { low: number; high: number } | null {
  if (games <= 0) return null;
  const p = wins / games;
  const z2 = z * z;
  const denom = 1 + z2 / games;
  const center = (p + z2 / (2 * games)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / games + z2 / (4 * games * games))) / denom;
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/** The histogram's values in increasing order with their counts. */
function entries(histogram: Record<string, number>): [number, number][] {
  return Object.entries(histogram)
    .map(([k, n]) => [Number(k), n] as [number, number])
    .sort((a, b) => a[0] - b[0]);
}

/** The q-quantile by nearest rank: the least value with at least ⌈q·n⌉ games at or below it. */
export function quantile(histogram: Record<string, number>, q: number): number | null {
  const list = entries(histogram);
  const n = list.reduce((s, [, c]) => s + c, 0);
  if (n === 0) return null;
  const rank = Math.max(1, Math.ceil(q * n));
  let seen = 0;
  for (const [v, c] of list) {
    seen += c;
    if (seen >= rank) return v;
  }
  return list[list.length - 1]![0];
}

/** Mean, median, 95th percentile and maximum of a histogram (value → count). */
export function lengthStats(histogram: Record<string, number>): LengthStats {
  const list = entries(histogram);
  const n = list.reduce((s, [, c]) => s + c, 0);
  const sum = list.reduce((s, [v, c]) => s + v * c, 0);
  return {
    mean: n > 0 ? sum / n : null,
    median: quantile(histogram, 0.5),
    p95: quantile(histogram, 0.95),
    max: n > 0 ? list[list.length - 1]![0] : null,
    histogram: Object.fromEntries(list.map(([v, c]) => [String(v), c])),
  };
}
