/**
 * Where the kernel finds its definition checks (DESIGN: bad input gets a clear error): the cards'
 * vocabulary, their names against this game (events, zones, conditions, windows, nodes), ops'
 * arguments, with "did you mean". Every entry point of the package installs them (`checks.ts`)
 * except `turnkit/core`, the kernel alone for a production bundle whose definitions were checked
 * in development: there, definitions are taken as they are (about 7 KB gzipped less).
 */
import type { DefinitionContext, DefinitionProblem } from "./definition-checks.js";
import type { OpArgsContext, OpProblem } from "./op-args.js";
import type { Preset } from "./preset.js";
import type { CardDef } from "./vocabulary/schema.js";

export interface DefinitionChecks {
  /** A card checked against the vocabulary, its defaults filled in (a copy), or a DefinitionError. */
  parseCard(card: unknown, where: string, preset: Preset): CardDef;
  /** A card's names checked against this game. */
  cardProblems(card: CardDef, ctx: DefinitionContext): DefinitionProblem[];
  /** An op list's ops and arguments checked; `onCondition` hears each well-formed condition. */
  opProblems(ops: unknown, path: string, ctx: OpArgsContext, onCondition: (c: unknown) => void): OpProblem[];
  /** "; did you mean …?" for a name among known ones, or "". */
  hint(name: string, known: Iterable<string>): string;
}

let installed: DefinitionChecks | null = null;

/** Installs the checks every game created from now on compiles its definitions with (null: none). */
export function installDefinitionChecks(checks: DefinitionChecks | null): void {
  installed = checks;
}

/** The installed checks, or null (`turnkit/core` alone). */
export function definitionChecks(): DefinitionChecks | null {
  return installed;
}
