/**
 * Workload "limits": the cost of `canUse` with 1,000 and with 1,000,000 logged events. A limit
 * check reads per-window counter cells and never scans the log, so the two should cost the same.
 * Three kinds are timed: a per-incarnation usage cell, a name-per-player cell, and an
 * "only the first time each turn" event counter.
 */
import { Game } from "../dist/index.js";
import { lab } from "../dist/presets/lab/index.js";

const cards = [
  {
    id: "imp",
    name: "Spark Imp",
    types: ["creature"],
    power: 1,
    abilities: [
      {
        id: "zap",
        kind: "activated",
        effect: [{ op: "gainLife", n: 1 }],
        limit: { counts: "use", key: "incarnation", window: "turn" },
      },
      {
        id: "named",
        kind: "activated",
        effect: [{ op: "gainLife", n: 1 }],
        limit: { counts: "use", key: "namePerPlayer", window: "game" },
      },
    ],
  },
  {
    id: "chronicler",
    name: "Chronicler",
    types: ["creature"],
    power: 1,
    abilities: [
      {
        id: "note",
        kind: "triggered",
        trigger: { on: "tick", player: "self" },
        effect: [{ op: "gainLife", n: 1 }],
        limit: { counts: "event", nth: 1, key: "player", window: "turn" },
      },
    ],
  },
];

/** The lab preset with the filler event this bench emits declared (cards may name only declared events). */
const benchLab = {
  ...lab,
  id: "lab-bench",
  events: { ...lab.events, tick: "A filler event the bench emits: player." },
};

/** A lab game in P1's main phase whose log holds `events` entries, limits partly used. */
function gameWithEvents(events) {
  const game = Game.create(benchLab, { seed: 1, cards, setup: false, options: { leakyFastPath: true } });
  for (let i = 0; i < 4; i++) game.createCard("imp", 0, "field");
  game.createCard("chronicler", 0, "field");
  game.startAt(3, 0, "main").run();
  // Options name cards by handle (game.ref), never by the referee's id.
  game.act(`activate:${game.obj("c1").handle}:zap`);
  game.act(`activate:${game.obj("c2").handle}:named`);
  while (game.state.log.length < events) game.emit({ type: "tick", player: 1 });
  return game;
}

function timeChecks(game, checks, iterations) {
  let sink = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) {
    const [obj, ability] = checks[i % checks.length];
    if (game.canUse(obj, ability).ok) sink++;
  }
  const ns = Number(process.hrtime.bigint() - t0);
  if (sink < 0) throw new Error("unreachable");
  return ns / iterations;
}

export function runLimits({ sizes, iterations, reps }) {
  const checks = [
    ["c1", "zap"],
    ["c3", "zap"],
    ["c2", "named"],
    ["c4", "named"],
    ["c5", "note"],
  ];
  const games = sizes.map(gameWithEvents);
  for (const game of games) {
    // Same answers whatever the log length: c1's zap and the named effect are spent, the others not.
    const verdicts = checks.map(([o, a]) => game.canUse(o, a).ok).join(",");
    if (verdicts !== "false,true,false,false,true")
      throw new Error(`limits bench: unexpected verdicts ${verdicts}`);
    timeChecks(game, checks, iterations); // warm-up
  }
  // Interleave the sizes so JIT warm-up and machine noise fall on both alike; keep the best.
  const best = games.map(() => Number.POSITIVE_INFINITY);
  for (let r = 0; r < reps; r++)
    games.forEach((game, i) => {
      best[i] = Math.min(best[i], timeChecks(game, checks, iterations));
    });
  const rows = games.map((game, i) => ({ events: game.state.log.length, nsPerCheck: best[i] }));
  return rows;
}
