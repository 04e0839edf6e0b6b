/**
 * Mugen Climb (ムゲンクライム): "<ムゲンクライム>N(自分のクリーチャーをN体タップし、[文明(M)]支払って、この
 * 呪文を自分の手札または墓地から唱えてもよい)" — in the main step, a spell with `stats.mugenClimb:
 * { creatures: N, mana: M }` may be cast from the hand or the graveyard by tapping N of your untapped
 * creatures (your choice, summoning sick ones too: tapping is not attacking) and paying M mana with
 * its civilizations; its printed cost (∞, `cost: Infinity`) is not paid and can never be (DM ∞).
 * Option `mugen:<card>`; the creatures are chosen and tapped, then the spell is cast (the `castFree`
 * op casts it without asking for mana again). It is an alternative cost that is paid (代替コスト,
 * dmwiki.net ムゲンクライム: "「支払って」と書いてあるので、コスト踏み倒し能力というわけではなく"), not a
 * cast for no cost. That summoning sick creatures may be tapped for it is this preset's reading.
 */
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { plural } from "../../core/labels.js";
import { perPlayerMembershipFact } from "../../core/player-facts.js";
import { scriptTask } from "../../core/script.js";
import type { DecisionOption, GameObject, PlayerId } from "../../core/types.js";
import { isSealed } from "./keywords.js";
import { canPay, choosePayment, civilizationsOf, payMana } from "./mana.js";

interface MugenClimb {
  creatures: number;
  mana: number;
}

function mugenClimbOf(game: Game, obj: GameObject): MugenClimb | undefined {
  const m = game.card(obj).stats?.mugenClimb as JsonObject | undefined;
  return m ? { creatures: Number(m.creatures), mana: Number(m.mana) } : undefined;
}

/** Where a Mugen Climb spell may be cast from (DM: "自分の手札または墓地から"). */
const CLIMB_ZONES = ["hand", "graveyard"] as const;

/** A Mugen Climb spell and the zone it may be cast from. */
export interface Climber {
  readonly obj: GameObject;
  readonly zone: (typeof CLIMB_ZONES)[number];
}

/** A player's Mugen Climb spells in their hand and graveyard, in zone order, found afresh. */
export function scanClimbers(game: Game, player: PlayerId): Climber[] {
  const out: Climber[] = [];
  for (const zone of CLIMB_ZONES)
    for (const obj of game.cardsIn(zone, player))
      if (game.card(obj).stats?.mugenClimb) out.push({ obj, zone });
  return out;
}

/**
 * `scanClimbers`, kept until one of them enters or leaves a zone (Game.membershipFact): a main
 * step's options don't walk the graveyard. Read, never changed.
 */
export const climbersOf: (game: Game, player: PlayerId) => readonly Climber[] = perPlayerMembershipFact(
  "dm.mugenClimb",
  scanClimbers,
  (_game, card) => card.stats?.mugenClimb !== undefined,
);

/** Your untapped creatures Mugen Climb may tap (a sealed creature is ignored, DM 封印). */
function tappable(game: Game, player: PlayerId): GameObject[] {
  return game
    .cardsIn("battle", player)
    .filter((o) => !o.tapped && game.card(o).types.includes("creature") && !isSealed(game, o));
}

/** The main step's Mugen Climb options: spells in the hand or graveyard whose creatures and mana can be paid. */
export function mugenClimbOptions(game: Game, player: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  const climbers = climbersOf(game, player);
  if (climbers.length === 0) return out;
  const creatures = tappable(game, player).length;
  for (const { obj: o, zone } of climbers) {
    const m = mugenClimbOf(game, o)!;
    if (creatures < m.creatures || !canPay(game, player, m.mana, civilizationsOf(game, o))) continue;
    out.push({
      id: `mugen:${game.ref(o)}`,
      label: `Cast ${game.card(o).name} from your ${zone} by Mugen Climb ${m.creatures} (tap ${plural(m.creatures, "creature")}, pay ${m.mana})`,
    });
  }
  return out;
}

/** Mugen Climb: pays the mana, then an effect chooses and taps the creatures and casts the spell. */
export function mugenClimb(game: Game, player: PlayerId, obj: GameObject): void {
  const m = mugenClimbOf(game, obj)!;
  payMana(game, player, choosePayment(game, player, m.mana, civilizationsOf(game, obj))!);
  game.pushTask(
    scriptTask(
      [
        {
          op: "choose",
          chooser: "controller",
          from: { zone: "battle", controller: "self", type: "creature", tapped: false },
          min: m.creatures,
          max: m.creatures,
          as: "climbers",
          prompt: `Mugen Climb: tap ${m.creatures} of your creatures`,
        },
        // A cost: the tap events' cause is kind "cost" (Mugen Climb, ability mugenClimb).
        { op: "tapCost", what: "$climbers" },
        { op: "castFree", what: "self" },
      ],
      { controller: player, source: obj.id, sourceInc: obj.inc, card: obj.card, ability: "mugenClimb" },
    ),
  );
}
