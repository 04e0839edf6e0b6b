/**
 * YG Summon: negating a Summon. A Summon that starts no chain (a Normal or Tribute Summon, a Flip
 * Summon, a Special Summon by a procedure: Xyz, Pendulum, from the hand, Zefraath's) first places the
 * monster "being Summoned" (event `summoning`); then only Counter Traps (Spell Speed 3) may be
 * activated in response (Solemn Judgment, Solemn Strike: condition `summoning`). If one negates the
 * Summon, the monster is destroyed and never was Summoned: no `normalSummon`/`specialSummon` event,
 * so no "when … Summoned" trigger and no Summon counted; the Normal Summon of the turn stays used.
 * Otherwise, once that response window closes, the Summon happens (its event is emitted).
 */
import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import type { JsonObject } from "../../core/json.js";
import { turnFaceUp, zoneId } from "../../core/objects.js";
import type { TaskHandler } from "../../core/preset.js";
import type { GameObject, PlayerId } from "../../core/types.js";
import { grantEffect } from "./gain.js";
import { specialSummoned } from "./summon-limits.js";

/** A Summon waiting for responses. `kind`: "normal" (Normal/Tribute), "flip" or "special". */
export interface PendingSummon extends JsonObject {
  player: PlayerId;
  kind: string;
  monsters: { obj: string; inc: number; event: string; from: string; data: JsonObject }[];
  negated: boolean;
  /** A chain was made in response: the moment to negate the Summon has passed. */
  closed: boolean;
  /** An effect gained when the Summon happens (Zefraath's additional Pendulum Summon). */
  grant: JsonObject | null;
}

export function pendingSummon(game: Game): PendingSummon | null {
  return (game.state.vars.summoning as PendingSummon | undefined) ?? null;
}

/**
 * Puts a monster on the field as being Summoned by `p` (a Summon that starts no chain); the
 * Summon's own event (`event`) comes after the response window (task `ygo.summoned`).
 */
export function summonMove(
  game: Game,
  obj: GameObject,
  p: PlayerId,
  event: string,
  options: { data?: JsonObject; place?: number | string } = {},
): void {
  const from = game.state.zones[obj.zone]!.kind;
  const data = options.data ?? {};
  game.move(obj, zoneId("monster", p), {
    event: "summoning",
    cause: { kind: "action", player: p },
    data: { summon: event, ...data },
  });
  // Master Rule 2020: the Monster Zone it goes to (an Extra Monster Zone, a linked zone).
  if (options.place !== undefined) obj.vars.col = options.place;
  let s = pendingSummon(game);
  if (!s) {
    s = {
      player: p,
      kind: event === "normalSummon" ? "normal" : "special",
      monsters: [],
      negated: false,
      closed: false,
      grant: null,
    };
    game.state.vars.summoning = s;
    game.pushTask({ t: "ygo.summoned" });
  }
  s.monsters.push({ obj: obj.id, inc: obj.inc, event, from, data });
}

/**
 * A Flip Summon by `p`: the monster is turned face-up in Attack Position as being Flip Summoned
 * (everyone sees it: event `summoning`), and only then, once no Counter Trap negated it, is it
 * Flip Summoned: its `faceUp` event (FLIP effects trigger on it) and `flipSummon`. A negated Flip
 * Summon destroys the monster, and its FLIP effect doesn't activate.
 */
export function flipSummonMove(game: Game, obj: GameObject, p: PlayerId): void {
  obj.faceDown = false;
  obj.vars.pos = "atk";
  emit(game, {
    type: "summoning",
    player: p,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: game.card(obj).name,
    cause: { kind: "action", player: p },
    data: { summon: "flipSummon" },
  });
  game.state.vars.summoning = {
    player: p,
    kind: "flip",
    monsters: [{ obj: obj.id, inc: obj.inc, event: "flipSummon", from: "monster", data: {} }],
    negated: false,
    closed: false,
    grant: null,
  } satisfies PendingSummon;
  game.pushTask({ t: "ygo.summoned" });
}

/**
 * The condition `summoning` (Solemn Judgment: `kind: any`; Solemn Strike: `kind: special`): a
 * monster would be Summoned now and nothing has responded to it yet.
 */
export function summonRespondable(game: Game, kind: string): boolean {
  const s = pendingSummon(game);
  if (!s || s.negated || s.closed || game.state.vars.chain !== undefined) return false;
  return kind === "any" || kind === s.kind;
}

/** "negate the Summon … and if you do, destroy that card": the monsters being Summoned are destroyed. */
export function negateSummon(game: Game, by: PlayerId): boolean {
  const s = pendingSummon(game);
  if (!s || s.negated) return false;
  s.negated = true;
  for (const m of s.monsters) {
    const obj = game.state.objects[m.obj];
    if (!obj || obj.inc !== m.inc) continue;
    emit(game, {
      type: "summonNegated",
      player: by,
      obj: obj.id,
      inc: obj.inc,
      card: obj.card,
      name: game.card(obj).name,
      data: { summon: m.event },
    });
    game.move(obj, zoneId("graveyard", obj.owner), {
      event: "destroy",
      cause: { kind: "effect", player: by },
    });
  }
  return true;
}

/**
 * The Summon's response window (Spell Speed 3 only, the turn player first), then the Summon: each
 * monster still there is Summoned now (its event; "when … Summoned" effects trigger).
 */
export const summonedTask: TaskHandler = (game, task) => {
  if (task.opened !== true) {
    task.opened = true;
    game.pushTask({ t: "ygo.window", summon: true, minSpeed: 3 });
    return;
  }
  game.popTask(task);
  const s = pendingSummon(game);
  delete game.state.vars.summoning;
  if (!s || s.negated) return;
  for (const m of s.monsters) {
    const obj = game.state.objects[m.obj];
    if (!obj || obj.inc !== m.inc || game.state.zones[obj.zone]!.kind !== "monster") continue;
    // A Flip Summon: the monster was flipped face-up (FLIP effects trigger now), then Flip Summoned.
    if (m.event === "flipSummon") turnFaceUp(game, obj, { kind: "action", player: s.player });
    emit(game, {
      type: m.event,
      player: s.player,
      obj: obj.id,
      inc: obj.inc,
      card: obj.card,
      name: game.card(obj).name,
      from: m.from,
      to: "monster",
      cause: { kind: "action", player: s.player },
      ...(Object.keys(m.data).length > 0 ? { data: m.data } : {}),
      ...(obj.handle ? { h: obj.handle } : {}),
    });
    // A Special Summon that happened uses "You can only Special Summon X once per turn"; a negated one doesn't.
    if (s.kind === "special") specialSummoned(game, obj, s.player);
  }
  if (s.grant) grantEffect(game, game.abilityRef(String(s.grant.obj), String(s.grant.ability)), s.player);
};

/** "When this card is Special Summoned, you gain …" (Zefraath): granted once the Summon has happened. */
export function grantOnSummon(game: Game, obj: GameObject, ability: string): void {
  const s = pendingSummon(game);
  if (s) s.grant = { obj: obj.id, ability };
}
