/**
 * The lab: a minimal game for trying out turn structures and every kind of usage limit with
 * ad-hoc cards declared in scenario files. Players play cards onto a field, activate abilities
 * (which the opponent may answer by negating the activation or its effect), and attack; phases
 * open "phase" windows, battle opens a custom "combat" window, each attack an "attack" window,
 * each activation a "chain" window.
 */

import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import { actionLoop, drawOrLoseTask, untapTask } from "../../core/interactions.js";
import type { Json } from "../../core/json.js";
import { abilityLabel, findAbility } from "../../core/labels.js";
import { setTapped, zoneId } from "../../core/objects.js";
import type { Preset, TurnNode } from "../../core/preset.js";
import type { StateCheck } from "../../core/state-checks.js";
import { nodeTask } from "../../core/structure.js";
import { pendingStack } from "../../core/triggers.js";
import type { PresetCardDef } from "../../core/vocabulary/schema.js";
import { activate, activationOptions, labActivation, runChainTask } from "./activation.js";
import { labDeckRules, randomDecks } from "./decks.js";
import type { LabOp } from "./ops.generated.js";
import { labOps } from "./ops.js";

/** A card of this library: its ops are checked against the preset's at compile time. */
type CardDef = PresetCardDef<LabOp>;

const phase = (id: string, label: string, extra: Partial<TurnNode> = {}): TurnNode => ({
  id,
  label,
  kind: "phase",
  windows: ["phase"],
  ...extra,
});

export const labTurn: TurnNode = {
  id: "turn",
  label: "Turn",
  kind: "turn",
  children: [
    phase("start", "Start phase", { onBegin: ["lab.untap", "lab.resetPlays"] }),
    phase("draw", "Draw phase", { when: "!firstTurn", onBegin: ["lab.draw"] }),
    phase("main", "Main phase", { interaction: "lab.main" }),
    phase("battle", "Battle phase", {
      windows: ["phase", "combat"],
      interaction: "lab.battle",
      children: [
        {
          id: "attack",
          label: "Attack",
          kind: "group",
          onDemand: true,
          windows: ["attack"],
          children: [
            {
              id: "declare",
              label: "Attack declaration",
              kind: "substep",
              onBegin: ["lab.declare"],
              interaction: "lab.duringAttack",
            },
            { id: "damage", label: "Damage", kind: "substep", onBegin: ["lab.damage"] },
            { id: "endOfAttack", label: "End of attack", kind: "substep" },
          ],
        },
      ],
    }),
    phase("end", "End phase"),
  ],
};

const vanilla = (id: string, name: string, power: number): CardDef => ({
  id,
  name,
  types: ["creature"],
  power,
});

export const labCards: CardDef[] = [
  vanilla("lab-rat", "Lab Rat", 1),
  vanilla("lab-hound", "Lab Hound", 2),
  vanilla("lab-golem", "Lab Golem", 3),
];

function attackerOf(game: Game) {
  return game.obj(String(game.state.vars.attacker));
}

/**
 * A player at 0 life or less loses — a state check run after every step of the engine's work
 * (damage, a life-loss effect), never by hand at chosen points; both at once: a draw.
 */
export const lifeCheck: StateCheck = {
  id: "lifeZero",
  rule: "lab: a player at 0 life or less loses",
  run(game) {
    const losers = game.state.players.filter((p) => Number(p.vars.life) <= 0).map((p) => p.id);
    if (losers.length === 0) return false;
    if (losers.length === 1) game.declareLoser(losers[0]!, "life reached 0");
    else game.declareWinner(null, "a draw: every player's life reached 0 at once");
    return true;
  },
};

export const lab: Preset = {
  id: "lab",
  name: "Lab (a testbed for turn structures and limits)",
  players: { min: 2, max: 2 },
  events: {
    play: "A card was played from the hand onto the field: obj, card, player.",
    attack: "A creature attacked: obj (the attacker), player (its controller).",
    damage: "A player lost life to an attack: player (the defender), obj (the attacker), data.",
    negate: "An activation or an effect in the chain was negated by an op: player, data.",
    negated: "A chain link was negated (its activation or its effect): obj, player, data.ability, data.what.",
    extraPlay: "A player may play more cards this turn: player, data.plays.",
    lifeGain: "A player gained life (gainLife): player, data.n, data.life.",
    lifeLoss: "A player lost life (loseLife): player, data.n, data.life.",
  },
  staticKinds: {
    attackBonus: "value: power the controller's attacking creatures get, where its limits allow.",
  },
  effectKinds: {
    name: "value: the target card's name becomes this while it lasts (the rename op).",
    power: "value: power added to the target creature while it lasts.",
  },
  zones: [
    { kind: "deck", label: "deck", perPlayer: true, visibility: "hidden" },
    { kind: "hand", label: "hand", perPlayer: true, visibility: "owner" },
    { kind: "field", label: "field", perPlayer: true, visibility: "public", inPlay: true },
    { kind: "graveyard", label: "graveyard", perPlayer: true, visibility: "public" },
  ],
  windows: ["chain"],
  turn: () => labTurn,
  cards: labCards,
  deckRules: labDeckRules,
  randomDecks: (players, pick) => randomDecks(labCards, players, pick),
  checkpoint: "kernel.resolvePending",
  stack: pendingStack,
  // Legal activation: options come from canActivate; the timing hook says which timings are open.
  activation: labActivation,
  stateChecks: [lifeCheck],
  playerVars: () => ({ life: 20, plays: 1 }),
  conditions: { firstTurn: (game) => game.state.clock.turn.id === 1 },
  ops: labOps,
  characteristic(game, obj, field, printed) {
    if (field === "name") {
      const renames = game
        .effects("name")
        .filter((d) => d.effect.target && "obj" in d.effect.target && d.effect.target.obj === obj.id);
      return renames.length ? (renames[renames.length - 1]!.effect.value as Json) : printed;
    }
    if (field === "power" && typeof printed === "number") {
      let power = printed;
      for (const d of game.effects("power"))
        if (d.effect.target && "obj" in d.effect.target && d.effect.target.obj === obj.id)
          power += Number(d.effect.value);
      return power;
    }
    return printed;
  },
  tasks: {
    "lab.chain": runChainTask,
    "lab.untap": untapTask("field"),
    "lab.resetPlays": (game, task) => {
      game.state.players[game.state.clock.turn.player]!.vars.plays = 1;
      game.popTask(task);
    },
    "lab.draw": drawOrLoseTask(1),
    "lab.main": actionLoop({
      kind: "main",
      prompt: "Play a card, activate an ability, or pass",
      passLabel: "End the main phase",
      actions(game, p) {
        const plays = Number(game.state.players[p]!.vars.plays);
        const out =
          plays > 0
            ? game
                .cardsIn("hand", p)
                .map((o) => ({ id: `play:${game.ref(o)}`, label: `Play ${game.card(o).name}` }))
            : [];
        return [...out, ...activationOptions(game, p)];
      },
      perform(game, p, option) {
        if (option.id.startsWith("activate:")) {
          activate(game, p, option.id);
          return;
        }
        const obj = game.obj(option.id.slice("play:".length));
        const vars = game.state.players[p]!.vars;
        vars.plays = Number(vars.plays) - 1;
        game.moveWithReplacement(obj, zoneId("field", p), { event: "move" });
        emit(game, {
          type: "play",
          player: p,
          obj: obj.id,
          inc: obj.inc,
          card: obj.card,
          name: game.card(obj).name,
        });
      },
    }),
    "lab.battle": actionLoop({
      kind: "battle",
      prompt: "Attack, activate an ability, or pass",
      passLabel: "End the battle phase",
      actions(game, p) {
        const attackers = game
          .cardsIn("field", p)
          .filter((o) => !o.tapped && !o.faceDown && o.enteredTurn < game.state.clock.turn.id)
          .map((o) => ({ id: `attack:${game.ref(o)}`, label: `Attack with ${game.card(o).name}` }));
        return [...attackers, ...activationOptions(game, p)];
      },
      perform(game, p, option) {
        if (option.id.startsWith("activate:")) {
          activate(game, p, option.id);
          return;
        }
        const obj = game.obj(option.id.slice("attack:".length));
        setTapped(game, obj, true, { kind: "action", player: p, obj: obj.id });
        game.state.vars.attacker = obj.id;
        game.pushTask(nodeTask("attack"));
      },
    }),
    "lab.declare": (game, task) => {
      game.popTask(task);
      const a = attackerOf(game);
      emit(game, {
        type: "attack",
        player: a.controller,
        obj: a.id,
        inc: a.inc,
        card: a.card,
        name: game.card(a).name,
      });
    },
    "lab.duringAttack": actionLoop({
      kind: "duringAttack",
      player: (game) => game.opponents(game.state.clock.turn.player)[0]!,
      prompt: "Activate an ability during this attack, or pass",
      actions: (game, p) => activationOptions(game, p),
      perform: (game, p, option) => activate(game, p, option.id),
    }),
    "lab.damage": (game, task) => {
      game.popTask(task);
      const a = attackerOf(game);
      if (game.state.zones[a.zone]!.kind !== "field") return;
      let power = Number(game.characteristic(a, "power") ?? 0);
      // Static bonuses apply once each where their limits allow, and are used up only when they apply (RULINGS DM-3.7).
      for (const ref of game.staticAbilities("attackBonus")) {
        if (ref.controller !== a.controller) continue;
        const v = game.applyStatic(ref);
        if (v.ok) power += Number(ref.ability.static?.value ?? 0);
        else
          emit(game, {
            type: "limitRefused",
            player: ref.controller,
            obj: ref.obj.id,
            card: ref.obj.card,
            name: ref.card.name,
            data: {
              ability: ref.ability.id,
              reason: v.reason,
              key: v.key,
              window: v.window,
              at: "application",
            },
          });
      }
      const defender = game.opponents(a.controller)[0]!;
      const vars = game.state.players[defender]!.vars;
      vars.life = Number(vars.life) - power;
      emit(game, {
        type: "damage",
        player: defender,
        obj: a.id,
        name: game.card(a).name,
        data: { n: power, life: vars.life },
      });
    },
  },
  narrate(game, e) {
    const who = e.player === undefined ? "" : game.playerName(e.player);
    const d = e.data ?? {};
    switch (e.type) {
      case "play":
        return `${who} plays ${e.name}.`;
      case "activate":
        return `${who} activates ${e.name}${typeof d.ability === "string" && e.card ? ` (${abilityLabel(findAbility(game.rules.cards.get(e.card), d.ability), d.ability, 60)})` : ""}.`;
      case "negate":
        return `${who} negates the ${d.what}.`;
      case "negated":
        return `${e.name}'s ${d.what === "activation" ? "activation is negated" : "effect is negated"}.`;
      case "attack":
        return `${e.name} attacks.`;
      case "damage":
        return `${who} takes ${d.n} damage (life ${d.life}).`;
      case "lifeGain":
        return `${who} gains ${d.n} life (life ${d.life}).`;
      case "lifeLoss":
        return `${who} loses ${d.n} life (life ${d.life}).`;
      case "faceDown":
        return `${e.name} is turned face-down${d.bySelf ? " by its own effect" : ""}.`;
      default:
        return null;
    }
  },
  setup(game, spec) {
    for (let p = 0; p < spec.players; p++) {
      const deck = spec.decks?.[p] ?? Array.from({ length: 20 }, (_, i) => labCards[i % labCards.length]!.id);
      for (const card of deck) game.createCard(card, p, "deck");
      game.shuffle(zoneId("deck", p));
      game.draw(p, 5);
    }
  },
};
