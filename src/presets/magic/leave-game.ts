/**
 * A player who loses leaves the game (CR 800.4a; multiplayer, CR 104.2a: the game goes on while
 * two or more players remain). As they leave: every object they own leaves the game — cards in
 * every zone, their spells on the stack (cards go outside the game: a hidden zone of their own, so
 * no card is lost; tokens cease to exist) —, then the abilities they control on the stack or waiting to go on it cease to exist, then
 * effects giving them control of objects end, then any object still controlled by them (another player's card put onto their battlefield) is exiled.
 * This is not a state-based action: it happens as they lose. Creatures attacking them are removed
 * from combat (CR 506.4). If they had priority, it passes to the next player still in the game
 * (priority.ts), and their turns are skipped (`mtg.skipLeftPlayers`, CR 800.4a).
 */
import { endControlOf } from "../../core/control.js";
import { endDurations, expireDurations } from "../../core/durations.js";
import type { Game } from "../../core/game.js";
import { zoneId } from "../../core/objects.js";
import { ceaseToExist, isToken } from "../../core/tokens.js";
import type { PlayerId, Task } from "../../core/types.js";
import { inGame, stack, waiting } from "./state.js";

/** CR 800.4a: player `p` leaves the game with every object they own. */
export function leaveGame(game: Game, p: PlayerId): void {
  const items = stack(game);
  let objects = 0;
  // Objects they own leave the game, spells on the stack with them: their cards go outside the
  // game (the hidden zone `outside`: cards are conserved), their tokens cease to exist.
  const out = zoneId("outside", p);
  for (const zone of Object.values(game.state.zones)) {
    if (zone.kind === "outside") continue;
    for (const id of [...zone.cards]) {
      const obj = game.state.objects[id];
      if (!obj || obj.owner !== p) continue;
      const i = items.findIndex((it) => it.kind === "spell" && it.obj === id);
      if (i >= 0) items.splice(i, 1);
      if (isToken(game, obj)) ceaseToExist(game, obj);
      else game.move(obj, out, { event: "leftGame", cause: { kind: "rule" } });
      objects++;
    }
  }
  // Abilities they control on the stack, or waiting to be put there, cease to exist.
  let abilities = 0;
  for (let i = items.length - 1; i >= 0; i--)
    if (items[i]!.kind === "ability" && items[i]!.controller === p) {
      items.splice(i, 1);
      abilities++;
    }
  const w = waiting(game);
  w.splice(0, w.length, ...w.filter((pa) => pa.controller !== p));
  game.state.pending = game.state.pending.filter((pa) => pa.controller !== p);
  // Effects that give them control of objects end (the objects go back), then objects they
  // still control (owned by another player) are exiled.
  endControlOf(game, p);
  const exiled: string[] = [];
  for (const zone of Object.values(game.state.zones)) {
    if (zone.owner !== p || zone.kind === "outside") continue;
    for (const id of [...zone.cards]) exiled.push(id);
  }
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i]!;
    if (it.kind === "spell" && it.controller === p) {
      items.splice(i, 1);
      exiled.push(it.obj);
    }
  }
  for (const id of exiled) {
    const obj = game.state.objects[id]!;
    game.move(obj, zoneId("exile", obj.owner), { cause: { kind: "rule" }, data: { reason: "CR 800.4a" } });
  }
  // Creatures attacking them are removed from combat.
  for (const zone of game.zonesOf("battlefield"))
    for (const id of zone.cards) {
      const o = game.state.objects[id]!;
      if (o.vars.attacking === p) delete o.vars.attacking;
    }
  if (game.state.vars.defender === p) game.state.vars.defender = null;
  game.emit({
    type: "leaveGame",
    player: p,
    data: { objects, abilities, exiled: exiled.length, reason: "CR 800.4a" },
  });
}

/**
 * CR 800.4a: players who left the game take no turns. Run as a turn ends: extra turns of players
 * who left are dropped, and each player who left and comes next in turn order gets a skip (the
 * kernel's turn queue), so the next turn is the next player still in the game's.
 */
export function runSkipLeftPlayers(game: Game, task: Task): void {
  game.popTask(task);
  // The active player left: the rest of their turn had no phases, so no cleanup step — its "until
  // end of turn" effects end now, as the turn ends (CR 514.2).
  if (!inGame(game, game.state.clock.turn.player)) expireDurations(game, { at: "tag", tag: "endOfTurn" });
  // Extra turns given to a player who has left ("each player takes an extra turn", added before
  // they left or for every player by a relative reference) are never taken (CR 800.4a).
  const q0 = game.state.turnQueue;
  for (let i = q0.length - 1; i >= 0; i--) {
    const m = q0[i]!;
    if ((m.kind === "extra" || m.kind === "control") && !inGame(game, m.player)) {
      q0.splice(i, 1);
      if (m.kind === "extra")
        game.emit({
          type: "turnSkipped",
          player: m.player,
          data: { extra: true, reason: "left the game (CR 800.4a)" },
        });
    }
  }
  const n = game.state.players.length;
  const from = game.state.clock.rotation;
  for (let k = 1; k < n; k++) {
    const q = (from + k) % n;
    if (inGame(game, q)) break;
    if (!game.state.turnQueue.some((m) => m.kind === "skip" && m.player === q)) {
      game.state.turnQueue.push({ kind: "skip", player: q, source: "left the game (CR 800.4a)" });
      turnWouldHaveBegun(game, q);
    }
  }
}

/**
 * CR 800.4k (as XMage's tests cite it): an effect that lasts until a point in the turn of a player
 * who left the game — "until your next turn", "until your next upkeep", "until the end of your
 * next turn" — ends when that player's turn would have begun: that turn never comes.
 */
function turnWouldHaveBegun(game: Game, q: PlayerId): void {
  const ended = game.state.durations.filter(
    (d) =>
      d.expires.at === "boundary" &&
      d.expires.players !== undefined &&
      d.expires.players.length > 0 &&
      d.expires.players.every((p) => p === q),
  );
  if (ended.length > 0) endDurations(game, ended, "turnWouldHaveBegun");
}
