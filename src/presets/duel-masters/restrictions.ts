/**
 * Duel Masters restrictions on what may enter the battle zone and what may be chosen, as static
 * abilities of the cards that make them:
 * - `cantPutIntoBattle` (Mutekiken Katsuking MAX: "自分の他の、名前に《無敵》とあるエグザイル・クリーチャーを
 *   バトルゾーンに出すことはできない" — your other Exile creatures with 無敵 in their names can't be put
 *   into the battle zone), checked wherever a card would be put there: summons, free summons,
 *   summons from the mana zone, G-Zero, effects that put evolution creatures.
 * - `unchoosable` (Ryuso-ou Q.E.D.: "相手が呪文の効果でバトルゾーンのクリーチャーを選ぶ時、このクリーチャーは
 *   選べない"), the preset's `targetable` rule for `choose` ops with `target: true`.
 * - a sealed creature is ignored (DM 封印: "クリーチャーが封印されている間、両プレイヤーはそのクリーチャーを
 *   無視する"): it can't be chosen either.
 */
import type { Game } from "../../core/game.js";
import type { AbilityRef } from "../../core/limits.js";
import type { EffectContext } from "../../core/script.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import { isSealed } from "./keywords.js";

/**
 * The static ability that keeps `player` from putting `obj` into the battle zone, if any
 * (Katsuking MAX: only its controller's other Exile creatures with the named text in their names).
 */
export function entryForbiddenBy(game: Game, player: PlayerId, obj: GameObject): AbilityRef | undefined {
  const card = game.card(obj);
  for (const ref of game.staticAbilities("cantPutIntoBattle")) {
    const s = ref.ability.static!;
    if (ref.controller !== player || ref.obj.id === obj.id) continue;
    if (typeof s.cardType === "string" && !card.types.includes(s.cardType)) continue;
    if (typeof s.nameJaHas === "string" && !String(card.nameJa ?? "").includes(s.nameJaHas)) continue;
    return ref;
  }
  return undefined;
}

/** Whether `player` may put `obj` into the battle zone as far as restrictions go. */
export function mayEnterBattle(game: Game, player: PlayerId, obj: GameObject): boolean {
  return entryForbiddenBy(game, player, obj) === undefined;
}

/**
 * The preset's `targetable` rule: a sealed creature in the battle zone can't be chosen (it is
 * ignored), and a creature with an `unchoosable` ability can't be chosen by its controller's
 * opponent's spells (Q.E.D.).
 */
export function dmTargetable(game: Game, obj: GameObject, by: EffectContext): boolean {
  if (game.state.zones[obj.zone]?.kind !== "battle") return true;
  if (isSealed(game, obj)) return false;
  if (obj.controller === by.controller) return true;
  const source = by.source ? game.state.objects[by.source] : undefined;
  if (!source || !game.card(source).types.includes("spell")) return true;
  return !(game.card(obj).abilities ?? []).some(
    (a) => a.kind === "static" && a.static?.kind === "unchoosable" && a.static.by === "opponentSpells",
  );
}
