/**
 * State checks: conditions the rules check whenever the game could have changed, declared by a
 * preset and run by the kernel (DESIGN: state checks). A Duel Masters player whose deck is empty
 * loses at once, even in the middle of a spell; a Yu-Gi-Oh! Equip Card whose monster left is
 * destroyed; Magic's state-based actions are performed whenever a player would receive priority
 * (CR 704.3). No preset checks them by hand at chosen points.
 */
import { EngineError } from "./errors.js";
import type { Game } from "./game.js";

/** One state check of a preset. */
export interface StateCheck {
  /** A name for messages and docs ("deckOut"). */
  id: string;
  /** The rule it implements ("DM 104.2", "CR 704.5a"). */
  rule: string;
  /**
   * When the kernel runs it: "always" (default) after every step of the engine's work that changed
   * the game — every op, every task —; or only before one of these kinds of decision is asked
   * (CR 704.3: "whenever a player would receive priority") and when the preset asks (`game.checkState()`).
   */
  when?: "always" | { beforeDecision: readonly string[] };
  /**
   * Looks and acts: performs what the rule says for everything it finds, all at once (CR 704.3:
   * simultaneously), and returns whether it changed the game. The kernel then runs every check
   * again, from the first, until none acts.
   */
  run(game: Game): boolean;
  /**
   * Event types that can't make this check act (Magic's state-based actions read no mana pool: a
   * "mana" event can't make a creature die). After events of these types only, the kernel doesn't
   * run the checks again; an event of any other type — and any event of a preset that says
   * nothing — counts as a change.
   */
  ignores?: readonly string[];
}

const runCheck = (game: Game, check: StateCheck): boolean => check.run(game);

/** Rounds of checks allowed before the kernel reports checks that keep acting (a loop). */
const MAX_ROUNDS = 1000;

/**
 * Runs `checks` in their order; when one acts, starts again from the first (the rules' order is
 * the declaration order); stops when none acts or the game is over. Returns whether any acted.
 */
export function runStateChecks(game: Game, checks: readonly StateCheck[]): boolean {
  let any = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (game.state.result) return any;
    let acted = false;
    for (const check of checks) {
      if (game.simultaneouslyWith(runCheck, check)) {
        acted = true;
        any = true;
        break;
      }
      if (game.state.result) return true;
    }
    if (!acted) return any;
  }
  throw new EngineError(
    `state checks still act after ${MAX_ROUNDS} rounds at ${game.where()}: a loop in ${checks.map((c) => c.id).join(", ")}`,
  );
}

/** The checks split by when they run (Rules compiles this once per preset). */
export interface CompiledStateChecks {
  always: StateCheck[];
  /** Every check (always ones first, in declaration order), by the decision kind it precedes. */
  beforeDecision: Map<string, StateCheck[]>;
  all: StateCheck[];
  /** Event types every check ignores: they leave the checks' last verdict standing. */
  quiet: ReadonlySet<string>;
}

export function compileStateChecks(checks: readonly StateCheck[] | undefined): CompiledStateChecks {
  const list = checks ?? [];
  const ids = new Set<string>();
  for (const c of list) {
    if (ids.has(c.id)) throw new EngineError(`state check "${c.id}" is declared twice`);
    ids.add(c.id);
    if (
      c.ignores !== undefined &&
      (!Array.isArray(c.ignores) || c.ignores.some((t) => typeof t !== "string" || t === ""))
    )
      throw new EngineError(
        `state check "${c.id}": ignores must be a list of event types (strings), not ${JSON.stringify(c.ignores)}`,
      );
  }
  const always = list.filter((c) => c.when === undefined || c.when === "always");
  const beforeDecision = new Map<string, StateCheck[]>();
  for (const c of list) {
    if (c.when === undefined || c.when === "always") continue;
    for (const kind of c.when.beforeDecision) {
      if (!beforeDecision.has(kind))
        beforeDecision.set(
          kind,
          list.filter(
            (x) =>
              x.when === undefined ||
              x.when === "always" ||
              (typeof x.when === "object" && x.when.beforeDecision.includes(kind)),
          ),
        );
    }
  }
  const quiet = new Set(list.length > 0 ? (list[0]!.ignores ?? []) : []);
  for (const c of list) for (const t of quiet) if (!c.ignores?.includes(t)) quiet.delete(t);
  return { always, beforeDecision, all: [...list], quiet };
}
