/**
 * Activating effects and the chain (Yu-Gi-Oh! rules: Spell Speeds, chain links, priority,
 * resolution in reverse order). An activation pays its cost and picks its targets, then becomes a
 * chain link; the other player may respond with Spell Speed 2 or higher (3 only answers 3);
 * when both players pass in succession, the links resolve last-in first-out. A negated activation
 * gives back "activate" limits (RULINGS YG-2.4) but not "use" or soft once-per-turn ones (YG-1.2);
 * a negated effect leaves the activation standing.
 */
import { hasActivatedAbility } from "../../core/abilities.js";
import { abilityZones, hasTargets, mayActivate, targetsOf } from "../../core/activation.js";
import { closeWindow, emit, openWindow } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import type { AbilityRef } from "../../core/limits.js";
import { turnFaceUp, zoneId } from "../../core/objects.js";
import { causeOf } from "../../core/ops.js";
import { perPlayerMembershipFact } from "../../core/player-facts.js";
import type { StackEntry, TaskHandler } from "../../core/preset.js";
import type { OpHandler } from "../../core/script.js";
import { scriptTask } from "../../core/script.js";
import { holds } from "../../core/structure.js";
import type { DecisionOption, GameObject, PlayerId, Task } from "../../core/types.js";
import type { AbilityDef, CardDef } from "../../core/vocabulary/schema.js";
import { priorityNow } from "./activation.js";
import { skippedPast } from "./battle-end.js";
import { isPendulum } from "./pendulum.js";
import { negateSummon, pendingSummon } from "./summon-negation.js";
import { equippedMonster } from "./summon-procedures.js";
import { type TargetRef, targetedNow } from "./targeting.js";

export interface ChainLink extends JsonObject {
  obj: string;
  inc: number;
  card: string;
  ability: string;
  controller: PlayerId;
  speed: number;
  /** Targets and costs chosen on activation, read by the effect on resolution. */
  vars: JsonObject;
  /** "activation" (the link does nothing, limits of kind "activate" come back) or "effect". */
  negated: string | null;
  /** A Spell or Trap Card's own activation: it goes to the GY after resolving unless Continuous. */
  card_: boolean;
  /** The zone kind the card was in when the effect was activated ("activated on the field"). */
  from: string;
  /** The objects its activation targeted, each as it was then (targeting.ts). */
  targeted: TargetRef[];
}

interface ChainState extends JsonObject {
  links: ChainLink[];
  next: PlayerId;
  passes: number;
  // While the chain resolves, `resolving`: the index of the link resolving now (those above are done).
}

export function chainOf(game: Game): ChainState | null {
  return (game.state.vars.chain as ChainState | undefined) ?? null;
}

const isSpellTrap = (card: CardDef): boolean => card.types.includes("spell") || card.types.includes("trap");

/**
 * A card's own activation: a Spell or Trap Card, or a Pendulum Monster activated in the Pendulum
 * Zone as a Spell Card (its Pendulum Scale).
 */
export function isCardActivation(card: CardDef, abilityId: string): boolean {
  return abilityId === "activate" && (isSpellTrap(card) || isPendulum(card));
}

/**
 * Continuous Spells and Traps and Pendulum Scales stay on the field after resolving, and a card
 * whose text says so ("After this card's activation, it remains on the field": Swords of Revealing
 * Light, static `remainsOnField`).
 */
function staysOnField(card: CardDef): boolean {
  // Equip Spells stay equipped (equip-control.ts); one that can't be equipped leaves by itself.
  return (
    card.types.includes("continuous") ||
    card.types.includes("equip") ||
    isPendulum(card) ||
    (card.abilities ?? []).some((a) => a.kind === "static" && a.static?.kind === "remainsOnField")
  );
}

/** Spell Speed of an ability: its `timing` for monsters; by card type for Spells and Traps. */
export function spellSpeed(card: CardDef, ability: AbilityDef): number {
  if (card.types.includes("counter")) return 3;
  if (card.types.includes("trap") || card.types.includes("quickPlay")) return 2;
  if (card.types.includes("spell")) return 1;
  return ability.timing === "quick" ||
    ability.timing === "damageStep" ||
    ability.timing === "damageCalculation"
    ? 2
    : 1;
}

/** "During your Draw Phase, instead of conducting your normal draw" (RULINGS YG-T2): only then. */
export const INSTEAD_OF_NORMAL_DRAW = "insteadOfNormalDraw";

export interface Activatable {
  zoneKind: string;
  obj: GameObject;
  card: CardDef;
  ability: AbilityDef;
  /** Its Spell Speed (spellSpeed: the card and ability alone). */
  speed: number;
  /** It is the card's own activation (a Spell, a Trap, a Pendulum Scale: isCardActivation). */
  cardActivation: boolean;
}

const ACTIVATION_ZONES = ["hand", "monster", "spellTrap", "pendulum", "graveyard"];

/** An activated ability of a card definition, with what the card alone decides of it. */
interface ActivatedOfCard {
  ability: AbilityDef;
  /** The zones it may be activated from (activation.ts defaultZones: the card alone). */
  zones: readonly string[];
  speed: number;
  cardActivation: boolean;
}

/** A card definition's activated abilities, found once per definition (most cards have none). */
const activatedOf = new WeakMap<CardDef, readonly ActivatedOfCard[]>();
function activatedOfCard(
  game: Game,
  obj: GameObject,
  card: CardDef,
  p: PlayerId,
): readonly ActivatedOfCard[] {
  let list = activatedOf.get(card);
  if (!list) {
    list = (card.abilities ?? [])
      .filter((a) => a.kind === "activated")
      .map((ability) => ({
        ability,
        zones: abilityZones(game, { obj, card, ability, controller: p }),
        speed: spellSpeed(card, ability),
        cardActivation: isCardActivation(card, ability.id),
      }));
    activatedOf.set(card, list);
  }
  return list;
}

/**
 * Every activated ability of `p`'s cards where an activation may come from (asked at every
 * window): indexed until a card enters or leaves a zone (Game.membershipFact). Read, never changed.
 */
export const activatedAbilities: (game: Game, p: PlayerId) => readonly Activatable[] =
  perPlayerMembershipFact("ygo.activated", scanActivated, (_game, card) => hasActivatedAbility(card));

/** `activatedAbilities` computed afresh (what the index must equal: tests/core/membership-index.test.ts). */
export function scanActivated(game: Game, p: PlayerId): Activatable[] {
  const out: Activatable[] = [];
  const objects = game.state.objects;
  for (const zoneKind of ACTIVATION_ZONES)
    for (const id of game.zone(zoneKind, p).cards) {
      const obj = objects[id]!;
      const card = game.card(obj);
      // Where an ability works depends on the card alone (activation.ts defaultZones): one that
      // can't be activated from this zone is left out here rather than refused at every window.
      for (const { ability, zones, speed, cardActivation } of activatedOfCard(game, obj, card, p))
        if (zones.includes(zoneKind)) out.push({ zoneKind, obj, card, ability, speed, cardActivation });
    }
  return out;
}

function activationOption(game: Game, a: Activatable): DecisionOption {
  return {
    id: `activate:${game.ref(a.obj)}:${a.ability.id}`,
    label: `Activate ${a.card.name}${a.ability.text ? `: ${a.ability.text}` : ""}`,
    ...(a.obj.faceDown || a.zoneKind === "hand" ? { private: true } : {}),
  };
}

/**
 * May `p` activate it now? The kernel's `canActivate`: zone, face-down, timing (Spell Speed, the
 * priority the game gives now, the Damage Step: activation.ts), condition, limits, costs that can
 * be paid, targets that exist, zones it needs.
 */
function allowed(game: Game, p: PlayerId, { obj, card, ability }: Activatable): boolean {
  return mayActivate(game, { obj, card, ability, controller: p }, p);
}

/** The effects `p` may activate instead of conducting the normal draw, before it (RULINGS YG-T2). */
export function insteadOfDrawOptions(game: Game, p: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  for (const a of activatedAbilities(game, p))
    if (a.ability.timing === INSTEAD_OF_NORMAL_DRAW && allowed(game, p, a))
      out.push(activationOption(game, a));
  return out;
}

/**
 * The activated abilities `p` may activate now, as options: every one `canActivate` allows. Who may
 * activate and at what Spell Speed comes from the task that gives priority now (activation.ts
 * `priorityNow`): the Main Phase, a chain, a window.
 */
export function activationOptions(game: Game, p: PlayerId): DecisionOption[] {
  const out: DecisionOption[] = [];
  // What the timing refuses every ability for (activation.ts timingReason), asked once: nobody has
  // priority, the normal draw comes first, another player has it, or the ability is too slow.
  const pr = priorityNow(game);
  if (pr === null || pr.normalDraw === true || pr.player !== p) return out;
  for (const a of activatedAbilities(game, p)) {
    if (a.ability.timing === INSTEAD_OF_NORMAL_DRAW) continue; // offered only at the normal draw
    if (a.speed < pr.minSpeed) continue;
    // A face-up card on the field was activated already (activation.ts zoneReasons refuses it).
    if (a.cardActivation && a.zoneKind !== "hand" && !a.obj.faceDown) continue;
    if (allowed(game, p, a)) out.push(activationOption(game, a));
  }
  return out;
}

/** Is a Damage Step running (RULINGS YG-T7)? */
export function inDamageStep(game: Game): boolean {
  return game.state.clock.path.includes("damageStep");
}

/**
 * Starts an activation: the card is shown (a Spell from the hand is placed face-up; a Set card is
 * turned face-up), the limits are used, and the cost and target choices run; the `ygo.link` op at
 * their end makes the chain link.
 */
export function activate(game: Game, p: PlayerId, objId: string, abilityId: string): void {
  const obj = game.obj(objId);
  const card = game.card(obj);
  const ability = game.ability(obj.card, abilityId);
  const ref = { obj, card, ability, controller: p };
  if (isCardActivation(card, abilityId)) {
    if (game.state.zones[obj.zone]!.kind === "hand")
      game.move(obj, zoneId(isPendulum(card) ? "pendulum" : "spellTrap", p), {
        event: "activateCard",
        cause: { kind: "action", player: p },
      });
    else if (obj.faceDown) turnFaceUp(game, obj, { kind: "action", player: p });
  }
  const from = game.state.zones[obj.zone]!.kind;
  // The chain (a limit window, "once per Chain", open between chains as the next chain's) starts
  // before the activation's limits are used.
  if (!chainOf(game)) {
    openWindow(game, "chain");
    game.state.vars.chain = { links: [], next: p, passes: 0 } satisfies ChainState;
    game.pushTask({ t: "ygo.chain" });
  }
  game.useLimits(ref);
  emit(game, {
    type: "activate",
    player: p,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: card.name,
    data: { ability: abilityId, link: chainOf(game)!.links.length + 1 },
  });
  game.pushTask(
    scriptTask(
      [...(ability.cost ?? []), { op: "ygo.link" }],
      {
        controller: p,
        source: obj.id,
        sourceInc: obj.inc,
        card: obj.card,
        ability: abilityId,
      },
      { activatedFrom: from },
    ),
  );
}

export const chainOps: Record<string, OpHandler> = {
  "ygo.link": {
    doc: "(Internal) ends an activation: its chain link is made, with the targets chosen; the other player may respond.",
    args: {},
    run(game, _op, frame) {
      const chain = chainOf(game)!;
      const obj = game.obj(frame.ctx.source!);
      const card = game.card(obj);
      const ability = game.ability(obj.card, frame.ctx.ability!);
      chain.links.push({
        obj: obj.id,
        inc: obj.inc,
        card: obj.card,
        ability: ability.id,
        controller: frame.ctx.controller,
        speed: spellSpeed(card, ability),
        vars: { ...frame.vars },
        negated: null,
        card_: isCardActivation(card, ability.id),
        from: String(frame.vars?.activatedFrom ?? ""),
        targeted: targetedNow(game, frame.vars ?? {}),
      });
      chain.next = game.opponents(frame.ctx.controller)[0]!;
      chain.passes = 0;
      return "next";
    },
  },
  negateActivation: {
    doc: 'Negates the activation of the chain link just below this one; limits of kind "activate" are given back (RULINGS YG-2.4). As Chain Link 1 in response to a Summon, negates the Summon instead: the monsters being Summoned are destroyed and never were Summoned.',
    args: { destroy: { type: "boolean", doc: "Also destroys the negated card." } },
    run(game, op, frame) {
      const link = linkBelow(game, frame.ctx.source!);
      // Chain Link 1 answering a Summon (Solemn Judgment, Solemn Strike): "negate the Summon …
      // and if you do, destroy that card" (YG Summon: negating a Summon).
      if (!link) {
        negateSummon(game, frame.ctx.controller);
        return "next";
      }
      link.negated = "activation";
      const obj = game.state.objects[link.obj];
      if (obj) {
        game.negateActivation({
          obj,
          card: game.rules.card(link.card),
          ability: game.ability(link.card, link.ability),
          controller: link.controller,
        });
        if (op.destroy === true && obj.inc === link.inc && game.state.zones[obj.zone]!.kind !== "graveyard")
          game.move(obj, zoneId("graveyard", obj.owner), { event: "destroy", cause: causeOf(game, frame) });
      }
      emit(game, {
        type: "activationNegated",
        player: link.controller,
        data: { link: link.obj, ability: link.ability },
      });
      return "next";
    },
  },
  negateEffect: {
    doc: "Negates the effect of the chain link just below this one: its activation stands, its effect does nothing.",
    args: {},
    run(game, _op, frame) {
      const link = linkBelow(game, frame.ctx.source!);
      if (!link) return "next";
      link.negated = "effect";
      emit(game, {
        type: "effectNegated",
        player: link.controller,
        data: { link: link.obj, ability: link.ability },
      });
      return "next";
    },
  },
};

/** The chain link right below the link of this source (the activation it responds to). */
function linkBelow(game: Game, source: string): ChainLink | undefined {
  const links = chainOf(game)?.links ?? [];
  for (let i = links.length - 1; i > 0; i--) if (links[i]!.obj === source) return links[i - 1];
  return undefined;
}

/**
 * The `chain` limit window ("once per Chain") is open between chains too, as the window of the
 * next chain: an activation outside a chain is checked against a fresh count, and starts that
 * chain. A chain's end opens the next one's.
 */
export function nextChainWindow(game: Game): void {
  closeWindow(game, "chain");
  openWindow(game, "chain");
}

/** Priority during a chain: the players alternate; two passes in succession resolve it. */
const chainTask: TaskHandler = (game, task) => {
  const chain = chainOf(game)!;
  if (chain.links.length === 0) {
    // Every triggered effect was declined or could not be activated: no chain.
    game.popTask(task);
    delete game.state.vars.chain;
    nextChainWindow(game);
    return;
  }
  if (task.answer) {
    const id = task.answer.id;
    task.answer = undefined;
    if (id === "pass") {
      chain.passes += 1;
      chain.next = game.opponents(chain.next)[0]!;
    } else {
      const [, objId, abilityId] = id.split(":") as [string, string, string];
      activate(game, chain.next, objId, abilityId);
      return;
    }
  }
  while (chain.passes < 2) {
    const last = chain.links.at(-1)!;
    const options = activationOptions(game, chain.next);
    // Every player is asked, with a usable card or not: whether they were asked must not tell
    // the opponent what they hold (DESIGN: non-interference) — except on the leaky fast path.
    if (options.length === 0 && game.state.options.leakyFastPath === true) {
      chain.passes += 1;
      chain.next = game.opponents(chain.next)[0]!;
      continue;
    }
    options.push({ id: "pass", label: "Pass", pass: true }); // a list of its own (activationOptions)
    game.ask({
      player: chain.next,
      kind: "chain",
      prompt: `Chain Link ${chain.links.length}: respond with Spell Speed ${Math.max(2, last.speed)} or higher, or pass`,
      publicPrompt: `${game.playerName(chain.next)} may respond to Chain Link ${chain.links.length}`,
      private: true,
      options,
    });
    return;
  }
  // Resolve last-in first-out: the last link's task goes on top.
  game.popTask(task);
  game.pushTask({ t: "ygo.chainEnd" });
  chain.links.forEach((link, index) => {
    game.pushTask({ t: "ygo.resolveLink", link, index });
  });
};

/**
 * RULINGS YG-1.4: a continuous effect that may negate a monster effect activated on the opponent's
 * field as it resolves (ZW - Pegasus Twin Saber), if it is equipped and not yet applied this turn.
 */
function continuousNegation(game: Game, link: ChainLink): AbilityRef | undefined {
  if (link.negated || link.from !== "monster" || !game.rules.card(link.card).types.includes("monster"))
    return undefined;
  return game
    .staticAbilities("negateOpponentMonsterEffect")
    .find(
      (ref) => ref.controller !== link.controller && equippedMonster(game, ref.obj) && game.canApply(ref).ok,
    );
}

const resolveLink: TaskHandler = (game, task: Task) => {
  const link = task.link as ChainLink;
  if (task.answer) {
    const negate = task.answer.id === "negate";
    task.answer = undefined;
    task.asking = false;
    if (negate) {
      const ref = game.abilityRef(String(task.by), String(task.byAbility));
      game.applyStatic(ref);
      link.negated = "effect";
      emit(game, {
        type: "effectNegated",
        player: ref.controller,
        obj: ref.obj.id,
        inc: ref.obj.inc,
        card: ref.obj.card,
        name: ref.card.name,
        data: { link: link.obj, ability: link.ability, applied: ref.ability.id },
      });
    }
  } else if (!task.offered || task.asking === true) {
    // (Asking again while the question is open: a saved game being checked.)
    task.offered = true;
    const ref = continuousNegation(game, link);
    if (ref) {
      task.by = ref.obj.id;
      task.byAbility = ref.ability.id;
      task.asking = true;
      game.ask({
        player: ref.controller,
        kind: "applyEffect",
        prompt: `${ref.card.name}: negate the effect of ${game.rules.card(link.card).name} as it resolves?`,
        options: [
          { id: "negate", label: "Negate it" },
          { id: "resolve", label: "Let it resolve" },
        ],
      });
      return;
    }
  }
  game.popTask(task);
  const chain = chainOf(game);
  if (chain && typeof task.index === "number") chain.resolving = task.index;
  // YG Missing the timing: the resolution of this link is now "the last thing that happened"; an
  // optional "When … you can" effect triggered before it can no longer be activated.
  game.state.vars.resolvingSince = game.state.ids.event;
  delete game.state.vars.effectPart;
  const obj = game.state.objects[link.obj];
  const ability = game.ability(link.card, link.ability);
  const name = game.rules.card(link.card).name;
  const still = !!obj && obj.inc === link.inc;
  if (link.card_ && still && !staysOnField(game.rules.card(link.card)))
    game.pushTask({ t: "ygo.toGraveyard", obj: link.obj, inc: link.inc });
  if (link.negated === "activation") {
    emit(game, {
      type: "linkNegated",
      player: link.controller,
      name,
      data: { ability: link.ability, how: "activation" },
    });
    return;
  }
  if (link.negated === "effect" || (still && effectsNegated(game, obj!))) {
    emit(game, {
      type: "linkNegated",
      player: link.controller,
      name,
      data: { ability: link.ability, how: "effect" },
    });
    return;
  }
  emit(game, {
    type: "resolve",
    player: link.controller,
    obj: link.obj,
    inc: link.inc,
    card: link.card,
    name,
    data: { ability: link.ability, chain: true },
  });
  // Rulebook, targets: a target that is no longer there (left the field or the GY, turned
  // face-down where it had to be face-up, changed control where it had to be the opponent's) is not
  // affected; the effect still resolves for the rest (illegalTargets: "resolve").
  const effect = hasTargets(ability.cost)
    ? [{ op: "checkTargets" }, ...(ability.effect ?? [])]
    : ability.effect;
  // Once it has resolved: "after resolving a card effect that targets this card" (targeting.ts).
  if (link.targeted?.length) game.pushTask({ t: "ygo.afterTargeting", targeted: link.targeted });
  if (effect?.length) {
    // Then its "…, then …" parts are looked at (effect-parts.ts: missing the timing in the middle of an effect).
    game.pushTask({ t: "ygo.effectDone" });
    game.pushTask(
      scriptTask(
        effect,
        {
          controller: link.controller,
          source: link.obj,
          sourceInc: link.inc,
          card: link.card,
          ability: link.ability,
        },
        { ...link.vars },
      ),
    );
  }
};

/** Effects of a monster negated by a continuous effect (Effect Veiler: until the end of the turn). */
export function effectsNegated(game: Game, obj: GameObject): boolean {
  return game
    .effects("negateEffects")
    .some(
      (d) =>
        d.effect.target &&
        "obj" in d.effect.target &&
        d.effect.target.obj === obj.id &&
        d.effect.target.inc === obj.inc,
    );
}

/**
 * A point where players may start a chain with Spell Speed 2 or higher (after the normal draw, in
 * the Standby Phase, after an attack is declared, before damage calculation): the turn player
 * first; it closes when both pass in succession (RULINGS YG-T2, T3, T5, T7).
 */
const openWindowTask: TaskHandler = (game, task) => {
  if (task.next === undefined) {
    task.next = game.state.clock.turn.player;
    task.passes = 0;
  }
  if (task.answer) {
    const id = task.answer.id;
    task.answer = undefined;
    if (id === "pass") {
      task.passes = Number(task.passes) + 1;
      task.next = game.opponents(Number(task.next))[0]!;
    } else {
      const [, objId, abilityId] = id.split(":") as [string, string, string];
      task.passes = 0;
      const p = Number(task.next);
      task.next = game.state.clock.turn.player;
      activate(game, p, objId, abilityId);
      return;
    }
  }
  // A window of a step an effect ended (the Battle Phase ended by Battle Fader) opens no more.
  if (game.over || skippedPast(game, task.node)) {
    game.popTask(task);
    return;
  }
  // A Summon's response window (Spell Speed 3) ends once a chain answered it; effects triggered
  // meanwhile (by a Tribute) wait until the Summon has happened.
  const summon = task.summon === true;
  if (summon && pendingSummon(game)?.closed !== false) {
    game.popTask(task);
    return;
  }
  const checkpoint = game.rules.preset.checkpoint;
  if (!summon && checkpoint && (game.state.pending.length > 0 || game.state.hiddenResponses.length > 0)) {
    game.pushTask({ t: checkpoint, node: task.node });
    return;
  }
  // A window that closes at the next open game state when a condition holds (the window after an
  // attack declaration: the attack stopped, or a replay is due — YG-T6).
  if (typeof task.closeWhen === "string" && holds(game, task.closeWhen)) {
    game.popTask(task);
    return;
  }
  while (Number(task.passes) < 2) {
    const p = Number(task.next);
    const options = activationOptions(game, p);
    if (options.length === 0 && game.state.options.leakyFastPath === true) {
      task.passes = Number(task.passes) + 1;
      task.next = game.opponents(p)[0]!;
      continue;
    }
    options.push({ id: "pass", label: "Pass", pass: true }); // a list of its own (activationOptions)
    game.ask({
      player: p,
      kind: "window",
      prompt: summon
        ? "A monster would be Summoned: activate a Counter Trap (Spell Speed 3), or pass"
        : `${game.rules.nodes.get(String(task.node))?.label ?? "Now"}: activate a card or effect (Spell Speed 2 or higher), or pass`,
      publicPrompt: `${game.playerName(p)} may activate a card or effect`,
      private: true,
      options,
    });
    return;
  }
  game.popTask(task);
};

export const chainTasks: Record<string, TaskHandler> = {
  "ygo.window": openWindowTask,
  "ygo.chain": chainTask,
  "ygo.resolveLink": resolveLink,
  "ygo.chainEnd": (game, task) => {
    game.popTask(task);
    delete game.state.vars.chain;
    nextChainWindow(game);
    // A chain made in response to a Summon ends the moment to negate it.
    const summon = pendingSummon(game);
    if (summon) summon.closed = true;
    // A resolved chain ends the moment of an attack's declaration (YG-T5).
    const attack = game.state.vars.attack as JsonObject | undefined;
    if (attack) attack.declaration = false;
    emit(game, { type: "chainResolved", player: game.state.clock.turn.player });
  },
  "ygo.toGraveyard": (game, task) => {
    game.popTask(task);
    const obj = game.state.objects[String(task.obj)];
    // A Spell/Trap Card sent to the GY after resolving: by the rules, not by an effect.
    if (obj && obj.inc === task.inc)
      game.move(obj, zoneId("graveyard", obj.owner), { event: "move", cause: { kind: "rule" } });
  },
};

/** The chain as the kernel's StackEntry list, Chain Link 1 first (Preset.stack). */
export function chainEntries(game: Game): StackEntry[] {
  const chain = chainOf(game);
  const links = chain?.links ?? [];
  // Links that have resolved are no longer on the chain; the one resolving still is.
  const resolving = chain?.resolving;
  return (typeof resolving === "number" ? links.slice(0, resolving + 1) : links).map((l) => ({
    obj: l.obj,
    card: l.card,
    name: game.rules.card(l.card).name,
    ...(l.card_ ? {} : { ability: l.ability }),
    controller: l.controller,
    targets: targetsOf(l.vars),
  }));
}
