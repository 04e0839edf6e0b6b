/**
 * A fixed-size action space with a legal-action mask, for learners that need one output per
 * action, and a factored description of every option for learners that look at what an action
 * does.
 *
 * - **Slots.** The space has `size` slots, by default `LIMITS.decisionOptions` — the most options
 *   any decision of any game may offer (core/bounds.ts) — so every option of every legal game has
 *   a slot: the space is derived from that declared maximum, never from sample games. Slot i is
 *   the i-th option of the decision in canonical order (`canonicalOptions`: sorted by the
 *   encoding, which names cards by place and players by seat, never by id), so equal situations
 *   give equal slots and masks. The mask is 1 on slots 0 … n-1 for n options.
 *   A smaller `maxOptions` makes a smaller space; a decision with more options is then refused
 *   with an ActionSpaceError naming the bound (never cut short in silence).
 * - **Option features.** `optionFeatures` describes each option as a row of whole numbers of one
 *   width per space: its kind, how many cards and arguments it names, and per card slot its seat,
 *   zone kind, position and position under; per argument slot its word and amount. Words are
 *   numbered from the space's vocabulary (the verbs and words the built-in presets write, and the
 *   ability ids of the card library); a word not listed gets `UNLISTED`. Cards and arguments past
 *   the slots are counted (`refs`, `args`) but not described: the row stays one width.
 *
 * Everything is computed from the player's view, like the encoding (encoding.ts).
 */
import { LIMITS } from "../core/bounds.js";
import { TurnkitError } from "../core/errors.js";
import type { Game } from "../core/game.js";
import type { Preset } from "../core/preset.js";
import type { PlayerId } from "../core/types.js";
import type { PlayerView } from "../core/view.js";
import type { CardDef } from "../core/vocabulary/schema.js";
import {
  type CardRef,
  canonicalOptions,
  type EncodedAction,
  type EncodedOption,
  encodingKey,
} from "./encoding.js";
import { OPTION_WORDS } from "./option-words.js";

export class ActionSpaceError extends TurnkitError {
  override name = "ActionSpaceError";
}

/** Word id of "no word here" and of a word the space's vocabulary does not list. */
export const NO_WORD = 0;
export const UNLISTED = 1;

export interface ActionSpaceOptions {
  /** Slots (default LIMITS.decisionOptions, which every decision fits). */
  maxOptions?: number;
  /** Cards described per option row (default 4). */
  refSlots?: number;
  /** Arguments described per option row (default 4). */
  argSlots?: number;
  /** Cards besides the preset's library, whose ability ids join the vocabulary. */
  cards?: readonly CardDef[];
}

export interface ActionSpace {
  readonly preset: string;
  /** Number of slots: the action indices are 0 … size-1. */
  readonly size: number;
  readonly refSlots: number;
  readonly argSlots: number;
  /** Word ids: words[i] has id i (0: none, 1: unlisted). */
  readonly words: readonly string[];
  /** Zone kinds: zones[i] has id i + 1 (0: none). */
  readonly zones: readonly string[];
  /** Numbers per option row (see `optionFeatureNames`). */
  readonly width: number;
}

const wordIndex = new WeakMap<ActionSpace, Map<string, number>>();

function abilityIds(cards: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const c of cards) {
    const abilities = (c as { abilities?: { id?: unknown }[] }).abilities ?? [];
    for (const a of abilities) if (typeof a.id === "string") out.push(a.id);
  }
  return out;
}

function slotCount(what: string, n: number | undefined, dflt: number, max: number): number {
  const v = n ?? dflt;
  if (!Number.isSafeInteger(v) || v < 1 || v > max)
    throw new ActionSpaceError(`${what} must be a whole number from 1 to ${max}, not ${String(n)}`);
  return v;
}

/** The space of a preset (and of any extra cards its games use). */
export function actionSpace(preset: Preset, opts: ActionSpaceOptions = {}): ActionSpace {
  const size = slotCount("maxOptions", opts.maxOptions, LIMITS.decisionOptions, LIMITS.decisionOptions);
  const refSlots = slotCount("refSlots", opts.refSlots, 4, 64);
  const argSlots = slotCount("argSlots", opts.argSlots, 4, 64);
  const listed = new Set<string>([
    ...OPTION_WORDS,
    ...abilityIds(preset.cards),
    ...abilityIds(opts.cards ?? []),
  ]);
  const words = [
    "",
    "?",
    ...[...listed]
      .map(wordOf)
      .filter((w) => w !== "")
      .sort(),
  ];
  const unique = [...new Set(words)];
  const space: ActionSpace = {
    preset: preset.id,
    size,
    refSlots,
    argSlots,
    words: unique,
    zones: preset.zones.map((z) => z.kind),
    width: 3 + 4 * refSlots + 2 * argSlots,
  };
  wordIndex.set(space, new Map(unique.map((w, i) => [w, i])));
  return space;
}

export function actionSpaceSize(space: ActionSpace): number {
  return space.size;
}

/** `n` options fit the space, or an ActionSpaceError naming the bound. */
function checkFits(space: ActionSpace, n: number): void {
  if (n > space.size)
    throw new ActionSpaceError(
      `the decision has ${n} options, more than the ${space.size} slots of this action space (maxOptions)`,
    );
}

/** The index of an encoded option among `options` (canonical order, as `canonicalOptions` gives them). */
export function actionIndex(space: ActionSpace, options: readonly EncodedOption[], e: EncodedAction): number {
  checkFits(space, options.length);
  const key = encodingKey(e);
  const i = options.findIndex((o) => encodingKey(o.encoding) === key);
  if (i < 0)
    throw new ActionSpaceError(
      `${key} is not an option of the decision; options: ${options.map((o) => encodingKey(o.encoding)).join(", ") || "none"}`,
    );
  return i;
}

/** The option at slot `index` of `options` (canonical order). */
export function optionAt(
  space: ActionSpace,
  options: readonly EncodedOption[],
  index: number,
): EncodedOption {
  checkFits(space, options.length);
  if (!Number.isSafeInteger(index) || index < 0 || index >= space.size)
    throw new ActionSpaceError(`action index ${index} is outside 0…${space.size - 1}`);
  const o = options[index];
  if (!o)
    throw new ActionSpaceError(
      `action index ${index} is masked: the decision has ${options.length} option${options.length === 1 ? "" : "s"} (indices 0…${options.length - 1})`,
    );
  return o;
}

/**
 * 1 at the slot of every option `player` may choose now, 0 elsewhere (all 0 when the pending
 * decision is not theirs). From the player's view alone, like the encoding.
 */
export function legalMask(space: ActionSpace, game: Game, player: PlayerId): Uint8Array {
  return maskOfView(space, game.viewFor(player));
}

export function maskOfView(space: ActionSpace, view: PlayerView): Uint8Array {
  checkPreset(space, view);
  return maskOf(space, canonicalOptions(view).length);
}

/** The mask of a decision with `n` options. */
export function maskOf(space: ActionSpace, n: number): Uint8Array {
  checkFits(space, n);
  const mask = new Uint8Array(space.size);
  mask.fill(1, 0, n);
  return mask;
}

function checkPreset(space: ActionSpace, view: PlayerView): void {
  if (view.preset !== space.preset)
    throw new ActionSpaceError(`the action space is for ${space.preset}, the game is ${view.preset}`);
}

/** A word and the amount written in it: `X=3` → `X=`, 3; `@opponent=2` → `@opponent=`, 2; `set2` → `set`, 2; `3` → `#`, 3. */
function splitAmount(arg: string): [string, number] {
  const m = /^(.*?)(\d+)$/.exec(arg);
  const n = Number(m?.[2]);
  if (!m || !Number.isSafeInteger(n)) return [arg, 0];
  // A bare number is "#"; a twin pending ability's `draw#2` is the ability `draw`, second.
  const w = m[1] === "" ? "#" : m[1]!.endsWith("#") && m[1]!.length > 1 ? m[1]!.slice(0, -1) : m[1]!;
  return [w, n];
}

function wordOf(arg: string): string {
  return splitAmount(arg)[0];
}

function seatCode(owner: CardRef["owner"]): number {
  if (owner === "shared") return 1;
  if (owner === "self") return 2;
  if (owner === "opponent") return 3;
  return 2 + owner;
}

/** Names of the numbers of an option row, in order. */
export function optionFeatureNames(space: ActionSpace): string[] {
  const out = ["kind", "refs", "args"];
  for (let i = 0; i < space.refSlots; i++)
    out.push(`ref${i}.seat`, `ref${i}.zone`, `ref${i}.index`, `ref${i}.under`);
  for (let i = 0; i < space.argSlots; i++) out.push(`arg${i}.word`, `arg${i}.amount`);
  return out;
}

/**
 * One row per option (`space.width` numbers each): kind (word id), card count, argument count;
 * per card slot: seat (0 none, 1 shared, 2 self, 3 the next seat …), zone (0 none, 1 + index in
 * `space.zones`), position + 1 and position under + 1 (0: none); per argument slot: word id and
 * amount (`X=3` → `X=`, 3; 0 when the word has none).
 */
export function optionFeatures(space: ActionSpace, options: readonly EncodedOption[]): number[][] {
  const index = wordIndex.get(space)!;
  const word = (w: string) => index.get(w) ?? UNLISTED;
  return options.map(({ encoding: e }) => {
    const row = [word(e.kind), e.refs.length, e.args.length];
    for (let i = 0; i < space.refSlots; i++) {
      const r = e.refs[i];
      if (!r) row.push(0, 0, 0, 0);
      else
        row.push(
          seatCode(r.owner),
          space.zones.indexOf(r.zone) + 1,
          r.index + 1,
          r.under === undefined ? 0 : r.under + 1,
        );
    }
    for (let i = 0; i < space.argSlots; i++) {
      const a = e.args[i];
      if (a === undefined) row.push(NO_WORD, 0);
      else {
        const [w, n] = splitAmount(a);
        row.push(word(w), n);
      }
    }
    return row;
  });
}
