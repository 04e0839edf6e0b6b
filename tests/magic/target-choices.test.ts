/**
 * `hasTargetChoice` (src/presets/magic/targets.ts) answers "is there a legal target?" without
 * listing the targets: it must agree with `targetChoices` for every targeted spell, every player
 * and every state met along random games.
 */
import { describe, expect, it } from "vitest";
import { randomAgent } from "../../src/agents/random.js";
import { Game } from "../../src/core/game.js";
import { getPreset } from "../../src/presets/index.js";
import { hasTargetChoice, spellTarget, targetChoices } from "../../src/presets/magic/targets.js";

describe("Magic: hasTargetChoice", () => {
  it("agrees with targetChoices for every targeted card, player and state of random games", () => {
    let checked = 0;
    let none = 0;
    for (const seed of [1, 2, 3]) {
      const game = Game.create(getPreset("magic"), { seed }).run();
      const agent = randomAgent(seed);
      for (let i = 0; i < 400 && !game.over; i++) {
        game.act(agent.choose(game));
        if (i % 5 !== 0) continue;
        for (const obj of Object.values(game.state.objects)) {
          const spec = spellTarget(game.card(obj));
          if (!spec) continue;
          for (const p of [0, 1]) {
            const ctx = {
              controller: p,
              source: obj.id,
              sourceInc: obj.inc,
              card: obj.card,
              ability: "spell",
            };
            const any = targetChoices(game, spec, ctx).length > 0;
            expect(hasTargetChoice(game, spec, ctx), `${obj.card} for player ${p}`).toBe(any);
            checked++;
            if (!any) none++;
          }
        }
      }
    }
    // Both answers were met: states with targets and states without.
    expect(checked).toBeGreaterThan(200);
    expect(none).toBeGreaterThan(0);
    expect(none).toBeLessThan(checked);
  });

  it("hexproof creatures an opponent controls are no legal target: none to list, none found", () => {
    const game = Game.create(getPreset("magic"), { seed: 2 }).run();
    const hand = game.cardsIn("hand", 0);
    const bf =
      game.state.zones[
        Object.keys(game.state.zones).find(
          (z) => game.state.zones[z]!.kind === "battlefield" && game.state.zones[z]!.owner === 1,
        )!
      ]!;
    const scout = hand[0]!;
    game.setCard(scout, "gladecover-scout");
    game.move(scout, bf.id);
    scout.controller = 1;
    const spec = spellTarget(game.rules.card("giant-growth"))!;
    const ctxFor = (p: number) => ({ controller: p, card: "giant-growth", ability: "spell" });
    // Only creature on the battlefield: the hexproof Scout, player 1's.
    expect(targetChoices(game, spec, ctxFor(0))).toEqual([]);
    expect(hasTargetChoice(game, spec, ctxFor(0))).toBe(false);
    expect(targetChoices(game, spec, ctxFor(1)).length).toBe(1);
    expect(hasTargetChoice(game, spec, ctxFor(1))).toBe(true);
  });
});
