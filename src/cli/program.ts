/**
 * The turnkit command line as a function: `main(argv, io)` runs one command and returns its exit
 * code, writing through `io`, so it runs in a process (main.ts) or in a test. Every failure is one
 * `turnkit: <message>` line on stderr, never a stack trace, with the exit codes of errors.ts
 * (docs/cli.md).
 */
import { createHash, getRandomValues } from "node:crypto";
import { accessSync, constants, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Command, InvalidArgumentError } from "commander";
import { glob, isDynamicPattern } from "tinyglobby";
import { HOST_LIMITS, HOST_PROTOCOL, Host } from "../agents/host.js";
import type { Agent } from "../agents/random.js";
import { agentOf } from "../agents/spec.js";
import { notOffered } from "../core/activation.js";
import { DefinitionError, TurnkitError } from "../core/errors.js";
import { Game } from "../core/game.js";
import type { JsonObject } from "../core/json.js";
import { plural } from "../core/labels.js";
import { Narrator } from "../core/narrator.js";
import type { Preset } from "../core/preset.js";
import type { LogEntry } from "../core/types.js";
import { redactEntry } from "../core/view.js";
import type { CardDef } from "../core/vocabulary/schema.js";
import { stopTableOf } from "../play/preset-stops.js";
import { defaultSeatStops, type SeatStops } from "../play/stops.js";
import { getPreset, presetIds } from "../presets/index.js";
import { describeFsError, type LoadedScenario, loadScenarioFile, ScenarioError } from "../scenario/load.js";
import { outsideProject } from "../scenario/project.js";
import { runScenario, type ScenarioResult } from "../scenario/runner.js";
import { MAX_WORKERS } from "../simulate/run.js";
import { toAscii, wantsAscii } from "./ascii.js";
import { type BotFlags, botCommand } from "./bot.js";
import { boundedLineReader } from "./bounded-lines.js";
import { type DeckFlag, decksFor, parseDeckFlag } from "./decks.js";
import { describeError, EXIT_FAILED, EXIT_OK, InputError, reportError } from "./errors.js";
import { type FromPosition, loadFrom, parseFromRef } from "./from.js";
import { HumanSeat, lineReader, parseSeat, type ReadLine } from "./human.js";
import { scanJson } from "./json-scan.js";
import {
  type LoadFlags,
  loadPresetModule,
  loadUserGame,
  looksLikePath,
  presetSource,
} from "./load-preset.js";
import { refusedAbility } from "./narration.js";
import { servePlayground } from "./playground.js";
import { printable } from "./printable.js";
import {
  checkFinalState,
  type KernelSeed,
  REPLAY_LIMITS,
  readReplay,
  replayGame,
  rulesChange,
  stateDigest,
  writeReplay,
} from "./replay.js";
import { serveCommand } from "./serve.js";
import {
  agentsFlag,
  checkAgentCount,
  emit,
  nonNegativeInt,
  parseShard,
  render,
  runMerge,
  runSimulate,
  type SimulateFlags,
} from "./simulate.js";

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Environment variables read: TURNKIT_DEBUG=1 prints stack traces; TERM and the locale (ASCII output). */
  env: Record<string, string | undefined>;
  /** The working directory, where turnkit.config.* is looked for (default: the process's). */
  cwd?: string;
  /** Where `play --seat` reads answers, a line at a time (default: standard input). */
  stdin?: ReadLine;
  /** stderr when it is a terminal: `simulate` draws its progress bar there (absent: plain lines). */
  stderrTTY?: NodeJS.WriteStream;
}

export const processIo: Io = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  env: process.env,
  ...(process.stderr.isTTY ? { stderrTTY: process.stderr } : {}),
};

/** The largest --max-actions: what a replay file may hold. */
const MAX_ACTIONS = REPLAY_LIMITS.responses;

// ---- flag values: each refuses a bad value while the command line is parsed (exit 2) ----------

function positiveInt(max: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`"${value}" is not a positive integer.`);
    const n = Number(value);
    if (n < 1 || n > max) throw new InvalidArgumentError(`${value} is out of range: 1 to ${max}.`);
    return n;
  };
}

/** A whole number from 0 (`--snapshot-every 0`: never). */
function positiveIntOrZero(value: string): number {
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value)))
    throw new InvalidArgumentError(`"${value}" is not a whole number (0 or more).`);
  return Number(value);
}

/**
 * A seed: an integer (kept a number when it is a safe integer) or any other text, passed to the
 * kernel as a string seed (128 bits or more of randomness is the kernel's advice).
 */
export function parseSeed(value: string): number | string {
  if (value === "") throw new InvalidArgumentError("The seed is empty.");
  if (value.length > REPLAY_LIMITS.seedLength)
    throw new InvalidArgumentError(
      `The seed is ${value.length} characters; at most ${REPLAY_LIMITS.seedLength}.`,
    );
  if (/^-?(0|[1-9]\d*)$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  return value;
}

/** A fresh 128-bit seed, as 32 hexadecimal digits. */
export function randomSeed(): string {
  return Buffer.from(getRandomValues(new Uint8Array(16))).toString("hex");
}

/** A repeatable flag's values, in order. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** turnkit's version, from its package.json (found upward from this module, in src/ or dist/). */
export function version(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === "turnkit" && pkg.version) return pkg.version;
    } catch {
      /* not here: one directory up */
    }
    dir = dirname(dir);
  }
  return "unknown";
}

/** The flags that load a user's game: --preset and --cards (and the program's --config). */
function withUserGame(cmd: Command, cards = true): Command {
  cmd.option(
    "--preset <module>",
    "load a preset module (.ts, .mts, .js, .mjs, .cjs) and register its preset; repeatable",
    collect,
  );
  if (cards)
    cmd.option(
      "--cards <file>",
      "add a card set (YAML or JSON { cards: [...] }) to the library; repeatable",
      collect,
    );
  return cmd;
}

/** Loads the config, --preset modules and --cards files a command was given. */
function userGame(cmd: Command, io: Io) {
  const opts = cmd.optsWithGlobals() as LoadFlags;
  return loadUserGame(opts, io.cwd ?? process.cwd());
}

/** --option key=value, repeated or several after one flag: the value as JSON, else as text. */
function optionFlag(value: string, previous: JsonObject | undefined): JsonObject {
  const i = value.indexOf("=");
  if (i < 0)
    throw new InvalidArgumentError(`"${value}" is not key=value (for example rulesVersion=pre2017).`);
  const key = value.slice(0, i).trim();
  if (key === "") throw new InvalidArgumentError(`"${value}" has no option name before "=".`);
  const raw = value.slice(i + 1);
  const out: JsonObject = { ...previous };
  const problem = scanJson(raw, { maxDepth: REPLAY_LIMITS.depth });
  if (problem?.kind === "depth")
    throw new InvalidArgumentError(
      `The value of "${key}" is ${problem.message}; at most ${REPLAY_LIMITS.depth}.`,
    );
  // Valid JSON is taken as JSON (5, true, "x", [1]); anything else as the text it is.
  out[key] = problem ? raw : JSON.parse(raw);
  return out;
}

/** The agents' seeds: the historical ones for an integer seed, a hash of the text otherwise. */
function agentSeed(seed: number | string, player: number): number {
  if (typeof seed === "number") return seed * 7919 + player;
  return (createHash("sha256").update(seed).digest().readUInt32BE(0) + player * 7919) >>> 0;
}

/** Refuses, before a game is played, a --save target that cannot be written. */
function checkWritable(file: string): void {
  const target = resolve(file);
  const fail = (why: string): never => {
    throw new InputError(`--save ${file}: ${why}`);
  };
  let exists = false;
  try {
    const st = statSync(target);
    exists = true;
    if (st.isDirectory()) fail("it is a directory; give a file name");
  } catch (e) {
    if (e instanceof InputError) throw e;
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") fail(describeFsError(e));
  }
  const dir = dirname(target);
  try {
    if (!statSync(dir).isDirectory()) fail(`${dirname(file)} is not a directory`);
  } catch (e) {
    if (e instanceof InputError) throw e;
    fail(`the directory ${dirname(file)} does not exist (${describeFsError(e)})`);
  }
  try {
    accessSync(exists ? target : dir, constants.W_OK);
  } catch (e) {
    fail(`cannot write there (${describeFsError(e)})`);
  }
}

async function expand(patterns: string[]): Promise<string[]> {
  const files = new Set<string>();
  for (const p of patterns) {
    let isDir = false;
    let isFile = false;
    try {
      const st = statSync(p);
      isDir = st.isDirectory();
      isFile = st.isFile();
    } catch {
      /* not a path: a glob */
    }
    // A file named as such is reported as named (a glob's matches come relative to the cwd).
    if (isFile) {
      files.add(p);
      continue;
    }
    let found: string[];
    try {
      found = isDir ? await glob(`${p.replace(/\/$/, "")}/**/*.{yaml,yml}`) : await glob(p);
    } catch (e) {
      throw new InputError(`"${p}" is not a usable path or glob: ${(e as Error).message}`);
    }
    // A plain path that is not there is reported as that file's failure; a glob that matches
    // nothing adds nothing (and no files at all is a usage error, exit 2).
    if (found.length === 0 && !isDir && !isDynamicPattern(p)) files.add(p);
    for (const f of found.sort()) files.add(f);
  }
  return [...files];
}

/**
 * Loads and runs one file; whatever goes wrong is that file's failure, and the run goes on. A
 * preset named by path (`preset: ./skyduel.ts`) is loaded relative to the file, from inside its
 * project unless `allowOutside`; `cards` join the library (--cards, the config's card sets).
 */
async function runFile(
  file: string,
  io: Io,
  options: { cards: CardDef[]; allowOutside: boolean },
): Promise<ScenarioResult> {
  let loaded: LoadedScenario | undefined;
  try {
    loaded = loadScenarioFile(file);
    await scenarioPreset(loaded, options.allowOutside);
    return runScenario(loaded, options);
  } catch (e) {
    if (io.env.TURNKIT_DEBUG === "1" && e instanceof Error && e.stack) io.stderr(`${e.stack}\n`);
    const position = e instanceof ScenarioError ? e.position : { line: 1, col: 1 };
    const message = e instanceof ScenarioError ? e.detail : describeError(e);
    return {
      file,
      name: loaded?.scenario.name ?? "",
      passed: false,
      covers: loaded?.scenario.covers ?? [],
      steps: 0,
      failures: [{ ...position, path: "", message }],
      notes: [],
    };
  }
}

/**
 * Prints a game as it happens: each log entry as a JSON line, or narrated (a Narrator: its lines
 * may wait for the entry after them, so `flush` before printing anything else).
 */
function printGame(
  game: Game,
  json: boolean,
  io: Io,
  viewer: number | null = null,
): { hear: (e: LogEntry) => void; flush: () => void } {
  if (json)
    return {
      hear: (e) => {
        const shown = viewer === null ? e : redactEntry(game, e, viewer);
        if (shown) io.stdout(`${JSON.stringify(shown)}\n`);
      },
      flush: () => {},
    };
  const narrator = new Narrator(game, viewer, (line) =>
    // One line per entry: a line break in a name from a file does not start a line of its own.
    io.stdout(`${"  ".repeat(line.depth)}${line.text.replace(/\n/g, " ")}\n`),
  );
  return { hear: (e) => narrator.push(e), flush: () => narrator.flush() };
}

/**
 * Narrates the activated abilities a player has where they work but can't activate now, with
 * every reason (Game.whyNot): each one when it becomes refused or its reasons change.
 */
function explainRefusals(
  game: Game,
  json: boolean,
  io: Io,
  /** Called before the first line is printed (the narration's waiting lines go first). */
  beforePrinting: () => void,
): (player: number, decision: number) => void {
  const last = new Map<number, Map<string, string>>();
  return (player, decision) => {
    const items = notOffered(game, player).map((n) => ({
      card: n.obj.card,
      name: game.card(n.obj).name,
      ref: game.ref(n.obj),
      ability: n.ability,
      reasons: n.reasons,
    }));
    const before = last.get(player) ?? new Map<string, string>();
    // A change of wording of the same timing reason (which step it is now) is not news.
    const gist = (rs: (typeof items)[number]["reasons"]) =>
      JSON.stringify(rs.map((r) => (r.kind === "timing" ? r.kind : `${r.kind}:${r.text}`)));
    const now = new Map(items.map((it) => [`${it.ref}:${it.ability}`, gist(it.reasons)]));
    last.set(player, now);
    const changed = items.filter(
      (it) => before.get(`${it.ref}:${it.ability}`) !== now.get(`${it.ref}:${it.ability}`),
    );
    if (changed.length === 0) return;
    beforePrinting();
    if (json) {
      io.stdout(`${JSON.stringify({ type: "notOffered", player, decision, abilities: changed })}\n`);
      return;
    }
    // The card's handle only tells apart two refused cards of the same name.
    const twice = new Set(items.map((it) => it.name).filter((n, i, all) => all.indexOf(n) !== i));
    for (const it of changed)
      io.stdout(
        `  ⊘ ${game.playerName(player)} can't activate ${it.name}${twice.has(it.name) ? ` (${it.ref})` : ""}${refusedAbility(game, it.card, it.ability)}: ${it.reasons.map((r) => r.text).join("; ")}\n`,
      );
  };
}

/**
 * The preset and extra cards of `play`: --game names a preset id (built-in, or of a --preset or
 * the config) or a module's path; without --game, the one --preset given.
 */
async function gameOf(
  cmd: Command,
  ref: string | undefined,
  io: Io,
): Promise<{ preset: Preset; cards: CardDef[] }> {
  const user = await userGame(cmd, io);
  const flag = "--game <preset>";
  if (ref === undefined) {
    if (user.presets.length === 1) return { preset: user.presets[0]!, cards: user.cards };
    cmd.error(
      user.presets.length > 1
        ? `error: several --preset modules given; name one with ${flag}`
        : `error: required option '${flag}' not specified`,
      { exitCode: 2, code: "commander.missingMandatoryOptionValue" },
    );
  }
  if (looksLikePath(ref))
    return { preset: await loadPresetModule(resolve(io.cwd ?? process.cwd(), ref), ref), cards: user.cards };
  try {
    return { preset: getPreset(ref), cards: user.cards };
  } catch (e) {
    // Worded as the command line parser words a bad flag value (docs/cli.md).
    return cmd.error(`error: option '${flag}' argument '${ref}' is invalid. ${(e as Error).message}.`, {
      exitCode: 2,
      code: "commander.invalidArgument",
    });
  }
}

/** Repeated --deck P1=file values. */
function deckFlag(value: string, previous: DeckFlag[] | undefined): DeckFlag[] {
  try {
    return [...(previous ?? []), parseDeckFlag(value)];
  } catch (e) {
    throw new InvalidArgumentError(`${(e as Error).message}.`);
  }
}

/** Players and decks of a game `play` starts: --players within the preset's range, --deck files, --seat. */
function playSetup(
  preset: Preset,
  opts: { players?: number; deck?: DeckFlag[]; seat?: number; human?: number; json?: boolean },
  seat: number | undefined,
  cards: CardDef[],
): { players?: number; decks?: string[][] } {
  const { min, max } = preset.players;
  const players = opts.players ?? min;
  if (players < min || players > max)
    throw new InputError(
      `--players ${players}: ${preset.name} is played by ${min === max ? min : `${min} to ${max}`} players`,
    );
  if (opts.seat !== undefined && opts.human !== undefined && opts.seat !== opts.human)
    throw new InputError(`--seat P${opts.seat + 1} and --human P${opts.human + 1} name two seats; give one`);
  if (seat !== undefined && seat >= players)
    throw new InputError(`--seat P${seat + 1}: there is no P${seat + 1} in a game of ${players} players`);
  if (seat !== undefined && opts.json)
    throw new InputError("--seat plays at the terminal; it does not go with --json");
  const out: { players?: number; decks?: string[][] } = {};
  if (opts.players !== undefined) out.players = players;
  // Every player's deck (a file's, or the preset's sample deck): what the game is created with and
  // what a replay file records.
  if (opts.deck?.length) out.decks = decksFor(preset, opts.deck, players, cards);
  return out;
}

/** The --seat's stops: the preset's defaults, or the --stops ids (checked against the preset's). */
function seatStopsOf(preset: string, ids: string | undefined, autoPass: boolean): SeatStops {
  const seat = { ...defaultSeatStops(preset), autoPass };
  if (ids === undefined) return seat;
  const table = stopTableOf(preset).stops;
  const wanted = ids.trim() === "none" ? [] : ids.split(",").map((s) => s.trim());
  for (const id of wanted)
    if (!table.some((s) => s.id === id))
      throw new InputError(
        table.length === 0
          ? `--stops: the preset "${preset}" has no stops`
          : `--stops: "${id}" is not a stop of "${preset}"; its stops are ${table.map((s) => `${s.id} (${s.label})`).join(", ")}`,
      );
  return { ...seat, stops: wanted };
}

/** Loads the preset module a scenario names by path (as `run` does), setting its id in the scenario. */
async function scenarioPreset(loaded: LoadedScenario, allowOutside: boolean): Promise<void> {
  const ref = loaded.scenario.preset;
  if (!looksLikePath(ref)) return;
  try {
    const module = resolve(dirname(loaded.file), ref);
    const outside = allowOutside ? null : outsideProject(loaded.file, ref, module, "scenario");
    if (outside) throw new InputError(outside);
    loaded.scenario.preset = (await loadPresetModule(module, ref)).id;
  } catch (e) {
    if (e instanceof TurnkitError)
      throw new ScenarioError(loaded.file, loaded.at(["preset"]), `preset: ${e.message}`);
    throw e;
  }
}

function buildProgram(io: Io, exit: { code: number }): Command {
  const program = new Command();
  program
    .name("turnkit")
    .description("A rules kernel for trading card games: scenarios, narrated games, replays.")
    // Usage errors throw (exit 2, see reportError) instead of ending the process, and print as
    // "turnkit: <message>". Subcommands inherit these settings: they come before .command().
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout(s),
      writeErr: (s) => io.stderr(s),
      outputError: (s, write) => write(s.replace(/^error: /, "turnkit: ")),
    })
    .showHelpAfterError("(add --help for usage)")
    .version(version(), "-V, --version", "print turnkit's version")
    .option(
      "--config <file>",
      "a config file listing preset modules and card sets (default: turnkit.config.{ts,mts,js,mjs,cjs,json} here)",
    )
    .option("--ascii", "plain ASCII output (also when TERM=dumb or the locale is not UTF-8)")
    .option(
      "--allow-outside",
      "let scenario and config files load modules and card sets from outside their project directory",
    )
    .addHelpText(
      "after",
      `
Examples:
  $ turnkit run scenarios/
  $ turnkit play --game duel-masters --seed 3
  $ turnkit play --preset ./skyduel.ts --seed 1 --save game.json
  $ turnkit replay --preset ./skyduel.ts game.json
  $ turnkit presets --json

Exit codes: 0 passed, 1 something ran and failed, 2 the command could not run as asked.
Docs: docs/cli.md`,
    );

  withUserGame(
    program
      .command("run")
      .description("run scenario files (files, directories or globs) and report each")
      .argument("<paths...>", "scenario files, directories or globs")
      .option("--json", "print one JSON object with every result")
      .option("--verbose", "also print each file's notes (its inline cards that shadow library cards)"),
  )
    .addHelpText(
      "after",
      `
Examples:
  $ turnkit run scenarios/
  $ turnkit run "scenarios/**/magic-*.yaml" --json
  $ turnkit run --preset ./skyduel.ts --cards ./cards.yaml my-scenarios/`,
    )
    .action(async (paths: string[], opts: { json?: boolean; verbose?: boolean }, cmd: Command) => {
      const { cards } = await userGame(cmd, io);
      const allowOutside = (cmd.optsWithGlobals() as LoadFlags).allowOutside === true;
      const files = await expand(paths);
      if (files.length === 0)
        throw new InputError(
          `no scenario files (*.yaml, *.yml) in ${paths.join(", ")}: nothing to run (an empty directory, or a glob that matches nothing?)`,
        );
      const results: ScenarioResult[] = [];
      for (const f of files) results.push(await runFile(f, io, { cards, allowOutside }));
      const passed = results.filter((r) => r.passed).length;
      const failed = results.length - passed;
      if (opts.json) {
        io.stdout(
          `${JSON.stringify({
            passed,
            failed,
            files: results.map((r) => ({
              file: r.file,
              passed: r.passed,
              covers: r.covers,
              failures: r.failures,
              notes: r.notes,
            })),
          })}\n`,
        );
      } else {
        for (const r of results) {
          io.stdout(
            `${r.passed ? "✓" : "✗"} ${r.file}${r.name ? ` — ${r.name}` : ""}${r.covers.length ? ` [${r.covers.join(", ")}]` : ""}\n`,
          );
          for (const f of r.failures)
            io.stdout(`    ${r.file}:${f.line}:${f.col}: ${f.path ? `${f.path}: ` : ""}${f.message}\n`);
          if (opts.verbose)
            for (const n of r.notes)
              io.stdout(
                `    note: ${r.file}:${n.line}:${n.col}: ${n.path ? `${n.path}: ` : ""}${n.message}\n`,
              );
        }
        io.stdout(`\n${passed} passed, ${failed} failed, ${plural(results.length, "file")}\n`);
      }
      if (failed > 0) exit.code = EXIT_FAILED;
    });

  const play = program
    .command("play")
    .description("play a whole game between agents (random legal ones by default, or ISMCTS), narrated")
    .option(
      "--game <preset>",
      `the preset: ${presetIds().join(", ")}, one --preset loaded, or a preset module's path (required unless one --preset is given)`,
    )
    .option(
      "--seed <seed>",
      "game and agent seed: an integer or any text (default: a random 128-bit seed)",
      parseSeed,
    )
    .option("--option <key=value...>", "preset options (rule variants), value as JSON or text", optionFlag)
    .option("--json", "emit every log entry as a JSON line")
    .option("--save <file>", "write a replay file")
    .option(
      "--why-not",
      "before each decision, say which of the player's abilities can't be activated now, and why",
    )
    .option(
      "--deck <player=file>",
      "a player's deck file, YAML or JSON (repeatable): P1=my-deck.yaml; default: the preset's sample decks",
      deckFlag,
    )
    .option(
      "--players <n>",
      "the number of players, within the preset's range (default: its fewest)",
      positiveInt(64),
    )
    .option(
      "--agents <specs>",
      "the agent of each seat, comma-separated in seat order: random, ismcts, ismcts:<iterations> (default: random for every seat)",
      agentsFlag,
    )
    .option("--seat <player>", "answer this player's decisions yourself at the terminal: P1, P2 …", parseSeat)
    .option("--human <player>", "the same as --seat", parseSeat)
    .option(
      "--from <file[@step]>",
      "go on from a position: a scenario (.yaml, after @step steps of its script), a replay file (after @step responses) or a save (.json); default: the file's last step",
    )
    .option(
      "--stops <ids>",
      "the --seat's stops, comma-separated ids (none: no stops; default: the preset's, see docs/stops.md)",
    )
    .option("--no-auto-pass", "ask the --seat every decision, even where passing is the only option")
    .option(
      "--max-actions <n>",
      `stop after this many responses (at most ${MAX_ACTIONS})`,
      positiveInt(MAX_ACTIONS),
      100_000,
    )
    .action(
      async (
        opts: {
          game?: string;
          seed?: number | string;
          option?: JsonObject;
          json?: boolean;
          save?: string;
          deck?: DeckFlag[];
          players?: number;
          seat?: number;
          human?: number;
          whyNot?: boolean;
          maxActions: number;
          agents?: string[];
          from?: string;
          stops?: string;
          autoPass: boolean;
        },
        cmd: Command,
      ) => {
        const from = opts.from === undefined ? null : parseFromRef(opts.from);
        if (from) {
          const given = (["game", "players", "deck", "option"] as const).find((k) => opts[k] !== undefined);
          if (given)
            throw new InputError(
              `--${given} does not go with --from: the file says the game, its players, decks and options`,
            );
        }
        const seat = opts.seat ?? opts.human;
        if (seat === undefined && (opts.stops !== undefined || !opts.autoPass))
          throw new InputError(
            `--${opts.stops !== undefined ? "stops" : "no-auto-pass"} is for the person at a --seat; give --seat too`,
          );
        if (opts.save !== undefined) checkWritable(opts.save);
        const seed = opts.seed ?? randomSeed();
        let position: FromPosition | null = null;
        let setup: { players?: number; decks?: string[][] } = {};
        let game: Game;
        if (from) {
          const { cards } = await userGame(cmd, io);
          const allowOutside = (cmd.optsWithGlobals() as LoadFlags).allowOutside === true;
          position = await loadFrom(from, {
            cards,
            allowOutside,
            scenarioPreset: (loaded) => scenarioPreset(loaded, allowOutside),
          });
          game = position.game;
          const n = game.state.players.length;
          if (seat !== undefined && seat >= n)
            throw new InputError(
              `--seat P${seat + 1}: there is no P${seat + 1} in ${position.where} (${n} players)`,
            );
          if (seat !== undefined && opts.json)
            throw new InputError("--seat plays at the terminal; it does not go with --json");
        } else {
          const { preset, cards } = await gameOf(cmd, opts.game, io);
          setup = playSetup(preset, opts, seat, cards);
          try {
            game = Game.create(preset, {
              seed: seed as KernelSeed,
              options: opts.option ?? {},
              ...setup,
              ...(cards.length > 0 ? { cards } : {}),
            });
          } catch (e) {
            // The seed and preset are checked already: what is left is an option the preset refuses.
            if (e instanceof DefinitionError && opts.option) throw new InputError(`--option: ${e.message}`);
            throw e;
          }
        }
        const players = game.state.players.length;
        checkAgentCount(opts.agents, players);
        if (seat !== undefined && opts.agents && opts.agents[seat] !== "random")
          throw new InputError(
            `--agents gives P${seat + 1} "${opts.agents[seat]}", but --seat P${seat + 1} plays that seat at the terminal; give random there`,
          );
        const stops = seat === undefined ? null : seatStopsOf(game.state.preset, opts.stops, opts.autoPass);
        const printer = printGame(game, opts.json === true, io, seat ?? null);
        game.onEvent(printer.hear);
        const human =
          seat === undefined ? null : new HumanSeat(seat, io.stdin ?? lineReader(), io.stdout, stops);
        let quit = false;
        const agents: Agent[] = game.state.players.map((p) =>
          agentOf(opts.agents?.[p.id] ?? "random", agentSeed(seed, p.id)),
        );
        // A replay's responses so far: --save writes the whole game, from its start.
        const responses: [number, string][] = [...(position?.replay?.responses ?? [])];
        const before = responses.length;
        if (position) {
          const at = {
            from: position.where,
            turn: game.state.clock.turn.id,
            at: game.where(),
            sha256: stateDigest(game),
          };
          if (opts.json) io.stdout(`${JSON.stringify({ type: "from", ...at })}\n`);
          else io.stdout(`Playing on from ${at.from}: ${at.at}. State sha256 ${at.sha256}\n`);
        } else game.run();
        const explain = explainRefusals(game, opts.json === true, io, printer.flush);
        while (!game.over && responses.length - before < opts.maxActions) {
          const d = game.decision!;
          if (human !== null && d.player === human.seat) {
            printer.flush();
            const auto = human.autoPass(game);
            if (auto) {
              responses.push([auto.player, auto.choice]);
              game.act(auto);
              continue;
            }
          }
          // A person at a seat is told only of their own abilities (others' would name hidden cards).
          // Narrated, on request (--why-not) or to the person at a seat; as data (--json), always.
          const wanted = opts.json === true || opts.whyNot === true || human !== null;
          if (wanted && (human === null || d.player === human.seat)) explain(d.player, d.id);
          if (human !== null && d.player === human.seat) {
            printer.flush();
            const answer = await human.choose(game, responses);
            if (answer.kind === "quit") {
              quit = true;
              break;
            }
            if (answer.kind === "undone" || answer.kind === "again") continue;
            responses.push([answer.action.player, answer.action.choice]);
            game.act(answer.action);
            continue;
          }
          const a = agents[d.player]!.choose(game);
          responses.push([a.player, a.choice]);
          game.act(a);
        }
        printer.flush();
        if (opts.save !== undefined) {
          // From a scenario or a save there is no start to replay from: the position is saved instead.
          const what = position && !position.replay ? "save" : "replay file";
          try {
            if (what === "save") writeFileSync(opts.save, game.serialize());
            else
              writeReplay(
                opts.save,
                game,
                responses,
                game.state.players.map((p) => p.name),
                position?.replay?.file.decks ?? setup.decks,
              );
          } catch (e) {
            throw new InputError(`--save ${opts.save}: cannot write the ${what} (${describeFsError(e)})`);
          }
        }
        const played = responses.length - before;
        const summary = {
          preset: game.state.preset,
          seed,
          turns: game.state.clock.turn.id,
          actions: played,
          winner: game.result?.winner ?? null,
          reason: game.result?.reason ?? `stopped after ${plural(played, "action")}`,
          sha256: stateDigest(game),
        };
        if (opts.json) io.stdout(`${JSON.stringify({ type: "summary", ...summary })}\n`);
        else
          io.stdout(
            `\n${summary.reason}. ${plural(summary.turns, "turn")}, ${plural(summary.actions, "decision")}. Seed ${summary.seed}. State sha256 ${summary.sha256.slice(0, 16)}…\n`,
          );
        if (quit) {
          io.stdout("You quit the game.\n");
          return;
        }
        if (!game.over) {
          io.stderr(
            `turnkit: the game did not finish: stopped after ${plural(played, "response")} (--max-actions ${opts.maxActions})\n`,
          );
          exit.code = EXIT_FAILED;
        }
      },
    );

  withUserGame(play).addHelpText(
    "after",
    `
Examples:
  $ turnkit play --game duel-masters --seed 3
  $ turnkit play --game magic --option attackOneDefender=true --json
  $ turnkit play --game skirmish --seed 9 --save game.json
  $ turnkit play --game duel-masters --seed 3 --agents random,ismcts:200
  $ turnkit play --preset ./skyduel.ts --cards ./cards.yaml --seed 1
  $ turnkit play --game magic --seat P1 --stops main1,main2,stack
  $ turnkit play --from scenarios/yugioh/mirror-force.yaml --seed 1
  $ turnkit play --from game.json@40 --seat P2`,
  );

  const simulateCmd = program
    .command("simulate")
    .description("play many seeded games between agents (random by default) on every core and sum them up")
    .option(
      "--game <preset>",
      `the preset: ${presetIds().join(", ")}, one --preset loaded, or a preset module's path (required unless one --preset is given)`,
    )
    .option(
      "--decks <files>",
      "deck files (YAML or JSON), comma-separated; every deck plays every seat equally",
    )
    .option("--games <n>", "games in the seed range", positiveInt(100_000_000), 1000)
    .option("--seed <n>", "the first game's seed; game i has seed n+i", nonNegativeInt(2 ** 52), 1)
    .option(
      "--workers <k>",
      `worker threads (default: every core, at most ${MAX_WORKERS}); 0 plays in this thread`,
      nonNegativeInt(MAX_WORKERS),
    )
    .option(
      "--shard <i/n>",
      "play only shard i of n of the seed range (merge the results with simulate merge)",
      parseShard,
    )
    .option(
      "--max-actions <n>",
      "responses per game at most; a game that reaches it is capped (default 10000)",
      positiveInt(MAX_ACTIONS),
    )
    .option(
      "--players <n>",
      "the number of players, within the preset's range (default: its fewest)",
      positiveInt(64),
    )
    .option("--option <key=value...>", "preset options (rule variants), value as JSON or text", optionFlag)
    .option(
      "--agents <specs>",
      "the agent of each seat, comma-separated in seat order: random, ismcts, ismcts:<iterations> (default: random for every seat)",
      agentsFlag,
    )
    .option("--json", "print the result as one JSON object (what simulate merge reads)")
    .option("--csv", "print the result as CSV rows: section,name,stat,value")
    .option("--out <file>", "write the result to this file instead of stdout");
  withUserGame(simulateCmd)
    .addHelpText(
      "after",
      `
Examples:
  $ turnkit simulate --game duel-masters --games 10000
  $ turnkit simulate --game yugioh --decks a.yaml,b.yaml --games 2000 --csv --out yugioh.csv
  $ turnkit simulate --game magic --games 100000 --shard 3/8 --json --out shard-3.json
  $ turnkit simulate --game skirmish --games 200 --agents random,ismcts:100
  $ turnkit simulate merge shard-*.json --json

Results are the same whatever --workers is; shards merged give the whole run's result.
Docs: docs/simulate.md`,
    )
    .action(async (opts: SimulateFlags & { game?: string }, cmd: Command) => {
      const { preset, cards } = await gameOf(cmd, opts.game, io);
      const source = presetSource(preset.id);
      const result = await runSimulate(preset, cards, source === "built-in" ? undefined : source, opts, {
        tty: io.stderrTTY ?? null,
        line: (t) => io.stderr(t),
        env: io.env,
      });
      emit(render(result, opts), opts.out, io.stdout);
      if (result.errors > 0) {
        io.stderr(
          `turnkit: ${plural(result.errors, "game")} threw an engine error (first: seed ${result.errorSeeds[0]!.seed}: ${result.errorSeeds[0]!.message})\n`,
        );
        exit.code = EXIT_FAILED;
      }
    });
  simulateCmd
    .command("merge")
    .description("merge shard results (files written by simulate --json) into the whole run's result")
    .argument("<files...>", "the shards' JSON files")
    .option("--json", "print the merged result as one JSON object")
    .option("--csv", "print the merged result as CSV rows")
    .option("--out <file>", "write the result to this file instead of stdout")
    .action((files: string[], own: { json?: boolean; csv?: boolean; out?: string }, cmd: Command) => {
      // Commander gives --json, --csv and --out to `simulate` (which has them too) wherever they stand.
      const opts = { ...(cmd.parent?.opts() as typeof own), ...own };
      const result = runMerge(files);
      emit(render(result, opts), opts.out, io.stdout);
    });

  withUserGame(
    program
      .command("replay")
      .description("replay a saved game and check it reaches the same final state")
      .argument("<file>", "a replay file written by play --save")
      .option("--json", "emit every log entry as a JSON line, then the result as one")
      .option("--quiet", "print only the result"),
  )
    .addHelpText(
      "after",
      `
Examples:
  $ turnkit replay game.json
  $ turnkit replay --quiet --json game.json
  $ turnkit replay --preset ./skyduel.ts game.json   # a game of your own preset

A game played with --preset, --cards or a config needs the same to be replayed. A game played
with --deck needs nothing more: its replay file records every player's deck.`,
    )
    .action(async (file: string, opts: { json?: boolean; quiet?: boolean }, cmd: Command) => {
      const { cards } = await userGame(cmd, io);
      const replay = readReplay(file);
      let printer: ReturnType<typeof printGame> | undefined;
      let game: Game;
      try {
        game = replayGame(
          replay,
          (g) => {
            if (opts.quiet) return;
            printer = printGame(g, opts.json === true, io);
            g.onEvent(printer.hear);
          },
          file,
          cards,
        );
      } finally {
        // What was told before a divergence is printed before its error.
        printer?.flush();
      }
      const digest = checkFinalState(game, replay, file);
      // Reproduced, though recorded under other rules: said, not hidden.
      const change = rulesChange(replay, game);
      if (opts.json)
        io.stdout(
          `${JSON.stringify({ type: "result", reproduced: true, sha256: digest, turn: game.state.clock.turn.id, winner: game.result?.winner ?? null, reason: game.result?.reason ?? null, ...(change ? { rules: change } : {}) })}\n`,
        );
      else
        io.stdout(
          `Replay reproduced the final state exactly (sha256 ${digest.slice(0, 16)}…, turn ${game.state.clock.turn.id}).${change ? ` Note: the file was ${change}.` : ""}\n`,
        );
    });

  withUserGame(
    program
      .command("presets")
      .description("list the presets and their options")
      .option("--json", "print one JSON array: id, name, players, options, zones, cards, source"),
    false,
  )
    .addHelpText(
      "after",
      `
Examples:
  $ turnkit presets
  $ turnkit presets --json
  $ turnkit presets --preset ./skyduel.ts`,
    )
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      await userGame(cmd, io);
      const presets = presetIds().map((id) => getPreset(id));
      if (opts.json) {
        io.stdout(
          `${JSON.stringify(
            presets.map((p) => ({
              id: p.id,
              name: p.name,
              players: { min: p.players.min, max: p.players.max },
              options: Object.fromEntries(
                Object.entries(p.options ?? {}).map(([k, o]) => [
                  k,
                  {
                    default: o.default,
                    description: o.description,
                    ...(o.type ? { type: o.type } : {}),
                    ...(o.values ? { values: o.values } : {}),
                    ...(o.min !== undefined ? { min: o.min } : {}),
                    ...(o.max !== undefined ? { max: o.max } : {}),
                  },
                ]),
              ),
              zones: p.zones.map((z) => z.kind),
              cards: p.cards.length,
              source: presetSource(p.id),
            })),
          )}\n`,
        );
        return;
      }
      for (const p of presets) {
        const source = presetSource(p.id);
        io.stdout(
          `${p.id} — ${p.name} (${p.players.min}-${p.players.max} players, ${plural(p.cards.length, "card")})${source === "built-in" ? "" : ` from ${source}`}\n`,
        );
        for (const [k, o] of Object.entries(p.options ?? {}))
          io.stdout(`    --option ${k}=${JSON.stringify(o.default)}  ${o.description}\n`);
      }
    });
  const portFlag = (v: string) => {
    if (!/^\d+$/.test(v.trim()) || Number(v) > 65535)
      throw new InvalidArgumentError(`"${v}" is not a port (0 to 65535).`);
    return Number(v);
  };
  withUserGame(
    program
      .command("serve")
      .description(
        "run the game server: HTTP to create games, a WebSocket per player, every response kept in a database",
      )
      .option(
        "--db <file|url>",
        "a SQLite file (created if missing), or a postgres:// URL (default: $TURNKIT_DATABASE_URL, else turnkit-games.db)",
      )
      .option("--port <n>", "the port (0 picks a free one)", portFlag, 8080)
      .option("--host <host>", "the address to listen on (0.0.0.0 for every interface)", "127.0.0.1")
      .option(
        "--snapshot-every <n>",
        "store a game's state every n responses (0: never)",
        positiveIntOrZero,
        100,
      )
      .option("--cluster", "share a PostgreSQL database with other turnkit serve processes (docs/server.md)")
      .option(
        "--lease-ms <n>",
        "with --cluster: how long a process holds a game unless it renews (a dead one's games move after this)",
        positiveInt(3_600_000),
        10_000,
      ),
    false,
  )
    .addHelpText(
      "after",
      `
Examples:
  $ turnkit serve --db games.db
  $ TURNKIT_DATABASE_URL=postgres://turnkit:…@db/turnkit turnkit serve --cluster --host 0.0.0.0

Secrets come from the environment: TURNKIT_DATABASE_URL (a postgres:// URL with its password),
TURNKIT_ADMIN_TOKEN (when set, creating a game needs "Authorization: Bearer <token>").
Docs: docs/server.md`,
    )
    .action(
      async (
        opts: {
          db?: string;
          port: number;
          host: string;
          snapshotEvery: number;
          cluster?: boolean;
          leaseMs: number;
        },
        cmd: Command,
      ) => {
        await userGame(cmd, io);
        exit.code = await serveCommand(opts, { stdout: io.stdout, env: io.env });
      },
    );

  program
    .command("bot")
    .description(
      "play one seat of a game on a turnkit serve server with an agent (the seat's token: $TURNKIT_SEAT_TOKEN)",
    )
    .requiredOption("--url <ws-url>", "the server's WebSocket URL: ws://host:port/play")
    .requiredOption("--game <id>", "the game's id")
    .option(
      "--agent <agent>",
      "the agent: random, or ismcts (searching samples the server deals the seat; ismcts:100, as in simulate)",
      "random",
    )
    .option(
      "--iterations <n>",
      "ISMCTS iterations per decision (with --agent ismcts)",
      positiveInt(1_000_000),
    )
    .option("--seed <n>", "the agent's seed (an integer)", positiveIntOrZero, 1)
    .option("--retries <n>", "joins again after a dropped connection, at most", positiveIntOrZero, 10)
    .addHelpText(
      "after",
      `
Examples:
  $ TURNKIT_SEAT_TOKEN=… turnkit bot --url ws://127.0.0.1:8080/play --game 3kTq… --seed 7
  $ TURNKIT_SEAT_TOKEN=… turnkit bot --url ws://127.0.0.1:8080/play --game 3kTq… --agent ismcts --iterations 100

Docs: docs/server.md`,
    )
    .action(async (opts: BotFlags) => {
      exit.code = await botCommand(opts, io);
    });

  withUserGame(
    program
      .command("host")
      .description("host games for a learner in another language: JSON lines on standard input and output")
      .option("--stdio", "speak the host protocol on standard input and output (docs/agents.md)"),
    false,
  )
    .addHelpText(
      "after",
      `
Examples:
  $ echo '{"type":"hello","protocol":${HOST_PROTOCOL}}' | turnkit host --stdio
  $ python -c 'import turnkit_env; env = turnkit_env.env(game="duel-masters")'

One JSON object per line each way: hello, reset, observe, legal, step, batch, spaces, close.
A bad line gets {"type":"error",...} and changes nothing. Docs: docs/agents.md`,
    )
    .action(async (opts: { stdio?: boolean }, cmd: Command) => {
      if (!opts.stdio)
        throw new InputError("host needs --stdio: it speaks JSON lines on standard input and output");
      await userGame(cmd, io);
      const host = new Host({ presetOf: getPreset, version: version() });
      // Lines over the host's bound are counted and dropped as they arrive, never held whole.
      const read = io.stdin ?? boundedLineReader(process.stdin, HOST_LIMITS.lineBytes);
      for (;;) {
        const line = await read();
        if (line === null) break;
        if (typeof line === "string" && line.trim() === "") continue;
        io.stdout(`${typeof line === "string" ? host.handleLine(line) : host.lineTooLong(line.tooLong)}\n`);
        if (host.ended) break;
      }
    });
  withUserGame(
    program
      .command("playground")
      .description("serve the playground web app: play, step through and debug games in a browser")
      .option("--port <n>", "the port (default 5199; 0 picks a free one)", (v) => {
        if (!/^\d+$/.test(v.trim()) || Number(v) > 65535)
          throw new InvalidArgumentError(`"${v}" is not a port (0 to 65535).`);
        return Number(v);
      })
      .option("--host <host>", "the address to listen on (0.0.0.0 for every interface)"),
    false,
  )
    .addHelpText(
      "after",
      `
Examples:
  $ turnkit playground
  $ turnkit playground --preset ./skyduel.ts --port 8080

Your presets (--preset, a config's) are bundled for the browser and listed beside the built-in
ones. Docs: docs/playground.md`,
    )
    .action(async (opts: { port?: number; host?: string }, cmd: Command) => {
      const flags = cmd.optsWithGlobals() as LoadFlags;
      exit.code = await servePlayground(
        {
          port: opts.port ?? 5199,
          ...(opts.host !== undefined ? { host: opts.host } : {}),
          ...(flags.preset ? { presets: flags.preset } : {}),
          ...(flags.config !== undefined ? { config: flags.config } : {}),
          ...(flags.allowOutside ? { allowOutside: true } : {}),
          cwd: io.cwd ?? process.cwd(),
        },
        io,
      );
    });
  return program;
}

/** Runs the command line `argv` (without node and the script) and returns the exit code. */
export async function main(argv: string[], given: Io = processIo): Promise<number> {
  const exit = { code: EXIT_OK };
  // Every write without terminal control codes (printable.ts), then in plain ASCII when asked
  // (ascii.ts): the last steps of every line written, so no print site can miss them.
  const ascii = wantsAscii(argv, given.env);
  const clean = (write: (t: string) => void) => (t: string) =>
    write(ascii ? toAscii(printable(t)) : printable(t));
  const io: Io = { ...given, stdout: clean(given.stdout), stderr: clean(given.stderr) };
  // Commander answers no command with the usage alone; say what is wrong first.
  if (argv.length === 0)
    io.stderr(
      "turnkit: no command given; the commands are run, play, simulate, replay, presets, host, playground, serve and bot\n",
    );
  try {
    await buildProgram(io, exit).parseAsync(argv, { from: "user" });
    return exit.code;
  } catch (e) {
    return reportError(e, { stderr: io.stderr, debug: io.env.TURNKIT_DEBUG === "1" });
  }
}
