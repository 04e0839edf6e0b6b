/**
 * The action space's property over one random game (src/agents/action-space.ts), shared by
 * tests/agents/action-space.test.ts and `npm run check:action-space` (many thousands of games per
 * preset): at every decision, for the deciding player,
 * - every option has a slot (`canonicalOptions` fits the space; the mask is 1 on exactly the
 *   options' slots), slot and option round-trip, and each slot's option decodes to its id;
 * - no encoding names a card by handle or a player by name (cards are places, players seats);
 * - every option row has the space's width and every word of the built-in presets is listed;
 * and the encoding never throws. It returns what is wrong (or null) with where, rather than throw.
 */
import {
  type ActionSpace,
  actionIndex,
  maskOfView,
  optionAt,
  optionFeatures,
  UNLISTED,
} from "../agents/action-space.js";
import { canonicalOptions, decodeIn, encodingKey } from "../agents/encoding.js";
import type { Game } from "../core/game.js";
import { nextInt, seedRng } from "../core/rng.js";

export interface SpaceCheck {
  decisions: number;
  options: number;
  /** The most options one decision offered. */
  most: number;
  problem: string | null;
}

/** A card's handle in the game (what views name cards by), or a place (`<zone id>#<n>`). */
function isCard(game: Game, ids: Set<string>, token: string): boolean {
  const hash = token.lastIndexOf("#");
  if (hash > 0 && token.slice(0, hash) in game.state.zones) return true;
  return ids.has(token);
}

/** Plays `game` with random responses (at most `maxActions`), checking every decision. */
export function checkActionSpaceGame(
  game: Game,
  space: ActionSpace,
  seed: string,
  maxActions = 3000,
  listedWords = true,
): SpaceCheck {
  const rng = seedRng(`space:${seed}`);
  const out: SpaceCheck = { decisions: 0, options: 0, most: 0, problem: null };
  const names = game.state.players.map((p) => p.name);
  for (let i = 0; i < maxActions && !game.over; i++) {
    const d = game.state.decision!;
    const where = `response ${i}, ${d.kind} of P${d.player + 1}`;
    try {
      const view = game.viewFor(d.player);
      const legal = canonicalOptions(view);
      out.decisions++;
      out.options += legal.length;
      out.most = Math.max(out.most, legal.length);
      if (legal.length !== d.options.length)
        throw new Error(`${legal.length} encoded of ${d.options.length}`);
      const mask = maskOfView(space, view);
      let ones = 0;
      for (const v of mask) ones += v;
      if (ones !== legal.length) throw new Error(`the mask has ${ones} ones for ${legal.length} options`);
      const rows = optionFeatures(space, legal);
      const ids = new Set<string>();
      for (const o of Object.values(game.state.objects)) if (o.handle) ids.add(o.handle);
      for (const [k, o] of legal.entries()) {
        const key = encodingKey(o.encoding);
        for (const a of [o.encoding.kind, ...o.encoding.args])
          for (const token of a.split(/[,+=]/)) {
            if (names.includes(token)) throw new Error(`${o.id}: a player's name left in ${key}`);
            if (isCard(game, ids, token)) throw new Error(`${o.id}: a card's id left in ${key}`);
          }
        if (mask[k] !== 1) throw new Error(`slot ${k} (${key}) is masked`);
        if (actionIndex(space, legal, o.encoding) !== k) throw new Error(`${key} is not at slot ${k}`);
        if (optionAt(space, legal, k).id !== o.id) throw new Error(`slot ${k} is not ${o.id}`);
        if (decodeIn(legal, o.encoding) !== o.id) throw new Error(`${key} decodes to another option`);
        const row = rows[k]!;
        if (row.length !== space.width) throw new Error(`${key}: a row of ${row.length}, not ${space.width}`);
        if (listedWords) {
          const argsFrom = 3 + 4 * space.refSlots;
          const w = row.findIndex(
            (x, j) => x === UNLISTED && (j === 0 || (j >= argsFrom && (j - argsFrom) % 2 === 0)),
          );
          if (w >= 0) throw new Error(`${key}: a word the vocabulary does not list (row ${row.join(",")})`);
        }
      }
      game.act({ player: d.player, choice: d.options[nextInt(rng, d.options.length)]!.id });
    } catch (e) {
      out.problem = `seed ${seed}, ${where}: ${(e as Error).name}: ${(e as Error).message}`;
      return out;
    }
  }
  return out;
}
