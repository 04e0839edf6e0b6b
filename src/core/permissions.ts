/**
 * Permissions granted by effects, as data: "you may cast spells as though they had flash" (CR
 * 702.8, 601.3), "you may cast creature spells as though they had flash this turn", Yu-Gi-Oh!'s
 * "you can activate this card from your hand". A permission is a name the preset's own rules ask
 * about (`granted(game, "flash", player, card)`) where they decide timing or what may be done.
 *
 * A static ability `{ kind: permission, grants: <name>, what?: Selector, player? }` grants it while
 * it works (`player`: `self` — the default —, `opponent` or `any`, relative to its controller;
 * `what`: the cards it covers, relative to its controller, wherever they are unless it names a zone;
 * absent: every card); a continuous effect
 * of kind `permission` (the `until` op, value `{ grants, what? }`) on a player grants it to that
 * player, on an object for that object, until it ends.
 */

import type { Game } from "./contract/game.js";
import { activeEffects } from "./durations.js";
import { isRelative, matchObject } from "./match.js";
import type { GameObject, PlayerId } from "./types.js";
import type { RelativePlayer, Selector } from "./vocabulary/schema.js";

/** The kind of continuous effects and static abilities that grant permissions. */
export const PERMISSION = "permission";

interface Grant {
  grants?: unknown;
  what?: Selector;
  player?: RelativePlayer;
}

/** Does a grant's `what` cover this card? Where it is, unless the selector names zones. */
function covers(game: Game, obj: GameObject, what: Selector, viewer: PlayerId, source?: GameObject): boolean {
  const sel = what.zone === undefined ? { ...what, zone: game.state.zones[obj.zone]!.kind } : what;
  return matchObject(game, obj, sel, viewer, source);
}

/**
 * What grants `player` the permission `name` now (for `obj`, if the permission is about a card):
 * the name of the card or effect, or null when nothing does.
 */
export function granted(game: Game, name: string, player: PlayerId, obj?: GameObject): string | null {
  if (game.state.durations.length > 0)
    for (const d of activeEffects(game, PERMISSION)) {
      const v = (d.effect.value ?? {}) as Grant;
      if (v.grants !== name) continue;
      const t = d.effect.target;
      if (t && "obj" in t) {
        if (obj && t.obj === obj.id && t.inc === obj.inc) return d.source?.name ?? d.label;
        continue;
      }
      if (t && "player" in t && t.player !== player) continue;
      if (v.what && !(obj && covers(game, obj, v.what, d.controller))) continue;
      return d.source?.name ?? d.label;
    }
  if (game.rules.staticZones.has(PERMISSION))
    for (const ref of game.staticAbilities(PERMISSION)) {
      const st = ref.ability.static as Grant;
      if (st.grants !== name || !isRelative(game, st.player ?? "self", player, ref.controller)) continue;
      if (st.what && !(obj && covers(game, obj, st.what, ref.controller, ref.obj))) continue;
      return ref.card.name;
    }
  return null;
}

/**
 * Could anything grant `player` the permission `name` now, for some card: a cheap test before
 * `granted` is asked of every card in a hand (false: `granted` is null for each of them).
 */
export function mayBeGranted(game: Game, name: string, player: PlayerId): boolean {
  if (game.state.durations.length > 0)
    for (const d of activeEffects(game, PERMISSION)) {
      if (((d.effect.value ?? {}) as Grant).grants !== name) continue;
      const t = d.effect.target;
      if (t && "player" in t && t.player !== player) continue;
      return true;
    }
  if (game.rules.staticZones.has(PERMISSION))
    for (const ref of game.staticAbilities(PERMISSION)) {
      const st = ref.ability.static as Grant;
      if (st.grants === name && isRelative(game, st.player ?? "self", player, ref.controller)) return true;
    }
  return false;
}
