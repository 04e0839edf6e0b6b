/**
 * A fixed-size action space over encoded options (encoding.ts), with a legal-action mask, for
 * learners that need one output per action. Presets declare no verbs, so the space is
 * built from a spec: for each option kind, which zones each of its card references may lie in and
 * which argument tuples it takes; for each zone kind, how many positions count (its bound).
 *
 * Layout: kinds in the spec's order, each a block of
 *   Π over its ref positions (1 + slots of that position) × (number of its argument tuples)
 * indices, mixed radix: ref positions first (0 = no card there, 1 + slot otherwise), the argument
 * tuple last. A position's slots are its zones in order, `bound(zone kind)` each.
 *
 * An option that doesn't fit (an unknown kind or argument, a zone not allowed there, a position
 * beyond the bound, more cards than the kind has positions) is refused with an ActionSpaceError
 * naming it: never dropped from the mask in silence.
 *
 * `inferActionSpec` makes a spec from random games; freeze its JSON for training runs.
 */
import { TurnkitError } from "../core/errors.js";
import { Game } from "../core/game.js";
import type { JsonObject } from "../core/json.js";
import type { Preset } from "../core/preset.js";
import { nextInt, seedRng } from "../core/rng.js";
import type { PlayerId } from "../core/types.js";
import type { PlayerView } from "../core/view.js";
import {
  type CardRef,
  type EncodedAction,
  type EncodedOption,
  encodeView,
  encodingKey,
  type Seat,
} from "./encoding.js";

export class ActionSpaceError extends TurnkitError {
  override name = "ActionSpaceError";
}

/** `<seat>:<zone kind>`, e.g. `self:hand`, `opponent:battle`, `2:graveyard`, `shared:stack`. */
export type ZoneKey = string;

export interface ActionKindSpec {
  kind: string;
  /** For each card reference position: the zones a card there may lie in. */
  refs: ZoneKey[][];
  /** The argument tuples it takes, each as its args joined by ":" ("" for none). */
  args: string[];
}

export interface ActionSpaceSpec {
  /** The preset's id (checked against the games it is used with). */
  preset: string;
  /** Zone kind → positions that count (0 … bound-1); a card at bound or beyond does not fit. */
  bounds: Record<string, number>;
  kinds: ActionKindSpec[];
}

/** One kind's block of the space (actionSpace). */
export interface ActionKindBlock {
  spec: ActionKindSpec;
  offset: number;
  size: number;
  /** Per ref position: 1 + its slot count (0 = no card). */
  radix: number[];
  /** Per ref position: zone key → first slot. */
  slotStart: Map<ZoneKey, number>[];
  args: Map<string, number>;
}

export interface ActionSpace {
  readonly spec: ActionSpaceSpec;
  readonly size: number;
  readonly blocks: ReadonlyMap<string, ActionKindBlock>;
}

export function zoneKey(ref: Pick<CardRef, "owner" | "zone">): ZoneKey {
  return `${ref.owner}:${ref.zone}`;
}

function parseSeat(s: string): Seat {
  if (s === "self" || s === "opponent" || s === "shared") return s;
  const n = Number(s);
  if (!Number.isInteger(n) || n < 1) throw new ActionSpaceError(`"${s}" is not a seat`);
  return n;
}

/** Builds the space of a spec, after checking its zone kinds against the preset. */
export function actionSpace(preset: Preset, spec: ActionSpaceSpec): ActionSpace {
  if (spec.preset !== preset.id)
    throw new ActionSpaceError(`the spec is for preset "${spec.preset}", not "${preset.id}"`);
  const zoneKinds = new Set(preset.zones.map((z) => z.kind));
  for (const [kind, b] of Object.entries(spec.bounds)) {
    if (!zoneKinds.has(kind)) throw new ActionSpaceError(`${preset.id} has no zone kind "${kind}"`);
    if (!Number.isInteger(b) || b < 0) throw new ActionSpaceError(`bound of ${kind} must be a whole number`);
  }
  const blocks = new Map<string, ActionKindBlock>();
  let offset = 0;
  for (const k of spec.kinds) {
    if (blocks.has(k.kind)) throw new ActionSpaceError(`kind "${k.kind}" is listed twice`);
    if (k.args.length === 0)
      throw new ActionSpaceError(`kind "${k.kind}" lists no argument tuple ("" for none)`);
    const radix: number[] = [];
    const slotStart: Map<ZoneKey, number>[] = [];
    for (const zones of k.refs) {
      const starts = new Map<ZoneKey, number>();
      let slots = 0;
      for (const key of zones) {
        const colon = key.indexOf(":");
        const zone = key.slice(colon + 1);
        parseSeat(key.slice(0, colon));
        const bound = spec.bounds[zone];
        if (bound === undefined)
          throw new ActionSpaceError(`kind "${k.kind}" names zone ${key}, which has no bound`);
        starts.set(key, slots);
        slots += bound;
      }
      radix.push(slots + 1);
      slotStart.push(starts);
    }
    const size = radix.reduce((a, b) => a * b, 1) * k.args.length;
    blocks.set(k.kind, {
      spec: k,
      offset,
      size,
      radix,
      slotStart,
      args: new Map(k.args.map((a, i) => [a, i])),
    });
    offset += size;
  }
  return { spec, size: offset, blocks };
}

export function actionSpaceSize(space: ActionSpace): number {
  return space.size;
}

/** The index of an encoded option; an ActionSpaceError saying what doesn't fit. */
export function actionIndex(space: ActionSpace, e: EncodedAction): number {
  const misfit = (why: string) =>
    new ActionSpaceError(`${encodingKey(e)} doesn't fit the action space: ${why}`);
  if (e.n) throw misfit("it is a duplicate encoding");
  const b = space.blocks.get(e.kind);
  if (!b) throw misfit(`no kind "${e.kind}"`);
  if (e.refs.length > b.radix.length) throw misfit(`${e.kind} has ${b.radix.length} card positions`);
  let index = 0;
  for (const [j, radix] of b.radix.entries()) {
    const r = e.refs[j];
    let digit = 0;
    if (r) {
      if (r.under !== undefined) throw misfit("a card under another card has no slot");
      const start = b.slotStart[j]!.get(zoneKey(r));
      if (start === undefined) throw misfit(`card ${j + 1} may not be in ${zoneKey(r)}`);
      const bound = space.spec.bounds[r.zone]!;
      if (r.index >= bound) throw misfit(`position ${r.index} of ${r.zone} is beyond its bound ${bound}`);
      digit = 1 + start + r.index;
    }
    index = index * radix + digit;
  }
  const a = b.args.get(e.args.join(":"));
  if (a === undefined) throw misfit(`${e.kind} takes no arguments "${e.args.join(":")}"`);
  return b.offset + index * b.spec.args.length + a;
}

/** The encoded option at an index of the space (the inverse of actionIndex). */
export function actionAt(space: ActionSpace, index: number): EncodedAction {
  if (!Number.isInteger(index) || index < 0 || index >= space.size)
    throw new ActionSpaceError(`action index ${index} is outside 0…${space.size - 1}`);
  for (const b of space.blocks.values()) {
    if (index >= b.offset + b.size) continue;
    let rest = index - b.offset;
    const args = b.spec.args[rest % b.spec.args.length]!;
    rest = Math.floor(rest / b.spec.args.length);
    const digits: number[] = [];
    for (let j = b.radix.length - 1; j >= 0; j--) {
      digits[j] = rest % b.radix[j]!;
      rest = Math.floor(rest / b.radix[j]!);
    }
    const refs: CardRef[] = [];
    for (const [j, digit] of digits.entries()) {
      if (digit === 0) continue;
      const slot = digit - 1;
      for (const [key, start] of b.slotStart[j]!) {
        const colon = key.indexOf(":");
        const zone = key.slice(colon + 1);
        if (slot < start || slot >= start + space.spec.bounds[zone]!) continue;
        refs.push({ owner: parseSeat(key.slice(0, colon)), zone, index: slot - start });
        break;
      }
    }
    return { kind: b.spec.kind, refs, args: args === "" ? [] : args.split(":") };
  }
  throw new ActionSpaceError(`action index ${index} is in no block`);
}

/** The indices of options already encoded, in their order (an ActionSpaceError for one that doesn't fit). */
export function indicesOf(space: ActionSpace, options: readonly EncodedOption[]): number[] {
  return options.map((o) => actionIndex(space, o.encoding));
}

/**
 * 1 at the index of every option `player` may choose now, 0 elsewhere (all 0 when the pending
 * decision is not theirs). From the player's view alone, like the encoding.
 */
export function legalMask(space: ActionSpace, game: Game, player: PlayerId): Uint8Array {
  return maskOfView(space, game.viewFor(player));
}

export function maskOfView(space: ActionSpace, view: PlayerView): Uint8Array {
  if (view.preset !== space.spec.preset)
    throw new ActionSpaceError(`the action space is for ${space.spec.preset}, the game is ${view.preset}`);
  const mask = new Uint8Array(space.size);
  for (const i of indicesOf(space, encodeView(view))) mask[i] = 1;
  return mask;
}

export interface InferOptions {
  /** Random games to play (default 20). */
  games?: number;
  seed?: number;
  /** Responses per game at most (default 2000). */
  maxActions?: number;
  /** Preset options of the games. */
  options?: JsonObject;
  /** Use the preset's random decks (`Preset.randomDecks`) on odd games, to meet more cards. */
  randomDecks?: boolean;
  /** Bounds that replace the observed ones (zone kind → positions). */
  bounds?: Record<string, number>;
}

/**
 * A spec that fits every option met in random games of the preset: each kind with the zones and
 * argument tuples seen, each zone's bound the largest position seen plus one (or `opts.bounds`).
 * Sorted, so the same games give the same spec. Options met later that don't fit are refused
 * (ActionSpaceError): play more games or raise the bounds.
 */
export function inferActionSpec(preset: Preset, opts: InferOptions = {}): ActionSpaceSpec {
  const games = opts.games ?? 20;
  const seed = opts.seed ?? 1;
  const kinds = new Map<string, { refs: Set<ZoneKey>[]; args: Set<string> }>();
  const bounds: Record<string, number> = {};
  const rng = seedRng(`infer:${seed}`);
  for (let g = 0; g < games; g++) {
    const s = seed * 100_003 + g;
    const decks =
      opts.randomDecks && g % 2 === 1 && preset.randomDecks
        ? preset.randomDecks(2, (n) => nextInt(rng, n))
        : undefined;
    const game = Game.create(preset, {
      seed: s,
      logging: "none",
      ...(opts.options ? { options: opts.options } : {}),
      ...(decks ? { decks } : {}),
    }).run();
    for (let i = 0; !game.over && i < (opts.maxActions ?? 2000); i++) {
      const d = game.state.decision!;
      for (const o of encodeView(game.viewFor(d.player))) {
        const e = o.encoding;
        const k = kinds.get(e.kind) ?? { refs: [], args: new Set<string>() };
        kinds.set(e.kind, k);
        k.args.add(e.args.join(":"));
        for (const [j, r] of e.refs.entries()) {
          const zones = k.refs[j] ?? new Set<ZoneKey>();
          k.refs[j] = zones;
          zones.add(zoneKey(r));
          bounds[r.zone] = Math.max(bounds[r.zone] ?? 0, r.index + 1);
        }
      }
      game.act({ player: d.player, choice: d.options[nextInt(rng, d.options.length)]!.id });
    }
  }
  return {
    preset: preset.id,
    bounds: Object.fromEntries(
      Object.entries({ ...bounds, ...opts.bounds }).sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
    kinds: [...kinds.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([kind, k]) => ({ kind, refs: k.refs.map((z) => [...z].sort()), args: [...k.args].sort() })),
  };
}
