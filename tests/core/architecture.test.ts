/**
 * The kernel's layers (docs/architecture.md): every module of src/core is in the table, imports
 * (values and types alike) only from its own layer and those below, and closes no import circle
 * larger than the contract's pair of files and the generated vocabulary's three.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = "src/core";

/** Layer number of each module, read from the "The layers" table of docs/architecture.md. */
function layersFromDoc(): Map<string, number> {
  const doc = readFileSync("docs/architecture.md", "utf8");
  const table = doc.slice(doc.indexOf("## The layers"), doc.indexOf("## Where each concept lives"));
  const out = new Map<string, number>();
  for (const line of table.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const layer = Number(cells[1]);
    if (!line.startsWith("|") || !Number.isInteger(layer) || cells[1] === "") continue;
    for (const m of cells[3]!.matchAll(/`([^`]+\.ts)`/g)) out.set(m[1]!, layer);
  }
  return out;
}

function modules(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** Relative imports and re-exports of a module, values and types alike, as paths under src/core. */
function importsOf(file: string): string[] {
  const src = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of src.matchAll(/^(?:import|export)\s+(?:type\s+)?[^'"]*?from\s+["'](\.[^'"]+)["']/gms))
    out.push(relative(ROOT, normalize(join(dirname(file), m[1]!.replace(/\.js$/, ".ts")))));
  return out;
}

/** Strongly connected components of the import graph (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) out.push(c.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe("the kernel's layers (docs/architecture.md)", () => {
  const layers = layersFromDoc();
  const files = modules().map((f) => relative(ROOT, f));
  const graph = new Map(files.map((f) => [f, importsOf(join(ROOT, f))]));

  it("lists every module of src/core in one layer, and no module that isn't there", () => {
    expect(files.filter((f) => !layers.has(f))).toEqual([]);
    expect([...layers.keys()].filter((f) => !files.includes(f))).toEqual([]);
  });

  it("every import goes to the module's own layer or one below", () => {
    const upward: string[] = [];
    for (const [f, deps] of graph)
      for (const d of deps)
        if ((layers.get(d) ?? -1) > (layers.get(f) ?? -1))
          upward.push(`${f} (layer ${layers.get(f)}) imports ${d} (layer ${layers.get(d)})`);
    expect(upward).toEqual([]);
  });

  it("no import circle is larger than the contract's two files or the generated vocabulary's three", () => {
    const allowed = [
      ["contract/game.ts", "contract/hooks.ts"],
      ["vocabulary/ops.generated.ts", "vocabulary/types.generated.ts", "vocabulary/types.ts"],
    ].map((c) => c.join(" "));
    expect(circles(graph).filter((c) => !allowed.includes(c.join(" ")))).toEqual([]);
  });

  it("can fail: a module importing the facade would be caught", () => {
    const bad = new Map(graph);
    bad.set("events.ts", [...(graph.get("events.ts") ?? []), "game.ts"]);
    const upward = [...bad.get("events.ts")!].filter((d) => (layers.get(d) ?? -1) > layers.get("events.ts")!);
    expect(upward).toEqual(["game.ts"]);
    expect(circles(bad).some((c) => c.includes("events.ts") && c.includes("game.ts"))).toBe(true);
  });
});
