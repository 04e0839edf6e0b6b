/**
 * State checks and legal activation in a game of a dozen lines: a creature with damage equal to
 * its toughness is destroyed as soon as that is so (a state check), and Spark Imp's "{T}: 1 damage
 * to target creature an opponent controls, during your turn" is offered only when its cost can be
 * paid, its target exists and its condition holds. `whyNot` says why not, in words.
 */
import {
  actionLoop,
  activateNow,
  activationOptions,
  Game,
  type Preset,
  type StateCheck,
  zoneId,
} from "turnkit";

/** Creatures with lethal damage are destroyed, all at once (like CR 704.5g). */
const lethalDamage: StateCheck = {
  id: "lethalDamage",
  rule: "Sparks 4.1",
  run(game) {
    const dead = Object.values(game.state.objects).filter(
      (o) =>
        game.state.zones[o.zone]!.kind === "field" &&
        Number(o.vars.damage ?? 0) >= Number(game.card(o).stats?.toughness),
    );
    for (const o of dead)
      game.move(o, zoneId("graveyard", o.owner), { event: "destroy", cause: { kind: "rule" } });
    return dead.length > 0;
  },
};

const sparks: Preset = {
  id: "sparks",
  name: "Sparks (example)",
  players: { min: 2, max: 2 },
  zones: [
    { kind: "hand", label: "hand", perPlayer: true, visibility: "owner" },
    { kind: "field", label: "field", perPlayer: true, visibility: "public", inPlay: true },
    { kind: "graveyard", label: "graveyard", perPlayer: true, visibility: "public" },
  ],
  turn: () => ({
    id: "turn",
    label: "Turn",
    children: [{ id: "main", label: "Main step", interaction: "main" }],
  }),
  stateChecks: [lethalDamage],
  cards: [
    { id: "wall", name: "Ember Wall", types: ["creature"], stats: { toughness: 1 } },
    {
      id: "imp",
      name: "Spark Imp",
      types: ["creature"],
      stats: { toughness: 1 },
      abilities: [
        {
          id: "zap",
          kind: "activated",
          text: "{T}: 1 damage to target creature an opponent controls. Only during your turn.",
          condition: { turn: "self" },
          cost: [
            { op: "tap", what: "self" },
            {
              op: "choose",
              target: true,
              chooser: "controller",
              as: "t",
              prompt: "Target creature",
              from: { zone: "field", controller: "opponent", type: "creature" },
            },
          ],
          effect: [{ op: "damage", what: "$t" }],
        },
      ],
    },
  ],
  ops: {
    damage: {
      doc: "damage: what — 1 damage to each.",
      run(game, op, frame) {
        for (const id of (frame.vars?.[String(op.what).slice(1)] ?? []) as string[]) {
          const o = game.state.objects[id]!;
          o.vars.damage = Number(o.vars.damage ?? 0) + 1;
          game.emit({ type: "damage", obj: o.id, inc: o.inc, card: o.card, name: game.card(o).name });
        }
        return "next";
      },
    },
  },
  tasks: {
    main: actionLoop({
      kind: "main",
      actions: (game, p) => activationOptions(game, p),
      perform: (game, p, option) => {
        const [, card, ability] = option.id.split(":");
        activateNow(game, p, card!, ability!);
      },
    }),
  },
};

const game = Game.create(sparks, { seed: 1, setup: false });
const imp = game.createCard("imp", 0, "field");
const theirImp = game.createCard("imp", 1, "field");
game.createCard("wall", 1, "field");
game.startAt(1, 0, "main").run();

const why = (o: typeof imp) => game.whyNot(o.id, "zap").map((r) => `${r.kind}: ${r.text}`);
console.log(game.decision!.options.map((o) => o.label));
console.log(why(theirImp));
game.act(`activate:${game.ref(imp)}:zap`);
console.log(
  game.decision!.prompt,
  game.decision!.options.map((o) => o.label),
);
game.act(game.decision!.options.find((o) => o.label.startsWith("Ember Wall"))!.id);
console.log(game.cardsIn("graveyard", 1).map((o) => game.card(o).name));
console.log(why(imp));
