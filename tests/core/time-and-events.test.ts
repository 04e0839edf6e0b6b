/**
 * The kernel's model of time and events beyond durations (scenarios/kernel/time cover those):
 * turn control (CR 722), permissions granted by effects, limits on the game's own actions, extra
 * turns given to several players at once (CR 101.4, 500.7), events whose triggers look back though
 * no zone changed (CR 603.10a), event types a card makes up, and expiries refused with their reason.
 */
import { describe, expect, it } from "vitest";
import { actionAllowance } from "../../src/core/action-limits.js";
import { DefinitionError } from "../../src/core/errors.js";
import { Game } from "../../src/core/game.js";
import { zoneId } from "../../src/core/objects.js";
import { granted } from "../../src/core/permissions.js";
import type { Preset, TurnNode } from "../../src/core/preset.js";
import type { CardDef } from "../../src/core/vocabulary/schema.js";
import { tinyPreset } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [{ id: "main", label: "Main", kind: "step", interaction: "main" }],
};

/** Passes until turn `n` is in its main step. */
function toTurn(g: Game, n: number): void {
  while (!(g.state.clock.turn.id === n && g.decision?.kind === "main"))
    g.act({ player: g.decision!.player, choice: "pass" });
}

describe("controlling another player's turn (CR 722)", () => {
  const make = (onGo: (g: Game) => void) => {
    const g = Game.create(tinyPreset({ turn, onGo }), { setup: false, seed: 1 });
    g.createCard("token", 1, "hand");
    return g.run();
  };

  it("the controller makes every decision of the controlled player's next turn, which that player still takes", () => {
    const g = make((g) => g.controlNextTurn(1, 0, { source: "Mindslaver" }));
    g.act("go");
    toTurn(g, 2);
    expect(g.state.clock.turn.player).toBe(1); // P2 still takes the turn (CR 722.2)
    expect(g.decision).toMatchObject({ player: 0, for: 1, kind: "main" });
    // P2 can't answer their own decision; P1 does.
    expect(() => g.act({ player: 1, choice: "pass" })).toThrow(/P2 cannot answer/);
    g.act({ player: 0, choice: "pass" });
    // Turn 3 is P1's own: no one controls anyone.
    expect(g.state.clock.turn.id).toBe(3);
    expect(g.decision).toMatchObject({ player: 0 });
    expect(g.decision!.for).toBeUndefined();
    expect(g.state.log.some((e) => e.type === "turnControl" && e.turn === 2 && e.data?.by === 0)).toBe(true);
  });

  it("the controller sees the controlled player's hand during that turn only (CR 722.3)", () => {
    const g = make((g) => g.controlNextTurn(1, 0));
    const hand = zoneId("hand", 1);
    const seen = () => g.viewFor(0).zones[hand]!.cards.filter((c) => !("hidden" in c)).length;
    expect(seen()).toBe(0);
    g.act("go");
    toTurn(g, 2);
    expect(seen()).toBe(1);
    expect(g.viewFor(1).decision).toMatchObject({ player: 0, for: 1 });
    g.act({ player: 0, choice: "pass" });
    expect(seen()).toBe(0);
  });

  it("waits for a turn the player actually takes (722.1b); the most recent effect works (722.1a)", () => {
    const g = make((g) => {
      g.state.turnQueue.push({ kind: "skip", player: 1 });
      g.controlNextTurn(1, 1); // P2 controls themselves (722.6): overwritten by the next
      g.controlNextTurn(1, 0, { extraTurnAfter: true });
    });
    g.act("go");
    toTurn(g, 2);
    // P2's next turn was skipped: turn 2 is P1's, turn 3 P2's, controlled, then P2's extra turn.
    expect(g.state.clock.turn.player).toBe(0);
    g.act("pass");
    expect(g.state.clock.turn).toMatchObject({ id: 3, player: 1, controlledBy: 0 });
    g.act({ player: 0, choice: "pass" });
    expect(g.state.clock.turn).toMatchObject({ id: 4, player: 1, extra: true });
    expect(g.state.clock.turn.controlledBy).toBeUndefined();
    expect(g.decision).toMatchObject({ player: 1 });
  });
});

describe("permissions granted by effects", () => {
  const cards: CardDef[] = [
    { id: "token", name: "Token", types: ["creature"], power: 1 },
    { id: "spell", name: "Spark", types: ["spell"] },
    {
      id: "leyline",
      name: "Leyline",
      types: ["enchantment"],
      abilities: [
        {
          id: "flash",
          kind: "static",
          text: "You may cast creature cards as though they had flash.",
          static: { kind: "permission", grants: "flash", what: { type: "creature" } },
        },
      ],
    },
  ];

  it("a static ability grants it to its controller for the cards it covers, wherever they are", () => {
    const g = Game.create(tinyPreset({ turn, cards }), { setup: false });
    const creature = g.createCard("token", 0, "hand");
    const spell = g.createCard("spell", 0, "hand");
    expect(granted(g, "flash", 0, creature)).toBeNull();
    g.createCard("leyline", 0, "field");
    expect(granted(g, "flash", 0, creature)).toBe("Leyline");
    expect(granted(g, "flash", 0, spell)).toBeNull();
    expect(granted(g, "flash", 1, g.createCard("token", 1, "hand"))).toBeNull();
  });

  it("an effect on a player grants it until it ends", () => {
    const grant = {
      id: "orrery",
      name: "Orrery",
      types: ["artifact"],
      abilities: [
        {
          id: "now",
          kind: "activated" as const,
          effect: [
            {
              op: "until",
              effect: { kind: "permission", value: { grants: "flash" } },
              targetPlayer: "controller",
              expires: "turn",
            },
          ],
        },
      ],
    } satisfies CardDef;
    const preset = tinyPreset({
      turn,
      cards: [...cards, grant],
      onGo: (g) => {
        const o = g.cardsIn("field", 0)[0]!;
        g.pushTask({
          t: "script",
          ops: g.ability("orrery", "now").effect,
          pc: 0,
          ctx: { controller: 0, source: o.id, sourceInc: o.inc, card: "orrery", ability: "now" },
          vars: {},
        });
      },
    });
    const g = Game.create(preset, { setup: false });
    g.createCard("orrery", 0, "field");
    const spell = g.createCard("spell", 0, "hand");
    g.run();
    g.act("go");
    expect(granted(g, "flash", 0, spell)).toBe("Orrery");
    expect(granted(g, "flash", 1)).toBeNull();
    toTurn(g, 2);
    expect(granted(g, "flash", 0, spell)).toBeNull();
  });
});

describe("limits on the game's own actions", () => {
  const cards: CardDef[] = [
    { id: "land", name: "Land", types: ["land"] },
    {
      id: "explorer",
      name: "Explorer",
      types: ["creature"],
      abilities: [
        { id: "more", kind: "static", static: { kind: "actionLimit", action: "playLand", add: 1 } },
      ],
    },
    {
      id: "law",
      name: "Law",
      types: ["enchantment"],
      abilities: [
        {
          id: "one",
          kind: "static",
          static: { kind: "actionLimit", action: "playLand", max: 1, player: "any" },
        },
      ],
    },
  ];
  const preset = (): Preset => ({
    ...tinyPreset({
      turn,
      cards,
      events: { playLand: "a land was played: player, obj" },
      mainActions: (g) =>
        actionAllowance(g, "playLand", g.state.clock.turn.player).ok
          ? g
              .cardsIn("hand", g.state.clock.turn.player)
              .map((o) => ({ id: `land:${g.ref(o)}`, label: "Play" }))
          : [],
      onGo: () => {},
    }),
    actionLimits: { playLand: { counts: { on: "playLand", player: "self" }, times: 1, noun: "land" } },
  });
  const play = (g: Game) => {
    const o = g.cardsIn("hand", 0)[0]!;
    g.move(o, zoneId("field", 0));
    g.emit({ type: "playLand", player: 0, obj: o.id });
  };

  it("one per turn, one more for each effect that adds one, at most what the lowest cap says", () => {
    const g = Game.create(preset(), { setup: false });
    for (let i = 0; i < 4; i++) g.createCard("land", 0, "hand");
    g.run();
    expect(actionAllowance(g, "playLand", 0)).toMatchObject({ used: 0, allowed: 1, ok: true });
    play(g);
    const refused = actionAllowance(g, "playLand", 0, { explain: true });
    expect(refused).toMatchObject({ used: 1, allowed: 1, ok: false });
    expect(refused.reason).toBe("P1 has made 1 land this turn (turn 1), and may make 1");
    g.createCard("explorer", 0, "field");
    expect(actionAllowance(g, "playLand", 0)).toMatchObject({ used: 1, allowed: 2, ok: true });
    play(g);
    expect(actionAllowance(g, "playLand", 0, { explain: true }).reason).toBe(
      "P1 has made 2 lands this turn (turn 1), and may make 2 (+1 from Explorer)",
    );
    g.createCard("law", 1, "field"); // the opponent's cap applies to every player
    expect(actionAllowance(g, "playLand", 0, { explain: true }).reason).toBe(
      "P1 has made 2 lands this turn (turn 1): Law allows at most 1",
    );
    expect(actionAllowance(g, "playLand", 1)).toMatchObject({ used: 0, allowed: 1, ok: true });
  });

  it("a static ability naming an action the preset doesn't limit is refused when the game is created", () => {
    const bad: CardDef = {
      id: "typo",
      name: "Typo",
      types: ["creature"],
      abilities: [{ id: "x", kind: "static", static: { kind: "actionLimit", action: "playLnd", add: 1 } }],
    };
    expect(() => Game.create(preset(), { setup: false, cards: [bad] })).toThrow(
      /static\.action: unknown action limit "playLnd" \(did you mean "playLand"\?\)/,
    );
  });
});

describe("events", () => {
  it("extra turns given to several players at once are added in APNAP order, the last taken first (CR 500.7)", () => {
    const preset = tinyPreset({
      turn,
      cards: [
        {
          id: "warp",
          name: "Warp",
          types: ["spell"],
          abilities: [{ id: "all", kind: "activated", effect: [{ op: "extraTurn", player: "any" }] }],
        },
      ],
      onGo: (g) =>
        g.pushTask({
          t: "script",
          ops: g.ability("warp", "all").effect,
          pc: 0,
          ctx: { controller: 1 },
          vars: {},
        }),
    });
    const g = Game.create(preset, { setup: false, players: 3 }).run();
    toTurn(g, 2); // P2's turn: P2 is the active player
    g.act("go");
    const added = g.state.log.filter((e) => e.type === "extraTurnAdded").map((e) => e.player);
    expect(added).toEqual([1, 2, 0]); // P2 (active), P3, P1
    g.act("pass");
    const order: number[] = [];
    for (let i = 0; i < 3; i++) {
      order.push(g.state.clock.turn.player);
      g.act("pass");
    }
    expect(order).toEqual([0, 2, 1]); // most recently added first
  });

  it("a trigger on an event type a card makes up (its emit op) is accepted, and a misspelt one refused", () => {
    const cards: CardDef[] = [
      {
        id: "bell",
        name: "Bell",
        types: ["artifact"],
        abilities: [{ id: "ring", kind: "activated", effect: [{ op: "emit", event: "chime" }] }],
      },
      {
        id: "ear",
        name: "Ear",
        types: ["creature"],
        abilities: [{ id: "hear", kind: "triggered", trigger: { on: "chime" }, effect: [{ op: "draw" }] }],
      },
    ];
    expect(() => Game.create(tinyPreset({ turn, cards }), { setup: false })).not.toThrow();
    const misspelt = [
      cards[0]!,
      { ...cards[1]!, abilities: [{ ...cards[1]!.abilities![0]!, trigger: { on: "chyme" } }] },
    ];
    expect(() => Game.create(tinyPreset({ turn, cards: misspelt as CardDef[] }), { setup: false })).toThrow(
      /unknown event type "chyme" \(did you mean "chime"\?\)/,
    );
  });

  it("an event type that looks back (CR 603.10a) triggers the object it is about, though it no longer exists", () => {
    const cards: CardDef[] = [
      {
        id: "ghost",
        name: "Ghost",
        types: ["creature"],
        abilities: [
          { id: "gone", kind: "triggered", trigger: { on: "vanish", self: true }, effect: [{ op: "draw" }] },
        ],
      },
      {
        id: "witness",
        name: "Witness",
        types: ["creature"],
        abilities: [{ id: "saw", kind: "triggered", trigger: { on: "vanish" }, effect: [{ op: "draw" }] }],
      },
    ];
    const vanish = (g: Game) =>
      g.simultaneously(() => {
        for (const o of g.cardsIn("field", 0)) {
          o.vars.gone = true;
          g.emit({ type: "vanish", player: 0, obj: o.id, inc: o.inc, card: o.card });
        }
      });
    const base = tinyPreset({
      turn,
      cards,
      events: { vanish: "an object stops existing: obj" },
      onGo: vanish,
    });
    const triggered = (p: Preset) => {
      const g = Game.create({ ...p, exists: (_g, o) => o.vars.gone !== true }, { setup: false });
      g.createCard("ghost", 0, "field");
      g.createCard("witness", 0, "field");
      g.run().act("go");
      return g.state.log
        .filter((e) => e.type === "trigger")
        .map((e) => e.name)
        .sort();
    };
    expect(triggered(base)).toEqual([]);
    expect(triggered({ ...base, lookBackEvents: ["vanish"] })).toEqual(["Ghost", "Witness", "Witness"]);
  });

  it("an expiry written wrong is refused when the game is created, with what was meant", () => {
    const card = (expires: unknown): CardDef => ({
      id: "x",
      name: "X",
      types: ["creature"],
      abilities: [
        {
          id: "a",
          kind: "activated",
          effect: [
            {
              op: "until",
              effect: { kind: "exempt", value: { from: "untap" } },
              target: "self",
              expires,
            } as never,
          ],
        },
      ],
    });
    const create = (expires: unknown) => () =>
      Game.create(tinyPreset({ turn, cards: [card(expires)] }), { setup: false });
    expect(create({ end: "main", player: "self", turn: "next" })).not.toThrow();
    expect(create({ end: "mian" })).toThrow(
      /expires\.end is "mian", which is not a turn node; did you mean "main"\?/,
    );
    expect(create({ begin: "main", turn: "after" })).toThrow(/expires\.turn is "after": "this" .* or "next"/);
    expect(create({ end: "main", who: "self" })).toThrow(/expires has unknown field who/);
    expect(create({ begin: "main", end: "main" })).toThrow(/names both begin and end/);
    expect(create({ while: { turn: "self" } })).not.toThrow();
    expect(create({ while: { trun: "self" } })).toThrow(DefinitionError);
  });
});
