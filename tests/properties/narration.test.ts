/**
 * Narration as a class: over seeded random games of every preset, read as every player and as an
 * onlooker who sees everything, every line reads as what happened — no "1 cards", no empty or
 * placeholder line, no hidden card named to a player who can't see it, every answer said or told
 * by what it caused, and every ability that triggered narrated to its end (resolved, declined, or
 * dropped with the reason why).
 */
import { describe, expect, it } from "vitest";
import { Game } from "../../src/core/game.js";
import type { JsonObject } from "../../src/core/json.js";
import { pluralOf } from "../../src/core/labels.js";
import { idsInChoice, type NarratedLine, type Told, tell } from "../../src/core/narrate.js";
import { Narrator } from "../../src/core/narrator.js";
import type { Preset } from "../../src/core/preset.js";
import type { LogEntry, PlayerId } from "../../src/core/types.js";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { responder } from "../support/play.js";

const SEEDS = Number(process.env.TURNKIT_NARRATION_SEEDS ?? 12);
const MAX_ACTIONS = 300;

/** Nouns counted in narration and messages: "1 card" and "2 cards", never "1 cards" or "2 card". */
const NOUNS = [
  "card",
  "creature",
  "monster",
  "shield",
  "counter",
  "action",
  "file",
  "turn",
  "decision",
  "response",
  "game",
  "seal",
  "time",
  "copy",
  "token",
  "land",
  "spell",
  "ability",
  "effect",
  "material",
  "tribute",
  "attack",
  "life point",
];
const ONE_MANY = new RegExp(
  `(?<![\\w.,/])1 (${[...NOUNS.map(pluralOf), "copies", "abilities"].join("|")})\\b`,
);
/** A count before a singular noun ("800 effect damage" is no count of effects). */
const MANY_ONE = new RegExp(`(?<![\\w.,/])(0|[2-9]|\\d{2,}) (${NOUNS.join("|")})\\b(?![-\\w]| damage)`);
/** Values that leaked into a sentence, and stand-ins for words that are missing. */
const PLACEHOLDER =
  /\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]|\(an answer only they see\)|→\s*$|^\s*→/;

/** Answers that only let the moment pass. */
const PASSING =
  /^(pass\b|pass priority|don't|do not|decline|done\b|no more|keep it in hand|leave it in|conduct the normal draw|go to the)/i;

/** Every problem one line has, on its own. */
function lineProblems(text: string): string[] {
  const out: string[] = [];
  if (text.trim() === "") out.push("an empty line");
  if (PLACEHOLDER.test(text)) out.push(`a placeholder: ${text}`);
  if (ONE_MANY.test(text)) out.push(`one, plural: ${text}`);
  if (MANY_ONE.test(text)) out.push(`many, singular: ${text}`);
  if (/ \(k[a-z2-9]{7}\)/.test(text)) out.push(`a card's handle: ${text}`);
  if (/(?<!\.)\.\.$/.test(text)) out.push(`two full stops: ${text}`);
  return out;
}

interface Heard {
  line: NarratedLine;
  told: Told;
}

/** The narration of one game for each reader (null: the onlooker who sees everything). */
interface Played {
  game: Game;
  log: LogEntry[];
  /** Each decision's number of options, by decision id. */
  options: Map<number, number>;
  heard: Map<PlayerId | null, Heard[]>;
}

function play(preset: Preset, seed: number): Played {
  const game = Game.create(preset, { seed });
  const log: LogEntry[] = [];
  const heard = new Map<PlayerId | null, Heard[]>();
  const narrators: Narrator[] = [];
  for (const viewer of [null, ...game.state.players.map((p) => p.id)]) {
    const lines: Heard[] = [];
    heard.set(viewer, lines);
    narrators.push(new Narrator(game, viewer, (line, told) => lines.push({ line, told })));
  }
  game.onEvent((e) => {
    log.push(e);
    for (const n of narrators) n.push(e);
  });
  game.run();
  const pick = responder(seed);
  const options = new Map<number, number>();
  for (let n = 0; !game.over && n < MAX_ACTIONS; n++) {
    options.set(game.decision!.id, game.decision!.options.length);
    game.act(pick(game));
  }
  for (const n of narrators) n.flush();
  return { game, log, options, heard };
}

/** The library's card names in a text, longest first (a name inside a longer one is not counted). */
function namesIn(text: string, names: readonly string[]): string[] {
  const found: string[] = [];
  for (const n of names) if (text.includes(n) && !found.some((f) => f.includes(n))) found.push(n);
  return found;
}

/** Every problem of a played game. */
function problems(preset: Preset, played: Played): string[] {
  const { game, log, options, heard } = played;
  const names = [...new Set(preset.cards.map((c) => c.name))].sort((a, b) => b.length - a.length);
  const out: string[] = [];
  for (const [viewer, lines] of heard) {
    const as = viewer === null ? "onlooker" : game.playerName(viewer);
    for (const { line } of lines) for (const p of lineProblems(line.text)) out.push(`${as}: ${p}`);
  }
  // A card's name is told only to a reader its entry tells it to.
  for (const e of log) {
    if (!e.name) continue;
    for (const p of game.state.players) {
      const told = tell(game, e, p.id);
      if (!told?.line || told.entry.name === e.name) continue;
      if (JSON.stringify(told.entry).includes(e.name)) continue;
      if (told.line.text.includes(e.name))
        out.push(`${game.playerName(p.id)} reads a card hidden from them: ${told.line.text}`);
    }
  }
  // Another player's answers are never read.
  for (const [viewer, lines] of heard)
    for (const { told, line } of lines)
      if (viewer !== null && told.entry.type === "decision" && told.entry.player !== viewer)
        out.push(`${game.playerName(viewer)} reads another player's answer: ${line.text}`);
  // Every answer is said, or told by a line after it (before the next answer said) naming its
  // card — to the onlooker and to the player who answered.
  for (const [viewer, lines] of heard) {
    // Said, or merged with the same line before it ("(×2)").
    const saidTexts = new Set(lines.map((h) => h.line.text.replace(/ \(×\d+\)$/, "")));
    for (let i = 0; i < log.length; i++) {
      const d = log[i]!;
      const own = tell(game, d, viewer)?.line;
      if (d.type !== "decision" || !own || saidTexts.has(own.text)) continue;
      const data = d.data as JsonObject;
      let end = Number.POSITIVE_INFINITY;
      let after = false;
      for (let j = i + 1; j < log.length; j++) {
        const line = tell(game, log[j]!, viewer)?.line;
        if (log[j]!.type !== "decision") after ||= line != null;
        else if (after && line) {
          end = log[j]!.seq;
          break;
        }
      }
      const cards = namesIn(String(data.label), names);
      const ids = new Set([
        ...idsInChoice(String(data.choice)),
        ...(typeof data.about === "string" ? [data.about] : []),
      ]);
      const told = log.slice(i + 1).some((e) => {
        if (e.seq >= end || e.type === "decision") return false;
        const line = tell(game, e, viewer)?.line;
        if (!line || !saidTexts.has(line.text)) return false;
        return cards.some((c) => line.text.includes(c)) || [e.h, e.hWas].some((x) => ids.has(String(x)));
      });
      if (!told)
        out.push(
          `${viewer === null ? "onlooker" : game.playerName(viewer)}: an answer nothing tells: ${String(data.prompt)} → ${String(data.label)}`,
        );
    }
  }
  // An answer that only lets the moment pass ("Pass", "Don't respond", "Keep it in hand") is not said.
  for (const d of log) {
    if (d.type !== "decision") continue;
    const line = tell(game, d, null)?.line;
    if (line && PASSING.test(String((d.data as JsonObject).label)))
      out.push(`an answer that only lets the moment pass: ${line.text}`);
  }
  // No card changes zones unsaid: a preset leaves one unsaid ("") only when another line tells it.
  for (const e of log) {
    if (e.from === undefined || e.to === undefined) continue;
    const told = tell(game, e, null);
    if (told && !told.line && !told.byPreset) out.push(`a card changes zones unsaid: ${e.type} ${e.name}`);
  }
  // A question with one answer is no choice: said, if at all, as the question alone.
  for (const d of log)
    if (d.type === "decision" && options.get(Number((d.data as JsonObject).decision)) === 1) {
      const line = tell(game, d, null)?.line;
      if (line?.text.includes("→")) out.push(`an answer to a question with one answer: ${line.text}`);
    }
  // A player declines only an ability (or a keyword) their card has.
  for (const e of log) {
    const ability = (e.data as JsonObject | undefined)?.ability;
    if (e.type !== "decline" || typeof ability !== "string" || e.card === undefined) continue;
    const card = game.rules.cards.get(e.card);
    if (!card?.abilities?.some((a) => a.id === ability) && !card?.keywords?.includes(ability))
      out.push(`${e.name} has no ${ability} to decline: ${tell(game, e, null)?.line?.text}`);
  }
  // Every ability that triggered (before the last turn) is told of again: it resolves, is declined
  // or is dropped with the reason — unless its trigger's line, in the preset's words, says what it
  // does (a lingering effect applied at once). Each claims a line of its own about it: an entry
  // naming its pending id, else one about the same card and ability.
  const last = game.state.clock.turn.id;
  const claimed = new Set<number>();
  for (let i = 0; i < log.length; i++) {
    const t = log[i]!;
    const td = t.data as JsonObject;
    if (t.type !== "trigger" || (t.turn ?? 0) >= last || tell(game, t, null)?.byPreset) continue;
    const told = (e: LogEntry) => !claimed.has(e.seq) && e.type !== "trigger" && !!tell(game, e, null)?.line;
    const rest = log.slice(i + 1);
    const end =
      rest.find((e) => told(e) && (e.data as JsonObject | undefined)?.pending === td.pending) ??
      rest.find((e) => {
        const d = (e.data ?? {}) as JsonObject;
        return told(e) && e.obj === t.obj && (d.ability === td.ability || e.cause?.ability === td.ability);
      });
    if (end) claimed.add(end.seq);
    else out.push(`${t.name}'s ability (${String(td.ability)}) triggered and was never told of again`);
  }
  return out;
}

describe("narration over random games", () => {
  it("the checks find what they look for", () => {
    expect(lineProblems("P1 untaps their creatures and mana (1 cards).")).toHaveLength(1);
    expect(lineProblems("P1 draws 2 card.")).toHaveLength(1);
    expect(lineProblems("  ")).toHaveLength(1);
    expect(lineProblems("P1: Respond with a card only you can see? → ")).toHaveLength(1);
    expect(lineProblems("→ P1: (an answer only they see)")).not.toEqual([]);
    expect(lineProblems("P1 untaps their creatures and mana (1 card).")).toEqual([]);
    expect(lineProblems("Chain Link 1 resolves.")).toEqual([]);
    expect(lineProblems("⛔ Kureyaa: used in turn 9, by Kureyaa (krbwpw7g)")).toHaveLength(1);
    expect(lineProblems("P2 draws Ryuso-ou Q.E.D..")).toHaveLength(1);
    expect(lineProblems("P1 thinks...")).toEqual([]);
  });

  for (const id of presetIds()) {
    const preset = getPreset(id);
    it(`${id}: ${SEEDS} seeded games read well to every reader`, () => {
      const found: string[] = [];
      for (let seed = 1; seed <= SEEDS; seed++)
        for (const p of problems(preset, play(preset, seed))) found.push(`seed ${seed}: ${p}`);
      expect([...new Set(found)].slice(0, 30)).toEqual([]);
    }, 300_000);
  }
});
