/**
 * Duel Masters presets: `duelMasters()` (the paper game, General Game Rules 1.20) and
 * `duelMastersPlay()` (Duel Masters Play's). The turn is data (turn.ts), the game's actions are
 * small named tasks (game.ts), the cards are data (cards.ts).
 */
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { zoneId } from "../../core/objects.js";
import type { Preset } from "../../core/preset.js";
import { pendingStack } from "../../core/triggers.js";
import type { LogEntry } from "../../core/types.js";
import { madeOnce } from "../deck-building.js";
import { dmActivation, dmConditionLabels } from "./activation.js";
import { breakCards } from "./break-cards.js";
import { breakOps } from "./breaks.js";
import { dmCards, sampleDecks } from "./cards.js";
import { chargeLimits, chargeRefusal } from "./charge.js";
import {
  dmDeckRules,
  GR_CARDS,
  PSYCHIC_CARDS,
  playsSampleDecks,
  randomDecks,
  startingZone,
} from "./decks.js";
import { evolutionOps } from "./evolution-ops.js";
import { attackState, crossedTo, deckOutCheck, dmTasks, extraWinCheck, noteShieldToHand } from "./game.js";
import { keywordCards } from "./keyword-cards.js";
import {
  commandUnsealCheck,
  isSealed,
  keywordConditions,
  keywordOps,
  noteCommandEntering,
  sealsStayBehind,
  sealTasks,
} from "./keywords.js";
import { civilizationsOf } from "./mana.js";
import { dmOps } from "./ops.js";
import { paperNoteCards, playsNoteCards } from "./plays-note-cards.js";
import {
  keepUsableMana,
  playsDeckRules,
  playsOptions,
  zoneLimitProblems,
  zoneLimitRedirect,
} from "./plays-rules.js";
import { playsCards, seedCards } from "./seed-cards.js";
import { starCards } from "./star-cards.js";
import { timeCards } from "./time-cards.js";
import { dmTurn } from "./turn.js";
import { turnRuleCards } from "./turn-cards.js";
import { dmCardFields, dmEffectKinds, dmEvents, dmStatFields } from "./vocabulary.js";

/** The sample decks a game is dealt when it is given none, made once. */
const sampleDeckLists = madeOnce(sampleDecks);
const playsSampleDeckLists = madeOnce(playsSampleDecks);

function narrate(game: Game, e: LogEntry): string | null {
  const who = e.player === undefined ? "" : game.playerName(e.player);
  const d = e.data ?? {};
  switch (e.type) {
    case "untapStep":
      return `${who} untaps their creatures and mana (${d.untapped} card${d.untapped === 1 ? "" : "s"}).`;
    case "move":
      if (d.charge) return `${who} charges ${e.name} into their mana zone.`;
      if (d.how === "revolutionChange") return `${who} swaps in ${e.name} by Revolution Change.`;
      return null;
    case "summon":
      return d.how === "shieldTrigger"
        ? `${who} summons ${e.name} with Shield Trigger.`
        : `${who} summons ${e.name}.`;
    case "cast":
      return d.how === "shieldTrigger"
        ? `${who} casts ${e.name} with Shield Trigger.`
        : `${who} casts ${e.name}.`;
    case "attack":
      return `${e.name} attacks ${d.target ? game.card(game.obj(String(d.target))).name : game.playerName(game.opponents(e.player!)[0]!)}.`;
    case "block":
      return `${who} blocks with ${e.name}.`;
    case "battle":
      return `Battle: ${e.name} (${d.power}) against ${d.againstName} (${d.againstPower}).`;
    case "destroy":
      return `${e.name} is destroyed.`;
    case "break": {
      // The cause names what broke it (an attacker's action, or an effect's source); the shield
      // itself is named only to those who see it (its owner).
      const by = e.cause?.name ? ` by ${e.cause.name}${e.cause.kind === "effect" ? "'s ability" : ""}` : "";
      // Play's: a full hand has no room for it (zoneLimit, told just before).
      const where = e.to === "graveyard" ? " and goes to the graveyard" : "";
      return `A shield of ${who} is broken${by}${e.name ? ` (${e.name})` : ""}${where}.`;
    }
    case "draw": {
      // Play's: drawn into a full hand, the card goes to the graveyard (zoneLimit, told just before).
      if (e.to !== "graveyard") return null;
      return `${who} draws ${e.name ?? "a card"}, which goes to the graveyard.`;
    }
    case "tap":
    case "untap": {
      // Taps and untaps by an effect are told (attacks, blocks, mana and the untap step tell
      // themselves; `broke` and `blocked` are told by the break and the block: null, unsaid).
      if (e.cause?.kind !== "effect") return null;
      const by = e.cause.name ? ` (${e.cause.name})` : "";
      return `${e.name ?? "A card"} becomes ${e.type === "tap" ? "tapped" : "untapped"}${by}.`;
    }
    case "deploy":
      return `${who} puts ${e.name} into the battle zone.`;
    case "cross":
      return `${who} crosses ${e.name} to ${d.toName}.`;
    case "seal":
      return `${e.name} is sealed instead of leaving the battle zone.`;
    case "flip":
      return `${who} turns ${e.name} upside down.`;
    case "awaken":
      return `${d.fromName} awakens into ${e.name}.`;
    case "release":
      return `${d.fromName} is released back to ${e.name} instead of leaving.`;
    case "proposal":
      return `${who} proposes to ${game.playerName(Number(d.to))}, who says ${d.accepted ? "yes" : "no"}.`;
    case "lapsed":
      return `${e.name}'s ability (${who}) lapses without resolving: the rest of the turn is skipped${d.by ? ` (${d.by})` : ""}.`;
    case "zoneLimit": {
      const zone =
        { hand: "hand", shield: "shield zone", battle: "battle zone" }[String(d.zone)] ?? String(d.zone);
      return `${who}'s ${zone} is full (${d.limit}): the card goes to the ${d.to === "graveyard" ? "graveyard" : String(d.to)} instead.`;
    }
    case "discard":
      return `${who} discards ${e.name ?? "a card"}.`;
    case "uncover":
      return `${e.name} stays in the battle zone, now on top.`;
    case "unseal":
      return `${e.name}, a seal, goes to the graveyard${d.commandName ? ` (${d.commandName} entered)` : ""}.`;
    case "decline":
      // A Shield Trigger or G-Strike not used; other declines in the kernel's words.
      if (d.ability === "shieldTrigger") return `${who} does not use ${e.name}'s Shield Trigger.`;
      if (d.ability === "gStrike") return `${who} does not use ${e.name}'s G-Strike.`;
      return null;
    case "lossPrevented":
      return `${who} does not lose the game.`;
    case "shield":
      // The five shields of the set-up go unsaid.
      return d.shieldTop ? `${who} puts the top card of their deck into their shield zone.` : "";
    default:
      return null;
  }
}

function makePreset(id: string, name: string, play: boolean): Preset {
  const cards = play
    ? [
        ...dmCards,
        ...seedCards,
        ...keywordCards,
        ...starCards,
        ...paperNoteCards,
        ...turnRuleCards,
        ...timeCards,
        ...breakCards,
        ...playsCards,
        ...playsNoteCards,
      ]
    : [
        ...dmCards,
        ...seedCards,
        ...keywordCards,
        ...starCards,
        ...paperNoteCards,
        ...turnRuleCards,
        ...timeCards,
        ...breakCards,
      ];
  return {
    id,
    name,
    players: { min: 2, max: 2 },
    cardFields: dmCardFields,
    statFields: dmStatFields,
    events: dmEvents,
    effectKinds: dmEffectKinds,
    zones: [
      { kind: "deck", label: "deck", perPlayer: true, visibility: "hidden" },
      { kind: "hand", label: "hand", perPlayer: true, visibility: "owner" },
      { kind: "mana", label: "mana zone", perPlayer: true, visibility: "public" },
      { kind: "battle", label: "battle zone", perPlayer: true, visibility: "public", inPlay: true },
      { kind: "shield", label: "shield zone", perPlayer: true, visibility: "public" },
      { kind: "graveyard", label: "graveyard", perPlayer: true, visibility: "public" },
      { kind: "resolving", label: "resolving spells", perPlayer: false, visibility: "public" },
      { kind: "superGR", label: "super GR zone", perPlayer: true, visibility: "hidden", ownDeck: GR_CARDS },
      // Psychic creatures wait face up outside the deck (DM hyperspatial zone).
      {
        kind: "hyperspatial",
        label: "hyperspatial zone",
        perPlayer: true,
        visibility: "public",
        ownDeck: PSYCHIC_CARDS,
      },
    ],
    // Play's has its own rules as options (plays-rules.ts) and only the current turn order: the rules
    // version before 2017 is the paper game's history (DM-T14).
    options: play
      ? playsOptions
      : {
          rulesVersion: {
            description:
              'Turn order of draw and charge: "2017" (draw, then charge) or "pre2017" (charge, then draw), RULINGS DM-T14',
            default: "2017",
            values: ["2017", "pre2017"],
            fuzz: true,
          },
        },
    turn: dmTurn,
    tasks: { ...dmTasks, ...sealTasks },
    cards,
    ops: { ...dmOps, ...keywordOps, ...evolutionOps, ...breakOps },
    // DM 503.2: one mana charge a turn, which continuous effects change (charge.ts).
    actionLimits: chargeLimits,
    refusal: (game, d, choice) => chargeRefusal(game, d, choice),
    // Pending abilities, then the Shield Trigger window for shields their effects put into a hand.
    checkpoint: "dm.checkpoint",
    // Every move asks it. Play's zone limits send a card that would go over one to the graveyard
    // instead (plays-rules.ts); then, where the card really goes, it notes shields put into a hand
    // (or, in Play's, into a full hand's place), whatever put them there (DM S・トリガー, S・バック),
    // for the next Shield Trigger window, seals left behind and commands entering.
    redirect(game, obj, to) {
      const instead = play ? zoneLimitRedirect(game, obj, to) : undefined;
      const dest = instead ? game.state.zones[instead.to]! : to;
      noteShieldToHand(game, obj, to, instead !== undefined);
      sealsStayBehind(game, obj, dest);
      noteCommandEntering(game, obj, dest);
      if (play) keepUsableMana(game, obj, dest);
      return instead;
    },
    // DM 封印: "クリーチャーが封印されている間、両プレイヤーはそのクリーチャーを無視する" — a sealed creature is
    // ignored: no selector finds it (it can't be chosen, isn't counted, "all creatures" skip it) and
    // its abilities don't work (the kernel's Preset.exists).
    exists: (game, obj) => !(isSealed(game, obj) && game.state.zones[obj.zone]?.kind === "battle"),
    stack: pendingStack,
    // Extra Win before the empty-deck loss (DM 104.2c), then a command entering removes a seal (DM Seals).
    stateChecks: [extraWinCheck, deckOutCheck, commandUnsealCheck],
    // Legal activation: timing, zones and the game's own reasons for declared abilities (activation.ts).
    activation: dmActivation,
    conditionLabels: dmConditionLabels,
    conditions: {
      ...keywordConditions,
      // DM 500.6: the player who plays first skips the draw step of their first turn.
      firstPlayersFirstTurn: (game) => game.state.clock.turn.id === 1,
      creatureBattles: (game) => {
        const a = attackState(game);
        if (!a) return false;
        const inBattle = (id: string | null) =>
          !!id && game.state.zones[game.state.objects[id]?.zone ?? ""]?.kind === "battle";
        return inBattle(a.attacker) && inBattle(a.blocker ?? a.target);
      },
      playerAttacked: (game) => {
        const a = attackState(game);
        if (!a || a.blocker || a.target) return false;
        return game.state.zones[game.obj(a.attacker).zone]!.kind === "battle";
      },
    },
    narrate: (game, e) => narrate(game, e),
    // Power as modified by continuous effects of kind "power" on this incarnation.
    characteristic(game, obj, field, printed) {
      // "Dragon" is a race category: every race whose name has Dragon in it.
      if (field === "dragon")
        return ((game.card(obj).races ?? []) as string[]).some((r) => r.includes("Dragon"));
      // Name and race categories (DM 名前カテゴリ, 種族カテゴリ): the words of the name and races.
      if (field === "nameWords") return game.card(obj).name.split(/[\s.]+/);
      if (field === "knightOrShieldTrigger")
        return (
          ((game.card(obj).races ?? []) as string[]).includes("Knight") ||
          ((game.card(obj).keywords ?? []) as string[]).includes("shieldTrigger")
        );
      if (field === "nameJaChars") return [...String(game.card(obj).nameJa ?? "")];
      // DM ∞: a cost of ∞ is more than any number (never paid, never "N or less").
      if (field === "cost" && game.card(obj).infiniteCost === true) return Number.POSITIVE_INFINITY;
      if (field === "raceWords")
        return ((game.card(obj).races ?? []) as string[]).flatMap((r) => r.split(" "));
      if (field !== "power" || typeof printed !== "number") return printed;
      let power = printed;
      // "While attacking, +N for each <civilization> card in your graveyard" (Bolshack Dragon).
      const per = game.card(obj).stats?.attackingPowerPerGraveyardCard as JsonObject | undefined;
      if (per && attackState(game)?.attacker === obj.id)
        power +=
          Number(per.by) *
          game
            .cardsIn("graveyard", obj.controller)
            .filter((o) => civilizationsOf(game, o).includes(String(per.civilization))).length;
      // Cross Gears crossed to this creature add their power.
      for (const gear of game.cardsIn("battle", obj.controller))
        if (game.card(gear).types.includes("crossGear") && crossedTo(game, gear) === obj)
          power += Number(game.card(gear).stats?.powerBonus ?? 0);
      for (const d of game.effects("power")) {
        const t = d.effect.target;
        if (t && "obj" in t && t.obj === obj.id && t.inc === obj.inc) power += Number(d.effect.value);
      }
      return power;
    },
    deckRules: play ? playsDeckRules(dmDeckRules) : dmDeckRules,
    randomDecks: (players, pick) =>
      randomDecks(cards, players, pick, play ? playsDeckRules(dmDeckRules) : dmDeckRules),
    // Checked by the fuzzer after every action: no Play's zone holds more than its limit.
    ...(play ? { invariants: [{ id: "playsZoneLimits", check: zoneLimitProblems }] } : {}),
    setup(game, spec) {
      const decks = spec.decks ?? (play ? playsSampleDeckLists() : sampleDeckLists());
      for (let p = 0; p < spec.players; p++) {
        // Psychic creatures start in the hyperspatial zone, GR creatures in the super GR zone.
        for (const card of decks[p % decks.length]!)
          game.createCard(card, p, startingZone(game.rules.card(card)));
        game.shuffle(zoneId("deck", p));
        if (game.zone("superGR", p).cards.length > 1) game.shuffle(zoneId("superGR", p));
        // Five shields face-down from the top of the deck, then a five-card hand.
        for (let i = 0; i < 5; i++) {
          const deck = game.zone("deck", p).cards;
          const top = deck.length > 0 ? game.state.objects[deck[deck.length - 1]!] : undefined;
          if (!top) break; // a deck too small is refused before the setup (deckRules); never a TypeError
          game.move(top, zoneId("shield", p), { event: "shield", faceDown: true });
        }
        game.draw(p, 5);
      }
    },
  };
}

/** The paper Duel Masters game. */
export function duelMasters(): Preset {
  return makePreset("duel-masters", "Duel Masters (General Game Rules 1.20)", false);
}

/** Duel Masters Play's: the digital game's rules on the same turn. */
export function duelMastersPlay(): Preset {
  return makePreset("duel-masters-play", "Duel Masters Play's", true);
}
