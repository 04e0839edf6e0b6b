/**
 * The Yu-Gi-Oh! preset `yugioh()`: 8,000 LP, the turn of RULINGS YG-T1 to YG-T10 as data
 * (turn.ts), the game's actions as named tasks (game.ts), the cards as data (cards.ts).
 */
import type { Game } from "../../core/game.js";
import { zoneId } from "../../core/objects.js";
import type { Preset } from "../../core/preset.js";
import type { Duration, GameObject, LogEntry, PlayerId } from "../../core/types.js";
import { madeOnce } from "../deck-building.js";
import { ygoActivation } from "./activation.js";
import { attackCheck, attackConditions, attackEnd, attackWindows } from "./attack.js";
import { battleEndOps } from "./battle-end.js";
import { battleEndCards } from "./battle-end-cards.js";
import { sampleDecks, ygoCards } from "./cards.js";
import { chainEntries, chainOf, chainOps, chainTasks, effectsNegated, nextChainWindow } from "./chain.js";
import { beforeControlChange, controlSourceCheck, hasMonsterRoom } from "./control.js";
import { controlCards } from "./control-cards.js";
import { damageStepTasks } from "./damage-step.js";
import { damageStepCards } from "./damage-step-cards.js";
import { EXTRA_DECK_CARDS, randomDecks, ygoDeckRules } from "./decks.js";
import { diceCards } from "./dice-cards.js";
import { diceOps } from "./dice-ops.js";
import { durationCards } from "./duration-cards.js";
import { effectCards } from "./effect-cards.js";
import { effectPartCards } from "./effect-part-cards.js";
import { effectDone, effectPartOps } from "./effect-parts.js";
import { equipOps } from "./equip-control.js";
import { eventCards } from "./event-cards.js";
import { eventOps } from "./event-ops.js";
import { exchangeOps } from "./exchange.js";
import { fusionOps, summonableFusions } from "./fusion.js";
import { lossCheck, ygoTasks } from "./game.js";
import { maintenance } from "./maintenance.js";
import { freeMainColumns, placesCheck, pointsTo } from "./master-rule.js";
import { staticOf } from "./monsters.js";
import { NORMAL_SUMMON, normalSummonLimit, normalSummonRefusal } from "./normal-summon.js";
import { effectOps, ygoOps } from "./ops.js";
import { isExtraDeckMonster, isPendulum, pendulumSummon, summonAllowed, ygoRedirect } from "./pendulum.js";
import { SPECIAL_SUMMON_ONCE, specialSummonLimited } from "./summon-limits.js";
import { summonedTask, summonRespondable } from "./summon-negation.js";
import { boundCardsCheck, equippedMonster, linkMaterials, xyzMaterials } from "./summon-procedures.js";
import { afterTargetingResolved } from "./targeting.js";
import { releaseHeldTriggers, ygoTriggers } from "./triggers.js";
import { ygoTurn } from "./turn.js";
import { turnCards } from "./turn-cards.js";
import { utopiaCards } from "./utopia-cards.js";
import { ygoCardFields, ygoEffectKinds, ygoEvents, ygoStatFields } from "./vocabulary.js";
import { zefraCards } from "./zefra-cards.js";

/** The sample decks a game is dealt when it is given none, made once. */
const sampleDeckLists = madeOnce(sampleDecks);

export { sampleDecks, ygoCards } from "./cards.js";

/** Whether a continuous effect applies to this incarnation of `obj` (its target). */
function isOn(d: Duration, obj: GameObject): boolean {
  const t = d.effect.target as { obj?: string; inc?: number } | undefined;
  return t?.obj === obj.id && t.inc === obj.inc;
}

/** The latest of `effects` on `obj` (they are in the order they were applied), or undefined. */
function latestOn(effects: readonly Duration[], obj: GameObject): Duration | undefined {
  for (let i = effects.length - 1; i >= 0; i--) if (isOn(effects[i]!, obj)) return effects[i];
  return undefined;
}

/** Starting Life Points. */
export const STARTING_LP = 8000;
/** Opening hand size. */
export const OPENING_HAND = 5;

function narrate(game: Game, e: LogEntry, viewer: PlayerId | null): string | null {
  const who = e.player === undefined ? "" : game.playerName(e.player);
  const d = e.data ?? {};
  const hiddenFrom = viewer !== null && e.seenBy !== undefined && !e.seenBy.includes(viewer);
  switch (e.type) {
    case "normalSummon":
      return `${who} Normal Summons ${e.name}.`;
    case "set":
      return `${who} Sets ${hiddenFrom ? "a monster" : e.name} in face-down Defense Position.`;
    case "flipSummon":
      return `${who} Flip Summons ${e.name}.`;
    case "tribute":
      return `${who} Tributes ${e.name}${e.to === "extra" ? " (face-up to the Extra Deck)" : ""}.`;
    case "position":
      if (d.flipped === true)
        return `${e.name} is flipped face-up in ${d.to === "def" ? "Defense" : "Attack"} Position${e.cause?.name ? ` (${e.cause.name})` : ""}.`;
      return `${who} changes ${e.name} to ${d.faceDown === true ? "face-down " : ""}${d.to === "def" ? "Defense" : "Attack"} Position.`;
    case "counter": {
      const kind = `${String(d.counter).charAt(0).toUpperCase()}${String(d.counter).slice(1)} Counter`;
      const n = Math.abs(Number(d.n));
      const what = n === 1 ? `A ${kind} is` : `${n} ${kind}s are`;
      return `${what} ${Number(d.n) > 0 ? "placed on" : "removed from"} ${e.name} (${d.total}).`;
    }
    case "banish":
      return `${e.name} is banished.`;
    case "trigger": {
      // A lingering effect applied later (a delayed ability: "during your next Standby Phase"): its words.
      if (d.delayed !== true || hiddenFrom || e.card === undefined) return null;
      const text = game.rules.ability(e.card, String(d.ability)).text;
      return text ? `⏳ ${e.name} (${who}): ${text}` : null;
    }
    case "attack":
      return d.target === "directly" ? `${e.name} attacks directly.` : `${e.name} attacks ${d.target}.`;
    case "replay":
      return `Replay: ${e.name} ${d.target === "directly" ? "attacks directly" : `attacks ${d.target}`}.`;
    case "attackStopped":
      return `${e.name}'s attack stops${d.reason === "replay" ? "" : ` (${d.reason})`}.`;
    case "attackNegated":
      return "The attack is negated.";
    case "lpGain":
      return `${who} gains ${d.n} LP (${d.lp} LP).`;
    case "effectDamage":
      return `${who} takes ${d.n} effect damage (${d.lp} LP).`;
    case "battleDamage":
      return `${who} takes ${d.n} battle damage (${d.lp} LP).`;
    case "destroy":
      return `${e.name} is destroyed${d.byBattle ? " by battle" : ""}${e.to === "extra" ? " and placed face-up in the Extra Deck" : ""}.`;
    case "activate":
      return `${who} activates ${e.name} (Chain Link ${d.link}).`;
    case "activateCard":
      // Its activation's line tells it (“P1 activates Book of Moon (Chain Link 1).”).
      return e.to === "pendulum" ? `${who} places ${e.name} in the Pendulum Zone.` : "";
    case "summoning":
      // The Summon's own line tells it, once no Counter Trap negated it.
      return "";
    case "linkNegated":
      return `${e.name}: its ${d.how === "activation" ? "activation" : "effect"} is negated.`;
    case "chainResolved":
      return "The chain has resolved.";
    case "coinCall":
      return `${who} called ${d.call}: ${d.right ? "right" : "wrong"}.`;
    case "effectGained":
      return `${who} gains the effect of ${e.name}.`;
    case "coinToss":
      return `Coin toss: ${(d.results as string[]).join(", ")}.`;
    case "specialSummon": {
      // Who Special Summons it: the effect's controller (the move's player is the card's owner).
      const by = e.cause?.player === undefined ? who : game.playerName(e.cause.player);
      return `${by} Special Summons ${e.name}${d.position === "def" ? " in Defense Position" : ""}.`;
    }
    case "summonNegated":
      return `The Summon of ${e.name} is negated.`;
    case "fusionSummon":
      return `${who} Fusion Summons ${e.name}.`;
    case "fusionMaterial":
      return `${e.name} is sent to the GY as Fusion Material.`;
    case "xyzSummon":
      return `${who} Xyz Summons ${e.name}.`;
    case "linkSummon":
      return `${who} Link Summons ${e.name}.`;
    case "linkMaterial":
      return `${e.name} is sent to the GY as Link Material.`;
    case "putUnder":
      return `${e.name} becomes Xyz Material.`;
    case "returnToHand":
      return e.to === "extra"
        ? `${e.name} returns to the Extra Deck.`
        : `${e.name} returns to ${d.controller === undefined ? "the" : "its owner's"} hand.`;
    case "pendulumSummon":
      return `${who} Pendulum Summons ${e.name} from the ${e.from === "extra" ? "Extra Deck" : "hand"} in ${d.position === "def" ? "Defense" : "Attack"} Position.`;
    case "detach":
      return `${who} detaches ${e.name}.`;
    case "equip":
      return `${e.name} is equipped to ${d.to}.`;
    case "setCard":
      return `${who} Sets ${hiddenFrom ? "a card" : e.name} in the Spell & Trap Zone.`;
    case "payLP":
      return `${who} pays ${d.n} LP (${d.lp} LP).`;
    case "discard":
      return `${who} discards ${hiddenFrom ? "a card" : e.name}${d.handLimit ? " for the hand limit" : ""}.`;
    case "missedTiming":
      return `✘ ${e.name}'s effect misses the timing: a “When … you can” effect, and its trigger was not the last thing to happen.`;
    case "cannotActivate":
      return `✘ ${e.name}'s effect can't be activated: ${(d.reasons as string[]).join("; ")}.`;
    default:
      return null;
  }
}

export function yugioh(): Preset {
  const cards = [
    ...ygoCards,
    ...effectCards,
    ...turnCards,
    ...utopiaCards,
    ...diceCards,
    ...zefraCards,
    ...battleEndCards,
    ...effectPartCards,
    ...controlCards,
    ...damageStepCards,
    ...durationCards,
    ...eventCards,
  ];
  return {
    id: "yugioh",
    cardFields: ygoCardFields,
    statFields: ygoStatFields,
    events: ygoEvents,
    effectKinds: ygoEffectKinds,
    // Static kinds its rules read that no library card has yet (the library's are known already).
    staticKinds: {
      directAttack: '"This card can attack your opponent directly" (attack.ts).',
      [SPECIAL_SUMMON_ONCE]:
        '"You can only Special Summon X once per turn", with a limit keyed by name (summon-limits.ts).',
    },
    name: "Yu-Gi-Oh! TCG/OCG",
    players: { min: 2, max: 2 },
    options: {
      masterRule: {
        description:
          'The Master Rule: "3" (five Monster Zones, two Pendulum Zones; the seed\'s rules) or "2020" (two Extra Monster Zones shared by both players, Link Monsters; Link and face-up Pendulum Monsters from the Extra Deck need an Extra Monster Zone or a linked zone)',
        default: "3",
        values: ["3", "2020"],
        fuzz: true,
      },
    },
    // The chain is a limit window ("once per Chain"), opened while a chain is built and resolved.
    windows: ["chain"],
    zones: [
      { kind: "deck", label: "Deck", perPlayer: true, visibility: "hidden" },
      { kind: "hand", label: "hand", perPlayer: true, visibility: "owner" },
      {
        kind: "monster",
        label: "Monster Zone",
        perPlayer: true,
        visibility: "public",
        faceDownSeenBy: "owner",
        inPlay: true,
        // A Set monster (a face-down one from the Extra Deck was seen face-up first).
        faceDownCards: { types: ["monster"] },
      },
      {
        kind: "spellTrap",
        label: "Spell & Trap Zone",
        perPlayer: true,
        visibility: "public",
        faceDownSeenBy: "owner",
        inPlay: true,
        faceDownCards: { types: ["spell", "trap"] },
      },
      // Master Rule 3: two Pendulum Zones beside the Spell & Trap Zones; cards there are Spell Cards.
      { kind: "pendulum", label: "Pendulum Zone", perPlayer: true, visibility: "public", inPlay: true },
      { kind: "graveyard", label: "GY", perPlayer: true, visibility: "public" },
      { kind: "banished", label: "banishment", perPlayer: true, visibility: "public" },
      // Face-down Fusion and Xyz Monsters are seen by their owner; face-up Pendulum Monsters by all.
      {
        kind: "extra",
        label: "Extra Deck",
        perPlayer: true,
        visibility: "public",
        faceDownSeenBy: "owner",
        ownDeck: EXTRA_DECK_CARDS,
      },
    ],
    turn: () => ygoTurn,
    tasks: {
      ...ygoTasks,
      ...chainTasks,
      ...damageStepTasks,
      "ygo.attackWindows": attackWindows,
      "ygo.attackEnd": attackEnd,
      "ygo.maintenance": maintenance,
      "ygo.xyzMaterials": xyzMaterials,
      "ygo.triggers": ygoTriggers,
      "ygo.releaseHeldTriggers": releaseHeldTriggers,
      "ygo.pendulumSummon": pendulumSummon,
      "ygo.summoned": summonedTask,
      "ygo.linkMaterials": linkMaterials,
      "ygo.effectDone": effectDone,
      "ygo.afterTargeting": afterTargetingResolved,
    },
    ops: {
      ...ygoOps,
      ...effectOps,
      ...chainOps,
      ...diceOps,
      ...fusionOps,
      ...battleEndOps,
      ...effectPartOps,
      ...equipOps,
      ...exchangeOps,
      ...eventOps,
    },
    cards,
    deckRules: ygoDeckRules,
    randomDecks: (players, pick) => randomDecks(cards, players, pick),
    checkpoint: "ygo.triggers",
    // YG Winning and losing: LP 0 or drawing from an empty Deck; both at once is a draw. Cards
    // bound to another card (Equip Cards, Call of the Haunted) are destroyed as soon as it leaves.
    // Master Rule 2020: every monster has a Main or Extra Monster Zone (master-rule.ts).
    // Control lasting while a card stays on the field (Snatch Steal) goes back as soon as it leaves.
    // An attack: a replay due when the opponent's monsters change, a stop when the attacker can't go on.
    stateChecks: [lossCheck, boundCardsCheck, controlSourceCheck, placesCheck, attackCheck],
    // Spell Speeds, priority, the Damage Step, Set cards, zones (activation.ts).
    activation: ygoActivation,
    stack: chainEntries,
    playerVars: () => ({ lp: STARTING_LP }),
    // YG Summon: one Normal Summon or Set per turn; effects change the number (normal-summon.ts).
    actionLimits: { [NORMAL_SUMMON]: normalSummonLimit },
    refusal: normalSummonRefusal,
    // Words for the named conditions in whyNot's reasons.
    conditionLabels: {
      lastLinkIs: "only in response to the activation it answers (the chain link just made)",
      pointsToFreeZone: "only while a Main Monster Zone this card points to is free",
      summoning:
        "only when a monster would be Summoned (a Summon that starts no chain), before anything responded to it",
      canFusionSummon: "only when a Fusion Summon is possible (materials in hand or on the field)",
      startOfMainPhase1: "only at the start of your Main Phase 1, before anything else in it",
      attackDeclared: "only when a monster declares an attack",
      opponentAttackDeclared: "only when your opponent's monster declares an attack",
      attackOccurring: "only during the Battle Step, while an attack is occurring",
      opponentDirectAttack: "only while your opponent's monster attacks you directly",
      attacks: "only while this card attacks (as its text says)",
      lightMonsterBattles: "only when a LIGHT monster you control battles",
    },
    conditions: {
      battleChosen: (game) => game.state.vars.battleChosen === game.state.clock.turn.id,
      battleConducted: (game) => game.state.vars.battleConducted === game.state.clock.turn.id,
      // Counter Traps answer a kind of activation: the chain link just made.
      lastLinkIs: (game, args) => {
        const last = chainOf(game)?.links.at(-1);
        if (!last) return false;
        const types = game.rules.card(last.card).types;
        // A Pendulum Scale's activation is a Spell Card's; its Pendulum Effects are Spell Card effects.
        if (args?.kind === "spellTrapCard") return last.card_;
        return types.includes("monster") && !last.card_ && last.from !== "pendulum";
      },
      canFusionSummon: (game, args) => summonableFusions(game, Number(args?.controller)).length > 0,
      // "When a monster(s) would be (Special) Summoned" (Solemn Judgment: any; Solemn Strike: special).
      summoning: (game, args) => summonRespondable(game, String(args?.kind ?? "any")),
      // A monster can be taken only into a free Monster Zone (Change of Heart).
      monsterZoneFree: (game, args) => hasMonsterRoom(game, Number(args?.controller)),
      // "to your zone this card points to" (Link Spider): a free Main Monster Zone it points to.
      pointsToFreeZone: (game, args) => {
        const self = game.state.objects[String(args?.obj)];
        if (!self) return false;
        const free = new Set(freeMainColumns(game, self.controller));
        return pointsTo(game, self).some((c) => free.has(c));
      },
      // "At the start of your Main Phase 1": nothing done yet in this Main Phase 1 (YG-T4, YG-T9).
      startOfMainPhase1: (game) =>
        game.state.clock.path.includes("main1") && game.state.vars.mainActed !== game.state.clock.turn.id,
      // The attack: declared, going on, replayed, its monsters (attack.ts).
      ...attackConditions,
    },
    // Names changed until the End Phase (Hero Mask); ATK boosts; "HERO" monsters for Hero Mask.
    characteristic(game, obj, field, printed) {
      if (field === "name") {
        const changed = latestOn(game.effects("name"), obj);
        return changed ? String(changed.effect.value) : printed;
      }
      // "Frog" monsters, counted by Flip Flop Frog "except Frog the Jam".
      if (field === "frogMonster")
        return game.card(obj).name.includes("Frog") && game.card(obj).name !== "Frog the Jam";
      if (field === "utopiaMonster")
        return game.card(obj).types.includes("monster") && game.card(obj).name.includes("Utopia");
      // "a Normal Trap" (Diskblade Rider's target).
      if (field === "normalTrap")
        return game.card(obj).types.includes("trap") && game.card(obj).types.includes("normal");
      if (field === "heroMonster")
        return game.card(obj).types.includes("monster") && /\bHERO\b/.test(game.card(obj).name);
      if (field === "attribute") return game.card(obj).stats?.attribute ?? printed;
      // Selectors of monsters that may be Special Summoned (not Zefraath: "cannot be … by other ways").
      if (field === "specialSummonable")
        return summonAllowed(game, obj, "special") && !specialSummonLimited(game, obj, obj.controller);
      // "Its Pendulum Scale becomes X until the end of this turn" (Zefraath): the latest applies.
      if (field === "scale") {
        const changed = latestOn(game.effects("scale"), obj);
        return changed ? Number(changed.effect.value) : printed;
      }
      if (field === "def") {
        let def = Number(game.card(obj).stats?.def ?? printed ?? 0);
        for (const d of game.effects("def")) if (isOn(d, obj)) def += Number(d.effect.value);
        return def;
      }
      if (field === "atk") {
        let atk = Number(game.card(obj).stats?.atk ?? printed ?? 0);
        // "gains X ATK" and "ATK becomes X" in the order they were applied.
        for (const d of game.state.durations)
          if (isOn(d, obj) && d.effect.kind === "atk") atk += Number(d.effect.value);
          else if (isOn(d, obj) && d.effect.kind === "atkSet") atk = Number(d.effect.value);
        if (game.state.zones[obj.zone]!.kind === "monster" && !obj.faceDown) {
          // "Gains 300 ATK for each Spell Counter on it" (Breaker the Magical Warrior).
          const perCounter = staticOf(game, obj, "atkPerCounter");
          if (perCounter && !effectsNegated(game, obj))
            atk += Number(perCounter.by) * (obj.counters[String(perCounter.counter)] ?? 0);
          // An Equip Card's ATK gain (ZW - Pegasus Twin Saber).
          for (const ref of game.staticAbilities("equipAtk"))
            if (equippedMonster(game, ref.obj) === obj) atk += Number(ref.ability.static!.by);
          for (const ref of game.staticAbilities("atkBoost"))
            if (
              ref.controller === obj.controller &&
              !ref.obj.faceDown &&
              ((game.card(obj).races ?? []) as string[]).includes(String(ref.ability.static!.race))
            )
              atk += Number(ref.ability.static!.by);
        }
        return atk;
      }
      return printed;
    },
    narrate,
    redirect: ygoRedirect,
    beforeControlChange,
    setup(game, spec) {
      const decks = spec.decks ?? sampleDeckLists();
      for (let p = 0; p < spec.players; p++) {
        // Xyz and Fusion Monsters start face-down in the Extra Deck.
        for (const card of decks[p % decks.length]!) {
          const extra = isExtraDeckMonster(game.rules.card(card));
          game.createCard(card, p, extra ? "extra" : "deck", { faceDown: extra });
        }
        game.shuffle(zoneId("deck", p));
        game.draw(p, OPENING_HAND, { kind: "rule", rule: "openingHand" });
      }
      nextChainWindow(game); // the next chain's "once per Chain" window
    },
    // A scenario's Extra Deck: Fusion and Xyz Monsters face-down, Pendulum Monsters face-up. A
    // face-down monster placed with no position is in Defense Position (YG Position: a Set monster
    // is in face-down Defense Position); `vars: { pos: atk }` in the setup says otherwise.
    prepareScenario(game) {
      for (let p = 0; p < game.state.players.length; p++) {
        for (const obj of game.cardsIn("extra", p)) obj.faceDown = !isPendulum(game.card(obj));
        for (const obj of game.cardsIn("monster", p))
          if (obj.faceDown && obj.vars.pos === undefined) obj.vars.pos = "def";
      }
      if (!chainOf(game)) nextChainWindow(game);
      // A scenario that starts in the Battle Phase conducts it (Main Phase 2 follows: YG-T9).
      if (game.state.clock.path.includes("battle")) {
        game.state.vars.battleChosen = game.state.clock.turn.id;
        game.state.vars.battleConducted = game.state.clock.turn.id;
      }
    },
  };
}
