/**
 * Shared reads and writes of the Magic preset: characteristics with their modifiers (faces,
 * counters, "until end of turn" effects), mana pools, life, players still in the game, the stack.
 */
import { targetsOf } from "../../core/activation.js";
import { attachedStatics } from "../../core/attachments.js";
import { currentNode } from "../../core/clock.js";
import type { Game } from "../../core/game.js";
import type { Json, JsonObject } from "../../core/json.js";
import { zoneId } from "../../core/objects.js";
import { perPlayerMembershipFact } from "../../core/player-facts.js";
import type { StackEntry } from "../../core/preset.js";
import { exemptFrom } from "../../core/turn-actions.js";
import type { Cause, Duration, GameObject, PendingAbility, PlayerId } from "../../core/types.js";
import type { CardDef } from "../../core/vocabulary/schema.js";

/**
 * One object on the stack: a spell (a card in the stack zone) or an ability. CR 405. `vars` are
 * the effect's variables from casting or activating: the targets chosen then (targets.ts). An
 * activated ability (`activated`) resolves with them; a triggered one through the kernel.
 */
export type StackItem =
  | { kind: "spell"; obj: string; controller: PlayerId; vars?: JsonObject }
  | {
      kind: "ability";
      pending: PendingAbility;
      controller: PlayerId;
      label: string;
      activated?: boolean;
      vars?: JsonObject;
    };

export function stack(game: Game): StackItem[] {
  const v = game.state.vars;
  if (!Array.isArray(v.stack)) v.stack = [];
  return v.stack as unknown as StackItem[];
}

/** Triggered abilities waiting to be put on the stack the next time a player would get priority (CR 117.5). */
export function waiting(game: Game): PendingAbility[] {
  const v = game.state.vars;
  if (!Array.isArray(v.waiting)) v.waiting = [];
  return v.waiting as unknown as PendingAbility[];
}

/** CR 726: "day", "night" or null (neither). */
export function dayNight(game: Game): "day" | "night" | null {
  const d = game.state.vars.dayNight;
  return d === "day" || d === "night" ? d : null;
}

export const battlefield = (p: PlayerId): string => zoneId("battlefield", p);

const MAIN = new Set(["main1", "main2"]);

/** Sorcery timing (CR 307.1): the active player, a main phase, an empty stack. */
export function sorceryTiming(game: Game, p: PlayerId): boolean {
  const c = game.state.clock;
  return c.turn.player === p && MAIN.has(currentNode(c)) && stack(game).length === 0;
}

/** The +1/+1 and -1/-1 counters (CR 122.1a). */
export const PLUS = "+1/+1";
export const MINUS = "-1/-1";

/** A player's poison counters (CR 122.1f): public, like life (`vars.poison`). */
export function poisonOf(game: Game, p: PlayerId): number {
  return Number(game.state.players[p]!.vars.poison ?? 0);
}

export function life(game: Game, p: PlayerId): number {
  return Number(game.state.players[p]!.vars.life ?? 0);
}

export function pool(game: Game, p: PlayerId): number {
  return Number(game.state.players[p]!.vars.mana ?? 0);
}

export function setPool(game: Game, p: PlayerId, n: number): void {
  game.state.players[p]!.vars.mana = n;
}

/** Players who have not lost (CR 800.4a: a player who leaves the game takes no more turns). */
export function inGame(game: Game, p: PlayerId): boolean {
  return game.state.players[p]!.vars.lost !== true;
}

/** Players still in the game, in turn order starting with the active player (APNAP, CR 101.4). */
export function apnap(game: Game): PlayerId[] {
  const n = game.state.players.length;
  const ap = game.state.clock.turn.player;
  const out: PlayerId[] = [];
  for (let k = 0; k < n; k++) {
    const p = (ap + k) % n;
    if (inGame(game, p)) out.push(p);
  }
  return out;
}

export function liveOpponents(game: Game, p: PlayerId): PlayerId[] {
  return game.opponents(p).filter((o) => inGame(game, o));
}

/**
 * The face the object shows now: the back face of a daybound card at night (CR 726.3, 712.8); while
 * it's neither day nor night, the face it was put onto the battlefield with (`vars.transformed`).
 */
function face(game: Game, obj: GameObject): CardDef | JsonObject {
  const card = game.card(obj);
  const back = card.stats?.back as JsonObject | undefined;
  if (!back || game.state.zones[obj.zone]?.kind !== "battlefield") return card;
  const d = dayNight(game);
  return d === "night" || (d === null && obj.vars.transformed === true) ? back : card;
}

export function nameOf(game: Game, obj: GameObject): string {
  return String((face(game, obj) as { name?: Json }).name ?? game.card(obj).name);
}

/** Effects of `kind` on this object (this incarnation); none without a duration (the usual case: no scan). */
const effectsOn = (game: Game, obj: GameObject, kind: string): readonly Duration[] =>
  game.state.durations.length === 0
    ? NO_EFFECTS
    : game.effects(kind).filter((d) => {
        const t = d.effect.target;
        return t && "obj" in t && t.obj === obj.id && t.inc === obj.inc && typeof d.effect.value === "string";
      });
const NO_EFFECTS: readonly Duration[] = [];

export function keywords(game: Game, obj: GameObject): string[] {
  const f = face(game, obj) as { keywords?: Json };
  const printed = Array.isArray(f.keywords) ? (f.keywords as string[]) : [];
  const granted = effectsOn(game, obj, "keyword");
  const lost = effectsOn(game, obj, "loseKeyword");
  if (granted.length === 0 && lost.length === 0) return printed;
  // CR 613.7: gaining ("It gains haste until end of turn") and losing ("loses double strike") in
  // timestamp order, after the printed ones.
  const out = [...printed];
  for (const d of [...granted, ...lost].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)) {
    const kw = d.effect.value as string;
    if (d.effect.kind === "keyword") out.push(kw);
    else for (let i = out.indexOf(kw); i >= 0; i = out.indexOf(kw)) out.splice(i, 1);
  }
  return out;
}

export function hasKeyword(game: Game, obj: GameObject, kw: string): boolean {
  return keywords(game, obj).includes(kw);
}

/** Power or toughness after +1/+1 counters and "gets +X/+X" effects (CR 613.4). */
export function stat(game: Game, obj: GameObject, which: "power" | "toughness"): number {
  const f = face(game, obj) as { power?: Json; toughness?: Json; stats?: { toughness?: Json } };
  let n = Number(which === "power" ? (f.power ?? 0) : (f.toughness ?? f.stats?.toughness ?? 0));
  n += (obj.counters[PLUS] ?? 0) - (obj.counters[MINUS] ?? 0); // CR 122.1a
  n += which === "toughness" ? -(obj.counters["-0/-1"] ?? 0) : 0; // CR 122.1a: Wall of Roots' -0/-1 counters
  for (const d of game.effects("pump")) {
    const t = d.effect.target;
    if (t && "obj" in t && t.obj === obj.id && t.inc === obj.inc) {
      const v = d.effect.value as JsonObject | null;
      n += Number(v?.[which] ?? 0);
    }
  }
  return n + attachedGets(game, obj, which);
}

/**
 * CR 613.4c: "Enchanted / Equipped creature gets +N/+M" — the static `{ kind: attachedGets, power,
 * toughness }` of each permanent attached to it (attachments.ts).
 */
function attachedGets(game: Game, obj: GameObject, which: "power" | "toughness"): number {
  let n = 0;
  for (const r of attachedStatics(game, obj, "attachedGets")) n += Number(r.ability.static?.[which] ?? 0);
  return n;
}

export function isType(game: Game, obj: GameObject, type: string): boolean {
  return game.card(obj).types.includes(type);
}

export const phasedOut = (obj: GameObject): boolean => obj.vars.phasedOut === true;

/** Permanents a player controls that are phased in (phased-out ones are treated as though they don't exist, CR 702.26b). */
export function permanents(game: Game, p: PlayerId): GameObject[] {
  const out: GameObject[] = [];
  const objects = game.state.objects;
  for (const id of game.zone("battlefield", p).cards) {
    const o = objects[id]!;
    if (!phasedOut(o)) out.push(o);
  }
  return out;
}

export function creatures(game: Game, p: PlayerId): GameObject[] {
  return permanentsOfType(game, p, "creature");
}

/** Permanents `p` controls of a printed card type (isType), phased-in ones, in battlefield order. */
export function permanentsOfType(game: Game, p: PlayerId, type: string): GameObject[] {
  const out: GameObject[] = [];
  for (const o of ofTypeOnBattlefield(game, p, type)) if (!phasedOut(o)) out.push(o);
  return out;
}

/**
 * The objects on `p`'s battlefield of a printed card type, phased out or not: kept until a card of
 * that type enters or leaves one of `p`'s zones (Game.membershipFact), instead of looking at every
 * permanent's card each time — creatures at every step of combat, Sagas and Attractions at every
 * main phase.
 */
function ofTypeOnBattlefield(game: Game, p: PlayerId, type: string): readonly GameObject[] {
  let fact = typeFacts.get(type);
  if (fact === undefined) {
    fact = perPlayerMembershipFact(
      `magic.${type}`,
      (g, player) => {
        const out: GameObject[] = [];
        const objects = g.state.objects;
        for (const id of g.zone("battlefield", player).cards) {
          const o = objects[id]!;
          if (isType(g, o, type)) out.push(o);
        }
        return out;
      },
      (_game, card) => card.types.includes(type),
    );
    typeFacts.set(type, fact);
  }
  return fact(game, p);
}
const typeFacts = new Map<string, (game: Game, p: PlayerId) => readonly GameObject[]>();

/** Every phased-in permanent, in APNAP order of controllers. */
export function allPermanents(game: Game): GameObject[] {
  const out: GameObject[] = [];
  const objects = game.state.objects;
  for (let p = 0; p < game.state.players.length; p++)
    for (const id of game.zone("battlefield", p).cards) {
      const o = objects[id]!;
      if (!phasedOut(o)) out.push(o);
    }
  return out;
}

/**
 * CR 502.3: a permanent an effect says doesn't untap during its controller's untap step: the
 * kernel's exemptions from the turn-based action "untap" (src/core/turn-actions.ts) — a static
 * `{ kind: exempt, from: untap }` ("<this> doesn't untap during your untap step": Brass Man), an
 * effect of kind `exempt` on it or on its controller ("during its controller's next untap step":
 * Frost Breath, Sleep, Exhaustion; exert, CR 701.39). Cards written before the kernel had
 * exemptions say `{ kind: doesNotUntap }`: read as the same static on its own object.
 */
export function doesNotUntap(game: Game, obj: GameObject): boolean {
  if (exemptFrom(game, "untap", obj)) return true;
  return (
    game.rules.staticZones.has(LEGACY_DOES_NOT_UNTAP) &&
    game.staticAbilities(LEGACY_DOES_NOT_UNTAP).some((r) => r.obj.id === obj.id)
  );
}

const LEGACY_DOES_NOT_UNTAP = "doesNotUntap";

/**
 * CR 302.6: a creature can attack or {T} only if its controller has controlled it continuously
 * since their most recent turn began (or it has haste): one that came under their control during
 * that turn, or after it (on an opponent's turn), or before their first turn, is sick.
 */
export function summoningSick(game: Game, obj: GameObject): boolean {
  const since = game.state.players[obj.controller]!.lastTurn;
  const sick = since === 0 ? obj.controlledSince >= 0 : obj.controlledSince >= since;
  return sick && !hasKeyword(game, obj, "haste");
}

export function damage(obj: GameObject): number {
  return Number(obj.vars.damage ?? 0);
}

export function maxHandSize(game: Game, p: PlayerId): number | null {
  for (const d of game.effects("noMaxHandSize")) {
    const t = d.effect.target;
    if (t && "player" in t && t.player === p) return null;
  }
  return Number(game.state.options.handSize ?? 7);
}

/** Ids of the objects that are the source of something on the stack or waiting for it. */
export function sourcesOnStack(game: Game): Set<string> {
  const out = new Set<string>();
  for (const it of stack(game)) if (it.kind === "ability") out.add(it.pending.obj);
  for (const p of waiting(game)) out.add(p.obj);
  for (const p of game.state.pending) out.add(p.obj);
  return out;
}

/** The stack as the kernel's StackEntry list, bottom first (Preset.stack). */
export function stackEntries(game: Game): StackEntry[] {
  return stack(game).map((it) => {
    if (it.kind === "spell") {
      const obj = game.state.objects[it.obj]!;
      const t = targetsOf(it.vars);
      return {
        obj: it.obj,
        card: obj.card,
        name: game.rules.card(obj.card).name,
        controller: it.controller,
        ...(t.length ? { targets: t } : {}),
      };
    }
    const p = it.pending;
    const t = targetsOf(it.vars ?? p.vars);
    return {
      obj: p.obj,
      card: p.card,
      name: game.rules.card(p.card).name,
      ability: p.ability,
      controller: it.controller,
      ...(t.length ? { targets: t } : {}),
    };
  });
}

/**
 * Sacrifices a permanent: it is put into its owner's graveyard from the battlefield, so it dies
 * (CR 701.17a, 700.4): the zone change is a `dies` event, as for a creature destroyed by lethal
 * damage ("whenever a creature dies" triggers either way, CR 603.6c), then a `sacrifice` event
 * notes who sacrificed it.
 */
export function sacrifice(game: Game, obj: GameObject, cause?: Cause, data: JsonObject = {}): void {
  const controller = obj.controller;
  game.move(obj, zoneId("graveyard", obj.owner), {
    event: "dies",
    ...(cause ? { cause } : {}),
    data: { sacrificed: true, ...data },
  });
  game.emit({
    type: "sacrifice",
    player: controller,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: game.card(obj).name,
    ...(cause ? { cause } : {}),
    data,
  });
}
