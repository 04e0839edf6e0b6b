/**
 * `turnkit play --from FILE[@STEP]`: a game goes on from a position in a file — a scenario (.yaml,
 * after its setup and the first STEP steps of its script; all of them by default), a replay file
 * (after its first STEP responses; all by default) or a save (`game.serialize()`, one position).
 * Every problem is an InputError naming the file, and the step or the line where it is.
 */
import { extname } from "node:path";
import { TurnkitError } from "../core/errors.js";
import { Game } from "../core/game.js";
import type { CardDef } from "../core/vocabulary/schema.js";
import { getPreset } from "../presets/index.js";
import { type LoadedScenario, loadScenarioFile, readTextFile, ScenarioError } from "../scenario/load.js";
import { ScenarioRun } from "../scenario/runner.js";
import { InputError } from "./errors.js";
import { parseReplay, REPLAY_LIMITS, type ReplayFile, replayGame } from "./replay.js";

/** A --from value: the file, and the step when `@STEP` is given. */
export interface FromRef {
  file: string;
  step: number | null;
}

/** Parses `FILE` or `FILE@STEP` (STEP a whole number: responses of a replay, steps of a scenario's script). */
export function parseFromRef(value: string): FromRef {
  const m = /^(.*)@([^@/\\]*)$/.exec(value);
  if (!m || m[1] === "") return { file: value, step: null };
  if (!/^\d{1,9}$/.test(m[2]!))
    throw new InputError(
      `--from ${value}: "@${m[2]}" is not a step; give the number of responses (a replay) or script steps (a scenario), as ${m[1]}@12`,
    );
  return { file: m[1]!, step: Number(m[2]) };
}

/** Where a game from --from starts. */
export interface FromPosition {
  game: Game;
  kind: "scenario" | "replay" | "save";
  /** "scenarios/x.yaml after script step 3 of 5", "game.json after response 12 of 240". */
  where: string;
  /** A replay's file and the responses played from it (what `--save` continues). */
  replay?: { file: ReplayFile; responses: [number, string][] };
}

export interface FromOptions {
  cards: CardDef[];
  allowOutside: boolean;
  /** Loads the preset module a scenario names by path, setting `scenario.preset` to its id. */
  scenarioPreset: (loaded: LoadedScenario) => Promise<void>;
}

/** The game at the position `ref` names. */
export async function loadFrom(ref: FromRef, opts: FromOptions): Promise<FromPosition> {
  const ext = extname(ref.file).toLowerCase();
  if (ext === ".yaml" || ext === ".yml") return fromScenario(ref, opts);
  if (ext === ".json") return fromJson(ref, opts);
  throw new InputError(
    `--from ${ref.file}: give a scenario (.yaml or .yml), a replay file or a save (.json)`,
  );
}

async function fromScenario(ref: FromRef, opts: FromOptions): Promise<FromPosition> {
  let loaded: LoadedScenario;
  try {
    loaded = loadScenarioFile(ref.file);
    await opts.scenarioPreset(loaded);
  } catch (e) {
    if (e instanceof ScenarioError) throw new InputError(e.message);
    throw e;
  }
  const script = loaded.scenario.script;
  const k = ref.step ?? script.length;
  if (k > script.length)
    throw new InputError(
      `--from ${ref.file}@${k}: the scenario's script has ${script.length} step${script.length === 1 ? "" : "s"}; give @0 (its setup) to @${script.length}`,
    );
  // The position after the setup and k steps of the script, without the file's `expect`.
  const cut: LoadedScenario = {
    ...loaded,
    scenario: { ...loaded.scenario, script: script.slice(0, k), expect: undefined },
  };
  let run: ScenarioRun;
  try {
    run = new ScenarioRun(cut, { cards: opts.cards, allowOutside: opts.allowOutside });
    const failed = run.run().failures[0];
    if (failed)
      throw new InputError(
        `--from ${ref.file}${ref.step === null ? "" : `@${k}`}: the scenario does not reach that position: ${ref.file}:${failed.line}:${failed.col}: ${failed.path ? `${failed.path}: ` : ""}${failed.message}`,
      );
  } catch (e) {
    if (e instanceof ScenarioError) throw new InputError(e.message);
    throw e;
  }
  const game = run.game;
  // A script may stop where nobody decides (a step of the turn): the game goes on from there.
  if (game.paused) {
    game.pauseWhen(null);
    game.run();
  }
  return {
    game,
    kind: "scenario",
    where: `${ref.file} after ${k === 0 ? "its setup" : `script step ${k} of ${script.length}`}`,
  };
}

async function fromJson(ref: FromRef, opts: FromOptions): Promise<FromPosition> {
  const read = readTextFile(ref.file, REPLAY_LIMITS.bytes, "replay or save file");
  if ("problem" in read) {
    const pos = read.problem.position;
    throw new InputError(
      `--from ${ref.file}${pos ? `:${pos.line}:${pos.col}` : ""}: ${read.problem.message}`,
    );
  }
  let format: unknown;
  try {
    format = (JSON.parse(read.text) as { format?: unknown } | null)?.format;
  } catch {
    // Not JSON: the replay parser says where.
    format = undefined;
  }
  if (typeof format === "string" && format.startsWith("turnkit/state@")) return fromSave(ref, read.text);
  if (typeof format === "string" && !format.startsWith("turnkit/replay@"))
    throw new InputError(
      `--from ${ref.file}: format "${format}" is neither a replay file (turnkit/replay@…) nor a save (turnkit/state@…)`,
    );
  const file = parseReplay(ref.file, read.text);
  const total = file.responses.length;
  const n = ref.step ?? total;
  if (n > total)
    throw new InputError(
      `--from ${ref.file}@${n}: the replay has ${total} response${total === 1 ? "" : "s"}; give @0 (its start) to @${total}`,
    );
  const responses = file.responses.slice(0, n) as [number, string][];
  const game = replayGame({ ...file, responses }, undefined, ref.file, opts.cards);
  return {
    game,
    kind: "replay",
    where: `${ref.file} after response ${n} of ${total}`,
    replay: { file, responses },
  };
}

function fromSave(ref: FromRef, text: string): FromPosition {
  if (ref.step !== null)
    throw new InputError(
      `--from ${ref.file}@${ref.step}: a save is one position; @STEP goes with a replay file or a scenario`,
    );
  let preset: string;
  try {
    preset = String((JSON.parse(text) as { preset?: unknown }).preset);
    const game = Game.deserialize(getPreset(preset), text);
    // A save taken where nobody decided yet goes on from there.
    if (!game.decision && !game.over) game.run();
    return { game, kind: "save", where: `${ref.file} (a save of turn ${game.state.clock.turn.id})` };
  } catch (e) {
    if (e instanceof TurnkitError) throw new InputError(`--from ${ref.file}: ${e.message}`);
    throw e;
  }
}
