/**
 * Day and night (CR 726) beyond the untap-step check (tba.ts): the designation chosen in setup
 * (option `dayNight`, for a game or scenario that starts where it already became day or night),
 * CR 726.2 while it's neither — a daybound permanent on the battlefield makes it day, a nightbound
 * one (put there transformed) night, the daybound half first: if both appear at once, it becomes
 * day —, "if it's neither day nor night, it becomes day as <this> enters the battlefield" (The
 * Celestus, Brimstone Vandal: `stats.dayAsEnters`), checked with them before anyone receives
 * priority (a permanent of this kind on the battlefield while it's neither can only have just
 * entered, since it never becomes neither again), and effects that make it day or night (The
 * Celestus: the op `setDayNight`).
 */
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import type { OpHandler } from "../../core/script.js";
import type { GameObject } from "../../core/types.js";
import type { CardDef } from "../../core/vocabulary/schema.js";
import { dayNight, keywords, nameOf, phasedOut } from "./state.js";

export const DAY_NIGHT_VALUES = ["neither", "day", "night"] as const;

/** The setup's day/night designation (option `dayNight`; "neither" by default, CR 726.2). */
export function applyDayNightOption(game: Game): void {
  const d = game.state.options.dayNight;
  if (d === "day" || d === "night") game.state.vars.dayNight = d;
}

/**
 * CR 726.2, while it's neither day nor night: a daybound permanent on the battlefield makes it day;
 * else one that makes it day as it enters (`stats.dayAsEnters`, below); else a nightbound one (put
 * there transformed) makes it night. One look at each permanent's keywords for all three (they are
 * checked whenever state-based actions are, in every game that never had day or night). Returns
 * whether it became day or night.
 */
export function dayOrNightFromPermanents(game: Game, perms: readonly GameObject[]): boolean {
  if (dayNight(game) !== null) return false;
  let entering = false;
  let nightbound = false;
  // Only these permanents can: the cards that are daybound, nightbound or day-making — unless an
  // effect gives a permanent one of those keywords, when every permanent is looked at.
  const candidates = keywordGranted(game) ? perms : dayNightPermanents(game);
  for (const o of candidates) {
    if (phasedOut(o)) continue; // CR 702.26b (`perms` holds only phased-in permanents)
    const kw = keywords(game, o);
    if (kw.includes("daybound")) {
      game.state.vars.dayNight = "day";
      game.emit({
        type: "dayNight",
        data: { now: "day", was: null, reason: "a daybound permanent is on the battlefield" },
      });
      return true;
    }
    if (!entering && game.card(o).stats?.dayAsEnters === true) entering = true;
    if (!nightbound && kw.includes("nightbound")) nightbound = true;
  }
  if (entering)
    return becomeDayOrNight(game, "day", { reason: "a permanent entered the battlefield that makes it day" });
  if (!nightbound) return false;
  game.state.vars.dayNight = "night";
  game.emit({
    type: "dayNight",
    data: { now: "night", was: null, reason: "a nightbound permanent is on the battlefield" },
  });
  return true;
}

const DAY_NIGHT_KEYWORDS = ["daybound", "nightbound"];
const hasDayNightKeyword = (face: { keywords?: unknown } | undefined): boolean =>
  Array.isArray(face?.keywords) && face.keywords.some((k) => DAY_NIGHT_KEYWORDS.includes(k as string));

/** Could a permanent of this card make it day or night: daybound or nightbound on either face, or day-making. */
const dayNightCardCache = new WeakMap<CardDef, boolean>();
function dayNightCard(card: CardDef): boolean {
  let is = dayNightCardCache.get(card);
  if (is === undefined) {
    is =
      hasDayNightKeyword(card) ||
      hasDayNightKeyword(card.stats?.back as { keywords?: unknown } | undefined) ||
      card.stats?.dayAsEnters === true;
    dayNightCardCache.set(card, is);
  }
  return is;
}

/** The permanents of such cards (phased out or not), kept until one enters or leaves the battlefield. */
function dayNightPermanents(game: Game): readonly GameObject[] {
  return game.membershipFact(
    DAY_NIGHT_FACT,
    () => {
      const out: GameObject[] = [];
      for (const p of game.state.players)
        for (const id of game.zone("battlefield", p.id).cards) {
          const o = game.state.objects[id]!;
          if (dayNightCard(game.card(o))) out.push(o);
        }
      return out;
    },
    (_game, card) => dayNightCard(card),
  );
}
const DAY_NIGHT_FACT = "magic.dayNightPermanents";

/** Does an effect give some permanent daybound or nightbound now? */
function keywordGranted(game: Game): boolean {
  if (game.state.durations.length === 0) return false;
  for (const d of game.effects("keyword"))
    if (DAY_NIGHT_KEYWORDS.includes(d.effect.value as string)) return true;
  return false;
}

/**
 * It becomes day or night (CR 726.3b): daybound and nightbound permanents transform as it changes
 * (the same objects, CR 712.18). `dayNight` events name what it was (`was: null` from neither,
 * which is not "day becomes night": no "whenever day becomes night" trigger, CR 726.2).
 */
export function becomeDayOrNight(game: Game, next: "day" | "night", data: JsonObject = {}): boolean {
  const was = dayNight(game);
  if (was === next) return false;
  game.state.vars.dayNight = next;
  game.emit({ type: "dayNight", data: { now: next, was, ...data } });
  if (was === null) return true;
  for (const o of game.zonesOf("battlefield").flatMap((z) => z.cards.map((id) => game.obj(id))))
    if (game.card(o).stats?.back)
      game.emit({
        type: "transform",
        player: o.controller,
        obj: o.id,
        name: nameOf(game, o),
        data: { face: next === "night" ? "back" : "front" },
      });
  return true;
}

/** "If it's night, it becomes day. Otherwise, it becomes night." (The Celestus, CR 726.3b.) */
export const setDayNightOp: OpHandler = {
  doc: 'It becomes day or night (CR 726): `to: toggle` — "if it\'s night, it becomes day; otherwise, it becomes night" —, `day` or `night`. Daybound and nightbound permanents transform; "whenever day becomes night or night becomes day" triggers on the `dayNight` event when it was day or night before.',
  args: {
    to: {
      type: "string",
      default: "toggle",
      values: ["toggle", "day", "night"],
      doc: "What it becomes.",
    },
  },
  run(game, op, frame) {
    const to = op.to ?? "toggle";
    const next =
      to === "toggle" ? (dayNight(game) === "night" ? "day" : "night") : to === "day" ? "day" : "night";
    const src = frame.ctx.card ? game.rules.card(frame.ctx.card).name : undefined;
    becomeDayOrNight(game, next, src ? { source: src } : {});
    return "next";
  },
};
