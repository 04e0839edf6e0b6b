/** Duel Masters effect ops beyond the kernel's. */
import { EngineError } from "../../core/errors.js";
import { emit } from "../../core/events.js";
import { setTapped, zoneId } from "../../core/objects.js";
import { causeOf } from "../../core/ops.js";
import { nextInt } from "../../core/rng.js";
import type { OpHandler } from "../../core/script.js";
import { pushBlock, resolveObjects, resolvePlayer, resolvePlayers, varsOf } from "../../core/script.js";
import type { Op } from "../../core/vocabulary/schema.js";
import { isEvolution, useCard } from "./game.js";
import { cannotLose } from "./keywords.js";
import { END_STEP } from "./turn.js";

export const dmOps: Record<string, OpHandler> = {
  loseGame: {
    doc: "自分はゲームに負ける (Bombazar's, 無双竜機ボルバルザーク's, \"at the end of that turn, you lose the game\"): that player loses the game — unless an effect says they don't lose (cantLose, 負けない): then nothing happens but a `lossPrevented` event.",
    args: { player: { type: "player", default: "controller", doc: "Who loses." } },
    run(game, op, frame) {
      const p = resolvePlayer(game, op.player ?? "controller", frame);
      const source = frame.ctx.card ? game.rules.card(frame.ctx.card).name : "an effect";
      if (cannotLose(game, p)) {
        emit(game, { type: "lossPrevented", player: p, data: { by: source } });
        return "next";
      }
      game.declareLoser(p, `${source} made them lose the game`);
      return "stop";
    },
  },
  tapCost: {
    doc: "Taps objects as a cost (a tap ability's タップ, Mugen Climb's \"tap N of your creatures\"): as the kernel's tap, but each `tap` event's cause is kind `cost` (what was paid for: this ability).",
    args: { what: { type: "objects", required: true, doc: "The objects tapped (they must be untapped)." } },
    feasible(game, op, frame) {
      return game.rules.ops.get("tap")!.feasible!(game, op, frame);
    },
    run(game, op, frame) {
      const cause = { ...causeOf(game, frame), kind: "cost" as const };
      for (const obj of resolveObjects(game, op.what, frame)) setTapped(game, obj, true, cause);
      return "next";
    },
  },
  skipRestOfTurn: {
    doc: 'ターンの残りをとばす (DM Turn: skip the rest of the turn): every other ability waiting to resolve lapses (a `lapsed` event each); the running steps end — what is resolving finishes first, "until the end of" durations end — and the turn goes straight to its end of turn step, whose "at the end of the turn" abilities trigger as usual. In the end of turn step already, no step is left to skip.',
    args: {},
    run(game, _op, frame) {
      const source = frame.ctx.card ? game.rules.card(frame.ctx.card).name : undefined;
      // dmwiki ターンの残りをとばす: once it resolves, every other pending ability lapses (失効).
      for (const p of game.state.pending.splice(0))
        emit(game, {
          type: "lapsed",
          player: p.controller,
          obj: p.obj,
          inc: p.inc,
          card: p.card,
          name: game.rules.card(p.card).name,
          data: { ability: p.ability, pending: p.id, ...(source ? { by: source } : {}) },
        });
      if (!game.state.clock.path.includes(END_STEP)) game.skipTo(END_STEP, source);
      return "next";
    },
  },
  grSummon: {
    doc: "Summons the top card of the controller's super GR zone as if its cost were paid.",
    args: {},
    run(game, _op, frame) {
      const p = frame.ctx.controller;
      const gr = game.zone("superGR", p).cards;
      const top = gr[gr.length - 1];
      if (top !== undefined) useCard(game, p, game.obj(top), "gr");
      return "next";
    },
  },
  opponentMay: {
    doc: "\"Your opponent may …\" (相手は…してもよい): the opponent chooses; yes runs `then`, no runs `else` — both still this ability's effect, its controller's.",
    args: {
      prompt: { type: "string", default: "Do it?", doc: "The question the opponent is asked." },
      // biome-ignore lint/suspicious/noThenProperty: "then" is the name of the op's argument
      then: { type: "ops", required: true, doc: "Run when the opponent says yes." },
      else: { type: "ops", doc: "Run when the opponent says no." },
    },
    run(game, op, frame) {
      const to = game.opponents(frame.ctx.controller)[0]!;
      if (frame.answer) {
        const yes = frame.answer.id === "yes";
        delete frame.answer;
        emit(game, {
          type: yes ? "accept" : "decline",
          player: to,
          data: { prompt: String(op.prompt ?? "") },
        });
        pushBlock(game, frame, ((yes ? op.then : op.else) ?? []) as unknown as Op[]);
        return "next";
      }
      game.ask({
        player: to,
        kind: "opponentMay",
        prompt: String(op.prompt ?? "Do it?"),
        options: [
          { id: "yes", label: "Yes" },
          { id: "no", label: "No" },
        ],
      });
      return "wait";
    },
  },
  castFree: {
    doc: "Casts those spells for no cost, from wherever they are.",
    args: { what: { type: "objects", required: true, doc: "The spells cast." } },
    run(game, op, frame) {
      for (const o of resolveObjects(game, op.what, frame)) useCard(game, frame.ctx.controller, o, "cast");
      return "next";
    },
  },
  discardRandom: {
    doc: "That player discards a card at random from their hand (the game's seeded RNG).",
    args: { player: { type: "players", default: "opponent", doc: "Who discards." } },
    run(game, op, frame) {
      for (const p of resolvePlayers(game, op.player ?? "opponent", frame)) {
        const hand = game.zone("hand", p).cards;
        if (hand.length === 0) continue;
        const card = game.obj(hand[nextInt(game.state.rng, hand.length)]!);
        game.moveWithReplacement(card, zoneId("graveyard", p), {
          event: "discard",
          cause: causeOf(game, frame),
        });
      }
      return "next";
    },
  },
  creaturesFromTop: {
    doc: "From the top of the controller's deck, puts the first n non-evolution creatures into the battle zone (Emperor Kiriko).",
    args: { n: { type: "integer", default: 1, doc: "How many creatures." } },
    run(game, op, frame) {
      const p = frame.ctx.controller;
      const n = Number(op.n ?? 1);
      const deck = game.zone("deck", p).cards;
      const picked: string[] = [];
      for (let i = deck.length - 1; i >= 0 && picked.length < n; i--) {
        const o = game.obj(deck[i]!);
        if (game.card(o).types.includes("creature") && !isEvolution(game, o)) picked.push(o.id);
      }
      for (const id of picked) game.moveWithReplacement(game.obj(id), zoneId("battle", p), { event: "move" });
      return "next";
    },
  },
  ninjaSummon: {
    doc: "Summons the ability's card for no cost; at the end of the turn it goes to the bottom of its owner's deck (Ninja Strike).",
    args: {},
    run(game, _op, frame) {
      const obj = frame.ctx.source ? game.state.objects[frame.ctx.source] : undefined;
      if (!obj || obj.inc !== frame.ctx.sourceInc || game.state.zones[obj.zone]!.kind !== "hand")
        return "next";
      // Sent elsewhere by a replacement effect: not summoned, nothing to return at the end of the turn.
      if (useCard(game, frame.ctx.controller, obj, "summon")) obj.vars.ninja = game.state.clock.turn.id;
      return "next";
    },
  },
  ninjaReturn: {
    doc: "A creature summoned by Ninja Strike this turn goes to the bottom of its owner's deck (its end-of-turn ability).",
    args: {},
    run(game, _op, frame) {
      const obj = frame.ctx.source ? game.state.objects[frame.ctx.source] : undefined;
      if (!obj || obj.inc !== frame.ctx.sourceInc || obj.vars.ninja !== game.state.clock.turn.id)
        return "next";
      if (game.state.zones[obj.zone]!.kind !== "battle") return "next";
      game.move(obj, zoneId("deck", obj.owner), { position: "bottom", data: { ninjaStrike: true } });
      return "next";
    },
  },
  topCard: {
    doc: "Stores the top card of that player's deck in `$as` (none if the deck is empty).",
    args: {
      as: { type: "var", required: true, doc: "The variable that receives the card." },
      player: { type: "player", default: "controller", doc: "Whose deck." },
    },
    run(game, op, frame) {
      const p = resolvePlayer(game, op.player ?? "controller", frame);
      const deck = game.zone("deck", p).cards;
      const top = deck[deck.length - 1];
      if (typeof op.as !== "string") throw new EngineError("topCard needs as");
      varsOf(game, frame)[op.as] = top === undefined ? [] : [top];
      return "next";
    },
  },
};
