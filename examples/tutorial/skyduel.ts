/**
 * Skyduel: the small game docs/kernel.md builds step by step. Two players with 8 life play one
 * creature a turn and use their creatures' abilities; a player with no life or no cards left in
 * their deck loses. Everything here is what a user writes outside turnkit: the preset is a module
 * that `turnkit play --preset examples/tutorial/skyduel.ts` loads by path.
 *
 * The `// #region` markers delimit the excerpts docs/kernel.md quotes; a test checks that each
 * quoted block is exactly its region here.
 */
// #region imports
import {
  type AnyOp,
  actionLoop,
  activateNow,
  activationOptions,
  type CardDef,
  drawOrLoseTask,
  type Game,
  type OpHandler,
  type Preset,
  resolvePlayers,
  type StateCheck,
  type TurnNode,
  untapTask,
  type ZoneDef,
  zoneId,
} from "turnkit";

// #endregion

// #region zones
const zones: ZoneDef[] = [
  { kind: "deck", label: "deck", perPlayer: true, visibility: "hidden" },
  { kind: "hand", label: "hand", perPlayer: true, visibility: "owner" },
  { kind: "field", label: "field", perPlayer: true, visibility: "public", inPlay: true },
];
// #endregion

// #region turn
const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  kind: "turn",
  children: [
    { id: "start", label: "Start step", kind: "step", onBegin: ["sky.untap"] },
    { id: "draw", label: "Draw step", kind: "step", when: "!firstTurn", onBegin: ["sky.draw"] },
    { id: "main", label: "Main step", kind: "step", interaction: "sky.main" },
  ],
};
// #endregion

// #region cards
export const cards: CardDef<AnyOp>[] = [
  { id: "sprite", name: "Cloud Sprite", types: ["creature"], text: "(No abilities.)" },
  {
    id: "caller",
    name: "Storm Caller",
    types: ["creature"],
    abilities: [
      {
        id: "bolt",
        kind: "activated",
        text: "{T}: your opponent loses 1 life. You can only use this effect of Storm Caller once per turn.",
        cost: [{ op: "tap", what: "self" }],
        effect: [{ op: "loseLife", player: "opponent", n: 1 }],
        limit: { counts: "use", key: "namePerPlayer", window: "turn", label: "once per turn" },
      },
    ],
  },
  {
    id: "herald",
    name: "Dawn Herald",
    types: ["creature"],
    abilities: [
      {
        id: "welcome",
        kind: "triggered",
        text: "Whenever another creature enters your field, you gain 1 life. (Only once per turn.)",
        trigger: { on: "move", to: "field", player: "self", other: true },
        effect: [{ op: "gainLife", n: 1 }],
        limit: { counts: "trigger", key: "incarnation", window: "turn", label: "only once per turn" },
      },
    ],
  },
  {
    id: "kite",
    name: "Time Kite",
    types: ["creature"],
    abilities: [
      {
        id: "rewind",
        kind: "activated",
        text: "{T}, pay 3 life: take an extra turn after this one. (Once per game.)",
        cost: [
          { op: "tap", what: "self" },
          { op: "loseLife", n: 3 },
        ],
        effect: [{ op: "extraTurn" }],
        limit: { counts: "use", key: "player", window: "game", label: "once per game" },
      },
    ],
  },
];
// #endregion

// #region ops
const life = (game: Game, p: number): number => Number(game.state.players[p]!.vars.life);

/** `{ op: "loseLife", player: "opponent", n: 1 }`; in a cost, `{ op: "loseLife", n: 3 }` is "pay 3 life". */
const loseLife: OpHandler = {
  doc: "That player loses n life (in a cost: pay n life).",
  // Checked when the game is created: a card with an unknown, missing or ill-typed argument is
  // refused, naming preset, card, ability and argument.
  args: {
    player: { type: "players", default: "controller", doc: "Who loses life." },
    n: { type: "integer", required: true, doc: "How much." },
  },
  // Rules between arguments that `args` can't say, checked after them.
  check: (op) => (Number(op.n) > 0 ? null : "n must be at least 1"),
  // As a cost: why it can't be paid now (whyNot shows it; the ability is not offered).
  feasible(game, op, frame) {
    if (op.player !== undefined) return null;
    const have = life(game, frame.ctx.controller);
    return have < Number(op.n) ? `you have ${have} life, not the ${op.n} to pay` : null;
  },
  run(game, op, frame) {
    for (const p of resolvePlayers(game, op.player, frame)) {
      game.state.players[p]!.vars.life = life(game, p) - Number(op.n);
      game.emit({ type: "lifeLoss", player: p, data: { n: Number(op.n), life: life(game, p) } });
    }
    return "next";
  },
};

const gainLife: OpHandler = {
  doc: "The controller gains n life.",
  args: { n: { type: "integer", required: true, doc: "How much." } },
  run(game, op, frame) {
    const p = frame.ctx.controller;
    game.state.players[p]!.vars.life = life(game, p) + Number(op.n);
    game.emit({ type: "lifeGain", player: p, data: { n: Number(op.n), life: life(game, p) } });
    return "next";
  },
};
// #endregion

// #region state-checks
const noLifeOrDeck: StateCheck = {
  id: "noLifeOrDeck",
  rule: "Skyduel 4: a player with no life or no cards in their deck loses at once",
  run(game) {
    const out = game.state.players.filter(
      (p) => life(game, p.id) <= 0 || game.zone("deck", p.id).cards.length === 0,
    );
    if (out.length === 1)
      game.declareLoser(out[0]!.id, life(game, out[0]!.id) <= 0 ? "no life left" : "no cards left");
    else if (out.length > 1) game.declareWinner(null, "a draw: both players lost at once");
    return out.length > 0;
  },
};
// #endregion

// #region main
const main = actionLoop({
  kind: "main",
  prompt: "Play a creature, activate an ability, or end your turn",
  passLabel: "End turn",
  actions(game, p) {
    const played = game.state.players[p]!.vars.playedOn === game.state.clock.turn.id;
    const plays = played
      ? []
      : game
          .cardsIn("hand", p)
          .map((o) => ({ id: `play:${game.ref(o)}`, label: `Play ${game.card(o).name}` }));
    return [...plays, ...activationOptions(game, p)];
  },
  perform(game, p, option) {
    if (option.id.startsWith("play:")) {
      game.state.players[p]!.vars.playedOn = game.state.clock.turn.id;
      game.move(game.obj(option.id.slice(5)), zoneId("field", p));
    } else {
      const [, card, ability] = option.id.split(":"); // activate:<card>:<ability>
      activateNow(game, p, card!, ability!);
    }
  },
});
// #endregion

// #region preset
export const skyduel: Preset = {
  id: "skyduel",
  name: "Skyduel (tutorial)",
  players: { min: 2, max: 2 },
  zones,
  turn: () => turn,
  cards,
  ops: { loseLife, gainLife },
  // The events its ops emit, besides the kernel's: triggers and limits may name these too.
  events: {
    lifeLoss: "a player loses life: player, data.n, data.life (what is left)",
    lifeGain: "a player gains life: player, data.n, data.life",
  },
  stateChecks: [noLifeOrDeck],
  checkpoint: "kernel.resolvePending",
  playerVars: () => ({ life: 8 }),
  conditions: { firstTurn: (game) => game.state.clock.turn.id === 1 },
  tasks: { "sky.untap": untapTask("field"), "sky.draw": drawOrLoseTask(1), "sky.main": main },
  narrate(game, e) {
    const who = e.player === undefined ? "" : game.playerName(e.player);
    if (e.type === "lifeLoss") return `${who} loses ${e.data?.n} life (${e.data?.life} left).`;
    if (e.type === "lifeGain") return `${who} gains ${e.data?.n} life (${e.data?.life} now).`;
    return null; // the kernel narrates the rest
  },
  setup(game, spec) {
    for (let p = 0; p < spec.players; p++) {
      for (const card of spec.decks?.[p] ?? ["sprite", "caller", "herald", "kite"].flatMap((c) => [c, c, c]))
        game.createCard(card, p, "deck");
      game.shuffle(zoneId("deck", p));
      game.draw(p, 3);
    }
  },
};

export default skyduel;
// #endregion
