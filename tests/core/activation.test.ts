/** Kernel legal activation (src/core/activation.ts): every reason, costs, targets chosen on activation and checked on resolution. */
import { describe, expect, it } from "vitest";
import {
  type ActivationRules,
  actionLoop,
  activateNow,
  activationOptions,
  type CardDef,
  Game,
  type Preset,
  zoneId,
} from "../../src/core/index.js";

const zap: CardDef = {
  id: "imp",
  name: "Spark Imp",
  types: ["creature"],
  abilities: [
    {
      id: "zap",
      kind: "activated",
      condition: { turn: "self" },
      cost: [
        { op: "tap", what: "self" },
        { op: "addCounter", what: "self", counter: "charge", n: -1 },
        {
          op: "choose",
          target: true,
          chooser: "controller",
          as: "t",
          prompt: "Target creature",
          from: { zone: "field", controller: "opponent", type: "creature" },
        },
      ],
      effect: [{ op: "move", what: "$t", to: "graveyard" }],
      limit: { counts: "use", key: "incarnation", window: "turn", label: "once each turn" },
    },
  ],
};
const wall: CardDef = { id: "wall", name: "Ember Wall", types: ["creature"] };
const ward: CardDef = { id: "ward", name: "Warded Wall", types: ["creature"], keywords: ["hexproof"] };

function preset(activation: ActivationRules = {}): Preset {
  return {
    id: "mini-act",
    name: "mini",
    players: { min: 2, max: 2 },
    zones: [
      { kind: "hand", label: "hand", perPlayer: true, visibility: "owner" },
      { kind: "field", label: "field", perPlayer: true, visibility: "public", inPlay: true },
      { kind: "graveyard", label: "graveyard", perPlayer: true, visibility: "public" },
    ],
    turn: () => ({
      id: "turn",
      label: "Turn",
      children: [{ id: "main", label: "Main", interaction: "main" }],
    }),
    cards: [zap, wall, ward],
    activation,
    tasks: {
      main: actionLoop({
        kind: "main",
        actions: (game, p) => activationOptions(game, p),
        perform: (game, p, o) => {
          const [, card, ability] = o.id.split(":");
          activateNow(game, p, card!, ability!);
        },
      }),
    },
  };
}

function setup(activation?: ActivationRules, opts: { charge?: number; walls?: string[] } = {}) {
  const game = Game.create(preset(activation), { seed: 3, setup: false });
  const imp = game.createCard("imp", 0, "field");
  imp.counters.charge = opts.charge ?? 2;
  const walls = (opts.walls ?? ["wall"]).map((w) => game.createCard(w, 1, "field"));
  game.startAt(1, 0, "main").run();
  return { game, imp, walls };
}

const kinds = (game: Game, id: string, player?: number) =>
  game
    .whyNot(id, "zap", player === undefined ? {} : { player })
    .map((r) => r.kind)
    .sort();

describe("canActivate / whyNot", () => {
  it("allows a legal activation and offers exactly it", () => {
    const { game, imp } = setup();
    expect(game.canActivate(imp.id, "zap")).toEqual({ ok: true, reasons: [] });
    expect(game.decision!.options.map((o) => o.id)).toEqual([`activate:${game.ref(imp)}:zap`, "pass"]);
  });

  it("gives every reason at once: zone, face-down, condition, cost, target", () => {
    const { game, imp, walls } = setup(undefined, { charge: 0 });
    game.move(walls[0]!, zoneId("graveyard", 1));
    imp.tapped = true;
    expect(kinds(game, imp.id)).toEqual(["cost", "cost", "target"]);
    expect(game.whyNot(imp.id, "zap").map((r) => r.text)).toEqual([
      "Spark Imp is already tapped",
      "Spark Imp has fewer than 1 charge counter",
      "no legal target: Target creature (needs 1, there is none)",
    ]);
    game.move(imp, zoneId("hand", 0));
    expect(kinds(game, imp.id)).toContain("zone");
    const again = game.cardsIn("hand", 0)[0]!;
    game.move(again, zoneId("field", 0), { faceDown: true });
    expect(kinds(game, again.id)).toContain("faceDown");
    expect(kinds(game, again.id, 1)).toEqual(expect.arrayContaining(["condition", "rule"]));
  });

  it("a limit's refusal is one of the reasons, with the limit's own words", () => {
    const { game, imp } = setup(undefined, { walls: ["wall", "wall"] });
    game.act(`activate:${game.ref(imp)}:zap`);
    game.act(game.decision!.options[0]!.id);
    imp.tapped = false;
    const why = game.whyNot(imp.id, "zap");
    expect(why.map((r) => r.kind)).toEqual(["limit"]);
    expect(why[0]!.text).toContain("once each turn");
  });

  it("takes the preset's timing, extra checks and targetability", () => {
    const { game, imp } = setup(
      {
        timing: () => "only at instant speed in this test",
        check: () => [{ kind: "rule", text: "the moon is full" }],
        targetable: (g, obj) => !(g.card(obj).keywords ?? []).includes("hexproof"),
      },
      { walls: ["ward"] },
    );
    expect(kinds(game, imp.id)).toEqual(["rule", "target", "timing"]);
  });

  it("what is offered is exactly what canActivate allows, in every state of a small game", () => {
    for (const charge of [0, 1])
      for (const walls of [[], ["wall"], ["ward"]]) {
        const { game, imp } = setup({ targetable: (g, o) => g.card(o).id !== "ward" }, { charge, walls });
        const offered = game.decision!.options.some((o) => o.id.startsWith("activate:"));
        expect(offered).toBe(game.canActivate(imp.id, "zap").ok);
      }
  });

  it("activateNow refuses an illegal activation with its reasons and changes nothing", () => {
    const { game, imp } = setup(undefined, { charge: 0 });
    const before = game.serialize();
    expect(() => activateNow(game, 0, imp.id, "zap")).toThrow(/fewer than 1 charge counter/);
    expect(game.serialize()).toBe(before);
  });

  it("chooses targets first, then pays the other costs (CR 601.2c, 601.2h): tapped, a counter removed", () => {
    const { game, imp } = setup();
    game.act(`activate:${game.ref(imp)}:zap`);
    expect(game.decision!.kind).toBe("choose");
    expect(imp.tapped).toBe(false);
    game.act(game.decision!.options[0]!.id);
    expect(imp.tapped).toBe(true);
    expect(imp.counters.charge).toBe(1);
  });
});

describe("targets", () => {
  function twoStep(illegalTargets?: "fizzle" | "resolve") {
    // An effect that gives the opponent a window (a "respond" op) between targeting and resolving.
    const p = preset(illegalTargets ? { illegalTargets } : {});
    p.ops = {
      respond: {
        run(game, _op, frame) {
          if (frame.answer) return "next";
          game.ask({
            player: 1,
            kind: "respond",
            prompt: "Respond",
            options: [
              { id: "bounce", label: "Bounce your wall" },
              { id: "no", label: "No" },
            ],
          });
          return "wait";
        },
      },
    };
    p.cards = [
      {
        ...zap,
        abilities: [
          {
            ...zap.abilities![0]!,
            effect: [{ op: "respond" }, { op: "checkTargets" }, { op: "move", what: "$t", to: "graveyard" }],
            limit: undefined as never,
          },
        ],
      },
      wall,
      ward,
    ];
    delete (p.cards[0]!.abilities![0] as { limit?: unknown }).limit;
    const game = Game.create(p, { seed: 3, setup: false });
    const imp = game.createCard("imp", 0, "field");
    imp.counters.charge = 2;
    const w = game.createCard("wall", 1, "field");
    game.startAt(1, 0, "main").run();
    game.act(`activate:${game.ref(imp)}:zap`);
    game.act(game.decision!.options.find((o) => o.label.startsWith("Ember Wall"))!.id);
    return { game, w };
  }

  it("a target chosen on activation is not asked again, and is the one affected", () => {
    const { game, w } = twoStep();
    game.act("no");
    expect(game.state.objects[w.id]!.zone).toBe(zoneId("graveyard", 1));
  });

  it("a target that left and came back is a new object: not affected (CR 608.2b); fizzle emits fizzle", () => {
    const { game, w } = twoStep("fizzle");
    game.move(w, zoneId("hand", 1));
    game.move(game.state.objects[w.id]!, zoneId("field", 1));
    const seen: string[] = [];
    game.onEvent((e) => seen.push(e.type));
    game.act("no");
    expect(game.state.objects[w.id]!.zone).toBe(zoneId("field", 1));
    expect(seen).toContain("fizzle");
  });

  it("with illegalTargets resolve, the effect resolves and does nothing to the illegal target", () => {
    const { game, w } = twoStep("resolve");
    game.move(w, zoneId("hand", 1));
    game.move(game.state.objects[w.id]!, zoneId("field", 1));
    const seen: string[] = [];
    game.onEvent((e) => seen.push(e.type));
    game.act("no");
    expect(game.state.objects[w.id]!.zone).toBe(zoneId("field", 1));
    expect(seen).not.toContain("fizzle");
  });
});
