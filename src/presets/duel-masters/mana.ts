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
 * A player's mana zone as payments read it, but `exclude` (a card being summoned from there): its
 * untapped cards in zone order, and their civilizations once asked for. An option list reads one
 * pool for every card it prices (`canPayFrom`).
 */
export interface ManaPool {
  readonly player: PlayerId;
  readonly exclude: GameObject | undefined;
  readonly untapped: readonly GameObject[];
  /** The untapped cards' civilizations, made on first need. */
  civs: (readonly string[])[] | undefined;
}

export function manaPool(game: Game, player: PlayerId, exclude?: GameObject): ManaPool {
  const objects = game.state.objects;
  const untapped: GameObject[] = [];
  for (const id of game.zone("mana", player).cards) {
    const o = objects[id]!;
    if (!o.tapped && o !== exclude) untapped.push(o);
  }
  return { player, exclude, untapped, civs: undefined };
}

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
  return canPayFrom(game, manaPool(game, player, exclude), cost, civs);
}

/** `canPay` against a pool read once. */
export function canPayFrom(game: Game, pool: ManaPool, cost: number, civs: readonly string[]): boolean {
  if (pool.untapped.length < cost) return false;
  if (civilizationRule(game) === "unlocked") return unlocked(game, pool.player, civs, pool.exclude);
  const want = needed(civs);
  if (want.length === 0) return true;
  // choosePayment's first picks: per civilization not yet covered, the first card (zone order)
  // with the fewest civilizations among those that have it.
  let payers = pool.civs;
  if (payers === undefined) {
    payers = pool.untapped.map((o) => civilizationsOf(game, o));
    pool.civs = payers;
  }
  const picked: number[] = [];
  for (let w = 0; w < want.length; w++) {
    const civ = want[w]!;
    if (coveredBy(payers, picked, civ)) continue;
    let best = -1;
    let fewest = Number.MAX_SAFE_INTEGER;
    for (let i = 0; i < payers.length; i++) {
      const cs = payers[i]!;
      if (cs.length < fewest && !picked.includes(i) && cs.includes(civ)) {
        best = i;
        fewest = cs.length;
      }
    }
    if (best < 0) return false;
    picked.push(best);
  }
  return picked.length <= cost;
}

/** Does one of the picked cards (indexes into `civsOf`) have `civ`? */
function coveredBy(civsOf: readonly (readonly string[])[], picked: readonly number[], civ: string): boolean {
  for (let i = 0; i < picked.length; i++) if (civsOf[picked[i]!]!.includes(civ)) return true;
  return false;
}

/**
 * The mana cards that pay `cost` with every civilization in `civs`, or null if none can. Picks
 * deterministically: first one card per civilization (the card with the fewest civilizations),
 * then the rest from the cards with the fewest civilizations and, among those, of the most
 * plentiful civilization, so flexible and rare cards stay untapped for later payments. Zone order
 * breaks every tie.
 */
export function choosePayment(
  game: Game,
  player: PlayerId,
  cost: number,
  civs: readonly string[],
  exclude?: GameObject,
): GameObject[] | null {
  const { untapped } = manaPool(game, player, exclude);
  const n = untapped.length;
  if (n < cost) return null;
  // Play's: the civilizations are unlocked by the zone; any untapped cards pay (the rest, below).
  const perCivilization = civilizationRule(game) !== "unlocked";
  if (!perCivilization && !unlocked(game, player, civs, exclude)) return null;
  const civsOf: (readonly string[])[] = new Array(n);
  let mostCivs = 0;
  for (let i = 0; i < n; i++) {
    const cs = civilizationsOf(game, untapped[i]!);
    civsOf[i] = cs;
    if (cs.length > mostCivs) mostCivs = cs.length;
  }
  // The untapped cards, fewest civilizations first, zone order among equals (a counting sort:
  // a card has a handful of civilizations at most).
  const byFlex: number[] = [];
  for (let k = 0; k <= mostCivs; k++) for (let i = 0; i < n; i++) if (civsOf[i]!.length === k) byFlex.push(i);
  const picked: number[] = [];
  const taken = new Array<boolean>(n).fill(false);
  if (perCivilization) {
    const want = needed(civs);
    for (let w = 0; w < want.length; w++) {
      const civ = want[w]!;
      if (coveredBy(civsOf, picked, civ)) continue;
      let card = -1;
      for (let k = 0; k < n; k++) {
        const i = byFlex[k]!;
        if (!taken[i] && civsOf[i]!.includes(civ)) {
          card = i;
          break;
        }
      }
      if (card < 0) return null;
      picked.push(card);
      taken[card] = true;
    }
  }
  if (picked.length > cost) return null;
  if (picked.length < cost) {
    // The rest, in byFlex order (fewest civilizations first); among equals, the most plentiful
    // civilization first: a card's score is its rarest civilization's count in the zone.
    const names: string[] = [];
    const counts: number[] = [];
    for (let i = 0; i < n; i++)
      for (const c of civsOf[i]!) {
        const at = names.indexOf(c);
        if (at < 0) {
          names.push(c);
          counts.push(1);
        } else counts[at]!++;
      }
    const rest: number[] = [];
    const score: number[] = [];
    for (let k = 0; k < n; k++) {
      const i = byFlex[k]!;
      if (taken[i]) continue;
      let r = Number.MAX_SAFE_INTEGER;
      for (const c of civsOf[i]!) r = Math.min(r, counts[names.indexOf(c)]!);
      // Stable insertion: after every card with fewer civilizations, or as many and a score as high.
      let j = rest.length;
      const len = civsOf[i]!.length;
      while (j > 0) {
        const prev = rest[j - 1]!;
        const byLength = civsOf[prev]!.length - len;
        if (byLength < 0 || (byLength === 0 && score[j - 1]! >= r)) break;
        j--;
      }
      rest.splice(j, 0, i);
      score.splice(j, 0, r);
    }
    for (let k = 0; k < rest.length && picked.length < cost; k++) picked.push(rest[k]!);
  }
  if (picked.length !== cost) return null;
  const out: GameObject[] = new Array(cost);
  for (let k = 0; k < cost; k++) out[k] = untapped[picked[k]!]!;
  return out;
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
