/**
 * Targets of spells, chosen as the spell is cast (CR 601.2c) and checked again as it resolves
 * (CR 608.2b). A spell's targeting op (`damageAnyTarget`, `pumpTarget`) says what it may target;
 * the chosen target is part of the cast option (`cast:c5:c9`, `cast:c5:P2`) and travels with the
 * spell on the stack.
 */
import type { Game } from "../../core/game.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import type { CardDef } from "../../core/vocabulary/schema.js";
import { allPermanents, inGame, isType, nameOf, phasedOut } from "./state.js";

/** A chosen target: an object incarnation or a player. */
export type Target = { obj: string; inc: number } | { player: PlayerId };

/** What the spell's effect targets: "any" (creature or player), "creature", or null (no target). */
export function targetKind(card: CardDef): "any" | "creature" | null {
  const effect = card.abilities?.find((a) => a.id === "spell")?.effect ?? [];
  if (effect.some((op) => op.op === "damageAnyTarget")) return "any";
  if (effect.some((op) => op.op === "pumpTarget")) return "creature";
  return null;
}

const creaturesInPlay = (game: Game): GameObject[] =>
  allPermanents(game).filter((o) => isType(game, o, "creature"));

/** Legal targets with the option suffix and label that name them. */
export function legalTargets(game: Game, card: CardDef): { suffix: string; label: string; target: Target }[] {
  const kind = targetKind(card);
  if (kind === null) return [];
  const out: { suffix: string; label: string; target: Target }[] = [];
  if (kind === "any")
    for (const p of game.state.players)
      if (inGame(game, p.id)) out.push({ suffix: p.name, label: p.name, target: { player: p.id } });
  for (const o of creaturesInPlay(game))
    out.push({ suffix: game.ref(o), label: nameOf(game, o), target: { obj: o.id, inc: o.inc } });
  return out;
}

/** CR 608.2b: is the target still legal (the same object, still a creature on the battlefield; a player still in the game)? */
export function stillLegal(game: Game, t: Target): boolean {
  if ("player" in t) return inGame(game, t.player);
  const o = game.state.objects[t.obj];
  return (
    o !== undefined &&
    o.inc === t.inc &&
    game.state.zones[o.zone]!.kind === "battlefield" &&
    !phasedOut(o) &&
    isType(game, o, "creature")
  );
}
