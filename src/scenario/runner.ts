/**
 * Running a scenario: build the starting state, play the script, check the expectations, and
 * report every failure with the file, line and column of what failed.
 */
import { dirname, resolve } from "node:path";
import type { Game } from "../core/game.js";
import { Game as GameClass } from "../core/game.js";
import type { Json } from "../core/json.js";
import { matchValue } from "../core/match.js";
import { validateOptions } from "../core/options.js";
import type { Preset } from "../core/preset.js";
import type { GameObject, ObjectId, PlayerId } from "../core/types.js";
import type { CardDef, EventPattern } from "../core/vocabulary/schema.js";
import { getPreset } from "../presets/index.js";
import { loadCardSet } from "./card-set.js";
import { formatPath, type LoadedScenario, type Position, ScenarioError, type YamlPath } from "./load.js";
import { outsideProject } from "./project.js";
import {
  EVENT_COUNT_DEFAULTS,
  type ParsedExpectation,
  type ParsedScenario,
  type ParsedScriptStep,
} from "./schema.js";
import type { CardPlacement, Expectation } from "./types.generated.js";

export interface Failure {
  line: number;
  col: number;
  /** The YAML path of what failed, e.g. expect.zones.P1.mana. */
  path: string;
  message: string;
}

/** Something a run says beside its result, at a place in the file (not a failure). */
export type Note = Failure;

export interface ScenarioResult {
  file: string;
  name: string;
  passed: boolean;
  covers: string[];
  failures: Failure[];
  /** Script steps run. */
  steps: number;
  /**
   * What the run says beside its result, each at its place in the file: the library cards the
   * file's own cards shadow (`turnkit run --verbose` prints them).
   */
  notes: Note[];
}

/** Thrown inside a run to stop it with a failure at a path. */
class StepFailure extends Error {
  constructor(
    readonly path: YamlPath,
    message: string,
  ) {
    super(message);
  }
}

const PASS_OPTION = "pass";

export interface ScenarioRunOptions {
  /**
   * Cards beyond the preset's library and the file's own, for every scenario run with them (the
   * command line's --cards and a config's card sets). Unlike the file's inline `cards`, they do
   * not shadow the library: an id the library has is refused.
   */
  cards?: readonly CardDef[];
  /** Load the files a scenario names (`cardSets:`) from anywhere, not only its project (project.ts). */
  allowOutside?: boolean;
}

/** The preset with its library's cards of these ids left out, one per preset and ids. */
const shadowedPresets = new WeakMap<Preset, Map<string, Preset>>();

/**
 * A scenario's inline cards shadow the library's cards of the same id (docs/scenarios.md): the
 * preset to create the game with (the library without those cards), and the indexes of the
 * inline cards that shadow one. A file written for an older library keeps loading when the
 * library gains a card of an id it defines.
 */
export function shadowLibrary(
  preset: Preset,
  inline: readonly CardDef[],
): { library: Preset; shadowed: number[] } {
  const ids = new Set(preset.cards.map((c) => c.id));
  const shadowed = inline.flatMap((c, i) => (ids.has(c.id) ? [i] : []));
  if (shadowed.length === 0) return { library: preset, shadowed };
  const gone = new Set(shadowed.map((i) => inline[i]!.id));
  const key = [...gone].sort().join("\n");
  let byIds = shadowedPresets.get(preset);
  if (!byIds) {
    byIds = new Map();
    shadowedPresets.set(preset, byIds);
  }
  let library = byIds.get(key);
  if (!library) {
    library = { ...preset, cards: preset.cards.filter((c) => !gone.has(c.id)) };
    byIds.set(key, library);
  }
  return { library, shadowed };
}

export class ScenarioRun {
  readonly game: Game;
  private readonly aliases = new Map<string, ObjectId>();
  private readonly failures: Failure[] = [];
  /** What the run says beside its result: the library cards this file's own cards shadow. */
  readonly notes: Note[] = [];
  private readonly scenario: ParsedScenario;
  private stepsRun = 0;

  constructor(
    readonly loaded: LoadedScenario,
    private readonly runOptions: ScenarioRunOptions = {},
  ) {
    this.scenario = loaded.scenario;
    const preset = this.guard(["preset"], () => getPreset(this.scenario.preset));
    // Scripts answer the rules' decisions, not the empty prompts that keep hands secret: a
    // scenario runs on the fast path unless it says otherwise (docs/scenarios.md).
    const options = this.guard(["options"], () =>
      validateOptions(preset, {
        leakyFastPath: true,
        ...((this.scenario.options ?? {}) as Record<string, Json>),
      }),
    );
    if (this.scenario.players)
      this.guard(["players"], () => {
        const { min, max } = preset.players;
        const n = this.scenario.players!.length;
        if (n < min || n > max)
          throw new StepFailure(
            ["players"],
            `${preset.name} is played by ${min} to ${max} players, not ${n}`,
          );
      });
    const cardSets = (this.scenario.cardSets ?? []).flatMap((set, i) =>
      this.guard(["cardSets", i], () => {
        const file = this.projectFile(set);
        try {
          return loadCardSet(file, set);
        } catch (e) {
          // Reported at this line of the scenario, naming where in the card set the problem is.
          if (e instanceof ScenarioError)
            throw new Error(`${set}:${e.position.line}:${e.position.col}: ${e.detail}`);
          throw e;
        }
      }),
    );
    const inline = (this.scenario.cards ?? []) as CardDef[];
    const { library, shadowed } = shadowLibrary(preset, inline);
    for (const i of shadowed)
      this.notes.push({
        ...this.loaded.at(["cards", i]),
        path: formatPath(["cards", i]),
        message: `"${inline[i]!.id}" shadows the card of that id in the ${preset.name} library: this file's definition is used`,
      });
    const game = this.guard(["cards"], () =>
      GameClass.create(library, {
        seed: this.scenario.seed,
        ...(this.scenario.players ? { players: this.scenario.players } : {}),
        options,
        cards: [...inline, ...cardSets, ...(this.runOptions.cards ?? [])],
        setup: false,
        privateRules: true, // expectations register their own counters
      }),
    );
    this.game = game;
    for (const pattern of collectEventPatterns(this.scenario))
      game.rules.registerCounter(pattern.pattern, pattern.window);
    this.guard(["setup"], () => this.place());
  }

  /**
   * The absolute path of a file this scenario names, relative to the scenario: refused outside the
   * scenario's project directory unless `allowOutside` (project.ts).
   */
  private projectFile(ref: string): string {
    const file = resolve(dirname(this.loaded.file), ref);
    const outside = this.runOptions.allowOutside
      ? null
      : outsideProject(this.loaded.file, ref, file, "scenario");
    if (outside) throw new Error(outside);
    return file;
  }

  /** Runs an action, turning any error into a ScenarioError at `path`. */
  private guard<T>(path: YamlPath, f: () => T): T {
    try {
      return f();
    } catch (e) {
      if (e instanceof ScenarioError) throw e;
      const at = e instanceof StepFailure ? e.path : path;
      throw new ScenarioError(
        this.loaded.file,
        this.loaded.at(at),
        `${formatPath(at)}: ${(e as Error).message}`,
      );
    }
  }

  player(ref: string, path: YamlPath): PlayerId {
    const names = this.game.state.players;
    const m = /^p(\d+)$/i.exec(ref);
    if (m) {
      const i = Number(m[1]) - 1;
      if (names[i]) return i;
    }
    const byName = names.find((p) => p.name === ref);
    if (byName) return byName.id;
    throw new StepFailure(
      path,
      `unknown player "${ref}"; players are ${names.map((p) => p.name).join(", ")} (or P1, P2 …)`,
    );
  }

  cardDef(ref: string, path: YamlPath): CardDef {
    const rules = this.game.rules;
    const byId = rules.cards.get(ref);
    if (byId) return byId;
    const byName = [...rules.cards.values()].filter((c) => c.name === ref || c.nameJa === ref);
    if (byName.length === 1) return byName[0]!;
    if (byName.length > 1)
      throw new StepFailure(
        path,
        `card name "${ref}" is ambiguous: ${byName.map((c) => c.id).join(", ")}; use a card id`,
      );
    throw new StepFailure(
      path,
      `unknown card "${ref}": not a card id or printed name of preset ${rules.preset.id} or of this file's cards`,
    );
  }

  /** An object named by @alias, card id (c12), or a card id/name that only one object has. */
  object(ref: string, path: YamlPath): GameObject {
    const state = this.game.state;
    if (ref.startsWith("@")) {
      const id = this.aliases.get(ref.slice(1));
      if (!id)
        throw new StepFailure(
          path,
          this.aliases.size
            ? `unknown alias "${ref}"; aliases: ${[...this.aliases.keys()].map((a) => `@${a}`).join(", ")}`
            : `unknown alias "${ref}": no card has an alias (give one with as: in setup)`,
        );
      return state.objects[id]!;
    }
    if (state.objects[ref]) return state.objects[ref]!;
    const def = this.cardDef(ref, path);
    const all = Object.values(state.objects).filter((o) => o.card === def.id);
    if (all.length !== 1)
      throw new StepFailure(
        path,
        `"${ref}" names ${all.length} cards in this game; give one an alias with as:`,
      );
    return all[0]!;
  }

  /**
   * Replaces @alias tokens, and referee's ids (c12), in an option id with the names the game gives
   * those cards now: their handles, or their places.
   */
  substitute(text: string, path: YamlPath): string {
    // "@name" is an alias at the start or after a separator; "hand@1#2" (a place) is not.
    // A place (`hand@1#2`) names the card there: its handle if the decider can follow it, else the place.
    return text.replace(
      /(?<![A-Za-z0-9_])@([A-Za-z0-9_-]+)|\b(c[0-9]+)\b|\b([A-Za-z]+@[0-9]+#[0-9]+)\b/g,
      (whole, alias: string | undefined, id: string | undefined, place: string | undefined) => {
        if (alias !== undefined) return this.game.ref(this.object(`@${alias}`, path));
        if (place !== undefined) {
          let obj: GameObject | undefined;
          try {
            obj = this.game.obj(place);
          } catch {
            throw new StepFailure(path, `no card at ${place}`);
          }
          return this.game.ref(obj);
        }
        const obj = this.game.state.objects[id!];
        return obj ? this.game.ref(obj) : whole;
      },
    );
  }

  private place(): void {
    const { setup } = this.scenario;
    const game = this.game;
    const active = this.player(setup.active, ["setup", "active"]);
    game.state.clock.turn.id = setup.turn;
    const placements: { owner: PlayerId; kind: string; placement: CardPlacement; path: YamlPath }[] = [];
    for (const [pref, ps] of Object.entries(setup.players ?? {})) {
      const owner = this.player(pref, ["setup", "players", pref]);
      const vars = game.state.players[owner]!.vars;
      for (const [k, v] of Object.entries(ps.vars ?? {})) vars[k] = v as Json;
      for (const [kind, cards] of Object.entries(ps.zones ?? {})) {
        if (!game.rules.zoneDefs.has(kind))
          throw new StepFailure(
            ["setup", "players", pref, "zones", kind],
            `unknown zone kind "${kind}"; ${game.rules.preset.id} has ${[...game.rules.zoneDefs.keys()].join(", ")}`,
          );
        cards.forEach((placement, i) => {
          placements.push({ owner, kind, placement, path: ["setup", "players", pref, "zones", kind, i] });
        });
      }
    }
    const counts = new Map<string, number>();
    for (const p of placements) {
      const obj = this.placeCard(p.owner, p.kind, p.placement, p.path, setup.turn, null);
      counts.set(obj.card, (counts.get(obj.card) ?? 0) + 1);
    }
    // A card id placed once names its card too: @procyon-dragoon.
    for (const o of Object.values(game.state.objects))
      if (counts.get(o.card) === 1 && !this.aliases.has(o.card)) this.aliases.set(o.card, o.id);
    const step = setup.step ?? game.rules.root.children?.[0]?.id ?? game.rules.root.id;
    this.guard(["setup", "step"], () => game.rules.node(step));
    game.startAt(setup.turn, active, step, { extra: setup.extra ?? false });
    game.rules.preset.prepareScenario?.(game);
  }

  private placeCard(
    owner: PlayerId,
    kind: string,
    placement: CardPlacement,
    path: YamlPath,
    turn: number,
    top: GameObject | null,
  ): GameObject {
    const p = typeof placement === "string" ? { card: placement } : placement;
    const def = this.cardDef(p.card, typeof placement === "string" ? path : [...path, "card"]);
    const game = this.game;
    // A card placed under another player's control lies in that player's zone (a stolen creature).
    const controller = p.controller ? this.player(p.controller, [...path, "controller"]) : owner;
    const obj = game.createCard(def.id, owner, kind, {
      faceDown: p.faceDown ?? false,
      tapped: p.tapped ?? false,
      ...(controller !== owner ? { controller } : {}),
    });
    // Cards placed by the setup were there before the turn began, unless they entered this turn.
    obj.enteredTurn = p.enteredThisTurn ? turn : 0;
    obj.controlledSince = p.enteredThisTurn ? turn : -1;
    if (p.counters) obj.counters = { ...p.counters };
    if (p.vars) obj.vars = structuredClone(p.vars) as typeof obj.vars;
    if (p.as) {
      if (this.aliases.has(p.as)) throw new StepFailure([...path, "as"], `alias "${p.as}" is used twice`);
      this.aliases.set(p.as, obj.id);
    }
    if (top) {
      const zone = game.state.zones[top.zone]!;
      zone.cards.splice(zone.cards.indexOf(obj.id), 1);
      game.membershipChanged();
      obj.underOf = top.id;
      top.under.push(obj.id);
    }
    (p.under ?? []).forEach((u, i) => {
      this.placeCard(owner, kind, u, [...path, "under", i], turn, obj);
    });
    return obj;
  }

  // ---- the script ------------------------------------------------------------------------

  run(): ScenarioResult {
    const s = this.scenario;
    try {
      this.guard(["setup", "step"], () => this.game.run());
      s.script.forEach((step, i) => {
        this.stepsRun = i + 1;
        this.guard(["script", i], () => this.step(step, ["script", i]));
      });
      if (s.expect) this.check(s.expect, ["expect"]);
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      this.failures.push({ ...e.position, path: "", message: e.detail });
    }
    return {
      file: this.loaded.file,
      name: s.name,
      passed: this.failures.length === 0,
      covers: s.covers,
      failures: this.failures,
      steps: this.stepsRun,
      notes: this.notes,
    };
  }

  private step(step: ParsedScriptStep, path: YamlPath): void {
    const game = this.game;
    if ("expect" in step) {
      this.check(step.expect, [...path, "expect"]);
      return;
    }
    if ("passUntil" in step) {
      const target = step.passUntil;
      game.rules.node(target);
      const reached = (g: Game): boolean =>
        g.state.clock.path.includes(target) &&
        (step.turn === undefined || g.state.clock.turn.id === step.turn);
      if (reached(game)) return;
      // Stop as the node begins, even where nobody is asked anything (a draw step).
      game.pauseWhen(reached);
      try {
        if (game.paused) game.run();
        for (let n = 0; ; n++) {
          if (reached(game)) {
            if (game.paused) this.stopInNode(target);
            return;
          }
          if (game.over)
            throw new StepFailure(path, `the game ended before ${target}: ${game.result?.reason}`);
          if (n >= step.max)
            throw new StepFailure(path, `still not in ${target} after ${step.max} passes (${game.where()})`);
          const d = game.decision!;
          if (!d.options.some((o) => o.id === PASS_OPTION))
            throw new StepFailure(
              path,
              `cannot pass decision "${d.kind}" (${d.prompt}) at ${game.where()}; options: ${d.options.map((o) => o.id).join(", ")}`,
            );
          game.act({ player: d.player, choice: PASS_OPTION });
        }
      } finally {
        game.pauseWhen(null);
      }
    }
    if (game.paused) game.run(); // a passUntil stopped where nothing was asked: go on to the next decision
    const choice = this.substitute("choose" in step ? step.choose : step.reject, [
      ...path,
      "choose" in step ? "choose" : "reject",
    ]);
    const d = game.decision;
    if (!d)
      throw new StepFailure(
        path,
        `no decision is pending (${game.over ? `game over: ${game.result?.reason}` : game.where()})`,
      );
    const player = step.as !== undefined ? this.player(step.as, [...path, "as"]) : d.player;
    if ("choose" in step) {
      if (player !== d.player)
        throw new StepFailure(
          [...path, "as"],
          `the pending decision (${d.kind}: ${d.prompt}) is ${game.playerName(d.player)}'s`,
        );
      game.act({ player, choice });
      return;
    }
    const before = game.serialize();
    try {
      game.act({ player, choice });
    } catch (e) {
      if (game.serialize() !== before) throw new StepFailure(path, "the refused action changed the state");
      if (step.error && !(e as Error).message.includes(step.error))
        throw new StepFailure(
          [...path, "error"],
          `refused with "${(e as Error).message}", which lacks "${step.error}"`,
        );
      return;
    }
    throw new StepFailure(path, `"${choice}" was accepted, but the scenario expects it to be refused`);
  }

  /**
   * The engine stopped as `target` began. If someone is asked something while it runs, stop at that
   * first decision (inside the node); if nothing is asked there, stay at its beginning.
   */
  private stopInNode(target: string): void {
    const game = this.game;
    const atStart = game.snapshot();
    game.pauseWhen((g) => !g.state.clock.path.includes(target));
    game.run();
    game.pauseWhen(null);
    if (!game.over && (game.decision === null || !game.state.clock.path.includes(target)))
      game.restore(atStart);
  }

  // ---- expectations ----------------------------------------------------------------------

  private fail(path: YamlPath, message: string): void {
    this.failures.push({ ...this.loaded.at(path), path: formatPath(path), message });
  }

  /** Checks every expectation, recording each failure (not stopping at the first). */
  check(e: Expectation, path: YamlPath): void {
    const before = this.failures.length;
    const game = this.game;
    const clock = game.state.clock;
    const tryCheck = (p: YamlPath, f: () => void): void => {
      try {
        f();
      } catch (err) {
        if (err instanceof StepFailure) this.fail(err.path, err.message);
        else this.fail(p, (err as Error).message);
      }
    };
    if (e.step !== undefined) {
      const now = clock.path[clock.path.length - 1];
      if (now !== e.step)
        this.fail(
          [...path, "step"],
          `expected step ${e.step}, but ${now ?? "no node"} is running (${game.where()})`,
        );
    }
    if (e.path && JSON.stringify(e.path) !== JSON.stringify(clock.path))
      this.fail([...path, "path"], `expected path ${e.path.join(" > ")}, got ${clock.path.join(" > ")}`);
    if (e.turn) {
      const t = e.turn;
      if (t.id !== undefined && t.id !== clock.turn.id)
        this.fail([...path, "turn", "id"], `expected turn ${t.id}, it is turn ${clock.turn.id}`);
      if (t.player !== undefined)
        tryCheck([...path, "turn", "player"], () => {
          const p = this.player(t.player!, [...path, "turn", "player"]);
          if (p !== clock.turn.player)
            this.fail(
              [...path, "turn", "player"],
              `expected ${game.playerName(p)}'s turn, it is ${game.playerName(clock.turn.player)}'s`,
            );
        });
      if (t.extra !== undefined && t.extra !== clock.turn.extra)
        this.fail([...path, "turn", "extra"], `expected extra: ${t.extra}, got ${clock.turn.extra}`);
    }
    for (const [pref, zones] of Object.entries(e.zones ?? {}))
      for (const [kind, want] of Object.entries(zones)) {
        const zp = [...path, "zones", pref, kind];
        tryCheck(zp, () => this.checkZone(this.player(pref, [...path, "zones", pref]), kind, want, zp));
      }
    for (const [pref, vars] of Object.entries(e.players ?? {}))
      tryCheck([...path, "players", pref], () => {
        const p = this.player(pref, [...path, "players", pref]);
        for (const [k, m] of Object.entries(vars)) {
          const actual = game.state.players[p]!.vars[k];
          if (!matchValue(actual, m))
            this.fail(
              [...path, "players", pref, k],
              `expected ${pref}.${k} to match ${JSON.stringify(m)}, got ${JSON.stringify(actual)}`,
            );
        }
      });
    for (const [ref, want] of Object.entries(e.objects ?? {}))
      tryCheck([...path, "objects", ref], () => this.checkObject(ref, want, [...path, "objects", ref]));
    (e.events ?? []).forEach((ev, i) => {
      tryCheck([...path, "events", i], () => {
        const {
          window = EVENT_COUNT_DEFAULTS.window,
          viewer = EVENT_COUNT_DEFAULTS.viewer,
          eq,
          ...pattern
        } = ev;
        const v = this.player(viewer, [...path, "events", i, "viewer"]);
        const n = game.countEvents(pattern as EventPattern, window, v).n;
        if (n !== eq)
          this.fail(
            [...path, "events", i],
            `expected ${eq} ${[ev.on].flat().join("/")} event(s) in the ${window} window, counted ${n}`,
          );
      });
    });
    if (e.over !== undefined && e.over !== game.over)
      this.fail(
        [...path, "over"],
        e.over
          ? `expected the game to be over (${game.where()})`
          : `the game is over: ${game.result?.reason}`,
      );
    if (e.winner !== undefined)
      tryCheck([...path, "winner"], () => {
        const want = e.winner === null ? null : this.player(e.winner!, [...path, "winner"]);
        const got = game.result ? game.result.winner : undefined;
        if (got !== want)
          this.fail(
            [...path, "winner"],
            `expected winner ${want === null ? "none (a draw)" : game.playerName(want)}, got ${
              got === undefined
                ? `no result yet (${game.where()})`
                : got === null
                  ? "a draw"
                  : `${game.playerName(got)} (${game.result?.reason})`
            }`,
          );
      });
    if (e.log) tryCheck([...path, "log"], () => this.checkLog(e.log!, [...path, "log"]));
    (e.canUse ?? []).forEach((c, i) => {
      tryCheck([...path, "canUse", i], () => {
        const p = [...path, "canUse", i];
        const obj = this.object(c.card, [...p, "card"]);
        const v = game.canUse(
          obj.id,
          c.ability,
          c.player ? { player: this.player(c.player, [...p, "player"]) } : {},
        );
        if (v.ok !== c.ok)
          this.fail(
            p,
            c.ok
              ? `expected ${c.card} ${c.ability} to be usable, refused: ${v.ok ? "" : v.reason}`
              : `expected ${c.card} ${c.ability} to be refused, but it is allowed`,
          );
        else if (!v.ok && c.reason !== undefined && v.reason !== this.namedIn(c.reason))
          this.fail([...p, "reason"], `reason differs:\n  expected: ${c.reason}\n  actual:   ${v.reason}`);
        else if (
          !v.ok &&
          c.reasonIncludes !== undefined &&
          !v.reason.includes(this.namedIn(c.reasonIncludes))
        )
          this.fail([...p, "reasonIncludes"], `reason "${v.reason}" lacks "${c.reasonIncludes}"`);
      });
    });
    (e.whyNot ?? []).forEach((w, i) => {
      const p = [...path, "whyNot", i];
      tryCheck(p, () => {
        const obj = this.object(w.card, [...p, "card"]);
        const player = w.player ? { player: this.player(w.player, [...p, "player"]) } : {};
        const reasons = game.whyNot(obj.id, w.ability, player);
        const show = reasons.map((r) => `${r.kind}: ${r.text}`).join("; ") || "none";
        if (w.ok !== undefined && w.ok !== (reasons.length === 0))
          this.fail(
            [...p, "ok"],
            w.ok
              ? `expected ${w.card} ${w.ability} to be allowed; reasons: ${show}`
              : `expected ${w.card} ${w.ability} to be refused, but nothing stops it`,
          );
        if (w.kinds) {
          const got = [...new Set(reasons.map((r) => r.kind))].sort();
          const want = [...new Set(w.kinds)].sort();
          if (JSON.stringify(got) !== JSON.stringify(want))
            this.fail(
              [...p, "kinds"],
              `expected reasons of kind [${want.join(", ")}], got [${got.join(", ")}] (${show})`,
            );
        }
        if (w.includes !== undefined && !reasons.some((r) => r.text.includes(this.namedIn(w.includes!))))
          this.fail([...p, "includes"], `no reason contains "${w.includes}"; reasons: ${show}`);
      });
    });
    for (const key of ["stack", "chain"] as const) {
      const want = e[key];
      if (want) tryCheck([...path, key], () => this.checkStack(want, [...path, key]));
    }
    if (e.decision !== undefined)
      tryCheck([...path, "decision"], () => this.checkDecision(e.decision!, [...path, "decision"]));
    if (e.durations !== undefined && game.state.durations.length !== e.durations)
      this.fail(
        [...path, "durations"],
        `expected ${e.durations} active durations, got ${game.state.durations.length}`,
      );
    void before;
  }

  /** The preset's stack (or chain, or pending abilities), bottom first: exactly these items. */
  private checkStack(want: NonNullable<Expectation["stack"]>, path: YamlPath): void {
    const game = this.game;
    const hook = game.rules.preset.stack;
    if (!hook) throw new StepFailure(path, `preset ${game.rules.preset.id} has no stack to check`);
    const got = hook(game);
    const show = got
      .map((it) => `${it.name}${it.ability ? `:${it.ability}` : ""} (${game.playerName(it.controller)})`)
      .join(", ");
    if (got.length !== want.length) {
      this.fail(path, `expected ${want.length} item(s), got ${got.length}: [${show}]`);
      return;
    }
    want.forEach((w, i) => {
      const it = got[i]!;
      const p = [...path, i];
      const bad = (field: string, text: string) =>
        this.fail([...p, field], `item ${i + 1} [${show}]: ${text}`);
      if (w.card !== undefined) {
        const isObject = w.card.startsWith("@") || game.state.objects[w.card] !== undefined;
        const same = isObject
          ? it.obj === this.object(w.card, [...p, "card"]).id
          : it.card === this.cardDef(w.card, [...p, "card"]).id;
        if (!same) bad("card", `expected ${w.card}, got ${it.name}`);
      }
      if (w.name !== undefined && it.name !== w.name) bad("name", `expected name ${w.name}, got ${it.name}`);
      if (w.ability !== undefined && it.ability !== w.ability)
        bad("ability", `expected ability ${w.ability}, got ${it.ability ?? "none"}`);
      if (w.controller !== undefined && it.controller !== this.player(w.controller, [...p, "controller"]))
        bad("controller", `expected controller ${w.controller}, got ${game.playerName(it.controller)}`);
      if (w.targets !== undefined) {
        const ids = w.targets.map((t, k) => this.object(t, [...p, "targets", k]).id);
        if (JSON.stringify(ids) !== JSON.stringify(it.targets ?? []))
          bad(
            "targets",
            `expected targets [${w.targets.join(", ")}], got [${(it.targets ?? []).join(", ")}]`,
          );
      }
    });
  }

  private checkZone(
    owner: PlayerId,
    kind: string,
    want: NonNullable<Expectation["zones"]>[string][string],
    path: YamlPath,
  ): void {
    const game = this.game;
    const objs = game.cardsIn(kind, owner);
    const show = (os: GameObject[]): string => `[${os.map((o) => `${o.card} (${o.id})`).join(", ")}]`;
    const matches = (o: GameObject, ref: string, p: YamlPath): boolean =>
      ref.startsWith("@") || game.state.objects[ref]
        ? this.object(ref, p).id === o.id
        : o.card === this.cardDef(ref, p).id;
    const take = (refs: string[], p: YamlPath): { rest: GameObject[]; missing: string[] } => {
      const rest = [...objs];
      const missing: string[] = [];
      refs.forEach((ref, i) => {
        const k = rest.findIndex((o) => matches(o, ref, [...p, i]));
        if (k < 0) missing.push(ref);
        else rest.splice(k, 1);
      });
      return { rest, missing };
    };
    const label = `${game.playerName(owner)}'s ${kind}`;
    if (Array.isArray(want)) {
      const { rest, missing } = take(want, path);
      if (missing.length || rest.length)
        this.fail(
          path,
          `${label}: expected [${want.join(", ")}], got ${show(objs)}${missing.length ? `; missing ${missing.join(", ")}` : ""}`,
        );
      return;
    }
    if (want.count !== undefined && objs.length !== want.count)
      this.fail(
        [...path, "count"],
        `${label}: expected ${want.count} cards, got ${objs.length} ${show(objs)}`,
      );
    if (want.contains) {
      const { missing } = take(want.contains, [...path, "contains"]);
      if (missing.length)
        this.fail([...path, "contains"], `${label}: lacks ${missing.join(", ")}; has ${show(objs)}`);
    }
    (want.excludes ?? []).forEach((ref, i) => {
      if (objs.some((o) => matches(o, ref, [...path, "excludes", i])))
        this.fail([...path, "excludes", i], `${label}: should not contain ${ref}; has ${show(objs)}`);
    });
    if (want.ordered) {
      const ok =
        want.ordered.length === objs.length &&
        want.ordered.every((ref, i) => matches(objs[i]!, ref, [...path, "ordered", i]));
      if (!ok)
        this.fail(
          [...path, "ordered"],
          `${label}: expected in order [${want.ordered.join(", ")}], got ${show(objs)}`,
        );
    }
  }

  private checkObject(ref: string, want: NonNullable<Expectation["objects"]>[string], path: YamlPath): void {
    const game = this.game;
    const obj = this.object(ref, path);
    const zone = game.state.zones[obj.zone]!;
    const name = `${ref} (${obj.id})`;
    if (want.zone !== undefined && zone.kind !== want.zone)
      this.fail([...path, "zone"], `${name}: expected in ${want.zone}, is in ${zone.kind}`);
    if (want.owner !== undefined && obj.owner !== this.player(want.owner, [...path, "owner"]))
      this.fail(
        [...path, "owner"],
        `${name}: expected owner ${want.owner}, is ${game.playerName(obj.owner)}`,
      );
    if (
      want.controller !== undefined &&
      obj.controller !== this.player(want.controller, [...path, "controller"])
    )
      this.fail(
        [...path, "controller"],
        `${name}: expected controller ${want.controller}, is ${game.playerName(obj.controller)}`,
      );
    if (want.tapped !== undefined && obj.tapped !== want.tapped)
      this.fail([...path, "tapped"], `${name}: expected tapped: ${want.tapped}`);
    if (want.faceDown !== undefined && obj.faceDown !== want.faceDown)
      this.fail([...path, "faceDown"], `${name}: expected faceDown: ${want.faceDown}`);
    for (const [k, n] of Object.entries(want.counters ?? {}))
      if ((obj.counters[k] ?? 0) !== n)
        this.fail(
          [...path, "counters", k],
          `${name}: expected ${n} ${k} counters, has ${obj.counters[k] ?? 0}`,
        );
    for (const [k, m] of Object.entries(want.vars ?? {}))
      if (!matchValue(obj.vars[k], m))
        this.fail(
          [...path, "vars", k],
          `${name}: expected ${k} to match ${JSON.stringify(m)}, got ${JSON.stringify(obj.vars[k])}`,
        );
    for (const [k, m] of Object.entries(want.characteristics ?? {})) {
      const v = game.characteristic(obj, k);
      if (!matchValue(v, m))
        this.fail(
          [...path, "characteristics", k],
          `${name}: expected ${k} to match ${JSON.stringify(m)}, got ${JSON.stringify(v)}`,
        );
    }
    if (want.under) {
      const got = obj.under.map((u) => game.state.objects[u]!);
      const ok =
        got.length === want.under.length &&
        want.under.every((r, i) =>
          r.startsWith("@")
            ? this.object(r, [...path, "under", i]).id === got[i]!.id
            : this.cardDef(r, [...path, "under", i]).id === got[i]!.card,
        );
      if (!ok)
        this.fail(
          [...path, "under"],
          `${name}: expected under it [${want.under.join(", ")}], got [${got.map((o) => o.card).join(", ")}]`,
        );
    }
  }

  private normalizeLogPattern(pattern: Record<string, Json>, path: YamlPath): Record<string, Json> {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(pattern)) {
      if (k === "player" && typeof v === "string") out[k] = this.player(v, [...path, k]);
      else if (typeof v === "string" && v.startsWith("@")) out[k] = this.object(v, [...path, k]).id;
      else if (k === "data" && v !== null && typeof v === "object" && !Array.isArray(v))
        out[k] = Object.fromEntries(
          Object.entries(v).map(([dk, dv]) => [dk, typeof dv === "string" ? this.namedIn(dv) : dv]),
        );
      else out[k] = v;
    }
    return out;
  }

  /**
   * Expected text (a reason) names cards as "(c12)" or "(@alias)"; the engine's text names them by
   * the handle the card had then, which a scenario can't know in advance.
   */
  namedIn(text: string): string {
    return text.replace(/\((@[A-Za-z0-9_-]+|c[0-9]+)\)/g, (whole, ref: string) => {
      const obj = ref.startsWith("@")
        ? this.game.state.objects[this.aliases.get(ref.slice(1)) ?? ""]
        : this.game.state.objects[ref];
      return obj?.handle ? `(${obj.handle})` : whole;
    });
  }

  private checkLog(want: NonNullable<Expectation["log"]>, path: YamlPath): void {
    const log = this.game.state.log as unknown as Record<string, Json>[];
    const partial = (actual: Json | undefined, p: Json): boolean => {
      if (p !== null && typeof p === "object" && !Array.isArray(p))
        return (
          actual !== null &&
          typeof actual === "object" &&
          !Array.isArray(actual) &&
          Object.entries(p).every(([k, v]) => partial((actual as Record<string, Json>)[k], v))
        );
      if (typeof p === "string" && typeof actual === "string" && p.startsWith("~"))
        return actual.includes(p.slice(1));
      return JSON.stringify(actual) === JSON.stringify(p);
    };
    let from = 0;
    (want.contains ?? []).forEach((raw, i) => {
      const p = this.normalizeLogPattern(raw as Record<string, Json>, [...path, "contains", i]);
      const k = log.findIndex((e, idx) => idx >= from && partial(e, p));
      if (k < 0)
        this.fail(
          [...path, "contains", i],
          `no log entry (after the previous match) matches ${JSON.stringify(raw)}`,
        );
      else from = k + 1;
    });
    (want.excludes ?? []).forEach((raw, i) => {
      const p = this.normalizeLogPattern(raw as Record<string, Json>, [...path, "excludes", i]);
      const hit = log.find((e) => partial(e, p));
      if (hit)
        this.fail(
          [...path, "excludes", i],
          `log entry ${JSON.stringify(hit)} matches ${JSON.stringify(raw)}, which should not appear`,
        );
    });
  }

  private checkDecision(want: NonNullable<Expectation["decision"]> | null, path: YamlPath): void {
    const d = this.game.decision;
    if (want === null) {
      if (d)
        this.fail(
          path,
          `expected no pending decision, but ${this.game.playerName(d.player)} has "${d.kind}": ${d.prompt}`,
        );
      return;
    }
    if (!d) {
      this.fail(
        path,
        `expected a pending decision, there is none (${this.game.over ? this.game.result?.reason : this.game.where()})`,
      );
      return;
    }
    const ids = d.options.map((o) => o.id);
    if (want.player !== undefined && this.player(want.player, [...path, "player"]) !== d.player)
      this.fail(
        [...path, "player"],
        `expected ${want.player} to decide, it is ${this.game.playerName(d.player)}`,
      );
    if (want.kind !== undefined && want.kind !== d.kind)
      this.fail([...path, "kind"], `expected a "${want.kind}" decision, got "${d.kind}"`);
    if (want.promptIncludes !== undefined && !d.prompt.includes(want.promptIncludes))
      this.fail([...path, "promptIncludes"], `prompt "${d.prompt}" lacks "${want.promptIncludes}"`);
    if (want.options) {
      const expected = want.options.map((o, i) => this.substitute(o, [...path, "options", i])).sort();
      if (JSON.stringify(expected) !== JSON.stringify([...ids].sort()))
        this.fail([...path, "options"], `expected options [${expected.join(", ")}], got [${ids.join(", ")}]`);
    }
    (want.includes ?? []).forEach((o, i) => {
      const id = this.substitute(o, [...path, "includes", i]);
      if (!ids.includes(id))
        this.fail([...path, "includes", i], `option "${id}" is not offered; options: ${ids.join(", ")}`);
    });
    (want.excludes ?? []).forEach((o, i) => {
      const id = this.substitute(o, [...path, "excludes", i]);
      if (ids.includes(id))
        this.fail([...path, "excludes", i], `option "${id}" is offered, but should not be`);
    });
  }
}

function collectEventPatterns(s: ParsedScenario): { pattern: EventPattern; window: string }[] {
  const out: { pattern: EventPattern; window: string }[] = [];
  const from = (e: ParsedExpectation | undefined): void => {
    for (const ev of e?.events ?? []) {
      const { window, viewer: _v, eq: _e, ...pattern } = ev;
      out.push({ pattern: pattern as EventPattern, window });
    }
  };
  from(s.expect);
  for (const step of s.script) if ("expect" in step) from(step.expect);
  return out;
}

/** Loads nothing: runs an already parsed scenario. Setup errors become one failure with their position. */
export function runScenario(loaded: LoadedScenario, options: ScenarioRunOptions = {}): ScenarioResult {
  let run: ScenarioRun;
  try {
    run = new ScenarioRun(loaded, options);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return {
      file: loaded.file,
      name: loaded.scenario.name,
      passed: false,
      covers: loaded.scenario.covers,
      failures: [{ ...e.position, path: "", message: e.detail }],
      steps: 0,
      notes: [],
    };
  }
  return run.run();
}

export type { Position };
