/**
 * The invariants of DESIGN.md as reusable checks, shared by the property tests
 * (tests/properties/*.test.ts) and the fuzzer (src/testing/fuzz.ts). Each check returns what is
 * wrong — a list of problems, or null — rather than throwing, so a test asserts the list is
 * empty and the fuzzer reports it with the seed and the response index.
 *
 * - Cards are conserved: every object lies in exactly one place (a zone, or under another card).
 * - An illegal action is refused with an IllegalActionError and changes nothing.
 * - State is plain data: a saved state continues exactly as the game it came from, and a
 *   snapshot restores the byte-identical state.
 * - Deterministic: the digest of `serialize()` names a state (compare it across processes).
 * - Views never name a card hidden from the viewer (the hidden-identity check); non-interference
 *   itself is src/testing/noninterference.ts.
 * - The preset's own invariants hold (`Preset.invariants`: Duel Masters Play's zone limits).
 */

import { bytesToHex } from "@noble/hashes/utils.js";
import { IllegalActionError } from "../core/errors.js";
import { type Action, Game, type Snapshot } from "../core/game.js";
import type { JsonObject } from "../core/json.js";
import { plural } from "../core/labels.js";
import type { Preset } from "../core/preset.js";
import { nextInt, type Seed, seedRng } from "../core/rng.js";
import { sha256 } from "../core/sha256.js";
import type { GameObject } from "../core/types.js";
import type { HiddenCard, PlayerView, VisibleCard } from "../core/view.js";
import type { NonInterferenceResult } from "./noninterference.js";

/** The invariants, by the names reports use. */
export type InvariantId =
  | "conservation"
  | "determinism"
  | "serialization"
  | "snapshot"
  | "nonInterference"
  | "engineError"
  | "illegalAction"
  | "hiddenIdentity"
  | "legalActivation"
  | "presetRules";

// ---- games to check ---------------------------------------------------------------------------

/** Which decks a game is played with: the preset's own sample decks, or random legal decks from its whole library. */
export type DeckKind = "sample" | "random";

/**
 * A new game of `preset` (created and set up, not run): with its sample decks, or with random
 * legal decks from its whole library (`Preset.randomDecks`, drawn from the seed `decks:<seed>`).
 * A preset without `randomDecks` plays its sample decks either way.
 */
/**
 * The options a fuzzed game `seed` is played under: for each option the preset marks `fuzz`, one
 * of its values drawn from `seedRng("options:<seed>")` (so every worker and replay agrees).
 */
export function fuzzOptions(preset: Preset, seed: Seed): JsonObject {
  const rng = seedRng(`options:${seed}`);
  const out: JsonObject = {};
  for (const [name, def] of Object.entries(preset.options ?? {}))
    if (def.fuzz && def.values && def.values.length > 0)
      out[name] = def.values[nextInt(rng, def.values.length)]!;
  return out;
}

export function newGameOf(
  preset: Preset,
  seed: Seed,
  decks: DeckKind,
  options: JsonObject = fuzzOptions(preset, seed),
): Game {
  if (decks === "random" && preset.randomDecks) {
    const rng = seedRng(`decks:${seed}`);
    return Game.create(preset, { seed, options, decks: preset.randomDecks(2, (n) => nextInt(rng, n)) });
  }
  return Game.create(preset, { seed, options });
}

/** The decks a game of `preset` is really played with when `wanted` is asked. */
export function deckKindOf(preset: Preset, wanted: DeckKind): DeckKind {
  return wanted === "random" && preset.randomDecks ? "random" : "sample";
}

/** A failed non-interference check in one line; "" when it passed. */
export function explainNonInterference(r: NonInterferenceResult): string {
  return r.ok ? "" : `${r.message} (${r.changed} hidden cards changed)`;
}

// ---- legal activation ------------------------------------------------------------------------

/**
 * Only legal activations are offered (DESIGN, legal activation): every option of the pending
 * decision of the form `activate:<card>:<ability>` names an activated ability that
 * `canActivate` allows its decider now. Returns the offending options with their reasons.
 */
/** What breaks the preset's own invariants now (`Preset.invariants`), each named by its id; [] when none. */
export function presetInvariantProblems(game: Game): string[] {
  const out: string[] = [];
  for (const inv of game.rules.preset.invariants ?? [])
    for (const p of inv.check(game)) out.push(`${inv.id}: ${p}`);
  return out;
}

export function offeredActivationProblems(game: Game): string[] {
  const d = game.state.decision;
  if (!d) return [];
  const problems: string[] = [];
  for (const o of d.options) {
    const m = /^activate:([^:]+):([^:]+)$/.exec(o.id);
    if (!m) continue;
    let verdict: ReturnType<Game["canActivate"]>;
    try {
      // The options are the player's the decision is for: in a turn another player controls (CR
      // 722.4) the decider (`player`) is the controller, the options the controlled player's.
      verdict = game.canActivate(m[1]!, m[2]!, { player: d.for ?? d.player });
    } catch (e) {
      problems.push(`option ${o.id}: canActivate threw ${(e as Error).message}`);
      continue;
    }
    if (!verdict.ok)
      problems.push(
        `option ${o.id} is offered, but: ${verdict.reasons.map((r) => `${r.kind}: ${r.text}`).join("; ")}`,
      );
  }
  return problems;
}

// ---- conservation ----------------------------------------------------------------------------

/**
 * Cards are conserved (DESIGN): every object of the state lies in exactly one place — a zone's
 * list, or the `under` list of another card — none is lost, none is duplicated, none is placed
 * that is not an object; a card in a zone says that zone, and a card under another says which.
 */
export function conservationProblems(game: Game): string[] {
  const problems: string[] = [];
  const objects = game.state.objects;
  const where = new Map<string, string>();
  const place = (id: string, at: string): void => {
    const before = where.get(id);
    if (before !== undefined) problems.push(`card ${id} is in two places: ${before} and ${at}`);
    else where.set(id, at);
  };
  const walkUnder = (top: GameObject, depth: number): void => {
    if (depth > 64) {
      problems.push(`cards under ${top.id} nest more than 64 deep (a cycle?)`);
      return;
    }
    for (const u of top.under) {
      place(u, `under ${top.id}`);
      const o = objects[u];
      if (!o) continue;
      if (o.underOf !== top.id) problems.push(`card ${u} lies under ${top.id} but says underOf ${o.underOf}`);
      walkUnder(o, depth + 1);
    }
  };
  for (const zone of Object.values(game.state.zones))
    for (const id of zone.cards) {
      place(id, `zone ${zone.id}`);
      const o = objects[id];
      if (!o) continue;
      if (o.underOf !== null)
        problems.push(`card ${id} lies in zone ${zone.id} but says underOf ${o.underOf}`);
      if (o.zone !== zone.id) problems.push(`card ${id} lies in zone ${zone.id} but says zone ${o.zone}`);
      walkUnder(o, 0);
    }
  for (const id of where.keys())
    if (!objects[id]) problems.push(`card ${id} is placed but is no object (created)`);
  for (const id of Object.keys(objects))
    if (!where.has(id)) problems.push(`card ${id} lies in no zone and under no card (lost)`);
  return problems;
}

// ---- illegal actions -------------------------------------------------------------------------

/** A response that is refused: an IllegalActionError whose message matches, and the state byte-identical. */
function refusal(game: Game, what: string, action: Action, message: RegExp, before: string): string[] {
  const out: string[] = [];
  try {
    game.act(action);
    out.push(`${what} (${JSON.stringify(action)}) was accepted`);
  } catch (e) {
    if (!(e instanceof IllegalActionError))
      out.push(
        `${what} threw ${(e as Error)?.name ?? typeof e}, not IllegalActionError: ${(e as Error)?.message}`,
      );
    else if (!message.test(e.message))
      out.push(`${what} was refused, but the message does not match ${message}: ${e.message}`);
  }
  const after = game.serialize();
  if (after !== before) out.push(`${what} changed the state: ${firstDifference(before, after)}`);
  return out;
}

/**
 * An illegal action is refused and changes nothing (DESIGN): a choice that is no option (`junk`,
 * made unlike every option), the right choice from the wrong player, and an answer to a decision
 * that is not the pending one. Nothing to check when no decision is pending.
 */
export function illegalActionProblems(game: Game, junk: string): string[] {
  const d = game.decision;
  if (!d || d.options.length === 0) return [];
  const before = game.serialize();
  const bad = d.options.some((o) => o.id === junk) ? `${junk}#not-an-option` : junk;
  const first = d.options[0]!.id;
  const problems = [
    ...refusal(
      game,
      "a choice that is no option",
      { player: d.player, choice: bad },
      /is not an option/,
      before,
    ),
  ];
  const n = game.state.players.length;
  if (n > 1)
    problems.push(
      ...refusal(
        game,
        "another player's answer",
        { player: (d.player + 1) % n, choice: first },
        /cannot answer/,
        before,
      ),
    );
  problems.push(
    ...refusal(
      game,
      "an answer to a decision not pending",
      { player: d.player, decision: d.id + 1, choice: first },
      /is not pending/,
      before,
    ),
  );
  return problems;
}

// ---- serialization and snapshots -------------------------------------------------------------

/** The sha256 of a state's serialization, in hex: equal digests, equal games. */
export function stateDigest(game: Game | string): string {
  const text = typeof game === "string" ? game : game.serialize();
  return bytesToHex(sha256(new TextEncoder().encode(text)));
}

/** Where two serializations first differ, with a little context, for messages. */
export function firstDifference(a: string, b: string): string {
  let i = 0;
  const n = Math.min(a.length, b.length);
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n && a.length === b.length) return "identical";
  const from = Math.max(0, i - 60);
  return `first difference at character ${i}: …${a.slice(from, i + 40)}… vs …${b.slice(from, i + 40)}…`;
}

/** A point of a game to come back to: its JSON, and a snapshot. */
export interface SavePoint {
  /** How many responses the game had been given then. */
  at: number;
  saved: string;
  snapshot: Snapshot;
}

export function savePoint(game: Game, at: number): SavePoint {
  return { at, saved: game.serialize(), snapshot: game.snapshot() };
}

function replayTail(game: Game, tail: readonly Action[]): string | null {
  for (let i = 0; i < tail.length; i++) {
    try {
      game.act(tail[i]!);
    } catch (e) {
      return `response ${i} of the tail (${JSON.stringify(tail[i])}) threw: ${(e as Error)?.message ?? String(e)}`;
    }
  }
  return null;
}

/**
 * State is plain data (DESIGN): `game` took `point`, went on with the responses `tail`, and its
 * state should now be `final`. The JSON saved at the point deserializes to the same JSON and,
 * given `tail`, reaches `final` byte for byte; restoring the snapshot in `game` gives back the
 * saved state byte for byte (and, with `replayRestored`, reaches `final` again from there).
 */
export function savePointProblems(
  preset: Preset,
  game: Game,
  point: SavePoint,
  tail: readonly Action[],
  final: string,
  opts: { replayRestored?: boolean } = {},
): { invariant: "serialization" | "snapshot" | "determinism"; message: string }[] {
  const out: { invariant: "serialization" | "snapshot" | "determinism"; message: string }[] = [];
  const now = game.serialize();
  if (now !== final)
    out.push({
      invariant: "determinism",
      message: `the game that went on from response ${point.at} is not the expected one: ${firstDifference(final, now)}`,
    });
  let copy: Game | null = null;
  try {
    copy = Game.deserialize(preset, point.saved);
  } catch (e) {
    out.push({
      invariant: "serialization",
      message: `the state saved at response ${point.at} does not deserialize: ${(e as Error)?.message}`,
    });
  }
  if (copy) {
    const again = copy.serialize();
    if (again !== point.saved)
      out.push({
        invariant: "serialization",
        message: `deserialize(serialize()) at response ${point.at} is not the same state: ${firstDifference(point.saved, again)}`,
      });
    else {
      const err = replayTail(copy, tail);
      const end = copy.serialize();
      if (err)
        out.push({
          invariant: "serialization",
          message: `the game deserialized at response ${point.at}: ${err}`,
        });
      else if (end !== final)
        out.push({
          invariant: "serialization",
          message: `the game deserialized at response ${point.at} ends differently after the same ${plural(tail.length, "response")}: ${firstDifference(final, end)}`,
        });
    }
  }
  try {
    game.restore(point.snapshot);
  } catch (e) {
    out.push({
      invariant: "snapshot",
      message: `restoring the snapshot of response ${point.at} threw: ${(e as Error)?.message}`,
    });
    return out;
  }
  const restored = game.serialize();
  if (restored !== point.saved)
    out.push({
      invariant: "snapshot",
      message: `snapshot at response ${point.at}, ${plural(tail.length, "response")}, restore: not the same state: ${firstDifference(point.saved, restored)}`,
    });
  else if (opts.replayRestored) {
    const err = replayTail(game, tail);
    const end = game.serialize();
    if (err)
      out.push({ invariant: "snapshot", message: `the game restored to response ${point.at}: ${err}` });
    else if (end !== final)
      out.push({
        invariant: "snapshot",
        message: `the game restored to response ${point.at} ends differently after the same responses: ${firstDifference(final, end)}`,
      });
  }
  return out;
}

// ---- hidden identities in views --------------------------------------------------------------

/** What one player has seen so far: card ids and printed names (a card once seen may be named later). */
export interface Seen {
  ids: Set<string>;
  names: Set<string>;
}

/**
 * The cards (ids and printed names) a view shows, walking under-cards too, and the names the rules
 * revealed in this turn's log (a reveal, a card shown as it moves).
 */
export function visibleIn(view: PlayerView): Seen {
  const ids = new Set<string>();
  const names = new Set<string>();
  const walk = (c: VisibleCard | HiddenCard): void => {
    if ("hidden" in c) return;
    ids.add(c.id);
    names.add(c.name);
    for (const u of c.under) walk(u);
  };
  for (const z of Object.values(view.zones)) for (const c of z.cards) walk(c);
  for (const e of view.log) {
    const data = e.data as { revealed?: unknown } | undefined;
    if ((e.type === "reveal" || data?.revealed === true) && typeof e.name === "string") names.add(e.name);
  }
  return { ids, names };
}

/** Whether `text` mentions `word` as a whole word. */
export function mentions(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![A-Za-z0-9_-])${escaped}(?![A-Za-z0-9_-])`).test(text);
}

/**
 * Hidden cards whose referee id, or printed name, appears in `text` (a rendering of what a
 * viewer is shown). A name counts only when the viewer has never seen a card of that name, so a
 * public copy of a card (or one the viewer saw before it was hidden again) is no false alarm.
 */
export function leaks(game: Game, text: string, visible: Seen, seen: Seen): string[] {
  const out: string[] = [];
  for (const obj of Object.values(game.state.objects)) {
    if (visible.ids.has(obj.id) || seen.ids.has(obj.id)) continue;
    const where = (word: string) => {
      const i = text.indexOf(word);
      return ` (${obj.id} in ${obj.zone}; the view says …${text.slice(Math.max(0, i - 160), i + 60)}…)`;
    };
    if (mentions(text, obj.id)) out.push(`id ${obj.id}${where(obj.id)}`);
    const name = game.rules.card(obj.card).name;
    if (!visible.names.has(name) && !seen.names.has(name) && mentions(text, name))
      out.push(`name ${name}${where(name)}`);
  }
  return out;
}

/** What a view that forgot to hide anything would show: every card's id and name. */
export function unredacted(game: Game): string {
  return JSON.stringify(
    Object.values(game.state.zones).map((z) =>
      z.cards.map((id) => ({ id, name: game.rules.card(game.state.objects[id]!.card).name })),
    ),
  );
}

/**
 * A watcher of every player's view over a game: call it after every action; it returns the
 * hidden cards a view named (empty when none), remembering what each player has seen.
 */
export function hiddenIdentityWatch(game: Game): { check(game: Game): string[]; hiddenChecked: number } {
  const seen: Seen[] = game.state.players.map(() => ({ ids: new Set(), names: new Set() }));
  const watch = {
    hiddenChecked: 0,
    check(g: Game): string[] {
      const out: string[] = [];
      for (const p of g.state.players) {
        const view = g.viewFor(p.id);
        const visible = visibleIn(view);
        for (const f of leaks(g, JSON.stringify(view), visible, seen[p.id]!))
          out.push(`${p.name}'s view names ${f}`);
        watch.hiddenChecked += Object.keys(g.state.objects).length - visible.ids.size;
        for (const id of visible.ids) seen[p.id]!.ids.add(id);
        for (const n of visible.names) seen[p.id]!.names.add(n);
      }
      return out;
    },
  };
  return watch;
}
