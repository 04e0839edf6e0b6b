/**
 * Conditions cards name with `{ fn: <name>, args }` (beyond the kernel's count / events / turn /
 * node): "if <this permanent> is tapped" (an intervening if, CR 603.4) and "if you can pay" a
 * "you may pay {1}. If you do, …" (CR 603.5, 118.3: a player can't choose to pay a cost they can't
 * pay, so the question isn't asked).
 */
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { cantPay, parseMana } from "./mana.js";

export const cardConditions = {
  /** The source of the ability is tapped ("if Brass Man is tapped"). */
  sourceTapped: (game: Game, args: JsonObject | undefined): boolean => {
    const id = args?.obj;
    return typeof id === "string" && game.state.objects[id]?.tapped === true;
  },
  /** The ability's controller can pay `mana` ("{1}") now (pool and untapped lands). */
  canPayMana: (game: Game, args: JsonObject | undefined): boolean =>
    typeof args?.controller === "number" &&
    cantPay(game, args.controller, parseMana(String(args.mana ?? "{0}"))) === null,
};

export const cardConditionLabels: Record<string, string> = {
  sourceTapped: "this permanent is tapped",
  canPayMana: "you can pay the mana",
};
