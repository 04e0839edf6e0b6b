/** Medians and spreads of repeated measurements (pure: bench/baselines.mjs and bench/search.mjs). */

/** The median of a non-empty list of numbers (the upper one of the middle two for an even count). */
export function median(xs) {
  if (xs.length === 0) throw new Error("median of no values");
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/** [min, max] of a non-empty list of numbers. */
export function spread(xs) {
  if (xs.length === 0) throw new Error("spread of no values");
  return [Math.min(...xs), Math.max(...xs)];
}

/**
 * Each numeric field of repeated runs (objects with the same fields): `{ field: { median, min, max } }`.
 * Fields that are not numbers in every run are left out.
 */
export function summarize(runs) {
  if (runs.length === 0) throw new Error("no runs to summarize");
  const out = {};
  for (const k of Object.keys(runs[0])) {
    const xs = runs.map((r) => r[k]);
    if (!xs.every((x) => typeof x === "number" && Number.isFinite(x))) continue;
    const [min, max] = spread(xs);
    out[k] = { median: median(xs), min, max };
  }
  return out;
}

/** The median of each numeric field (the shape bench/search.mjs prints). */
export function medians(runs) {
  return Object.fromEntries(Object.entries(summarize(runs)).map(([k, s]) => [k, s.median]));
}
