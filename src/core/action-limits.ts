/**
 * Limits on the game's own actions, as data (DESIGN: usage limits, applied to game actions): "one
 * land per turn" (CR 305.2) and "you may play an additional land this turn" (CR 305.2a), "each
 * player can't cast more than one spell each turn", Yu-Gi-Oh!'s one Normal Summon or Set per turn
 * and "you can conduct an additional Normal Summon", Duel Masters' one mana charge per turn.
 *
 * A preset declares each action it limits (`Preset.actionLimits`): the events that count as one
 * use of it — counted in O(1) like any event — how many a player may make per window, and what to
 * call one. Effects change the number: a continuous effect of kind `actionLimit` on a player (the
 * `until` op, value `{ action, times?, add?, max? }`) or a static ability `{ kind: actionLimit,
 * action, times?, add?, max?, player? }` (`player`: `self` — the default —, `opponent` or `any`,
 * relative to its controller). `times` makes the number allowed at least that many, however many
 * such effects apply (Yu-Gi-Oh!'s Double Summon, "You can conduct 2 Normal Summons/Sets this turn,
 * not just 1": two of them still allow 2); `add` allows more on top; `max` caps the total whatever
 * allows more ("can't cast more than one spell each turn"); the highest `times` and the lowest cap
 * win.
 */

import type { ActionLimitDef, Allowance } from "./contract/data.js";
import type { Game } from "./contract/game.js";
import { activeEffects } from "./durations.js";
import { countEvents } from "./events.js";
import { plural } from "./labels.js";
import { isRelative } from "./match.js";
import type { PlayerId } from "./types.js";
import type { RelativePlayer } from "./vocabulary/schema.js";

export type { ActionLimitDef, Allowance } from "./contract/data.js";

/** The kind of continuous effects and static abilities that change an action limit. */
export const ACTION_LIMIT = "actionLimit";

interface LimitChange {
  action?: unknown;
  times?: unknown;
  add?: unknown;
  max?: unknown;
  player?: RelativePlayer;
}

/** A continuous effect or static ability changing a limit, with its source's name. */
interface Change {
  times: number | undefined;
  add: number;
  max: number | undefined;
  source: string;
}

function changeOf(v: LimitChange, source: string): Change {
  return {
    times: typeof v.times === "number" ? v.times : undefined,
    add: typeof v.add === "number" ? v.add : 0,
    max: typeof v.max === "number" ? v.max : undefined,
    source,
  };
}

function changesFor(game: Game, action: string, player: PlayerId): Change[] {
  const out: Change[] = [];
  if (game.state.durations.length > 0)
    for (const d of activeEffects(game, ACTION_LIMIT)) {
      const v = (d.effect.value ?? {}) as LimitChange;
      if (v.action !== action) continue;
      const t = d.effect.target;
      if (t && "player" in t && t.player !== player) continue;
      out.push(changeOf(v, d.source?.name ?? d.label));
    }
  if (game.rules.staticZones.has(ACTION_LIMIT))
    for (const ref of game.staticAbilities(ACTION_LIMIT)) {
      const st = ref.ability.static as LimitChange;
      if (st.action !== action || !isRelative(game, st.player ?? "self", player, ref.controller)) continue;
      out.push(changeOf(st, ref.card.name));
    }
  return out;
}

/** Memo keys (Game.memo) of the changes to one action's limit for one player, while an option list is built. */
const changeKeys = new Map<string, string>();
const NO_CHANGES: readonly Change[] = [];

/**
 * The changes to an action's limit for a player now: none without a duration or a static of the
 * kind (the usual case, no scan); kept for the rest of a `withMemo` scope (every card of a hand is
 * asked the same while its options are built).
 */
function changesNow(game: Game, action: string, player: PlayerId): readonly Change[] {
  if (game.state.durations.length === 0 && !game.rules.staticZones.has(ACTION_LIMIT)) return NO_CHANGES;
  if (!game.memoizing) return changesFor(game, action, player);
  const id = `${action}\u0000${player}`;
  let key = changeKeys.get(id);
  if (key === undefined) {
    key = `actionLimit changes ${id}`;
    changeKeys.set(id, key);
  }
  return game.memo(key, () => changesFor(game, action, player));
}

/**
 * May `player` take one more `action` now: the preset's limit as effects change it. With `explain`,
 * a refusal says why (the message is built only when asked: option lists ask without it).
 */
export function actionAllowance(
  game: Game,
  action: string,
  player: PlayerId,
  { explain = false }: { explain?: boolean } = {},
): Allowance {
  const def = game.rules.preset.actionLimits?.[action];
  if (!def) throw new Error(`no action limit "${action}" in ${game.rules.preset.name}`);
  const window = def.window ?? "turn";
  const changes = changesNow(game, action, player);
  let allowed = def.times ?? Number.POSITIVE_INFINITY;
  let cap: Change | undefined;
  // "You can conduct 2 … this turn": the number becomes at least that many (the highest wins).
  for (const c of changes) if (c.times !== undefined && c.times > allowed) allowed = c.times;
  for (const c of changes) allowed += c.add;
  for (const c of changes) if (c.max !== undefined && (cap === undefined || c.max < cap.max!)) cap = c;
  if (cap && cap.max! < allowed) allowed = cap.max!;
  if (!(window in game.state.clock.windows)) return { action, used: 0, allowed, ok: allowed > 0 };
  const { n: used, first } = countEvents(game, def.counts, window, player);
  const out: Allowance = { action, used, allowed, ok: used < allowed, ...(first ? { first } : {}) };
  if (!out.ok && explain) out.reason = refusal(game, def, player, used, allowed, changes, cap, window);
  return out;
}

/** "1 Normal Summon or Set", "2 Normal Summons or Sets". */
function counted(n: number, def: ActionLimitDef): string {
  return plural(n, def.noun, def.plural);
}

function refusal(
  game: Game,
  def: ActionLimitDef,
  player: PlayerId,
  used: number,
  allowed: number,
  changes: readonly Change[],
  cap: Change | undefined,
  window: string,
): string {
  const who = game.playerName(player);
  const within = window === "turn" ? `this turn (turn ${game.state.clock.turn.id})` : `in this ${window}`;
  const did = `${who} has made ${counted(used, def)} ${within}`;
  if (cap && cap.max === allowed) return `${did}: ${cap.source} allows at most ${allowed}`;
  const base = Math.max(
    def.times ?? Number.POSITIVE_INFINITY,
    ...changes.map((c) => c.times ?? Number.NEGATIVE_INFINITY),
  );
  const raised = changes.filter((c) => c.times !== undefined && c.times === base && c.times !== def.times);
  const parts = [
    ...raised.slice(0, 1).map((c) => `${c.times} from ${c.source}`),
    ...changes.filter((c) => c.add !== 0).map((c) => `${c.add > 0 ? "+" : ""}${c.add} from ${c.source}`),
  ];
  const from = parts.length ? ` (${parts.join(", ")})` : "";
  return `${did}, and may make ${allowed}${from}`;
}
