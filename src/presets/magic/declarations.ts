/**
 * Which attackers and blockers may be declared (CR 508.1a–d, 509.1a–c), with the reason when one
 * may not: the options of the declare attackers and declare blockers decisions are built from
 * these, and a choice that isn't among them is refused with the reason (`Preset.refusal`).
 *
 * Requirements ("attacks each combat if able", "blocks this turn if able") must be obeyed as far
 * as possible without breaking a restriction (CR 508.1d, 509.1c). Declaring is one choice at a
 * time, so: "done" is refused while the declaration obeys fewer requirements than it still could,
 * and a block is refused if it would lower that number (it takes the only creature able to block
 * beside a required blocker a creature with menace).
 */
import type { Game } from "../../core/game.js";
import type { Decision, GameObject, PlayerId } from "../../core/types.js";
import { attackIsFree, whyNotPayAttack } from "./attack-costs.js";
import { isPlaneswalker } from "./planeswalkers.js";
import { colours, protects } from "./protection.js";
import { requiredBy, restrictedBy } from "./restrictions.js";
import {
  creatures,
  hasKeyword,
  inGame,
  liveOpponents,
  nameOf,
  permanents,
  phasedOut,
  summoningSick,
} from "./state.js";

const ids = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);

const onBattlefield = (game: Game, o: GameObject | undefined): o is GameObject =>
  o !== undefined && game.state.zones[o.zone]!.kind === "battlefield" && !phasedOut(o);

/** The creatures attacking `p` now. */
export function attackersOf(game: Game, p: PlayerId): GameObject[] {
  return creatures(game, game.state.clock.turn.player).filter((o) => o.vars.attacking === p);
}

/** Blockers declared for `a` and still blocking it. */
function declaredBlockers(game: Game, a: GameObject): GameObject[] {
  return ids(a.vars.blockedBy)
    .map((id) => game.state.objects[id])
    .filter((b): b is GameObject => onBattlefield(game, b) && ids(b.vars.blocking).includes(a.id));
}

/** CR 508.1a, 508.1c, 702.3b, 302.6: why `o` can't be declared as an attacker; null if it can. */
export function whyNotAttack(game: Game, o: GameObject): string | null {
  const name = nameOf(game, o);
  if (typeof o.vars.attacking === "number") return `${name} is already attacking`;
  if (o.tapped) return `${name} is tapped (CR 508.1a)`;
  if (summoningSick(game, o))
    return `${name} hasn't been under your control continuously since your most recent turn began (CR 302.6)`;
  if (hasKeyword(game, o, "defender")) return `${name} has defender (CR 702.3b)`;
  const by = restrictedBy(game, o, "attack");
  if (by) return `${name} can't attack (${by}; CR 508.1c)`;
  return null;
}

/** The players the active player's creatures may attack now (CR 506.2: the chosen one, or every opponent). */
export function defenders(game: Game): PlayerId[] {
  const d = game.state.vars.defender;
  const ap = game.state.clock.turn.player;
  return typeof d === "number" && inGame(game, d) ? [d] : liveOpponents(game, ap);
}

/**
 * CR 508.1d: can the active player's creatures attack something without a cost? A requirement
 * that would make its controller pay a cost (Propaganda's {2}) is not one they must obey.
 */
function attacksForFree(game: Game): boolean {
  return defenders(game).some(
    (d) => attackIsFree(game, d) || permanents(game, d).some((w) => isPlaneswalker(game, w)),
  );
}

/** CR 508.1d: the required attackers not attacking though they could — "done" must wait for them. */
export function unmetAttackRequirements(game: Game): string[] {
  const out: string[] = [];
  for (const o of creatures(game, game.state.clock.turn.player)) {
    const by = requiredBy(game, o, "attack");
    if (by && whyNotAttack(game, o) === null && attacksForFree(game))
      out.push(`${nameOf(game, o)} attacks each combat if able (${by}; CR 508.1d)`);
  }
  return out;
}

/** CR 509.1a–b: why `b` can't be declared as a blocker at all now; null if it can block something. */
export function whyNotBlocker(game: Game, b: GameObject): string | null {
  const name = nameOf(game, b);
  if (b.tapped) return `${name} is tapped (CR 509.1a)`;
  const by = restrictedBy(game, b, "block");
  if (by) return `${name} can't block (${by}; CR 509.1b)`;
  if (ids(b.vars.blocking).length > 0 && !hasKeyword(game, b, "block any number"))
    return `${name} is already blocking (CR 509.1a)`;
  return null;
}

/** CR 702.9b, 702.16f: can `b` block `a` (its other restrictions aside)? Why not. */
export function whyNotBlock(game: Game, b: GameObject, a: GameObject): string | null {
  const why = whyNotBlocker(game, b);
  if (why) return why;
  const [bn, an] = [nameOf(game, b), nameOf(game, a)];
  if (hasKeyword(game, a, "flying") && !hasKeyword(game, b, "flying") && !hasKeyword(game, b, "reach"))
    return `${bn} can't block ${an}: it has flying (CR 702.9b)`;
  if (protects(game, a, colours(game, b))) return `${bn} can't block ${an}: protection (CR 702.16f)`;
  if (ids(b.vars.blocking).includes(a.id)) return `${bn} is already blocking ${an}`;
  return null;
}

/**
 * CR 702.111b: a creature with menace can't be blocked except by two or more creatures; while it
 * has no blocker, it is blocked only by two at once, so no declaration leaves it with one.
 */
export const needsTwo = (game: Game, a: GameObject): boolean =>
  hasKeyword(game, a, "menace") && declaredBlockers(game, a).length === 0;

/** A block being considered: these blockers on that attacker. */
export interface Block {
  blockers: GameObject[];
  attacker: GameObject;
}

/**
 * CR 509.1c: the number of blocking requirements of `p`'s creatures obeyed now (`now`), and the
 * most the declaration can still obey (`best`), after `extra` if given. Searched over the required
 * creatures' choices; the others serve as the second blocker a creature with menace needs.
 */
export function blockRequirements(game: Game, p: PlayerId, extra?: Block): { now: number; best: number } {
  const required = creatures(game, p).filter((o) => requiredBy(game, o, "block") !== null);
  if (required.length === 0) return { now: 0, best: 0 };
  const attackers = attackersOf(game, p);
  const extraIds = new Set(extra?.blockers.map((b) => b.id) ?? []);
  const blocking = (o: GameObject): boolean => ids(o.vars.blocking).length > 0 || extraIds.has(o.id);
  // Blockers each attacker has (declared, and the extra block).
  const count = new Map<string, number>();
  for (const a of attackers)
    count.set(a.id, declaredBlockers(game, a).length + (extra?.attacker.id === a.id ? extraIds.size : 0));
  const free = creatures(game, p).filter(
    (o) => !extraIds.has(o.id) && whyNotBlocker(game, o) === null && !blocking(o),
  );
  const now = required.filter(blocking).length;
  const open = required.filter((r) => free.includes(r));
  const partners = free.filter((o) => !open.includes(o));
  let best = 0;
  let tries = 0;
  // Each open required creature blocks one attacker it can block, or none.
  const rec = (i: number, used: number, assigned: Map<string, GameObject[]>): void => {
    if (tries++ > 5000 || best === open.length) return;
    if (i === open.length) {
      if (used > best && partnersFor(game, attackers, count, assigned, partners)) best = used;
      return;
    }
    const r = open[i]!;
    for (const a of attackers)
      if (whyNotBlock(game, r, a) === null) {
        assigned.set(a.id, [...(assigned.get(a.id) ?? []), r]);
        rec(i + 1, used + 1, assigned);
        assigned.set(a.id, assigned.get(a.id)!.slice(0, -1));
      }
    rec(i + 1, used, assigned);
  };
  rec(0, 0, new Map());
  return { now, best: now + best };
}

/** Can every attacker with menace left with one blocker get a second one, each a different creature? */
function partnersFor(
  game: Game,
  attackers: GameObject[],
  count: Map<string, number>,
  assigned: Map<string, GameObject[]>,
  partners: GameObject[],
): boolean {
  const short = attackers.filter(
    (a) => hasKeyword(game, a, "menace") && count.get(a.id)! + (assigned.get(a.id)?.length ?? 0) === 1,
  );
  const match = (i: number, taken: Set<string>): boolean => {
    if (i === short.length) return true;
    const a = short[i]!;
    for (const c of partners)
      if (!taken.has(c.id) && whyNotBlock(game, c, a) === null) {
        taken.add(c.id);
        if (match(i + 1, taken)) return true;
        taken.delete(c.id);
      }
    return false;
  };
  return match(0, new Set());
}

/** CR 509.1c: why "done" is refused now — a required blocker that could still block; null if it isn't. */
export function unmetBlockRequirements(game: Game, p: PlayerId): string | null {
  const { now, best } = blockRequirements(game, p);
  if (now >= best) return null;
  const r = creatures(game, p).find(
    (o) => requiredBy(game, o, "block") !== null && whyNotBlocker(game, o) === null,
  );
  return r
    ? `${nameOf(game, r)} blocks if able (${requiredBy(game, r, "block")}; CR 509.1c)`
    : "a creature that must block if able still can (CR 509.1c)";
}

/** CR 509.1c: does this block keep the most requirements obeyable? Why not. */
export function whyNotKeepsRequirements(
  game: Game,
  p: PlayerId,
  block: Block,
  before = blockRequirements(game, p), // the same for every block of one listing: given once
): string | null {
  if (before.best === 0) return null;
  const after = blockRequirements(game, p, block);
  if (after.best >= before.best) return null;
  return `that block would leave fewer creatures that must block able to (CR 509.1c: requirements are obeyed as far as possible)`;
}

/** `Preset.refusal` for the declarations: why a choice that isn't an option is refused. */
export function declarationRefusal(game: Game, d: Decision, choice: string): string | null {
  const find = (ref: string): GameObject | null => {
    try {
      return game.obj(ref);
    } catch {
      return null;
    }
  };
  if (d.kind === "declareAttackers") {
    if (choice === "pass") return unmetAttackRequirements(game)[0] ?? null;
    const [verb, ref = ""] = choice.split(":");
    const o = verb === "attack" ? find(ref) : null;
    if (!o) return null;
    if (o.controller !== d.player || !creatures(game, d.player).includes(o))
      return `${nameOf(game, o)} is not a creature you control`;
    const why = whyNotAttack(game, o);
    if (why) return why;
    // `attack:<creature>`, `attack:<creature>:<player>` or `attack:<creature>:walker:<planeswalker>`.
    const [, , who] = choice.split(":");
    if (who === "walker") return null;
    const defs = defenders(game);
    const def = who === undefined ? defs[0] : game.state.players.find((p) => p.name === who)?.id;
    return def === undefined || !defs.includes(def) ? null : whyNotPayAttack(game, o, def); // CR 508.1h
  }
  if (d.kind === "declareBlockers") {
    if (choice === "pass") return unmetBlockRequirements(game, d.player);
    const [verb, bRefs = "", aRef = ""] = choice.split(":");
    if (verb !== "block") return null;
    const a = find(aRef);
    const bs = bRefs.split("+").map(find);
    if (!a || bs.some((b) => b === null)) return null;
    for (const b of bs as GameObject[]) {
      if (b.controller !== d.player || !creatures(game, d.player).includes(b))
        return `${nameOf(game, b)} is not a creature you control`;
      const why = whyNotBlock(game, b, a);
      if (why) return why;
    }
    if (a.vars.attacking !== d.player) return `${nameOf(game, a)} is not attacking you`;
    if (needsTwo(game, a) && bs.length < 2)
      return `${nameOf(game, a)} has menace: it can't be blocked except by two or more creatures (CR 702.111b)`;
    return whyNotKeepsRequirements(game, d.player, { blockers: bs as GameObject[], attacker: a });
  }
  return null;
}
