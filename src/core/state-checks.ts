/**
 * State checks: conditions the rules check whenever the game could have changed, declared by a
 * preset and run by the kernel (DESIGN: state checks). A Duel Masters player whose deck is empty
 * loses at once, even in the middle of a spell; a Yu-Gi-Oh! Equip Card whose monster left is
 * destroyed; Magic's state-based actions are performed whenever a player would receive priority
 * (CR 704.3). No preset checks them by hand at chosen points.
 */

import type { Game } from "./contract/game.js";
import type { CompiledStateChecks, StateCheck } from "./contract/hooks.js";
import { EngineError } from "./errors.js";
import type { CardDef } from "./vocabulary/schema.js";

export type { CompiledStateChecks, StateCheck } from "./contract/hooks.js";

const runCheck = (game: Game, check: StateCheck): boolean => check.run(game);

/** Rounds of checks allowed before the kernel reports checks that keep acting (a loop). */
const MAX_ROUNDS = 1000;

/**
 * Runs `checks` in their order; when one acts, starts again from the first (the rules' order is
 * the declaration order); stops when none acts or the game is over. Returns whether any acted.
 * A check that found nothing and has seen only events it ignores since is not run again: it
 * would find nothing again (StateCheck.ignores).
 */
export function runStateChecks(game: Game, checks: readonly StateCheck[]): boolean {
  let any = false;
  const perCheck = game.rules.stateChecks.perCheck;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (game.state.result) return any;
    let acted = false;
    for (const check of checks) {
      if (perCheck && game.foundNothing(check)) continue;
      const did = game.simultaneouslyWith(runCheck, check);
      if (perCheck) game.noteVerdict(check, did);
      if (did) {
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

export function compileStateChecks(
  checks: readonly StateCheck[] | undefined,
  cards: readonly CardDef[],
): CompiledStateChecks {
  const list = checks ?? [];
  const ids = new Set<string>();
  const ignored = new Map<StateCheck, readonly string[]>();
  for (const c of list) {
    if (ids.has(c.id)) throw new EngineError(`state check "${c.id}" is declared twice`);
    ids.add(c.id);
    const types = typeof c.ignores === "function" ? c.ignores(cards) : c.ignores;
    if (
      types !== undefined &&
      (!Array.isArray(types) || types.some((t) => typeof t !== "string" || t === ""))
    )
      throw new EngineError(
        `state check "${c.id}": ignores must be a list of event types (strings)${typeof c.ignores === "function" ? " or a function returning one" : ""}, not ${JSON.stringify(types)}`,
      );
    ignored.set(c, types ?? []);
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
  const quiet = new Set(list.length > 0 ? ignored.get(list[0]!)! : []);
  for (const c of list) for (const t of quiet) if (!ignored.get(c)!.includes(t)) quiet.delete(t);
  const ignoredBy = new Map<string, number[]>();
  list.forEach((c, i) => {
    for (const t of new Set(ignored.get(c)!)) ignoredBy.set(t, [...(ignoredBy.get(t) ?? []), i]);
  });
  const indexOf = new Map(list.map((c, i) => [c, i]));
  const perCheck = [...ignoredBy.values()].some((checks) => checks.length < list.length);
  return { always, beforeDecision, all: [...list], quiet, ignoredBy, indexOf, perCheck };
}
