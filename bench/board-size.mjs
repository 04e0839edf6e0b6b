/**
 * `npm run bench -- --board PRESET [--games N] [--warm S] [--json]`: the CPU a response costs by
 * how many objects are in play (the preset's in-play zones: Magic's battlefield, Duel Masters'
 * battle zones …) when it is answered. Random games of seeds 1…N between random legal agents, full
 * log, the preset's own decks, after S CPU-seconds of warm-up (default 20) on other seeds and one
 * untimed pass over seeds 1…N: the bands compare the same code in the same warm state, not the
 * first meeting of a rare situation (V8 compiles a function again when one comes up late).
 *
 * The CPU is read (process.cpuUsage) only when the number in play moves to another band of ten,
 * so a band's figure is the CPU of runs of consecutive responses, not of single ones.
 */
import { engine, playOut, warmUp } from "./workloads.mjs";

const args = process.argv.slice(2);
const numberAfter = (flag, fallback, whole = false) => {
  const i = args.indexOf(flag);
  if (i < 0) return fallback;
  const v = Number(args[i + 1]);
  if (!Number.isFinite(v) || v <= 0 || (whole && !Number.isInteger(v))) {
    const what = whole ? "a whole number above 0" : "a positive number";
    process.stderr.write(`bench --board: ${flag} needs ${what}, not "${args[i + 1] ?? ""}"\n`);
    process.exit(2);
  }
  return v;
};
const preset = args[args.indexOf("--board") + 1];
const games = numberAfter("--games", 90, true);
const warmSec = numberAfter("--warm", 20);
const json = args.includes("--json");
const dist = new URL("../dist", import.meta.url).pathname;

const E = await engine(dist);
if (!preset || preset.startsWith("--") || !E.presetIds().includes(preset)) {
  process.stderr.write(`bench --board: name a preset (${E.presetIds().join(", ")}), not "${preset ?? ""}"\n`);
  process.exit(2);
}
const p = E.getPreset(preset);
warmUp((i) => playOut(E, E.Game.create(p, { seed: 100_000 + i }).run(), i), 3, warmSec);

const BAND = 10;
const bands = new Map(); // band → { responses, us }
const cpuUs = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
function playSeeds(record) {
  for (let seed = 1; seed <= games; seed++) {
    const game = E.Game.create(p, { seed }).run();
    const inPlay = () => {
      let n = 0;
      for (const z of game.zonesOf(game.rules.inPlayKinds)) n += z.cards.length;
      return n;
    };
    const agent = E.randomAgent(seed);
    let band = -1;
    let since = 0;
    let count = 0;
    const close = () => {
      if (!record || band < 0 || count === 0) return;
      const b = bands.get(band) ?? { responses: 0, us: 0 };
      b.responses += count;
      b.us += cpuUs() - since;
      bands.set(band, b);
    };
    for (let n = 0; !game.over && n < 20_000; n++) {
      const now = Math.floor(inPlay() / BAND);
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
}
playSeeds(false);
playSeeds(true);

const rows = [...bands]
  .sort((a, b) => a[0] - b[0])
  .map(([band, { responses, us }]) => ({
    inPlay: [band * BAND, band * BAND + BAND - 1],
    responses,
    usPerResponse: us / responses,
  }));
if (json) process.stdout.write(`${JSON.stringify({ preset, games, warmSec, bands: rows })}\n`);
else {
  process.stdout.write(
    `${preset}: CPU per response by objects in play (${games} games, seeds 1-${games}, warmed ${warmSec} CPU-s)\n`,
  );
  process.stdout.write("| in play | responses | µs per response |\n|---|---:|---:|\n");
  for (const r of rows)
    process.stdout.write(
      `| ${r.inPlay[0]}–${r.inPlay[1]} | ${r.responses} | ${r.usPerResponse.toFixed(2)} |\n`,
    );
}
