/**
 * The turnkit command line as a function: `main(argv, io)` runs one command and returns its exit
 * code, writing through `io`, so it runs in a process (main.ts) or in a test. Every failure is one
 * `turnkit: <message>` line on stderr, never a stack trace, with the exit codes of errors.ts
 * (docs/cli.md).
 */
import { createHash, getRandomValues } from "node:crypto";
import { accessSync, constants, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { glob } from "tinyglobby";
import { randomAgent } from "../agents/random.js";
import { notOffered } from "../core/activation.js";
import { DefinitionError } from "../core/errors.js";
import { Game } from "../core/game.js";
import type { JsonObject } from "../core/json.js";
import { narrate } from "../core/narrate.js";
import type { Preset } from "../core/preset.js";
import type { LogEntry } from "../core/types.js";
import { getPreset, presetIds } from "../presets/index.js";
import { describeFsError, type LoadedScenario, loadScenarioFile, ScenarioError } from "../scenario/load.js";
import { runScenario, type ScenarioResult } from "../scenario/runner.js";
import { describeError, EXIT_FAILED, EXIT_OK, InputError, reportError } from "./errors.js";
import { scanJson } from "./json-scan.js";
import {
  checkFinalState,
  type KernelSeed,
  REPLAY_LIMITS,
  readReplay,
  replayGame,
  stateDigest,
  writeReplay,
} from "./replay.js";

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Environment variables read: TURNKIT_DEBUG=1 prints stack traces. */
  env: Record<string, string | undefined>;
}

export const processIo: Io = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  env: process.env,
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

function presetFlag(value: string): string {
  try {
    getPreset(value);
  } catch (e) {
    throw new InvalidArgumentError(`${(e as Error).message}.`);
  }
  return value;
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
    if (found.length === 0 && !isDir) files.add(p);
    for (const f of found.sort()) files.add(f);
  }
  return [...files];
}

/** Loads and runs one file; whatever goes wrong is that file's failure, and the run goes on. */
function runFile(file: string, io: Io): ScenarioResult {
  let loaded: LoadedScenario | undefined;
  try {
    loaded = loadScenarioFile(file);
    return runScenario(loaded);
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
    };
  }
}

function printGame(game: Game, json: boolean, io: Io): (e: LogEntry) => void {
  return (e) => {
    if (json) {
      io.stdout(`${JSON.stringify(e)}\n`);
      return;
    }
    const line = narrate(game, e, null);
    if (line) io.stdout(`${"  ".repeat(line.depth)}${line.text}\n`);
  };
}

/**
 * Narrates the activated abilities a player has where they work but can't activate now, with
 * every reason (Game.whyNot): each one when it becomes refused or its reasons change.
 */
function explainRefusals(game: Game, json: boolean, io: Io): (player: number, decision: number) => void {
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
    if (json) {
      io.stdout(`${JSON.stringify({ type: "notOffered", player, decision, abilities: changed })}\n`);
      return;
    }
    for (const it of changed)
      io.stdout(
        `  ⊘ ${game.playerName(player)} can't activate ${it.name} (${it.ref}) ${it.ability}: ${it.reasons.map((r) => r.text).join("; ")}\n`,
      );
  };
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
    .showHelpAfterError("(add --help for usage)");

  program
    .command("run")
    .description("run scenario files (files, directories or globs) and report each")
    .argument("<paths...>", "scenario files, directories or globs")
    .option("--json", "print one JSON object with every result")
    .action(async (paths: string[], opts: { json?: boolean }) => {
      const files = await expand(paths);
      if (files.length === 0)
        throw new InputError(`no scenario files (*.yaml, *.yml) in ${paths.join(", ")}`);
      const results = files.map((f) => runFile(f, io));
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
        }
        io.stdout(`\n${passed} passed, ${failed} failed, ${results.length} files\n`);
      }
      if (failed > 0) exit.code = EXIT_FAILED;
    });

  program
    .command("play")
    .description("play a whole game between two random legal agents, narrated")
    .requiredOption("--game <preset>", `the preset: ${presetIds().join(", ")}`, presetFlag)
    .option(
      "--seed <seed>",
      "game and agent seed: an integer or any text (default: a random 128-bit seed)",
      parseSeed,
    )
    .option("--option <key=value...>", "preset options (rule variants), value as JSON or text", optionFlag)
    .option("--json", "emit every log entry as a JSON line")
    .option("--save <file>", "write a replay file")
    .option(
      "--max-actions <n>",
      `stop after this many responses (at most ${MAX_ACTIONS})`,
      positiveInt(MAX_ACTIONS),
      100_000,
    )
    .action(
      (opts: {
        game: string;
        seed?: number | string;
        option?: JsonObject;
        json?: boolean;
        save?: string;
        maxActions: number;
      }) => {
        const preset: Preset = getPreset(opts.game);
        if (opts.save !== undefined) checkWritable(opts.save);
        const seed = opts.seed ?? randomSeed();
        let game: Game;
        try {
          game = Game.create(preset, { seed: seed as KernelSeed, options: opts.option ?? {} });
        } catch (e) {
          // The seed and preset are checked already: what is left is an option the preset refuses.
          if (e instanceof DefinitionError && opts.option) throw new InputError(`--option: ${e.message}`);
          throw e;
        }
        game.onEvent(printGame(game, opts.json === true, io));
        const agents = game.state.players.map((p) => randomAgent(agentSeed(seed, p.id)));
        const responses: [number, string][] = [];
        game.run();
        const explain = explainRefusals(game, opts.json === true, io);
        while (!game.over && responses.length < opts.maxActions) {
          const d = game.decision!;
          explain(d.player, d.id);
          const a = agents[d.player]!.choose(game);
          responses.push([a.player, a.choice]);
          game.act(a);
        }
        if (opts.save !== undefined) {
          try {
            writeReplay(
              opts.save,
              game,
              responses,
              game.state.players.map((p) => p.name),
            );
          } catch (e) {
            throw new InputError(`--save ${opts.save}: cannot write the replay file (${describeFsError(e)})`);
          }
        }
        const summary = {
          preset: preset.id,
          seed,
          turns: game.state.clock.turn.id,
          actions: responses.length,
          winner: game.result?.winner ?? null,
          reason: game.result?.reason ?? `stopped after ${responses.length} actions`,
          sha256: stateDigest(game),
        };
        if (opts.json) io.stdout(`${JSON.stringify({ type: "summary", ...summary })}\n`);
        else
          io.stdout(
            `\n${summary.reason}. ${summary.turns} turns, ${summary.actions} decisions. Seed ${summary.seed}. State sha256 ${summary.sha256.slice(0, 16)}…\n`,
          );
        if (!game.over) {
          io.stderr(
            `turnkit: the game did not finish: stopped after ${responses.length} responses (--max-actions ${opts.maxActions})\n`,
          );
          exit.code = EXIT_FAILED;
        }
      },
    );

  program
    .command("replay")
    .description("replay a saved game and check it reaches the same final state")
    .argument("<file>", "a replay file written by play --save")
    .option("--json", "emit every log entry as a JSON line")
    .option("--quiet", "print only the result")
    .action((file: string, opts: { json?: boolean; quiet?: boolean }) => {
      const replay = readReplay(file);
      const game = replayGame(
        replay,
        (g) => {
          if (!opts.quiet) g.onEvent(printGame(g, opts.json === true, io));
        },
        file,
      );
      const digest = checkFinalState(game, replay, file);
      io.stdout(
        `Replay reproduced the final state exactly (sha256 ${digest.slice(0, 16)}…, turn ${game.state.clock.turn.id}).\n`,
      );
    });

  program
    .command("presets")
    .description("list the presets and their options")
    .action(() => {
      for (const id of presetIds()) {
        const p = getPreset(id);
        io.stdout(`${id} — ${p.name} (${p.players.min}-${p.players.max} players, ${p.cards.length} cards)\n`);
        for (const [k, o] of Object.entries(p.options ?? {}))
          io.stdout(`    --option ${k}=${JSON.stringify(o.default)}  ${o.description}\n`);
      }
    });
  return program;
}

/** Runs the command line `argv` (without node and the script) and returns the exit code. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const exit = { code: EXIT_OK };
  // Commander answers no command with the usage alone; say what is wrong first.
  if (argv.length === 0)
    io.stderr("turnkit: no command given; the commands are run, play, replay and presets\n");
  try {
    await buildProgram(io, exit).parseAsync(argv, { from: "user" });
    return exit.code;
  } catch (e) {
    return reportError(e, { stderr: io.stderr, debug: io.env.TURNKIT_DEBUG === "1" });
  }
}
