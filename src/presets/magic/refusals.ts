/**
 * `Preset.refusal` of the Magic preset: why a choice that isn't an option is illegal — attackers
 * and blockers (declarations.ts), land plays and casts at priority (the kernel's action limits
 * and `canActivate`).
 */
import { canActivate } from "../../core/activation.js";
import type { Game } from "../../core/game.js";
import type { Decision, GameObject } from "../../core/types.js";
import { whyNotPlayLand } from "./action-limits.js";
import { castRef } from "./activation.js";
import { declarationRefusal } from "./declarations.js";

export function magicRefusal(game: Game, d: Decision, choice: string): string | null {
  return declarationRefusal(game, d, choice) ?? priorityRefusal(game, d, choice);
}

function find(game: Game, ref: string): GameObject | null {
  try {
    return game.obj(ref);
  } catch {
    return null;
  }
}

/**
 * `Preset.refusal` for priority: why `land:<card>` or `cast:<card>…` is not an option. The decision
 * is the player's it is for (`for`: a player controlled during their turn, CR 722.4).
 */
export function priorityRefusal(game: Game, d: Decision, choice: string): string | null {
  if (d.kind !== "priority") return null;
  const p = d.for ?? d.player;
  const [verb, ref = ""] = choice.split(":");
  if (verb !== "land" && verb !== "cast") return null;
  const o = find(game, ref);
  if (!o || o.owner !== p || game.state.zones[o.zone]!.kind !== "hand")
    return `${ref} is not a card in ${game.playerName(p)}'s hand`;
  const card = game.card(o);
  if (verb === "land") {
    if (!card.types.includes("land")) return `${card.name} is not a land`;
    return whyNotPlayLand(game, p);
  }
  if (card.types.includes("land")) return `${card.name} is a land: it is played, not cast (CR 305.9)`;
  const reasons = canActivate(game, castRef(game, o, p), p).reasons;
  return reasons.length ? reasons.map((r) => r.text).join("; ") : null;
}
