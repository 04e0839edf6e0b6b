/**
 * The vocabulary check passes over the branches of a union that a value can't fit (its type, a
 * required field, an unknown field) without checking them in full: the same defaults, the same
 * problems, word for word, as checking every branch — on values made from the vocabulary itself,
 * near-valid and broken.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SchemaNode, VocabularyDef } from "../../src/core/vocabulary/spec.js";
import { runtimeSpec } from "../../src/core/vocabulary/spec.runtime.js";
import { validateVocabulary } from "../../src/core/vocabulary/validate.js";

const defs = runtimeSpec.$defs as Record<string, SchemaNode>;
const resolve = (n: SchemaNode): SchemaNode => (n.$ref ? resolve(defs[n.$ref.slice(8)]!) : n);
const anyJson = fc.jsonValue({ maxDepth: 2 });

/** Values shaped by `node`: mostly following it, sometimes off (a wrong type, a stray or missing field). */
function shaped(node: SchemaNode, depth: number): fc.Arbitrary<unknown> {
  const n = resolve(node);
  if (depth > 4) return anyJson;
  const off = fc.oneof(anyJson, fc.constant(undefined), fc.string({ maxLength: 3 }));
  const on = ((): fc.Arbitrary<unknown> => {
    if (n.anyOf) return fc.oneof(...n.anyOf.map((b) => shaped(b, depth + 1)));
    if (n.const !== undefined) return fc.constant(n.const);
    if (n.enum) return fc.constantFrom(...n.enum);
    switch (n.type) {
      case "string":
        return fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom("turn", "hand", "self", "creature"));
      case "number":
      case "integer":
        return fc.integer({ min: -2, max: 5 });
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return fc.array(n.items ? shaped(n.items, depth + 1) : anyJson, { maxLength: 3 });
      case "object": {
        const props = Object.entries(n.properties ?? {});
        if (props.length === 0) return fc.dictionary(fc.string({ maxLength: 3 }), anyJson, { maxKeys: 2 });
        // The required fields (now and then one left out), and a few others.
        const required = props.filter(([k]) => n.required?.includes(k));
        const optional = props.filter(([k]) => !n.required?.includes(k));
        return fc
          .tuple(
            fc.subarray(required, { minLength: Math.max(0, required.length - 1) }),
            fc.subarray(optional, { maxLength: Math.min(3, optional.length) }),
            fc.option(fc.constantFrom("extra", "tpye", "on", "if"), { nil: undefined, freq: 4 }),
          )
          .map(([req, opt, stray]) => [[...req, ...opt], stray] as const)
          .chain(([chosen, stray]) =>
            fc.tuple(...chosen.map(([, sub]) => shaped(sub, depth + 1)), anyJson).map(([...values]) => {
              const out: Record<string, unknown> = {};
              chosen.forEach(([k], i) => {
                out[k] = values[i];
              });
              if (stray !== undefined) out[stray] = values[chosen.length];
              return out;
            }),
          );
      }
      default:
        return anyJson;
    }
  })();
  return fc.oneof({ weight: depth === 0 ? 4 : 15, arbitrary: on }, { weight: 1, arbitrary: off });
}

const UNIONS: VocabularyDef[] = [
  "AbilityDef",
  "Condition",
  "Selector",
  "LimitSpec",
  "EventPattern",
  "Matcher",
];

describe("a union's branches a value can't fit", () => {
  for (const def of UNIONS)
    it(`${def}: passed over, with the same result as checking every branch`, () => {
      fc.assert(
        fc.property(shaped({ $ref: `#/$defs/${def}` }, 0), (v) => {
          const quick = validateVocabulary(def, v, "x");
          const full = validateVocabulary(def, v, "x", { everyBranch: true });
          expect(quick).toEqual(full);
        }),
        { numRuns: 400 },
      );
    });

  it("those values are valid now and then, and broken more often", () => {
    for (const def of ["AbilityDef", "Condition", "Selector", "LimitSpec", "EventPattern"] as const) {
      const samples = fc.sample(shaped({ $ref: `#/$defs/${def}` }, 0), { numRuns: 400, seed: 7 });
      const valid = samples.filter((v) => validateVocabulary(def, v).problems.length === 0).length;
      expect(valid, def).toBeGreaterThanOrEqual(3);
      expect(valid, def).toBeLessThan(200);
    }
  });
});
