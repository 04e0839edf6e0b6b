/**
 * The Yu-Gi-Oh! game actions as named tasks: the normal draw, Main Phase actions (Normal
 * Summon/Set with tributes, Flip Summon, position changes), the Battle Step's declarations (the
 * attack itself: attack.ts; the Damage Step: damage-step.ts) and the End Phase hand limit. RULINGS
 * YG-T1 to YG-T10.
 */
import { appendOptions } from "../../core/bounds.js";
import type { Game } from "../../core/game.js";
import { actionLoop } from "../../core/interactions.js";
import type { JsonObject } from "../../core/json.js";
import type { AbilityRef } from "../../core/limits.js";
import { isRelative } from "../../core/match.js";
import { zoneId } from "../../core/objects.js";
import type { TaskHandler } from "../../core/preset.js";
import type { StateCheck } from "../../core/state-checks.js";
import { nodeTask } from "../../core/structure.js";
import type { Cause, DecisionOption, GameObject, PlayerId, Task } from "../../core/types.js";
import type { RelativePlayer } from "../../core/vocabulary/schema.js";
import { canAttack, declareAttack, mayAttackDirectly } from "./attack.js";
import { activate, activationOptions, insteadOfDrawOptions } from "./chain.js";
import {
  describeMonster,
  isLinkMonster,
  isMonster,
  MONSTER_ZONES,
  mainZoneMonsters,
  monstersOf,
  position,
  stat,
  summonForbidden,
  tributesFor,
} from "./monsters.js";
import { normalSummonAllowance, USES_NORMAL_SUMMON } from "./normal-summon.js";
import { pendulumSummonOptions, summonAllowed } from "./pendulum.js";
import { CLOCK_AND_DRAWS } from "./quiet-events.js";
import { flipSummonMove, summonMove } from "./summon-negation.js";
import {
  controlsOnlyOne,
  extraDeckProcedure,
  procedureOptions,
  specialSummonTo,
} from "./summon-procedures.js";

/** The hand size the turn player keeps at the end of the End Phase (YG-T10). */
export const HAND_LIMIT = 6;

const RULE: Cause = { kind: "rule" };
/** The turn player's normal draw (YG-T2): by the rules. */
const NORMAL_DRAW: Cause = { kind: "rule", rule: "normalDraw" };

export function lifePoints(game: Game, p: PlayerId): number {
  return Number(game.state.players[p]!.vars.lp);
}

/** What changed a player's Life Points: its cause, and the monster that inflicted battle damage. */
export interface LifePointsChange {
  cause: Cause;
  /** The monster that inflicted battle damage ("when this card inflicts battle damage"). */
  by?: GameObject;
  data?: JsonObject;
}

/**
 * Changes a player's Life Points (an event `kind` with its cause; battle damage names the monster
 * that inflicted it); a player at 0 loses the Duel (the state check `ygoLoss`).
 */
export function changeLifePoints(
  game: Game,
  p: PlayerId,
  delta: number,
  kind: string,
  how: LifePointsChange,
): void {
  const player = game.state.players[p]!;
  player.vars.lp = Math.max(0, lifePoints(game, p) + delta);
  const by = how.by;
  game.emit({
    type: kind,
    player: p,
    ...(by ? { obj: by.id, inc: by.inc, card: by.card, name: game.card(by).name } : {}),
    cause: how.cause,
    data: { n: Math.abs(delta), lp: Number(player.vars.lp), ...how.data },
  });
}

/** A player who had to draw with too few cards in their Deck (the state check `ygoLoss`). */
export function markDeckedOut(game: Game, p: PlayerId): void {
  game.state.players[p]!.vars.deckedOut = true;
}

/**
 * YG Winning and losing, checked after every step of work (a kernel state check): a player whose
 * LP is 0, or who had to draw from an empty Deck, loses the Duel; if both players lose at the same
 * time (an effect that damages both, a draw for both), the Duel is a draw.
 */
export const lossCheck: StateCheck = {
  id: "ygoLoss",
  ignores: CLOCK_AND_DRAWS,
  rule: "YG Winning and losing",
  run(game) {
    const why = (v: JsonObject): string | null =>
      Number(v.lp) <= 0
        ? "Life Points reached 0"
        : v.deckedOut === true
          ? "could not draw (Deck empty)"
          : null;
    let any = false;
    for (const p of game.state.players) if (why(p.vars) !== null) any = true;
    if (!any) return false; // the common case, after nearly every step: nothing made
    const losers = game.state.players.filter((p) => why(p.vars) !== null);
    if (losers.length === 1) game.declareLoser(losers[0]!.id, why(losers[0]!.vars)!);
    else game.declareWinner(null, "a draw: both players lost the Duel at the same time");
    return true;
  },
};

function turnId(game: Game): number {
  return game.state.clock.turn.id;
}

/**
 * YG-T2: the normal draw, before anything else in the Draw Phase — except effects activated
 * "instead of conducting your normal draw" (Magical Blast), offered first; one that resolves
 * replaces the draw. The player who goes first skips it on the Duel's first turn; can't draw → lose.
 */
const normalDraw: TaskHandler = (game, task) => {
  const p = game.state.clock.turn.player;
  if (turnId(game) === 1) {
    game.popTask(task);
    return;
  }
  if (task.answer) {
    const id = task.answer.id;
    task.answer = undefined;
    task.asking = false;
    if (id !== "pass") {
      const [, objId, abilityId] = id.split(":") as [string, string, string];
      activate(game, p, objId, abilityId); // its chain resolves, then this task draws or not
      return;
    }
  } else if (!task.offered || task.asking === true) {
    // (Asking again when the question is still open: a saved game being checked.)
    task.offered = true;
    const instead = insteadOfDrawOptions(game, p);
    if (instead.length > 0) {
      task.asking = true;
      game.ask({
        player: p,
        kind: "normalDraw",
        prompt: "Draw Phase: conduct your normal draw, or activate an effect instead of it",
        options: [...instead, { id: "pass", label: "Conduct the normal draw", pass: true }],
      });
      return;
    }
  }
  game.popTask(task);
  if (game.state.vars.normalDrawReplaced === turnId(game)) return;
  if (game.zone("deck", p).cards.length === 0) {
    game.draw(p, 1, NORMAL_DRAW); // an event: drawFromEmpty
    markDeckedOut(game, p);
    return;
  }
  game.draw(p, 1, NORMAL_DRAW);
};

/**
 * "You can Normal Summon 1 X in addition to your Normal Summon/Set" abilities that could apply
 * now (RULINGS YG-3.1: "You can only gain this effect once per turn" is one bucket per player).
 */
function extraSummonSources(game: Game, p: PlayerId, obj: GameObject) {
  return game.staticAbilities("extraNormalSummon").filter((ref) => {
    const s = ref.ability.static!;
    if (ref.controller !== p || ref.obj.faceDown) return false;
    if (typeof s.race === "string" && !((game.card(obj).races ?? []) as string[]).includes(s.race))
      return false;
    if (typeof s.nameHas === "string" && !game.card(obj).name.includes(s.nameHas)) return false;
    return game.canApply(ref).ok;
  });
}

function summonOptions(game: Game, p: PlayerId): DecisionOption[] {
  // YG Summon: one Normal Summon or Set per turn, as effects change it (normal-summon.ts).
  const allowed = normalSummonAllowance(game, p).ok;
  const onField = monstersOf(game, p).length;
  const inMain = mainZoneMonsters(game, p).length;
  const out: DecisionOption[] = [];
  for (const obj of game.cardsIn("hand", p)) {
    if (
      !isMonster(game, obj) ||
      !summonAllowed(game, obj, "normal") ||
      summonForbidden(game, obj) ||
      controlsOnlyOne(game, p, obj)
    )
      continue;
    const need = tributesFor(stat(game, obj, "level"));
    // Tributes free their zones (a Tribute from an Extra Monster Zone frees no Main Monster Zone).
    if (need > onField || inMain - need >= MONSTER_ZONES) continue;
    const name = game.card(obj).name;
    const t = need ? ` (tribute ${need})` : "";
    if (allowed) {
      out.push({ id: `summon:${game.ref(obj)}`, label: `Normal Summon ${name}${t}` });
      out.push({ id: `set:${game.ref(obj)}`, label: `Set ${name}${t}` });
    }
    // YG-3.1: an additional Normal Summon (not a Set), before or after the regular one; when
    // several effects could grant it, the player chooses which one applies (the seed's Q&A).
    for (const src of extraSummonSources(game, p, obj))
      out.push({
        id: `extra:${game.ref(obj)}:${game.ref(src.obj)}:${src.ability.id}`,
        label: `Normal Summon ${name}${t} in addition (${src.card.name})`,
      });
  }
  return out;
}

/** Spells and Traps in the hand may be Set face-down in a free Spell & Trap Zone. */
function setCardOptions(game: Game, p: PlayerId): DecisionOption[] {
  if (game.zone("spellTrap", p).cards.length >= 5) return [];
  return game
    .cardsIn("hand", p)
    .filter((o) => {
      const t = game.card(o).types;
      return t.includes("spell") || t.includes("trap");
    })
    .map((o) => ({ id: `setCard:${game.ref(o)}`, label: `Set ${game.card(o).name}` }));
}

function mainActions(game: Game, p: PlayerId, task: Task): DecisionOption[] {
  const out = [
    ...summonOptions(game, p),
    ...pendulumSummonOptions(game, p),
    ...procedureOptions(game, p),
    ...setCardOptions(game, p),
    ...activationOptions(game, p),
  ];
  const now = turnId(game);
  for (const obj of monstersOf(game, p)) {
    const name = game.card(obj).name;
    // YG-T4: a monster can't change position the turn it was summoned, set or after attacking, and
    // once per turn. Turned face-down by an effect, it may be Flip Summoned that turn.
    if (obj.vars.summonedTurn === now || obj.vars.positionTurn === now || obj.vars.attackedTurn === now)
      continue;
    if (obj.faceDown) out.push({ id: `flip:${game.ref(obj)}`, label: `Flip Summon ${name}` });
    else if (!isLinkMonster(game, obj)) {
      // A Link Monster can't be in Defense Position (Master Rule 2020).
      const to = position(obj) === "atk" ? "Defense" : "Attack";
      out.push({ id: `position:${game.ref(obj)}`, label: `Change ${name} to ${to} Position` });
    }
  }
  // YG-T1, YG-T9: from Main Phase 1 the turn player goes to the Battle Phase or to the End Phase.
  // Moving on is a pass: the Battle Phase's own line tells it.
  if (task.node === "main1" && now > 1)
    out.push({ id: "battle", label: "Enter the Battle Phase", pass: true });
  return out;
}

/**
 * A Normal Summon or Set: it uses the turn's Normal Summon (its event says so: the action limit
 * counts it, normal-summon.ts); an additional Normal Summon applies the effect that grants it instead.
 */
function place(game: Game, p: PlayerId, obj: GameObject, set: boolean, extra?: AbilityRef): void {
  if (extra) game.applyStatic(extra);
  const data: JsonObject = extra ? { extra: true } : { [USES_NORMAL_SUMMON]: true };
  // A Set is not a Summon; a Normal Summon may be negated first (YG Summon: negating a Summon).
  if (set)
    game.move(obj, zoneId("monster", p), {
      faceDown: true,
      event: "set",
      cause: { kind: "action", player: p },
      data,
    });
  else summonMove(game, obj, p, "normalSummon", { data });
  obj.vars.pos = set ? "def" : "atk";
  obj.vars.summonedTurn = turnId(game);
}

/**
 * YG: a phase or step ends only once both players have passed in succession. When the turn player
 * would move on (`leaving` answers), the opponent may first activate a Spell Speed 2 or higher card
 * or effect; if they do, its chain resolves and the turn player has priority again in the open game
 * state (they may act, then move on again). Otherwise `leave` moves on.
 */
function withLastChance(
  loop: TaskHandler,
  actions: (game: Game, p: PlayerId, task: Task) => DecisionOption[],
  leaving: string[],
  leave: (game: Game, task: Task, how: string) => void,
): TaskHandler {
  return (game, task) => {
    if (typeof task.leaving === "string") {
      const how = task.leaving;
      const opp = game.opponents(game.state.clock.turn.player)[0]!;
      if (task.answer) {
        const id = task.answer.id;
        task.answer = undefined;
        task.leaving = null;
        if (id === "pass") leave(game, task, how);
        else {
          const [, objId, abilityId] = id.split(":") as [string, string, string];
          activate(game, opp, objId, abilityId);
        }
        return;
      }
      const checkpoint = game.rules.preset.checkpoint;
      if (checkpoint && (game.state.pending.length > 0 || game.state.hiddenResponses.length > 0)) {
        game.pushTask({ t: checkpoint, node: task.node });
        return;
      }
      const options = activationOptions(game, opp);
      if (options.length === 0 && game.state.options.leakyFastPath === true) {
        task.leaving = null;
        leave(game, task, how);
        return;
      }
      const label = game.rules.nodes.get(String(task.node))?.label ?? "This phase";
      options.push({ id: "pass", label: "Pass", pass: true }); // a list of its own (activationOptions)
      game.ask({
        player: opp,
        kind: "window",
        prompt: `${label} is ending: activate a card or effect (Spell Speed 2 or higher), or pass`,
        publicPrompt: `${game.playerName(opp)} may activate a card or effect before ${label} ends`,
        private: true,
        options,
      });
      return;
    }
    if (task.answer && leaving.includes(task.answer.id)) {
      task.leaving = task.answer.id;
      task.answer = undefined;
      return;
    }
    // A turn player with nothing to do passes without being asked (the leaky fast path): the
    // opponent still gets their chance.
    if (
      !task.answer &&
      game.state.options.leakyFastPath === true &&
      game.state.pending.length === 0 &&
      game.state.hiddenResponses.length === 0 &&
      actions(game, game.state.clock.turn.player, task).length === 0
    ) {
      task.leaving = "pass";
      return;
    }
    loop(game, task);
  };
}

const mainLoop = actionLoop({
  kind: "main",
  prompt: (game) =>
    `${game.state.clock.path.includes("main2") ? "Main Phase 2" : "Main Phase 1"}: act or pass`,
  passLabel: "Go to the End Phase",
  // A Set names a card from the hand: the choice is private; the move's own event says what others see.
  private: true,
  publicPrompt: "Main Phase: the turn player acts",
  actions: mainActions,
  perform(game, p, option, task) {
    if (option.id === "battle") {
      game.state.vars.battleChosen = turnId(game);
      game.popTask(task);
      return;
    }
    const [verb, id, src, ability] = option.id.split(":") as [string, string, string, string];
    game.state.vars.mainActed = turnId(game); // YG-T4: no longer the start of Main Phase 1
    if (verb === "activate") {
      activate(game, p, id, src);
      return;
    }
    if (verb === "pendulum") {
      // "pendulum", or "pendulum:<card>:<ability>" for an additional one that effect grants.
      const granted = id === undefined ? null : { obj: game.obj(id).id, ability: src };
      game.pushTask({ t: "ygo.pendulumSummon", granted, chosen: [] });
      return;
    }
    const obj = game.obj(id);
    if (verb === "xyz") {
      game.pushTask({ t: "ygo.xyzMaterials", card: id, chosen: [] });
      return;
    }
    if (verb === "link") {
      game.pushTask({ t: "ygo.linkMaterials", card: id, chosen: [] });
      return;
    }
    if (verb === "special") {
      specialSummonTo(game, obj, p);
      return;
    }
    if (verb === "procedure") {
      extraDeckProcedure(game, obj, p);
      return;
    }
    if (verb === "setCard") {
      game.move(obj, zoneId("spellTrap", p), {
        faceDown: true,
        event: "setCard",
        cause: { kind: "action", player: p },
      });
      return;
    }
    if (verb === "summon" || verb === "set" || verb === "extra") {
      const need = tributesFor(stat(game, obj, "level"));
      const extra = verb === "extra" ? { obj: src, ability } : null;
      if (need === 0) place(game, p, obj, verb === "set", extra ? game.abilityRef(src, ability) : undefined);
      else game.pushTask({ t: "ygo.tribute", card: id, set: verb === "set", extra, need, chosen: [] });
      return;
    }
    obj.vars.positionTurn = turnId(game);
    if (verb === "flip") {
      // Turned face-up first, as being Flip Summoned; Counter Traps may negate it (summon-negation.ts).
      flipSummonMove(game, obj, p);
      return;
    }
    obj.vars.pos = position(obj) === "atk" ? "def" : "atk";
    game.emit({
      type: "position",
      player: p,
      obj: obj.id,
      inc: obj.inc,
      card: obj.card,
      name: game.card(obj).name,
      // The turn player's own change of battle position (not by an effect).
      cause: { kind: "action", player: p },
      data: { to: String(obj.vars.pos) },
    });
  },
});

// YG Main Phase: leaving for the Battle Phase or the End Phase gives the opponent a last chance.
const main = withLastChance(mainLoop, mainActions, ["pass", "battle"], (game, task, how) => {
  if (how === "battle") game.state.vars.battleChosen = turnId(game);
  game.popTask(task);
});

/** Tributes for a Normal Summon or Set of a Level 5+ monster, one choice at a time (YG-T4). */
const tribute: TaskHandler = (game, task) => {
  const p = game.state.clock.turn.player;
  const chosen = task.chosen as string[];
  if (task.answer) {
    const id = game.obj(task.answer.id.slice("tribute:".length)).id;
    task.answer = undefined;
    chosen.push(id);
  }
  if (chosen.length < Number(task.need)) {
    game.ask({
      player: p,
      kind: "tribute",
      prompt: `Tribute a monster (${chosen.length + 1} of ${task.need})`,
      private: true,
      options: monstersOf(game, p)
        .filter((o) => !chosen.includes(o.id))
        .map((o) => ({ id: `tribute:${game.ref(o)}`, label: `Tribute ${describeMonster(game, o, p)}` })),
    });
    return;
  }
  game.popTask(task);
  for (const id of chosen)
    game.move(game.obj(id), zoneId("graveyard", game.obj(id).owner), {
      event: "tribute",
      cause: { kind: "cost", player: p },
    });
  const extra = task.extra as { obj: string; ability: string } | null;
  place(
    game,
    p,
    game.obj(String(task.card)),
    Boolean(task.set),
    extra ? game.abilityRef(extra.obj, extra.ability) : undefined,
  );
};

/**
 * Does a face-up card's static `cannotDeclareAttack` forbid `p`'s monsters to declare an attack
 * (`player`: whose monsters, relative to its controller; Swords of Revealing Light: opponent)?
 */
function attacksForbidden(game: Game, p: PlayerId): boolean {
  return game
    .staticAbilities("cannotDeclareAttack")
    .some((ref) =>
      isRelative(
        game,
        (ref.ability.static!.player as RelativePlayer | undefined) ?? "opponent",
        p,
        ref.controller,
      ),
    );
}

function battleActions(game: Game, p: PlayerId): DecisionOption[] {
  const now = turnId(game);
  const opp = game.opponents(p)[0]!;
  const targets = monstersOf(game, opp);
  const out: DecisionOption[] = [];
  // "Your opponent's monsters cannot declare an attack" while a card says so (Swords of Revealing Light).
  const sealed = attacksForbidden(game, p);
  for (const a of sealed ? [] : monstersOf(game, p)) {
    // YG-T5: face-up Attack Position monsters that can attack, each at most once per turn.
    if (a.vars.attackedTurn === now || !canAttack(game, a)) continue;
    const name = game.card(a).name;
    // A direct attack when the opponent controls no monster, or by a monster that can attack directly.
    if (mayAttackDirectly(game, a, opp))
      out.push({ id: `attack:${game.ref(a)}:direct`, label: `${name} attacks directly` });
    targets.forEach((t, i) => {
      const tid = t.faceDown ? `set${i + 1}` : game.ref(t);
      out.push({
        id: `attack:${game.ref(a)}:${tid}`,
        label: `${name} attacks ${describeMonster(game, t, p)}`,
      });
    });
  }
  // YG Battle Step: turn player priority — in the open game state of the Battle Step the turn
  // player may also activate Spell Speed 2+ cards and effects (before or between attacks).
  appendOptions(out, activationOptions(game, p), "cards and effects to activate");
  return out;
}

const battleStepLoop = actionLoop({
  kind: "battle",
  prompt: "Battle Step: declare an attack or end the Battle Phase",
  passLabel: "End the Battle Phase",
  actions: battleActions,
  perform(game, p, option) {
    const [verb, aid, tid] = option.id.split(":") as [string, string, string];
    if (verb === "activate") {
      activate(game, p, aid, tid);
      return;
    }
    const opp = game.opponents(p)[0]!;
    let target: GameObject | null = null;
    if (tid.startsWith("set")) target = game.obj(game.zone("monster", opp).cards[Number(tid.slice(3)) - 1]!);
    else if (tid !== "direct") target = game.obj(tid);
    declareAttack(game, p, game.obj(aid), target);
    game.pushTask(nodeTask("attack"));
  },
});

// YG Battle Step: ending the Battle Step (to the End Step) gives the opponent a last chance.
const battleStep = withLastChance(battleStepLoop, battleActions, ["pass"], (game, task) =>
  game.popTask(task),
);

/** YG-T10: at the end of the End Phase the turn player discards down to 6 (not "by a card effect"). */
const handLimit: TaskHandler = (game, task) => {
  const p = game.state.clock.turn.player;
  if (task.answer) {
    const obj = game.obj(task.answer.id.slice("discard:".length));
    task.answer = undefined;
    game.move(obj, zoneId("graveyard", p), { event: "discard", cause: RULE, data: { handLimit: true } });
    return;
  }
  // Effects triggered by a discard ("sent from the hand to the GY") are activated in the End Phase.
  const checkpoint = game.rules.preset.checkpoint;
  if (checkpoint && (game.state.pending.length > 0 || game.state.hiddenResponses.length > 0)) {
    game.pushTask({ t: checkpoint, node: task.node });
    return;
  }
  const hand = game.cardsIn("hand", p);
  if (hand.length <= HAND_LIMIT) {
    game.popTask(task);
    return;
  }
  game.ask({
    player: p,
    kind: "discard",
    prompt: `Discard down to ${HAND_LIMIT} cards (${hand.length} in hand)`,
    publicPrompt: `${game.playerName(p)} discards down to ${HAND_LIMIT} cards`,
    private: true,
    options: hand.map((o) => ({ id: `discard:${game.ref(o)}`, label: `Discard ${game.card(o).name}` })),
  });
};

export const ygoTasks: Record<string, TaskHandler> = {
  "ygo.normalDraw": normalDraw,
  "ygo.main": main,
  "ygo.tribute": tribute,
  "ygo.battleConducted": (game, task) => {
    game.popTask(task);
    game.state.vars.battleConducted = turnId(game);
  },
  "ygo.battleStep": battleStep,
  "ygo.handLimit": handLimit,
};
