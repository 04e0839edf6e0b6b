/**
 * Fusion Summons (Polymerization): a Fusion Monster in the Extra Deck names its materials; the
 * effect sends one monster of each name from the hand or field to the GY and Special Summons the
 * Fusion Monster. Polymerization can only be activated if some Fusion Summon is possible.
 */
import type { Game } from "../../core/game.js";
import type { Json } from "../../core/json.js";
import { zoneId } from "../../core/objects.js";
import { causeOf } from "../../core/ops.js";
import type { OpHandler } from "../../core/script.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import { monstersOf, staticOf, summonForbidden } from "./monsters.js";
import { specialSummonLimited } from "./summon-limits.js";
import { specialSummonTo } from "./summon-procedures.js";

function fusionMaterials(game: Game, obj: GameObject): string[] {
  const names = staticOf(game, obj, "fusionMaterials")?.names;
  return Array.isArray(names) ? names.map(String) : [];
}

/** Monsters in `p`'s hand and face-up on their field that could be Fusion Material named `name`. */
function candidatesFor(game: Game, p: PlayerId, name: string, taken: string[]): GameObject[] {
  return [...game.cardsIn("hand", p), ...monstersOf(game, p).filter((o) => !o.faceDown)].filter(
    (o) =>
      !taken.includes(o.id) &&
      game.card(o).types.includes("monster") &&
      game.characteristic(o, "name") === name,
  );
}

/** Can every named material be found, each a different card? (Greedy is enough: names are distinct cards.) */
function materialsAvailable(game: Game, p: PlayerId, names: string[]): boolean {
  const taken: string[] = [];
  for (const name of names) {
    const c = candidatesFor(game, p, name, taken)[0];
    if (!c) return false;
    taken.push(c.id);
  }
  return true;
}

/** The Fusion Monsters `p` could Fusion Summon now. */
export function summonableFusions(game: Game, p: PlayerId): GameObject[] {
  // A free Monster Zone is needed (a simplification: field materials would free one).
  if (monstersOf(game, p).length >= 5) return [];
  return game.cardsIn("extra", p).filter((o) => {
    const names = fusionMaterials(game, o);
    return (
      names.length > 0 &&
      !summonForbidden(game, o) &&
      !specialSummonLimited(game, o, p) &&
      materialsAvailable(game, p, names)
    );
  });
}

interface FusionScratch {
  fusion?: string;
  materials: string[];
}

export const fusionOps: Record<string, OpHandler> = {
  fusionSummon: {
    doc: "Fusion Summons 1 Fusion Monster from the controller's Extra Deck, using monsters from their hand or field as Fusion Material (chosen one at a time).",
    args: {},
    run(game, _op, frame) {
      const p = frame.ctx.controller;
      const scratch = (frame.scratch as unknown as FusionScratch | undefined) ?? { materials: [] };
      frame.scratch = scratch as unknown as Json;
      if (frame.answer) {
        const id = frame.answer.id;
        delete frame.answer;
        if (scratch.fusion === undefined) scratch.fusion = game.obj(id.slice("fusion:".length)).id;
        else scratch.materials.push(game.obj(id.slice("material:".length)).id);
      }
      if (scratch.fusion === undefined) {
        const options = summonableFusions(game, p);
        if (options.length === 0) return "next"; // nothing can be Fusion Summoned any more
        game.ask({
          player: p,
          kind: "fusion",
          prompt: "Fusion Summon 1 Fusion Monster from your Extra Deck",
          private: true,
          publicPrompt: `${game.playerName(p)} chooses a Fusion Monster`,
          options: options.map((o) => ({ id: `fusion:${game.ref(o)}`, label: game.card(o).name })),
        });
        return "wait";
      }
      const fusion = game.obj(scratch.fusion);
      const names = fusionMaterials(game, fusion);
      const next = names[scratch.materials.length];
      if (next !== undefined) {
        const candidates = candidatesFor(game, p, next, scratch.materials);
        if (candidates.length === 0) return "next"; // a material left: the Fusion Summon fails
        game.ask({
          player: p,
          kind: "fusionMaterial",
          prompt: `Fusion Material for ${game.card(fusion).name}: ${next}`,
          private: true,
          publicPrompt: `${game.playerName(p)} chooses Fusion Material`,
          options: candidates.map((o) => ({
            id: `material:${game.ref(o)}`,
            label: `${game.card(o).name} (${game.state.zones[o.zone]!.kind === "hand" ? "hand" : "field"})`,
          })),
        });
        return "wait";
      }
      const cause = causeOf(game, frame);
      for (const id of scratch.materials) {
        const m = game.obj(id);
        game.move(m, zoneId("graveyard", m.owner), { event: "fusionMaterial", cause });
      }
      specialSummonTo(game, fusion, p, "fusionSummon", false, cause); // by Polymerization's resolution
      return "next";
    },
  },
};
