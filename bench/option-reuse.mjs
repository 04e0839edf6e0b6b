/**
 * `npm run bench -- --reuse PRESET [--games N] [--json]`: how often a decision offers a player the
 * same options as that player's previous decision of the same kind, and how often nothing but
 * the turn's own bookkeeping happened in between — what a list kept from one decision to the next
 * could save. Random games of seeds 1…N between random legal agents, full log, the preset's own
 * decks.
 *
 * "Quiet" means the log holds no event between the two decisions but a turn, node or decision
 * event (`turnBegin`, `turnEnd`, `nodeEnter`, `nodeBegin`, `nodeEnd`, `decision`): no card moved,
 * tapped or untapped, no mana was added or emptied, nothing was counted. A list kept until any
 * other event could be used again at the quiet decisions only; the others that offer the same
 * options (after a card drawn, mana emptied, a land tapped) would need a list mended where
 * something changed.
 */
import { engine } from "./workloads.mjs";

const QUIET = new Set(["turnBegin", "turnEnd", "nodeEnter", "nodeBegin", "nodeEnd", "decision"]);

const args = process.argv.slice(2);
const fail = (message) => {
  process.stderr.write(`bench --reuse: ${message}\n`);
  process.exit(2);
};
const gamesAt = args.indexOf("--games");
const games = gamesAt < 0 ? 40 : Number(args[gamesAt + 1]);
if (!Number.isInteger(games) || games <= 0)
  fail(`--games needs a whole number above 0, not "${args[gamesAt + 1] ?? ""}"`);
const preset = args[args.indexOf("--reuse") + 1];
const json = args.includes("--json");

const E = await engine(new URL("../dist", import.meta.url).pathname);
if (!preset || preset.startsWith("--") || !E.presetIds().includes(preset))
  fail(`name a preset (${E.presetIds().join(", ")}), not "${preset ?? ""}"`);
const p = E.getPreset(preset);

/** By decision kind: decisions with an earlier one of that kind by the same player, and how many repeat. */
const kinds = new Map();
/** The event types seen between two decisions offering the same options, by how often. */
const between = new Map();
for (let seed = 1; seed <= games; seed++) {
  const game = E.Game.create(p, { seed }).run();
  const agent = E.randomAgent(seed);
  const last = new Map(); // `${kind}/${player}` → { options, logLength }
  for (let n = 0; !game.over && n < 20_000; n++) {
    const d = game.decision;
    const options = d.options.map((o) => o.id).join("\n");
    const key = `${d.kind}/${d.player}`;
    const log = game.state.log;
    const before = last.get(key);
    if (before !== undefined) {
      const k = kinds.get(d.kind) ?? { decisions: 0, sameOptions: 0, quiet: 0, quietSameOptions: 0 };
      kinds.set(d.kind, k);
      k.decisions++;
      const types = new Set();
      for (let i = before.logLength; i < log.length; i++) if (!QUIET.has(log[i].type)) types.add(log[i].type);
      if (types.size === 0) k.quiet++;
      if (before.options === options) {
        k.sameOptions++;
        if (types.size === 0) k.quietSameOptions++;
        const what = [...types].sort().join(" ") || "(quiet)";
        between.set(what, (between.get(what) ?? 0) + 1);
      }
    }
    last.set(key, { options, logLength: log.length });
    game.act(agent.choose(game));
  }
}

const rows = [...kinds].map(([kind, k]) => ({ kind, ...k })).sort((a, b) => b.decisions - a.decisions);
const common = [...between]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 10)
  .map(([events, n]) => ({ events, n }));
if (json)
  process.stdout.write(`${JSON.stringify({ preset, games, kinds: rows, sameOptionsAfter: common })}\n`);
else {
  const pct = (a, b) => (b === 0 ? "–" : `${((100 * a) / b).toFixed(1)} %`);
  process.stdout.write(
    `${preset}: decisions that offer a player the options of their previous decision of the same kind (${games} games, seeds 1-${games})\n`,
  );
  process.stdout.write(
    "| kind | decisions | same options | quiet before | quiet and same |\n|---|---:|---:|---:|---:|\n",
  );
  for (const r of rows)
    process.stdout.write(
      `| ${r.kind} | ${r.decisions} | ${pct(r.sameOptions, r.decisions)} | ${pct(r.quiet, r.decisions)} | ${pct(r.quietSameOptions, r.decisions)} |\n`,
    );
  process.stdout.write("\nwhat happened between two decisions offering the same options, most often:\n");
  for (const c of common) process.stdout.write(`  ${c.n}  ${c.events}\n`);
}
