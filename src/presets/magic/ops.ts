/**
 * Effect ops of the Magic preset: damage, life, "+N/+N until end of turn", destroying, opening an
 * Attraction, Saga chapters' sacrifice / discard / reanimation; and costs (payMana, payLife,
 * sacrifice, discard), which say whether they can be paid (`feasible`, checked by canActivate).
 * Spells and activated abilities target what was chosen as they were cast or activated
 * (targets.ts); triggered abilities still choose theirs as they resolve (docs/magic.md).
 */
import { addDuration } from "../../core/durations.js";
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { addCounters, setTapped, zoneId } from "../../core/objects.js";
import { causeOf } from "../../core/ops.js";
import {
  type OpHandler,
  resolveNumber,
  resolveObjects,
  resolvePlayers,
  type ScriptTask,
  sourceOf,
  varsOf,
} from "../../core/script.js";
import type { Cause, DecisionOption, GameObject, PlayerId } from "../../core/types.js";
import type { Op } from "../../core/vocabulary/schema.js";
import { activatedOp } from "./activation.js";
import { costOps } from "./costs.js";
import { counterOps } from "./counter.js";
import { damageOps } from "./damage-ops.js";
import { endTurnOps } from "./end-turn.js";
import { enteredBattlefield } from "./entering.js";
import { eventOps } from "./event-ops.js";
import { damageKeywords, indestructible } from "./keywords.js";
import { gainLife, loseLife } from "./life.js";
import { linkedOps } from "./linked.js";
import { addManaTo, cantPay, genericCost, type ManaCost, parseMana, payCost } from "./mana.js";
import { phasingOps } from "./phasing.js";
import { isPlaneswalker, LOYALTY, loyaltyOf } from "./planeswalkers.js";
import { colours, protects } from "./protection.js";
import {
  allPermanents,
  apnap,
  creatures,
  hasKeyword,
  inGame,
  isType,
  life,
  liveOpponents,
  MINUS,
  nameOf,
  permanents,
  poisonOf,
  sacrifice,
} from "./state.js";
import {
  hasRecordedTargets,
  TARGET_ANY,
  TARGET_PLAYER,
  targetAnyOp,
  targetable,
  targetPlayerOp,
  targetPlayers,
} from "./targets.js";
import { tokenOps } from "./tokens.js";

/** What dealt damage: its source, for the events damage causes (combat damage is a turn-based action's, CR 510.2). */
function damageCause(
  source: { obj?: GameObject; name: string; controller: PlayerId },
  combat: boolean,
): Cause {
  return {
    kind: combat ? "rule" : "effect",
    rule: "damage",
    player: source.controller,
    ...(source.obj ? { obj: source.obj.id, inc: source.obj.inc, card: source.obj.card } : {}),
    name: source.name,
  };
}

/**
 * Deals damage to a creature (marked, CR 120.3e), a planeswalker (loyalty counters removed,
 * CR 120.3c) or a player (life loss, CR 120.3a). Counters it puts or removes (loyalty; -1/-1 from
 * a source with wither or infect, CR 702.80c, 702.90c) and the life it takes are events with
 * their amount, caused by the damage (`cause.rule: "damage"`).
 */
export function dealDamage(
  game: Game,
  source: { obj?: GameObject; name: string; controller: PlayerId },
  to: GameObject | PlayerId,
  n: number,
  combat = false,
): void {
  if (n <= 0) return;
  const data: JsonObject = { n, source: source.name, combat };
  const infect = source.obj !== undefined && hasKeyword(game, source.obj, "infect");
  const cause = damageCause(source, combat);
  if (typeof to === "number") {
    const p = game.state.players[to]!;
    if (infect) {
      // CR 702.90b: damage from a source with infect to a player gives poison counters, not life loss.
      p.vars.poison = poisonOf(game, to) + n;
      data.poison = p.vars.poison as number;
    } else data.life = life(game, to) - n;
    // The event is about the player dealt damage; its source is the cause (cause.obj).
    game.emit({ type: "damage", player: to, cause, data });
    if (!infect) loseLife(game, to, n, cause, { damage: true }); // CR 120.3a
    damageKeywords(game, source.obj, source.controller, to, n); // CR 702.15b
    return;
  }
  data.target = nameOf(game, to);
  // CR 702.16e: damage from a source of a colour it has protection from is prevented.
  if (source.obj && protects(game, to, colours(game, source.obj))) {
    game.emit({
      type: "damagePrevented",
      player: to.controller,
      obj: to.id,
      inc: to.inc,
      name: nameOf(game, to),
      cause,
      data: { ...data, reason: "protection (CR 702.16e)" },
    });
    return;
  }
  const wither = infect || (source.obj !== undefined && hasKeyword(game, source.obj, "wither"));
  if (isPlaneswalker(game, to)) data.loyalty = Math.max(0, loyaltyOf(to) - n); // CR 120.3c
  if (isType(game, to, "creature") && wither) data.counters = (to.counters[MINUS] ?? 0) + n;
  else if (isType(game, to, "creature") || !isPlaneswalker(game, to)) {
    to.vars.damage = Number(to.vars.damage ?? 0) + n;
    data.marked = to.vars.damage as number;
  }
  game.emit({
    type: "damage",
    player: to.controller,
    obj: to.id,
    inc: to.inc,
    name: nameOf(game, to),
    cause,
    data,
  });
  // Counters the damage removes or puts: events of their own, after the damage event.
  if (isPlaneswalker(game, to)) addCounters(game, to, LOYALTY, -n, cause); // CR 120.3c
  // CR 702.80c, 702.90c: to a creature, -1/-1 counters instead of marked damage (CR 120.3d).
  if (isType(game, to, "creature") && wither) addCounters(game, to, MINUS, n, cause);
  damageKeywords(game, source.obj, source.controller, to, n); // CR 702.2b, 702.15b
}

function sourceInfo(game: Game, frame: ScriptTask): { obj?: GameObject; name: string; controller: PlayerId } {
  const src =
    sourceOf(game, frame.ctx) ?? (frame.ctx.source ? game.state.objects[frame.ctx.source] : undefined);
  const name = frame.ctx.card ? game.rules.card(frame.ctx.card).name : "an effect";
  return { ...(src ? { obj: src } : {}), name, controller: frame.ctx.controller };
}

/**
 * The targets chosen as the spell was cast or the ability activated, still legal (targets.ts):
 * objects and players; null when the effect has none recorded (a triggered ability).
 */
function chosenTargets(game: Game, frame: ScriptTask, as = "target"): (GameObject | PlayerId)[] | null {
  const vars = varsOf(game, frame);
  if (!hasRecordedTargets(vars)) return null;
  const ids = Array.isArray(vars[as]) ? (vars[as] as string[]) : [];
  return [...targetPlayers(vars, as), ...ids.map((id) => game.obj(id))];
}

/** Asks `player` to pick one option; returns the answer id once given, else null after asking. */
function pick(
  game: Game,
  frame: ScriptTask,
  player: PlayerId,
  kind: string,
  prompt: string,
  options: DecisionOption[],
  hidden = false,
): string | null {
  if (frame.answer) {
    const id = frame.answer.id;
    delete frame.answer;
    return id;
  }
  game.ask({
    player,
    kind,
    prompt,
    options,
    ...(hidden ? { private: true, publicPrompt: `${game.playerName(player)} chooses a card` } : {}),
  });
  return null;
}

const creatureOptions = (game: Game, objs: GameObject[]): DecisionOption[] =>
  objs.map((o) => ({
    id: `target:${game.ref(o)}`,
    label: `${nameOf(game, o)} (${game.playerName(o.controller)})`,
  }));

const allCreatures = (game: Game): GameObject[] =>
  allPermanents(game).filter((o) => isType(game, o, "creature"));

/** Creatures and planeswalkers: the permanents "any target" names (CR 115.4). */
const damageablePermanents = (game: Game): GameObject[] =>
  allPermanents(game).filter((o) => isType(game, o, "creature") || isPlaneswalker(game, o));

/**
 * Draws n cards. A player who can't draw from an empty library is marked: they lose the next
 * time state-based actions are checked (CR 121.4, 704.5b).
 */
export function drawCards(game: Game, p: PlayerId, n: number, cause?: Cause): void {
  for (let i = 0; i < n; i++) {
    if (game.zone("library", p).cards.length === 0) {
      game.state.players[p]!.vars.drewFromEmpty = true;
      game.emit({ type: "drawFromEmpty", player: p });
      return;
    }
    game.draw(p, 1, cause);
  }
}

/** Why a mana string is not a mana cost the preset can read (checked as cards load), or null. */
function manaProblem(mana: unknown, allowX: boolean): string | null {
  try {
    const cost = parseMana(String(mana));
    return !allowX && cost.x > 0 ? "{X} is only allowed in a spell's mana cost (stats.manaCost)" : null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The mana cost of a payMana op: its `mana`, else `n` generic. */
const opCost = (game: Game, op: Op, frame: ScriptTask): ManaCost =>
  op.mana === undefined ? genericCost(resolveNumber(game, op.n, frame, 0)) : parseMana(String(op.mana));

export const magicOps: Record<string, OpHandler> = {
  draw: {
    doc: "The controller (or each of `players`, in APNAP order) draws n cards; drawing from an empty library loses at the next state-based action check (CR 704.5b).",
    args: {
      n: { type: "number", default: 1, doc: "How many cards." },
      players: { type: "players", doc: 'Who draws ("any": "each player draws"); absent: the controller.' },
    },
    run(game, op, frame) {
      const n = resolveNumber(game, op.n, frame, 1);
      // CR 101.4: "each player draws" in APNAP order; players who left the game draw nothing.
      const who =
        op.players === undefined
          ? [frame.ctx.controller]
          : apnap(game).filter((p) => resolvePlayers(game, op.players, frame).includes(p));
      for (const p of who) drawCards(game, p, n, causeOf(game, frame));
      return "next";
    },
  },
  payMana: {
    doc: 'The controller pays mana (pool first, then their untapped lands\' mana abilities): `mana` in printed form ("{1}{G}": each coloured symbol with mana of its colour, generic with any, CR 107.4) or `n` generic; as a cost, they must be able to pay it all (CR 601.2g–h).',
    args: {
      n: { type: "number", default: 0, doc: "Generic mana paid (when `mana` is not given)." },
      mana: { type: "string", doc: 'The mana cost, e.g. "{1}{G}".' },
    },
    check(op) {
      return op.mana === undefined ? null : manaProblem(op.mana, false);
    },
    feasible(game, op, frame) {
      return cantPay(game, frame.ctx.controller, opCost(game, op, frame));
    },
    run(game, op, frame) {
      payCost(game, frame.ctx.controller, opCost(game, op, frame));
      return "next";
    },
  },
  addMana: {
    doc: 'Adds mana to the controller\'s mana pool (CR 106.4): `mana` in printed form, "{G}", "{R}{R}", "{C}" or "{2}" (colourless). An activated ability without a target that adds mana is a mana ability (CR 605.1a): it doesn\'t use the stack.',
    args: {
      mana: {
        type: "string",
        required: true,
        doc: 'The mana added, e.g. "{G}" (symbols W U B R G C or a number).',
      },
    },
    check(op) {
      return manaProblem(op.mana, false);
    },
    run(game, op, frame) {
      const src = frame.ctx.source ? game.state.objects[frame.ctx.source] : undefined;
      addManaTo(game, frame.ctx.controller, parseMana(String(op.mana)), src);
      return "next";
    },
  },
  payLife: {
    doc: "A cost: the controller pays n life; they can only if their life total is at least n (CR 119.4).",
    args: { n: { type: "number", default: 1, doc: "Life paid." } },
    feasible(game, op, frame) {
      const n = resolveNumber(game, op.n, frame, 1);
      const p = frame.ctx.controller;
      return n > 0 && life(game, p) < n
        ? `needs ${n} life to pay; ${game.playerName(p)} has ${life(game, p)}`
        : null;
    },
    run(game, op, frame) {
      const p = frame.ctx.controller;
      const n = resolveNumber(game, op.n, frame, 1);
      game.emit({ type: "payLife", player: p, data: { n, life: life(game, p) - n } });
      loseLife(game, p, n, { ...causeOf(game, frame), kind: "cost" }, { paid: true }); // CR 119.4
      return "next";
    },
  },
  sacrifice: {
    doc: "The controller sacrifices those permanents of theirs (CR 701.17): they die. As a cost, they must be on the battlefield under their control.",
    args: { what: { type: "objects", default: "self", doc: "The permanents sacrificed." } },
    feasible(game, op, frame) {
      const what = op.what ?? "self";
      if (typeof what === "string" && what.startsWith("$")) return null;
      const objs = resolveObjects(game, what, frame);
      const ok = objs.filter(
        (o) => game.state.zones[o.zone]?.kind === "battlefield" && o.controller === frame.ctx.controller,
      );
      return ok.length === 0 || ok.length < objs.length
        ? "nothing of theirs on the battlefield to sacrifice"
        : null;
    },
    run(game, op, frame) {
      // Permanents sacrificed by one instruction die at once (CR 603.10a).
      game.simultaneously(() => {
        for (const o of resolveObjects(game, op.what ?? "self", frame))
          if (game.state.zones[o.zone]?.kind === "battlefield" && o.controller === frame.ctx.controller)
            sacrifice(game, o, causeOf(game, frame));
      });
      return "next";
    },
  },
  discard: {
    doc: "A cost or an effect: the controller discards n cards of their choice (the choice is theirs alone to see). As a cost, they must have n other cards in hand.",
    args: { n: { type: "number", default: 1, doc: "How many cards." } },
    feasible(game, op, frame) {
      const n = resolveNumber(game, op.n, frame, 1);
      const p = frame.ctx.controller;
      const hand = game.cardsIn("hand", p).filter((o) => o.id !== frame.ctx.source);
      return hand.length < n
        ? `needs ${n} card${n === 1 ? "" : "s"} to discard; ${game.playerName(p)} has ${hand.length}`
        : null;
    },
    run(game, op, frame) {
      const p = frame.ctx.controller;
      const n = resolveNumber(game, op.n, frame, 1);
      const done = typeof frame.scratch === "number" ? frame.scratch : 0;
      const hand = game.cardsIn("hand", p).filter((o) => o.id !== frame.ctx.source);
      if (done >= n || hand.length === 0) return "next";
      const options = hand.map((o) => ({ id: `discard:${game.ref(o)}`, label: game.card(o).name }));
      const id = pick(game, frame, p, "discard", `Discard a card (${done + 1} of ${n})`, options, true);
      if (id === null) return "wait";
      game.move(game.obj(id.slice(8)), zoneId("graveyard", p), {
        event: "discard",
        cause: causeOf(game, frame),
      });
      frame.scratch = done + 1;
      return done + 1 >= n ? "next" : "again";
    },
  },
  destroy: {
    doc: "Destroys those permanents: each is put into its owner's graveyard (CR 701.7), so it dies.",
    args: { what: { type: "objects", required: true, doc: "The permanents destroyed." } },
    run(game, op, frame) {
      // Permanents destroyed by one instruction die at once: they see each other die (CR 603.10a).
      game.simultaneously(() => {
        for (const o of resolveObjects(game, op.what, frame)) {
          if (game.state.zones[o.zone]?.kind !== "battlefield") continue;
          if (indestructible(game, o)) continue; // CR 702.12b: it can't be destroyed
          game.move(o, zoneId("graveyard", o.owner), {
            event: "dies",
            cause: causeOf(game, frame),
            data: { reason: "destroyed" },
          });
        }
      });
      return "next";
    },
  },
  "mtg.activated": activatedOp,
  gainLife: {
    doc: "The controller gains n life.",
    args: { n: { type: "number", default: 1, doc: "Life gained." } },
    run(game, op, frame) {
      gainLife(game, frame.ctx.controller, resolveNumber(game, op.n, frame, 1), causeOf(game, frame));
      return "next";
    },
  },
  damagePlayers: {
    doc: "The source deals n damage to each of those players still in the game.",
    args: {
      players: {
        type: "players",
        default: "opponent",
        doc: "Who is dealt damage (each opponent by default).",
      },
      n: { type: "number", default: 1, doc: "Damage to each." },
    },
    run(game, op, frame) {
      const n = resolveNumber(game, op.n, frame, 1);
      const to =
        op.players === undefined
          ? liveOpponents(game, frame.ctx.controller)
          : resolvePlayers(game, op.players, frame).filter((p) => inGame(game, p));
      for (const p of to) dealDamage(game, sourceInfo(game, frame), p, n);
      return "next";
    },
  },
  damageAnyTarget: {
    doc: "The source deals n damage to the target chosen as the spell was cast (or, for an ability, a creature or player its controller chooses now).",
    args: { n: { type: "number", default: 1, doc: "Damage dealt." } },
    run(game, op, frame) {
      const n = resolveNumber(game, op.n, frame, 1);
      const chosen = chosenTargets(game, frame);
      if (chosen !== null) {
        for (const to of chosen) dealDamage(game, sourceInfo(game, frame), to, n);
        return "next";
      }
      const options = [
        ...game.state.players
          .filter((p) => p.vars.lost !== true)
          .map((p) => ({ id: `player:${p.name}`, label: p.name })),
        // CR 115.4: creatures and planeswalkers; CR 702.11b: only what this ability can target (hexproof, shroud).
        ...creatureOptions(
          game,
          damageablePermanents(game).filter((o) => targetable(game, o, frame.ctx)),
        ),
      ];
      const id = pick(
        game,
        frame,
        frame.ctx.controller,
        "target",
        `Choose a target for ${n} damage`,
        options,
      );
      if (id === null) return "wait";
      const to = id.startsWith("player:")
        ? game.state.players.find((p) => `player:${p.name}` === id)!.id
        : game.obj(id.slice(7));
      dealDamage(game, sourceInfo(game, frame), to, n);
      return "next";
    },
  },
  pumpTarget: {
    doc: "The target chosen as the spell was cast (or the ability activated) gets +power/+toughness until end of turn (CR 514.2); never asked again as it resolves (CR 601.2c, 608.2b).",
    args: {
      power: {
        type: "number",
        default: 0,
        doc: 'Power added (a number, or "that many": `{ event: data.total }`).',
      },
      toughness: { type: "number", default: 0, doc: "Toughness added." },
    },
    run(game, op, frame) {
      let chosen = chosenTargets(game, frame);
      if (chosen === null) {
        // A triggered ability with no recorded target chooses as it resolves (docs/magic.md).
        const targets = allCreatures(game).filter((o) => targetable(game, o, frame.ctx)); // CR 702.11b
        if (targets.length === 0) return "next";
        const id = pick(
          game,
          frame,
          frame.ctx.controller,
          "target",
          "Choose a creature",
          creatureOptions(game, targets),
        );
        if (id === null) return "wait";
        chosen = [game.obj(id.slice(7))];
      }
      const value = {
        power: resolveNumber(game, op.power, frame, 0),
        toughness: resolveNumber(game, op.toughness, frame, 0),
      };
      for (const t of chosen) {
        if (typeof t === "number") continue;
        addDuration(game, {
          expires: { at: "tag", tag: "endOfTurn" },
          controller: frame.ctx.controller,
          label: `+${value.power}/+${value.toughness} until end of turn`,
          effect: { kind: "pump", value, target: { obj: t.id, inc: t.inc } },
        });
        game.emit({ type: "pump", player: t.controller, obj: t.id, name: nameOf(game, t), data: value });
      }
      return "next";
    },
  },
  counterOnOwnCreature: {
    doc: "Put a counter on target creature you control.",
    args: {
      counter: { type: "string", default: "+1/+1", doc: "The counter's name." },
      what: {
        type: "objects",
        doc: "The target chosen as the ability went on the stack (default: the controller chooses one of their creatures now).",
      },
    },
    run(game, op, frame) {
      let t: GameObject | undefined;
      if (op.what !== undefined) {
        // The target chosen as the ability went on the stack, if still legal (CR 603.3d, 608.2b).
        t = resolveObjects(game, op.what, frame)[0];
        if (!t) return "next";
      } else {
        const mine = creatures(game, frame.ctx.controller);
        if (mine.length === 0) return "next";
        const id = pick(
          game,
          frame,
          frame.ctx.controller,
          "target",
          "Choose a creature you control",
          creatureOptions(game, mine),
        );
        if (id === null) return "wait";
        t = game.obj(id.slice(7));
      }
      addCounters(game, t, String(op.counter ?? "+1/+1"), 1, causeOf(game, frame));
      return "next";
    },
  },
  openAttraction: {
    doc: "Put the top card of your Attraction deck onto the battlefield (CR 701.51).",
    args: {},
    run(game, _op, frame) {
      const p = frame.ctx.controller;
      const deck = game.zone("attractionDeck", p);
      const top = deck.cards[deck.cards.length - 1];
      if (top === undefined) return "next";
      game.move(game.obj(top), zoneId("battlefield", p), {
        event: "openAttraction",
        cause: causeOf(game, frame),
      });
      return "next";
    },
  },
  opponentsSacrifice: {
    doc: "Each opponent, in APNAP order, sacrifices a creature (or, with what: creatureOrPlaneswalker, a creature or planeswalker) of their choice.",
    args: {
      what: {
        type: "string",
        values: ["creature", "creatureOrPlaneswalker"],
        default: "creature",
        doc: "What they sacrifice.",
      },
    },
    run(game, op, frame) {
      const scratch = (frame.scratch as JsonObject | undefined) ?? { i: 0 };
      frame.scratch = scratch;
      const opps = liveOpponents(game, frame.ctx.controller);
      const walkers = op.what === "creatureOrPlaneswalker";
      while (Number(scratch.i) < opps.length) {
        const p = opps[Number(scratch.i)]!;
        const mine = walkers
          ? permanents(game, p).filter((o) => isType(game, o, "creature") || isPlaneswalker(game, o))
          : creatures(game, p);
        if (mine.length === 0) {
          scratch.i = Number(scratch.i) + 1;
          continue;
        }
        const prompt = walkers ? "Sacrifice a creature or planeswalker" : "Sacrifice a creature";
        const id = pick(game, frame, p, "sacrifice", prompt, creatureOptions(game, mine));
        if (id === null) return "wait";
        sacrifice(game, game.obj(id.slice(7)), causeOf(game, frame));
        scratch.i = Number(scratch.i) + 1;
      }
      return "next";
    },
  },
  opponentsDiscard: {
    doc: "Each opponent, in APNAP order, discards a card of their choice.",
    args: {},
    run(game, _op, frame) {
      const scratch = (frame.scratch as JsonObject | undefined) ?? { i: 0 };
      frame.scratch = scratch;
      const opps = liveOpponents(game, frame.ctx.controller);
      while (Number(scratch.i) < opps.length) {
        const p = opps[Number(scratch.i)]!;
        const hand = game.cardsIn("hand", p);
        if (hand.length === 0) {
          scratch.i = Number(scratch.i) + 1;
          continue;
        }
        const options = hand.map((o) => ({ id: `discard:${game.ref(o)}`, label: game.card(o).name }));
        const id = pick(game, frame, p, "discard", "Discard a card", options, true);
        if (id === null) return "wait";
        game.move(game.obj(id.slice(8)), zoneId("graveyard", p), {
          event: "discard",
          cause: causeOf(game, frame),
        });
        scratch.i = Number(scratch.i) + 1;
      }
      return "next";
    },
  },
  reanimate: {
    doc: "Put target creature card from a graveyard onto the battlefield under your control.",
    args: {
      what: {
        type: "objects",
        doc: "The target chosen as the ability went on the stack (default: the controller chooses a creature card in a graveyard now).",
      },
    },
    run(game, op, frame) {
      if (op.what !== undefined) {
        // The target chosen as the chapter ability went on the stack (CR 603.3d, 608.2b).
        for (const t of resolveObjects(game, op.what, frame)) {
          game.move(t, zoneId("battlefield", frame.ctx.controller), { cause: causeOf(game, frame) });
          enteredBattlefield(game, t); // CR 306.5b, 614.1c, 714.3a
        }
        return "next";
      }
      const cards: GameObject[] = [];
      for (let p = 0; p < game.state.players.length; p++)
        for (const o of game.cardsIn("graveyard", p)) if (isType(game, o, "creature")) cards.push(o);
      if (cards.length === 0) return "next";
      const options = cards.map((o) => ({
        id: `target:${game.ref(o)}`,
        label: `${game.card(o).name} (${game.playerName(o.owner)}'s graveyard)`,
      }));
      const id = pick(
        game,
        frame,
        frame.ctx.controller,
        "target",
        "Choose a creature card in a graveyard",
        options,
      );
      if (id === null) return "wait";
      const back = game.obj(id.slice(7));
      game.move(back, zoneId("battlefield", frame.ctx.controller), { cause: causeOf(game, frame) });
      enteredBattlefield(game, back); // CR 306.5b, 614.1c, 714.3a
      return "next";
    },
  },
  putOntoBattlefield: {
    doc: "Puts those cards onto the battlefield under the controller's control (CR 110.2), as they enter (counters, loyalty: CR 306.5b, 614.1c).",
    args: { what: { type: "objects", required: true, doc: "The cards put onto the battlefield." } },
    run(game, op, frame) {
      const objs = resolveObjects(game, op.what, frame);
      // Put onto the battlefield by one instruction: they enter at once (CR 603.2c, 603.6a).
      game.simultaneously(() => {
        for (const o of objs) {
          game.move(o, zoneId("battlefield", frame.ctx.controller), { cause: causeOf(game, frame) });
          enteredBattlefield(game, o); // CR 306.5b, 614.1c, 714.3a
        }
      });
      return "next";
    },
  },
  untapAttackers: {
    doc: "Untaps all creatures that attacked this turn (declared as attackers this turn, as the objects they are now: CR 400.7).",
    args: {},
    run(game, _op, frame) {
      const turn = game.state.clock.turn.id;
      for (const o of allCreatures(game))
        if (o.vars.attackedTurn === turn && o.tapped) setTapped(game, o, false, causeOf(game, frame));
      return "next";
    },
  },
  noSchemesNextTurn: {
    doc: "Schemes can't be set in motion during the extra turn this effect adds.",
    args: {},
    run(game) {
      game.state.vars.noSchemesTurn = game.state.clock.turn.id + 1;
      return "next";
    },
  },
  // Costs paid as costs (costs.ts), player targets (targets.ts), phasing by effects (phasing.ts),
  // life, poison, mill, tapping at once and entering the battlefield (event-ops.ts).
  ...costOps,
  [TARGET_PLAYER]: targetPlayerOp,
  [TARGET_ANY]: targetAnyOp,
  ...phasingOps,
  ...eventOps,
  ...damageOps,
  ...linkedOps,
  // Tokens (CR 111) and countering spells (CR 701.5): tokens.ts, counter.ts.
  ...tokenOps,
  ...counterOps,
  ...endTurnOps,
};
