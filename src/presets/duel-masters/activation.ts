/**
 * Legal activation in Duel Masters (DESIGN: legal activation): the abilities a player declares —
 * free summons ("you may summon … for no cost", RULINGS DM-2.1, DM-3.9), summons from the mana
 * zone (DM-3.7), G-Zero, casting a spell from the hand, tap abilities in the attack step (DM
 * Attack step: tap abilities) — are offered from `canActivate`, so what
 * the main step offers and what `whyNot` explains never disagree; Ninja Strike, Revolution Change
 * and Master J Tornado trigger from the hand (the kernel's triggers check the same condition and
 * limits) and `whyNot` says when they can be used. This file is the preset's `activation` hooks:
 * timing (the main step of your own turn; the attack or the end of turn a hand trigger waits
 * for), the zone a spell or G-Zero works from, and the game's own reasons (nothing to summon, not
 * enough mana).
 */
import type { ActivationRules, Reason } from "../../core/activation.js";
import { currentNode } from "../../core/clock.js";
import type { Game } from "../../core/game.js";
import type { AbilityRef } from "../../core/limits.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import { attackState, evolutionBases, isEvolution, summonCost, summoningSick, TAP_ABILITY } from "./game.js";
import { isSealed } from "./keywords.js";
import { canPay, civilizationsOf } from "./mana.js";
import { battleZoneFullReason, battleZoneHasRoom } from "./plays-rules.js";
import { dmTargetable, mayEnterBattle } from "./restrictions.js";

const isCreature = (game: Game, obj: GameObject): boolean => game.card(obj).types.includes("creature");
const isSpell = (game: Game, obj: GameObject): boolean => game.card(obj).types.includes("spell");
const zoneKind = (game: Game, obj: GameObject): string => game.state.zones[obj.zone]!.kind;

/** DM 500 main step: summoning, casting and the "you may summon" abilities are the active player's, in their main step. */
function mainStepOnly(game: Game, player: PlayerId, what: string): string | null {
  const clock = game.state.clock;
  if (clock.turn.player !== player) return `${what} only in your own turn's main step`;
  const node = currentNode(clock);
  if (node !== "main")
    return `${what} only in your main step (now: ${game.rules.nodes.has(node) ? game.rules.node(node).label : node})`;
  return null;
}

/**
 * A creature `player` could put into the battle zone now: no restriction keeps it out (Katsuking
 * MAX), and an evolution creature has an evolution source to go on (DM 800s: summoned for no cost
 * or from the mana zone, it is still put on top of one).
 */
function canPutOut(game: Game, player: PlayerId, o: GameObject): boolean {
  if (!mayEnterBattle(game, player, o)) return false;
  // An evolution creature goes on one of yours (it takes no new place: Play's 上限枚数).
  if (isEvolution(game, o)) return evolutionBases(game, player, o).length > 0;
  return battleZoneHasRoom(game, player);
}

/** Cards in the hand a free-summon ability could put out for no cost (its race, civilization, card type). */
export function freeSummonCandidates(game: Game, ref: AbilityRef, player: PlayerId): GameObject[] {
  const s = ref.ability.static ?? {};
  const spells = s.cardType === "spell";
  return game.cardsIn("hand", player).filter((o) => {
    if (spells ? !isSpell(game, o) : !isCreature(game, o) || !canPutOut(game, player, o)) return false;
    if (typeof s.race === "string" && !((game.card(o).races ?? []) as string[]).includes(s.race))
      return false;
    if (typeof s.civilization === "string" && !civilizationsOf(game, o).includes(s.civilization))
      return false;
    return true;
  });
}

/** Creatures in the mana zone a summon-from-mana ability could summon, paid with the other mana cards. */
export function manaSummonCandidates(game: Game, ref: AbilityRef, player: PlayerId): GameObject[] {
  const s = ref.ability.static ?? {};
  return game
    .cardsIn("mana", player)
    .filter(
      (o) =>
        isCreature(game, o) &&
        canPutOut(game, player, o) &&
        (s.dragon !== true || game.characteristic(o, "dragon") === true) &&
        canPay(game, player, summonCost(game, player, o), civilizationsOf(game, o), o),
    );
}

/** Is this the "spell" ability of a spell card (cast from the hand for its cost)? */
function isSpellAbility(ref: AbilityRef): boolean {
  return ref.ability.id === "spell" && ref.card.types.includes("spell");
}

export const dmActivation: ActivationRules = {
  // A spell is cast from the hand; its "spell" ability names no zone.
  defaultZones: (game, ref) => (isSpellAbility(ref) ? ["hand"] : game.rules.inPlayKinds),

  timing(game, ref, player) {
    const kind = ref.ability.static?.kind;
    if (kind === "freeSummon" || kind === "summonFromMana" || kind === "gZero")
      return mainStepOnly(game, player, "a creature is summoned");
    if (isSpellAbility(ref)) return mainStepOnly(game, player, "a spell is cast from the hand");
    const a = attackState(game);
    const attacker = a ? game.state.objects[a.attacker] : undefined;
    switch (ref.ability.keyword) {
      case "Ninja Strike":
        // Declared when an opponent's creature attacks or blocks (the trigger), during that attack.
        return attacker && attacker.controller !== player
          ? null
          : "Ninja Strike is used only when an opponent's creature attacks or blocks";
      case "Revolution Change":
        return attacker && attacker.controller === player
          ? null
          : "Revolution Change is used only when your creature attacks";
      case TAP_ABILITY: {
        // DM Attack step: tap abilities — in your attack step, instead of an attack (not during one).
        const clock = game.state.clock;
        if (clock.turn.player !== player) return "a tap ability is used only in your own turn's attack step";
        return currentNode(clock) === "attackStep"
          ? null
          : "a tap ability is used only in your attack step, instead of an attack";
      }
      case "Master J Tornado":
        return game.state.clock.turn.player !== player && currentNode(game.state.clock) === "end"
          ? null
          : "Master J Tornado is used only at the end of your opponent's turn";
      default:
        return null;
    }
  },

  // Q.E.D.'s "can't be chosen by the opponent's spells"; a sealed creature is ignored (restrictions.ts).
  targetable: dmTargetable,

  check(game, ref, player) {
    const out: Reason[] = [];
    // DM 封印: a sealed creature is ignored — its abilities can't be used.
    if (game.state.zones[ref.obj.zone]?.kind === "battle" && isSealed(game, ref.obj))
      out.push({ kind: "rule", text: `${ref.card.name} is sealed: its abilities don't work` });
    // A summoning sick creature can't use its tap ability, as it can't attack (DM-T2).
    if (
      ref.ability.keyword === TAP_ABILITY &&
      game.state.zones[ref.obj.zone]?.kind === "battle" &&
      summoningSick(game, ref.obj)
    )
      out.push({
        kind: "rule",
        text: `${ref.card.name} is summoning sick: it can't use its tap ability this turn`,
      });
    const kind = ref.ability.static?.kind;
    // Duel Masters Play's 上限枚数: a full battle zone takes no more creatures on your turn (an
    // evolution creature going on one of them takes no new place).
    const full = battleZoneFullReason(game, player);
    if (kind === "gZero" && full && !isEvolution(game, ref.obj)) out.push({ kind: "rule", text: full });
    if (kind === "freeSummon" && freeSummonCandidates(game, ref, player).length === 0) {
      const s = ref.ability.static!;
      const what = [s.civilization, s.race, s.cardType === "spell" ? "spell" : "creature"]
        .filter((x) => typeof x === "string")
        .join(" ");
      out.push({
        kind: "rule",
        text: full && s.cardType !== "spell" ? full : `there is no ${what} in your hand to use it on`,
      });
    }
    if (kind === "summonFromMana" && manaSummonCandidates(game, ref, player).length === 0)
      out.push(
        full
          ? { kind: "rule", text: full }
          : {
              kind: "cost",
              text: `no ${ref.ability.static!.dragon === true ? "Dragon" : "creature"} in your mana zone that the rest of your untapped mana can pay for`,
            },
      );
    if (isSpellAbility(ref) && zoneKind(game, ref.obj) === "hand") {
      const cost = summonCost(game, player, ref.obj);
      if (!canPay(game, player, cost, civilizationsOf(game, ref.obj)))
        out.push({
          kind: "cost",
          // DM ∞: no mana pays a cost of ∞ (Mugen no Mu is cast by Mugen Climb instead).
          text: Number.isFinite(cost)
            ? `not enough untapped mana: ${ref.card.name} costs ${cost} (${civilizationsOf(game, ref.obj).join("/") || "colorless"})`
            : `${ref.card.name} costs ∞: no mana can pay it`,
        });
    }
    return out;
  },
};

/** Words for the preset's named conditions in `whyNot` reasons. */
export const dmConditionLabels: Record<string, string> = {
  attackerIs: "the attacking creature is yours and of the kind its Revolution Change names",
  raceCostAtLeast: "your creatures of that race add up to a high enough cost",
  cardsUnderAtLeast: "enough cards are under this card",
  deckNotEmpty: "your deck has a card",
  eventCardNameJaHas: "the creature's name has the named text",
  eventObjIsOther: "it is another creature",
  ninjaSummonedThisTurn: "it was summoned by Ninja Strike this turn",
};
