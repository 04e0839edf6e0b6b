/**
 * Turn-based actions (CR 703) of the beginning phase, the precombat main phase and the ending
 * phase. Each is an onBegin/onEnd task of its turn node, so it happens before state-based
 * actions, triggers and priority (CR 703.3; RULINGS MT-1, MT-2).
 */
import { expireDurations } from "../../core/durations.js";
import type { Game } from "../../core/game.js";
import { plural } from "../../core/labels.js";
import { addCounters, setTapped, zoneId } from "../../core/objects.js";
import { nextInt } from "../../core/rng.js";
import type { Task } from "../../core/types.js";
import { becomeDayOrNight } from "./day-night.js";
import { emptyManaPools } from "./mana.js";
import { drawCards } from "./ops.js";
import { untapStepPhasing } from "./phasing.js";
import { LORE } from "./sagas.js";
import { dayNight, doesNotUntap, maxHandSize, permanents, permanentsOfType, waiting } from "./state.js";

type Handler = (game: Game, task: Task) => void;

/**
 * CR 703.4a: the active player's phasing permanents phase out, those phased out under them phase
 * in, simultaneously; attachments phase with their host (CR 702.26g, phasing.ts). CR 702.26d:
 * phasing doesn't change zones: the object keeps its identity (no new incarnation).
 */
const phasing: Handler = (game, task) => {
  game.popTask(task);
  untapStepPhasing(game, game.state.clock.turn.player);
};

/** CR 703.4b, 726.3a: day becomes night if the previous turn's active player cast no spells; night becomes day if they cast two or more. */
const dayNightCheck: Handler = (game, task) => {
  game.popTask(task);
  const now = dayNight(game);
  if (now === null) return; // neither: no check (MT-4)
  const v = game.state.vars;
  const prev = game.state.clock.turn.id - 1;
  const casts = v.apCastsTurn === prev ? Number(v.apCasts ?? 0) : 0;
  const next = now === "day" && casts === 0 ? "night" : now === "night" && casts >= 2 ? "day" : now;
  game.emit({ type: "dayNightCheck", data: { was: now, now: next, spellsLastTurn: casts } });
  // CR 726.3b: daybound/nightbound permanents transform as it changes (no new object, CR 712.18).
  becomeDayOrNight(game, next);
};

/**
 * CR 703.4c, 502.3: the active player untaps all their permanents, simultaneously — except those
 * an effect says don't untap during their controller's untap step (the kernel's exemptions,
 * state.ts `doesNotUntap`).
 */
const untap: Handler = (game, task) => {
  game.popTask(task);
  const ap = game.state.clock.turn.player;
  let n = 0;
  // Simultaneously (one event of the rules), each permanent's own untap event (cause: this rule).
  game.simultaneously(() => {
    for (const o of permanents(game, ap))
      if (o.tapped && !doesNotUntap(game, o)) {
        setTapped(game, o, false, UNTAP_STEP);
        n++;
      }
  });
  game.emit({ type: "untapAll", player: ap, data: { n } });
};

const UNTAP_STEP = { kind: "rule", rule: "untap" } as const;

/** CR 703.4d: the active player draws a card; drawing from an empty library loses at the next check (CR 704.5b). */
const draw: Handler = (game, task) => {
  game.popTask(task);
  drawCards(game, game.state.clock.turn.player, 1);
};

/** CR 703.4e: Archenemy: the archenemy sets the top scheme of their scheme deck in motion. */
const scheme: Handler = (game, task) => {
  game.popTask(task);
  const ap = game.state.clock.turn.player;
  if (game.state.options.archenemy !== true || ap !== 0) return;
  if (game.state.vars.noSchemesTurn === game.state.clock.turn.id) return;
  const deck = game.zone("schemeDeck", ap);
  const top = deck.cards[deck.cards.length - 1];
  if (top === undefined) return;
  const obj = game.obj(top);
  game.move(obj, zoneId("command", ap), { event: "turnFaceUp" });
  game.emit({
    type: "setInMotion",
    player: ap,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: game.card(obj).name,
  });
};

/**
 * CR 703.4f, 714.3b: the active player puts a lore counter on each Saga they control, at once (one
 * batch): `counter` events caused by this turn-based action, which trigger chapters (sagas.ts).
 */
const lore: Handler = (game, task) => {
  game.popTask(task);
  const ap = game.state.clock.turn.player;
  for (const o of permanentsOfType(game, ap, "saga"))
    addCounters(game, o, LORE, 1, { kind: "rule", rule: "lore", player: ap });
};

/** CR 703.4g, 701.50: if the active player controls an Attraction, they roll to visit their Attractions. */
const rollToVisit: Handler = (game, task) => {
  game.popTask(task);
  const ap = game.state.clock.turn.player;
  const attractions = permanentsOfType(game, ap, "attraction");
  if (attractions.length === 0) return;
  const value = nextInt(game.state.rng, 6) + 1;
  game.emit({ type: "rollToVisit", player: ap, data: { value } });
  for (const o of attractions) {
    const lights = (game.card(o).stats?.lights as number[] | undefined) ?? [];
    if (lights.includes(value))
      game.emit({
        type: "visit",
        player: ap,
        obj: o.id,
        inc: o.inc,
        card: o.card,
        name: game.card(o).name,
        data: { value },
      });
  }
};

/** CR 703.4q: the active player discards down to their maximum hand size. */
const discardToHandSize: Handler = (game, task) => {
  const ap = game.state.clock.turn.player;
  const hand = game.cardsIn("hand", ap);
  const max = maxHandSize(game, ap);
  if (task.answer) {
    const id = task.answer.id.slice(8);
    task.answer = undefined;
    game.move(game.obj(id), zoneId("graveyard", ap), { event: "discard", data: { handSize: true } });
    return;
  }
  if (max === null || hand.length <= max) {
    game.popTask(task);
    return;
  }
  game.ask({
    player: ap,
    kind: "discard",
    prompt: `Discard down to ${plural(max, "card")} (${hand.length} in hand)`,
    publicPrompt: `${game.playerName(ap)} discards down to ${plural(max, "card")}`,
    private: true,
    options: hand.map((o) => ({ id: `discard:${game.ref(o)}`, label: game.card(o).name })),
  });
};

/** CR 703.4r, 514.2: damage wears off and "until end of turn" / "this turn" effects end, simultaneously. */
const cleanupDamage: Handler = (game, task) => {
  game.popTask(task);
  let n = 0;
  for (const z of game.zonesOf("battlefield"))
    for (const id of z.cards) {
      const o = game.obj(id);
      if (o.vars.damage !== undefined) {
        delete o.vars.damage;
        n++;
      }
    }
  game.emit({ type: "cleanup", player: game.state.clock.turn.player, data: { damageRemovedFrom: n } });
  expireDurations(game, { at: "tag", tag: "endOfTurn" });
  // CR 514.2: effects written with the kernel's "this turn" expiry (`until` op, `expires: turn`,
  // the default) are Magic's "until end of turn" / "this turn" effects: they end here too, not
  // after the turn (so not during a cleanup step's priority, CR 514.3a).
  expireDurations(game, { at: "turnEnd", turn: game.state.clock.turn.id });
};

/**
 * CR 514.3, 514.3a: normally no player gets priority in cleanup; if state-based actions were
 * performed or abilities triggered, they happen, players get priority, and another cleanup
 * step follows (the node's repeatWhile).
 */
const cleanupCheck: Handler = (game, task) => {
  if (task.stage === "priority") {
    game.popTask(task);
    return;
  }
  const sba = game.checkState(); // CR 514.3: state-based actions are checked though nobody gets priority
  const triggered = waiting(game).length + game.state.pending.length > 0;
  game.state.vars.cleanupAgain = sba || triggered;
  if (!sba && !triggered) {
    game.popTask(task);
    return;
  }
  game.emit({ type: "cleanupPriority", player: game.state.clock.turn.player, data: { sba, triggered } });
  task.stage = "priority";
  if (game.state.result) return;
  game.pushTask({ t: "mtg.priority", node: task.node });
};

const emptyMana: Handler = (game, task) => {
  game.popTask(task);
  emptyManaPools(game, String(task.node));
};

export const tbaTasks: Record<string, Handler> = {
  "mtg.phasing": phasing,
  "mtg.dayNight": dayNightCheck,
  "mtg.untap": untap,
  "mtg.draw": draw,
  "mtg.scheme": scheme,
  "mtg.lore": lore,
  "mtg.rollToVisit": rollToVisit,
  "mtg.discardToHandSize": discardToHandSize,
  "mtg.cleanupDamage": cleanupDamage,
  "mtg.cleanupCheck": cleanupCheck,
  "mtg.emptyMana": emptyMana,
};
