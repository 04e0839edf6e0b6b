/**
 * The event types the source emits, found by reading it: the `type` of every object literal passed
 * to `emit(...)` / `game.emit(...)` or declared as a `GameEvent` / `LogEntry`, and every `event:`
 * given to a move. docs/events.md must list each (tests/events.test.ts); types built at run time
 * from a variable are caught by the seeded games that test also plays.
 */
import { readFileSync } from "node:fs";
import { globSync } from "tinyglobby";

/** The text of the balanced `{ … }` starting at `open`. */
function objectAt(src: string, open: number): string {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === "{") depth++;
    else if (src[i] === "}" && --depth === 0) return src.slice(open, i + 1);
  }
  return src.slice(open);
}

/** String literals of the object's own `type:` field (depth 1 only), e.g. `type: tapped ? "tap" : "untap"`. */
function ownTypes(obj: string): string[] {
  let depth = 0;
  const out: string[] = [];
  for (let i = 0; i < obj.length; i++) {
    const c = obj[i];
    if (c === "{" || c === "(" || c === "[") depth++;
    else if (c === "}" || c === ")" || c === "]") depth--;
    else if (depth === 1 && obj.startsWith("type:", i) && !/\w/.test(obj[i - 1] ?? "")) {
      const expr = /^type:\s*([^,\n}]*)/.exec(obj.slice(i))![1]!;
      const values = expr.includes("?") ? expr.slice(expr.indexOf("?")) : expr; // not the condition's literals
      for (const m of values.matchAll(/"(\w+)"/g)) out.push(m[1]!);
    }
  }
  return out;
}

/** Event types emitted by the files matching `patterns`, with the files that emit each. */
export function emittedTypes(patterns: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (type: string, file: string) => {
    const files = found.get(type) ?? [];
    if (!files.includes(file)) files.push(file);
    found.set(type, files);
  };
  for (const file of globSync(patterns).sort()) {
    const src = readFileSync(file, "utf8");
    for (const m of src.matchAll(/\bemit\(|:\s*(?:GameEvent|LogEntry)\s*=\s*\{/g)) {
      const open = src.indexOf("{", m.index!);
      const close = src.indexOf(")", m.index!);
      if (open < 0 || (m[0].startsWith("emit") && close >= 0 && close < open)) continue;
      for (const t of ownTypes(objectAt(src, open))) add(t, file);
    }
    for (const m of src.matchAll(/\bevent:\s*"(\w+)"/g)) add(m[1]!, file);
    for (const m of src.matchAll(/emitNodeEvent\(game,\s*"(\w+)"/g)) add(m[1]!, file);
  }
  return found;
}
