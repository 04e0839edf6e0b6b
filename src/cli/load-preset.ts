/**
 * A user's own game on the command line: preset modules given by path (`--preset ./skyduel.ts`, a
 * scenario's `preset: ./skyduel.ts`, a `turnkit.config.*`), card sets (`--cards cards.yaml`) and
 * the config file that lists both (docs/cli.md, "Your own game").
 *
 * Modules are loaded with tsx's `tsImport` when tsx is installed (TypeScript and JavaScript alike,
 * ESM or CommonJS, in an isolated namespace that leaves Node's own loader alone), else JavaScript
 * modules with Node's own `import()`; tsx is an optional peer dependency (optional-tools.ts),
 * imported only here and only when a module is loaded. Every problem is one line — the file, where
 * in it when there is a place, and what is wrong — and exits 2 (an InputError).
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, extname, isAbsolute, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { TurnkitError } from "../core/errors.js";
import type { Preset } from "../core/preset.js";
import type { CardDef } from "../core/vocabulary/schema.js";
import { getPreset, presetIds, registerPreset } from "../presets/index.js";
import { loadCardSet } from "../scenario/card-set.js";
import { describeFsError, meantAs, positionAt, readTextFile } from "../scenario/load.js";
import { outsideProject } from "../scenario/project.js";
import { InputError } from "./errors.js";
import { jsonPathOffset, scanJson } from "./json-scan.js";
import { importTool, isMissingPackage, OPTIONAL_TOOLS } from "./optional-tools.js";

/** The extensions of a module turnkit loads. */
export const MODULE_EXTENSIONS = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];

/** The config file names looked for in the working directory, in this order. */
export const CONFIG_NAMES = [
  "turnkit.config.ts",
  "turnkit.config.mts",
  "turnkit.config.js",
  "turnkit.config.mjs",
  "turnkit.config.cjs",
  "turnkit.config.json",
];

/** A preset reference that is a path (it has a slash or a module extension), not a preset id. */
export function looksLikePath(ref: string): boolean {
  return /[\\/]/.test(ref) || MODULE_EXTENSIONS.includes(extname(ref).toLowerCase());
}

/** User presets by id → the absolute path of their module. */
const userSources = new Map<string, string>();
/** Modules loaded, by absolute path → their preset (a module is loaded once per process). */
const loadedModules = new Map<string, Preset>();

/** Where a preset comes from: "built-in", or the absolute path of the module that defined it. */
export function presetSource(id: string): string {
  return userSources.get(id) ?? "built-in";
}

/** A path as shown in messages: relative to `cwd` when it is inside it. */
export function displayPath(abs: string, cwd: string): string {
  const rel = relative(cwd, abs);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : abs;
}

/** Strips tsx's namespace query from URLs and paths in a message. */
function clean(text: string): string {
  return text.replace(/\?(tsx-)?namespace=[0-9a-f-]+/g, "");
}

/** The location of a syntax error in a JavaScript file, by `node --check` (Node gives none otherwise). */
function syntaxLocation(abs: string): { line: number; col: number } | null {
  const r = spawnSync(process.execPath, ["--check", abs], { encoding: "utf8", timeout: 10_000 });
  const lines = (r.stderr ?? "").split("\n");
  const i = lines.findIndex((l) => /:(\d+)$/.test(l) && l.includes(abs));
  if (i < 0) return null;
  const line = Number(/:(\d+)$/.exec(lines[i]!)![1]);
  const caret = lines[i + 2]?.indexOf("^") ?? -1;
  return { line, col: caret >= 0 ? caret + 1 : 1 };
}

/** One line for an error thrown while a module was imported. */
function describeLoadError(e: unknown, abs: string, shown: string): string {
  const message = clean(e instanceof Error ? e.message : String(e));
  // esbuild (TypeScript): "Transform failed with 1 error:\n/abs/file.ts:1:18: ERROR: Unexpected ";""
  const esbuild = /^(.*?):(\d+):(\d+): ERROR: (.*)$/m.exec(message);
  if (esbuild) {
    const file = esbuild[1] === abs ? shown : esbuild[1];
    return `${file}:${esbuild[2]}:${esbuild[3]}: syntax error: ${esbuild[4]}`;
  }
  if (e instanceof SyntaxError) {
    const at = syntaxLocation(abs);
    return `${shown}${at ? `:${at.line}:${at.col}` : ""}: syntax error: ${message}`;
  }
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const first = message.split("\n")[0]!;
  if (code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND")
    return `${shown}: cannot load the module: ${first}`;
  // Thrown by the module's own code while it ran: where, when the stack names the file.
  const stack = clean(e instanceof Error && e.stack ? e.stack : "");
  const url = pathToFileURL(abs).href;
  const frame = new RegExp(`(?:${escapeRegExp(url)}|${escapeRegExp(abs)}):(\\d+):(\\d+)`).exec(stack);
  return `${shown}${frame ? `:${frame[1]}:${frame[2]}` : ""}: the module threw while loading: ${first}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Imports a module file (TypeScript or JavaScript) with tsx; `shown` names it in errors. */
async function importModule(abs: string, shown: string): Promise<Record<string, unknown>> {
  try {
    if (!statSync(abs).isFile()) throw new InputError(`${shown}: not a file`);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${shown}: cannot read the file: ${describeFsError(e)}`);
  }
  const ext = extname(abs).toLowerCase();
  if (!MODULE_EXTENSIONS.includes(ext))
    throw new InputError(
      `${shown}: not a module turnkit can load (${ext || "no extension"}); expected ${MODULE_EXTENSIONS.join(", ")}`,
    );
  const load = await moduleLoader(shown, TYPESCRIPT_EXTENSIONS.includes(ext));
  try {
    return (await load(pathToFileURL(abs).href)) as Record<string, unknown>;
  } catch (e) {
    throw new InputError(describeLoadError(e, abs, shown));
  }
}

/** The extensions of a TypeScript module: loading one needs tsx. */
const TYPESCRIPT_EXTENSIONS = [".ts", ".mts", ".cts"];

/**
 * How a module is imported: with tsx's `tsImport` when tsx is installed (TypeScript and
 * JavaScript alike), else — a JavaScript module — with Node's own `import()`. Without tsx, a
 * TypeScript module can't be loaded: the error says how to install it.
 */
async function moduleLoader(shown: string, typescript: boolean): Promise<(url: string) => Promise<unknown>> {
  const tsx = OPTIONAL_TOOLS.tsx;
  let api: { tsImport: (specifier: string, parent: string) => Promise<unknown> };
  try {
    api = await import("tsx/esm/api");
  } catch (e) {
    if (!typescript && isMissingPackage(e, tsx.package)) return (url) => import(url);
    const needs = typescript ? `${shown}: a TypeScript module` : `${shown}: loading the module`;
    return importTool(tsx, needs, () => Promise.reject(e));
  }
  return (url) => api.tsImport(url, import.meta.url);
}

/** A CommonJS module comes back as { default: module.exports }: look inside it too. */
function exportsOf(mod: Record<string, unknown>): Record<string, unknown> {
  const d = mod.default;
  if (d && typeof d === "object" && !("id" in d) && ("default" in d || "preset" in d))
    return d as Record<string, unknown>;
  return mod;
}

function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "function") return "a function";
  if (typeof v === "object") return "an object";
  return `the ${typeof v} ${JSON.stringify(v)}`;
}

/** What is wrong with a value that should be a Preset, or null: the fields the kernel needs first. */
export function presetShapeProblem(v: unknown): string | null {
  if (v === null || typeof v !== "object" || Array.isArray(v))
    return `it is ${describeValue(v)}, not a Preset (an object with id, name, players, zones, turn and cards)`;
  const p = v as Record<string, unknown>;
  if (typeof p.id !== "string" || p.id.trim() === "")
    return `id: expected a non-empty string, got ${describeValue(p.id)}`;
  if (/[\s\\/]/.test(p.id)) return `id: "${p.id}" has a space or a slash; a preset id is one word (skyduel)`;
  if (typeof p.name !== "string") return `name: expected a string, got ${describeValue(p.name)}`;
  const players = p.players as { min?: unknown; max?: unknown } | undefined;
  if (
    !players ||
    typeof players !== "object" ||
    !Number.isInteger(players.min) ||
    !Number.isInteger(players.max) ||
    (players.min as number) < 1 ||
    (players.min as number) > (players.max as number)
  )
    return `players: expected { min, max }, integers with 1 <= min <= max, got ${JSON.stringify(p.players) ?? "undefined"}`;
  if (!Array.isArray(p.zones))
    return `zones: expected an array of zone definitions, got ${describeValue(p.zones)}`;
  const bad = p.zones.findIndex(
    (z) => !z || typeof z !== "object" || typeof (z as { kind?: unknown }).kind !== "string",
  );
  if (bad >= 0)
    return `zones[${bad}]: expected a zone definition with a kind, got ${describeValue(p.zones[bad])}`;
  if (typeof p.turn !== "function")
    return `turn: expected a function (options) => turn tree, got ${describeValue(p.turn)}`;
  if (!Array.isArray(p.cards))
    return `cards: expected an array of card definitions, got ${describeValue(p.cards)}`;
  return null;
}

/**
 * The preset a module exports: its default export, else its export named `preset`; either may
 * be a Preset or a function (sync or async, no arguments) returning one.
 */
export async function presetFromModule(mod: Record<string, unknown>, shown: string): Promise<Preset> {
  const exp = exportsOf(mod);
  const [label, value] =
    exp.default !== undefined
      ? ["the default export", exp.default]
      : exp.preset !== undefined
        ? ['the export "preset"', exp.preset]
        : [null, undefined];
  if (label === null) {
    const names = Object.keys(exp).filter((k) => k !== "__esModule");
    throw new InputError(
      `${shown}: no preset exported: export it as the default export, as "preset", or a function returning it (the module exports ${names.length ? names.join(", ") : "nothing"})`,
    );
  }
  let preset: unknown = value;
  let what = label;
  if (typeof value === "function") {
    try {
      preset = await (value as () => unknown)();
    } catch (e) {
      throw new InputError(
        `${shown}: ${label} is a function, and calling it threw: ${clean(e instanceof Error ? e.message : String(e))}`,
      );
    }
    what = `${label} (a function) returned a value that`;
    const problem = presetShapeProblem(preset);
    if (problem) throw new InputError(`${shown}: ${what} is not a Preset: ${problem}`);
    return preset as Preset;
  }
  const problem = presetShapeProblem(preset);
  if (problem) throw new InputError(`${shown}: ${what} is not a Preset: ${problem}`);
  return preset as Preset;
}

/**
 * Loads a preset module and registers its preset under its id (once per module per process).
 * `abs` is the module's absolute path, `shown` how messages name it.
 */
export async function loadPresetModule(abs: string, shown: string): Promise<Preset> {
  const known = loadedModules.get(abs);
  if (known) return known;
  const preset = await presetFromModule(await importModule(abs, shown), shown);
  const other = userSources.get(preset.id);
  if (other !== undefined && other !== abs)
    throw new InputError(`${shown}: the preset id "${preset.id}" is already taken by the preset of ${other}`);
  if (other === undefined && presetIds().includes(preset.id))
    throw new InputError(
      `${shown}: the preset id "${preset.id}" is a built-in preset's (${getPreset(preset.id).name}); give yours another id`,
    );
  registerPreset(preset);
  userSources.set(preset.id, abs);
  loadedModules.set(abs, preset);
  return preset;
}

// ---- the config file ------------------------------------------------------------------------

/** turnkit.config.{ts,mts,js,mjs,cjs,json}: preset modules and card sets, relative to the file. */
export interface TurnkitConfig {
  /** Preset modules to load and register (paths relative to the config file). */
  presets?: string[];
  /** Card set files whose cards join every game's library (paths relative to the config file). */
  cards?: string[];
}

const CONFIG_KEYS = ["presets", "cards"] as const;

/** The config file in `cwd`, or null; two of them is an error (which one would be meant?). */
export function findConfig(cwd: string): string | null {
  const found = CONFIG_NAMES.filter((n) => existsSync(resolve(cwd, n)));
  if (found.length > 1)
    throw new InputError(`${found.join(" and ")}: two config files in ${cwd}; keep one, or give --config`);
  return found.length ? resolve(cwd, found[0]!) : null;
}

/** Checks the shape of a config's value; `where(path)` names the place of a path in the file. */
function checkConfig(value: unknown, where: (path: (string | number)[]) => string): TurnkitConfig {
  // Until it has a config's key, the file may be something else (a key file, a .env named by
  // mistake): said by its kind, never quoted.
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new InputError(
      `${where([])}: expected an object { presets: [...], cards: [...] }, got ${typeof value === "string" ? "a string" : describeValue(value)}`,
    );
  const config = value as Record<string, unknown>;
  const keys = Object.keys(config);
  if (keys.length > 0 && !meantAs(keys, CONFIG_KEYS))
    throw new InputError(
      `${where([])}: not a turnkit config: none of its keys is ${CONFIG_KEYS.join(" or ")}; a config is an object { presets: [...], cards: [...] }`,
    );
  for (const key of Object.keys(config))
    if (!(CONFIG_KEYS as readonly string[]).includes(key))
      throw new InputError(
        `${where([key])}: unknown key "${key}"; a config has ${CONFIG_KEYS.join(" and ")}`,
      );
  for (const key of CONFIG_KEYS) {
    const list = config[key];
    if (list === undefined) continue;
    if (!Array.isArray(list))
      throw new InputError(`${where([key])}: ${key}: expected a list of paths, got ${describeValue(list)}`);
    list.forEach((item, i) => {
      if (typeof item !== "string" || item === "")
        throw new InputError(`${where([key, i])}: ${key}[${i}]: expected a path, got ${describeValue(item)}`);
    });
  }
  return config as TurnkitConfig;
}

/** Reads and checks a config file; `shown` names it in errors. */
export async function loadConfig(abs: string, shown: string): Promise<TurnkitConfig> {
  if (extname(abs).toLowerCase() === ".json") {
    const read = readTextFile(abs, 1024 * 1024, "config file");
    if ("problem" in read) {
      const pos = read.problem.position;
      throw new InputError(`${shown}${pos ? `:${pos.line}:${pos.col}` : ""}: ${read.problem.message}`);
    }
    const text = read.text;
    const problem = scanJson(text, { maxDepth: 16 });
    if (problem) {
      const { line, col } = positionAt(text, problem.offset);
      throw new InputError(`${shown}:${line}:${col}: not valid JSON: ${problem.message}`);
    }
    const where = (path: (string | number)[]): string => {
      for (let n = path.length; n >= 0; n--) {
        const offset = jsonPathOffset(text, path.slice(0, n), 16);
        if (offset !== null) {
          const { line, col } = positionAt(text, offset);
          return `${shown}:${line}:${col}`;
        }
      }
      return shown;
    };
    return checkConfig(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text), where);
  }
  const mod = exportsOf(await importModule(abs, shown));
  let value = mod.default !== undefined ? mod.default : mod.config;
  if (value === undefined)
    throw new InputError(
      `${shown}: no config exported: export an object { presets, cards } as the default export`,
    );
  if (typeof value === "function") value = await (value as () => unknown)();
  return checkConfig(value, () => shown);
}

// ---- all of it, for one command --------------------------------------------------------------

/** The flags every command that plays a game takes. */
export interface LoadFlags {
  config?: string;
  preset?: string[];
  cards?: string[];
  /** Let the config name modules and card sets outside its project directory (--allow-outside). */
  allowOutside?: boolean;
}

export interface UserGame {
  /** The presets of --preset, in order (the config's are registered too, not listed here). */
  presets: Preset[];
  /** Card definitions from the config's card sets and --cards, in that order. */
  cards: CardDef[];
}

function cardsFrom(abs: string, shown: string): CardDef[] {
  try {
    return loadCardSet(abs, shown);
  } catch (e) {
    if (e instanceof TurnkitError) throw new InputError(e.message);
    throw e;
  }
}

/**
 * Loads the config (`--config`, else a turnkit.config.* in `cwd`), then the --preset modules and
 * the --cards files, registering every preset. Throws an InputError (exit 2) for any problem.
 */
export async function loadUserGame(flags: LoadFlags, cwd: string): Promise<UserGame> {
  const cards: CardDef[] = [];
  const configFile = flags.config !== undefined ? resolve(cwd, flags.config) : findConfig(cwd);
  if (configFile) {
    const shown = flags.config ?? displayPath(configFile, cwd);
    if (flags.config !== undefined && !existsSync(configFile))
      throw new InputError(`--config ${flags.config}: cannot read the file: no such file or directory`);
    const config = await loadConfig(configFile, shown);
    const base = dirname(configFile);
    // Each path inside the config's project, unless --allow-outside (scenario/project.ts).
    const named = (key: "presets" | "cards", ref: string, i: number): string => {
      const abs = resolve(base, ref);
      const outside = flags.allowOutside ? null : outsideProject(configFile, ref, abs, "config");
      if (outside) throw new InputError(`${shown}: ${key}[${i}]: ${outside}`);
      return abs;
    };
    for (const [i, p] of (config.presets ?? []).entries()) {
      const abs = named("presets", p, i);
      await loadPresetModule(abs, displayPath(abs, cwd));
    }
    for (const [i, c] of (config.cards ?? []).entries()) {
      const abs = named("cards", c, i);
      cards.push(...cardsFrom(abs, displayPath(abs, cwd)));
    }
  }
  const presets: Preset[] = [];
  for (const p of flags.preset ?? []) presets.push(await loadPresetModule(resolve(cwd, p), p));
  for (const c of flags.cards ?? []) cards.push(...cardsFrom(resolve(cwd, c), c));
  return { presets, cards };
}
