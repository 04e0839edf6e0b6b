/**
 * Conditions cards name with `{ fn: <name>, args }` (beyond the kernel's count / events / turn /
 * node): "if <this permanent> is tapped" (an intervening if, CR 603.4), "if you can pay" a
 * "you may pay {1}. If you do, …" (CR 603.5, 118.3: a player can't choose to pay a cost they can't
 * pay, so the question isn't asked), "for as long as you control <this>" (CR 611.2b) and how many
 * turns a player has begun ("your first, second, or third turns of the game": extra turns count,
 * CR 500.7).
 */

import { attachedTo } from "../../core/attachments.js";
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { cantPay, parseMana } from "./mana.js";
import { phasedOut } from "./state.js";

export const cardConditions = {
  /**
   * The ability's controller controls its source, still the same object and phased in ("for as
   * long as you control Willbreaker", CR 611.2b): the `while` of a duration names that object.
   */
  controlsSource: (game: Game, args: JsonObject | undefined): boolean => {
    const o = typeof args?.obj === "string" ? game.state.objects[args.obj] : undefined;
    return (
      o !== undefined &&
      game.state.zones[o.zone]?.kind === "battlefield" &&
      o.controller === args?.controller &&
      !phasedOut(o)
    );
  },
  /** The triggering event is about the permanent this Aura or Equipment is attached to ("enchanted creature"). */
  attachedToEventObject: (game: Game, args: JsonObject | undefined): boolean => {
    const self = typeof args?.obj === "string" ? game.state.objects[args.obj] : undefined;
    const host = self ? attachedTo(game, self) : undefined;
    return host != null && host.id === args?.eventObj;
  },
  /** The source of the ability is tapped ("if Brass Man is tapped"). */
  sourceTapped: (game: Game, args: JsonObject | undefined): boolean => {
    const id = args?.obj;
    return typeof id === "string" && game.state.objects[id]?.tapped === true;
  },
  /**
   * The source — the same object (a `while` duration gives none once it has left, CR 400.7) — is
   * on the battlefield under the ability's controller ("for as long as you control Dungeon Geists").
   */
  youControlSource: (game: Game, args: JsonObject | undefined): boolean => {
    const o = typeof args?.obj === "string" ? game.state.objects[args.obj] : undefined;
    return (
      o !== undefined &&
      o.controller === args?.controller &&
      game.state.zones[o.zone]?.kind === "battlefield" &&
      !phasedOut(o) // CR 702.26: a "for as long as" that tracks it ends as it phases out
    );
  },
  /** The controller has begun at least `gte` turns of the game (this one included, extra turns too). */
  turnsTaken: (game: Game, args: JsonObject | undefined): boolean =>
    typeof args?.controller === "number" &&
    game.state.players[args.controller]!.turns >= Number(args.gte ?? 0),
  /** The ability's controller can pay `mana` ("{1}") now (pool and untapped lands). */
  canPayMana: (game: Game, args: JsonObject | undefined): boolean =>
    typeof args?.controller === "number" &&
    cantPay(game, args.controller, parseMana(String(args.mana ?? "{0}"))) === null,
};

export const cardConditionLabels: Record<string, string> = {
  controlsSource: "you control this permanent",
  attachedToEventObject: "it is the permanent this is attached to",
  sourceTapped: "this permanent is tapped",
  canPayMana: "you can pay the mana",
  youControlSource: "you control this permanent",
  turnsTaken: "you have taken that many turns",
};
