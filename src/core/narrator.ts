/**
 * A game's narration as a stream of lines: `narrate` words each entry, and the Narrator makes the
 * lines read as what happened, each thing said once —
 *
 * - an answer is told by the events it causes when a line after it (before the next answer that
 *   does more than let the moment pass) is about a card its option names ("Charge Holy Awe" →
 *   "P1 charges Holy Awe into their mana zone."), and said as question → answer only when
 *   nothing tells it; an answer that only lets the moment pass says nothing (narrate.ts);
 * - a card's move is told by the preset's event about it that follows ("P1 plays Plains." says
 *   the land moved), which comes before the abilities the move triggered and the cards put under
 *   it;
 * - the same line twice in a row is one line with "(×2)".
 *
 * It reads only the entries as the viewer is told them (`tell`), so what it leaves out or merges
 * says nothing the viewer may not know. Lines wait for the next answer, so call `flush()`
 * before anything else is printed (a question to a person) and at the end.
 */
import type { Game } from "./contract/game.js";
import type { JsonObject } from "./json.js";
import { KERNEL_EVENTS } from "./kernel-events.js";
import { idsInChoice, type NarratedLine, type Told, tell } from "./narrate.js";
import type { LogEntry, PlayerId } from "./types.js";

interface HeldAnswer {
  told: Said;
  /** The handles its option names, and the handles those cards took since: a line about one tells it. */
  ids: Set<string>;
}

/** A told entry with a line. */
type Said = Told & { line: NarratedLine };

export class Narrator {
  /** Answers since the last lines were said, in order. */
  private answers: HeldAnswer[] = [];
  /** Lines after those answers, in order. */
  private held: Said[] = [];
  private last: { told: Said; times: number } | null = null;

  /** `out` gets each line and the entry it tells, as the viewer is told it. */
  constructor(
    private readonly game: Game,
    private readonly viewer: PlayerId | null,
    private readonly out: (line: NarratedLine, told: Told) => void,
  ) {}

  /** Narrates the next log entry (entries come in log order). */
  push(entry: LogEntry): void {
    const told = tell(this.game, entry, this.viewer);
    if (told === null) return;
    const e = told.entry;
    if (e.type === "decision") {
      // An answer that lets the moment pass changes nothing: what the answers before it cause
      // may still come (a Summon after the window to negate it).
      if (!told.line) return;
      // Another answer: what the answers before it caused has all been said.
      if (this.held.length > 0) this.settle();
      const data = (e.data ?? {}) as JsonObject;
      const ids = typeof data.choice === "string" ? idsInChoice(data.choice) : [];
      // The card the question was about (Decision.about): what happens to it tells the answer.
      if (typeof data.about === "string") ids.push(data.about);
      this.answers.push({ told: told as Said, ids: new Set(ids) });
      return;
    }
    // A card that changed zones has a new handle (view.ts): an answer naming it follows it.
    if (typeof e.hWas === "string" && typeof e.h === "string")
      for (const a of this.answers) if (a.ids.has(e.hWas)) a.ids.add(e.h);
    if (told.line) this.held.push(told as Said);
  }

  /** Prints every line still waiting. */
  flush(): void {
    this.settle();
    if (this.last) this.print(this.last.told, this.last.times);
    this.last = null;
  }

  /** Says the waiting answers that no waiting line tells, then the waiting lines. */
  private settle(): void {
    const held = this.held;
    this.held = [];
    const about = new Set(
      held.flatMap((t) => [t.entry.h, t.entry.hWas]).filter((h): h is string => typeof h === "string"),
    );
    for (const a of this.answers) if (![...a.ids].some((id) => about.has(id))) this.emit(a.told);
    this.answers = [];
    for (let i = 0; i < held.length; i++) {
      const told = held[i]!;
      const restatedAt = told.entry.type === "move" && !told.byPreset ? restatement(held, i) : -1;
      if (restatedAt < 0) {
        this.emit(told);
        continue;
      }
      // The preset's line says the move; the abilities it triggered come after it.
      this.emit(held[restatedAt]!);
      for (let j = i + 1; j < restatedAt; j++) this.emit(held[j]!);
      i = restatedAt;
    }
  }

  /** A line to print, merged with the one before when it says the same. */
  private emit(told: Said): void {
    const last = this.last;
    const line = told.line;
    if (last && last.told.line.depth === line.depth && last.told.line.text === line.text) {
      last.times++;
      return;
    }
    if (last) this.print(last.told, last.times);
    this.last = { told, times: 1 };
  }

  private print(told: Said, times: number): void {
    const line = told.line;
    this.out(times === 1 ? line : { depth: line.depth, text: `${line.text} (×${times})` }, told);
  }
}

/** Lines of an ability triggering: it triggers, or its limit is used or refuses it as it does. */
const TRIGGERING = new Set(["trigger", "limitUsed", "limitRefused"]);

/**
 * Where in `held` the preset's own event tells the kernel's move at `i`: the first line after it
 * that isn't an ability triggering or a card put under it, when it is the preset's event about the
 * same card as it is now (same object, same incarnation); -1 when none does.
 */
function restatement(held: readonly Said[], i: number): number {
  const m = held[i]!.entry;
  let j = i + 1;
  // Abilities it triggered (and their limits), and cards put under it (an evolution's sources),
  // come between.
  const between = (e: LogEntry) =>
    TRIGGERING.has(e.type) || (e.type === "putUnder" && (e.data as JsonObject | undefined)?.top === m.obj);
  while (j < held.length && between(held[j]!.entry)) j++;
  const n = held[j];
  if (!n?.byPreset) return -1;
  const e = n.entry;
  return !(e.type in KERNEL_EVENTS) && e.obj !== undefined && e.obj === m.obj && e.inc === m.inc ? j : -1;
}

/** The narration of a list of log entries, as `viewer` reads it (a Narrator over them). */
export function narrateLog(
  game: Game,
  entries: readonly LogEntry[],
  viewer: PlayerId | null = null,
): NarratedLine[] {
  const lines: NarratedLine[] = [];
  const narrator = new Narrator(game, viewer, (l) => lines.push(l));
  for (const e of entries) narrator.push(e);
  narrator.flush();
  return lines;
}
