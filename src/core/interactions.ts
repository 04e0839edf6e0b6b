/**
 * Building blocks for a node's body: a player acts until they pass (DM 500.2: a step ends when
 * the active player has nothing more to do). Presets make their interactions from these.
 */
import type { Game } from "./contract/game.js";
import type { TaskHandler } from "./contract/hooks.js";
import { setTapped } from "./objects.js";
import { exemptFrom } from "./turn-actions.js";
import type { Cause, DecisionOption, GameObject, PlayerId, Task } from "./types.js";

export interface ActionLoopSpec {
  /** Who acts (default: the active player). */
  player?(game: Game, task: Task): PlayerId;
  /** The options besides passing, computed fresh each time. */
  actions(game: Game, player: PlayerId, task: Task): DecisionOption[];
  /** Does what an option says; may push tasks, which run before the loop asks again. */
  perform(game: Game, player: PlayerId, option: DecisionOption, task: Task): void;
  kind?: string;
  prompt?: string | ((game: Game, player: PlayerId) => string);
  passId?: string;
  passLabel?: string;
  /**
   * End the loop at once when only passing is possible (DM 500.2). "public": always — the options
   * depend only on what every player sees. true: only in the `leakyFastPath` (default), since
   * whether the player was asked at all would tell others that they hold nothing usable. false: never.
   */
  autoPass?: boolean | "public";
  /** The answer is seen only by the acting player (options name cards others can't see, e.g. a Set from hand); others see `publicPrompt`. */
  private?: boolean;
  publicPrompt?: string;
}

/** A task handler: resolve pending abilities, ask the player for an action or a pass, repeat. */
export function actionLoop(spec: ActionLoopSpec): TaskHandler {
  const passId = spec.passId ?? "pass";
  const passLabel = spec.passLabel ?? "Pass";
  const kind = spec.kind ?? "action";
  // One pass option for every decision of this loop: frozen, as nothing may change an option.
  const passOption: DecisionOption = Object.freeze({ id: passId, label: passLabel, pass: true });
  return (game, task) => {
    const player = spec.player ? spec.player(game, task) : game.state.clock.turn.player;
    if (task.answer) {
      const option = task.answer;
      // Cleared, not deleted: a delete turns the task into a slow dictionary-mode object.
      task.answer = undefined;
      if (option.id === passId) {
        game.popTask(task);
        return;
      }
      spec.perform(game, player, option, task);
      return;
    }
    const checkpoint = game.rules.preset.checkpoint;
    if (checkpoint && (game.state.pending.length > 0 || game.state.hiddenResponses.length > 0)) {
      game.pushTask({ t: checkpoint, node: task.node });
      return;
    }
    const options = spec.actions(game, player, task);
    if (
      options.length === 0 &&
      (spec.autoPass === "public" || (spec.autoPass !== false && game.state.options.leakyFastPath === true))
    ) {
      game.popTask(task);
      return;
    }
    // The options and the pass in a list of their size: pushing onto the preset's list would
    // grow it to a capacity of ~20 at every decision.
    const n = options.length;
    const all = new Array<DecisionOption>(n + 1);
    for (let i = 0; i < n; i++) all[i] = options[i]!;
    all[n] = passOption;
    // Built field by field (no spreads): this runs once per action.
    const prompt =
      typeof spec.prompt === "function" ? spec.prompt(game, player) : (spec.prompt ?? "Choose an action");
    const decision: Parameters<Game["ask"]>[0] = { player, kind, prompt, options: all };
    if (spec.private) decision.private = true;
    if (spec.publicPrompt) decision.publicPrompt = spec.publicPrompt;
    game.ask(decision);
  };
}

/**
 * A turn-based action: the active player's cards in these zones untap, simultaneously (one batch
 * of `untap` events, cause `{ kind: rule, rule: untap }`) — except those an effect or a static
 * ability exempts ("doesn't untap during its controller's next untap step", turn-actions.ts).
 */
export function untapTask(...kinds: string[]): TaskHandler {
  return (game, task) => {
    game.popTask(task);
    untapAll(game, kinds);
  };
}

const UNTAP_STEP: Cause = { kind: "rule", rule: "untap" };

/** The active player's tapped cards in these zones untap, but those exempt from the untap (CR 502.3). */
export function untapAll(game: Game, kinds: readonly string[], cause: Cause = UNTAP_STEP): GameObject[] {
  const p = game.state.clock.turn.player;
  const untapped: GameObject[] = [];
  game.simultaneously(() => {
    for (const kind of kinds)
      for (const obj of game.cardsIn(kind, p))
        if (obj.tapped && !exemptFrom(game, "untap", obj)) {
          setTapped(game, obj, false, cause);
          untapped.push(obj);
        }
  });
  return untapped;
}

/** A turn-based action: the active player draws `n`; a player who can't draw loses. */
export function drawOrLoseTask(n = 1, reason = "could not draw"): TaskHandler {
  return (game, task) => {
    const p = game.state.clock.turn.player;
    game.popTask(task);
    if (game.zone(game.deckZoneKind, p).cards.length < n) game.declareLoser(p, reason);
    else game.draw(p, n);
  };
}
