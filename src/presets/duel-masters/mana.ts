/**
 * Mana: a card's cost is paid by tapping that many untapped cards in the mana zone, at least one
 * of each of the card's civilizations among them (DM 601.1). Multicolored cards enter the mana zone
 * tapped. Duel Masters Play's (option `civilizations: "unlocked"`, plays-rules.ts): a civilization
 * is unlocked (解放) while any card of it is in the mana zone, tapped or not, and the cost is paid
 * with any untapped cards (dmwiki 「TCG版との差異点 (デュエプレ)」, マナコスト).
 */
import type { Game } from "../../core/game.js";
import { setTapped } from "../../core/objects.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import { civilizationRule } from "./plays-rules.js";

export function civilizationsOf(game: Game, obj: GameObject): string[] {
  return (game.card(obj).civilizations as string[] | undefined) ?? [];
}

export function costOf(game: Game, obj: GameObject): number {
  return Number(game.characteristic(obj, "cost") ?? 0);
}

/**
 * The mana cards that pay `cost` with every civilization in `civs`, or null if none can. Picks
 * deterministically: first one card per civilization (the card with the fewest civilizations),
 * then the rest from the cards with the fewest civilizations and, among those, of the most
 * plentiful civilization, so flexible and rare cards stay untapped for later payments.
 */
/**
 * Whether `choosePayment` would find a payment (the same answer, without choosing the cards):
 * enough untapped cards, and one card for each civilization picked as it picks them. Option
 * lists ask this for every card at every decision.
 */
export function canPay(
  game: Game,
  player: PlayerId,
  cost: number,
  civs: readonly string[],
  exclude?: GameObject,
): boolean {
  const zone = game.zone("mana", player);
  const objects = game.state.objects;
  let untapped = 0;
  for (const id of zone.cards) {
    const o = objects[id]!;
    if (!o.tapped && o !== exclude) untapped++;
  }
  if (untapped < cost) return false;
  if (civilizationRule(game) === "unlocked") return unlocked(game, player, civs, exclude);
  // choosePayment's first picks: per civilization not yet covered, the first card (zone order)
  // with the fewest civilizations among those that have it.
  const picked: GameObject[] = [];
  for (const civ of needed(civs)) {
    if (picked.some((o) => civilizationsOf(game, o).includes(civ))) continue;
    let best: GameObject | undefined;
    let fewest = Number.MAX_SAFE_INTEGER;
    for (const id of zone.cards) {
      const o = objects[id]!;
      if (o.tapped || o === exclude || picked.includes(o)) continue;
      const cs = civilizationsOf(game, o);
      if (cs.length < fewest && cs.includes(civ)) {
        best = o;
        fewest = cs.length;
      }
    }
    if (!best) return false;
    picked.push(best);
  }
  return picked.length <= cost;
}

export function choosePayment(
  game: Game,
  player: PlayerId,
  cost: number,
  civs: readonly string[],
  exclude?: GameObject,
): GameObject[] | null {
  const untapped = game.cardsIn("mana", player).filter((o) => !o.tapped && o !== exclude);
  if (untapped.length < cost) return null;
  const byFlex = [...untapped].sort(
    (a, b) => civilizationsOf(game, a).length - civilizationsOf(game, b).length,
  );
  const picked: GameObject[] = [];
  // Play's: the civilizations are unlocked by the zone; any untapped cards pay (the rest, below).
  const perCivilization = civilizationRule(game) !== "unlocked";
  if (!perCivilization && !unlocked(game, player, civs, exclude)) return null;
  for (const civ of perCivilization ? needed(civs) : []) {
    if (picked.some((o) => civilizationsOf(game, o).includes(civ))) continue;
    const card = byFlex.find((o) => !picked.includes(o) && civilizationsOf(game, o).includes(civ));
    if (!card) return null;
    picked.push(card);
  }
  if (picked.length > cost) return null;
  if (picked.length === cost) return picked;
  // The rest: fewest civilizations first, then the most plentiful civilization (scored once each).
  const plenty = new Map<string, number>();
  for (const o of untapped) for (const c of civilizationsOf(game, o)) plenty.set(c, (plenty.get(c) ?? 0) + 1);
  const scored: { o: GameObject; civs: number; rarest: number }[] = [];
  for (const o of byFlex) {
    if (picked.includes(o)) continue;
    const civs = civilizationsOf(game, o);
    let rarest = Number.MAX_SAFE_INTEGER;
    for (const c of civs) rarest = Math.min(rarest, plenty.get(c) ?? 0);
    scored.push({ o, civs: civs.length, rarest });
  }
  scored.sort((a, b) => a.civs - b.civs || b.rarest - a.rarest);
  for (const { o } of scored) {
    if (picked.length >= cost) break;
    picked.push(o);
  }
  return picked.length === cost ? picked : null;
}

/** The civilizations a cost asks for: a colorless (無色) card asks for none. */
function needed(civs: readonly string[]): readonly string[] {
  return civs.includes("colorless") ? civs.filter((c) => c !== "colorless") : civs;
}

/**
 * Duel Masters Play's 解放: every civilization of `civs` has a card in `player`'s mana zone (tapped
 * or not; not `exclude`, the card being summoned from there).
 */
export function unlocked(
  game: Game,
  player: PlayerId,
  civs: readonly string[],
  exclude?: GameObject,
): boolean {
  // Asked for every card at every decision: a walk over the zone, no lists built.
  const cards = game.zone("mana", player).cards;
  const objects = game.state.objects;
  for (const c of civs) {
    if (c === "colorless") continue; // asks for no civilization (needed)
    let there = false;
    for (const id of cards) {
      const o = objects[id]!;
      if (o !== exclude && civilizationsOf(game, o).includes(c)) {
        there = true;
        break;
      }
    }
    if (!there) return false;
  }
  return true;
}

export function payMana(game: Game, player: PlayerId, cards: GameObject[]): void {
  // DM 601.1: the mana paid is tapped: one simultaneous event, each card's own tap (cause: a cost).
  game.simultaneously(() => {
    for (const o of cards) setTapped(game, o, true, { kind: "cost", player });
  });
  game.emit({ type: "payMana", player, data: { cards: cards.map((o) => o.id) } });
}
