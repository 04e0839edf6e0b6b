/**
 * The conditions inside a list of ops, found through the ops' argument specs (nested op lists and
 * records included): their event counters are registered when the rules compile, checked or not
 * (op-args.ts finds the same ones while it checks; this walk is what `turnkit/core` keeps).
 */
import type { ArgSpec } from "./contract/data.js";
import type { OpHandler } from "./contract/hooks.js";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export function conditionsInOps(
  ops: unknown,
  handlers: ReadonlyMap<string, OpHandler>,
  onCondition: (condition: unknown) => void,
): void {
  if (!Array.isArray(ops)) return;
  for (const op of ops) {
    if (!isRecord(op) || typeof op.op !== "string") continue;
    const handler = handlers.get(op.op);
    if (!handler) continue;
    if (handler.args) fields(handler.args, op, handlers, onCondition);
    else
      for (const block of handler.blocks?.(op as never) ?? []) conditionsInOps(block, handlers, onCondition);
  }
}

function fields(
  specs: Record<string, ArgSpec>,
  value: Record<string, unknown>,
  handlers: ReadonlyMap<string, OpHandler>,
  onCondition: (condition: unknown) => void,
): void {
  for (const [arg, spec] of Object.entries(specs)) {
    const v = value[arg];
    if (v === undefined) continue;
    if (spec.type === "condition") onCondition(v);
    else if (spec.type === "ops") conditionsInOps(v, handlers, onCondition);
    else if (spec.type === "record" && isRecord(v)) fields(spec.fields ?? {}, v, handlers, onCondition);
    else if (spec.type === "records" && Array.isArray(v))
      for (const item of v) if (isRecord(item)) fields(spec.fields ?? {}, item, handlers, onCondition);
  }
}
