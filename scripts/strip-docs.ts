/**
 * An esbuild plugin for the package build (tsup.config.ts): drops the `doc` texts of op handlers
 * and of their arguments (`doc: "…"` in `*ops.ts` files). They feed docs/reference/ops.md and the
 * generated op types (scripts/gen-ops.ts reads the sources) and nothing at run time reads them, so
 * the built package — and every browser bundle of the kernel — leaves them out. The TypeScript
 * compiler finds them (a property named `doc` whose value is a string, a template or a sum of
 * strings), not a pattern over the text.
 */
import { readFile } from "node:fs/promises";
import type { Plugin } from "esbuild";
import ts from "typescript";

function isText(e: ts.Expression): boolean {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e))
    return true;
  if (ts.isParenthesizedExpression(e)) return isText(e.expression);
  return (
    ts.isBinaryExpression(e) &&
    e.operatorToken.kind === ts.SyntaxKind.PlusToken &&
    isText(e.left) &&
    isText(e.right)
  );
}

/** The source without its `doc` text properties (ranges cut from the text: the rest is untouched). */
export function stripDocs(source: string, fileName = "ops.ts"): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts: [number, number][] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === "doc" &&
      isText(node.initializer)
    ) {
      // The property and the comma after it.
      let end = node.getEnd();
      const rest = source.slice(end);
      const comma = /^\s*,/.exec(rest);
      if (comma) end += comma[0].length;
      cuts.push([node.getStart(file), end]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const [a, b] of cuts.reverse()) out = out.slice(0, a) + out.slice(b);
  return out;
}

export const stripDocsPlugin: Plugin = {
  name: "turnkit-strip-op-docs",
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*ops\.ts$/ }, async (args) => ({
      contents: stripDocs(await readFile(args.path, "utf8"), args.path),
      loader: "ts",
    }));
  },
};
