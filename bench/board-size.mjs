/**
 * `npm run bench -- --board PRESET [--games N] [--warm S] [--json]`: the CPU a response costs by
 * how many objects are in play (the preset's in-play zones: Magic's battlefield, Duel Masters'
 * battle zones …) when it is answered. `--kinds PRESET` (same options): by the kind of decision
 * it answers, decisions with one option apart — each kind's share of the responses and of the CPU.
 * Random games of seeds 1…N between random legal agents, full log, the preset's own decks, after S
 * CPU-seconds of warm-up (default 20) on other seeds and one untimed pass over seeds 1…N: the
 * groups compare the same code in the same warm state, not the first meeting of a rare situation
 * (V8 compiles a function again when one comes up late).
 *
 * By objects in play, the CPU is read (process.cpuUsage) only when the band changes, so a band's
 * figure is the CPU of runs of consecutive responses. By kind, the group changes at nearly every
 * response, where reading the CPU would cost more than some responses: each response's elapsed
 * time (performance.now) is measured instead, and the timed pass's CPU shared out in proportion.
 * A response's cost is what the engine does from the answer to the next decision.
 */
import { engine, playOut, warmUp } from "./workloads.mjs";

const args = process.argv.slice(2);
const numberAfter = (flag, fallback, whole = false) => {
  const i = args.indexOf(flag);
  if (i < 0) return fallback;
  const v = Number(args[i + 1]);
  if (!Number.isFinite(v) || v <= 0 || (whole && !Number.isInteger(v))) {
    const what = whole ? "a whole number above 0" : "a positive number";
    process.stderr.write(
      `bench ${args.includes("--kinds") ? "--kinds" : "--board"}: ${flag} needs ${what}, not "${args[i + 1] ?? ""}"\n`,
    );
    process.exit(2);
  }
  return v;
};
const mode = args.includes("--kinds") ? "kinds" : "board";
const flag = `--${mode}`;
const preset = args[args.indexOf(flag) + 1];
const games = numberAfter("--games", 90, true);
const warmSec = numberAfter("--warm", 20);
const json = args.includes("--json");
const dist = new URL("../dist", import.meta.url).pathname;

const E = await engine(dist);
if (!preset || preset.startsWith("--") || !E.presetIds().includes(preset)) {
  process.stderr.write(`bench ${flag}: name a preset (${E.presetIds().join(", ")}), not "${preset ?? ""}"\n`);
  process.exit(2);
}
const p = E.getPreset(preset);
warmUp((i) => playOut(E, E.Game.create(p, { seed: 100_000 + i }).run(), i), 3, warmSec);

const BAND = 10;
const groups = new Map(); // group → { responses, us }
const cpuUs = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
const add = (group, responses, us) => {
  const g = groups.get(group) ?? { responses: 0, us: 0 };
  g.responses += responses;
  g.us += us;
  groups.set(group, g);
};
const objectsInPlay = (game) => {
  let n = 0;
  for (const z of game.zonesOf(game.rules.inPlayKinds)) n += z.cards.length;
  return n;
};

/** A game's responses by band of objects in play: the CPU of each run of responses in one band. */
function timeBands(game, agent, record) {
  let band = -1;
  let since = 0;
  let count = 0;
  const close = () => {
    if (record && count > 0) add(band, count, cpuUs() - since);
  };
  for (let n = 0; !game.over && n < 20_000; n++) {
    const now = Math.floor(objectsInPlay(game) / BAND);
    if (now !== band) {
      close();
      band = now;
      count = 0;
      since = cpuUs();
    }
    game.act(agent.choose(game));
    count++;
  }
  close();
}

/** A game's responses by the kind of decision (one-option decisions apart): each one's elapsed time. */
function timeKinds(game, agent, record) {
  for (let n = 0; !game.over && n < 20_000; n++) {
    const d = game.state.decision;
    const kind = d.options.length === 1 ? `${d.kind}\u0000only` : d.kind;
    const action = agent.choose(game);
    const since = performance.now();
    game.act(action);
    if (record) add(kind, 1, (performance.now() - since) * 1000);
  }
}

/** Seeds 1…games; `record`: add their responses to the groups (else a pass that only warms). */
function playSeeds(record) {
  for (let seed = 1; seed <= games; seed++) {
    const game = E.Game.create(p, { seed }).run();
    (mode === "board" ? timeBands : timeKinds)(game, E.randomAgent(seed), record);
  }
}
playSeeds(false);
const timedFrom = cpuUs();
playSeeds(true);
const timedCpuUs = cpuUs() - timedFrom;

const out = (s) => process.stdout.write(s);
const head = `${preset}: CPU per response by ${mode === "board" ? "objects in play" : "kind of decision"} (${games} games, seeds 1-${games}, warmed ${warmSec} CPU-s)\n`;
if (mode === "board") {
  const rows = [...groups]
    .sort((a, b) => a[0] - b[0])
    .map(([band, { responses, us }]) => ({
      inPlay: [band * BAND, band * BAND + BAND - 1],
      responses,
      usPerResponse: us / responses,
    }));
  if (json) out(`${JSON.stringify({ preset, games, warmSec, bands: rows })}\n`);
  else {
    out(`${head}| in play | responses | µs per response |\n|---|---:|---:|\n`);
    for (const r of rows)
      out(`| ${r.inPlay[0]}–${r.inPlay[1]} | ${r.responses} | ${r.usPerResponse.toFixed(2)} |\n`);
  }
} else {
  let responses = 0;
  let elapsed = 0;
  for (const g of groups.values()) {
    responses += g.responses;
    elapsed += g.us;
  }
  // The timed pass's CPU (game set-up and the players' choices included), shared out by elapsed time.
  const us = timedCpuUs;
  const rows = [...groups]
    .map(([key, g]) => ({
      kind: key.split("\u0000")[0],
      onlyOption: key.endsWith("\u0000only"),
      responses: g.responses,
      share: g.responses / responses,
      usPerResponse: (us * (g.us / elapsed)) / g.responses,
      cpuShare: g.us / elapsed,
    }))
    .sort((a, b) => b.cpuShare - a.cpuShare);
  if (json)
    out(
      `${JSON.stringify({ preset, games, warmSec, responses, usPerResponse: us / responses, kinds: rows })}\n`,
    );
  else {
    out(
      `${head}| decision | responses | share | µs per response | share of the CPU |\n|---|---:|---:|---:|---:|\n`,
    );
    const pct = (x) => `${(100 * x).toFixed(1)} %`;
    for (const r of rows)
      out(
        `| ${r.kind}${r.onlyOption ? " (one option)" : ""} | ${r.responses} | ${pct(r.share)} | ${r.usPerResponse.toFixed(2)} | ${pct(r.cpuShare)} |\n`,
      );
    out(`| all | ${responses} | | ${(us / responses).toFixed(2)} | |\n`);
  }
}
