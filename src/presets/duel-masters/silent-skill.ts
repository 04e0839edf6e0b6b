/**
 * DM Start of turn step: Silent Skill (サイレントスキル): "自分のターンのはじめに、このクリーチャーがタップ
 * されていたら、アンタップするかわりに次のSS能力を使ってもよい" — a replacement of the start of turn untap,
 * chosen by the player. A card states its SS ability as data: a `replacement` ability with
 * `keyword: "Silent Skill"`, `optional: true`, `replaces: { on: startUntap, self: true }` and its SS
 * effect as `instead`. The start of turn step (`dm.untap`, game.ts) asks, one creature at a time,
 * whether each tapped creature that would untap uses its Silent Skill; those that do stay tapped,
 * the others untap with the rest, then each chosen SS ability is carried out in turn — before the
 * "at the start of your turn" abilities trigger.
 */

import { emit } from "../../core/events.js";
import type { Game } from "../../core/game.js";
import { type AbilityRef, chargeLimits } from "../../core/limits.js";
import { applicableReplacements } from "../../core/replacement.js";
import { scriptTask } from "../../core/script.js";
import type { GameEvent, GameObject, Task } from "../../core/types.js";

/** The keyword of Silent Skill abilities. */
export const SILENT_SKILL = "Silent Skill";

/** The proposed event a Silent Skill replaces: this creature would untap in the start of turn step. */
export function startUntapEvent(game: Game, obj: GameObject): GameEvent {
  return {
    type: "startUntap",
    player: obj.controller,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: game.card(obj).name,
  };
}

/** The optional Silent Skill that could replace this creature's untap, if any (its limits and condition allow it). */
export function silentSkillOf(game: Game, obj: GameObject): AbilityRef | undefined {
  return applicableReplacements(game, startUntapEvent(game, obj)).find(
    (r) => r.ability.keyword === SILENT_SKILL && r.ability.optional === true,
  );
}

/** Asks whether `obj` uses its Silent Skill instead of untapping (option `silentSkill` or `untap`). */
export function askSilentSkill(game: Game, obj: GameObject, ref: AbilityRef): void {
  const name = game.card(obj).name;
  game.ask({
    player: obj.controller,
    kind: "silentSkill",
    prompt: `${name} is tapped: use its Silent Skill instead of untapping it?`,
    options: [
      {
        id: "silentSkill",
        label: `Keep ${name} tapped and use its Silent Skill: ${ref.ability.text ?? ""}`.trim(),
      },
      { id: "untap", label: `Untap ${name}` },
    ],
  });
}

/**
 * Carries out the chosen Silent Skills in turn, after the untap: each SS effect, then the Shield
 * Trigger window for shields it put into a hand (the checkpoint), before the next one.
 */
export function useSilentSkills(game: Game, ids: string[]): void {
  for (const id of [...ids].reverse()) {
    game.pushTask({ t: "dm.checkpoint", node: null });
    game.pushTask({ t: "dm.silentSkill", obj: id });
  }
}

/**
 * One chosen Silent Skill: the replacement applies — its limits used up on application are charged
 * and a `replaced` event says so — and its SS ability is carried out. Unlike a move put in place of
 * another (never replaced again, RULINGS DM-3.8), the SS ability is an effect of its own: what it
 * does may be replaced as usual (a face-up Shield Go shield it breaks goes to the graveyard).
 */
export function runSilentSkill(game: Game, task: Task): void {
  game.popTask(task);
  const obj = game.state.objects[String(task.obj)];
  const ref = obj ? silentSkillOf(game, obj) : undefined;
  if (!obj || !ref) return;
  chargeLimits(game, ref, "application");
  emit(game, {
    type: "replaced",
    player: ref.controller,
    obj: obj.id,
    inc: obj.inc,
    card: obj.card,
    name: ref.card.name,
    data: { ability: ref.ability.id, replaced: "startUntap" },
  });
  game.pushTask(
    scriptTask(ref.ability.instead ?? [], {
      controller: ref.controller,
      source: obj.id,
      sourceInc: obj.inc,
      card: obj.card,
      ability: ref.ability.id,
      keyword: SILENT_SKILL,
    }),
  );
}
