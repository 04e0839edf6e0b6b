/**
 * Sagas (CR 714) on counter events. A Saga's chapter ability is a triggered ability on the
 * kernel's `counter` event: it triggers when lore counters are put on the Saga, by any cause (its
 * entering, CR 714.3a; the precombat main phase's turn-based action, CR 714.3b; an effect that
 * puts lore counters on it), if the Saga had fewer than N lore counters and now has at least N
 * (CR 714.2b) — so one addition that crosses several chapter numbers triggers each of them. The
 * final chapter number is `stats.chapters` (CR 714.2c); a Saga with at least that many lore
 * counters and no chapter ability of it on the stack is sacrificed (CR 714.4, 704.5s: sba.ts).
 */
import { DefinitionError } from "../../core/errors.js";
import type { Game } from "../../core/game.js";
import type { GameObject } from "../../core/types.js";
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import type { MagicOp } from "./ops.generated.js";
import { isType } from "./state.js";

export const LORE = "lore";

type Ability = NonNullable<PresetCardDef<MagicOp>["abilities"]>[number];

/** The event pattern of chapter N (CR 714.2b): lore counters brought the Saga from below N to at least N. */
export const chapterTrigger = (n: number) =>
  ({
    on: "counter",
    self: true,
    // CR 702.155: the lore counters read ahead puts below the chosen chapter trigger nothing.
    where: {
      "data.counter": LORE,
      "data.before": { lt: n },
      "data.total": { gte: n },
      "cause.rule": { ne: "readAhead" },
    },
    noun: `chapter ${n}`,
  }) as const;

const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII"];

/**
 * Chapter N of a Saga as data (CR 714.2a–b): `chapter(2, "Each opponent discards a card.", [...])`
 * is "II — Each opponent discards a card." Its id is `chapter<N>`. `extra` adds fields (a `cost`
 * with the target chosen as it is put on the stack, CR 603.3d).
 */
export function chapter(
  n: number,
  text: string,
  effect: Ability["effect"],
  extra: Partial<Ability> = {},
): Ability {
  if (!Number.isInteger(n) || n < 1)
    throw new DefinitionError(`a Saga's chapter number must be 1 or more, not ${n}`);
  return {
    id: `chapter${n}`,
    kind: "triggered",
    text: `${ROMAN[n] ?? n} — ${text}`,
    trigger: chapterTrigger(n),
    effect,
    ...extra,
  };
}

/**
 * A Saga's final chapter number (CR 714.2c: `stats.chapters`), refused with a clear error when the
 * card doesn't say it; 0 for a permanent that isn't a Saga.
 */
export function finalChapter(game: Game, obj: GameObject): number {
  if (!isType(game, obj, "saga")) return 0;
  const card = game.card(obj);
  const n = card.stats?.chapters;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1)
    throw new DefinitionError(
      `${card.name}: a Saga needs stats.chapters, its final chapter number (CR 714.2c), a whole number of 1 or more, not ${JSON.stringify(n)}`,
    );
  return n;
}
