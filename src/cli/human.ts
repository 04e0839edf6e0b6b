/**
 * `turnkit play --seat P1` (alias `--human P1`): a person answers one seat's decisions at the
 * terminal. Each decision is shown as that player sees it (`Game.viewFor`: the prompt and the
 * option labels, never a card hidden from them), with numbered options; the answer is read from a
 * line of input (a terminal, or answers piped in). `?` prints help and the board, `u` undoes the
 * seat's last choice (the game goes back to the snapshot taken before it), `q` quits.
 *
 * Stops and auto-pass (src/play/stops.ts, docs/stops.md): a decision where passing is no real
 * choice answers itself; `s` lists the stops and `s N` sets or clears one, `a` turns auto-pass on
 * or off, `e` passes until the end of the turn, `n` until something happens.
 */
import { createInterface } from "node:readline";
import { InvalidArgumentError } from "commander";
import type { Action, Game, Snapshot } from "../core/game.js";
import type { DecisionView, PlayerView } from "../core/view.js";
import { stopTableOf } from "../play/preset-stops.js";
import { autoAnswer, passUntil, type SeatStops, withStop } from "../play/stops.js";

/** Reads one line of input, or null at the end of the input. */
export type ReadLine = () => Promise<string | null>;

/** Lines of `input` one at a time (a terminal or a pipe): readline's iterator, read on demand. */
export function lineReader(input: NodeJS.ReadableStream = process.stdin): ReadLine {
  let it: AsyncIterator<string> | undefined;
  return async () => {
    it ??= createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false })[
      Symbol.asyncIterator
    ]();
    const r = await it.next();
    return r.done ? null : r.value;
  };
}

/** Lines of a fixed list (tests, and answers given up front). */
export function linesOf(lines: readonly string[]): ReadLine {
  let i = 0;
  return async () => (i < lines.length ? lines[i++]! : null);
}

/** A `--seat` value: a player's name "P1"… or their number 1…; checked against the player count later. */
export function parseSeat(value: string): number {
  const m = /^\s*(?:p(?:layer)?\s*)?(\d{1,3})\s*$/i.exec(value);
  if (!m || Number(m[1]) < 1)
    throw new InvalidArgumentError(`"${value}" is not a seat: give a player as P1, P2 … (or 1, 2 …).`);
  return Number(m[1]) - 1;
}

export const HUMAN_HELP = [
  "Answer with the number of an option.",
  "  ?, help   this help, life totals and the board as you see it",
  "  u, undo   take back your last choice (the game goes back to just before it)",
  "  s         list your stops; s N sets or clears stop N",
  "  a         turn auto-pass on or off",
  "  e         pass until the end of this turn (unless another player acts)",
  "  n         pass until something happens (another player acts, or your next turn)",
  "  q, quit   stop the game here",
];

/** Player variables worth a line in the summary, in this order (life, Life Points, mana …). */
const MAIN_VARS = ["life", "lp", "LP", "mana", "poison", "energy"];

/** What the seat's turn at the terminal came to; `again`: the settings changed, ask the policy again. */
export type HumanAnswer =
  | { kind: "act"; action: Action }
  | { kind: "undone" }
  | { kind: "again" }
  | { kind: "quit" };

/**
 * One seat played by a person. `choose` asks until it gets a usable answer; an undo restores the
 * game and shortens `responses` (the replay's record) to what it was before that choice.
 */
export class HumanSeat {
  private readonly history: { snapshot: Snapshot; responses: number; turn: number }[] = [];

  constructor(
    readonly seat: number,
    private readonly read: ReadLine,
    private readonly out: (text: string) => void,
    /** The seat's stops and auto-pass (`defaultSeatStops(preset)`); null: every decision is asked. */
    public stops: SeatStops | null = null,
  ) {}

  /**
   * The seat's answer when its pending decision answers itself (stops and auto-pass), told in one
   * line unless passing was the only option; null when the person decides.
   */
  autoPass(game: Game): Action | null {
    if (!this.stops) return null;
    const view = game.viewFor(this.seat);
    const { answer, seat } = autoAnswer(view, this.stops);
    this.stops = seat;
    const d = view.decision as DecisionView | null;
    if (!answer || !d) return null;
    if (answer.why !== "the only option") this.out(`  ↷ ${answer.label} (${answer.why})\n`);
    return { player: this.seat, decision: d.id, choice: answer.choice };
  }

  async choose(game: Game, responses: [number, string][]): Promise<HumanAnswer> {
    const view = game.viewFor(this.seat);
    const d = view.decision as DecisionView | null;
    if (!d || !("options" in d)) throw new Error(`no decision of ${game.playerName(this.seat)} is pending`);
    this.show(game, d);
    for (;;) {
      this.out(`Choose ${d.options.length === 1 ? "1" : `1–${d.options.length}`} (? help, u undo, q quit): `);
      const line = await this.read();
      if (line === null) {
        this.out("\nThe input ended: the game stops here.\n");
        return { kind: "quit" };
      }
      const text = line.trim().toLowerCase();
      if (text === "q" || text === "quit" || text === "exit") return { kind: "quit" };
      if (text === "?" || text === "h" || text === "help") {
        this.help(game);
        continue;
      }
      const stopsCommand = /^s(?:tops?)?(?:\s+(\d+))?$/.exec(text);
      if (stopsCommand) {
        if (this.setStop(game, stopsCommand[1])) return { kind: "again" };
        continue;
      }
      if (text === "a" || text === "auto") {
        if (!this.stops) this.stops = { autoPass: false, stops: [], mode: { kind: "none" } };
        this.stops = { ...this.stops, autoPass: !this.stops.autoPass };
        this.out(`Auto-pass is ${this.stops.autoPass ? "on" : "off"}.\n`);
        return { kind: "again" };
      }
      if (text === "e" || text === "n") {
        if (!this.stops) this.stops = { autoPass: false, stops: [], mode: { kind: "none" } };
        this.stops = passUntil(view, this.stops, text === "e" ? "endOfTurn" : "untilSomething");
        this.out(
          text === "e" ? "Passing until the end of this turn.\n" : "Passing until something happens.\n",
        );
        return { kind: "again" };
      }
      if (text === "u" || text === "undo") {
        const last = this.history.pop();
        if (!last) {
          this.out("Nothing to undo: you have made no choice yet.\n");
          continue;
        }
        game.restore(last.snapshot);
        responses.length = last.responses;
        // Back before a "pass until …": it would pass the decision just taken back.
        if (this.stops) this.stops = { ...this.stops, mode: { kind: "none" } };
        this.out(`↶ Undone: back to your decision of turn ${last.turn}.\n`);
        return { kind: "undone" };
      }
      if (!/^\d+$/.test(text)) {
        this.out(`"${line.trim()}" is not an option number. Type ? for help.\n`);
        continue;
      }
      const n = Number(text);
      if (n < 1 || n > d.options.length) {
        this.out(`There is no option ${n}: choose 1 to ${d.options.length}.\n`);
        continue;
      }
      const option = d.options[n - 1]!;
      this.history.push({
        snapshot: game.snapshot(),
        responses: responses.length,
        turn: game.state.clock.turn.id,
      });
      return { kind: "act", action: { player: this.seat, decision: d.id, choice: option.id } };
    }
  }

  private show(game: Game, d: DecisionView): void {
    // CR 722.4: controlling another player's turn, the seat decides for them.
    const forWhom = d.for !== undefined ? ` (for ${game.playerName(d.for)}, whose turn you control)` : "";
    const lines = [`\n▶ ${game.playerName(this.seat)}, your decision${forWhom}: ${d.prompt}`];
    d.options.forEach((o, i) => {
      lines.push(`  ${String(i + 1).padStart(String(d.options.length).length)}. ${o.label}`);
    });
    this.out(`${lines.join("\n")}\n`);
  }

  /** `s` lists the stops; `s N` sets or clears stop N (then true: ask the policy again). */
  private setStop(game: Game, n: string | undefined): boolean {
    const table = stopTableOf(game.state.preset).stops;
    const seat = this.stops ?? { autoPass: true, stops: [], mode: { kind: "none" } };
    if (table.length === 0) {
      this.out(
        `${game.rules.preset.name} has no stops: only a decision whose one option is a pass answers itself.\n`,
      );
      return false;
    }
    if (n !== undefined) {
      const stop = table[Number(n) - 1];
      if (!stop) {
        this.out(`There is no stop ${n}: give 1 to ${table.length}.\n`);
        return false;
      }
      const on = !seat.stops.includes(stop.id);
      this.stops = withStop(seat, stop.id, on);
      this.out(`${on ? "Stops at" : "No longer stops at"}: ${stop.label}.\n`);
      return true;
    }
    const lines = [`Stops (auto-pass ${seat.autoPass ? "on" : "off"}; s N sets or clears one):`];
    table.forEach((s, i) => {
      lines.push(`  ${String(i + 1).padStart(2)}. [${seat.stops.includes(s.id) ? "x" : " "}] ${s.label}`);
    });
    this.out(`${lines.join("\n")}\n`);
    return false;
  }

  private help(game: Game): void {
    const view = game.viewFor(this.seat);
    const lines = [...HUMAN_HELP, "", ...this.summary(game, view), ""];
    for (const z of Object.values(view.zones)) {
      if (z.count === 0) continue;
      const owner = z.owner === null ? "" : `${game.playerName(z.owner)}'s `;
      const label = game.rules.zoneDefs.get(z.kind)?.label ?? z.kind;
      const seen = z.cards
        .map((c) => ("hidden" in c ? null : c.name))
        .filter((n): n is string => typeof n === "string");
      lines.push(
        `  ${owner}${label}: ${z.count} card${z.count === 1 ? "" : "s"}${seen.length ? ` — ${seen.join(", ")}` : ""}`,
      );
    }
    this.out(`${lines.join("\n")}\n`);
  }

  /** Turn and step, and each player's life (or Life Points, mana …) and card counts. */
  private summary(game: Game, view: PlayerView): string[] {
    const step = view.path.at(-1) ?? "";
    const lines = [
      `Turn ${view.turn.id}, ${game.playerName(view.turn.player)}'s turn${step ? ` (${step})` : ""}.`,
    ];
    for (const p of view.players) {
      const vars = MAIN_VARS.filter((k) => typeof p.vars[k] === "number").map((k) => `${k} ${p.vars[k]}`);
      const zones = Object.values(view.zones)
        .filter((z) => z.owner === p.id && z.count > 0)
        .map((z) => `${game.rules.zoneDefs.get(z.kind)?.label ?? z.kind} ${z.count}`);
      lines.push(`  ${p.name}${p.id === this.seat ? " (you)" : ""}: ${[...vars, ...zones].join(" · ")}`);
    }
    return lines;
  }
}
