/**
 * Duel Masters Play's (デュエル・マスターズ プレイス) rules that differ from the paper game, as data
 * and options of `duelMastersPlay()` (docs/duel-masters.md, "Play's and the TCG, side by side").
 * Sources: dmwiki.net's 「TCG版との差異点 (デュエプレ)」 (its sections マナコスト and ゾーンの枚数上限)
 * and 「上限枚数」 (the limits as the app's help gives them), dmwiki.net's 「DP殿堂」.
 *
 * - Zone limits (上限枚数): at most 10 cards in a hand, 10 shields and 7 objects in a battle zone
 *   (the cards under an evolution creature are not counted). A card that would go over a limit goes
 *   to its owner's graveyard instead (ゾーンの上限を越えて移動しようとするカードは墓地に置かれる): a rule
 *   of the game, not an effect — the preset's `redirect`. So it never entered the battle zone ("when
 *   it enters" doesn't trigger) nor the hand (no Madness). A shield broken into a full hand still
 *   has its Shield Trigger (手札が10枚のときにも、ブレイクされたシールドのS・トリガーは使用可能).
 * - Your own turn with 7 objects in your battle zone: nothing more is summoned or put there by your
 *   own action (the options are not offered); an evolution creature may still go on one of them.
 * - Mana (マナコスト): a civilization is "unlocked" (解放) while a card of it is in your mana zone; a
 *   card is paid for with that much usable mana, whatever the civilizations of the cards that pay.
 *   Usable mana is the preset's untapped mana cards; a card leaving the mana zone takes a used one
 *   with it first (マナ回収: 自動的にタップされたカードを回収した挙動になる), so usable mana drops only
 *   when there is no used one left.
 * - Decks: DP殿堂 — at most one copy of each card on Play's own list (`PLAYS_HALL_OF_FAME`).
 */
import type { DeckRules } from "../../core/decks.js";
import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import { plural } from "../../core/labels.js";
import { setTapped, zoneId } from "../../core/objects.js";
import type { PresetOptionDef, Redirect } from "../../core/preset.js";
import type { GameObject, PlayerId, ZoneState } from "../../core/types.js";

/** The zones Play's limits, by the option that holds each limit. */
export const ZONE_LIMIT_OPTIONS = {
  hand: "handLimit",
  shield: "shieldLimit",
  battle: "battleZoneLimit",
} as const;

export type LimitedZone = keyof typeof ZONE_LIMIT_OPTIONS;

/** How a card's civilizations are paid: "tapped" (the paper game, DM 601.1), "unlocked" (Play's). */
export type CivilizationRule = "tapped" | "unlocked";

/** Play's rules as the options of `duelMastersPlay()`: their defaults are the game's numbers. */
export const playsOptions: Record<string, PresetOptionDef> = {
  handLimit: {
    description:
      "Duel Masters Play's: the most cards a hand holds (上限枚数, 10); a card that would go over it goes to the graveyard instead",
    default: 10,
    type: "integer",
    min: 1,
  },
  shieldLimit: {
    description:
      "Duel Masters Play's: the most shields a shield zone holds (上限枚数, 10); a card that would go over it goes to the graveyard instead",
    default: 10,
    type: "integer",
    min: 1,
  },
  battleZoneLimit: {
    description:
      "Duel Masters Play's: the most objects a player's battle zone holds (上限枚数, 7; cards under an evolution creature don't count); a card that would go over it goes to the graveyard instead, and nothing more is summoned",
    default: 7,
    type: "integer",
    min: 1,
  },
  civilizations: {
    description:
      'Duel Masters Play\'s: "unlocked" — a civilization may be paid for while a card of it is in the mana zone (解放), whatever the cards tapped; "tapped" — the paper rule (a tapped card of each civilization)',
    default: "unlocked",
    values: ["unlocked", "tapped"],
  },
};

/** ZONE_LIMIT_OPTIONS as a map: asked on every move with any zone kind, most of them not limited. */
const LIMIT_OPTION_OF: ReadonlyMap<string, string> = new Map(Object.entries(ZONE_LIMIT_OPTIONS));

/** The limit on a zone of this kind in this game, if any (the paper game has none). */
export function zoneLimit(game: Game, kind: string): number | undefined {
  const option = LIMIT_OPTION_OF.get(kind);
  const v = option === undefined ? undefined : game.state.options[option];
  return typeof v === "number" ? v : undefined;
}

/** The civilization rule of this game (paper: "tapped"). */
export function civilizationRule(game: Game): CivilizationRule {
  return game.state.options.civilizations === "unlocked" ? "unlocked" : "tapped";
}

/**
 * The objects a zone holds toward its limit: the cards in it (a card under another is not in the
 * zone's list: 上限枚数, 進化元は枚数に含まれない).
 */
export function zoneCount(zone: ZoneState): number {
  return zone.cards.length;
}

/**
 * An object entering this battle zone that adds none to it: an evolution creature going on top of
 * one of its creatures (evolve() names the base while it moves), or a card uncovered from under a
 * creature there (star evolution).
 */
function takesAPlaceAlreadyThere(game: Game, obj: GameObject, to: ZoneState): boolean {
  const onto = game.state.vars.evolvingOnto;
  if (typeof onto === "string" && to.cards.includes(onto)) return true;
  const top = obj.underOf === null ? undefined : game.state.objects[obj.underOf];
  return top !== undefined && top.zone === to.id;
}

/**
 * Where a card that would go over a limit goes instead: its owner's graveyard; a Psychic creature
 * back to its hyperspatial zone and a GR creature to the bottom of its super GR zone, as when they
 * leave the battle zone (they are never in a graveyard).
 */
function overflowTo(game: Game, obj: GameObject): Redirect {
  const types = game.card(obj).types;
  if (types.includes("psychic")) return { to: zoneId("hyperspatial", obj.owner), faceDown: false };
  if (types.includes("gr")) return { to: zoneId("superGR", obj.owner), faceDown: true, position: "bottom" };
  return { to: zoneId("graveyard", obj.owner), faceDown: false };
}

/**
 * Play's 上限枚数 as the preset's `redirect`: a card moving into a full hand, shield zone or battle
 * zone goes elsewhere instead (its graveyard), and a `zoneLimit` event says so before the move.
 */
export function zoneLimitRedirect(game: Game, obj: GameObject, to: ZoneState): Redirect | undefined {
  const limit = zoneLimit(game, to.kind);
  if (limit === undefined || to.owner === null || obj.zone === to.id) return undefined;
  if (to.kind === "battle" && takesAPlaceAlreadyThere(game, obj, to)) return undefined;
  if (zoneCount(to) < limit) return undefined;
  const instead = overflowTo(game, obj);
  emit(game, {
    type: "zoneLimit",
    player: to.owner,
    data: { zone: to.kind, limit, to: game.state.zones[instead.to]!.kind },
  });
  return instead;
}

/** Whether `player` may add an object to their battle zone by their own action (Play's: fewer than 7 there). */
export function battleZoneHasRoom(game: Game, player: PlayerId): boolean {
  const limit = zoneLimit(game, "battle");
  return limit === undefined || zoneCount(game.zone("battle", player)) < limit;
}

/** Why `player` can't summon now, if their battle zone is full (Play's), for `whyNot`. */
export function battleZoneFullReason(game: Game, player: PlayerId): string | null {
  if (battleZoneHasRoom(game, player)) return null;
  return `your battle zone is full (${zoneLimit(game, "battle")} cards: Duel Masters Play's 上限枚数)`;
}

/**
 * Play's mana (マナ回収): usable mana is a number apart from the cards, so a card leaving the mana
 * zone leaves the usable mana as it was while there is used mana to take instead. Here usable mana
 * is the untapped mana cards: an untapped card leaving a mana zone that holds a tapped one untaps
 * that one (the first in the zone), so the count of untapped cards stays.
 */
export function keepUsableMana(game: Game, obj: GameObject, to: ZoneState): void {
  if (civilizationRule(game) !== "unlocked") return;
  const from = game.state.zones[obj.zone];
  if (from?.kind !== "mana" || to.kind === "mana" || obj.tapped) return;
  const used = from.cards.map((id) => game.state.objects[id]!).find((o) => o !== obj && o.tapped);
  if (used) setTapped(game, used, false, { kind: "rule", rule: "playsMana" });
}

/**
 * DP殿堂 (dmwiki.net's 「DP殿堂」): the cards a Duel Masters Play's deck may hold only one of, by
 * printed name — of those, the ones in this library. 無双竜機ボルバルザーク since 2020-09-17 (in the
 * paper game it is プレミアム殿堂, not allowed at all; the paper preset doesn't check the paper lists).
 */
export const PLAYS_HALL_OF_FAME: readonly string[] = ["Bombazar, Dragon of Destiny"];

/** The Play's deck rules: the paper game's, with the DP殿堂 cards limited to one copy. */
export function playsDeckRules(paper: DeckRules): DeckRules {
  return {
    ...paper,
    limited: [
      ...(paper.limited ?? []),
      {
        cards: { names: [...PLAYS_HALL_OF_FAME] },
        max: 1,
        reason: "DP殿堂: at most one in a Duel Masters Play's deck",
      },
    ],
  };
}

/**
 * What is over a Play's limit now (the fuzz invariant `presetRules`): every hand, shield zone and
 * battle zone holding more than its limit, in words; [] when all hold.
 */
export function zoneLimitProblems(game: Game): string[] {
  const out: string[] = [];
  for (const kind of Object.keys(ZONE_LIMIT_OPTIONS) as LimitedZone[]) {
    const limit = zoneLimit(game, kind);
    if (limit === undefined) continue;
    for (const p of game.state.players) {
      const n = zoneCount(game.zone(kind, p.id));
      if (n > limit)
        out.push(`${game.playerName(p.id)}'s ${kind} zone holds ${plural(n, "card")}; its limit is ${limit}`);
    }
  }
  return out;
}
