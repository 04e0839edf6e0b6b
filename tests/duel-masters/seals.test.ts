/**
 * DM 封印: seals don't go with their creature. No card of the library can move a sealed creature
 * (it is ignored: no selector finds it), so the rule is proved here by moving one directly: when a
 * sealed creature leaves the battle zone, its seals are put into the graveyard and it arrives
 * unsealed.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import { putUnder, zoneId } from "../../src/core/objects.js";
import { duelMasters, duelMastersPlay } from "../../src/presets/duel-masters/index.js";
import { isSealed } from "../../src/presets/duel-masters/keywords.js";

for (const make of [duelMasters, duelMastersPlay]) {
  describe(`${make().id}: seals`, () => {
    it("a sealed creature is ignored, and its seals go to the graveyard when it leaves", () => {
      const game = Game.create(make(), { seed: 1 }).run();
      const deck = game.cardsIn("deck", 0);
      const creature = deck.find((o) => game.card(o).types.includes("creature"))!;
      game.move(creature, zoneId("battle", 0));
      const top = game.cardsIn("deck", 0).at(-1)!;
      putUnder(game, top, creature, undefined, true);
      top.vars.seal = true;
      expect(isSealed(game, creature)).toBe(true);
      expect(game.exists(creature)).toBe(false);

      game.move(creature, zoneId("hand", 0));
      expect(game.state.zones[creature.zone]!.kind).toBe("hand");
      expect(creature.under).toEqual([]);
      expect(game.state.zones[top.zone]!.kind).toBe("graveyard");
      expect(top.faceDown).toBe(false);
      expect(game.zone("hand", 0).cards).not.toContain(top.id);
      // Back in the battle zone, it is not sealed.
      game.move(creature, zoneId("battle", 0));
      expect(isSealed(game, creature)).toBe(false);
      expect(game.exists(creature)).toBe(true);
    });
  });
}
