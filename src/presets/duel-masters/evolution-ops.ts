/**
 * Evolution by effects and star evolution (DM 800s): putting an evolution creature from a hand or
 * deck onto a base with no cost paid (Lionel.Star, Starman's Tenkaiju), and a star evolution
 * creature leaving alone, the card under it staying in the battle zone.
 */
import { emit } from "../../core/events.js";
import { putUnder, zoneId } from "../../core/objects.js";
import type { OpHandler } from "../../core/script.js";
import { resolveNumber, sourceOf } from "../../core/script.js";
import { evolutionBases, evolve, isEvolution } from "./game.js";
import { civilizationsOf, costOf } from "./mana.js";

interface PutScratch {
  evo?: string;
}

export const evolutionOps: Record<string, OpHandler> = {
  putEvolution: {
    doc: "The controller may put an evolution creature from there onto one of their creatures (or Shinkarise Tamaseeds) for no cost; from the deck, the deck is shuffled after.",
    args: {
      from: {
        type: "zone",
        values: ["hand", "deck"],
        default: "hand",
        doc: "Where the evolution creature comes from.",
      },
      maxCost: { type: "number", default: 99, doc: "Its cost at most." },
      civilizations: { type: "strings", doc: "It has one of these civilizations (default: any)." },
    },
    run(game, op, frame) {
      const p = frame.ctx.controller;
      const from = String(op.from ?? "hand");
      const scratch = (frame.scratch as unknown as PutScratch | undefined) ?? {};
      // "If you do, shuffle your deck" (Starman's Tenkaiju): only after putting one from the deck.
      const done = (put = true): "next" => {
        if (put && from === "deck") game.shuffle(zoneId("deck", p));
        return "next";
      };
      if (frame.answer) {
        const id = frame.answer.id;
        delete frame.answer;
        if (id === "none") return done(false);
        if (scratch.evo === undefined) {
          scratch.evo = game.obj(id).id;
          frame.scratch = scratch as unknown as import("../../core/json.js").Json;
        } else {
          evolve(game, p, game.obj(scratch.evo), game.obj(id), "effect");
          return done();
        }
      }
      if (scratch.evo !== undefined) {
        const evo = game.obj(scratch.evo);
        const bases = evolutionBases(game, p, evo);
        if (bases.length === 1) {
          evolve(game, p, evo, bases[0]!, "effect");
          return done();
        }
        game.ask({
          player: p,
          kind: "choose",
          private: true,
          publicPrompt: `${game.playerName(p)} chooses where to put an evolution creature`,
          ...(game.state.zones[evo.zone]!.kind === "deck" ? { reveals: [evo.id] } : {}),
          prompt: `Put ${game.card(evo).name} on which card?`,
          options: bases.map((b) => ({ id: game.ref(b), label: game.describeObject(b, p) })),
        });
        return "wait";
      }
      const maxCost = resolveNumber(game, op.maxCost, frame, 99);
      const civs = op.civilizations as string[] | undefined;
      const candidates = game
        .cardsIn(from, p)
        .filter(
          (o) =>
            isEvolution(game, o) &&
            costOf(game, o) <= maxCost &&
            (!civs || civilizationsOf(game, o).some((c) => civs.includes(c))) &&
            evolutionBases(game, p, o).length > 0,
        );
      if (candidates.length === 0) return done(false);
      game.ask({
        player: p,
        kind: "choose",
        private: true, // names cards in a hand or a deck
        ...(from === "deck" ? { reveals: candidates.map((o) => o.id) } : {}),
        publicPrompt: `${game.playerName(p)} may put an evolution creature into the battle zone`,
        prompt: `Put an evolution creature of cost ${maxCost} or less from your ${from} into the battle zone`,
        options: [
          // Private to the searching player, so the cards are named even from the hidden deck.
          ...candidates.map((o) => ({
            id: game.ref(o),
            label: `${game.card(o).name} (${game.ref(o)}) in your ${from}`,
          })),
          { id: "none", label: "Put none" },
        ],
      });
      return "wait";
    },
  },
  starLeave: {
    doc: "A star evolution creature that would leave the battle zone leaves alone: the card right under it stays, now on top (DM star evolution).",
    args: {},
    run(game, _op, frame) {
      const self = sourceOf(game, frame.ctx);
      const ev = frame.ctx.event;
      if (!self || !ev || self.under.length === 0) return "next";
      const rest = [...self.under];
      const newTop = game.obj(rest.pop()!);
      // The card below stays in the battle zone: not a new entry ("uncover", not "move").
      game.move(newTop, zoneId("battle", self.controller), { event: "uncover", tapped: self.tapped });
      for (const id of rest) putUnder(game, game.obj(id), newTop);
      game.move(self, zoneId(String(ev.to), self.owner), { event: ev.type, data: { starEvolution: true } });
      emit(game, {
        type: "starEvolutionLeft",
        player: self.controller,
        obj: newTop.id,
        inc: newTop.inc,
        card: newTop.card,
        name: game.card(newTop).name,
        data: { left: self.id },
      });
      return "next";
    },
  },
};
