/**
 * Yu-Gi-Oh!'s activation options ask who has priority and at what Spell Speed once per list, and
 * skip the abilities the timing refuses for that alone: the list must be what asking `mayActivate`
 * of every ability gives, for both players, at every decision of random duels.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { mayActivate } from "../../src/core/activation.js";
import { Game } from "../../src/core/game.js";
import { getPreset } from "../../src/presets/index.js";
import {
  activatedAbilities,
  activationOptions,
  INSTEAD_OF_NORMAL_DRAW,
} from "../../src/presets/yugioh/chain.js";

describe("Yu-Gi-Oh!: activation options", () => {
  it("are every ability mayActivate allows, for both players, at every decision", () => {
    let lists = 0;
    let offered = 0;
    for (const seed of [1, 2, 3, 4]) {
      const game = Game.create(getPreset("yugioh"), { seed }).run();
      const agent = randomAgent(seed);
      for (let i = 0; i < 600 && !game.over; i++) {
        for (const p of [0, 1]) {
          const want = activatedAbilities(game, p)
            .filter(
              (a) =>
                a.ability.timing !== INSTEAD_OF_NORMAL_DRAW &&
                mayActivate(game, { obj: a.obj, card: a.card, ability: a.ability, controller: p }, p),
            )
            .map((a) => `activate:${game.ref(a.obj)}:${a.ability.id}`);
          const got = activationOptions(game, p).map((o) => o.id);
          expect(got, `seed ${seed}, response ${i}, player ${p}`).toEqual(want);
          lists++;
          offered += got.length;
        }
        game.act(agent.choose(game));
      }
    }
    expect(lists).toBeGreaterThan(1000);
    expect(offered).toBeGreaterThan(50); // lists with abilities in them, not only empty ones
  });
});
