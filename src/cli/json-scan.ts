/**
 * A JSON scanner that builds nothing: it checks the syntax (saying what was expected, at which
 * character), bounds the nesting depth before JSON.parse and a schema recurse into the value, and
 * finds where the value at a path is written, so schema errors can name a line and column too.
 */

export interface JsonProblem {
  /** Character offset of the problem (or of the value `onValue` stopped at). */
  offset: number;
  /** "syntax": not JSON; "depth": nested too deep; "found": `onValue` stopped here. */
  kind: "syntax" | "depth" | "found";
  message: string;
}

type Frame = { kind: "array"; index: number } | { kind: "object"; key: string };

export interface ScanOptions {
  /** Refuse arrays and objects nested deeper than this. */
  maxDepth: number;
  /** Called where each value starts, with its path; return true to stop there. */
  onValue?: (path: readonly (string | number)[], offset: number) => boolean;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function describeChar(text: string, i: number): string {
  if (i >= text.length) return "the end of the file";
  const c = text.codePointAt(i)!;
  if (c < 0x20 || c === 0x7f || c === 0xfffd)
    return `the character U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
  return `'${String.fromCodePoint(c)}'`;
}

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

type SyntaxProblem = Omit<JsonProblem, "kind">;

/**
 * Scans JSON text. Returns the first problem (syntax, depth), where `onValue` stopped, or null
 * when the text is valid and nothing stopped.
 */
export function scanJson(text: string, opts: ScanOptions): JsonProblem | null {
  const r = scan(text, opts);
  if (r === null || "kind" in r) return r;
  return { ...r, kind: "syntax" };
}

function scan(text: string, opts: ScanOptions): SyntaxProblem | JsonProblem | null {
  const stack: Frame[] = [];
  const len = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte order mark
  const ws = (): void => {
    while (i < len && isWs(text.charCodeAt(i))) i++;
  };
  const path = (): (string | number)[] => stack.map((f) => (f.kind === "array" ? f.index : f.key));
  /** Scans a string starting at i (a '"'); returns its end or a problem. */
  const string = (): SyntaxProblem | number => {
    const start = i;
    i++;
    for (;;) {
      if (i >= len) return { offset: start, message: "a string that is never closed (a missing '\"')" };
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return i;
      }
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            return { offset: i, message: "a \\u escape needs four hexadecimal digits" };
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else return { offset: i, message: `an invalid escape \\${e ?? ""} in a string` };
        continue;
      }
      if (c < 0x20)
        return {
          offset: i,
          message: `${describeChar(text, i)} inside a string (a line break or control character must be escaped)`,
        };
      i++;
    }
  };
  ws();
  let expectValue = true;
  for (;;) {
    if (expectValue) {
      ws();
      if (opts.onValue?.(path(), i)) return { offset: i, kind: "found", message: "" };
      const c = text[i];
      if (c === "{" || c === "[") {
        if (stack.length >= opts.maxDepth)
          return {
            offset: i,
            kind: "depth",
            message: `nested deeper than ${opts.maxDepth} levels of arrays and objects`,
          };
        i++;
        ws();
        if (c === "[") {
          if (text[i] === "]") {
            i++;
            expectValue = false;
          } else stack.push({ kind: "array", index: 0 });
          continue;
        }
        if (text[i] === "}") {
          i++;
          expectValue = false;
          continue;
        }
        const key = keyAt();
        if (typeof key !== "string") return key;
        stack.push({ kind: "object", key });
        continue;
      }
      if (c === '"') {
        const r = string();
        if (typeof r !== "number") return r;
      } else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(text)) return { offset: i, message: "a malformed number" };
        i = NUMBER.lastIndex;
      } else if (text.startsWith("true", i)) i += 4;
      else if (text.startsWith("false", i)) i += 5;
      else if (text.startsWith("null", i)) i += 4;
      else return { offset: i, message: `expected a value, found ${describeChar(text, i)}` };
      expectValue = false;
      continue;
    }
    // After a value: a separator, the end of its container, or the end of the text.
    ws();
    const top = stack[stack.length - 1];
    if (!top) {
      if (i < len) return { offset: i, message: `${describeChar(text, i)} after the end of the JSON value` };
      return null;
    }
    const c = text[i];
    if (top.kind === "array") {
      if (c === ",") {
        i++;
        top.index++;
        expectValue = true;
      } else if (c === "]") {
        i++;
        stack.pop();
      } else return { offset: i, message: `expected ',' or ']' in an array, found ${describeChar(text, i)}` };
      continue;
    }
    if (c === ",") {
      i++;
      ws();
      const key = keyAt();
      if (typeof key !== "string") return key;
      top.key = key;
    } else if (c === "}") {
      i++;
      stack.pop();
    } else return { offset: i, message: `expected ',' or '}' in an object, found ${describeChar(text, i)}` };
  }

  /** A property name and its ':' at i; leaves i at the value. */
  function keyAt(): string | SyntaxProblem {
    if (text[i] !== '"')
      return {
        offset: i,
        message: `expected a property name in double quotes, found ${describeChar(text, i)}`,
      };
    const start = i;
    const r = string();
    if (typeof r !== "number") return r;
    const key = JSON.parse(text.slice(start, r)) as string;
    ws();
    if (text[i] !== ":")
      return {
        offset: i,
        message: `expected ':' after a property name, found ${describeChar(text, i)}`,
      };
    i++;
    expectValue = true;
    return key;
  }
}

/** Where the value at `path` is written in valid JSON text, or null. */
export function jsonPathOffset(
  text: string,
  path: readonly (string | number)[],
  maxDepth: number,
): number | null {
  const found = scanJson(text, {
    maxDepth,
    onValue: (p, _offset) => p.length === path.length && p.every((k, j) => k === path[j]),
  });
  return found?.kind === "found" ? found.offset : null;
}
