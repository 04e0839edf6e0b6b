/**
 * Non-interference of player views (DESIGN: each player's view hides what that player may not
 * see). Two games that differ only in cards hidden from an observer P — another card in an
 * opponent's hand, a different deck order, a different face-down card — must give P the same
 * view, byte for byte, after every action, until the rules reveal one of those cards to P.
 *
 * The check builds game B from game A by permuting what P can't see, then plays both in
 * lockstep: P's decisions must be identical (they are in P's view); another player's decision
 * takes the same option in both games where it exists, or an option with the same label (two
 * copies of a card, so the rules reveal the same thing whichever is chosen). It stops, passing,
 * when a card whose identity differs between the games is shown to P (a legitimate reveal), and
 * fails at the first difference in P's view that no such reveal explains.
 */
import type { Action, Game } from "../core/game.js";
import { objectsInProgress } from "../core/in-progress.js";
import type { Json } from "../core/json.js";
import { knowledgeOf } from "../core/knowledge.js";
import type { Preset } from "../core/preset.js";
import { nextInt, type RngState, seedRng } from "../core/rng.js";
import type { DecisionOption, GameState, PlayerId } from "../core/types.js";
import { publicView, redactEntry } from "../core/view.js";

export interface NonInterferenceOptions {
  /** Responses to play in lockstep at most. */
  maxActions?: number;
  /** The observer; default a random player. */
  observer?: PlayerId;
  /**
   * Random responses A plays alone before B is made from it (default: up to 60, drawn from the
   * seed), so the check starts from every stage of a game, not only its first turn. B is made at
   * the first decision of P's after that with no effect in the middle of resolving.
   */
  warmup?: number;
}

export type NonInterferenceResult =
  | {
      ok: true;
      observer: PlayerId;
      steps: number;
      /** Why the lockstep ended: the game ended, a differing card was revealed, no common option, the action limit. */
      ended: "gameOver" | "revealed" | "noCommonOption" | "limit";
      /** How many hidden cards B changed. */
      changed: number;
    }
  | {
      ok: false;
      observer: PlayerId;
      steps: number;
      changed: number;
      /** The first JSON path where P's views differ, and the two values there. */
      path: string;
      a: Json | undefined;
      b: Json | undefined;
      message: string;
    };

/** Everything P is shown: the view, and the log entries since the last look (a turn can end within one action). */
function observe(game: Game, p: PlayerId, from: number): { view: Json; entries: Json[] } {
  const view = game.viewFor(p) as unknown as Json;
  const entries: Json[] = [];
  const log = game.state.log;
  for (let i = from; i < log.length; i++) {
    const e = redactEntry(game, log[i]!, p) as Json | null;
    if (e !== null) entries.push(e);
  }
  return { view, entries };
}

/** The first differing path between two JSON values, and every differing leaf path (bounded). */
function diff(
  a: Json | undefined,
  b: Json | undefined,
  path: string,
  out: { path: string; a?: Json; b?: Json }[],
) {
  if (out.length >= 200) return;
  if (a === b) return;
  if (
    a === null ||
    b === null ||
    typeof a !== "object" ||
    typeof b !== "object" ||
    Array.isArray(a) !== Array.isArray(b)
  ) {
    out.push({ path, ...(a !== undefined ? { a } : {}), ...(b !== undefined ? { b } : {}) });
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) diff(a[i], b[i], `${path}[${i}]`, out);
    return;
  }
  const ao = a as Record<string, Json>;
  const bo = b as Record<string, Json>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) diff(ao[k], bo[k], path ? `${path}.${k}` : k, out);
}

/**
 * A difference the rules explain: a card's identity shown to P, or a log entry marked `shown` (a
 * card came from a hand or a deck to where P can follow it: a search that found something).
 */
function isReveal(d: { path: string; a?: Json; b?: Json }): boolean {
  if (/(^|\.)(card|name|shown)$/.test(d.path)) return true;
  const marked = (v: Json | undefined) =>
    v !== null && typeof v === "object" && !Array.isArray(v) && (v.shown === true || v.card !== undefined);
  return marked(d.a) || marked(d.b);
}

/**
 * The cards hidden from `p` whose identity may change: not those named by engine work in
 * progress, nor those `p` follows and saw (core/knowledge.ts: a snared shield is known).
 */
function hiddenCards(game: Game, p: PlayerId): { zone: string; index: number; faceDown: boolean }[] {
  const view = game.viewFor(p);
  const committed = objectsInProgress(game.state);
  for (const handle of knowledgeOf(game, p).objects.keys()) committed.add(game.obj(handle).id);
  const out: { zone: string; index: number; faceDown: boolean }[] = [];
  for (const [zid, zone] of Object.entries(game.state.zones)) {
    const shown = view.zones[zid]?.cards ?? [];
    zone.cards.forEach((id, index) => {
      const c = shown[index];
      if (c && "hidden" in c && !committed.has(id))
        out.push({ zone: zid, index, faceDown: game.state.objects[id]!.faceDown });
    });
  }
  return out;
}

function shuffled<T>(rng: RngState, xs: T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = nextInt(rng, i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * B's state: A's, with the identities of cards hidden from P permuted within each zone (and
 * between a player's hand and deck), and with the hidden cards of hands and decks reordered as
 * objects (ids travel with their cards: a different deck order). A card named by engine work in
 * progress keeps its identity (`objectsInProgress`: a pending trigger records its card), and so
 * does a card P follows and saw (`knowledgeOf`).
 */
export function perturbHidden(game: Game, p: PlayerId, rng: RngState): { state: GameState; changed: number } {
  const state = structuredClone(game.state);
  const hidden = hiddenCards(game, p);
  const groups = new Map<string, { zone: string; index: number }[]>();
  for (const h of hidden) {
    const key = `${h.zone}|${h.faceDown}`;
    const g = groups.get(key) ?? [];
    g.push(h);
    groups.set(key, g);
  }
  let changed = 0;
  const idAt = (h: { zone: string; index: number }) => state.zones[h.zone]!.cards[h.index]!;
  const intensity = nextInt(rng, 3); // 0: a few swaps, 1: one zone permuted, 2: every zone permuted
  const keys = [...groups.keys()];
  const chosen =
    intensity === 2 ? keys : intensity === 1 ? [keys[nextInt(rng, Math.max(1, keys.length))]!] : [];
  for (const key of chosen) {
    const g = groups.get(key);
    if (!g || g.length < 2) continue;
    const ids = g.map(idAt);
    const cards = shuffled(
      rng,
      ids.map((id) => state.objects[id]!.card),
    );
    ids.forEach((id, i) => {
      if (state.objects[id]!.card !== cards[i]) changed++;
      state.objects[id]!.card = cards[i]!;
    });
  }
  // A few swaps of identity between a player's hand and deck, and within any hidden zone.
  const swaps = 1 + nextInt(rng, 3);
  for (let k = 0; k < swaps && hidden.length >= 2; k++) {
    const x = hidden[nextInt(rng, hidden.length)]!;
    const sameZone = hidden.filter(
      (h) => h !== x && h.faceDown === x.faceDown && sameOwnerPool(state, h.zone, x.zone),
    );
    if (sameZone.length === 0) continue;
    const y = sameZone[nextInt(rng, sameZone.length)]!;
    const ox = state.objects[idAt(x)]!;
    const oy = state.objects[idAt(y)]!;
    if (ox.card !== oy.card) changed += 2;
    [ox.card, oy.card] = [oy.card, ox.card];
  }
  // Reorder the objects of untracked hidden zones (hands, decks): ids move with their cards.
  for (const [zid, zone] of Object.entries(state.zones)) {
    if (zone.visibility === "public" || nextInt(rng, 2) === 0) continue;
    if (zone.visibility === "owner" && zone.owner === p) continue;
    const order = shuffled(rng, zone.cards);
    if (order.some((id, i) => id !== zone.cards[i])) changed++;
    state.zones[zid]!.cards = order;
  }
  return { state, changed };
}

/** Hand and the zone drawn from, of one owner, form one pool; any other zone is a pool of its own. */
function sameOwnerPool(state: GameState, a: string, b: string): boolean {
  if (a === b) return true;
  const za = state.zones[a]!;
  const zb = state.zones[b]!;
  if (za.owner !== zb.owner) return false;
  const kinds = new Set([za.kind, zb.kind]);
  return kinds.has("hand") && (kinds.has("deck") || kinds.has("library"));
}

/** An option's label with anything that names an object masked, to find copies of a card. */
function shape(o: DecisionOption): string {
  return o.label.replace(/\bk[a-z2-9]{7}\b|\bc[0-9]+\b|\S+#[0-9]+|\([^)]*\)/g, "*");
}

/**
 * An option's label with every card name masked: two options with the same id and the same
 * masked label do the same public thing to a different hidden card (Set one card or another).
 */
function masked(preset: Preset, label: string): string {
  let out = label;
  for (const name of namesByLength(preset)) if (out.includes(name)) out = out.split(name).join("*");
  return out;
}

const names = new WeakMap<Preset, string[]>();
function namesByLength(preset: Preset): string[] {
  let list = names.get(preset);
  if (!list) {
    list = [...new Set(preset.cards.map((c) => c.name))].sort((x, y) => y.length - x.length);
    names.set(preset, list);
  }
  return list;
}

/**
 * Every card id P has been shown: in the view's zones now, and in any log entry P was shown (a
 * card P saw go into a hand keeps its handle there). An option naming one is not a hidden choice.
 */
function idsShown(game: Game, p: PlayerId, seen: Set<string>): Set<string> {
  const out = new Set(seen);
  const walk = (c: { id?: string; under?: unknown[] }): void => {
    if (c.id) out.add(c.id);
    for (const u of (c.under ?? []) as { id?: string }[]) walk(u);
  };
  for (const z of Object.values(game.viewFor(p).zones)) for (const c of z.cards) walk(c);
  return out;
}

/** Adds the card ids in entries P was shown to `seen`. */
function noteIds(entries: Json[], seen: Set<string>): void {
  for (const e of entries) {
    const id = (e as { obj?: unknown }).obj;
    if (typeof id === "string") seen.add(id);
  }
}

function namesShown(o: DecisionOption, shown: Set<string>): boolean {
  return o.id.split(/[^A-Za-z0-9@#-]+/).some((t) => shown.has(t));
}

/** P decides, and no effect is in the middle of resolving: nothing on the engine's stack holds a hidden card. */
function quiet(game: Game, p: PlayerId): boolean {
  return (
    game.decision?.player === p &&
    game.state.pending.length === 0 &&
    game.state.tasks.every((t) => t.t !== "script" && t.t !== "resolve")
  );
}

function pick<T>(rng: RngState, xs: T[]): T {
  return xs[nextInt(rng, xs.length)]!;
}

/**
 * Plays A (from `makeGame`, created and set up but not run) and its perturbation B in lockstep
 * and compares P's views after every response.
 */
export function checkNonInterference(
  preset: Preset,
  makeGame: () => Game,
  seed: number,
  opts: NonInterferenceOptions = {},
): NonInterferenceResult {
  const rng = seedRng(seed ^ 0x6a09e667);
  const a = makeGame().run();
  const observer = opts.observer ?? nextInt(rng, a.state.players.length);
  const warmup = opts.warmup ?? nextInt(rng, 61);
  for (let i = 0; !a.over && (i < warmup || !quiet(a, observer)); i++) {
    if (i > warmup + 500) break;
    a.act({ player: a.decision!.player, choice: pick(rng, a.decision!.options).id });
  }
  if (a.over) return { ok: true, observer, steps: 0, ended: "gameOver", changed: 0 };
  const { state, changed } = perturbHidden(a, observer, rng);
  const GameClass = a.constructor as typeof Game;
  const b = GameClass.fromState(preset, state);
  let seenA = a.state.log.length;
  let seenB = b.state.log.length;
  const knownA = new Set<string>();
  const knownB = new Set<string>();
  noteIds(observe(a, observer, 0).entries, knownA);
  noteIds(observe(b, observer, 0).entries, knownB);
  const max = opts.maxActions ?? 400;
  let steps = 0;
  const compare = (): NonInterferenceResult | "revealed" | null => {
    const oa = observe(a, observer, seenA);
    const ob = observe(b, observer, seenB);
    noteIds(oa.entries, knownA);
    noteIds(ob.entries, knownB);
    seenA = a.state.log.length;
    seenB = b.state.log.length;
    const diffs: { path: string; a?: Json; b?: Json }[] = [];
    diff(oa as unknown as Json, ob as unknown as Json, "", diffs);
    // A spectator sees only what every player sees: their view can't differ either.
    if (diffs.length === 0)
      diff(publicView(a) as unknown as Json, publicView(b) as unknown as Json, "public", diffs);
    if (diffs.length === 0) return null;
    if (diffs.some(isReveal)) return "revealed";
    const first = diffs[0]!;
    return {
      ok: false,
      observer,
      steps,
      changed,
      path: first.path,
      a: first.a,
      b: first.b,
      message: `${first.path.startsWith("public") ? "a spectator's" : `P${observer + 1}'s`} view differs after ${steps} responses at ${first.path}: ${JSON.stringify(first.a)} vs ${JSON.stringify(first.b)}`,
    };
  };
  const first = compare();
  if (first === "revealed") return { ok: true, observer, steps, ended: "revealed", changed };
  if (first) return first;
  while (steps < max) {
    if (a.over || b.over) return { ok: true, observer, steps, ended: "gameOver", changed };
    const da = a.decision!;
    const db = b.decision!;
    let choiceA: DecisionOption;
    let choiceB: DecisionOption;
    if (da.player === observer) {
      choiceA = pick(rng, da.options);
      const same = db.player === observer ? db.options.find((o) => o.id === choiceA.id) : undefined;
      if (!same)
        return {
          ok: false,
          observer,
          steps,
          changed,
          path: "decision.options",
          a: da.options.map((o) => o.id),
          b: db.options.map((o) => o.id),
          message: `P${observer + 1}'s own options differ after ${steps} responses`,
        };
      choiceB = same;
    } else {
      // Another player decides: the same option where both games have it; else a copy of the
      // same card (same label), which the rules reveal identically; else any common option.
      const common = da.options.filter((o) =>
        db.options.some((x) => x.id === o.id && masked(preset, x.label) === masked(preset, o.label)),
      );
      const wanted = pick(rng, da.options);
      const shownA = idsShown(a, observer, knownA);
      const shownB = idsShown(b, observer, knownB);
      const twins = namesShown(wanted, shownA)
        ? []
        : db.options.filter(
            (o) => o.id !== wanted.id && shape(o) === shape(wanted) && !namesShown(o, shownB),
          );
      if (twins.length > 0 && (nextInt(rng, 2) === 0 || !common.includes(wanted))) {
        choiceA = wanted;
        choiceB = pick(rng, twins);
      } else if (common.includes(wanted)) {
        choiceA = wanted;
        choiceB = db.options.find((o) => o.id === wanted.id)!;
      } else if (common.length > 0) {
        choiceA = pick(rng, common);
        choiceB = db.options.find((o) => o.id === choiceA.id)!;
      } else return { ok: true, observer, steps, ended: "noCommonOption", changed };
    }
    const act = (d: typeof da, o: DecisionOption): Action => ({
      player: d.player,
      decision: d.id,
      choice: o.id,
    });
    a.act(act(da, choiceA));
    b.act(act(db, choiceB));
    steps++;
    const r = compare();
    if (r === "revealed") return { ok: true, observer, steps, ended: "revealed", changed };
    if (r) return r;
  }
  return { ok: true, observer, steps, ended: "limit", changed };
}
