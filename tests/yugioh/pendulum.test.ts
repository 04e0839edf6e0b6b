/**
 * yugioh() Pendulum rules through the public API: the Extra Deck's face-up Pendulum Monsters are
 * public while its Fusion and Xyz Monsters stay hidden; where cards really go (Preset.redirect);
 * two copies of a hard once-per-turn trigger summoned together; refusals leave the state unchanged.
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import { putUnder, zoneId } from "../../src/core/objects.js";
import { yugioh } from "../../src/presets/yugioh/index.js";

// These tests script rules, not the prompts that keep hands secret (tests/properties cover those).
const FAST = { leakyFastPath: true };

function duel() {
  const game = Game.create(yugioh(), { seed: 1, setup: false, options: FAST });
  for (let p = 0; p < 2; p++) for (let i = 0; i < 3; i++) game.createCard("celtic-guardian", p, "deck");
  return game;
}

describe("yugioh: the Extra Deck", () => {
  it("shows face-up Pendulum Monsters to both players and Fusion/Xyz Monsters to their owner only", () => {
    const game = Game.create(yugioh(), { seed: 3 }).run();
    const extra = game.cardsIn("extra", 0);
    expect(extra.length).toBeGreaterThan(0);
    expect(extra.every((o) => o.faceDown)).toBe(true);
    const utopia = extra.find((o) => game.card(o).name === "Number 39: Utopia")!;
    // A Pendulum Monster destroyed on the field is placed face-up in the Extra Deck.
    const zefraath = game.cardsIn("deck", 0).find((o) => game.card(o).name === "Zefraath")!;
    game.move(zefraath, zoneId("monster", 0));
    game.move(zefraath, zoneId("graveyard", 0), { event: "destroy" });
    expect(zefraath.zone).toBe(zoneId("extra", 0));
    expect(zefraath.faceDown).toBe(false);
    const theirs = JSON.stringify(game.viewFor(1).zones[zoneId("extra", 0)]);
    expect(theirs).toContain("Zefraath");
    expect(theirs).not.toContain("Utopia");
    expect(theirs).not.toContain(`"${utopia.id}"`);
    expect(JSON.stringify(game.viewFor(0).zones[zoneId("extra", 0)])).toContain("Number 39: Utopia");
  });

  it("takes back an Xyz Monster sent to the hand face-down, its materials going to the GY", () => {
    const game = duel();
    const utopia = game.createCard("number-39-utopia", 0, "monster");
    const material = game.createCard("shaddoll-zefranaga", 0, "hand");
    putUnder(game, material, utopia);
    game.startAt(3, 0, "main1").run();
    game.move(utopia, zoneId("hand", 0), { event: "returnToHand" });
    expect(utopia).toMatchObject({ zone: zoneId("extra", 0), faceDown: true });
    // A Pendulum Monster used as material is not on the field: it goes to the GY, not the Extra Deck.
    expect(material).toMatchObject({ zone: zoneId("graveyard", 0), underOf: null });
  });

  it("sends a Pendulum Monster from the hand to the GY as asked", () => {
    const game = duel();
    const naga = game.createCard("shaddoll-zefranaga", 0, "hand");
    game.startAt(3, 0, "main1").run();
    game.move(naga, zoneId("graveyard", 0), { event: "discard" });
    expect(naga.zone).toBe(zoneId("graveyard", 0));
  });
});

describe("yugioh: Pendulum Summons", () => {
  function scales() {
    const game = duel();
    game.createCard("satellarknight-zefrathuban", 0, "pendulum");
    game.createCard("zefraath", 0, "pendulum");
    const a = game.createCard("satellarknight-zefrathuban", 0, "hand");
    const b = game.createCard("satellarknight-zefrathuban", 0, "hand");
    const foe = game.createCard("celtic-guardian", 1, "monster");
    game.startAt(3, 0, "main1").run();
    return { game, a: a.id, b: b.id, foe: foe.id };
  }

  it("lets only one of two copies of a hard once-per-turn trigger activate, saying why", () => {
    const { game, a, b, foe } = scales();
    game.act("pendulum");
    game.act(`pick:${game.obj(a).handle}:atk`);
    game.act(`pick:${game.obj(b).handle}:def`);
    // Both triggered; the first is activated and targets the other copy and P2's monster.
    expect(game.decision).toMatchObject({ player: 0, kind: "trigger" });
    game.act("activate");
    // Targets are chosen by handle: both cards are on the field.
    game.act(game.obj(b).handle);
    game.act(game.obj(foe).handle);
    // The other copy's trigger is not activated: the name's once-per-turn is used up.
    const refused = game.state.log.find((e) => e.type === "limitRefused" && e.obj === b);
    expect(refused).toMatchObject({ data: { ability: "destroy", at: "activation" } });
    expect(String(refused!.data?.reason)).toContain(
      'You can only use this effect of "Satellarknight Zefrathuban" once per turn',
    );
    expect(game.obj(foe).zone).toBe(zoneId("graveyard", 1));
    expect(game.obj(b)).toMatchObject({ zone: zoneId("extra", 0), faceDown: false });
    expect(game.decision).toMatchObject({ player: 0, kind: "main" });
  });

  it("refuses a Pendulum Summon without two Scales or an allowed monster, leaving the state unchanged", () => {
    const game = duel();
    game.createCard("zefraath", 0, "pendulum");
    const t = game.createCard("satellarknight-zefrathuban", 0, "hand");
    game.createCard("vorse-raider", 0, "hand");
    game.startAt(3, 0, "main1").run();
    const before = game.serialize();
    expect(() => game.act("pendulum")).toThrow(/not an option/);
    expect(game.serialize()).toBe(before);
    // Scales 1 and 5, but Vorse Raider (Level 4) is neither "tellarknight" nor "Zefra".
    game.act(`activate:${t.handle}:activate`);
    expect(game.legalActions().map((a) => a.choice)).not.toContain("pendulum");
    const after = game.serialize();
    expect(() => game.act("pendulum")).toThrow(/not an option/);
    expect(game.serialize()).toBe(after);
  });
});
