/** A simulation result as text for a person, or as CSV rows (section, name, stat, value). */

import { plural } from "../core/labels.js";
import type { LengthStats, Rate, SimulationResult } from "./types.js";

const pct = (x: number | null): string => (x === null ? "—" : `${(x * 100).toFixed(1)} %`);
const num = (x: number | null, digits = 0): string => (x === null ? "—" : x.toFixed(digits));

function rateText(r: Rate): string {
  return `${r.wins}/${r.games} won, ${pct(r.winRate)} (95 % CI ${pct(r.low)} – ${pct(r.high)})`;
}

function lengthText(l: LengthStats): string {
  return `mean ${num(l.mean, 1)}, median ${num(l.median)}, p95 ${num(l.p95)}, max ${num(l.max)}`;
}

/** The `top` largest entries of a count map, by count then name. */
function top(counts: [string, number][], n: number): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n);
}

const total = (m: Record<string, number>): number => Object.values(m).reduce((s, n) => s + n, 0);

export function formatResult(r: SimulationResult, topN = 10): string {
  const lines: string[] = [];
  const last = r.played.first + r.played.count - 1;
  lines.push(
    `${r.preset}: ${plural(r.games, "game")}, seeds ${r.played.first}…${last}${r.shard ? ` (shard ${r.shard.index}/${r.shard.count} of ${r.seeds.first}…${r.seeds.first + r.seeds.count - 1})` : ""}` +
      `${r.timing ? `, ${r.timing.seconds.toFixed(1)} s on ${r.timing.workers || "no"} worker${r.timing.workers === 1 ? "" : "s"} (${r.timing.gamesPerSecond.toFixed(1)} games/s)` : ""}`,
  );
  lines.push(
    `  finished ${r.finished}, draws ${r.draws}, capped at ${r.maxActions} responses ${r.capped}, errors ${r.errors}`,
  );
  lines.push("Win rate by seat:");
  for (const [i, s] of r.seats.entries())
    lines.push(`  ${s.seat}${r.agents ? ` (${r.agents[i]})` : ""}: ${rateText(s)}`);
  if (r.deckStats) {
    lines.push("Win rate by deck:");
    for (const d of r.deckStats)
      lines.push(
        `  ${d.deck}: ${rateText(d)}; by seat ${d.seats.map((s, i) => `P${i + 1} ${s.wins}/${s.games}`).join(", ")}`,
      );
  }
  lines.push("Game length (finished games):");
  lines.push(`  responses: ${lengthText(r.length.responses)}`);
  lines.push(`  turns:     ${lengthText(r.length.turns)}`);
  const cards = Object.entries(r.cards).map(([c, m]) => [c, total(m)] as [string, number]);
  if (cards.length > 0) {
    lines.push(
      `Most used cards (casts, summons, plays, activations; ${plural(cards.length, "card")} in all):`,
    );
    for (const [c, n] of top(cards, topN))
      lines.push(
        `  ${c}: ${n} (${Object.entries(r.cards[c]!)
          .map(([t, k]) => `${t} ${k}`)
          .join(", ")})`,
      );
  }
  const abilities = Object.entries(r.abilities).map(([a, m]) => [a, total(m)] as [string, number]);
  if (abilities.length > 0) {
    lines.push(`Most used abilities (${abilities.length} in all):`);
    for (const [a, n] of top(abilities, topN))
      lines.push(
        `  ${a}: ${Object.entries(r.abilities[a]!)
          .map(([t, k]) => `${t} ${k}`)
          .join(", ")} (${plural(n, "event")})`,
      );
  }
  const refusals = Object.entries(r.refusals);
  lines.push(refusals.length > 0 ? "Refusals by reason:" : "Refusals: none in the log");
  for (const [why, n] of top(refusals, refusals.length)) lines.push(`  ${why}: ${n}`);
  if (r.cappedSeeds.length > 0)
    lines.push(
      `Capped seeds: ${r.cappedSeeds.slice(0, 10).join(", ")}${r.cappedSeeds.length > 10 ? ", …" : ""}`,
    );
  for (const e of r.errorSeeds.slice(0, 10)) lines.push(`Error, seed ${e.seed}: ${e.message}`);
  return `${lines.join("\n")}\n`;
}

function cell(v: string | number | null): string {
  const s = v === null ? "" : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Long-format CSV: one row per figure, `section,name,stat,value`. */
export function formatCsv(r: SimulationResult): string {
  const rows: (string | number | null)[][] = [["section", "name", "stat", "value"]];
  const put = (section: string, name: string, stat: string, value: string | number | null) =>
    rows.push([section, name, stat, value]);
  put("run", r.preset, "games", r.games);
  put("run", r.preset, "seed_first", r.played.first);
  for (const k of ["finished", "draws", "capped", "errors"] as const) put("run", r.preset, k, r[k]);
  const rate = (section: string, name: string, x: Rate) => {
    put(section, name, "games", x.games);
    put(section, name, "wins", x.wins);
    put(section, name, "win_rate", x.winRate);
    put(section, name, "ci95_low", x.low);
    put(section, name, "ci95_high", x.high);
  };
  for (const [i, s] of r.seats.entries()) {
    if (r.agents) put("seat", s.seat, "agent", r.agents[i] ?? null);
    rate("seat", s.seat, s);
  }
  for (const d of r.deckStats ?? []) rate("deck", d.deck, d);
  for (const [what, l] of Object.entries(r.length))
    for (const k of ["mean", "median", "p95", "max"] as const) put("length", what, k, l[k]);
  for (const [c, m] of Object.entries(r.cards)) for (const [t, n] of Object.entries(m)) put("card", c, t, n);
  for (const [a, m] of Object.entries(r.abilities))
    for (const [t, n] of Object.entries(m)) put("ability", a, t, n);
  for (const [why, n] of Object.entries(r.refusals)) put("refusal", why, "count", n);
  return `${rows.map((row) => row.map(cell).join(",")).join("\n")}\n`;
}
