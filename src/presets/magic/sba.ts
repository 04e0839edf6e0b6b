/**
 * State-based actions (CR 704): a kernel state check (Preset.stateChecks) run before every
 * priority decision — whenever a player would receive priority (CR 704.3, 117.5) — and by the
 * cleanup step (CR 514.3, `game.checkState()`), never in the middle of a resolution. Every
 * applicable action is performed at once (CR 704.3, the kernel's `simultaneously`), and the
 * kernel repeats the check until none applies.
 */
import type { Game } from "../../core/game.js";
import { addCounters, zoneId } from "../../core/objects.js";
import type { StateCheck } from "../../core/state-checks.js";
import type { Cause, GameObject, PlayerId } from "../../core/types.js";
import type { CardDef } from "../../core/vocabulary/schema.js";
import { enchantSelector, fixAttachments, illegalAttachments } from "./attachments.js";
import { dayOrNightFromPermanents } from "./day-night.js";
import { DEATHTOUCH, indestructible } from "./keywords.js";
import { leaveGame } from "./leave-game.js";
import { legendChoicePending, legendRule, loyaltyOf } from "./planeswalkers.js";
import { finalChapter, LORE } from "./sagas.js";
import {
  allPermanents,
  damage,
  inGame,
  isType,
  life,
  MINUS,
  nameOf,
  PLUS,
  poisonOf,
  sacrifice,
  sourcesOnStack,
  stat,
} from "./state.js";
import { tokensCeaseToExist } from "./tokens.js";

/** Players lose at once (CR 704.3); the last one standing wins, none standing is a draw (CR 104.4a). */
export function playersLose(game: Game, losers: { p: PlayerId; reason: string }[]): void {
  if (losers.length === 0) return;
  const reasons: string[] = [];
  for (const { p, reason } of losers) {
    game.state.players[p]!.vars.lost = true;
    game.emit({ type: "playerLost", player: p, data: { reason } });
    reasons.push(`${game.playerName(p)} lost: ${reason}`);
  }
  const left = game.state.players.filter((pl) => inGame(game, pl.id));
  if (left.length === 1) game.declareWinner(left[0]!.id, reasons.join("; "));
  else if (left.length === 0) game.declareWinner(null, `draw: ${reasons.join("; ")}`);
  else for (const { p } of losers) leaveGame(game, p); // CR 800.4a: the game goes on without them
}

function onePass(game: Game): boolean {
  let acted = false;
  // CR 704.5a, 704.5b: 0 or less life; drew from an empty library since the last check.
  const losers: { p: PlayerId; reason: string }[] = [];
  for (const pl of game.state.players) {
    if (!inGame(game, pl.id)) continue;
    if (life(game, pl.id) <= 0) losers.push({ p: pl.id, reason: "life total 0 or less" });
    else if (pl.vars.drewFromEmpty === true) losers.push({ p: pl.id, reason: "drew from an empty library" });
    else if (poisonOf(game, pl.id) >= 10) losers.push({ p: pl.id, reason: "ten or more poison counters" }); // CR 704.5c
  }
  if (losers.length) {
    playersLose(game, losers);
    acted = true;
    if (game.state.result) return true;
  }
  // CR 704.5j: the legend rule asks its player which to keep. Every state-based action is performed
  // at once (CR 704.3), so the others wait for that choice and are performed right after it: the
  // choice is made first, among every legendary permanent, one about to die included.
  const perms = allPermanents(game);
  if (legendChoicePending(game)) return acted;
  if (legendRule(game, perms)) return true;
  // CR 726.2: neither day nor night, and a daybound, day-making or nightbound permanent on the
  // battlefield (day-night.ts); CR 704.5d: tokens out of play cease to exist (tokens.ts).
  if (dayOrNightFromPermanents(game, perms)) acted = true;
  if (tokensCeaseToExist(game)) acted = true;
  if (annihilateCounters(game, perms)) acted = true; // CR 704.5q
  // CR 704.5m, 704.5n: Auras and Equipment attached illegally, found before anything moves (CR 704.3).
  // Detection (CR 704.3: all checked at once, before anything moves) changes nothing but the
  // deathtouch marks: who is attached to what is found once for every creature's stats.
  // Sources of abilities on the stack: computed only when a Saga or scheme needs it.
  let onStackCache: Set<string> | null = null;
  const onStack = (): Set<string> => {
    onStackCache ??= sourcesOnStack(game);
    return onStackCache;
  };
  const { attachments, dying } = game.withMemo(() => {
    const attachments = illegalAttachments(game, perms);
    // CR 704.5f, 704.5g, 704.5h: toughness 0 or less; lethal damage; damage from a deathtouch source
    // since the last check. Simultaneous (CR 704.3). Indestructible ignores 704.5g–h (CR 702.12b).
    const dying: { obj: GameObject; reason: string }[] = [];
    for (const o of perms) {
      const deathtouched = o.vars[DEATHTOUCH] === true;
      if (deathtouched) delete o.vars[DEATHTOUCH]; // "since the last time state-based actions were checked"
      const types = game.card(o).types; // each rule below asks of the printed types (isType)
      if (types.includes("creature")) {
        const t = stat(game, o, "toughness");
        const lethal = damage(o) >= t;
        if (t <= 0) dying.push({ obj: o, reason: "toughness 0 or less" });
        // Whether it is indestructible matters only to a creature that would die of damage.
        else if ((lethal || deathtouched) && !indestructible(game, o))
          dying.push({ obj: o, reason: lethal ? "lethal damage" : "deathtouch" });
      }
      // CR 704.5i: a planeswalker with 0 loyalty.
      if (types.includes("planeswalker") && loyaltyOf(o) <= 0 && dying[dying.length - 1]?.obj !== o)
        dying.push({ obj: o, reason: "0 loyalty" });
      // CR 704.5s: a Saga with lore counters at least its final chapter, no chapter ability on the stack.
      const chapters = types.includes("saga") ? finalChapter(game, o) : 0;
      if (chapters > 0 && (o.counters[LORE] ?? 0) >= chapters && !onStack().has(o.id))
        dying.push({ obj: o, reason: "final chapter done" });
    }
    return { attachments, dying };
  });
  for (const { obj, reason } of dying) {
    const name = nameOf(game, obj);
    // CR 714.4: the Saga is sacrificed (it dies, CR 700.4).
    if (reason === "final chapter done") sacrifice(game, obj, { kind: "rule" }, { reason, shown: name });
    else
      game.move(obj, zoneId("graveyard", obj.owner), {
        event: "dies",
        cause: { kind: "rule" },
        data: { reason, shown: name },
      });
    acted = true;
  }
  if (attachments.auras.length + attachments.equipment.length > 0) {
    fixAttachments(game, attachments); // attachments.ts
    acted = true;
  }
  // CR 704.5y: a face-up non-ongoing scheme with no ability of it on the stack goes to the bottom of its deck.
  for (const pl of game.state.players)
    for (const o of game.cardsIn("command", pl.id)) {
      if (!isType(game, o, "scheme") || game.card(o).stats?.ongoing === true || onStack().has(o.id)) continue;
      game.move(o, zoneId("schemeDeck", o.owner), {
        position: "bottom",
        faceDown: true,
        cause: { kind: "rule" },
      });
      acted = true;
    }
  return acted;
}

/**
 * CR 704.5q: a permanent with both +1/+1 and -1/-1 counters loses N of each, N the smaller count
 * (two `counter` events caused by the rule, then `countersAnnihilated`). Its power and toughness
 * don't change, so the other actions found in the same check stand.
 */
function annihilateCounters(game: Game, perms: GameObject[]): boolean {
  let acted = false;
  for (const o of perms) {
    const n = Math.min(o.counters[PLUS] ?? 0, o.counters[MINUS] ?? 0);
    if (n <= 0) continue;
    const cause: Cause = { kind: "rule", rule: "704.5q", player: o.controller };
    for (const c of [PLUS, MINUS]) addCounters(game, o, c, -n, cause);
    game.emit({
      type: "countersAnnihilated",
      player: o.controller,
      obj: o.id,
      inc: o.inc,
      name: nameOf(game, o),
      cause: { kind: "rule" },
      data: { n },
    });
    acted = true;
  }
  return acted;
}

/** CR 704: the state-based actions, performed whenever a player would receive priority (CR 704.3). */
export const stateBasedActions: StateCheck = {
  id: "stateBasedActions",
  rule: "CR 704.3",
  when: { beforeDecision: ["priority"] },
  run: onePass,
  // No state-based action reads a mana pool (CR 704.5): adding mana (a mana ability, CR 605) or
  // emptying pools (CR 500.4) can't make one apply. Damage wearing off in the cleanup step (CR
  // 514.2) only takes away what could make a creature die. Nor whether a permanent is tapped (a tap
  // for mana, an attacker tapping, the untap step's untapping), unless an Aura may enchant only
  // tapped or untapped permanents (CR 704.5m): then tapping or untapping its host may make it
  // illegally attached. Nor which turn, phase or step it is, nor a hand (a card drawn; drawing from
  // an empty library says so with its own event, CR 704.5b): what ends or happens there says so
  // with its own events (effects ending, cards moving), nor who attacks or blocks (no selector reads
  // it), nor that a spell was cast or an ability activated, put on the stack or targeted something
  // (CR 601.2, 602.2, 603.3, 115): the spell's move to the stack and the costs paid say so with
  // their own events, and an ability going on the stack only keeps a Saga or scheme (CR 704.5s,
  // 704.5y) where it is — unless a static ability applies under a condition, which may read the
  // clock ("as long as it's your turn"), a hand, combat ("as long as it's attacking") or what was
  // cast this turn.
  ignores: (cards) => [
    "mana",
    "manaEmptied",
    "cleanup",
    ...(cards.some(enchantNamesTapped) ? [] : ["tap", "untap", "untapAll"]),
    ...(cards.some(conditionalStatic)
      ? []
      : [...CLOCK_EVENTS, "draw", ...COMBAT_DECLARATIONS, ...ANNOUNCEMENTS]),
  ],
};

/** Events that announce a spell or ability (CR 601.2, 602.2, 603.3, 115.1): what changes comes in events of its own. */
const ANNOUNCEMENTS = ["cast", "activate", "putOnStack", "targeted"];

/** The events of declaring attackers and blockers (combat.ts): the creatures' taps say so themselves. */
const COMBAT_DECLARATIONS = [
  "defendingPlayer",
  "attack",
  "attacksAlone",
  "attackersDeclared",
  "block",
  "blockersDeclared",
  "damageOrder",
];

/** The events that only say where the turn is: a new turn, phase or step begins or ends. */
const CLOCK_EVENTS = ["nodeEnter", "nodeBegin", "nodeEnd", "turnBegin", "turnEnd"];

/**
 * Static abilities that only say what a player may or must do — attack, block, cast, exert, keep
 * mana, untap, act so many times, skip a step — which no state-based action reads (CR 704.5).
 */
const ACTION_STATICS: ReadonlySet<string> = new Set([
  "actionLimit",
  "attackCost",
  "cant",
  "castOnlyAsSorcery",
  "doesNotUntap",
  "exempt",
  "exert",
  "keepMana",
  "must",
  "permission",
  "skipNode",
]);

/**
 * A static ability that applies under a condition (CR 604.1) or a limit ("once each turn"), either
 * of which may read the clock, and may change what a state-based action reads (any kind but those
 * above, a kind unknown here included).
 */
function conditionalStatic(card: CardDef): boolean {
  return (card.abilities ?? []).some(
    (a) =>
      a.kind === "static" &&
      (a.condition !== undefined || a.limit !== undefined) &&
      !ACTION_STATICS.has(String((a.static as { kind?: unknown } | undefined)?.kind)),
  );
}

/** An Aura whose enchant ability names tapped or untapped permanents ("Enchant tapped creature"). */
function enchantNamesTapped(card: CardDef): boolean {
  const enchant = enchantSelector(card);
  return enchant !== null && /tapped/i.test(JSON.stringify(enchant));
}
