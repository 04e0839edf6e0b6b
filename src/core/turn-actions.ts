/**
 * Turn-based actions changed for one object or player (CR 502.3, 703.4c): "doesn't untap during its
 * controller's next untap step" (an effect with a duration on the object), "creatures and lands
 * target opponent controls don't untap during their next untap step" (on a player, with a
 * selector), "lands don't untap during their controllers' untap steps" (a static ability). A
 * preset's turn-based action asks `exemptFrom` for each object it would act on.
 *
 * An effect is a continuous effect of kind `exempt` (the `until` op), value `{ from: <action>,
 * what?: Selector }`; a static ability is `{ kind: exempt, from: <action>, what?: Selector }` —
 * without `what`, it exempts its own object ("This doesn't untap during your untap step").
 *
 * An effect whose duration ends at the end of the node the action runs in, in a turn of a given
 * player ("doesn't untap during <that player>'s next untap step"), exempts only in that player's
 * run of the node: exerted by the player who stole it, a creature untaps in its owner's untap step
 * once control has gone back (CR 701.39b with 502.3).
 */

import type { Game } from "./contract/game.js";
import { activeEffects, turnQualifies } from "./durations.js";
import type { Json } from "./json.js";
import { matchObject } from "./match.js";
import type { Duration, GameObject } from "./types.js";
import type { Selector } from "./vocabulary/schema.js";

/** The kind of continuous effects and static abilities that exempt objects from a turn-based action. */
export const EXEMPT = "exempt";

interface ExemptValue {
  from?: Json;
  what?: Selector;
}

/**
 * "During <player>'s next <node>": an effect ending at the end of a node that is running now
 * applies in this run only if this run is the one that ends it — the turn is one of the
 * players it names, or of whoever controls its target.
 */
function inNamedRun(game: Game, d: Duration): boolean {
  const e = d.expires;
  if (e.at !== "boundary" || e.edge !== "end" || e.node === null) return true;
  const clock = game.state.clock;
  if (!clock.path.includes(e.node)) return true;
  if (e.turn !== undefined) return e.turn === clock.turn.id;
  if (e.after !== undefined) return false; // its turn has not begun (durations.ts pins it as it does)
  return turnQualifies(game, e, d, clock.turn.player);
}

/** Does an effect or static ability say that `obj` is left out of turn-based action `action` now? */
export function exemptFrom(game: Game, action: string, obj: GameObject): boolean {
  if (game.state.durations.length > 0)
    for (const d of activeEffects(game, EXEMPT)) {
      const v = (d.effect.value ?? {}) as ExemptValue;
      if (v.from !== action || !inNamedRun(game, d)) continue;
      const t = d.effect.target;
      if (t && "obj" in t) {
        if (t.obj === obj.id && t.inc === obj.inc) return true;
        continue;
      }
      if (t && "player" in t && obj.controller !== t.player) continue;
      if (!v.what || matchObject(game, obj, v.what, d.controller)) return true;
    }
  if (game.rules.staticZones.has(EXEMPT))
    for (const ref of game.staticAbilities(EXEMPT)) {
      const st = ref.ability.static as ExemptValue;
      if (st.from !== action) continue;
      if (
        st.what === undefined
          ? ref.obj.id === obj.id
          : matchObject(game, obj, st.what, ref.controller, ref.obj)
      )
        return true;
    }
  return false;
}
