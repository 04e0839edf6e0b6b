#!/usr/bin/env node
/**
 * The turnkit command line: run scenario files, play narrated games between random agents, and
 * replay saved games.
 */
import { statSync } from "node:fs";
import { Command, InvalidArgumentError } from "commander";
import { glob } from "tinyglobby";
import { randomAgent } from "../agents/random.js";
import { TurnkitError } from "../core/errors.js";
import { Game } from "../core/game.js";
import type { JsonObject } from "../core/json.js";
import { narrate } from "../core/narrate.js";
import type { LogEntry } from "../core/types.js";
import { getPreset, presetIds } from "../presets/index.js";
import { loadScenarioFile, ScenarioError } from "../scenario/load.js";
import { runScenario, type ScenarioResult } from "../scenario/runner.js";
import { readReplay, replayGame, stateDigest, writeReplay } from "./replay.js";

function int(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new InvalidArgumentError(`"${value}" is not an integer`);
  return n;
}

async function expand(patterns: string[]): Promise<string[]> {
  const files = new Set<string>();
  for (const p of patterns) {
    let isDir = false;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      /* not a path: a glob */
    }
    const found = isDir ? await glob(`${p.replace(/\/$/, "")}/**/*.{yaml,yml}`) : await glob(p);
    if (found.length === 0 && !isDir) files.add(p);
    for (const f of found.sort()) files.add(f);
  }
  return [...files];
}

function runFile(file: string): ScenarioResult {
  try {
    return runScenario(loadScenarioFile(file));
  } catch (e) {
    if (e instanceof ScenarioError)
      return {
        file,
        name: "",
        passed: false,
        covers: [],
        steps: 0,
        failures: [{ ...e.position, path: "", message: e.detail }],
      };
    throw e;
  }
}

function printGame(game: Game, json: boolean): (e: LogEntry) => void {
  return (e) => {
    if (json) {
      process.stdout.write(`${JSON.stringify(e)}\n`);
      return;
    }
    const line = narrate(game, e, null);
    if (line) process.stdout.write(`${"  ".repeat(line.depth)}${line.text}\n`);
  };
}

// A closed pipe (`turnkit play … | head`) ends the output quietly.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

const program = new Command();
program
  .name("turnkit")
  .description("A rules kernel for trading card games: scenarios, narrated games, replays.");

program
  .command("run")
  .description("run scenario files (files, directories or globs) and report each")
  .argument("<paths...>", "scenario files, directories or globs")
  .option("--json", "print one JSON object with every result")
  .action(async (paths: string[], opts: { json?: boolean }) => {
    const files = await expand(paths);
    const results = files.map(runFile);
    const passed = results.filter((r) => r.passed).length;
    const failed = results.length - passed;
    if (opts.json) {
      process.stdout.write(
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
        process.stdout.write(
          `${r.passed ? "✓" : "✗"} ${r.file}${r.name ? ` — ${r.name}` : ""}${r.covers.length ? ` [${r.covers.join(", ")}]` : ""}\n`,
        );
        for (const f of r.failures)
          process.stdout.write(
            `    ${r.file}:${f.line}:${f.col}: ${f.path ? `${f.path}: ` : ""}${f.message}\n`,
          );
      }
      process.stdout.write(`\n${passed} passed, ${failed} failed, ${results.length} files\n`);
    }
    if (failed > 0 || results.length === 0) process.exitCode = 1;
  });

program
  .command("play")
  .description("play a whole game between two random legal agents, narrated")
  .requiredOption("--game <preset>", `the preset: ${presetIds().join(", ")}`)
  .option("--seed <n>", "game and agent seed", int, 1)
  .option("--option <key=value...>", "preset options (rule variants), value as JSON or text")
  .option("--json", "emit every log entry as a JSON line")
  .option("--save <file>", "write a replay file")
  .option("--max-actions <n>", "stop after this many responses", int, 100_000)
  .action(
    (opts: {
      game: string;
      seed: number;
      option?: string[];
      json?: boolean;
      save?: string;
      maxActions: number;
    }) => {
      const preset = getPreset(opts.game);
      const options: JsonObject = {};
      for (const kv of opts.option ?? []) {
        const i = kv.indexOf("=");
        if (i < 0) throw new InvalidArgumentError(`--option "${kv}" is not key=value`);
        const raw = kv.slice(i + 1);
        try {
          options[kv.slice(0, i)] = JSON.parse(raw);
        } catch {
          options[kv.slice(0, i)] = raw;
        }
      }
      const game = Game.create(preset, { seed: opts.seed, options });
      game.onEvent(printGame(game, opts.json === true));
      const agents = game.state.players.map((p) => randomAgent(opts.seed * 7919 + p.id));
      const responses: [number, string][] = [];
      game.run();
      while (!game.over && responses.length < opts.maxActions) {
        const d = game.decision!;
        const a = agents[d.player]!.choose(game);
        responses.push([a.player, a.choice]);
        game.act(a);
      }
      if (opts.save)
        writeReplay(
          opts.save,
          game,
          responses,
          game.state.players.map((p) => p.name),
        );
      const summary = {
        preset: preset.id,
        seed: opts.seed,
        turns: game.state.clock.turn.id,
        actions: responses.length,
        winner: game.result?.winner ?? null,
        reason: game.result?.reason ?? `stopped after ${responses.length} actions`,
        sha256: stateDigest(game),
      };
      if (opts.json) process.stdout.write(`${JSON.stringify({ type: "summary", ...summary })}\n`);
      else
        process.stdout.write(
          `\n${summary.reason}. ${summary.turns} turns, ${summary.actions} decisions. State sha256 ${summary.sha256.slice(0, 16)}…\n`,
        );
      if (!game.over) process.exitCode = 1;
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
    const game = replayGame(replay, (g) => {
      if (!opts.quiet) g.onEvent(printGame(g, opts.json === true));
    });
    const digest = stateDigest(game);
    const same = digest === replay.final.sha256;
    process.stdout.write(
      same
        ? `Replay reproduced the final state exactly (sha256 ${digest.slice(0, 16)}…, turn ${game.state.clock.turn.id}).\n`
        : `Replay diverged: final state sha256 ${digest} differs from the saved ${replay.final.sha256}.\n`,
    );
    if (!same) process.exitCode = 1;
  });

program
  .command("presets")
  .description("list the presets and their options")
  .action(() => {
    for (const id of presetIds()) {
      const p = getPreset(id);
      process.stdout.write(
        `${id} — ${p.name} (${p.players.min}-${p.players.max} players, ${p.cards.length} cards)\n`,
      );
      for (const [k, o] of Object.entries(p.options ?? {}))
        process.stdout.write(`    --option ${k}=${JSON.stringify(o.default)}  ${o.description}\n`);
    }
  });

program.parseAsync().catch((e: unknown) => {
  if (e instanceof TurnkitError) {
    process.stderr.write(`turnkit: ${e.message}\n`);
    process.exitCode = 2;
    return;
  }
  throw e;
});
