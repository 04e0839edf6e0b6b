/**
 * Duel Masters keyword mechanics as effect ops and conditions: Revolution Change, shield-ing the
 * top card of the deck (シールド化), seals (封印) and the D Switch that removes them, turning a
 * field upside down (Dスイッチ, 幸せスイッチ, 無月の門99), and "you don't lose" effects. Cards say
 * when these happen; their limits are the shared limit model's data.
 */
import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { putUnder, zoneId } from "../../core/objects.js";
import type { ConditionFn, TaskHandler } from "../../core/preset.js";
import type { OpHandler } from "../../core/script.js";
import { resolveObjects, resolvePlayers, sourceOf } from "../../core/script.js";
import type { StateCheck } from "../../core/state-checks.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import { attackState } from "./game.js";
import { civilizationsOf, costOf } from "./mana.js";
import { CLOCK_AND_TAPS } from "./quiet-events.js";

/** A race category matches every race whose name contains it (DM 200.3: "Dragon", "Mecha", "Jokers"). */
export function hasRaceCategory(game: Game, obj: GameObject, category: string): boolean {
  return ((game.card(obj).races ?? []) as string[]).some((r) => r.includes(category));
}

/** A card put face-down on a creature as a seal (DM 封印): the creature is ignored while it has one. */
export function isSeal(obj: GameObject): boolean {
  return obj.vars.seal === true;
}

export function isSealed(game: Game, obj: GameObject): boolean {
  return obj.under.some((u) => isSeal(game.state.objects[u]!));
}

/** DM 封印 (simplified): a sealed creature can't attack, block or be attacked. */
export function sealsOf(game: Game, player: PlayerId): GameObject[] {
  const out: GameObject[] = [];
  for (const o of game.cardsIn("battle", player))
    for (const u of o.under) if (isSeal(game.state.objects[u]!)) out.push(game.state.objects[u]!);
  return out;
}

/**
 * DM 封印: seals don't go with their creature. When a sealed creature leaves the battle zone, its
 * seals are put into their owners' graveyards first (face up), so it arrives, and may come back,
 * without them. Called by the preset's redirect, which every move asks.
 */
export function sealsStayBehind(game: Game, obj: GameObject, to: { kind: string }): void {
  if (to.kind === "battle" || game.state.zones[obj.zone]?.kind !== "battle") return;
  for (const id of [...obj.under]) {
    const seal = game.state.objects[id]!;
    if (isSeal(seal)) game.move(seal, zoneId("graveyard", seal.owner), { event: "unseal" });
  }
}

/** A command (コマンド): a card with a race of the Command category (Angel Command, Crystal Command Dragon …). */
export function isCommand(game: Game, obj: GameObject): boolean {
  return hasRaceCategory(game, obj, "Command") || hasRaceCategory(game, obj, "コマンド");
}

/**
 * DM Seals: a command removes a seal of its civilization. Every move asks the preset's redirect:
 * a command put into the battle zone from another zone is noted here, whatever put it there
 * (summoned, put by an effect, swapped in by Revolution Change); the state check below acts on it.
 */
export function noteCommandEntering(game: Game, obj: GameObject, to: { kind: string }): void {
  if (to.kind !== "battle" || game.state.zones[obj.zone]?.kind === "battle" || !isCommand(game, obj)) return;
  const list = (game.state.vars.commandsEntered as string[] | undefined) ?? [];
  list.push(obj.id);
  game.state.vars.commandsEntered = list;
}

/**
 * DM Seals (封印): "コマンドがバトルゾーンに出た時、その持ち主はそのコマンドと同じ文明を持つ自身のカードから
 * 封印をひとつ、墓地に置く" — a rule of the game, not an ability of the command (it happens even if
 * the command's abilities don't work), and mandatory. Done as a state check, at once after the
 * command entered (before its own "when it enters" abilities resolve): one `dm.commandUnseal`
 * task per command, in the order they entered.
 */
export const commandUnsealCheck: StateCheck = {
  id: "commandUnseal",
  rule: "DM Seals: a command removes a seal of its civilization",
  // Commands are noted as they move into the battle zone (noteCommandEntering): a move's event.
  ignores: CLOCK_AND_TAPS,
  run(game) {
    const list = game.state.vars.commandsEntered as string[] | undefined;
    if (!list || list.length === 0) return false;
    delete game.state.vars.commandsEntered;
    for (const id of [...list].reverse()) game.pushTask({ t: "dm.commandUnseal", obj: id });
    return true;
  },
};

/** The owner's sealed cards in the battle zone that share a civilization with this command. */
function sealedOfCivilization(game: Game, command: GameObject): GameObject[] {
  const civs = civilizationsOf(game, command);
  const out: GameObject[] = [];
  for (const p of game.state.players)
    for (const o of game.cardsIn("battle", p.id))
      if (
        o.owner === command.owner &&
        isSealed(game, o) &&
        civilizationsOf(game, o).some((c) => c !== "colorless" && civs.includes(c))
      )
        out.push(o);
  return out;
}

/** Puts the most recent seal on `sealed` into its owner's graveyard. */
function unsealOne(game: Game, sealed: GameObject, command: GameObject): void {
  const seal = [...sealed.under]
    .reverse()
    .map((id) => game.state.objects[id]!)
    .find((u) => isSeal(u));
  if (seal)
    game.move(seal, zoneId("graveyard", seal.owner), {
      event: "unseal",
      data: { commandName: game.card(command).name },
    });
}

export const sealTasks: Record<string, TaskHandler> = {
  /**
   * A command entered: its owner puts one seal from their own card of its civilization into the
   * graveyard (mandatory). Seals are face-down and alike: with seals on several such cards, the
   * owner chooses which card loses one.
   */
  "dm.commandUnseal": (game, task) => {
    const command = game.state.objects[String(task.obj)];
    if (!command) {
      game.popTask(task);
      return;
    }
    const candidates = sealedOfCivilization(game, command);
    if (task.answer) {
      const id = task.answer.id;
      task.answer = undefined;
      game.popTask(task);
      const chosen = candidates.find((o) => `unseal:${game.ref(o)}` === id);
      if (chosen) unsealOne(game, chosen, command);
      return;
    }
    if (candidates.length <= 1) {
      game.popTask(task);
      if (candidates[0]) unsealOne(game, candidates[0], command);
      return;
    }
    game.ask({
      player: command.owner,
      kind: "commandUnseal",
      prompt: `${game.card(command).name} entered: put a seal from one of your ${civilizationsOf(game, command).join("/")} cards into the graveyard`,
      options: candidates.map((o) => ({
        id: `unseal:${game.ref(o)}`,
        label: `A seal on ${game.card(o).name}`,
      })),
    });
  },
};

/** "You don't lose the game" effects (Bolshack Voljaak's Shukyoku Sengen). */
export function cannotLose(game: Game, player: PlayerId): boolean {
  return game
    .effects("cantLose")
    .some((d) => d.effect.target && "player" in d.effect.target && d.effect.target.player === player);
}

function inBattle(game: Game, obj: GameObject | undefined): obj is GameObject {
  return !!obj && game.state.zones[obj.zone]!.kind === "battle";
}

function shieldTop(game: Game, player: PlayerId, cause?: JsonObject): boolean {
  const deck = game.zone("deck", player).cards;
  const top = deck[deck.length - 1];
  if (top === undefined) return false;
  game.move(game.obj(top), zoneId("shield", player), {
    event: "shield",
    faceDown: true,
    data: { shieldTop: true, ...(cause ?? {}) },
  });
  return true;
}

export const keywordOps: Record<string, OpHandler> = {
  revolutionChange: {
    doc: "Revolution Change: the attacking creature that triggered this returns to its owner's hand and this card from the hand enters the battle zone tapped, attacking in its place.",
    args: {},
    run(game, _op, frame) {
      const self = sourceOf(game, frame.ctx);
      const a = attackState(game);
      const attacker = a ? game.state.objects[a.attacker] : undefined;
      // Only the creature whose attack triggered it, still attacking; this card still in the hand.
      if (!self || !a || !inBattle(game, attacker) || game.state.zones[self.zone]!.kind !== "hand")
        return "next";
      if (frame.ctx.event?.obj !== attacker.id) return "next";
      game.moveWithReplacement(attacker, zoneId("hand", attacker.owner), {
        data: { revolutionChange: true },
      });
      if (inBattle(game, attacker)) return "next"; // a replacement kept it there (a seal instead)
      game.moveWithReplacement(self, zoneId("battle", frame.ctx.controller), {
        tapped: true,
        data: { how: "revolutionChange" },
      });
      if (inBattle(game, self)) a.attacker = self.id;
      return "next";
    },
  },
  shieldTop: {
    doc: "Puts the top card of that player's deck into their shield zone face-down (シールド化).",
    args: {
      player: { type: "players", default: "controller", doc: "Whose deck and shield zone." },
      n: { type: "integer", default: 1, doc: "How many cards." },
    },
    run(game, op, frame) {
      for (const p of resolvePlayers(game, op.player ?? "controller", frame))
        for (let i = 0; i < Number(op.n ?? 1); i++) if (!shieldTop(game, p)) break;
      return "next";
    },
  },
  seal: {
    doc: "Puts the top card of each creature's controller's deck face-down on it as a seal (封印).",
    args: { what: { type: "objects", required: true, doc: "The creatures sealed." } },
    run(game, op, frame) {
      for (const o of resolveObjects(game, op.what, frame)) {
        const deck = game.zone("deck", o.controller).cards;
        const top = deck[deck.length - 1];
        if (top === undefined) continue;
        const seal = game.obj(top);
        putUnder(game, seal, o, undefined, true);
        seal.vars.seal = true;
        emit(game, {
          type: "seal",
          player: o.controller,
          obj: o.id,
          inc: o.inc,
          card: o.card,
          name: game.card(o).name,
        });
      }
      return "next";
    },
  },
  removeSeals: {
    doc: "The controller puts up to max of their seals into their owners' graveyards, choosing them one at a time (or stopping).",
    args: { max: { type: "integer", default: 1, doc: "How many seals at most." } },
    run(game, op, frame) {
      const p = frame.ctx.controller;
      const scratch = (frame.scratch as JsonObject | undefined) ?? { removed: 0 };
      frame.scratch = scratch;
      if (frame.answer) {
        const id = frame.answer.id;
        delete frame.answer;
        if (id === "done") return "next";
        const sealed = game.obj(id.slice("unseal:".length));
        const seal = sealsOf(game, p)
          .filter((x) => x.underOf === sealed.id)
          .at(-1);
        if (seal) game.move(seal, zoneId("graveyard", seal.owner), { event: "unseal" });
        scratch.removed = Number(scratch.removed) + 1;
      }
      const seals = sealsOf(game, p);
      if (seals.length === 0 || Number(scratch.removed) >= Number(op.max ?? 1)) return "next";
      // "Up to": one at a time, or stop. Seals are face-down and alike: the choice is which
      // creature loses one (its most recent).
      const sealed = [...new Set(seals.map((x) => x.underOf!))].map((id) => game.state.objects[id]!);
      game.ask({
        player: p,
        kind: "choose",
        prompt: `Put a seal into the graveyard (${Number(scratch.removed)} of up to ${Number(op.max ?? 1)} so far)?`,
        options: [
          ...sealed.map((c) => ({ id: `unseal:${game.ref(c)}`, label: `A seal on ${game.card(c).name}` })),
          { id: "done", label: "No more", pass: true },
        ],
      });
      return "wait";
    },
  },
  flipField: {
    doc: "Turns this field upside down (D Switch, Happiness Switch): it stays upside down while it stays in the battle zone.",
    args: {},
    run(game, _op, frame) {
      const self = sourceOf(game, frame.ctx);
      if (!inBattle(game, self)) return "next";
      self.vars.upsideDown = true;
      emit(game, {
        type: "flip",
        player: frame.ctx.controller,
        obj: self.id,
        inc: self.inc,
        card: self.card,
        name: game.card(self).name,
      });
      return "next";
    },
  },
  putUnderSelf: {
    doc: "Puts those cards under this card (Manji Shinsekai Manji keeps Magic Tool spells).",
    args: { what: { type: "objects", required: true, doc: "The cards put under it." } },
    run(game, op, frame) {
      const self = sourceOf(game, frame.ctx);
      if (!inBattle(game, self)) return "next";
      for (const o of resolveObjects(game, op.what, frame)) putUnder(game, o, self);
      return "next";
    },
  },
  propose: {
    doc: "The controller proposes to the opponent, who answers (Happiness Switch). It changes nothing in the game.",
    args: {},
    run(game, _op, frame) {
      const to = game.opponents(frame.ctx.controller)[0]!;
      if (frame.answer) {
        const yes = frame.answer.id === "yes";
        delete frame.answer;
        emit(game, {
          type: "proposal",
          player: frame.ctx.controller,
          data: { to, accepted: yes },
        });
        return "next";
      }
      game.ask({
        player: to,
        kind: "proposal",
        prompt: `${game.playerName(frame.ctx.controller)} proposes to you. Say yes?`,
        options: [
          { id: "yes", label: "Yes" },
          { id: "no", label: "No" },
        ],
      });
      return "wait";
    },
  },
  flipPsychic: {
    doc: "Turns this psychic creature to its other side (awakening, or release); an awakened creature is no longer summoning sick.",
    args: {
      to: {
        type: "string",
        values: ["awakened", "front"],
        default: "awakened",
        doc: "The side it turns to.",
      },
    },
    run(game, op, frame) {
      const self = sourceOf(game, frame.ctx);
      if (!inBattle(game, self)) return "next";
      const stats = game.card(self).stats ?? {};
      const other = op.to === "front" ? stats.awakenedFrom : stats.awakensTo;
      if (typeof other !== "string") return "next";
      const from = self.card;
      game.setCard(self, other);
      if (op.to !== "front") self.enteredTurn = 0; // DM: awakening removes summoning sickness
      emit(game, {
        type: op.to === "front" ? "release" : "awaken",
        player: self.controller,
        obj: self.id,
        inc: self.inc,
        card: self.card,
        name: game.card(self).name,
        data: { from, fromName: game.rules.card(from).name },
      });
      return "next";
    },
  },
  toHyperspatial: {
    doc: "A psychic creature leaving the battle zone goes to its owner's hyperspatial zone instead, front side up.",
    args: {},
    run(game, _op, frame) {
      const self = sourceOf(game, frame.ctx);
      if (!self) return "next";
      const front = game.card(self).stats?.awakenedFrom;
      if (typeof front === "string") game.setCard(self, front);
      game.move(self, zoneId("hyperspatial", self.owner), { event: String(frame.ctx.event?.type ?? "move") });
      return "next";
    },
  },
  afterAttack: {
    doc: 'Runs the block at the end of the current attack ("after the attack", Ryusousha Valchulis).',
    args: { do: { type: "ops", required: true, doc: "Run at the end of the attack." } },
    run(game, op, frame) {
      const later = (game.state.vars.afterAttack as JsonObject[] | undefined) ?? [];
      later.push({ do: op.do ?? [], ctx: frame.ctx as unknown as JsonObject });
      game.state.vars.afterAttack = later;
      return "next";
    },
  },
};

/**
 * Revolution Change's condition: the creature whose attack triggered it is still the attacker, and
 * is of these civilizations, cost and race category (checked again on resolution: a second
 * Revolution Change for the same attack finds it gone).
 */
const attackerIs: ConditionFn = (game, args) => {
  const id = args?.eventObj;
  const o = typeof id === "string" ? game.state.objects[id] : undefined;
  if (!o || attackState(game)?.attacker !== o.id || !inBattle(game, o)) return false;
  const civs = args?.civilizations as string[] | undefined;
  if (civs && !civilizationsOf(game, o).some((c) => civs.includes(c))) return false;
  if (typeof args?.costAtLeast === "number" && costOf(game, o) < args.costAtLeast) return false;
  if (typeof args?.race === "string" && !hasRaceCategory(game, o, args.race)) return false;
  return true;
};

/** Your creatures of a race category whose costs add up to at least `atLeast` (Master J Tornado). */
const raceCostAtLeast: ConditionFn = (game, args) => {
  const p = Number(args?.controller);
  let total = 0;
  for (const o of game.cardsIn("battle", p))
    if (game.card(o).types.includes("creature") && hasRaceCategory(game, o, String(args?.race)))
      total += costOf(game, o);
  return total >= Number(args?.atLeast ?? 0);
};

/** At least `n` cards under the ability's own object (Mugetsu no Mon 99). */
const cardsUnderAtLeast: ConditionFn = (game, args) => {
  const o = typeof args?.obj === "string" ? game.state.objects[args.obj] : undefined;
  return !!o && o.under.length >= Number(args?.n ?? 1);
};

/** The controller's deck has a card (a seal or a shield can be made from it). */
const deckNotEmpty: ConditionFn = (game, args) =>
  game.zone("deck", Number(args?.controller)).cards.length > 0;

/** The triggering event's card has this text in its Japanese name (名前に《X》とある). */
const eventCardNameJaHas: ConditionFn = (game, args) => {
  const o = typeof args?.eventObj === "string" ? game.state.objects[args.eventObj] : undefined;
  return !!o && String(game.card(o).nameJa ?? "").includes(String(args?.text));
};

/** The triggering event is about another object than the ability's own ("another creature"). */
const eventObjIsOther: ConditionFn = (_game, args) => args?.eventObj !== args?.obj;

/** The ability's own object was summoned by Ninja Strike this turn (and is still that object). */
const ninjaSummonedThisTurn: ConditionFn = (game, args) => {
  const o = typeof args?.obj === "string" ? game.state.objects[args.obj] : undefined;
  return !!o && o.vars.ninja === game.state.clock.turn.id && inBattle(game, o);
};

export const keywordConditions: Record<string, ConditionFn> = {
  ninjaSummonedThisTurn,
  eventCardNameJaHas,
  eventObjIsOther,
  attackerIs,
  raceCostAtLeast,
  cardsUnderAtLeast,
  deckNotEmpty,
};
