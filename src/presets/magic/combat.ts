/**
 * The combat phase's turn-based actions (CR 506-511, 703.4h-703.4p): choosing the defending
 * player, declaring attackers and blockers, damage assignment order (CR 20231117; removed by
 * the 2024-11 Foundations update, option rulesVersion), APNAP damage assignment and
 * simultaneous combat damage, with a first-strike damage step when needed (CR 510.4). Keywords:
 * flying / reach, vigilance, defender, menace (declarations), first and double strike (the steps),
 * trample and deathtouch (damage assignment); deathtouch and lifelink as damage is dealt (keywords.ts).
 */
import { appendOptions, checkOptionRoom } from "../../core/bounds.js";
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { setTapped } from "../../core/objects.js";
import type { DecisionOption, GameObject, PlayerId, Task } from "../../core/types.js";
import { attackCost, attackCostLabel, attackPayable } from "./attack-costs.js";
import {
  blockRequirements,
  defenders,
  needsTwo,
  unmetAttackRequirements,
  unmetBlockRequirements,
  whyNotAttack,
  whyNotBlock,
  whyNotBlocker,
  whyNotKeepsRequirements,
} from "./declarations.js";
import { WALKER, WALKER_INC } from "./enter-attacking.js";
import { exertStep, mayExert } from "./exert.js";
import { lethalDamage } from "./keywords.js";
import { manaTotal, payCost, showMana } from "./mana.js";
import { dealDamage } from "./ops.js";
import { isPlaneswalker } from "./planeswalkers.js";
import {
  apnap,
  creatures,
  hasKeyword,
  inGame,
  liveOpponents,
  nameOf,
  permanents,
  phasedOut,
  stat,
} from "./state.js";

type Handler = (game: Game, task: Task) => void;

const onBattlefield = (game: Game, o: GameObject | undefined): o is GameObject =>
  o !== undefined && game.state.zones[o.zone]!.kind === "battlefield" && !phasedOut(o);

const attackers = (game: Game): GameObject[] =>
  creatures(game, game.state.clock.turn.player).filter((o) => typeof o.vars.attacking === "number");

const ids = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);

/**
 * What an attacking creature attacks now: a player, or a planeswalker still on the battlefield
 * under that player's control; null when its planeswalker left combat — it still attacks, may be
 * blocked, but deals no combat damage if unblocked (CR 506.4c).
 */
function attackTarget(game: Game, o: GameObject): GameObject | PlayerId | null {
  const p = o.vars.attacking;
  if (typeof p !== "number") return null;
  const w = o.vars[WALKER];
  if (typeof w !== "string") return p;
  const walker = game.state.objects[w];
  return onBattlefield(game, walker) &&
    isPlaneswalker(game, walker) &&
    walker.controller === p &&
    walker.inc === o.vars[WALKER_INC]
    ? walker
    : null;
}

/** Blockers still blocking this attacker (a blocker that left combat is gone, CR 506.4). */
function blockersOf(game: Game, a: GameObject, declared = false): GameObject[] {
  // `declared`: every blocker as declared, even while its damage assignment order is being chosen.
  const order = ids(a.vars.order).length && !declared ? ids(a.vars.order) : ids(a.vars.blockedBy);
  return order
    .map((id) => game.state.objects[id])
    .filter((b): b is GameObject => onBattlefield(game, b) && ids(b.vars.blocking).includes(a.id));
}

function blockedAttackersOf(game: Game, b: GameObject, declared = false): GameObject[] {
  const order = ids(b.vars.order).length && !declared ? ids(b.vars.order) : ids(b.vars.blocking);
  return order
    .map((id) => game.state.objects[id])
    .filter((a): a is GameObject => onBattlefield(game, a) && typeof a.vars.attacking === "number");
}

export const combatConditions = {
  /**
   * CR 508.8: the declare blockers and combat damage steps are skipped only if no creatures were
   * declared as attackers (or put onto the battlefield attacking) — not when the attackers have
   * since left combat (CR 506.4).
   */
  attacking: (game: Game) => game.state.vars.attackersDeclared === true || attackers(game).length > 0,
  /** CR 510.4: a first-strike damage step when an attacking or blocking creature has first or double strike. */
  firstStrike: (game: Game) => {
    for (const p of apnap(game))
      for (const o of creatures(game, p))
        if (
          (typeof o.vars.attacking === "number" || ids(o.vars.blocking).length) &&
          (hasKeyword(game, o, "first strike") || hasKeyword(game, o, "double strike"))
        )
          return true;
    return false;
  },
};

/** CR 703.4h, 506.2: in multiplayer with "attack one player", the active player chooses the defending player. */
const chooseDefender: Handler = (game, task) => {
  const ap = game.state.clock.turn.player;
  const opps = liveOpponents(game, ap);
  if (task.answer) {
    const name = task.answer.id.slice(9);
    task.answer = undefined;
    const p = game.state.players.find((x) => x.name === name)!;
    game.state.vars.defender = p.id;
    game.emit({ type: "defendingPlayer", player: ap, data: { defender: p.id, name } });
    game.popTask(task);
    return;
  }
  game.state.vars.defender = null;
  delete game.state.vars.attackersDeclared; // a new combat phase (CR 508.8)
  if (game.state.options.attackOneDefender !== true || opps.length < 2) {
    game.popTask(task);
    return;
  }
  game.ask({
    player: ap,
    kind: "defender",
    prompt: "Choose the defending player",
    options: opps.map((p) => ({ id: `defender:${game.playerName(p)}`, label: game.playerName(p) })),
  });
};

/** CR 703.4i, 508.1: the active player declares attackers (one choice at a time, "pass" when done). */
const declareAttackers: Handler = (game, task) => {
  const ap = game.state.clock.turn.player;
  const defs = defenders(game);
  // CR 701.39: "you may exert <it> as it attacks", asked as it is declared (exert.ts).
  if (exertStep(game, task)) return;
  if (task.answer) {
    const [, id = "", who, walkerRef] = task.answer.id.split(":");
    task.answer = undefined;
    const o = game.obj(id);
    // CR 508.1b: a player, or a planeswalker that player controls (`attack:<creature>:walker:<planeswalker>`).
    const walker = who === "walker" ? game.obj(walkerRef!) : null;
    const def = walker
      ? walker.controller
      : who === undefined
        ? defs[0]!
        : game.state.players.find((p) => p.name === who)!.id;
    payAttackCost(game, o, def, walker !== null); // CR 508.1g–h
    o.vars.attacking = def;
    o.vars.attackedTurn = game.state.clock.turn.id; // "creatures that attacked this turn" (Relentless Assault)
    if (walker) {
      o.vars[WALKER] = walker.id;
      o.vars[WALKER_INC] = walker.inc;
    }
    game.state.vars.attackersDeclared = true; // CR 508.8
    // Tapped and announced once every attacker is chosen, all at once (finishAttackers, CR 508.1f).
    task.declared = [...((task.declared as string[] | undefined) ?? []), o.id];
    // CR 701.39a: "you may exert it as it attacks", asked now (exert.ts).
    if (mayExert(game, o)) task.exerting = o.id;
    return;
  }
  // What each defender offers is the same for every creature (the attack's cost is paid by the
  // active player, CR 508.1g–h; the planeswalkers are theirs): found once a creature may attack.
  let targets: { d: PlayerId; payable: boolean; costLabel: string; walkers: GameObject[] }[] | undefined;
  const options: DecisionOption[] = [];
  for (const o of creatures(game, ap)) {
    // CR 508.1a, 302.6, 702.3b, 508.1c: untapped, not summoning sick, no defender, no restriction.
    if (whyNotAttack(game, o) !== null) continue;
    targets ??= defs.map((d) => ({
      d,
      payable: attackPayable(game, ap, d),
      costLabel: attackCostLabel(game, d),
      walkers: permanents(game, d).filter((w) => isPlaneswalker(game, w)),
    }));
    // CR 508.1h: a player attacked only at a cost its controller can't pay is not offered.
    for (const t of targets)
      if (t.payable)
        options.push(
          defs.length === 1
            ? { id: `attack:${game.ref(o)}`, label: `Attack with ${nameOf(game, o)}${t.costLabel}` }
            : {
                id: `attack:${game.ref(o)}:${game.playerName(t.d)}`,
                label: `Attack ${game.playerName(t.d)} with ${nameOf(game, o)}${t.costLabel}`,
              },
        );
    // CR 506.3, 508.1b: or a planeswalker a defending player controls.
    for (const t of targets)
      for (const w of t.walkers)
        options.push({
          id: `attack:${game.ref(o)}:walker:${game.ref(w)}`,
          label: `Attack ${nameOf(game, w)} (${game.playerName(t.d)}) with ${nameOf(game, o)}`,
        });
  }
  if (options.length === 0 || defs.length === 0) {
    finishAttackers(game, task);
    return;
  }
  // CR 508.1d: not done while a creature that attacks each combat if able still can.
  if (unmetAttackRequirements(game).length === 0)
    options.push({ id: "pass", label: "Done declaring attackers", pass: true });
  game.ask({ player: ap, kind: "declareAttackers", prompt: "Declare attackers", options });
};

/** CR 508.1g–h: the cost to attack `def` with `o` is locked in and paid as it is declared. */
function payAttackCost(game: Game, o: GameObject, def: PlayerId, walker: boolean): void {
  const { cost, sources } = attackCost(game, def, walker);
  if (manaTotal(cost) === 0) return;
  payCost(game, o.controller, cost);
  game.emit({
    type: "attackCost",
    player: o.controller,
    obj: o.id,
    inc: o.inc,
    name: nameOf(game, o),
    data: { mana: showMana(cost), sources },
  });
}

/**
 * CR 508.1f, 508.2, 603.2c: the declared attackers become tapped (not those with vigilance, CR
 * 702.20b: a `tap` event whose cause is the attack) and attack, all at once: one event of the
 * rules, so "whenever one or more creatures attack" triggers once for them all.
 */
function tapAndAnnounce(game: Game, ids: readonly string[]): void {
  const ap = game.state.clock.turn.player;
  game.simultaneously(() => {
    for (const id of ids) {
      const o = game.state.objects[id];
      if (!o || typeof o.vars.attacking !== "number") continue;
      if (!hasKeyword(game, o, "vigilance"))
        setTapped(game, o, true, { kind: "action", player: ap, obj: o.id, name: nameOf(game, o) });
    }
    for (const id of ids) {
      const o = game.state.objects[id];
      if (!o || typeof o.vars.attacking !== "number") continue;
      const walker =
        typeof o.vars[WALKER] === "string" ? game.state.objects[o.vars[WALKER] as string] : undefined;
      game.emit({
        type: "attack",
        player: ap,
        obj: o.id,
        inc: o.inc,
        name: nameOf(game, o),
        data: walker
          ? { defender: o.vars.attacking, planeswalker: nameOf(game, walker) }
          : { defender: o.vars.attacking },
      });
    }
  });
}

function finishAttackers(game: Game, task: Task): void {
  game.popTask(task);
  tapAndAnnounce(game, (task.declared as string[] | undefined) ?? []);
  // CR 506.5: the only creature declared as an attacker attacks alone (exalted, CR 702.83a). A
  // creature put onto the battlefield attacking later was never declared (CR 508.4).
  const declared = attackers(game);
  if (declared.length === 1) {
    const o = declared[0]!;
    game.emit({ type: "attacksAlone", player: o.controller, obj: o.id, inc: o.inc, name: nameOf(game, o) });
  }
  game.emit({
    type: "attackersDeclared",
    player: game.state.clock.turn.player,
    data: { n: attackers(game).length },
  });
}

const declareAttackersTask: Handler = (game, task) => {
  if (task.answer?.id === "pass") {
    task.answer = undefined;
    finishAttackers(game, task);
    return;
  }
  declareAttackers(game, task);
};

/** CR 702.111b: a creature with menace and no blocker yet is blocked by two creatures at once. */
function menaceBlocks(game: Game, a: GameObject, able: GameObject[]): DecisionOption[] {
  const can = able.filter((b) => whyNotBlock(game, b, a) === null);
  const p = a.vars.attacking as PlayerId;
  const out: DecisionOption[] = [];
  for (let i = 0; i < can.length; i++)
    for (let j = i + 1; j < can.length; j++)
      if (whyNotKeepsRequirements(game, p, { blockers: [can[i]!, can[j]!], attacker: a }) === null) {
        // Pairs grow as the square of the blockers: counted as they are made.
        checkOptionRoom(out.length, 1, `blocking ${nameOf(game, a)} with two creatures`);
        out.push({
          id: `block:${game.ref(can[i]!)}+${game.ref(can[j]!)}:${game.ref(a)}`,
          label: `Block ${nameOf(game, a)} with ${nameOf(game, can[i]!)} and ${nameOf(game, can[j]!)}`,
        });
      }
  return out;
}

/** CR 703.4j, 509.1: each defending player, in APNAP order, declares blockers ("pass" when done). */
const declareBlockers: Handler = (game, task) => {
  const ap = game.state.clock.turn.player;
  const defs = apnap(game).filter((p) => p !== ap && attackers(game).some((a) => a.vars.attacking === p));
  task.i = Number(task.i ?? 0);
  if (task.answer) {
    const id = task.answer.id;
    task.answer = undefined;
    if (id === "pass") {
      task.i = Number(task.i) + 1;
      return;
    }
    // `block:<b>:<a>`, or `block:<b1>+<b2>:<a>` for a creature with menace (CR 702.111b).
    const [, bIds = "", aId = ""] = id.split(":");
    const a = game.obj(aId);
    for (const bId of bIds.split("+")) {
      const b = game.obj(bId);
      b.vars.blocking = [...ids(b.vars.blocking), a.id];
      a.vars.blockedBy = [...ids(a.vars.blockedBy), b.id];
      a.vars.blocked = true; // CR 509.1h: it stays blocked even if its blockers leave
      game.emit({
        type: "block",
        player: b.controller,
        obj: b.id,
        inc: b.inc,
        name: nameOf(game, b),
        data: { attacker: a.id, attackerName: nameOf(game, a) },
      });
    }
    return;
  }
  while (Number(task.i) < defs.length) {
    const p = defs[Number(task.i)]!;
    const options: DecisionOption[] = [];
    const able: GameObject[] = [];
    // Listing changes nothing: what each attacker needs, and the requirements obeyed so far, once.
    const attacking = attackers(game).filter((a) => a.vars.attacking === p);
    const menace = attacking.map((a) => needsTwo(game, a));
    let requirements: ReturnType<typeof blockRequirements> | undefined;
    for (const b of creatures(game, p)) {
      // CR 509.1a–b: untapped, not blocking already (unless it blocks any number), no restriction.
      if (whyNotBlocker(game, b) !== null) continue;
      able.push(b);
      for (let i = 0; i < attacking.length; i++) {
        const a = attacking[i]!;
        if (whyNotBlock(game, b, a) !== null || menace[i]) continue;
        requirements ??= blockRequirements(game, p);
        const block = { blockers: [b], attacker: a };
        if (whyNotKeepsRequirements(game, p, block, requirements) !== null) continue; // CR 509.1c
        options.push({
          id: `block:${game.ref(b)}:${game.ref(a)}`,
          label: `Block ${nameOf(game, a)} with ${nameOf(game, b)}`,
        });
      }
    }
    for (let i = 0; i < attacking.length; i++)
      if (menace[i]) appendOptions(options, menaceBlocks(game, attacking[i]!, able), "blocks");
    if (options.length === 0) {
      task.i = Number(task.i) + 1;
      continue;
    }
    // CR 509.1c: not done while a creature that must block if able still can.
    if (unmetBlockRequirements(game, p) === null || options.length === 0)
      options.push({ id: "pass", label: "Done declaring blockers", pass: true });
    game.ask({ player: p, kind: "declareBlockers", prompt: "Declare blockers", options });
    return;
  }
  game.popTask(task);
  game.emit({ type: "blockersDeclared", player: ap });
};

const usesOrder = (game: Game): boolean => String(game.state.options.rulesVersion) === "20231117";

/** Orders `among` for `owner` one pick at a time; returns true when done (order stored on owner). */
function orderStep(
  game: Game,
  task: Task,
  owner: GameObject,
  among: GameObject[],
  chooser: PlayerId,
  what: string,
): boolean {
  const chosen = ids(owner.vars.order);
  if (task.answer) {
    chosen.push(game.obj(task.answer.id.slice(6)).id);
    task.answer = undefined;
    owner.vars.order = chosen;
  }
  const rest = among.filter((o) => !chosen.includes(o.id));
  if (rest.length > 1) {
    game.ask({
      player: chooser,
      kind: "damageOrder",
      prompt: `Damage assignment order for ${nameOf(game, owner)}: choose the ${chosen.length === 0 ? "first" : "next"} ${what}`,
      options: rest.map((o) => ({ id: `order:${game.ref(o)}`, label: nameOf(game, o) })),
    });
    return false;
  }
  if (rest.length === 1) chosen.push(rest[0]!.id);
  owner.vars.order = chosen;
  game.emit({
    type: "damageOrder",
    player: chooser,
    obj: owner.id,
    name: nameOf(game, owner),
    data: { order: chosen.map((id) => nameOf(game, game.obj(id))) },
  });
  return true;
}

/** CR 703.4k, 509.2: for each attacker blocked by several creatures, the active player orders its blockers. */
const attackerOrder: Handler = (game, task) => {
  if (!usesOrder(game)) return void game.popTask(task);
  for (const a of attackers(game)) {
    const bs = blockersOf(game, a, true);
    if (bs.length < 2 || a.vars.ordered === true) continue;
    if (!orderStep(game, task, a, bs, a.controller, "blocker")) return;
    a.vars.ordered = true;
    return;
  }
  game.popTask(task);
};

/** CR 703.4m, 509.3: for each creature blocking several attackers, the defending player orders them. */
const blockerOrder: Handler = (game, task) => {
  if (!usesOrder(game)) return void game.popTask(task);
  for (const p of apnap(game))
    for (const b of creatures(game, p)) {
      const as = blockedAttackersOf(game, b, true);
      if (as.length < 2 || b.vars.ordered === true) continue;
      if (!orderStep(game, task, b, as, b.controller, "attacker")) return;
      b.vars.ordered = true;
      return;
    }
  game.popTask(task);
};

interface Assignment extends JsonObject {
  src: string;
  to: string | number;
  n: number;
}

/**
 * Does this creature deal combat damage in this step (CR 510.4)? The first: those with first or
 * double strike now, as it begins (marked `firstStriker`). The second: those that had neither as
 * the first began, and those with double strike now — so first strike given after the first step
 * doesn't stop a creature dealing damage (CR 702.7c), double strike removed meanwhile stops its
 * second damage (CR 702.4c), and double strike given to a first striker adds it (CR 702.4d).
 */
function dealsNow(game: Game, o: GameObject, first: boolean): boolean {
  const ds = hasKeyword(game, o, "double strike");
  if (first) return ds || hasKeyword(game, o, "first strike");
  return o.vars.firstStriker !== true || ds;
}

/**
 * Ways to divide n damage among targets, given the lethal damage of each: with an order, lethal
 * damage to each before the next (CR 510.1c, 20231117); with trample the last target is the
 * player, assigned damage only once every blocker has lethal damage (CR 702.19b).
 */
function divisions(
  n: number,
  lethal: number[],
  count: number,
  ordered: boolean,
  trample: boolean,
): number[][] {
  const out: number[][] = [];
  const blockers = trample ? count - 1 : count;
  const legal = (d: number[]): boolean => {
    if (trample && d[count - 1]! > 0 && d.slice(0, blockers).some((x, i) => x < lethal[i]!)) return false;
    if (!ordered) return true;
    return d
      .slice(0, blockers)
      .every((x, i) => d.slice(i + 1, blockers).every((y) => y === 0) || x >= lethal[i]!);
  };
  let leaves = 0;
  const rec = (i: number, left: number, acc: number[]): void => {
    if (out.length >= 60 || leaves >= 5000) return;
    if (i === count - 1) {
      leaves++;
      const d = [...acc, left];
      if (legal(d)) out.push(d);
      return;
    }
    for (let k = left; k >= 0; k--) rec(i + 1, left - k, [...acc, k]);
  };
  rec(0, n, []);
  return out;
}

interface Source extends JsonObject {
  src: string;
  player: number;
}

/** CR 703.4n, 510.1: each player in APNAP order announces how their creatures assign combat damage. */
const assignDamage: Handler = (game, task) => {
  const first = task.node === "firstStrikeDamage";
  if (!Array.isArray(task.sources)) {
    const sources: Source[] = [];
    for (const p of apnap(game))
      for (const o of creatures(game, p))
        if (
          (typeof o.vars.attacking === "number" || ids(o.vars.blocking).length) &&
          dealsNow(game, o, first)
        ) {
          sources.push({ src: o.id, player: p });
          if (first) o.vars.firstStriker = true;
        }
    task.sources = sources;
    task.i = 0;
    game.state.vars.assign = [];
  }
  const sources = task.sources as Source[];
  const out = game.state.vars.assign as Assignment[];
  while (Number(task.i) < sources.length) {
    const { src } = sources[Number(task.i)]!;
    const o = game.obj(src);
    const power = Math.max(0, stat(game, o, "power"));
    const isAttacking = typeof o.vars.attacking === "number";
    // The player or planeswalker it attacks; null if that planeswalker left combat (CR 506.4c).
    const attacked = isAttacking ? attackTarget(game, o) : null;
    const blockers = isAttacking ? blockersOf(game, o) : blockedAttackersOf(game, o);
    // CR 702.19b: an attacking creature with trample may assign damage to the player or
    // planeswalker it attacks too.
    const trample = attacked !== null && hasKeyword(game, o, "trample");
    const targets: (GameObject | PlayerId)[] = trample ? [...blockers, attacked] : blockers;
    const ref = (t: GameObject | PlayerId): string =>
      typeof t === "number" ? game.playerName(t) : game.ref(t);
    const ways = (): number[][] =>
      divisions(
        power,
        blockers.map((b) => lethalDamage(game, o, b)), // CR 702.2c: with deathtouch, 1 is lethal
        targets.length,
        usesOrder(game),
        trample,
      );
    const assign = (d: number[]): Assignment[] =>
      d.map((n, i) => {
        const t = targets[i]!;
        return { src, to: typeof t === "number" ? t : t.id, n };
      });
    const to = (t: GameObject | PlayerId): string | PlayerId => (typeof t === "number" ? t : t.id);
    let chosen: Assignment[] | null = null;
    if (isAttacking && o.vars.blocked !== true)
      chosen = attacked === null ? [] : [{ src, to: to(attacked), n: power }]; // CR 506.4c
    else if (trample && blockers.length === 0)
      chosen = [{ src, to: to(attacked!), n: power }]; // CR 702.19e: every blocker removed from combat
    else if (blockers.length === 0) chosen = [];
    else if (blockers.length === 1 && !trample) chosen = [{ src, to: blockers[0]!.id, n: power }];
    else if (task.answer) {
      const parts = task.answer.id.slice(7).split(",");
      task.answer = undefined;
      chosen = parts.map((s) => {
        const [to = "", n = "0"] = s.split("=");
        const player = game.state.players.find((pl) => pl.name === to);
        return { src, to: player ? player.id : game.obj(to).id, n: Number(n) };
      });
    } else if (trample && ways().length === 1) chosen = assign(ways()[0]!);
    else {
      const opts = ways().map((d) => ({
        id: `assign:${d.map((n, i) => `${ref(targets[i]!)}=${n}`).join(",")}`,
        label: d
          .map((n, i) => {
            const t = targets[i]!;
            return `${n} to ${typeof t === "number" ? game.playerName(t) : nameOf(game, t)}`;
          })
          .join(", "),
      }));
      game.ask({
        player: o.controller,
        kind: "assignDamage",
        prompt: `Assign ${nameOf(game, o)}'s ${power} combat damage`,
        options: opts,
      });
      return;
    }
    out.push(...chosen);
    game.emit({
      type: "assignDamage",
      player: o.controller,
      obj: o.id,
      name: nameOf(game, o),
      data: {
        assignments: chosen.map((c) => ({
          to: typeof c.to === "number" ? game.playerName(c.to) : nameOf(game, game.obj(c.to)),
          n: c.n,
        })),
      },
    });
    task.i = Number(task.i) + 1;
  }
  game.popTask(task);
};

/** CR 703.4p, 510.2: all combat damage is dealt simultaneously. */
const dealCombatDamage: Handler = (game, task) => {
  game.popTask(task);
  const list = (game.state.vars.assign as Assignment[] | undefined) ?? [];
  game.state.vars.assign = [];
  for (const a of list) {
    const src = game.state.objects[a.src];
    if (!src) continue;
    const to = typeof a.to === "number" ? a.to : game.state.objects[a.to];
    if (to === undefined || (typeof to === "number" ? !inGame(game, to) : !onBattlefield(game, to))) continue;
    dealDamage(game, { obj: src, name: nameOf(game, src), controller: src.controller }, to, a.n, true);
  }
  game.emit({ type: "combatDamageDealt", player: game.state.clock.turn.player, data: { n: list.length } });
};

/** What a permanent's variables say of combat: removed from every permanent as combat ends. */
const COMBAT_VARS = [
  "attacking",
  WALKER,
  WALKER_INC,
  "blocking",
  "blockedBy",
  "blocked",
  "order",
  "ordered",
  "firstStriker",
];

/** CR 511.3: as the end of combat step ends, creatures are removed from combat. */
const endCombat: Handler = (game, task) => {
  game.popTask(task);
  for (const z of game.zonesOf("battlefield"))
    for (const id of z.cards) {
      const v = game.obj(id).vars;
      // Only what is there is deleted: a delete makes the object a slower dictionary.
      for (const k of COMBAT_VARS) if (k in v) delete v[k];
    }
  game.state.vars.defender = null;
  delete game.state.vars.attackersDeclared;
};

export const combatTasks: Record<string, Handler> = {
  "mtg.chooseDefender": chooseDefender,
  "mtg.declareAttackers": declareAttackersTask,
  "mtg.declareBlockers": declareBlockers,
  "mtg.attackerOrder": attackerOrder,
  "mtg.blockerOrder": blockerOrder,
  "mtg.assignDamage": assignDamage,
  "mtg.dealCombatDamage": dealCombatDamage,
  "mtg.endCombat": endCombat,
};
