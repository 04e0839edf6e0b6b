/**
 * `turnkit play --seat P1` (alias `--human P1`): a person answers one seat's decisions at the
 * terminal. Each decision is shown as that player sees it (`Game.viewFor`: the prompt and the
 * option labels, never a card hidden from them), with numbered options; the answer is read from a
 * line of input (a terminal, or answers piped in). `?` prints help, `u` undoes the seat's last
 * choice (the game goes back to the snapshot taken before it), `q` quits.
 */
import { createInterface } from "node:readline";
import { InvalidArgumentError } from "commander";
import type { Action, Game, Snapshot } from "../core/game.js";
import type { DecisionView } from "../core/view.js";

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
  "  ?, help   this help, and what you hold",
  "  u, undo   take back your last choice (the game goes back to just before it)",
  "  q, quit   stop the game here",
];

/** What the seat's turn at the terminal came to. */
export type HumanAnswer = { kind: "act"; action: Action } | { kind: "undone" } | { kind: "quit" };

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
  ) {}

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
      if (text === "u" || text === "undo") {
        const last = this.history.pop();
        if (!last) {
          this.out("Nothing to undo: you have made no choice yet.\n");
          continue;
        }
        game.restore(last.snapshot);
        responses.length = last.responses;
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

  private help(game: Game): void {
    const view = game.viewFor(this.seat);
    const lines = [...HUMAN_HELP, ""];
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
}
