import { actionLoop, Game, type Preset, zoneId } from "turnkit";
import { randomAgent } from "turnkit/agents";

// A turn tree as data: phases, steps, turn-based actions, a condition.
const duel: Preset = {
  id: "duel",
  name: "A tiny duel",
  players: { min: 2, max: 2 },
  zones: [
    { kind: "deck", label: "deck", perPlayer: true, visibility: "hidden" },
    { kind: "hand", label: "hand", perPlayer: true, visibility: "owner" },
    { kind: "field", label: "field", perPlayer: true, visibility: "public", inPlay: true },
  ],
  turn: () => ({
    id: "turn",
    label: "Turn",
    children: [
      { id: "draw", label: "Draw step", kind: "step", when: "!firstTurn", onBegin: ["drawOne"] },
      { id: "main", label: "Main step", kind: "step", interaction: "main" },
    ],
  }),
  conditions: { firstTurn: (game) => game.state.clock.turn.id === 1 },
  checkpoint: "kernel.resolvePending",
  playerVars: () => ({ life: 5 }),
  cards: [
    {
      id: "imp",
      name: "Spark Imp",
      types: ["creature"],
      abilities: [
        {
          id: "zap",
          kind: "triggered",
          text: "The first time each turn a creature enters your field, the opponent loses 1 life.",
          trigger: { on: "move", to: "field", player: "self", noun: "creature entering" },
          effect: [{ op: "lose1", player: "opponent" }],
          // A limit is data: the first such event of each turn, counted from the turn's start.
          limit: { counts: "event", nth: 1, key: "player", window: "turn" },
        },
      ],
    },
  ],
  tasks: {
    drawOne(game, task) {
      game.popTask(task);
      const p = game.state.clock.turn.player;
      if (game.zone("deck", p).cards.length === 0) game.declareLoser(p, "could not draw");
      else game.draw(p, 1);
    },
    main: actionLoop({
      actions: (game, p) =>
        game.cardsIn("hand", p).map((o) => ({ id: `play:${game.ref(o)}`, label: "Play Spark Imp" })),
      perform: (game, p, option) => {
        game.move(game.obj(option.id.slice(5)), zoneId("field", p));
      },
    }),
  },
  ops: {
    lose1: {
      doc: "lose1: player — that player loses 1 life.",
      run(game, op, frame) {
        const p = op.player === "opponent" ? 1 - frame.ctx.controller : frame.ctx.controller;
        const vars = game.state.players[p]!.vars;
        vars.life = Number(vars.life) - 1;
        if (Number(vars.life) <= 0) game.declareLoser(p, "life reached 0");
        return "next";
      },
    },
  },
  setup(game, spec) {
    for (let p = 0; p < spec.players; p++) {
      for (let i = 0; i < 12; i++) game.createCard("imp", p, "deck");
      game.draw(p, 3);
    }
  },
};

const game = Game.create(duel, { seed: 7 }).run();
const agent = randomAgent(7);
while (!game.over) game.act(agent.choose(game));
console.log(game.result);
