/**
 * Yu-Gi-Oh! effect ops besides the kernel's shared vocabulary: Life Point gain and effect damage.
 */
import { addDuration } from "../../core/durations.js";
import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import type { Json, JsonObject } from "../../core/json.js";
import { turnFaceUp, zoneId } from "../../core/objects.js";
import { causeOf, kernelOps } from "../../core/ops.js";
import { nextInt } from "../../core/rng.js";
import type { OpHandler } from "../../core/script.js";
import {
  pushBlock,
  resolveNumber,
  resolveObjects,
  resolvePlayers,
  sourceOf,
  varsOf,
} from "../../core/script.js";
import type { Cause, GameObject, PlayerId } from "../../core/types.js";
import type { Op } from "../../core/vocabulary/schema.js";
import { attackState } from "./attack.js";
import { turnMonsterFaceDown } from "./control.js";
import { endOfThisTurn, endPhaseOfThisTurn } from "./expiries.js";
import { changeLifePoints, markDeckedOut } from "./game.js";
import { freeMainColumns, pointsTo } from "./master-rule.js";
import { isLinkMonster, mainZonesFull, position, stat, summonForbidden } from "./monsters.js";
import { scaleOf, summonAllowed } from "./pendulum.js";
import { specialSummoned, specialSummonLimited } from "./summon-limits.js";

/** The zones that make up the field. */
const FIELD = new Set(["monster", "spellTrap", "pendulum"]);

/** Those cards still on the field: a target that left can't be destroyed or returned any more. */
function onTheField(game: Game, objs: GameObject[]): GameObject[] {
  return objs.filter((o) => o.underOf === null && FIELD.has(game.state.zones[o.zone]!.kind));
}

/** A continuous effect of `kind` on `target` until the end of this turn ("gains 1000 ATK", "its Scale becomes 1"). */
export function untilEndOfTurn(
  game: Game,
  controller: PlayerId,
  target: GameObject,
  effect: { kind: string; value: number },
  label: string,
): void {
  addDuration(game, {
    expires: endOfThisTurn(game),
    controller,
    label,
    effect: { ...effect, target: { obj: target.id, inc: target.inc } },
  });
}

function amount(n: unknown): number {
  return Math.max(0, Math.trunc(Number(n ?? 0)));
}

export const ygoOps: Record<string, OpHandler> = {
  gainLP: {
    doc: "A player (the effect's controller unless it says otherwise) gains n Life Points.",
    args: {
      n: { type: "integer", required: true, doc: "Life Points gained." },
      player: { type: "players", default: "controller", doc: 'Who gains them ("opponent": Snatch Steal).' },
    },
    run(game, op, frame) {
      for (const p of resolvePlayers(game, op.player ?? "controller", frame))
        changeLifePoints(game, p, amount(op.n), "lpGain", { cause: causeOf(game, frame) });
      return "next";
    },
  },
  damage: {
    doc: "The effect inflicts n damage (effect damage).",
    args: {
      n: { type: "integer", required: true, doc: "The damage." },
      player: {
        type: "players",
        default: "opponent",
        doc: "Who takes it (`any`: both players at once, so a loss check sees both at 0 together).",
      },
    },
    run(game, op, frame) {
      // Both players at once: one op, so a loss check sees both at 0 together (a draw).
      for (const p of resolvePlayers(game, op.player ?? "opponent", frame))
        changeLifePoints(game, p, -amount(op.n), "effectDamage", { cause: causeOf(game, frame) });
      return "next";
    },
  },
  draw: {
    doc: "Draws from the top of the Deck; a player who must draw more cards than their Deck holds loses (YG Winning and losing).",
    args: {
      player: { type: "players", default: "controller", doc: "Who draws." },
      n: { type: "number", default: 1, doc: "How many cards each." },
    },
    run(game, op, frame) {
      const n = resolveNumber(game, op.n, frame, 1);
      for (const p of resolvePlayers(game, op.player, frame)) {
        const short = game.zone("deck", p).cards.length < n;
        game.draw(p, n, causeOf(game, frame));
        if (short) markDeckedOut(game, p);
      }
      return "next";
    },
  },
};

/** Ops of the seed's effect cards: coins, damage per count, name changes, Special Summons, LP costs. */
export const effectOps: Record<string, OpHandler> = {
  tossCoins: {
    doc: "Tosses coins with the game's seeded RNG; runs `then` if enough are Heads.",
    args: {
      times: { type: "integer", default: 1, doc: "How many coins." },
      headsAtLeast: { type: "integer", default: 1, doc: "Heads needed." },
      // biome-ignore lint/suspicious/noThenProperty: "then" is the name of the op's argument
      then: { type: "ops", required: true, doc: "Run when enough are Heads." },
    },
    run(game, op, frame) {
      let heads = 0;
      const results: string[] = [];
      for (let i = 0; i < Number(op.times ?? 1); i++) {
        const h = nextInt(game.state.rng, 2) === 0;
        results.push(h ? "Heads" : "Tails");
        if (h) heads++;
      }
      emit(game, { type: "coinToss", player: frame.ctx.controller, data: { results, heads } });
      if (heads >= Number(op.headsAtLeast ?? 1)) pushBlock(game, frame, op.then as unknown as Op[]);
      return "next";
    },
  },
  damagePer: {
    doc: "Inflicts each × (how many objects match) damage to the opponent.",
    args: {
      each: { type: "integer", required: true, doc: "Damage per object." },
      of: { type: "selector", required: true, doc: "The objects counted." },
    },
    run(game, op, frame) {
      const n = resolveNumber(game, { count: op.of as Json }, frame);
      changeLifePoints(
        game,
        game.opponents(frame.ctx.controller)[0]!,
        -amount(Number(op.each) * n),
        "effectDamage",
        { cause: causeOf(game, frame) },
      );
      return "next";
    },
  },
  cannotAttackThisTurn: {
    doc: "This card can't attack this turn.",
    args: {},
    run(game, _op, frame) {
      const self = sourceOf(game, frame.ctx);
      if (self) self.vars.noAttackTurn = game.state.clock.turn.id;
      return "next";
    },
  },
  takeName: {
    doc: "Until the End Phase, those monsters' names become the name of another card.",
    args: {
      what: { type: "objects", required: true, doc: "The monsters renamed." },
      from: { type: "objects", required: true, doc: "The card whose name they take (the first named)." },
    },
    run(game, op, frame) {
      const from = resolveObjects(game, op.from, frame)[0];
      if (!from) return "next";
      for (const t of resolveObjects(game, op.what, frame))
        addDuration(game, {
          // YG: "until the End Phase" of this turn (expiries.ts).
          expires: endPhaseOfThisTurn(game),
          controller: frame.ctx.controller,
          label: `its name becomes ${game.card(from).name}`,
          effect: { kind: "name", value: game.card(from).name, target: { obj: t.id, inc: t.inc } },
        });
      return "next";
    },
  },
  specialSummon: {
    doc: 'Special Summons those monsters to the controller\'s field in face-up Attack Position, or in face-up Defense Position where the text says so ("Special Summon it in Defense Position"); `negateEffects` negates their effects while they stay face-up on the field.',
    args: {
      what: { type: "objects", required: true, doc: "The monsters summoned." },
      link: {
        type: "boolean",
        doc: "The monster and this card are bound (Call of the Haunted: each is destroyed when the other leaves).",
      },
      position: {
        type: "string",
        values: ["attack", "defense"],
        default: "attack",
        doc: "The face-up battle position it is Special Summoned in (YG Summon: Special Summon in Defense Position).",
      },
      zone: {
        type: "string",
        values: ["main", "pointedBySource"],
        default: "main",
        doc: 'Where it goes: a free Main Monster Zone, or "to your zone this card points to" (Link Spider; Master Rule 2020).',
      },
      negateEffects: {
        type: "boolean",
        doc: '"… but negate its effects" (Junk Synchron): its effects are negated while it stays face-up on the field.',
      },
      banishWhenLeaves: {
        type: "boolean",
        doc: '"If this card Summoned by its effect leaves the field, banish it" (Battle Fader): wherever it would go from the field, it is banished instead.',
      },
      as: { type: "var", doc: "The variable that receives the monsters actually Special Summoned." },
    },
    run(game, op, frame) {
      const source = sourceOf(game, frame.ctx);
      const summoned: string[] = [];
      for (const o of resolveObjects(game, op.what, frame)) {
        if (mainZonesFull(game, frame.ctx.controller)) break;
        if (
          summonForbidden(game, o) ||
          !summonAllowed(game, o, "special") ||
          specialSummonLimited(game, o, frame.ctx.controller)
        )
          continue;
        let place: number | undefined;
        if (op.zone === "pointedBySource") {
          const free = new Set(freeMainColumns(game, frame.ctx.controller));
          place = source ? pointsTo(game, source).find((c) => free.has(c)) : undefined;
          if (place === undefined) break;
        }
        // A Link Monster is always in Attack Position.
        const pos = op.position === "defense" && !isLinkMonster(game, o) ? "def" : "atk";
        game.move(o, zoneId("monster", frame.ctx.controller), {
          event: "specialSummon",
          cause: causeOf(game, frame),
          ...(pos === "def" ? { data: { position: "def" } } : {}),
        });
        o.vars.pos = pos;
        if (place !== undefined) o.vars.col = place;
        o.vars.summonedTurn = game.state.clock.turn.id;
        specialSummoned(game, o, frame.ctx.controller);
        summoned.push(o.id);
        if (op.banishWhenLeaves === true) o.vars.banishWhenLeaves = true;
        // "but negate its effects": a condition on that card while it is face-up on the field — it
        // ends when it leaves the field or is turned face-down (a new card then).
        if (op.negateEffects === true)
          addDuration(game, {
            expires: { at: "objectLeaves", obj: o.id, inc: o.inc },
            controller: frame.ctx.controller,
            label: "its effects are negated",
            effect: { kind: "negateEffects", target: { obj: o.id, inc: o.inc } },
          });
        if (op.link === true && source) {
          source.vars.linkedTo = { obj: o.id, inc: o.inc };
          o.vars.linkedBy = { obj: source.id, inc: source.inc };
        }
      }
      if (typeof op.as === "string") varsOf(game, frame)[op.as] = summoned;
      return "next";
    },
  },
  payHalfLP: {
    doc: "The controller pays half their Life Points (a cost).",
    args: {},
    run(game, _op, frame) {
      const lp = Number(game.state.players[frame.ctx.controller]!.vars.lp);
      changeLifePoints(game, frame.ctx.controller, -Math.floor(lp / 2), "payLP", {
        cause: { kind: "cost", player: frame.ctx.controller },
      });
      return "next";
    },
  },
  payLP: {
    doc: "The controller pays n Life Points (a cost; not with fewer LP than that).",
    args: { n: { type: "integer", required: true, doc: "Life Points paid." } },
    feasible(game, op, frame) {
      const lp = Number(game.state.players[frame.ctx.controller]!.vars.lp);
      return lp >= amount(op.n) ? null : `can't pay ${amount(op.n)} LP with ${lp} LP`;
    },
    run(game, op, frame) {
      changeLifePoints(game, frame.ctx.controller, -amount(op.n), "payLP", {
        cause: { kind: "cost", player: frame.ctx.controller },
      });
      return "next";
    },
  },
  setFromDeck: {
    doc: "Sets 1 Spell/Trap of that name from the controller's Deck to their Spell & Trap Zone.",
    args: { name: { type: "string", required: true, doc: "The card's name." } },
    run(game, op, frame) {
      const p = frame.ctx.controller;
      const card = game.cardsIn("deck", p).find((o) => game.card(o).name === op.name);
      if (card && game.zone("spellTrap", p).cards.length < 5)
        game.move(card, zoneId("spellTrap", p), {
          faceDown: true,
          event: "setCard",
          cause: causeOf(game, frame),
        });
      return "next";
    },
  },
  vendorDraw: {
    doc: 'Draws 1 card and shows it; if it is a monster of that family the controller may Special Summon it ("you can"), anything else goes to the GY.',
    args: { family: { type: "string", required: true, doc: "Text in the monster's name (Fluffal)." } },
    run(game, op, frame) {
      const p = frame.ctx.controller;
      if (frame.answer) {
        const summon = frame.answer.id === "summon";
        delete frame.answer;
        const drawn = game.state.objects[String(frame.scratch)];
        if (summon && drawn) {
          game.move(drawn, zoneId("monster", p), { event: "specialSummon", cause: causeOf(game, frame) });
          drawn.vars.pos = "atk";
          drawn.vars.summonedTurn = game.state.clock.turn.id;
          specialSummoned(game, drawn, p);
        }
        return "next";
      }
      // Asked already (a saved game re-deriving its question): ask the same again, draw nothing.
      if (frame.scratch !== undefined) {
        askVendorSummon(game, p, game.card(game.obj(String(frame.scratch))).name);
        return "wait";
      }
      const deck = game.zone("deck", p).cards;
      const top = deck.length > 0 ? game.state.objects[deck[deck.length - 1]!] : undefined;
      if (!top) {
        // A player who must draw from an empty Deck loses (the state check `ygoLoss`).
        game.draw(p, 1, causeOf(game, frame));
        markDeckedOut(game, p);
        return "next";
      }
      game.draw(p, 1, causeOf(game, frame));
      emit(game, {
        type: "reveal",
        player: p,
        obj: top.id,
        inc: top.inc,
        card: top.card,
        name: game.card(top).name,
      });
      const c = game.card(top);
      if (!c.types.includes("monster") || !c.name.includes(String(op.family))) {
        game.move(top, zoneId("graveyard", p), { event: "move", cause: causeOf(game, frame) });
        return "next";
      }
      // "you can Special Summon it": the controller chooses; a Fluffal kept stays in the hand.
      if (
        summonForbidden(game, top) ||
        !summonAllowed(game, top, "special") ||
        specialSummonLimited(game, top, p) ||
        mainZonesFull(game, p)
      )
        return "next";
      frame.scratch = top.id;
      askVendorSummon(game, p, c.name);
      return "wait";
    },
  },
  attackingMonster: {
    doc: "Names the monster attacking now in `$as` (none if no attack is going on).",
    args: { as: { type: "var", required: true, doc: "The variable that receives the monster." } },
    run(game, op, frame) {
      const a = attackState(game);
      const attacker = a ? game.state.objects[a.attacker] : undefined;
      varsOf(game, frame)[String(op.as)] = attacker && attacker.inc === a!.attackerInc ? [attacker.id] : [];
      return "next";
    },
  },
  attackTarget: {
    doc: "Names the monster being attacked now in `$as` (none for a direct attack, or if no attack is going on); a target turned face-down is still the one attacked.",
    args: { as: { type: "var", required: true, doc: "The variable that receives the monster." } },
    run(game, op, frame) {
      const a = attackState(game);
      const target = a?.target ? game.state.objects[a.target] : undefined;
      varsOf(game, frame)[String(op.as)] = target && target.inc === a!.targetInc ? [target.id] : [];
      return "next";
    },
  },
  callCoin: {
    doc: "The controller calls heads or tails, the kernel's `coin` is tossed (into `$coin`); `then` runs if the call was right.",
    args: {
      // biome-ignore lint/suspicious/noThenProperty: "then" is the name of the op's argument
      then: { type: "ops", required: true, doc: "Run when the call was right." },
    },
    run(game, op, frame) {
      if (!frame.answer) {
        game.ask({
          player: frame.ctx.controller,
          kind: "callCoin",
          prompt: "Call the coin toss",
          options: [
            { id: "heads", label: "Heads" },
            { id: "tails", label: "Tails" },
          ],
        });
        return "wait";
      }
      const call = frame.answer.id === "heads" ? "heads" : "tails";
      delete frame.answer;
      kernelOps.coin!.run(game, { op: "coin", as: "coin" }, frame); // the kernel's seeded coin
      const result = String(varsOf(game, frame).coin);
      emit(game, {
        type: "coinCall",
        player: frame.ctx.controller,
        data: { call, result, right: call === result },
      });
      if (call === result) pushBlock(game, frame, op.then as unknown as Op[]);
      return "next";
    },
  },
  returnToHand: {
    doc: "Returns those cards still on the field to their owners' hands (an Extra Deck monster goes back to the Extra Deck: the preset's redirect).",
    args: { what: { type: "objects", required: true, doc: "The cards returned." } },
    run(game, op, frame) {
      for (const o of onTheField(game, resolveObjects(game, op.what, frame)))
        game.move(o, zoneId("hand", o.owner), { event: "returnToHand", cause: causeOf(game, frame) });
      return "next";
    },
  },
  destroy: {
    doc: "Destroys those cards that are still on the field (a Pendulum Monster goes face-up to the Extra Deck: the preset's redirect).",
    args: { what: { type: "objects", required: true, doc: "The cards destroyed." } },
    run(game, op, frame) {
      for (const o of onTheField(game, resolveObjects(game, op.what, frame)))
        game.move(o, zoneId("graveyard", o.owner), { event: "destroy", cause: causeOf(game, frame) });
      return "next";
    },
  },
  detach: {
    doc: "Detaches materials from this Xyz Monster (they go to the GY); a cost.",
    args: { n: { type: "integer", default: 1, doc: "How many materials." } },
    feasible(game, op, frame) {
      const self = sourceOf(game, frame.ctx);
      const n = Number(op.n ?? 1);
      const has = self?.under.length ?? 0;
      return has >= n ? null : `needs ${n} material${n === 1 ? "" : "s"} to detach; it has ${has}`;
    },
    run(game, op, frame) {
      const self = sourceOf(game, frame.ctx);
      for (let i = 0; self && i < Number(op.n ?? 1) && self.under.length > 0; i++) {
        const material = game.obj(self.under[0]!);
        game.move(material, zoneId("graveyard", material.owner), {
          event: "detach",
          cause: { kind: "cost", player: frame.ctx.controller },
        });
      }
      return "next";
    },
  },
  equipSelf: {
    doc: "This monster becomes an Equip Spell in its controller's Spell & Trap Zone, equipped to that face-up monster; if that target is no longer a face-up monster on the field it stays where it is; without a free zone it goes to the GY.",
    args: { to: { type: "objects", required: true, doc: "The monster it equips (the first named)." } },
    run(game, op, frame) {
      const self = sourceOf(game, frame.ctx);
      const target = resolveObjects(game, op.to, frame)[0];
      if (!self || game.state.zones[self.zone]!.kind !== "monster" || self.faceDown) return "next";
      const p = frame.ctx.controller;
      const held = target && game.state.zones[target.zone]!.kind === "monster" && !target.faceDown;
      // Its target gone (or face-down): nothing happens, the monster stays in the Monster Zone.
      if (!held) return "next";
      if (game.zone("spellTrap", p).cards.length >= 5) {
        game.move(self, zoneId("graveyard", self.owner), { event: "move", cause: causeOf(game, frame) });
        return "next";
      }
      game.move(self, zoneId("spellTrap", p), {
        event: "equip",
        cause: causeOf(game, frame),
        data: { to: game.card(target).name },
      });
      self.vars.equippedTo = { obj: target.id, inc: target.inc };
      return "next";
    },
  },
  negateAttack: {
    doc: "Negates the current attack: it has no Damage Step.",
    args: {},
    run(game, _op, frame) {
      const a = attackState(game);
      if (!a || a.negated) return "next";
      a.negated = true;
      emit(game, { type: "attackNegated", player: frame.ctx.controller, data: { attacker: a.attacker } });
      return "next";
    },
  },
  gainBattlingAtk: {
    doc: "Your LIGHT monster in this battle gains ATK equal to the opponent's battling monster's ATK until the end of the turn (Honest).",
    args: {},
    run(game, _op, frame) {
      const a = attackState(game);
      if (!a || a.target === null) return "next";
      const mine = [a.attacker, a.target]
        .map((id) => game.state.objects[id]!)
        .find((o) => o.controller === frame.ctx.controller && game.card(o).stats?.attribute === "LIGHT");
      const theirs = [a.attacker, a.target].map((id) => game.state.objects[id]!).find((o) => o !== mine);
      if (!mine || !theirs) return "next";
      untilEndOfTurn(
        game,
        frame.ctx.controller,
        mine,
        { kind: "atk", value: stat(game, theirs, "atk") },
        "gains the battling monster's ATK",
      );
      return "next";
    },
  },
  replaceNormalDraw: {
    doc: "This turn's normal draw is not conducted (an effect activated instead of it, RULINGS YG-T2).",
    args: {},
    run(game) {
      game.state.vars.normalDrawReplaced = game.state.clock.turn.id;
      return "next";
    },
  },
  scaleBecomes: {
    doc: "This card's Pendulum Scale becomes the Pendulum Scale of that card until the end of this turn (Zefraath).",
    args: {
      of: { type: "objects", required: true, doc: "The card whose Scale it takes (the first named)." },
    },
    run(game, op, frame) {
      const self = sourceOf(game, frame.ctx);
      const of = resolveObjects(game, op.of, frame)[0];
      if (!self || !of || game.state.zones[self.zone]!.kind !== "pendulum") return "next";
      const value = scaleOf(game, of);
      untilEndOfTurn(
        game,
        frame.ctx.controller,
        self,
        { kind: "scale", value },
        `its Pendulum Scale becomes ${value}`,
      );
      return "next";
    },
  },
  changePosition: {
    doc: "Changes the battle position of those monsters still in a Monster Zone by a card effect (YG Position: face-down Defense Position by a card effect): `faceDownDefense` turns a face-up monster face-down, a new card for its limits (RULINGS YG-1.3; by its own effect it keeps its lineage, YG-1.5); `attack` or `defense` flips a face-down one face-up. It doesn't use the monster's own position change of the turn.",
    args: {
      what: { type: "objects", required: true, doc: "The monsters changed." },
      to: {
        type: "string",
        required: true,
        values: ["faceDownDefense", "attack", "defense", "faceUp"],
        doc: 'The new battle position; `faceUp`: a face-down monster is flipped face-up in the position it is in ("flip all monsters they control face-up": Swords of Revealing Light).',
      },
    },
    run(game, op, frame) {
      const to = String(op.to);
      const cause = causeOf(game, frame);
      for (const o of resolveObjects(game, op.what, frame)) {
        if (o.underOf !== null || game.state.zones[o.zone]!.kind !== "monster") continue;
        if (to === "faceUp") {
          // Flipped face-up where it is: a face-down monster is in Defense Position (its FLIP effects trigger).
          if (!o.faceDown) continue;
          turnFaceUp(game, o, cause);
          emitPosition(game, o, frame.ctx.controller, cause, { flipped: true });
          continue;
        }
        // A Link Monster can't be changed to Defense Position (Master Rule 2020).
        if (to !== "attack" && isLinkMonster(game, o)) continue;
        const pos = to === "attack" ? "atk" : "def";
        if (to === "faceDownDefense") {
          // "change that target to face-down Defense Position": a face-down monster is already there.
          if (o.faceDown) continue;
          turnMonsterFaceDown(game, o, o.id === frame.ctx.source, cause);
        } else if (o.faceDown) turnFaceUp(game, o, cause);
        else if (position(o) === pos) continue;
        o.vars.pos = pos;
        emitPosition(game, o, frame.ctx.controller, cause);
      }
      return "next";
    },
  },
  setSelfFaceDown: {
    doc: "Changes this monster to face-down Defense Position by its own effect (RULINGS YG-1.5).",
    args: {},
    run(game, _op, frame) {
      const self = sourceOf(game, frame.ctx);
      if (!self || self.faceDown) return "next";
      const cause = causeOf(game, frame);
      turnMonsterFaceDown(game, self, true, cause);
      self.vars.pos = "def";
      emitPosition(game, self, frame.ctx.controller, cause);
      return "next";
    },
  },
};

/**
 * A battle position changed by a card effect: event `position` (`data.to`, `data.faceDown`,
 * `data.byEffect`), caused by that effect, so "if this card's battle position is changed" and "if
 * a monster is changed to face-down Defense Position by an opponent's card effect" can be written.
 */
function emitPosition(game: Game, o: GameObject, player: PlayerId, cause: Cause, more?: JsonObject): void {
  emit(game, {
    type: "position",
    player,
    obj: o.id,
    inc: o.inc,
    card: o.card,
    name: game.card(o).name,
    cause,
    data: { to: String(o.vars.pos ?? "def"), faceDown: o.faceDown, byEffect: true, ...more },
  });
}

/** Toy Vendor's "you can Special Summon it" about the card it drew and showed. */
function askVendorSummon(game: Game, p: PlayerId, name: string): void {
  game.ask({
    player: p,
    kind: "specialSummon",
    prompt: `${name} was drawn: Special Summon it?`,
    options: [
      { id: "summon", label: `Special Summon ${name}` },
      { id: "keep", label: "Keep it in your hand" },
    ],
  });
}
