/**
 * The Magic: The Gathering preset: the full turn of CR 500-514 with every turn-based
 * action of CR 703.4, priority and the stack, state-based actions, and a small card library.
 * See docs/magic.md.
 */
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { zoneId } from "../../core/objects.js";
import type { Preset } from "../../core/preset.js";
import type { LogEntry, PlayerId } from "../../core/types.js";
import { magicActionLimits } from "./action-limits.js";
import { magicActivation } from "./activation.js";
import { attachmentOps } from "./attachments.js";
import { attackTokens } from "./attack-cards.js";
import { defaultMagicDeck, magicCards } from "./cards.js";
import { combatConditions, combatTasks } from "./combat.js";
import { cardConditionLabels, cardConditions } from "./conditions.js";
import { applyDayNightOption, DAY_NIGHT_VALUES } from "./day-night.js";
import { ATTRACTION_CARDS, magicDeckRules, randomDecks, SCHEME_CARDS } from "./decks.js";
import { enteringTasks } from "./entering.js";
import { eventTokens } from "./event-cards.js";
import { runSkipLeftPlayers } from "./leave-game.js";
import { magicOps } from "./ops.js";
import { planeswalkerTokens } from "./planeswalker-cards.js";
import { planeswalkerTasks } from "./planeswalkers.js";
import {
  runCheckpoint,
  runPriority,
  runToGraveyard,
  runTriggersToStack,
  triggerOnStackOp,
} from "./priority.js";
import { colours } from "./protection.js";
import { magicRefusal } from "./refusals.js";
import { sagaTokens } from "./saga-cards.js";
import { stateBasedActions } from "./sba.js";
import { inGame, keywords, nameOf, phasedOut, stackEntries, stat } from "./state.js";
import { tbaTasks } from "./tba.js";
import { timeOps } from "./time-ops.js";
import { magicTokens } from "./token-cards.js";
import { magicTurn } from "./turn.js";
import { magicEffectKinds, magicEvents, magicStatFields } from "./vocabulary.js";

export { defaultMagicDeck, magicCards } from "./cards.js";

function narrate(game: Game, e: LogEntry): string | null {
  const who = e.player === undefined ? "" : game.playerName(e.player);
  const d = (e.data ?? {}) as JsonObject;
  switch (e.type) {
    case "cast":
      return `${who} casts ${e.name}.`;
    case "playLand":
      return `${who} plays ${e.name}.`;
    case "resolveSpell":
      return `${e.name} resolves.`;
    case "attack":
      return d.planeswalker !== undefined
        ? `${e.name} attacks ${d.planeswalker} (${game.playerName(Number(d.defender))}).`
        : `${e.name} attacks ${game.playerName(Number(d.defender))}.`;
    case "block":
      return `${e.name} blocks ${d.attackerName}.`;
    case "attackCost":
      return `${who} pays ${d.mana} to attack with ${e.name}.`;
    case "attacksAlone":
      return `${e.name} attacks alone.`;
    case "enterAttacking":
      return `${e.name} enters the battlefield attacking ${game.playerName(Number(d.defender))}.`;
    case "countersAnnihilated":
      return `${d.n} +1/+1 and ${d.n} -1/-1 counters are removed from ${e.name}.`;
    case "damage":
      return e.obj && d.target
        ? `${d.source} deals ${d.n} damage to ${d.target}${d.loyalty !== undefined ? ` (loyalty ${d.loyalty})` : ""}.`
        : d.poison !== undefined
          ? `${d.source} deals ${d.n} damage to ${who} (poison counters ${d.poison}).`
          : `${d.source} deals ${d.n} damage to ${who} (life ${d.life}).`;
    case "lifeGain":
      return `${who} gains ${d.n} life (life ${d.life}).`;
    case "lifeLoss":
      // Damage and payments say it themselves.
      return d.damage === true || d.paid === true ? null : `${who} loses ${d.n} life (life ${d.life}).`;
    case "poison":
      return `${who} gets ${d.n} poison counter${d.n === 1 ? "" : "s"} (${d.total} in all).`;
    case "mill":
      return `${who} mills ${e.name}.`;
    case "counter":
      return counterLine(e, d);
    case "tap":
    case "untap":
      return tapLine(e);
    case "targeted":
      return targetedLine(game, e, d);
    case "dies":
      return d.sacrificed === true ? null : `${e.name} dies (${d.reason}).`; // the sacrifice event narrates it
    case "phaseOut":
      return `${e.name} phases out${d.indirect === true ? " with the permanent it is attached to" : ""}.`;
    case "phaseIn":
      return `${e.name} phases in${d.indirect === true ? " with the permanent it is attached to" : ""}.`;
    case "dayNight":
      return `It becomes ${d.now}.`;
    case "setInMotion":
      return `${who} sets ${e.name} in motion.`;
    case "rollToVisit":
      return `${who} rolls ${d.value} to visit Attractions.`;
    case "visit":
      return `${who} visits ${e.name}.`;
    case "manaEmptied":
      return `${who}'s unused mana (${d.n}) empties.`;
    case "playerLost":
      return `${who} loses: ${d.reason}.`;
    case "leaveGame":
      return `${who} leaves the game with every object they own.`;
    case "countered":
      return d.ability !== undefined ? `${e.name}'s ability is countered.` : `${e.name} is countered.`;
    case "counterFailed":
      return `${e.name} can't be countered.`;
    case "ceaseToExist":
      return `${e.name} (a token) ceases to exist.`;
    case "move":
      if (e.from === "stack" && e.to === "battlefield")
        return `${e.name} enters the battlefield under ${who}'s control.`;
      if (e.from === "stack") return `${e.name} goes to ${who}'s graveyard.`;
      return null;
    case "payLife":
      return `${who} pays ${d.n} life (life ${d.life}).`;
    case "sacrifice":
      return `${who} sacrifices ${e.name}.`;
    case "discard":
      return `${who} discards ${e.name}.`;
    case "transform":
      return `${e.name} transforms.`;
    case "defendingPlayer":
      return `${who} chooses ${d.name} as the defending player.`;
    case "damageOrder":
      return `Damage assignment order for ${e.name}: ${(d.order as string[]).join(", ")}.`;
    case "turnControlAdded":
      // CR 722.6: a player who controls themselves makes their own decisions (the kernel says the rest).
      return d.by === e.player
        ? `${who} will control themselves during their next turn${typeof d.source === "string" ? ` (${d.source})` : ""}: they make their own decisions.`
        : null;
    case "exert":
      return `${who} exerts ${e.name}: it won't untap during ${who}'s next untap step.`;
    case "cleanupPriority":
      return "Something happened in the cleanup step: players get priority, and another cleanup step follows.";
    case "attach":
      return `${e.name} becomes attached to ${d.toName}.`;
    case "unattach":
      return `${e.name} becomes unattached${d.reason ? ` (${d.reason})` : ""}.`;
    case "pump":
      return `${e.name} gets ${signed(d.power)}/${signed(d.toughness)} until end of turn.`;
    case "mana":
      // A land tapped as a cost is paid: the cast or the activation says it.
      if (d.payment === true) return "";
      return e.name ? `${who} gets ${d.mana} from ${e.name}.` : `${who} gets ${d.mana}.`;
    case "assignDamage":
    case "putOnStack":
      return null;
    default:
      return null;
  }
}

/** "+2", "-1", "+0". */
const signed = (n: unknown): string => (Number(n) < 0 ? String(n) : `+${Number(n)}`);

/** "Nissa gets 3 loyalty counters (3 in all)." — not for counters damage removes or puts (its line says it). */
function counterLine(e: LogEntry, d: JsonObject): string | null {
  if (e.cause?.rule === "damage") return null;
  const n = Number(d.n);
  const what = `${Math.abs(n)} ${d.counter} counter${Math.abs(n) === 1 ? "" : "s"}`;
  return n > 0
    ? `${e.name} gets ${what} (${d.total} in all).`
    : `${what} ${Math.abs(n) === 1 ? "is" : "are"} removed from ${e.name} (${d.total} left).`;
}

/**
 * "Llanowar Elves becomes tapped (cost of its ability)." — the untap step's untaps, attacks and
 * the lands a payment taps say so themselves (untapAll, attack, the cast).
 */
function tapLine(e: LogEntry): string | null {
  const c = e.cause;
  if (!c || c.kind === "action" || c.rule === "untap" || (c.kind === "cost" && c.ability === "mana"))
    return null;
  if (c.kind === "cost")
    return c.obj === e.obj
      ? `${e.name} is tapped to pay its cost.`
      : `${e.name} is tapped to pay ${c.name}'s cost.`;
  return `${e.name} becomes ${e.type === "tap" ? "tapped" : "untapped"}${c.name ? ` by ${byWhat(c)}` : ""}.`;
}

/** "Lightning Bolt" (a spell), "Gideon's Lawkeeper's ability" (an ability). */
const byWhat = (c: NonNullable<LogEntry["cause"]>): string =>
  c.ability === "spell" ? String(c.name) : `${c.name}'s ability`;

/** "◎ Grizzly Bears becomes the target of Lightning Bolt." */
function targetedLine(game: Game, e: LogEntry, d: JsonObject): string | null {
  const c = e.cause;
  if (!c?.name) return null;
  const target = d.target === "player" && e.player !== undefined ? game.playerName(e.player) : e.name;
  return `◎ ${target} becomes the target of ${byWhat(c)}.`;
}

export function magic(): Preset {
  return {
    id: "magic",
    events: magicEvents,
    statFields: magicStatFields,
    effectKinds: magicEffectKinds,
    name: "Magic: The Gathering",
    players: { min: 2, max: 4 },
    zones: [
      { kind: "library", label: "library", perPlayer: true, visibility: "hidden" },
      { kind: "hand", label: "hand", perPlayer: true, visibility: "owner" },
      { kind: "battlefield", label: "battlefield", perPlayer: true, visibility: "public", inPlay: true },
      { kind: "graveyard", label: "graveyard", perPlayer: true, visibility: "public" },
      { kind: "exile", label: "exile", perPlayer: true, visibility: "public" },
      { kind: "stack", label: "stack", perPlayer: false, visibility: "public" },
      { kind: "command", label: "command zone", perPlayer: true, visibility: "public" },
      {
        kind: "schemeDeck",
        label: "scheme deck",
        perPlayer: true,
        visibility: "hidden",
        ownDeck: SCHEME_CARDS,
      },
      {
        kind: "attractionDeck",
        label: "Attraction deck",
        perPlayer: true,
        visibility: "hidden",
        ownDeck: ATTRACTION_CARDS,
      },
      // CR 800.4a: the cards of a player who left the game (leave-game.ts).
      { kind: "outside", label: "outside the game", perPlayer: true, visibility: "hidden" },
    ],
    options: {
      rulesVersion: {
        description:
          'Comprehensive Rules version: "20231117" (the seed: damage assignment order is declared) or "20241108" (Foundations: no damage assignment order)',
        default: "20231117",
        values: ["20231117", "20241108"],
        fuzz: true,
      },
      attackOneDefender: {
        description:
          "Multiplayer: the active player chooses one defending player at beginning of combat (CR 506.2, 703.4h)",
        default: false,
        values: [true, false],
      },
      archenemy: {
        description: "Archenemy (CR 904): P1 is the archenemy with a scheme deck",
        default: false,
        values: [true, false],
      },
      handSize: {
        description: "Maximum hand size (CR 402.2)",
        default: 7,
        type: "integer",
        min: 0,
        max: 1000,
      },
      dayNight: {
        description:
          'Day or night as the game starts (CR 726.2): "neither" (the rules\' start), or "day" / "night" for a position where it already became so',
        default: "neither",
        values: [...DAY_NIGHT_VALUES],
        fuzz: true,
      },
      startingLife: {
        description: "Starting life total (CR 103.4)",
        default: 20,
        type: "integer",
        min: 1,
        max: 1000000,
      },
    },
    drawFrom: "library",
    turn: () => magicTurn(),
    // Token definitions (CR 111.1: not cards) join the library but never a deck.
    cards: [
      ...magicCards,
      ...magicTokens,
      ...planeswalkerTokens,
      ...attackTokens,
      ...eventTokens,
      ...sagaTokens,
    ],
    deckRules: {
      ...magicDeckRules,
      forbidden: [
        ...(magicDeckRules.forbidden ?? []),
        {
          cards: { hasStat: "token" },
          reason: "a token is not a card (CR 111.1): only effects create tokens",
        },
      ],
    },
    randomDecks: (players, pick) => randomDecks(magicCards, players, pick),
    checkpoint: "mtg.checkpoint",
    stack: stackEntries,
    lookBack: true, // CR 603.10a
    // CR 603.10a: "whenever this phases out" triggers though it no longer exists (phasing.ts).
    lookBackEvents: ["phaseOut"],
    // CR 702.26b: a phased-out permanent is treated as though it doesn't exist (phasing.ts).
    exists: (_game, obj) => !phasedOut(obj),
    // CR 508.1c–d, 509.1b–c: why an attacker or blocker (or "done") is refused (declarations.ts);
    // CR 305.2, 601.3: why a land play or a cast is (refusals.ts).
    refusal: magicRefusal,
    // CR 305.2, 601.3: land plays and spells cast per turn, as the kernel's action limits.
    actionLimits: magicActionLimits,
    // CR 704.3: state-based actions whenever a player would receive priority (sba.ts).
    stateChecks: [stateBasedActions],
    // Casting and activating: timing, mana, casting restrictions, {T} and summoning sickness, targets (activation.ts).
    activation: magicActivation,
    playerVars: (options) => ({ life: Number(options.startingLife ?? 20), mana: 0 }),
    conditions: {
      activeInGame: (game) => inGame(game, game.state.clock.turn.player),
      skipFirstDraw: (game) => game.state.clock.turn.id === 1 && game.state.players.length === 2,
      attacking: combatConditions.attacking,
      firstStrikeInCombat: combatConditions.firstStrike,
      cleanupAgain: (game) => game.state.vars.cleanupAgain === true,
      ...cardConditions,
    },
    conditionLabels: cardConditionLabels,
    ops: {
      ...magicOps,
      ...attachmentOps,
      ...timeOps,
      "mtg.triggerOnStack": triggerOnStackOp,
    },
    tasks: {
      "mtg.priority": runPriority,
      "mtg.checkpoint": runCheckpoint,
      "mtg.toGraveyard": runToGraveyard,
      "mtg.triggersToStack": runTriggersToStack,
      "mtg.skipLeftPlayers": runSkipLeftPlayers,
      ...tbaTasks,
      ...combatTasks,
      ...planeswalkerTasks,
      ...enteringTasks,
    },
    // Current characteristics: the face shown (CR 712), counters and "gets +N/+N" effects (CR 613).
    characteristic(game, obj, field, printed) {
      if (field === "power" || field === "toughness") return stat(game, obj, field);
      if (field === "name") return nameOf(game, obj);
      if (field === "keywords") return keywords(game, obj);
      if (field === "colors") return colours(game, obj); // CR 105.2, 202.2 ("green creature spells")
      return printed;
    },
    setup(game, spec) {
      for (let p: PlayerId = 0; p < spec.players; p++) {
        const deck = spec.decks?.[p] ?? defaultMagicDeck(p);
        for (const card of deck) game.createCard(card, p, "library");
        game.shuffle(zoneId("library", p));
        if (deck.includes("complaints-clerk")) {
          for (let i = 0; i < 3; i++) game.createCard("foam-weapons-kiosk", p, "attractionDeck");
        }
      }
      if (game.state.options.archenemy === true) {
        // CR 904.5: the archenemy starts at 40 life with a shuffled scheme deck.
        game.state.players[0]!.vars.life = 40;
        for (const s of ["your-puny-minds-cannot-fathom", "all-in-good-time"])
          game.createCard(s, 0, "schemeDeck");
        game.shuffle(zoneId("schemeDeck", 0));
      }
      for (let p: PlayerId = 0; p < spec.players; p++) game.draw(p, 7); // CR 103.5
      applyDayNightOption(game);
    },
    // A scenario's position: day or night as the option says (CR 726.2).
    prepareScenario: (game) => applyDayNightOption(game),
    narrate: (game, e) => narrate(game, e),
  };
}
