/**
 * `turnkit simulate` and `turnkit simulate merge`: the command line around `simulate()`
 * (src/simulate/): flag values, deck files, the progress display, output as text, JSON or CSV,
 * and shard results merged (docs/simulate.md).
 *
 * The progress bar on a terminal is cli-progress: a small, widely used library (a bar with rate,
 * ETA and custom fields, redrawn in place, tolerant of resizes) with one dependency of its own; it
 * is imported here only, by the command line, never by the kernel or `turnkit/simulate`. Off a
 * terminal (a pipe, a file, CI=true) the progress is plain lines on stderr.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename, extname } from "node:path";
import cliProgress from "cli-progress";
import { InvalidArgumentError } from "commander";
import { AgentSpecError, formatAgentSpec, parseAgentSpecs } from "../agents/spec.js";
import { DefinitionError } from "../core/errors.js";
import type { JsonObject } from "../core/json.js";
import { plural } from "../core/labels.js";
import { validateOptions } from "../core/options.js";
import type { Preset } from "../core/preset.js";
import type { CardDef } from "../core/vocabulary/schema.js";
import { describeFsError } from "../scenario/load.js";
import { formatCsv, formatResult } from "../simulate/format.js";
import { merge } from "../simulate/result.js";
import { checkedResult } from "../simulate/result-schema.js";
import { simulate } from "../simulate/run.js";
import type { Shard, SimDeck, SimulateProgress, SimulationResult } from "../simulate/types.js";
import { readDeckFile } from "./decks.js";
import { InputError } from "./errors.js";
import { printable } from "./printable.js";

/** The terminal streams a command may draw a progress bar on. */
export interface ProgressTarget {
  /** Where the progress goes: a terminal stream (a bar), else plain lines through `line`. */
  tty: NodeJS.WriteStream | null;
  line(text: string): void;
  env: Record<string, string | undefined>;
}

/** `--shard i/n`: shard i (1-based) of n. */
export function parseShard(value: string): Shard {
  const m = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(value);
  if (!m)
    throw new InvalidArgumentError(`"${value}" is not i/n (for example 1/4: the first of four shards).`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index < 1 || index > count)
    throw new InvalidArgumentError(
      `"${value}": the shard index must be from 1 to ${count < 1 ? "n" : count}.`,
    );
  return { index, count };
}

/** `--agents random,ismcts:100`: one agent spec per seat, checked as the command line is parsed (exit 2). */
export function agentsFlag(value: string): string[] {
  try {
    return parseAgentSpecs(value).map(formatAgentSpec);
  } catch (e) {
    if (e instanceof AgentSpecError) throw new InvalidArgumentError(e.message);
    throw e;
  }
}

/** The agents list against the number of players: one per seat. */
export function checkAgentCount(agents: string[] | undefined, players: number): void {
  if (agents !== undefined && agents.length !== players)
    throw new InputError(
      `--agents ${agents.join(",")}: give one agent per seat, ${players} in a game of ${players} players (for example ${Array.from({ length: players }, (_, i) => (i === players - 1 ? "ismcts:100" : "random")).join(",")})`,
    );
}

/** A non-negative integer (a seed, a worker count). */
export function nonNegativeInt(max: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value.trim()))
      throw new InvalidArgumentError(`"${value}" is not a non-negative integer.`);
    const n = Number(value);
    if (n > max) throw new InvalidArgumentError(`${value} is out of range: 0 to ${max}.`);
    return n;
  };
}

/** `--decks a.yaml,b.yaml`: each file read and checked; named by its file name (without extension). */
export function readDecks(preset: Preset, list: string, cards: readonly CardDef[]): SimDeck[] {
  const files = list
    .split(",")
    .map((f) => f.trim())
    .filter((f) => f !== "");
  if (files.length === 0) throw new InputError(`--decks "${list}": no deck file named`);
  const decks = files.map((file) => {
    try {
      return { name: basename(file, extname(file)), cards: readDeckFile(preset, file, cards) };
    } catch (e) {
      // readDeckFile names the flag of `play`; this one is --decks.
      if (e instanceof InputError) throw new InputError(e.message.replace(/^--deck /, "--decks "));
      throw e;
    }
  });
  const seen = new Map<string, number>();
  for (const d of decks) {
    const n = (seen.get(d.name) ?? 0) + 1;
    seen.set(d.name, n);
    if (n > 1) d.name = `${d.name}#${n}`;
  }
  return decks;
}

/** The progress display: a bar on a terminal, plain lines every ten seconds (and at the end) otherwise. */
export function progressDisplay(
  target: ProgressTarget,
  label: string,
): {
  update(p: SimulateProgress): void;
  stop(): void;
} {
  const useBar = target.tty !== null && target.env.CI !== "true" && target.env.CI !== "1";
  if (useBar) {
    const bar = new cliProgress.SingleBar(
      {
        stream: target.tty!,
        format: `${label} {bar} {value}/{total} games | {rate} games/s | ETA {eta_formatted} | capped {capped}, errors {errors}`,
        etaBuffer: 50,
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(p) {
        const rate = p.elapsed > 0 ? ((p.done * 1000) / p.elapsed).toFixed(1) : "0.0";
        if (!started) {
          bar.start(p.total, 0, { rate, capped: 0, errors: 0 });
          started = true;
        }
        bar.update(p.done, { rate, capped: p.capped, errors: p.errors });
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let last = Date.now();
  return {
    update(p) {
      const now = Date.now();
      if (now - last < 10_000 && p.done < p.total) return;
      last = now;
      const rate = p.elapsed > 0 ? (p.done * 1000) / p.elapsed : 0;
      const eta = rate > 0 ? (p.total - p.done) / rate : 0;
      target.line(
        `${label}: ${p.done}/${plural(p.total, "game")}, ${rate.toFixed(1)} games/s, ETA ${eta.toFixed(0)} s, ${p.capped} capped, ${plural(p.errors, "error")}\n`,
      );
    },
    stop() {},
  };
}

export interface SimulateFlags {
  decks?: string;
  games: number;
  seed: number;
  workers?: number;
  shard?: Shard;
  maxActions?: number;
  players?: number;
  option?: JsonObject;
  agents?: string[];
  json?: boolean;
  csv?: boolean;
  out?: string;
}

/** The result as the flags ask: JSON, CSV or text. */
export function render(result: SimulationResult, flags: { json?: boolean; csv?: boolean }): string {
  if (flags.json && flags.csv) throw new InputError("--json and --csv: give one");
  if (flags.json) return `${JSON.stringify(result)}\n`;
  if (flags.csv) return formatCsv(result);
  return formatResult(result);
}

/** Writes the output to --out or stdout. */
export function emit(text: string, out: string | undefined, stdout: (t: string) => void): void {
  if (out === undefined) {
    stdout(text);
    return;
  }
  try {
    writeFileSync(out, text);
  } catch (e) {
    throw new InputError(`--out ${out}: cannot write the file (${describeFsError(e)})`);
  }
}

export async function runSimulate(
  preset: Preset,
  cards: CardDef[],
  presetModule: string | undefined,
  flags: SimulateFlags,
  progress: ProgressTarget,
): Promise<SimulationResult> {
  if (flags.json && flags.csv) throw new InputError("--json and --csv: give one");
  if (flags.shard && flags.shard.count > flags.games)
    throw new InputError(
      `--shard ${flags.shard.index}/${flags.shard.count}: more shards than the ${flags.games} games`,
    );
  const { min, max } = preset.players;
  if (flags.players !== undefined && (flags.players < min || flags.players > max))
    throw new InputError(
      `--players ${flags.players}: ${preset.name} is played by ${min === max ? min : `${min} to ${max}`} players`,
    );
  checkAgentCount(flags.agents, flags.players ?? min);
  // Checked once, here: a bad option would otherwise fail every game of the run, one by one.
  if (flags.option)
    try {
      validateOptions(preset, flags.option);
    } catch (e) {
      if (e instanceof DefinitionError) throw new InputError(`--option: ${e.message}`);
      throw e;
    }
  const decks = flags.decks !== undefined ? readDecks(preset, flags.decks, cards) : undefined;
  // The bar is drawn straight on the terminal, not through the program's output: its label too is printable.
  const display = progressDisplay(progress, printable(`simulate ${preset.id}`));
  try {
    return await simulate({
      preset,
      games: flags.games,
      seed: flags.seed,
      ...(decks ? { decks } : {}),
      ...(flags.players !== undefined ? { players: flags.players } : {}),
      ...(flags.option ? { options: flags.option } : {}),
      ...(cards.length > 0 ? { cards } : {}),
      ...(flags.workers !== undefined ? { workers: flags.workers } : {}),
      ...(flags.shard ? { shard: flags.shard } : {}),
      ...(flags.maxActions !== undefined ? { maxActions: flags.maxActions } : {}),
      ...(flags.agents ? { agents: flags.agents } : {}),
      ...(presetModule ? { presetModule } : {}),
      onProgress: (p) => display.update(p),
    });
  } finally {
    display.stop();
  }
}

/** Reads shard results (JSON written by `simulate --json`) and merges them. */
export function runMerge(files: string[]): SimulationResult {
  const results = files.map((file) => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      throw new InputError(`${file}: cannot read the file: ${describeFsError(e)}`);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new InputError(
        `${file}: not valid JSON (${(e as Error).message}); give files written by simulate --json`,
      );
    }
    const format = (value as { format?: unknown } | null)?.format;
    if (format === "turnkit/simulate@1")
      throw new InputError(
        `${file}: a result of an older turnkit (turnkit/simulate@1), which records neither its version nor its rules: run that shard again`,
      );
    if (format !== "turnkit/simulate@2")
      throw new InputError(
        `${file}: not a simulate result (no "format": "turnkit/simulate@2"); give files written by simulate --json`,
      );
    try {
      return checkedResult(value, file);
    } catch (e) {
      if (e instanceof DefinitionError) throw new InputError(e.message);
      throw e;
    }
  });
  try {
    return merge(results);
  } catch (e) {
    throw new InputError((e as Error).message);
  }
}
