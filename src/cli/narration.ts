/** Words the command line prints about abilities: never an ability id where a name belongs. */
import type { Game } from "../core/game.js";
import { abilityLabel, findAbility } from "../core/labels.js";

/**
 * The part of a "can't activate" line that says which ability: nothing when the card has one
 * activated ability (its name says it), else " — " and the ability's text, keyword or words.
 */
export function refusedAbility(game: Game, card: string, ability: string): string {
  const def = game.rules.cards.get(card);
  const activated = (def?.abilities ?? []).filter((a) => a.kind === "activated");
  if (activated.length <= 1) return "";
  return ` — ${abilityLabel(findAbility(def, ability), ability, 60)}`;
}
