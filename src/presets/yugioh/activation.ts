/**
 * Legal activation in Yu-Gi-Oh! (the kernel's `Preset.activation`, src/core/activation.ts): who
 * may activate now and at what Spell Speed (the priority the game's tasks give), the Damage Step's
 * restrictions, Trap Cards and Quick-Play Spells not the turn they were Set, Counter Traps only in
 * response, a Set Spell/Trap's own activation (the only thing a face-down card may do), and the
 * zones an activation needs. Costs and targets are the kernel's: `choose` with `target: true` in
 * an ability's `cost` (Yu-Gi-Oh! rulebook: targets are chosen on activation), and each cost op's
 * `feasible`. Every activation the preset offers is built from `canActivate`, so `whyNot` explains
 * exactly what is not offered.
 */
import type { ActivationRules, Reason } from "../../core/activation.js";
import type { Game } from "../../core/game.js";
import type { AbilityRef } from "../../core/limits.js";
import type { PlayerId } from "../../core/types.js";
import type { Op } from "../../core/vocabulary/schema.js";
import { chainOf, INSTEAD_OF_NORMAL_DRAW, isCardActivation, spellSpeed } from "./chain.js";
import { mainZonesFull } from "./monsters.js";
import { freePendulumZone, isPendulum } from "./pendulum.js";
import { summonRespondable } from "./summon-negation.js";

/** Who may activate now, and what: derived from the task that has the game's priority. */
export interface Priority {
  player: PlayerId;
  /** The lowest Spell Speed allowed (1 only in an open game state of the turn player's Main Phase). */
  minSpeed: number;
  /** Before the normal draw: only effects activated instead of it. */
  normalDraw?: boolean;
}

/**
 * The priority the game gives now, read from the task on top (the one asking or about to ask):
 * the Main Phase (the turn player, open game state; the opponent when the turn player would move
 * on), a chain (the player to respond, at least the last link's Spell Speed), a window (Spell Speed
 * 2), the normal draw. Null while something is being done or resolved: nobody may activate then.
 */
export function priorityNow(game: Game): Priority | null {
  const task = game.state.tasks.at(-1);
  if (!task || game.over) return null;
  const tp = game.state.clock.turn.player;
  const opp = game.opponents(tp)[0]!;
  switch (task.t) {
    case "ygo.main":
      return typeof task.leaving === "string" ? { player: opp, minSpeed: 2 } : { player: tp, minSpeed: 1 };
    case "ygo.battleStep":
      // The turn player declares attacks or activates Spell Speed 2+ (YG Battle Step: turn player
      // priority); the opponent may act as the Battle Step would end.
      return typeof task.leaving === "string" ? { player: opp, minSpeed: 2 } : { player: tp, minSpeed: 2 };
    case "ygo.window":
      if (Number(task.passes ?? 0) >= 2) return null;
      // A Summon's response window: Spell Speed 3 only (YG Summon: negating a Summon).
      return {
        player: task.next === undefined ? tp : Number(task.next),
        minSpeed: Number(task.minSpeed ?? 2),
      };
    case "ygo.chain": {
      const chain = chainOf(game);
      const last = chain?.links.at(-1);
      if (!chain || !last || chain.passes >= 2) return null;
      return { player: chain.next, minSpeed: Math.max(2, last.speed) };
    }
    case "ygo.normalDraw":
      return { player: tp, minSpeed: 1, normalDraw: true };
    default:
      return null;
  }
}

const zoneKind = (game: Game, ref: AbilityRef): string => game.state.zones[ref.obj.zone]!.kind;

/** YG-T7 and the rulebook's Damage Step: what may be activated in each of its timings. */
function damageStepReason(game: Game, speed: number, ref: AbilityRef): string | null {
  const path = game.state.clock.path;
  const node = path.at(-1) ?? "";
  const timing = ref.ability.timing;
  if (timing === "damageStep")
    return node === "startOfDamageStep" || node === "beforeDamageCalculation"
      ? null
      : "only during the Damage Step, from its start until before damage calculation";
  if (timing === "damageCalculation")
    return node === "damageCalculation" ? null : "only during damage calculation";
  // RULINGS YG-T7 (カードの発動・効果を無効にする効果), Konami's Damage Step rules: effects that
  // negate the activation of a card or effect, or an activated effect, may be activated in any of
  // its timings, Counter Trap or not.
  if (!path.includes("damageStep") || speed >= 3 || negates(ref.ability.effect)) return null;
  // Cards and effects that directly change ATK/DEF: from the start of the Damage Step until
  // before damage calculation (RULINGS YG-T7, Konami's Damage Step rules).
  if (changesAtkDef(ref.ability.effect))
    return node === "startOfDamageStep" || node === "beforeDamageCalculation"
      ? null
      : "an effect that changes ATK/DEF may be activated in the Damage Step only until before damage calculation";
  return "in the Damage Step only Counter Traps, effects that negate an activation or effect, and effects that change ATK/DEF (or say “during damage calculation”) may be activated";
}

/** Spell Speed, priority, the Damage Step, cards Set this turn, Counter Traps (the rulebook's "Chains", "Spell Speed"). */
export function timingReason(game: Game, ref: AbilityRef, player: PlayerId): string | null {
  const { obj, card, ability } = ref;
  const pr = priorityNow(game);
  if (ability.timing === INSTEAD_OF_NORMAL_DRAW)
    return pr?.normalDraw && pr.player === player
      ? null
      : "only during your Draw Phase, instead of conducting your normal draw";
  if (!pr) return "nobody may activate a card or effect now: something is being done or resolved";
  if (pr.normalDraw)
    return "the normal draw comes first: only effects activated instead of it may be activated now";
  if (pr.player !== player)
    return `${game.playerName(pr.player)} has priority now, not ${game.playerName(player)}`;
  const speed = spellSpeed(card, ability);
  const last = chainOf(game)?.links.at(-1);
  if (speed < pr.minSpeed) {
    if (speed === 1)
      return last
        ? "Spell Speed 1 can't be chained: it only starts a chain"
        : "Spell Speed 1 (an Ignition Effect, a Spell Card) only in your Main Phase, in an open game state";
    return `Spell Speed ${speed} can't respond to Spell Speed ${last?.speed ?? pr.minSpeed}${last?.speed === 3 ? " (only a Counter Trap can)" : ""}`;
  }
  const damageStep = damageStepReason(game, speed, ref);
  if (damageStep) return damageStep;
  const now = game.state.clock.turn.id;
  const zone = zoneKind(game, ref);
  if (isCardActivation(card, ability.id)) {
    const quickPlay = card.types.includes("quickPlay");
    const trap = card.types.includes("trap");
    if (zone === "spellTrap" && obj.faceDown && (trap || quickPlay) && obj.enteredTurn >= now)
      return `a ${trap ? "Trap Card" : "Quick-Play Spell"} can't be activated the turn it was Set`;
    if (zone === "hand" && card.types.includes("spell") && game.state.clock.turn.player !== player)
      return "a Spell Card is activated from the hand only during your own turn";
    if (card.types.includes("counter") && !last && !summonRespondable(game, "any"))
      return "a Counter Trap is activated only in response to an activation (a chain link) or a Summon";
  }
  return null;
}

/** What a block of ops does, nested blocks included: read from card data, once per block. */
interface OpFacts {
  /** The name of every op in it. */
  readonly names: ReadonlySet<string>;
  /** It directly changes a monster's ATK/DEF ("gains 700 ATK", "its ATK becomes 0"). */
  readonly changesAtkDef: boolean;
}

/** Continuous effect kinds that are a monster's ATK or DEF. */
const ATK_DEF_KINDS = new Set(["atk", "atkSet", "def"]);

const NO_OPS: OpFacts = { names: new Set(), changesAtkDef: false };

/** Card data is frozen when registered (core/registry.ts): its facts are kept with it. */
const factsOfOps = new WeakMap<readonly Op[], OpFacts>();

function opFacts(ops: readonly Op[] | undefined): OpFacts {
  if (ops === undefined) return NO_OPS;
  let facts = factsOfOps.get(ops);
  if (facts === undefined) {
    const names = new Set<string>();
    let changesAtkDef = false;
    const visit = (block: readonly Op[]): void => {
      for (const op of block) {
        names.add(op.op);
        if (
          op.op === "until" &&
          ATK_DEF_KINDS.has(String((op.effect as { kind?: unknown } | undefined)?.kind))
        )
          changesAtkDef = true;
        for (const v of Object.values(op))
          if (Array.isArray(v) && v.some((x) => x && typeof x === "object" && "op" in x)) visit(v as Op[]);
      }
    };
    visit(ops);
    changesAtkDef ||= names.has("gainAtkDef") || names.has("gainBattlingAtk");
    facts = { names, changesAtkDef };
    // Ops built on the fly (not frozen) may change: worked out again each time.
    if (Object.isFrozen(ops)) factsOfOps.set(ops, facts);
  }
  return facts;
}

/** Does any op here (or in a nested block) have this name? */
const hasOp = (ops: readonly Op[] | undefined, name: string): boolean => opFacts(ops).names.has(name);

/** Does this effect negate an activation or an activated effect (a chain link's)? */
const negates = (ops: readonly Op[] | undefined): boolean =>
  hasOp(ops, "negateActivation") || hasOp(ops, "negateEffect");

/** Does this effect directly change a monster's ATK/DEF ("gains 700 ATK", "its ATK becomes 0")? */
const changesAtkDef = (ops: readonly Op[] | undefined): boolean => opFacts(ops).changesAtkDef;

/** A cost that Tributes a monster frees a Monster Zone (Zefraath's "Tribute 1 monster; Special Summon …"). */
const tributes = (ops: readonly Op[] | undefined): boolean =>
  (ops ?? []).some((op) => op.op === "move" && op.event === "tribute");

/** Zones the activation needs: the card's own zone, a Monster Zone for a Special Summon, a zone to equip to. */
export function zoneReasons(game: Game, ref: AbilityRef, player: PlayerId): Reason[] {
  const { obj, card, ability } = ref;
  const out: Reason[] = [];
  const zone = zoneKind(game, ref);
  const full = (kind: string, n: number) => game.zone(kind, player).cards.length >= n;
  if (isCardActivation(card, ability.id)) {
    if (zone !== "hand" && !obj.faceDown)
      out.push({ kind: "rule", text: `${card.name} is face-up: its card has already been activated` });
    if (zone === "hand" && isPendulum(card) && !freePendulumZone(game, player))
      out.push({ kind: "rule", text: "no free Pendulum Zone to activate it in" });
    else if (zone === "hand" && !isPendulum(card) && full("spellTrap", 5))
      out.push({ kind: "rule", text: "no free Spell & Trap Zone to activate it in" });
  }
  if (hasOp(ability.effect, "specialSummon") && !tributes(ability.cost) && mainZonesFull(game, player))
    out.push({ kind: "rule", text: "no free Monster Zone for the monster it would Special Summon" });
  if (hasOp(ability.effect, "equipSelf") && full("spellTrap", 5))
    out.push({ kind: "rule", text: "no free Spell & Trap Zone to equip it in" });
  return out;
}

const TRAP_ZONES: readonly string[] = Object.freeze(["spellTrap"]);
const SPELL_ZONES: readonly string[] = Object.freeze(["hand", "spellTrap"]);
const MONSTER_ZONES: readonly string[] = Object.freeze(["monster"]);

export const ygoActivation: ActivationRules = {
  timing: timingReason,
  check: zoneReasons,
  // A Set Spell or Trap Card may be activated (turned face-up); nothing else a face-down card has
  // can be activated — a face-down monster's effects can't.
  faceDownWorks: (game, ref) =>
    isCardActivation(ref.card, ref.ability.id) && zoneKind(game, ref) === "spellTrap",
  // A target no longer legal on resolution is not affected; the effect still resolves.
  illegalTargets: "resolve",
  // A Trap Card is activated once Set; a Spell Card from the hand or Set; monster effects on the field.
  // From the card alone, never the game's state: chain.ts's index of activatable abilities relies on it.
  defaultZones(_game, ref) {
    if (isCardActivation(ref.card, ref.ability.id))
      return ref.card.types.includes("trap") ? TRAP_ZONES : SPELL_ZONES;
    return MONSTER_ZONES;
  },
};
