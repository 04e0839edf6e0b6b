/**
 * Pendulum Monsters (Master Rule 3, the rules of the seed's time): two Pendulum Zones per player,
 * a Pendulum Monster activated there as a Spell Card (its Pendulum Scale), the Pendulum Summon
 * once per turn of monsters whose Levels lie strictly between the two Scales — from the hand and
 * face-up from the Extra Deck, to the Main Monster Zones — and the rule that a Pendulum Monster
 * that would be sent from the field to the GY is placed face-up in the Extra Deck instead.
 * Zefraath's extra Pendulum Summon is a gained effect (RULINGS YG-3.1).
 */
import type { Game } from "../../core/game.js";
import type { AbilityRef } from "../../core/limits.js";
import { zoneId } from "../../core/objects.js";
import type { Redirect, TaskHandler } from "../../core/preset.js";
import type { DecisionOption, GameObject, PlayerId, Task, ZoneState } from "../../core/types.js";
import type { CardDef } from "../../core/vocabulary/schema.js";
import { applyGranted, grantedEffects } from "./gain.js";
import { extraDeckPlaces, masterRule2020 } from "./master-rule.js";
import {
  MONSTER_ZONES,
  mainZoneMonsters,
  mainZonesFull,
  stat,
  staticOf,
  summonForbidden,
} from "./monsters.js";
import { specialSummonLimited } from "./summon-limits.js";
import { summonMove } from "./summon-negation.js";
import { controlsOnlyOne } from "./summon-procedures.js";

/** Two Pendulum Zones per player. */
export const PENDULUM_ZONES = 2;

export function isPendulum(card: CardDef): boolean {
  return card.types.includes("pendulum");
}

/** Fusion and Xyz Monsters live in the Extra Deck. */
export function isExtraDeckMonster(card: CardDef): boolean {
  return card.types.includes("xyz") || card.types.includes("fusion") || card.types.includes("link");
}

/** The archetypes a card belongs to ("Zefra", "tellarknight" …), printed in its stats. */
export function archetypesOf(game: Game, obj: GameObject): string[] {
  const a = game.characteristic(obj, "archetypes");
  return Array.isArray(a) ? a.map(String) : [];
}

export function scaleOf(game: Game, obj: GameObject): number {
  return Number(game.characteristic(obj, "scale") ?? 0);
}

/** The two Pendulum Scales of `p`, low first, or null without two cards in the Pendulum Zones. */
export function pendulumScales(game: Game, p: PlayerId): [number, number] | null {
  const cards = game.cardsIn("pendulum", p);
  if (cards.length < PENDULUM_ZONES) return null;
  const [a, b] = [scaleOf(game, cards[0]!), scaleOf(game, cards[1]!)];
  return a <= b ? [a, b] : [b, a];
}

export function freePendulumZone(game: Game, p: PlayerId): boolean {
  return game.zone("pendulum", p).cards.length < PENDULUM_ZONES;
}

/**
 * A monster's summoning condition (Zefraath: "Cannot be Normal Summoned/Set … cannot be Special
 * Summoned by other ways"): may it be summoned this way?
 */
export function summonAllowed(game: Game, obj: GameObject, how: "normal" | "special"): boolean {
  const condition = staticOf(game, obj, "summonCondition");
  if (!condition) return true;
  return how === "normal" ? condition.normalSummon !== false : condition.otherSpecialSummons !== false;
}

/**
 * Where a card really goes (Preset.redirect): an Xyz Monster's materials go to the GY whenever it
 * leaves the field; a Pendulum Monster sent from the field (Monster or Pendulum Zone) to the GY is
 * placed face-up in the Extra Deck; a Fusion or Xyz Monster sent to the hand or Deck returns to the
 * Extra Deck; in the Extra Deck, Pendulum Monsters are face-up and the others face-down.
 */
export function ygoRedirect(game: Game, obj: GameObject, to: ZoneState): Redirect | undefined {
  const card = game.card(obj);
  if (obj.underOf !== null)
    return to.kind === "graveyard" ? undefined : { to: zoneId("graveyard", obj.owner), faceDown: false };
  const from = game.state.zones[obj.zone]!.kind;
  // "If this card Summoned by its effect leaves the field, banish it" (Battle Fader): a lingering
  // effect on that card while it stays on the field, before the rule that sends Pendulum Monsters
  // to the Extra Deck.
  if (
    obj.vars.banishWhenLeaves === true &&
    from === "monster" &&
    to.kind !== "banished" &&
    to.kind !== "monster"
  )
    return { to: zoneId("banished", obj.owner), faceDown: false };
  if (to.kind === "graveyard" && isPendulum(card) && (from === "monster" || from === "pendulum"))
    return { to: zoneId("extra", obj.owner), faceDown: false };
  if ((to.kind === "hand" || to.kind === "deck") && isExtraDeckMonster(card))
    return { to: zoneId("extra", obj.owner), faceDown: true };
  if (to.kind === "extra") return { to: to.id, faceDown: !isPendulum(card) };
  return undefined;
}

/** "You cannot Pendulum Summon monsters, except X monsters" of `p`'s own Pendulum Zones: may `obj` be? */
function passesRestrictions(game: Game, p: PlayerId, obj: GameObject): boolean {
  const mine = archetypesOf(game, obj);
  return game
    .staticAbilities("pendulumSummonOnly")
    .every(
      (ref) =>
        ref.controller !== p ||
        ((ref.ability.static!.archetypes ?? []) as string[]).some((a) => mine.includes(a)),
    );
}

/**
 * Monsters `p` could Pendulum Summon now: from the hand and face-up from the Extra Deck, Level
 * strictly between the Scales, allowed by the Pendulum Zones' restrictions; with `archetype`, only
 * monsters of it (Zefraath's additional Pendulum Summon).
 */
export function pendulumCandidates(
  game: Game,
  p: PlayerId,
  archetype?: string,
  fromExtraChosen = 0,
): GameObject[] {
  const scales = pendulumScales(game, p);
  if (!scales) return [];
  const [low, high] = scales;
  // Master Rule 2020: from the Extra Deck only to an Extra Monster Zone or a linked zone.
  const extraRoom = !masterRule2020(game) || fromExtraChosen < extraDeckPlaces(game, p).length;
  const fromExtra = extraRoom
    ? game.cardsIn("extra", p).filter((o) => !o.faceDown && isPendulum(game.card(o)))
    : [];
  return [...game.cardsIn("hand", p), ...fromExtra].filter((obj) => {
    if (!game.card(obj).types.includes("monster")) return false;
    const level = stat(game, obj, "level");
    if (level <= low || level >= high) return false;
    if (archetype !== undefined && !archetypesOf(game, obj).includes(archetype)) return false;
    return (
      summonAllowed(game, obj, "special") &&
      !summonForbidden(game, obj) &&
      !specialSummonLimited(game, obj, p) &&
      !controlsOnlyOne(game, p, obj) &&
      passesRestrictions(game, p, obj)
    );
  });
}

/** Main Phase options: the Pendulum Summon of the turn, and each additional one gained (YG-3.1). */
export function pendulumSummonOptions(game: Game, p: PlayerId): DecisionOption[] {
  if (mainZonesFull(game, p)) return [];
  const out: DecisionOption[] = [];
  const now = game.state.clock.turn.id;
  if (game.state.players[p]!.vars.pendulumSummonTurn !== now && pendulumCandidates(game, p).length > 0)
    out.push({ id: "pendulum", label: "Pendulum Summon" });
  for (const ref of grantedEffects(game, p, "extraPendulumSummon")) {
    const archetype = String(ref.ability.static!.archetype);
    if (pendulumCandidates(game, p, archetype).length > 0)
      out.push({
        id: `pendulum:${game.ref(ref.obj)}:${ref.ability.id}`,
        label: `Pendulum Summon "${archetype}" monsters in addition (${ref.card.name})`,
      });
  }
  return out;
}

/** The gained effect an additional Pendulum Summon applies (Zefraath's). */
function grantedRef(game: Game, task: Task): AbilityRef {
  const g = task.granted as { obj: string; ability: string };
  return game.abilityRef(g.obj, g.ability);
}

interface Pick {
  id: string;
  pos: "atk" | "def";
}

/**
 * A Pendulum Summon: the monsters are chosen one at a time, each in face-up Attack or Defense
 * Position, up to the free Main Monster Zones; then they are Special Summoned together (events
 * `pendulumSummon`, whose triggers go on one chain). It starts no chain and is once per turn.
 */
export const pendulumSummon: TaskHandler = (game, task) => {
  const p = game.state.clock.turn.player;
  const chosen = task.chosen as unknown as Pick[];
  const archetype = task.granted ? String(grantedRef(game, task).ability.static!.archetype) : undefined;
  if (task.answer) {
    const id = task.answer.id;
    task.answer = undefined;
    if (id === "done") {
      finish(game, task, p, chosen);
      return;
    }
    const [, obj, pos] = id.split(":") as [string, string, "atk" | "def"];
    chosen.push({ id: game.obj(obj).id, pos });
    if (chosen.length >= MONSTER_ZONES - mainZoneMonsters(game, p).length) {
      finish(game, task, p, chosen); // every free Main Monster Zone is taken
      return;
    }
  }
  const taken = new Set(chosen.map((c) => c.id));
  const fromExtraChosen = chosen.filter(
    (c) => game.state.zones[game.obj(c.id).zone]!.kind === "extra",
  ).length;
  // "You can only Special Summon X once per turn": one of that name in a Pendulum Summon.
  const along = chosen.map((c) => game.obj(c.id));
  const candidates = pendulumCandidates(game, p, archetype, fromExtraChosen).filter(
    (o) => !taken.has(o.id) && !specialSummonLimited(game, o, p, along),
  );
  // With monsters chosen, the player says when they are done even if nothing else could come:
  // ending by itself would tell the opponent that the hand holds no other candidate.
  const leaky = game.state.options.leakyFastPath === true;
  if (candidates.length === 0 && (chosen.length === 0 || leaky)) {
    finish(game, task, p, chosen);
    return;
  }
  const options: DecisionOption[] = [];
  for (const o of candidates) {
    const name = game.card(o).name;
    const where = game.state.zones[o.zone]!.kind === "hand" ? "hand" : "Extra Deck";
    options.push({ id: `pick:${game.ref(o)}:atk`, label: `${name} (${where}) in Attack Position` });
    options.push({ id: `pick:${game.ref(o)}:def`, label: `${name} (${where}) in Defense Position` });
  }
  if (chosen.length > 0) options.push({ id: "done", label: "Pendulum Summon the chosen monsters" });
  game.ask({
    player: p,
    kind: "pendulumSummon",
    prompt: `Pendulum Summon: choose a monster (${chosen.length} chosen)`,
    // Monsters chosen from the hand stay hidden until they are summoned.
    private: true,
    publicPrompt: `${game.playerName(p)} chooses monsters to Pendulum Summon`,
    options,
  });
};

function finish(game: Game, task: Task, p: PlayerId, chosen: Pick[]): void {
  game.popTask(task);
  const now = game.state.clock.turn.id;
  // An additional Pendulum Summon applies the gained effect: the shared bucket is used now.
  if (task.granted) applyGranted(game, grantedRef(game, task), p);
  else game.state.players[p]!.vars.pendulumSummonTurn = now;
  // Master Rule 2020: those from the Extra Deck take the Extra Monster Zone and the linked zones.
  const places = masterRule2020(game) ? extraDeckPlaces(game, p) : [];
  for (const { id, pos } of chosen) {
    const obj = game.obj(id);
    const place = game.state.zones[obj.zone]!.kind === "extra" ? places.shift() : undefined;
    // A Special Summon that starts no chain: Solemn Strike may negate it (summon-negation.ts).
    summonMove(game, obj, p, "pendulumSummon", {
      data: { position: pos },
      ...(place !== undefined ? { place } : {}),
    });
    obj.vars.pos = pos;
    obj.vars.summonedTurn = now;
  }
}
