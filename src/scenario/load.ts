/**
 * Reading scenario files: YAML parsed with positions kept, validated by the scenario schema, and
 * every error reported as file:line:column with what was expected there.
 *
 * The input is bounded before it can cost much (docs/cli.md, "Input bounds"): the file's size,
 * then — in one cheap pass of the YAML lexer, before anything is built — the number of tokens and
 * the nesting depth, then the aliases (how many, and how many nodes they expand to: a "billion
 * laughs" file is refused at its first alias too many), so a hostile or broken file is refused
 * quickly, at a real line and column, and never crashes the process.
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import {
  type Alias,
  type Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  Lexer,
  LineCounter,
  type Node,
  parseDocument,
} from "yaml";
import { didYouMean } from "../core/did-you-mean.js";
import { TurnkitError } from "../core/errors.js";
import { type ParsedScenario, SCENARIO_KEYS, validateScenario } from "./schema.js";

export type YamlPath = (string | number)[];

export interface Position {
  line: number;
  col: number;
}

export class ScenarioError extends TurnkitError {
  override name = "ScenarioError";
  constructor(
    readonly file: string,
    readonly position: Position,
    readonly detail: string,
  ) {
    super(`${file}:${position.line}:${position.col}: ${detail}`);
  }
}

/** The bounds on a scenario file (docs/cli.md). */
export const SCENARIO_LIMITS = {
  /** Bytes in the file. */
  bytes: 4 * 1024 * 1024,
  /** YAML tokens (keys, values, indicators): bounds the parser's time whatever the file holds. */
  tokens: 100_000,
  /** Nested mappings and sequences. */
  depth: 64,
  /** Alias occurrences (*name). */
  aliases: 100,
  /** Nodes that all the aliases stand for, in all (an alias of an alias counts what it expands to). */
  aliasNodes: 10_000,
} as const;

export interface LoadedScenario {
  file: string;
  /**
   * The scenario, validated: a `Scenario` (the authoring type) with its defaults filled in
   * (`covers`, `rules`, `seed`, `setup`, `script` …).
   */
  scenario: ParsedScenario;
  /** Where a path of the document starts (the closest existing parent when it is absent). */
  at(path: YamlPath): Position;
}

/** Line and column (1-based) of a character offset in a text. */
export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  const end = Math.min(Math.max(offset, 0), text.length);
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, col: end - start + 1 };
}

/** A file-system error as a few words ("no such file or directory") rather than Node's message. */
export function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file or directory";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "it is a directory, not a file";
    case "ENOTDIR":
      return "a part of the path is not a directory";
    case "ENAMETOOLONG":
      return "the path is too long";
    case "ELOOP":
      return "too many symbolic links";
    default:
      return (e as Error | undefined)?.message ?? String(e);
  }
}

/** Sizes as people read them: 512 bytes, 3.5 KiB, 64 MiB, 4.2 MiB (4404019 bytes). */
export function describeBytes(n: number): string {
  const unit = (size: number, name: string): string =>
    n % size === 0 ? `${n / size} ${name}` : `${(n / size).toFixed(1)} ${name} (${n} bytes)`;
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return unit(1024, "KiB");
  return unit(1024 * 1024, "MiB");
}

/** A problem with a text file, at a line and column when there is one. */
export interface TextProblem {
  message: string;
  position?: Position;
}

/**
 * Reads a UTF-8 text file of at most `maxBytes` bytes. The size is checked before reading; binary
 * data (a NUL, bytes that are not UTF-8) is refused at its first offending character.
 */
export function readTextFile(
  file: string,
  maxBytes: number,
  what: string,
): { text: string } | { problem: TextProblem } {
  let size: number;
  try {
    const st = statSync(file);
    if (st.isDirectory())
      return { problem: { message: "cannot read the file: it is a directory, not a file" } };
    size = st.size;
  } catch (e) {
    return { problem: { message: `cannot read the file: ${describeFsError(e)}` } };
  }
  const limit = `${what}s are limited to ${describeBytes(maxBytes)}`;
  if (size > maxBytes) return { problem: { message: `the file is ${describeBytes(size)}; ${limit}` } };
  let buf: Buffer;
  try {
    buf = readAtMost(file, maxBytes + 1);
  } catch (e) {
    return { problem: { message: `cannot read the file: ${describeFsError(e)}` } };
  }
  // A file that grew after the check, or a device or pipe (whose size says nothing), is held to
  // the same bound: no more than the limit is ever read.
  if (buf.length > maxBytes)
    return { problem: { message: `the file is over ${describeBytes(maxBytes)}; ${limit}` } };
  return decodeText(buf);
}

/** Reads at most `max` bytes of a file (a regular file, a device or a pipe). */
function readAtMost(file: string, max: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    while (total < max) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, max - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** Decodes UTF-8 text, refusing binary data at its first offending character. */
export function decodeText(buf: Uint8Array): { text: string } | { problem: TextProblem } {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(buf);
  } catch {
    const lossy = new TextDecoder("utf-8").decode(buf);
    const position = positionAt(lossy, Math.max(0, lossy.indexOf("\uFFFD")));
    return { problem: { message: "not UTF-8 text (a binary file?)", position } };
  }
  const nul = text.indexOf("\u0000");
  if (nul >= 0)
    return {
      problem: {
        message: "a NUL character: not a text file (a binary file?)",
        position: positionAt(text, nul),
      },
    };
  return { text };
}

function nodeStart(node: unknown): number | undefined {
  return (node as { range?: [number, number, number] } | null | undefined)?.range?.[0];
}

export function positionIn(doc: Document, counter: LineCounter, path: YamlPath): Position {
  for (let n = path.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
    const start = nodeStart(node);
    if (start !== undefined) return counter.linePos(start);
  }
  return { line: 1, col: 1 };
}

/** Where the key `key` of the mapping at `path` is written (for "unknown key" errors). */
export function keyPositionIn(
  doc: Document,
  counter: LineCounter,
  path: YamlPath,
  key: string,
): Position | null {
  const parent = path.length === 0 ? doc.contents : doc.getIn(path, true);
  if (!isMap(parent)) return null;
  for (const pair of parent.items) {
    const k = pair.key;
    if (isScalar(k) && String(k.value) === key) {
      const start = nodeStart(k);
      if (start !== undefined) return counter.linePos(start);
    }
  }
  return null;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || "(top)";
}

/** The lexer's markers that stand for no character of the source. */
const CONTROL_TOKENS = new Set(["\u0002", "\u0018", "\u001f"]);

/**
 * One pass of the YAML lexer, before the parser builds anything: refuses a file of too many tokens
 * or nested too deep. Flow nesting ([ and {) is exact; block nesting is estimated from the columns
 * of "-", "?" and the keys (the exact depth is checked again on the document).
 */
export function preScan(file: string, text: string): void {
  const fail = (offset: number, detail: string): never => {
    throw new ScenarioError(file, positionAt(text, offset), detail);
  };
  const max = SCENARIO_LIMITS.depth;
  const tooDeep = `nested deeper than ${max} levels of mappings and sequences; scenario files are limited to ${max}`;
  let offset = 0;
  let tokens = 0;
  let flow = 0;
  let lineStart = 0;
  let pending: number | null = null; // the column where the current line's node began
  const blocks: number[] = []; // the columns of the open block collections
  const enter = (col: number, at: number): void => {
    while (blocks.length > 0 && blocks[blocks.length - 1]! > col) blocks.pop();
    if (blocks[blocks.length - 1] !== col) blocks.push(col);
    if (blocks.length + flow > max) fail(at, tooDeep);
  };
  for (const token of new Lexer().lex(text)) {
    if (CONTROL_TOKENS.has(token)) {
      if (token === "\u0002") {
        blocks.length = 0;
        flow = 0;
      }
      continue;
    }
    const at = offset;
    offset += token.length;
    if (++tokens > SCENARIO_LIMITS.tokens)
      fail(
        at,
        `more than ${SCENARIO_LIMITS.tokens} YAML tokens (keys, values and punctuation); scenario files are limited to ${SCENARIO_LIMITS.tokens}`,
      );
    const col = at - lineStart;
    const nl = token.lastIndexOf("\n");
    if (nl >= 0) {
      lineStart = at + nl + 1;
      pending = null;
      if (token.trim() === "") continue;
    }
    const c = token[0];
    if (c === " " || c === "\t" || c === "#" || c === "," || c === "\r") continue;
    if (token === "---" || token === "...") {
      blocks.length = 0;
      flow = 0;
      pending = null;
      continue;
    }
    if (c === "[" || c === "{") {
      if (pending === null) pending = col;
      flow++;
      if (blocks.length + flow > max) fail(at, tooDeep);
    } else if (c === "]" || c === "}") {
      flow = Math.max(0, flow - 1);
    } else if (flow === 0 && (token === "-" || token === "?")) {
      enter(col, at);
      pending = null;
    } else if (flow === 0 && token === ":") {
      enter(pending ?? col, at);
      pending = null;
    } else if (pending === null) {
      pending = col;
    }
  }
}

/**
 * Walks the parsed document (iteratively, in document order): the exact nesting depth, keys that
 * are plain and unique, and the aliases — known, not cyclic, and not expanding past the bounds.
 */
export function inspect(file: string, doc: Document, counter: LineCounter): void {
  const fail = (node: unknown, detail: string): never => {
    const start = nodeStart(node);
    throw new ScenarioError(file, start === undefined ? { line: 1, col: 1 } : counter.linePos(start), detail);
  };
  const max = SCENARIO_LIMITS.depth;
  const anchors = new Map<string, Node>();
  const sizes = new Map<unknown, number>();
  const inProgress = new Set<unknown>();
  let aliasCount = 0;
  let expanded = 0;
  // The number of nodes a node stands for, aliases expanded. Recursion is bounded: the depth of
  // the document is checked before (anchors come before their aliases) and aliases are few.
  const sizeOf = (node: unknown, alias: Alias): number => {
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      return target ? sizeOf(target, alias) : 1;
    }
    const known = sizes.get(node);
    if (known !== undefined) return known;
    if (inProgress.has(node)) fail(alias, `the alias *${alias.source} is inside the node it names (a cycle)`);
    inProgress.add(node);
    let n = 1;
    if (isMap(node)) for (const p of node.items) n += sizeOf(p.key, alias) + sizeOf(p.value, alias);
    else if (isSeq(node)) for (const item of node.items) n += sizeOf(item, alias);
    inProgress.delete(node);
    sizes.set(node, n);
    return n;
  };
  const stack: { node: unknown; depth: number }[] = [{ node: doc.contents, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (node === null || node === undefined) continue;
    if (isAlias(node)) {
      if (++aliasCount > SCENARIO_LIMITS.aliases)
        fail(
          node,
          `more than ${SCENARIO_LIMITS.aliases} aliases; scenario files are limited to ${SCENARIO_LIMITS.aliases}`,
        );
      const target = anchors.get(node.source);
      // Not named: the file may be no scenario at all, and an error never quotes such a file.
      if (!target) fail(node, "an alias (*name) with no anchor (&name) of its name before it");
      expanded += sizeOf(target, node);
      if (expanded > SCENARIO_LIMITS.aliasNodes)
        fail(
          node,
          `the aliases expand to more than ${SCENARIO_LIMITS.aliasNodes} nodes (an alias bomb?); scenario files are limited to ${SCENARIO_LIMITS.aliasNodes}`,
        );
      continue;
    }
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor) anchors.set(anchor, node as Node);
    if (isMap(node) || isSeq(node)) {
      if (depth + 1 > max)
        fail(
          node,
          `nested deeper than ${max} levels of mappings and sequences; scenario files are limited to ${max}`,
        );
      const children: unknown[] = [];
      if (isMap(node)) {
        const seen = new Map<string, unknown>();
        for (const pair of node.items) {
          const key = pair.key;
          if (key !== null && key !== undefined && !isScalar(key))
            fail(key, "a mapping key must be a plain value, not a mapping, sequence or alias");
          const name = isScalar(key) ? String(key.value) : "";
          const first = seen.get(name);
          if (first !== undefined) {
            const { line, col } = counter.linePos(nodeStart(first) ?? 0);
            fail(key ?? pair.value, `duplicate key "${name}" (first at ${line}:${col})`);
          }
          seen.set(name, key ?? pair.value);
          children.push(key, pair.value);
        }
      } else {
        for (const item of node.items) children.push(isPair(item) ? item.value : item);
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], depth: depth + 1 });
    }
  }
}

/**
 * Whether a mapping with these keys is meant as a file of the kind whose keys are `known`: one of
 * its keys is known, or close to one (a typo, answered with "did you mean"). Else it is some other
 * file, and its errors say so without quoting its keys or values.
 */
export function meantAs(keys: readonly string[], known: Iterable<string>): boolean {
  const names = [...known];
  return keys.some((k) => names.includes(k) || didYouMean(k, names) !== undefined);
}

/**
 * What a document that is not a mapping holds, by its kind only: such a file is not a scenario or
 * a card set (a key file, a .env …), and an error never quotes a file that is not one.
 */
export function describeDocument(v: unknown): string {
  if (Array.isArray(v)) return "a sequence";
  if (typeof v === "string") return "a text";
  if (typeof v === "number") return "a number";
  if (typeof v === "boolean") return "true or false";
  return "null";
}

/**
 * The YAML parser's message for a problem, as one line that quotes nothing of the file but a few
 * characters: a tag, or what follows a block scalar header, could be anything (a secret on the
 * first line of a file that is not YAML at all), so those are said without it.
 */
export function yamlProblemText(problem: { code: string; message: string }): string {
  if (problem.code === "TAG_RESOLVE_FAILED") return "an unknown tag (a value written after !)";
  if (problem.code === "BAD_COLLECTION_TYPE") return "a tag that does not fit its collection";
  const first = problem.message.split("\n")[0]!;
  const header = "Block scalar header includes extra characters";
  return first.startsWith(header) ? header : first;
}

export function parseScenario(file: string, text: string): LoadedScenario {
  if (text.length > SCENARIO_LIMITS.bytes)
    throw new ScenarioError(
      file,
      { line: 1, col: 1 },
      `the text is over ${describeBytes(SCENARIO_LIMITS.bytes)}; scenario files are limited to ${describeBytes(SCENARIO_LIMITS.bytes)}`,
    );
  const nul = text.indexOf("\u0000");
  if (nul >= 0)
    throw new ScenarioError(file, positionAt(text, nul), "a NUL character: not a text file (a binary file?)");
  preScan(file, text);
  const counter = new LineCounter();
  // Duplicate keys are found by inspect() in linear time (the parser's own check is quadratic).
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: false });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const pos = problem.linePos?.[0] ?? counter.linePos(problem.pos[0]);
    const message =
      problem.code === "MULTIPLE_DOCS"
        ? "a scenario file is one YAML document; a second one starts here"
        : yamlProblemText(problem);
    throw new ScenarioError(file, pos, `YAML syntax: ${message}`);
  }
  inspect(file, doc, counter);
  const at = (path: YamlPath): Position => positionIn(doc, counter, path);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: SCENARIO_LIMITS.aliases });
  } catch (e) {
    let first: unknown;
    const stack: unknown[] = [doc.contents];
    while (stack.length > 0 && first === undefined) {
      const n = stack.pop();
      if (isAlias(n)) first = n;
      else if (isMap(n)) for (const p of [...n.items].reverse()) stack.push(p.value, p.key);
      else if (isSeq(n)) for (const item of [...n.items].reverse()) stack.push(item);
    }
    const start = nodeStart(first);
    throw new ScenarioError(
      file,
      start === undefined ? { line: 1, col: 1 } : counter.linePos(start),
      `YAML: ${(e as Error).message}`,
    );
  }
  if (data === null || data === undefined)
    throw new ScenarioError(
      file,
      { line: 1, col: 1 },
      "the file has no YAML content; expected a mapping with name, preset, setup, script and expect",
    );
  if (typeof data !== "object" || Array.isArray(data))
    throw new ScenarioError(
      file,
      at([]),
      `expected a mapping with name, preset, setup, script and expect, not ${describeDocument(data)}`,
    );
  // A mapping none of whose keys a scenario has is some other file (a config, a key file named
  // by mistake): said without quoting its keys or values.
  if (!meantAs(Object.keys(data), SCENARIO_KEYS))
    throw new ScenarioError(
      file,
      at([]),
      "not a scenario: none of its keys is a scenario's; expected a mapping with name, preset, setup, script and expect",
    );
  const parsed = validateScenario(data);
  if (!parsed.ok) {
    // The issue written first in the file; at one place, an unknown key before a missing one
    // (a misspelled key is both, and its name is the useful part).
    const located = parsed.issues.map((issue) => {
      const { path, unknownKey } = issue;
      const pos = (unknownKey !== undefined && keyPositionIn(doc, counter, path, unknownKey)) || at(path);
      return { issue, pos, rank: unknownKey !== undefined ? 0 : 1 };
    });
    located.sort((a, b) => a.pos.line - b.pos.line || a.pos.col - b.pos.col || a.rank - b.rank);
    const { issue, pos } = located[0]!;
    const more = located.length > 1 ? ` (and ${located.length - 1} more)` : "";
    throw new ScenarioError(file, pos, `${formatPath(issue.path)}: ${issue.message}${more}`);
  }
  return { file, scenario: parsed.scenario, at };
}

export function loadScenarioFile(file: string): LoadedScenario {
  const read = readTextFile(file, SCENARIO_LIMITS.bytes, "scenario file");
  // Without the text (unreadable, too big) there is no line to name: the position is the start.
  if ("problem" in read)
    throw new ScenarioError(file, read.problem.position ?? { line: 1, col: 1 }, read.problem.message);
  return parseScenario(file, read.text);
}
