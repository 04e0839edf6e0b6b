/**
 * Skirmish: a small card game declared with turnkit, to show the kernel end to end. Each player
 * has 10 life, plays one card a turn and attacks with their creatures. Its turn tree, turn-based
 * actions, cards and limits are all data; the few functions are its rules.
 */

import type { DeckRules } from "../../core/decks.js";
import {
  actionLoop,
  type CardDef,
  drawOrLoseTask,
  type Game,
  nodeTask,
  type Preset,
  setTapped,
  type TurnNode,
  untapTask,
  zoneId,
} from "../../core/index.js";
import { plural } from "../../core/labels.js";
import type { SkirmishOp } from "./ops.generated.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  kind: "turn",
  children: [
    { id: "start", label: "Start step", kind: "step", onBegin: ["sk.untap"] },
    { id: "draw", label: "Draw step", kind: "step", when: "!firstTurnOfGame", onBegin: ["sk.draw"] },
    { id: "main", label: "Main step", kind: "step", interaction: "sk.main" },
    {
      id: "combat",
      label: "Combat step",
      kind: "step",
      interaction: "sk.combat",
      children: [
        {
          id: "attack",
          label: "Attack",
          kind: "group",
          onDemand: true,
          windows: ["attack"],
          children: [{ id: "damage", label: "Damage", kind: "substep", onBegin: ["sk.damage"] }],
        },
      ],
    },
    { id: "end", label: "End step", kind: "step", onBegin: ["sk.discard"] },
  ],
};

const vanilla = (id: string, name: string, power: number): CardDef<SkirmishOp> => ({
  id,
  name,
  types: ["creature"],
  power,
});

export const skirmishCards: CardDef<SkirmishOp>[] = [
  vanilla("footsoldier", "Footsoldier", 1),
  vanilla("knight", "Knight", 2),
  vanilla("giant", "Giant", 3),
  {
    id: "herald",
    name: "Herald",
    types: ["creature"],
    power: 1,
    text: "Once each turn, when a creature enters your field, you may draw a card.",
    abilities: [
      {
        id: "draw",
        kind: "triggered",
        trigger: { on: "move", to: "field", player: "self" },
        optional: true,
        effect: [{ op: "draw" }],
        limit: {
          counts: "use",
          usedUp: "resolution",
          key: "card",
          window: "turn",
          declineUsesUp: false,
          label: "once each turn",
        },
      },
    ],
  },
  {
    id: "chronicler",
    name: "Chronicler",
    types: ["creature"],
    power: 1,
    text: "The first time each turn you play a card, gain 1 life.",
    abilities: [
      {
        id: "life",
        kind: "triggered",
        trigger: { on: "play", player: "self", noun: "card played" },
        effect: [{ op: "gainLife", n: 1 }],
        limit: { counts: "event", nth: 1, key: "player", window: "turn" },
      },
    ],
  },
  {
    id: "timewalker",
    name: "Timewalker",
    types: ["creature"],
    power: 0,
    text: "When this enters, take an extra turn after this one. (Only once per game for your Timewalkers.)",
    abilities: [
      {
        id: "extra",
        kind: "triggered",
        trigger: { on: "move", to: "field", self: true },
        effect: [{ op: "extraTurn" }],
        limit: { counts: "trigger", key: "namePerPlayer", window: "game", label: "once per game" },
      },
    ],
  },
];

/** Cards in a deck: the default deck's 20 (a 4-card opening hand and a draw a turn to spare). */
const DECK_SIZE = 20;
/** Copies of one card a deck may hold (the default deck has 4 Knights and 4 Giants). */
const MAX_COPIES = 4;

/** A Skirmish deck: exactly 20 cards, at most 4 of a card; its default and random decks are of this kind. */
export const skirmishDeckRules: DeckRules = {
  parts: [{ id: "deck", label: "deck", min: DECK_SIZE, max: DECK_SIZE }],
  maxCopies: MAX_COPIES,
};

function life(game: Game, p: number): number {
  return game.state.players[p]!.vars.life as number;
}

export const skirmish: Preset = {
  id: "skirmish",
  name: "Skirmish (example)",
  players: { min: 2, max: 2 },
  events: {
    play: "A card was played from the hand onto the field: obj, card, player.",
    attack: "A creature attacked: obj (the attacker), player (its controller).",
    damage: "A player took damage from an attack: player (the defender), obj (the attacker), data.n.",
    lifeGain: "A player gained life: player, data.n.",
    discard: "A card was discarded at the end step: a move from hand to graveyard; obj, player.",
  },
  zones: [
    { kind: "deck", label: "deck", perPlayer: true, visibility: "hidden" },
    { kind: "hand", label: "hand", perPlayer: true, visibility: "owner" },
    { kind: "field", label: "field", perPlayer: true, visibility: "public", inPlay: true },
    { kind: "graveyard", label: "graveyard", perPlayer: true, visibility: "public" },
  ],
  options: {
    handLimit: { description: "Cards kept at the end step", default: 5, type: "integer", min: 0, max: 60 },
  },
  turn: () => turn,
  cards: skirmishCards,
  deckRules: skirmishDeckRules,
  randomDecks: (players, pick) => Array.from({ length: players }, () => randomDeck(pick)),
  checkpoint: "kernel.resolvePending",
  // A player at 0 life loses at once, whatever brought them there (a kernel state check).
  stateChecks: [
    {
      id: "noLife",
      rule: "Skirmish: 0 life loses",
      // Life changes only with "damage" and "lifeGain": after events of these types alone the
      // check would find what it found before.
      ignores: [
        "nodeEnter",
        "nodeBegin",
        "nodeEnd",
        "turnBegin",
        "turnEnd",
        "extraTurnAdded",
        "tap",
        "untap",
        "draw",
        "shuffle",
        "move",
        "discard",
        "play",
        "attack",
        "trigger",
        "resolve",
        "decline",
        "limitUsed",
        "limitRefused",
      ],
      run(game) {
        const losers = game.state.players.filter((p) => life(game, p.id) <= 0).map((p) => p.id);
        if (losers.length === 1) game.declareLoser(losers[0]!, "life reached 0");
        else if (losers.length > 1) game.declareWinner(null, "a draw: both players reached 0 life");
        return losers.length > 0;
      },
    },
  ],
  playerVars: () => ({ life: 10 }),
  conditions: { firstTurnOfGame: (game) => game.state.clock.turn.id === 1 },
  ops: {
    gainLife: {
      doc: "The controller gains n life.",
      args: { n: { type: "integer", default: 1, doc: "Life gained." } },
      run(game, op, frame) {
        const p = game.state.players[frame.ctx.controller]!;
        p.vars.life = (p.vars.life as number) + Number(op.n ?? 1);
        game.emit({ type: "lifeGain", player: p.id, data: { n: Number(op.n ?? 1) } });
        return "next";
      },
    },
  },
  tasks: {
    "sk.untap": untapTask("field"),
    "sk.draw": drawOrLoseTask(1),
    "sk.main": actionLoop({
      kind: "main",
      prompt: "Play a card or pass",
      passLabel: "End main step",
      actions(game, p) {
        if (game.state.clock.turn.id === game.state.players[p]!.vars.playedOn) return [];
        return game
          .cardsIn("hand", p)
          .map((o) => ({ id: `play:${game.ref(o)}`, label: `Play ${game.card(o).name}` }));
      },
      perform(game, p, option) {
        const obj = game.obj(option.id.slice(5));
        game.state.players[p]!.vars.playedOn = game.state.clock.turn.id;
        game.move(obj, zoneId("field", p));
        game.emit({
          type: "play",
          player: p,
          obj: obj.id,
          inc: obj.inc,
          card: obj.card,
          name: game.card(obj).name,
        });
      },
    }),
    "sk.combat": actionLoop({
      kind: "combat",
      prompt: "Attack with a creature or end combat",
      passLabel: "End combat",
      actions(game, p) {
        return game
          .cardsIn("field", p)
          .filter((o) => !o.tapped && o.enteredTurn < game.state.clock.turn.id)
          .map((o) => ({ id: `attack:${game.ref(o)}`, label: `Attack with ${game.card(o).name}` }));
      },
      perform(game, p, option) {
        const obj = game.obj(option.id.slice(7));
        setTapped(game, obj, true, { kind: "action", player: p, obj: obj.id });
        game.state.vars.attacker = obj.id;
        game.pushTask(nodeTask("attack"));
        game.emit({
          type: "attack",
          player: p,
          obj: obj.id,
          inc: obj.inc,
          card: obj.card,
          name: game.card(obj).name,
        });
      },
    }),
    "sk.damage": (game, task) => {
      game.popTask(task);
      const attacker = game.obj(String(game.state.vars.attacker));
      const defender = game.opponents(attacker.controller)[0]!;
      const power = Number(game.characteristic(attacker, "power") ?? 0);
      const p = game.state.players[defender]!;
      p.vars.life = life(game, defender) - power;
      game.emit({ type: "damage", player: defender, obj: attacker.id, data: { n: power } });
    },
    "sk.discard": (game, task) => {
      const p = game.state.clock.turn.player;
      const hand = game.cardsIn("hand", p);
      const limit = Number(game.state.options.handLimit);
      if (task.answer) {
        const obj = game.obj(task.answer.id);
        // Cleared, not deleted: a delete turns the task into a slow dictionary-mode object.
        task.answer = undefined;
        game.move(obj, zoneId("graveyard", p), { event: "discard" });
        return;
      }
      if (hand.length <= limit) {
        game.popTask(task);
        return;
      }
      game.ask({
        player: p,
        kind: "discard",
        prompt: `Discard down to ${plural(limit, "card")} (${hand.length} in hand)`,
        options: hand.map((o) => ({ id: game.ref(o), label: game.card(o).name })),
      });
    },
  },
  narrate(game, e) {
    const who = e.player === undefined ? "" : game.playerName(e.player);
    if (e.type === "damage")
      return `${who} takes ${e.data?.n} damage (life ${game.state.players[e.player!]!.vars.life}).`;
    if (e.type === "lifeGain") return `${who} gains ${e.data?.n} life.`;
    if (e.type === "attack") return `${e.name} attacks.`;
    if (e.type === "play") return `${who} plays ${e.name}.`;
    if (e.type === "discard") return `${who} discards ${e.name}.`;
    return null;
  },
  setup(game, spec) {
    for (let p = 0; p < spec.players; p++) {
      const deck = spec.decks?.[p] ?? defaultDeck();
      for (const card of deck) game.createCard(card, p, "deck");
      game.shuffle(zoneId("deck", p));
      game.draw(p, 4);
    }
  },
};

export function defaultDeck(): string[] {
  const deck: string[] = [];
  for (const id of ["footsoldier", "knight", "giant", "herald", "chronicler", "timewalker"])
    for (let i = 0; i < 3; i++) deck.push(id);
  deck.push("knight", "giant");
  return deck;
}

/** A random 20-card deck from the whole library, at most 4 copies of a card (as in `defaultDeck`). */
export function randomDeck(pick: (n: number) => number): string[] {
  const deck: string[] = [];
  while (deck.length < DECK_SIZE) {
    const open = skirmishCards.filter((c) => deck.filter((id) => id === c.id).length < MAX_COPIES);
    deck.push(open[pick(open.length)]!.id);
  }
  return deck;
}
