/**
 * Poison counters (CR 122.1f, 704.5c) are public information: every player's view shows each
 * player's poison counters, as it shows life totals.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import { magic } from "../../src/presets/magic/index.js";

describe("magic poison counters", () => {
  it("are shown to every player", () => {
    const game = Game.create(magic(), { seed: 1 });
    game.state.players[1]!.vars.poison = 3;
    for (const viewer of [0, 1]) {
      const view = game.viewFor(viewer);
      expect(view.players[1]!.vars.poison).toBe(3);
      expect(view.players[1]!.vars.life).toBe(20);
    }
  });
});
