/**
 * Agent specs: an agent named as plain text, so a command line can ask for one and a worker thread
 * can be sent one (functions can't cross to a worker; a string can).
 *
 *   random                      the random legal agent
 *   ismcts                      the ISMCTS agent with its defaults (200 iterations)
 *   ismcts:100                  … with 100 iterations per decision
 *   ismcts:100:c=1:rollout=50   … and options: c (exploration), rollout (rolloutLimit),
 *                               iterations, ms (a wall-clock budget: not deterministic)
 */
import { didYouMeanText } from "../core/did-you-mean.js";
import { type IsmctsOptions, ismctsAgent } from "./ismcts.js";
import { type Agent, randomAgent } from "./random.js";

export const AGENT_KINDS = ["random", "ismcts"] as const;

export type AgentSpec =
  | { kind: "random" }
  | { kind: "ismcts"; options: Omit<IsmctsOptions, "seed" | "evaluate"> };

/** A spec that can't be read: the message says what is wrong and what is accepted. */
export class AgentSpecError extends Error {
  override name = "AgentSpecError";
}

const ISMCTS_KEYS: Record<string, keyof Omit<IsmctsOptions, "seed" | "evaluate">> = {
  iterations: "iterations",
  c: "exploration",
  exploration: "exploration",
  rollout: "rolloutLimit",
  rolloutLimit: "rolloutLimit",
  ms: "timeMs",
};

const HELP =
  'agent specs: "random", "ismcts", "ismcts:<iterations>", "ismcts:<iterations>:c=<n>:rollout=<n>"';

/** Reads one spec; throws AgentSpecError naming the problem. */
export function parseAgentSpec(text: string): AgentSpec {
  const t = text.trim();
  const [name, ...rest] = t.split(":");
  if (name === "random") {
    if (rest.length > 0) throw new AgentSpecError(`"${text}": the random agent takes no options (${HELP})`);
    return { kind: "random" };
  }
  if (name !== "ismcts")
    throw new AgentSpecError(
      `"${text}" is not an agent${didYouMeanText(name ?? "", AGENT_KINDS)}; the agents are ${AGENT_KINDS.join(", ")} (${HELP})`,
    );
  const options: Omit<IsmctsOptions, "seed" | "evaluate"> = {};
  for (const [i, part] of rest.entries()) {
    const eq = part.indexOf("=");
    const key = eq < 0 && i === 0 ? "iterations" : part.slice(0, eq);
    const raw = eq < 0 ? part : part.slice(eq + 1);
    // Own keys only: "constructor" or "toString" is no option.
    const field = Object.hasOwn(ISMCTS_KEYS, key) ? ISMCTS_KEYS[key] : undefined;
    if (eq < 0 && i > 0) throw new AgentSpecError(`"${text}": "${part}" is not key=value (${HELP})`);
    if (!field)
      throw new AgentSpecError(
        `"${text}": unknown ismcts option "${key}"${didYouMeanText(key, Object.keys(ISMCTS_KEYS))}; the options are ${Object.keys(ISMCTS_KEYS).join(", ")}`,
      );
    const value = Number(raw);
    const integer = field !== "exploration" && field !== "timeMs";
    const ok =
      raw.trim() !== "" &&
      Number.isFinite(value) &&
      (integer ? Number.isInteger(value) && value >= 1 : field === "timeMs" ? value > 0 : value >= 0);
    if (!ok)
      throw new AgentSpecError(
        `"${text}": ${key} must be ${integer ? "a positive integer" : field === "timeMs" ? "a positive number" : "a non-negative number"}, not "${raw}"`,
      );
    if (value > 1e9) throw new AgentSpecError(`"${text}": ${key} ${raw} is too large (at most 1e9)`);
    options[field] = value;
  }
  return { kind: "ismcts", options };
}

/** A comma-separated list of specs, one per seat in seat order ("random,ismcts:100"). */
export function parseAgentSpecs(list: string): AgentSpec[] {
  const parts = list.split(",");
  if (parts.some((p) => p.trim() === ""))
    throw new AgentSpecError(
      `"${list}": an empty agent in the list (give one spec per seat, comma-separated)`,
    );
  return parts.map(parseAgentSpec);
}

/** The spec as canonical text (what a result records). */
export function formatAgentSpec(spec: AgentSpec): string {
  if (spec.kind === "random") return "random";
  const o = spec.options;
  const parts = ["ismcts"];
  if (o.iterations !== undefined) parts.push(String(o.iterations));
  if (o.exploration !== undefined) parts.push(`c=${o.exploration}`);
  if (o.rolloutLimit !== undefined) parts.push(`rollout=${o.rolloutLimit}`);
  if (o.timeMs !== undefined) parts.push(`ms=${o.timeMs}`);
  return parts.join(":");
}

/** The agent a spec names, with its seed (the random agent's seed as `randomAgent` takes it). */
export function agentOf(spec: AgentSpec | string, seed: number): Agent {
  const s = typeof spec === "string" ? parseAgentSpec(spec) : spec;
  if (s.kind === "random") return randomAgent(seed);
  return ismctsAgent({ ...s.options, seed });
}
