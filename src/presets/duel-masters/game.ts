/**
 * The Duel Masters game: the turn-based actions and the players' actions of each step (DM 500;
 * RULINGS DM-T1 to DM-T15): untapping, drawing, charging mana, summoning and casting with mana,
 * attacking players or tapped creatures, blocking, battles, breaking shields, Shield Trigger, and
 * the two ways to lose (a direct attack with no shields, an empty deck).
 */

import { actionAllowance } from "../../core/action-limits.js";
import { activateNow } from "../../core/activation.js";
import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import { actionLoop } from "../../core/interactions.js";
import type { JsonObject } from "../../core/json.js";
import type { AbilityRef } from "../../core/limits.js";
import { evalCondition } from "../../core/match.js";
import { putUnder, setTapped, zoneId } from "../../core/objects.js";
import type { TaskHandler } from "../../core/preset.js";
import { tryReplace } from "../../core/replacement.js";
import type { EffectContext } from "../../core/script.js";
import { scriptTask } from "../../core/script.js";
import type { StateCheck } from "../../core/state-checks.js";
import { nodeTask } from "../../core/structure.js";
import { exemptFrom } from "../../core/turn-actions.js";
import type { Cause, DecisionOption, GameObject, PlayerId, Task } from "../../core/types.js";
import type { AbilityDef, CardDef, Op } from "../../core/vocabulary/schema.js";
import { freeSummonCandidates, manaSummonCandidates } from "./activation.js";
import { announceBreak, attackCause, breakShields } from "./breaks.js";
import { CHARGE } from "./charge.js";
import { cannotLose, hasRaceCategory, isSealed } from "./keywords.js";
import { canPay, canPayFrom, choosePayment, civilizationsOf, costOf, manaPool, payMana } from "./mana.js";
import { mugenClimb, mugenClimbOptions } from "./mugen-climb.js";
import { battleZoneHasRoom } from "./plays-rules.js";
import { CLOCK_AND_TAPS, readsNoClockOrTaps } from "./quiet-events.js";
import { mayEnterBattle } from "./restrictions.js";
import { askSilentSkill, runSilentSkill, silentSkillOf, useSilentSkills } from "./silent-skill.js";
import { ATTACK_NODE } from "./turn.js";

export interface AttackState extends JsonObject {
  attacker: string;
  target: string | null;
  blocker: string | null;
}

export function keywords(game: Game, obj: GameObject): string[] {
  return (game.card(obj).keywords as string[] | undefined) ?? [];
}

const isCreature = (game: Game, obj: GameObject): boolean => game.card(obj).types.includes("creature");

/** An evolution creature goes on top of one of your creatures of the races it names (DM 800). */
export const isEvolution = (game: Game, obj: GameObject): boolean =>
  game.card(obj).types.includes("evolution");

/** A Tamaseed with Shinkarise takes an evolution creature as if it were a creature (DM Shinkarise). */
const evolvableTamaseed = (game: Game, obj: GameObject): boolean =>
  game.card(obj).types.includes("tamaseed") && keywords(game, obj).includes("shinkarise");

/**
 * Your creatures this evolution creature may evolve from: one of a race containing one of
 * `stats.evolvesFrom`, or of a civilization in `stats.evolvesFromCivilizations` (Lionel.Star:
 * "a Rexstars or a light creature"), or multicolored (`evolvesFromMulticolored`).
 */
export function evolutionBases(game: Game, player: PlayerId, evo: GameObject): GameObject[] {
  const stats = game.card(evo).stats ?? {};
  const races = (stats.evolvesFrom as string[] | undefined) ?? [];
  const civs = (stats.evolvesFromCivilizations as string[] | undefined) ?? [];
  return game.cardsIn("battle", player).filter((o) => {
    if (!isCreature(game, o) && !evolvableTamaseed(game, o)) return false;
    if (isSealed(game, o)) return false;
    if (stats.evolvesFromMulticolored === true) return civilizationsOf(game, o).length > 1;
    if (civilizationsOf(game, o).some((c) => civs.includes(c))) return true;
    return ((game.card(o).races ?? []) as string[]).some((r) => races.some((w) => r.includes(w)));
  });
}

export function attackState(game: Game): AttackState | null {
  return (game.state.vars.attack as AttackState | undefined) ?? null;
}

function inBattleZone(game: Game, id: string | null): GameObject | null {
  if (!id) return null;
  const o = game.state.objects[id];
  return o && game.state.zones[o.zone]!.kind === "battle" ? o : null;
}

/**
 * RULINGS DM-T4 (DM rule processing, 敗北条件): a player whose deck is empty loses at once, even in
 * the middle of a spell or an ability: a kernel state check, run after every op. Both at once: a draw.
 */
export const deckOutCheck: StateCheck = {
  id: "deckOut",
  rule: "RULINGS DM-T4",
  // A deck empties only by cards moving, and "can't lose" effects end with their own events.
  ignores: CLOCK_AND_TAPS,
  run(game) {
    // Run after every step of work: looks without building anything until a deck is empty.
    let empty = false;
    for (const p of game.state.players) if (game.zone("deck", p.id).cards.length === 0) empty = true;
    if (!empty) return false;
    const losers = game.state.players
      .filter((p) => game.zone("deck", p.id).cards.length === 0 && !cannotLose(game, p.id))
      .map((p) => p.id);
    if (losers.length === 0) return false;
    if (losers.length === 1) game.declareLoser(losers[0]!, "their deck is empty");
    else game.declareWinner(null, "a draw: every player's deck is empty at once");
    return true;
  },
};

/**
 * DM Win: alternate win conditions (Extra Win, エクストラウィン; DM 104.1: the game ends at once when a
 * player wins; 104.2c: a card's effect may make a player win, and a player meeting a win and a loss
 * condition at once wins). A static ability of kind `extraWin` whose `condition` holds ("バトルゾーン
 * に自分の水のクリーチャーが11体以上あれば、自分はゲームに勝利する", Cyber J Eleven) wins the game for its
 * controller: a state-triggered (状況誘発) ability, checked like a state check after every op — so
 * a condition met even for a moment in the middle of an effect wins. It comes before the empty-deck
 * loss (104.2c). A sealed card's ability doesn't work; an opponent who can't lose (Voljaak's
 * Shukyoku Sengen) keeps the game going, as for a win by attack.
 */
export const extraWinCheck: StateCheck = {
  id: "extraWin",
  rule: "DM Win: alternate win conditions (Extra Win)",
  // What wins is counted by cards moving, unless a condition reads the turn, taps or power.
  ignores: (cards) =>
    cards.every((c) =>
      (c.abilities ?? []).every(
        (a) =>
          (a.static as { kind?: unknown } | undefined)?.kind !== "extraWin" ||
          a.condition === undefined ||
          readsNoClockOrTaps(a.condition),
      ),
    )
      ? CLOCK_AND_TAPS
      : [],
  run(game) {
    for (const ref of game.staticAbilities("extraWin")) {
      const cond = ref.ability.condition;
      if (cond && !evalCondition(game, cond, { controller: ref.controller, obj: ref.obj })) continue;
      if (game.opponents(ref.controller).some((p) => cannotLose(game, p))) continue;
      game.declareWinner(
        ref.controller,
        `${game.playerName(ref.controller)} wins: ${ref.card.name}'s condition is met (Extra Win)`,
      );
      return true;
    }
    return false;
  },
};

/**
 * DM-T15: the preset's own name for "doesn't untap at the start of the turn" — a continuous effect
 * of kind `noUntap` on a creature (that incarnation) or on a player (their cards). The same as the
 * kernel's `exempt` with `{ from: untap }` (turn-actions.ts), which new cards write; both are read
 * by the start of turn step's untap (`dm.untap`), and only by it: an effect may still untap them
 * (dmwiki フリーズ: only the turn-based untap is stopped).
 */
function untapPrevented(game: Game, obj: GameObject): boolean {
  return game.effects("noUntap").some((d) => {
    const t = d.effect.target;
    if (!t) return false;
    if ("player" in t) return t.player === obj.controller;
    return t.obj === obj.id && t.inc === obj.inc;
  });
}

/**
 * Summoning sickness (DM-T2): a creature that entered this turn is summoning sick unless it has
 * Speed Attacker; evolution creatures are not affected by summoning sickness.
 */
export function summoningSick(game: Game, obj: GameObject): boolean {
  return !(
    obj.enteredTurn < game.state.clock.turn.id ||
    keywords(game, obj).includes("speedAttacker") ||
    isEvolution(game, obj)
  );
}

/**
 * "Can't attack" effects (`noAttacks`) that stop this creature: on it (G・ストライク: "このターン、その
 * クリーチャーは攻撃できない", this incarnation only), on its controller's creatures, or on all
 * creatures (Gabriela). They last as long as their duration ("this turn": until the turn has ended).
 */
export function attackForbidden(game: Game, obj: GameObject): boolean {
  return game.effects("noAttacks").some((d) => {
    const t = d.effect.target;
    if (!t) return true;
    if ("player" in t) return t.player === obj.controller;
    return t.obj === obj.id && t.inc === obj.inc;
  });
}

/** A creature can attack from its controller's turn after it entered, or at once with Speed Attacker (DM-T2). */
export function canAttack(game: Game, obj: GameObject): boolean {
  if (obj.tapped || !isCreature(game, obj) || isSealed(game, obj)) return false;
  if (attackForbidden(game, obj)) return false;
  return !summoningSick(game, obj);
}

/** The keyword of tap abilities (タップ能力, DM Attack step: tap abilities). */
export const TAP_ABILITY = "Tap ability";

/**
 * DM Attack step: tap abilities (タップ能力; RULINGS DM-T7): in the attack step, instead of attacking,
 * the active player may tap one of their creatures to use its tap ability. Offered where
 * `canActivate` allows it (activation.ts: your own attack step, between attacks; the creature
 * untapped — its cost taps it, so once per creature each attack step — and not summoning sick).
 * Using one is not an attack: "can't attack" effects don't stop it.
 */
function tapAbilityOptions(game: Game, player: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  for (const o of game.cardsIn("battle", player)) {
    const card = game.card(o);
    for (const a of card.abilities ?? []) {
      if (a.kind !== "activated" || a.keyword !== TAP_ABILITY) continue;
      if (!game.mayActivate(o.id, a.id, { player })) continue;
      out.push({ id: `tap:${game.ref(o)}:${a.id}`, label: `Tap ${card.name} to use its tap ability` });
    }
  }
  return out;
}

/**
 * Puts a creature into the battle zone or casts a spell, from wherever it is. Returns whether it
 * happened: a creature (or field) that a replacement effect sent elsewhere instead was not put into
 * the battle zone, so no `summon` (or `deploy`) is emitted — "when summoned" abilities don't
 * trigger and "your first summon each turn" limits aren't spent (DESIGN: events only for what
 * happened).
 */
export function useCard(
  game: Game,
  player: PlayerId,
  obj: GameObject,
  how: "summon" | "cast" | "shieldTrigger" | "gr" | "deploy",
): boolean {
  const card = game.card(obj);
  if (isNonCreaturePermanent(game, obj)) return deployField(game, player, obj);
  if (isCreature(game, obj)) {
    // A restriction (Katsuking MAX) keeps it out of the battle zone: nothing happens.
    if (!mayEnterBattle(game, player, obj)) return false;
    if (game.moveWithReplacement(obj, zoneId("battle", player), { event: "move" }) === null) return false;
    // Sent elsewhere by a rule (Play's: no room in the battle zone): not summoned.
    if (game.state.zones[obj.zone]!.kind !== "battle") return false;
    emit(game, {
      type: "summon",
      player,
      obj: obj.id,
      inc: obj.inc,
      card: obj.card,
      name: card.name,
      data: { how },
    });
    return true;
  }
  // A cast spell is shown to all and waits in the resolving zone until it has resolved.
  game.move(obj, zoneId("resolving", null), { event: "move" });
  emit(game, {
    type: "cast",
    player,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: card.name,
    data: { how },
  });
  // The spell resolves, then goes to its owner's graveyard.
  game.pushTask({ t: "dm.spellDone", obj: obj.id, inc: obj.inc });
  const effect = card.abilities?.find((a) => a.id === "spell")?.effect ?? [];
  game.pushTask(
    scriptTask(effect, {
      controller: player,
      source: obj.id,
      sourceInc: obj.inc,
      card: obj.card,
      ability: "spell",
    }),
  );
  return true;
}

/** Cards that are put into the battle zone without being creatures: fields, Tamaseeds, Cross Gears (generated). */
export function isNonCreaturePermanent(game: Game, obj: GameObject): boolean {
  const types = game.card(obj).types;
  return types.includes("field") || types.includes("tamaseed") || types.includes("crossGear");
}

/**
 * A field, a Tamaseed or a Cross Gear goes into the battle zone; a D2 field sends every other D2
 * field to its owner's graveyard (DM D2 rule).
 */
function deployField(game: Game, player: PlayerId, obj: GameObject): boolean {
  // Sent elsewhere by a replacement effect: not deployed, and no D2 field is displaced.
  if (
    game.moveWithReplacement(obj, zoneId("battle", player), { event: "move", data: { how: "deploy" } }) ===
      null ||
    game.state.zones[obj.zone]!.kind !== "battle"
  )
    return false;
  emit(game, {
    type: "deploy",
    player,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: game.card(obj).name,
  });
  if (!game.card(obj).types.includes("d2Field")) return true;
  for (const p of game.state.players)
    for (const o of game.cardsIn("battle", p.id))
      if (o.id !== obj.id && game.card(o).types.includes("d2Field"))
        game.move(o, zoneId("graveyard", o.owner), { data: { replacedBy: obj.id } });
  return true;
}

/**
 * The cost to pay now: the printed cost less the cost reductions that apply (RULINGS DM-1.6: a
 * reduction limited to "your first fire creature each turn" reads the turn's summon counter).
 */
export function summonCost(
  game: Game,
  player: PlayerId,
  obj: GameObject,
  reduce = true,
  usable?: readonly AbilityRef[],
): number {
  let cost = costOf(game, obj);
  if (!reduce) return cost;
  for (const ref of costReductions(game, player, obj, usable)) {
    const s = ref.ability.static!;
    cost = Math.max(Number(s.minimum ?? 0), cost - Number(s.by ?? 1));
  }
  return cost;
}

/**
 * The cost reductions that could apply to summoning this creature now (Topgear, RULINGS DM-1.6):
 * of those `player` may use now (`usable`: an option list reads them once for every card), the
 * ones of its civilization.
 */
export function costReductions(
  game: Game,
  player: PlayerId,
  obj: GameObject,
  usable?: readonly AbilityRef[],
): AbilityRef[] {
  if (!isCreature(game, obj)) return [];
  return (usable ?? usableReductions(game, player)).filter((ref) => {
    const civ = ref.ability.static!.civilization;
    return typeof civ !== "string" || civilizationsOf(game, obj).includes(civ);
  });
}

/** The cost reductions `player` controls that their limits let apply now, whatever the creature. */
export function usableReductions(game: Game, player: PlayerId): AbilityRef[] {
  return game
    .staticAbilities("costReduction")
    .filter((ref) => ref.controller === player && game.canApply(ref).ok);
}

/**
 * Puts an evolution creature on top of its base: the base goes under it, the new stack keeps the
 * base's tapped state. Summoned by its owner, or put there by an effect (`how: "effect"`, no summon).
 */
export function evolve(
  game: Game,
  player: PlayerId,
  obj: GameObject,
  base: GameObject,
  how: "evolution" | "effect" = "evolution",
): void {
  if (!mayEnterBattle(game, player, obj)) return; // a restriction keeps it out (Katsuking MAX)
  const tapped = base.tapped;
  // Going on top of its base, it takes no new place in the battle zone (Play's 上限枚数: cards under
  // an evolution creature are not counted): the zone limit reads the base while it moves.
  game.state.vars.evolvingOnto = base.id;
  try {
    game.moveWithReplacement(obj, zoneId("battle", player), {
      event: "move",
      tapped,
      data: { evolvedOn: base.id },
    });
  } finally {
    delete game.state.vars.evolvingOnto;
  }
  if (game.state.zones[obj.zone]!.kind !== "battle") return; // replaced (e.g. sent elsewhere instead)
  putUnder(game, base, obj);
  if (how === "effect") return;
  emit(game, {
    type: "summon",
    player,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: game.card(obj).name,
    data: { how: "evolution", base: base.id },
  });
}

function payable(game: Game, player: PlayerId, obj: GameObject, reduce = true): GameObject[] | null {
  return choosePayment(game, player, summonCost(game, player, obj, reduce), civilizationsOf(game, obj));
}

/**
 * "During your turn, you may summon a Dragon from your mana zone" abilities (RULINGS DM-3.7: used
 * up only when actually applied); the cost is paid with the other mana cards. Offered where
 * `canActivate` allows the ability (its timing, limits and a creature the mana can pay for:
 * activation.ts), so `whyNot` explains the others.
 */
function manaSummonOptions(game: Game, player: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  for (const ref of game.staticAbilities("summonFromMana")) {
    if (ref.controller !== player || !game.mayActivate(ref.obj.id, ref.ability.id, { player })) continue;
    for (const o of manaSummonCandidates(game, ref, player)) {
      const id = `mana:${game.ref(ref.obj)}:${ref.ability.id}:${game.ref(o)}`;
      const label = `Summon ${game.card(o).name} from your mana zone (${ref.card.name})`;
      // An evolution creature is summoned on top of one of its evolution sources (DM 800s).
      if (isEvolution(game, o))
        for (const base of evolutionBases(game, player, o))
          out.push({ id: `${id}:${game.ref(base)}`, label: `${label} onto ${game.card(base).name}` });
      else out.push({ id, label });
    }
  }
  return out;
}

/**
 * "You may summon (or cast) … for no cost" abilities usable now (RULINGS DM-2.1, DM-2.2: once each
 * turn, per card), where `canActivate` allows them (timing, condition, limits, a card to use them
 * on: activation.ts). When several could apply to the same card, the first in battle zone order is
 * offered; the others stay unused (RULINGS DM-3.9).
 */
function freeSummonOptions(game: Game, player: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  const offered = new Set<string>();
  for (const ref of game.staticAbilities("freeSummon")) {
    if (ref.controller !== player || !game.mayActivate(ref.obj.id, ref.ability.id, { player })) continue;
    const spells = ref.ability.static!.cardType === "spell";
    for (const o of freeSummonCandidates(game, ref, player)) {
      if (offered.has(o.id)) continue;
      offered.add(o.id);
      const id = `free:${game.ref(ref.obj)}:${ref.ability.id}:${game.ref(o)}`;
      const label = `${spells ? "Cast" : "Summon"} ${game.card(o).name} for no cost (${ref.card.name})`;
      // An evolution creature summoned for no cost still goes on top of an evolution source (DM 800s).
      if (isEvolution(game, o))
        for (const base of evolutionBases(game, player, o))
          out.push({ id: `${id}:${game.ref(base)}`, label: `${label} onto ${game.card(base).name}` });
      else out.push({ id, label });
    }
  }
  return out;
}

/** Each card's G-Zero ability, or null: found once per card (a card's abilities never change). */
const gZeroAbilities = new WeakMap<CardDef, AbilityDef | null>();

function gZeroOf(card: CardDef): AbilityDef | null {
  let g = gZeroAbilities.get(card);
  if (g === undefined) {
    g = card.abilities?.find((a) => a.static?.kind === "gZero") ?? null;
    gZeroAbilities.set(card, g);
  }
  return g;
}

/** G-Zero: a creature in your hand whose G-Zero ability `canActivate` allows (its condition, in your main step) may be summoned for no cost. */
function gZeroOptions(game: Game, player: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  for (const o of game.cardsIn("hand", player)) {
    const g = gZeroOf(game.card(o));
    if (!g || !game.mayActivate(o.id, g.id, { player }) || !mayEnterBattle(game, player, o)) continue;
    if (!battleZoneHasRoom(game, player)) continue; // Play's: a full battle zone (activation.ts says why)
    out.push({ id: `gzero:${game.ref(o)}`, label: `Summon ${game.card(o).name} for no cost (G-Zero)` });
  }
  return out;
}

/** Cross Gear: pay its cross cost to cross it to one of your creatures (DM Cross Gear). */
function crossOptions(game: Game, player: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  const creatures = game.cardsIn("battle", player).filter((o) => isCreature(game, o) && !isSealed(game, o));
  for (const gear of game.cardsIn("battle", player)) {
    if (!game.card(gear).types.includes("crossGear")) continue;
    const cost = Number(game.card(gear).stats?.crossCost ?? costOf(game, gear));
    if (!canPay(game, player, cost, civilizationsOf(game, gear))) continue;
    const on = crossedTo(game, gear);
    for (const c of creatures)
      if (c !== on)
        out.push({
          id: `cross:${game.ref(gear)}:${game.ref(c)}`,
          label: `Cross ${game.card(gear).name} to ${game.card(c).name} (cost ${cost})`,
        });
  }
  return out;
}

/** The creature a Cross Gear is crossed to, if it is still that creature in the battle zone. */
export function crossedTo(game: Game, gear: GameObject): GameObject | undefined {
  const c = gear.vars.crossed as { obj: string; inc: number } | undefined;
  const o = c ? game.state.objects[c.obj] : undefined;
  return o && o.inc === c!.inc && game.state.zones[o.zone]!.kind === "battle" ? o : undefined;
}

function cardOptions(game: Game, player: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  // What every card's price reads, read once: the reductions in force and the untapped mana.
  const usable = usableReductions(game, player);
  const pool = manaPool(game, player);
  for (const o of game.cardsIn("hand", player)) {
    const cost = summonCost(game, player, o, true, usable);
    if (!canPayFrom(game, pool, cost, civilizationsOf(game, o))) continue;
    const creature = isCreature(game, o);
    if (creature && !mayEnterBattle(game, player, o)) continue; // Katsuking MAX
    if (isEvolution(game, o)) {
      for (const base of evolutionBases(game, player, o))
        out.push({
          id: `evolve:${game.ref(o)}:${game.ref(base)}`,
          label: `Evolve ${game.card(base).name} into ${game.card(o).name} (cost ${cost})`,
        });
      continue;
    }
    const verb = creature ? "summon" : isNonCreaturePermanent(game, o) ? "deploy" : "cast";
    // Play's 上限枚数: with a full battle zone, nothing more is summoned or put there on your turn.
    if (verb !== "cast" && !battleZoneHasRoom(game, player)) continue;
    // A spell is cast where its "spell" ability may be activated (its timing, mana: activation.ts).
    if (
      verb === "cast" &&
      game.card(o).abilities?.some((a) => a.id === "spell") &&
      !game.mayActivate(o.id, "spell", { player })
    )
      continue;
    out.push({
      id: `${verb}:${game.ref(o)}`,
      label: `${VERB_SAYS[verb]} ${game.card(o).name} (cost ${cost})`,
    });
  }
  return out;
}

const VERB_SAYS = { summon: "Summon", deploy: "Put into the battle zone", cast: "Cast" } as const;

/** "Creatures can't attack you" effects (Last Avatar, RULINGS DM-G7); a value caps the attacker's power (Dogiragolden). */
function playerProtected(game: Game, player: PlayerId, attacker: GameObject): boolean {
  const power = Number(game.characteristic(attacker, "power") ?? 0);
  return game
    .effects("cantAttackPlayer")
    .some(
      (d) =>
        d.effect.target &&
        "player" in d.effect.target &&
        d.effect.target.player === player &&
        (d.effect.value === null || d.effect.value === undefined || power <= Number(d.effect.value)),
    );
}

/** "Your <race> can't be blocked" static abilities (Jolly the Jolnade). */
function unblockable(game: Game, attacker: GameObject): boolean {
  for (const ref of game.staticAbilities("unblockable")) {
    if (ref.controller !== attacker.controller) continue;
    const race = ref.ability.static!.raceWord;
    if (typeof race !== "string" || hasRaceCategory(game, attacker, race)) return true;
  }
  return false;
}

/** RULINGS DM-5.2: opposing creatures that must be attacked if able (tapped, not yet attacked this turn). */
function forcedTargets(game: Game, player: PlayerId): Set<string> {
  const out = new Set<string>();
  for (const ref of game.staticAbilities("mustBeAttacked"))
    if (ref.controller !== player && ref.obj.tapped && game.canApply(ref).ok) out.add(ref.obj.id);
  return out;
}

function creatureAttackOptions(game: Game, player: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  const forced = forcedTargets(game, player);
  if (forced.size > 0) {
    for (const o of game.cardsIn("battle", player))
      if (canAttack(game, o))
        for (const t of forced)
          out.push({
            id: `attack:${game.ref(o)}:${game.ref(game.obj(t))}`,
            label: `Attack ${game.card(game.obj(t)).name} with ${game.card(o).name} (it must be attacked)`,
          });
    return out;
  }
  const defenders = game.opponents(player);
  for (const o of game.cardsIn("battle", player)) {
    if (!canAttack(game, o)) continue;
    const name = game.card(o).name;
    const untappedToo = attacksUntapped(game, o);
    for (const d of defenders) {
      if (!playerProtected(game, d, o) && !ownRestriction(game, o, "cantAttackPlayers"))
        out.push({ id: `attack:${game.ref(o)}`, label: `Attack ${game.playerName(d)} with ${name}` });
      if (ownRestriction(game, o, "cantAttackCreatures")) continue;
      for (const t of game.cardsIn("battle", d))
        if ((t.tapped || untappedToo) && isCreature(game, t) && !isSealed(game, t))
          out.push({
            id: `attack:${game.ref(o)}:${game.ref(t)}`,
            label: `Attack ${game.card(t).name} with ${name}`,
          });
    }
  }
  return out;
}

/**
 * A static ability of this kind on the creature itself ("このクリーチャーは、クリーチャーを攻撃できない":
 * `cantAttackCreatures`; "相手プレイヤーを攻撃できない": `cantAttackPlayers`), if it works (not sealed).
 */
function ownRestriction(game: Game, obj: GameObject, kind: string): boolean {
  return game.staticAbilities(kind).some((ref) => ref.obj.id === obj.id);
}

/** "This turn, this creature can attack untapped creatures" (`attackUntapped` effects on it: Legend Dogiragon). */
function attacksUntapped(game: Game, obj: GameObject): boolean {
  return game.effects("attackUntapped").some((d) => {
    const t = d.effect.target;
    return !!t && "obj" in t && t.obj === obj.id && t.inc === obj.inc;
  });
}

/** The attack step's options: the attacks, then the tap abilities that may be used instead. */
function attackOptions(game: Game, player: PlayerId): DecisionOption[] {
  return [...creatureAttackOptions(game, player), ...tapAbilityOptions(game, player)];
}

interface ShieldUse {
  /** The card used: the Shield Trigger or G-Strike card itself, or the Strike Back card. */
  card: string;
  /** For a Strike Back: the card from the shield zone discarded for it. */
  shield?: string;
  owner: PlayerId;
  how: "shieldTrigger" | "gStrike" | "strikeBack";
}

/**
 * G・ストライク (DM Shield: G・ストライク): "このカードを自分のシールドゾーンから手札に加える時、相手に見せ、
 * 相手のクリーチャーを1体選んでもよい。このターン、そのクリーチャーは攻撃できない". The card is shown and
 * stays in the hand (it is not used: no summon, no cast); the choice is made as a card's effect (a
 * spell's G-Strike is a spell's effect: "can't be chosen by spells" abilities apply to it).
 */
const G_STRIKE: Op[] = [
  {
    op: "choose",
    chooser: "controller",
    from: { zone: "battle", type: "creature", controller: "opponent" },
    min: 0,
    max: 1,
    as: "g",
    target: true,
    prompt: "G-Strike: choose one of your opponent's creatures; it can't attack this turn",
  },
  {
    op: "until",
    expires: "turn",
    target: "$g",
    effect: { kind: "noAttacks" },
    label: "can't attack this turn (G-Strike)",
  },
];

function useShield(game: Game, u: ShieldUse): void {
  const card = game.obj(u.card);
  if (u.how === "shieldTrigger") {
    useCard(game, u.owner, card, "shieldTrigger");
    return;
  }
  if (u.how === "gStrike") {
    // 相手に見せ: shown to every player where it lies, in the hand.
    emit(game, {
      type: "reveal",
      player: u.owner,
      obj: card.id,
      inc: card.inc,
      card: card.card,
      name: game.card(card).name,
      seenBy: game.state.players.map((p) => p.id),
      audience: game.state.players.map((p) => p.id),
      data: { why: "gStrike" },
      public: ["why"],
    });
    game.pushTask(
      scriptTask(G_STRIKE, {
        controller: u.owner,
        source: card.id,
        sourceInc: card.inc,
        card: card.card,
        ability: "gStrike",
        keyword: "G-Strike",
      }),
    );
    return;
  }
  game.move(game.obj(u.shield!), zoneId("graveyard", u.owner), {
    event: "discard",
    data: { strikeBack: card.id },
  });
  useCard(game, u.owner, card, isCreature(game, card) ? "summon" : "cast");
}

/**
 * Every move asks the preset's redirect: a card leaving a shield zone for a hand is noted here, by
 * whatever put it there (DM S・トリガー, S・バック: "when this card is put into your hand from your
 * shield zone"), for the next Shield Trigger window. In Duel Masters Play's a card a full hand has no
 * room for goes to the graveyard instead (`overflowed`); its Shield Trigger may still be used (dmwiki
 * 「TCG版との差異点 (デュエプレ)」: 手札が10枚のときにも、ブレイクされたシールドのS・トリガーは使用可能).
 */
export function noteShieldToHand(
  game: Game,
  obj: GameObject,
  to: { kind: string },
  overflowed = false,
): void {
  if (to.kind !== "hand" || game.state.zones[obj.zone]?.kind !== "shield") return;
  const list = (game.state.vars.shieldsToHand as string[] | undefined) ?? [];
  list.push(obj.id);
  game.state.vars.shieldsToHand = list;
  if (!overflowed) return;
  const over = (game.state.vars.shieldsOverflowed as string[] | undefined) ?? [];
  over.push(obj.id);
  game.state.vars.shieldsOverflowed = over;
}

/** Opens the Shield Trigger / Strike Back window for the cards noted since the last one; whether there were any. */
export function openShieldWindow(game: Game): boolean {
  const cards = game.state.vars.shieldsToHand as string[] | undefined;
  if (!cards || cards.length === 0) return false;
  const overflowed = (game.state.vars.shieldsOverflowed as string[] | undefined) ?? [];
  delete game.state.vars.shieldsToHand;
  delete game.state.vars.shieldsOverflowed;
  game.pushTask({ t: "dm.shieldWindow", cards, overflowed, i: 0, q: "st", uses: [] });
  return true;
}

function breakerCount(game: Game, obj: GameObject): number {
  const k = keywords(game, obj);
  return k.includes("tripleBreaker") ? 3 : k.includes("doubleBreaker") ? 2 : 1;
}

function destroy(game: Game, obj: GameObject): void {
  game.moveWithReplacement(obj, zoneId("graveyard", obj.owner), { event: "destroy" });
}

/** The card a main-step option pays mana for (a summon, an evolution, a summon from the mana zone), if any. */
function paidCard(game: Game, id: string): GameObject | undefined {
  const [verb, a, , c] = id.split(":");
  if (verb === "summon" || verb === "evolve") return game.obj(a!);
  if (verb === "mana") return game.obj(c!);
  return undefined;
}

/** Carries out a main-step option; `reduce`: whether the cost reductions that could apply are used. */
function performMain(game: Game, p: PlayerId, id: string, reduce: boolean): void {
  const parts = id.split(":");
  const verb = parts[0]!;
  if (verb === "mana" || verb === "free") {
    const [, src, ability, cardId, baseId] = parts as [string, string, string, string, string | undefined];
    const obj = game.obj(cardId);
    if (verb === "mana") {
      const cost = summonCost(game, p, obj, reduce);
      const payment = choosePayment(game, p, cost, civilizationsOf(game, obj), obj)!;
      game.applyStatic(game.abilityRef(src, ability));
      payMana(game, p, payment);
    } else game.useLimits(game.abilityRef(src, ability));
    // An evolution creature goes on top of the evolution source chosen with the option.
    if (baseId !== undefined) evolve(game, p, obj, game.obj(baseId));
    else useCard(game, p, obj, isCreature(game, obj) || verb === "mana" ? "summon" : "cast");
    return;
  }
  if (verb === "mugen") {
    mugenClimb(game, p, game.obj(parts[1]!));
    return;
  }
  if (verb === "gzero") {
    useCard(game, p, game.obj(parts[1]!), "summon");
    return;
  }
  if (verb === "cross") {
    const gear = game.obj(parts[1]!);
    const creature = game.obj(parts[2]!);
    const cost = Number(game.card(gear).stats?.crossCost ?? costOf(game, gear));
    payMana(game, p, choosePayment(game, p, cost, civilizationsOf(game, gear))!);
    gear.vars.crossed = { obj: creature.id, inc: creature.inc };
    emit(game, {
      type: "cross",
      player: p,
      obj: gear.id,
      inc: gear.inc,
      card: gear.card,
      name: game.card(gear).name,
      data: { to: creature.id, toName: game.card(creature).name },
    });
    return;
  }
  const obj = game.obj(parts[1]!);
  payMana(game, p, payable(game, p, obj, reduce)!);
  if (verb === "evolve") evolve(game, p, obj, game.obj(parts[2]!));
  else useCard(game, p, obj, verb as "summon" | "cast" | "deploy");
}

export const dmTasks: Record<string, TaskHandler> = {
  // DM-T2, DM-T15: forced untap of the active player's creatures and mana, unless an effect stops it.
  "dm.untap": (game, task) => {
    const p = game.state.clock.turn.player;
    // DM 封印: a sealed creature is ignored, so it does not untap either.
    const wouldUntap = (o: GameObject) =>
      o.tapped && !untapPrevented(game, o) && !exemptFrom(game, "untap", o) && !isSealed(game, o);
    // DM Start of turn step: Silent Skill — asked first, one creature at a time, of each creature
    // that would untap and has one (silent-skill.ts); those used stay tapped.
    if (task.ss === undefined) {
      task.ss = game
        .cardsIn("battle", p)
        .filter((o) => wouldUntap(o) && silentSkillOf(game, o))
        .map((o) => o.id);
      task.i = 0;
      task.used = [];
    }
    const ss = task.ss as string[];
    const used = task.used as string[];
    if (task.answer) {
      if (task.answer.id === "silentSkill") used.push(ss[Number(task.i)]!);
      task.answer = undefined;
      task.i = Number(task.i) + 1;
    }
    if (Number(task.i) < ss.length) {
      const obj = game.obj(ss[Number(task.i)]!);
      askSilentSkill(game, obj, silentSkillOf(game, obj)!);
      return;
    }
    game.popTask(task);
    let n = 0;
    // Simultaneously (one event), each card's own untap (cause: the rule of the start of turn step).
    game.simultaneously(() => {
      for (const kind of ["battle", "mana"])
        for (const o of game.cardsIn(kind, p))
          if (wouldUntap(o) && !used.includes(o.id)) {
            setTapped(game, o, false, { kind: "rule", rule: "untap" });
            n++;
          }
    });
    emit(game, { type: "untapStep", player: p, data: { untapped: n } });
    useSilentSkills(game, used);
  },
  "dm.silentSkill": runSilentSkill,
  // DM-T3: the forced draw; DM-T4: drawing the last card loses.
  "dm.draw": (game, task) => {
    game.popTask(task);
    const p = game.state.clock.turn.player;
    game.draw(p, 1);
  },
  // DM-T5: optional, at most one card a turn.
  "dm.charge": actionLoop({
    kind: "charge",
    prompt: "Put a card from your hand into your mana zone, or skip",
    passLabel: "Don't charge",
    // DM 503.2: one charge a turn, as the kernel's action limit `charge` (index.ts), which
    // continuous effects raise or lower (Reality Void: none until its caster's next turn).
    actions(game, p) {
      if (!actionAllowance(game, CHARGE, p).ok) return [];
      return game
        .cardsIn("hand", p)
        .map((o) => ({ id: `charge:${game.ref(o)}`, label: `Charge ${game.card(o).name}` }));
    },
    perform(game, p, option) {
      const obj = game.obj(option.id.slice("charge:".length));
      // Multicolored cards enter the mana zone tapped (entering tapped is not becoming tapped).
      game.move(obj, zoneId("mana", p), {
        tapped: civilizationsOf(game, obj).length > 1,
        cause: { kind: "action", player: p },
        data: { charge: true },
      });
    },
  }),
  // DM-T6: summon creatures and cast spells, as often as mana allows.
  "dm.main": actionLoop({
    kind: "main",
    prompt: "Summon a creature, cast a spell, or end the main step",
    passLabel: "End the main step",
    actions: (game, p) => {
      const out = cardOptions(game, p);
      for (const more of [
        freeSummonOptions(game, p),
        manaSummonOptions(game, p),
        gZeroOptions(game, p),
        crossOptions(game, p),
        mugenClimbOptions(game, p),
      ])
        for (let i = 0; i < more.length; i++) out.push(more[i]!);
      return out;
    },
    perform(game, p, option) {
      // A "you may" cost reduction (Topgear: してもよい) is the player's choice: asked whenever one
      // could apply and the full cost could be paid too (RULINGS DM-1.3, DM-1.6).
      const obj = paidCard(game, option.id);
      if (
        obj &&
        costReductions(game, p, obj).length > 0 &&
        canPay(
          game,
          p,
          summonCost(game, p, obj, false),
          civilizationsOf(game, obj),
          option.id.startsWith("mana:") ? obj : undefined,
        )
      ) {
        game.pushTask({ t: "dm.costReduction", option: option.id, player: p });
        return;
      }
      performMain(game, p, option.id, true);
    },
  }),
  /** Asks whether to use the cost reductions that could apply (「してもよい」), then summons. */
  "dm.costReduction": (game, task) => {
    const p = Number(task.player);
    const id = String(task.option);
    if (task.answer) {
      const reduce = task.answer.id === "yes";
      task.answer = undefined;
      game.popTask(task);
      performMain(game, p, id, reduce);
      return;
    }
    const obj = paidCard(game, id)!;
    const by = costReductions(game, p, obj);
    const names = by.map((r) => r.card.name).join(", ");
    game.ask({
      player: p,
      kind: "costReduction",
      prompt: `Reduce the cost of ${game.card(obj).name} to ${summonCost(game, p, obj)} (${names})?`,
      publicPrompt: `${game.playerName(p)} may reduce the cost of ${game.card(obj).name} (${names})`,
      // DM 601.1: the card being used is revealed before its cost is paid.
      shows: [obj.id],
      private: true,
      options: [
        { id: "yes", label: `Reduce it (${names})` },
        { id: "no", label: `Pay the full ${summonCost(game, p, obj, false)}` },
      ],
    });
  },
  // DM-T7: attack with creatures, one attack (and its substeps) at a time, or use tap abilities.
  "dm.attack": actionLoop({
    kind: "attack",
    prompt: "Attack with a creature, use a tap ability, or end the attack step",
    passLabel: "End the attack step",
    actions: (game, p) => attackOptions(game, p),
    perform(game, p, option) {
      const [verb, attacker, target] = option.id.split(":");
      // A tap ability: its cost taps the creature, then it resolves; no attack is declared.
      if (verb === "tap") {
        activateNow(game, p, attacker!, target!);
        return;
      }
      game.state.vars.attack = {
        attacker: game.obj(attacker!).id,
        target: target ? game.obj(target).id : null,
        blocker: null,
      } satisfies AttackState;
      game.pushTask(nodeTask(ATTACK_NODE));
    },
  }),
  "dm.declareAttack": (game, task) => {
    game.popTask(task);
    const a = attackState(game)!;
    // Events only for what happened: an attacker gone from the battle zone declares no attack.
    const obj = inBattleZone(game, a.attacker);
    if (!obj) return;
    // DM Attack step: declaring the attack taps the attacker — its controller's action.
    setTapped(game, obj, true, attackCause(game, obj));
    emit(game, {
      type: "attack",
      player: obj.controller,
      obj: obj.id,
      inc: obj.inc,
      card: obj.card,
      name: game.card(obj).name,
      data: { target: a.target },
    });
    const t = inBattleZone(game, a.target);
    if (t) {
      emit(game, {
        type: "attacked",
        player: t.controller,
        obj: t.id,
        inc: t.inc,
        card: t.card,
        name: game.card(t).name,
      });
    }
  },
  // DM-T8: the defending player may block with an untapped Blocker.
  "dm.block": actionLoop({
    kind: "block",
    player: (game) => game.opponents(game.state.clock.turn.player)[0]!,
    prompt: "Block with a Blocker, or don't block",
    passLabel: "Don't block",
    actions(game, p) {
      const a = attackState(game)!;
      const attacker = inBattleZone(game, a.attacker);
      if (a.blocker || !attacker || unblockable(game, attacker)) return [];
      return game
        .cardsIn("battle", p)
        .filter(
          (o) =>
            !o.tapped && o.id !== a.target && keywords(game, o).includes("blocker") && !isSealed(game, o),
        )
        .map((o) => ({ id: `block:${game.ref(o)}`, label: `Block with ${game.card(o).name}` }));
    },
    perform(game, p, option) {
      const a = attackState(game)!;
      const blocker = game.obj(option.id.slice("block:".length));
      // Blocking taps the Blocker: the defending player's action.
      setTapped(game, blocker, true, {
        kind: "action",
        player: p,
        obj: blocker.id,
        inc: blocker.inc,
        card: blocker.card,
        name: game.card(blocker).name,
      });
      a.blocker = blocker.id;
      emit(game, {
        type: "block",
        player: p,
        obj: blocker.id,
        inc: blocker.inc,
        card: blocker.card,
        name: game.card(blocker).name,
      });
      // "When this creature is blocked" (ブロックされた時): the event about the attacker.
      const attacker = inBattleZone(game, a.attacker);
      if (attacker)
        emit(game, {
          type: "blocked",
          player: attacker.controller,
          obj: attacker.id,
          inc: attacker.inc,
          card: attacker.card,
          name: game.card(attacker).name,
          data: { by: blocker.id },
        });
    },
  }),
  // Battle by power: the lower is destroyed, both on a tie.
  "dm.battle": (game, task) => {
    game.popTask(task);
    const a = attackState(game)!;
    const attacker = inBattleZone(game, a.attacker);
    const defender = inBattleZone(game, a.blocker ?? a.target);
    if (!attacker || !defender) return;
    const pa = Number(game.characteristic(attacker, "power") ?? 0);
    const pd = Number(game.characteristic(defender, "power") ?? 0);
    emit(game, {
      type: "battle",
      player: attacker.controller,
      obj: attacker.id,
      name: game.card(attacker).name,
      data: { against: defender.id, againstName: game.card(defender).name, power: pa, againstPower: pd },
    });
    if (pa >= pd) destroy(game, defender);
    if (pd >= pa) destroy(game, attacker);
    // "When this creature wins a battle": it stayed, the other did not.
    for (const [w, l] of [
      [attacker, defender],
      [defender, attacker],
    ] as const)
      if (inBattleZone(game, w.id) && !inBattleZone(game, l.id))
        emit(game, {
          type: "battleWon",
          player: w.controller,
          obj: w.id,
          inc: w.inc,
          card: w.card,
          name: game.card(w).name,
        });
  },
  // A creature attacking a player breaks shields; with none left, the attack wins the game.
  "dm.directAttack": (game, task) => {
    game.popTask(task);
    const a = attackState(game)!;
    const attacker = inBattleZone(game, a.attacker)!;
    const defender = game.opponents(attacker.controller)[0]!;
    const shields = game.zone("shield", defender).cards;
    if (shields.length === 0) {
      // A replacement may stop the win (Gabriela, RULINGS DM-G6); at most one applies.
      const win = {
        type: "winByAttack",
        player: attacker.controller,
        obj: attacker.id,
        inc: attacker.inc,
        card: attacker.card,
        name: game.card(attacker).name,
      };
      if (tryReplace(game, win)) return;
      if (cannotLose(game, defender)) {
        emit(game, { type: "lossPrevented", player: defender, data: { by: attacker.id } });
        return;
      }
      game.declareWinner(
        attacker.controller,
        `${game.playerName(attacker.controller)} wins: ${game.card(attacker).name} attacked ${game.playerName(defender)} directly with no shields left`,
      );
      return;
    }
    // DM ブレイク: the shields a creature breaks are broken at once — all go to the hand before
    // any Shield Trigger or Strike Back is used (the window below).
    const broken = shields.slice(-breakerCount(game, attacker)).reverse();
    // "When your (last) shield would be broken" (ブレイクされる時, Last Avatar): such abilities trigger
    // now and resolve before the shields are broken (the checkpoint runs first, then dm.breakShields).
    announceBreak(
      game,
      broken.map((id) => game.obj(id)),
      attackCause(game, attacker),
    );
    // The break's cause is fixed now: the shields break even if the attacker leaves first (the
    // fandom wiki's "Before the break": the break still occurs).
    game.pushTask({ t: "dm.breakShields", shields: broken, cause: attackCause(game, attacker) });
    game.pushTask({ t: "dm.checkpoint", node: task.node ?? null });
  },
  // The shields an attack breaks go to their owner's hand at once (those still in the shield
  // zone), each a `break` caused by the attacker's action, and a `broke` by the attacker (breaks.ts).
  "dm.breakShields": (game, task) => {
    game.popTask(task);
    const shields = (task.shields as string[]).flatMap((id) => game.state.objects[id] ?? []);
    breakShields(game, shields, task.cause as unknown as Cause, true);
    openShieldWindow(game);
  },
  /**
   * DM S・トリガー, S・バック: the window for the cards put into a hand from a shield zone together
   * (broken by an attack or an effect, or put there by an effect). Each card's owner declares, card
   * by card in the order they arrived, whether to use its Shield Trigger, then whether to discard it
   * for a Strike Back; then the declared uses happen one at a time, in the order the owner chooses
   * (the active player's first), each resolving before the next. Every card asks its owner, "no"
   * always offered, so the opponent can't tell a trigger from any other card by whether a question
   * was asked (DESIGN: non-interference) — unless the game takes the leaky fast path.
   */
  "dm.shieldWindow": (game, task) => {
    const cards = task.cards as string[];
    const uses = task.uses as unknown as ShieldUse[];
    const overflowed = (task.overflowed as string[] | undefined) ?? [];
    const leaky = game.state.options.leakyFastPath === true;
    const inHand = (id: string): GameObject | undefined => {
      const o = game.state.objects[id];
      return o && game.state.zones[o.zone]!.kind === "hand" ? o : undefined;
    };
    // A card a full hand had no room for (Play's) is checked where it went: its Shield Trigger only.
    const spilled = (id: string): GameObject | undefined => {
      const o = game.state.objects[id];
      return o && overflowed.includes(id) && game.state.zones[o.zone]!.kind === "graveyard" ? o : undefined;
    };
    const checked = (id: string): GameObject | undefined => inHand(id) ?? spilled(id);
    const declared = (id: string) => uses.some((u) => u.card === id || u.shield === id);
    // What the owner may use of a card they check: its Shield Trigger, else its G-Strike from the hand.
    const declinable = (obj: GameObject): "shieldTrigger" | "gStrike" | null =>
      keywords(game, obj).includes("shieldTrigger")
        ? "shieldTrigger"
        : keywords(game, obj).includes("gStrike") && inHand(obj.id) !== undefined
          ? "gStrike"
          : null;
    if (task.answer) {
      const id = task.answer.id;
      task.answer = undefined;
      if (task.q === "order") {
        const k = uses.findIndex((u) => `use:${game.ref(game.obj(u.card))}` === id);
        const [use] = uses.splice(k, 1);
        useShield(game, use!);
        return;
      }
      const obj = game.obj(cards[Number(task.i)]!);
      if (task.q === "st") {
        if (id === "yes" && keywords(game, obj).includes("shieldTrigger"))
          uses.push({ card: obj.id, owner: obj.owner, how: "shieldTrigger" });
        else if (id === "gStrike" && keywords(game, obj).includes("gStrike"))
          uses.push({ card: obj.id, owner: obj.owner, how: "gStrike" });
        // Declining reveals nothing: only the owner sees which card it was. A card with neither
        // has nothing to decline (it was asked so that the question tells the others nothing).
        else if (declinable(obj))
          emit(game, {
            type: "decline",
            player: obj.owner,
            obj: obj.id,
            inc: obj.inc,
            card: obj.card,
            name: game.card(obj).name,
            data: { ability: declinable(obj)! },
            seenBy: [obj.owner],
          });
        task.q = "sb";
      } else {
        if (id !== "no")
          uses.push({
            card: game.obj(id.slice("sback:".length)).id,
            shield: obj.id,
            owner: obj.owner,
            how: "strikeBack",
          });
        task.q = "st";
        task.i = Number(task.i) + 1;
      }
      return;
    }
    // Declarations, card by card.
    while (Number(task.i) < cards.length) {
      const obj = checked(cards[Number(task.i)]!);
      if (!obj || declared(obj.id)) {
        task.q = "st";
        task.i = Number(task.i) + 1;
        continue;
      }
      if (task.q === "st") {
        // Shield Trigger and G-Strike are declared here, card by card (one of them per card).
        const trigger = keywords(game, obj).includes("shieldTrigger");
        const gStrike = keywords(game, obj).includes("gStrike") && inHand(obj.id) !== undefined;
        if (leaky && !trigger && !gStrike) {
          task.q = "sb";
          continue;
        }
        const name = game.card(obj).name;
        game.ask({
          player: obj.owner,
          kind: "shieldTrigger",
          about: obj.id,
          prompt: trigger
            ? `Use ${name}'s Shield Trigger for no cost?`
            : gStrike
              ? `Show ${name} for its G-Strike?`
              : `${name} has no Shield Trigger`,
          publicPrompt: `${game.playerName(obj.owner)} may use a Shield Trigger`,
          private: true,
          options: [
            ...(trigger ? [{ id: "yes", label: `Use ${name}` }] : []),
            ...(gStrike
              ? [{ id: "gStrike", label: `Show ${name}: an opponent's creature can't attack this turn` }]
              : []),
            // A declined Shield Trigger or G-Strike is told by its decline event.
            { id: "no", label: inHand(obj.id) ? "Keep it in hand" : "Leave it in the graveyard", pass: true },
          ],
        });
        return;
      }
      // A card in the graveyard (Play's: no room in the hand) has nothing to discard for a Strike Back.
      if (!inHand(obj.id)) {
        task.q = "st";
        task.i = Number(task.i) + 1;
        continue;
      }
      // Strike Back: discard this card to use a card in the hand whose Strike Back names one of its civilizations.
      const usable = game
        .cardsIn("hand", obj.owner)
        .filter(
          (o) =>
            o !== obj &&
            !declared(o.id) &&
            typeof game.card(o).stats?.strikeBack === "string" &&
            civilizationsOf(game, obj).includes(String(game.card(o).stats!.strikeBack)),
        );
      if (usable.length === 0 && leaky) {
        task.q = "st";
        task.i = Number(task.i) + 1;
        continue;
      }
      game.ask({
        player: obj.owner,
        kind: "strikeBack",
        prompt: `Discard ${game.card(obj).name} to use a Strike Back card for no cost?`,
        publicPrompt: `${game.playerName(obj.owner)} may use a Strike Back`,
        private: true,
        options: [
          ...usable.map((o) => ({
            id: `sback:${game.ref(o)}`,
            label: `Use ${game.card(o).name} (Strike Back)`,
          })),
          { id: "no", label: "Keep it in hand", pass: true },
        ],
      });
      return;
    }
    // Uses, one at a time: the active player's first, each owner choosing the order of theirs.
    for (let k = uses.length - 1; k >= 0; k--) {
      const u = uses[k]!;
      if (!checked(u.card) || (u.shield !== undefined && !inHand(u.shield))) uses.splice(k, 1);
    }
    if (uses.length === 0) {
      game.popTask(task);
      return;
    }
    const active = game.state.clock.turn.player;
    const owner = uses.some((u) => u.owner === active) ? active : uses[0]!.owner;
    const mine = uses.filter((u) => u.owner === owner);
    if (mine.length === 1) {
      uses.splice(uses.indexOf(mine[0]!), 1);
      useShield(game, mine[0]!);
      return;
    }
    task.q = "order";
    game.ask({
      player: owner,
      kind: "shieldTriggerOrder",
      prompt: "Use which first?",
      publicPrompt: `${game.playerName(owner)} chooses the order of their Shield Triggers and Strike Backs`,
      private: true,
      options: mine.map((u) => {
        const o = game.obj(u.card);
        const name = game.card(o).name;
        return {
          id: `use:${game.ref(o)}`,
          label: u.how === "gStrike" ? `Show ${name} (G-Strike)` : `Use ${name}`,
        };
      }),
    });
  },
  // "After the attack" effects (Ryusousha Valchulis) run as the attack ends, in the order made.
  "dm.afterAttack": (game, task) => {
    game.popTask(task);
    const later = (game.state.vars.afterAttack as JsonObject[] | undefined) ?? [];
    delete game.state.vars.afterAttack;
    for (const entry of [...later].reverse())
      game.pushTask(scriptTask(entry.do as unknown as Op[], entry.ctx as unknown as EffectContext));
  },
  // The attack has ended: nothing is attacking any more ("while attacking" bonuses end); "after the
  // attack" effects of an attack that ended without its end of attack substep lapse with it.
  "dm.attackOver": (game, task) => {
    game.popTask(task);
    delete game.state.vars.attack;
    delete game.state.vars.afterAttack;
  },
  "dm.spellDone": (game, task: Task) => {
    game.popTask(task);
    const obj = game.state.objects[String(task.obj)];
    // Replaceable: Manji Shinsekai Manji may keep a Magic Tool spell under itself instead.
    if (obj && obj.inc === task.inc)
      game.moveWithReplacement(obj, zoneId("graveyard", obj.owner), { event: "move" });
    // Shields the spell put into a hand: their window opens once it has resolved.
    openShieldWindow(game);
  },
  /**
   * The preset's checkpoint: the pending abilities resolve (kernel.resolvePending); then the window
   * opens for shields their effects put into a hand, and pending abilities are looked at again.
   */
  "dm.checkpoint": (game, task) => {
    if (task.stage !== 1) {
      task.stage = 1;
      game.pushTask({ t: "kernel.resolvePending", node: task.node ?? null });
      return;
    }
    if (openShieldWindow(game)) {
      task.stage = 0;
      return;
    }
    game.popTask(task);
  },
};
