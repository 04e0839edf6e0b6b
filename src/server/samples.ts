/**
 * The `sample` message: a seat asks for determinizations of the game from its own point of view —
 * whole game states consistent with everything the seat sees, the cards hidden from it dealt
 * again (src/agents/determinize.ts) — so a client can search (ISMCTS) without the server's game.
 *
 * Why it can't reveal a hidden card: the samples are `determinizer(game, seat).deal(rng)` with `rng`
 * seeded from the client's seed, the decision's id and the seat — all known to the seat — and
 * `determinize` gives the same samples, byte for byte, for two games that differ only in cards
 * hidden from the seat (tests/agents/fair-search.test.ts; on the wire, tests/server/samples.test.ts).
 * What determinize needs besides the seat's view is each owner's cards as a whole (the deck
 * lists), so a game answers only when its deck lists are known to every seat: the preset's own
 * decks (no `decks` at creation), or `openDecks: true`. A hidden card named by engine work in
 * progress keeps its identity in a determinization (determinize.md), so then the answer is a
 * refusal, not samples. Every refusal reads only what the seat knows: the game's creation
 * options, whose decision is pending, its id, and what the seat already asked.
 *
 * Bounds (it costs CPU: a few milliseconds per sample): only the seat whose decision is pending,
 * for itself, at that decision; at most `samplesPerMessage` per message and `samplesPerDecision`
 * per seat and decision (however many connections); an answer stops adding saves at
 * `samplesBytes`. Spectators can't ask.
 */
import { DeterminizeError, type Determinizer, determinizer } from "../agents/determinize.js";
import { seedRng } from "../core/rng.js";
import type { PlayerId } from "../core/types.js";
import { type ErrorMessage, errorMessage, type SampleMessage, WIRE_LIMITS } from "./protocol.js";
import type { Room } from "./room.js";

/** Per room and seat: the decision it was last dealt samples at, how many, and that position's sampler (read once). */
interface Dealt {
  decision: number;
  count: number;
  sampler: Determinizer;
}
const spent = new WeakMap<Room, Map<PlayerId, Dealt>>();

/** Whether every seat of the game may know every deck list (what a determinization is dealt from). */
export function decksKnown(room: Room): boolean {
  return room.record.decks === undefined || room.record.openDecks === true;
}

/**
 * The answer to a seat's `sample` message: the `samples` message as JSON text, or the error to send
 * back. `seat` is the connection's seat (null: a spectator).
 */
export function sampleAnswer(room: Room, seat: PlayerId | null, msg: SampleMessage): string | ErrorMessage {
  if (seat === null) return errorMessage("spectator", "a spectator can't ask for samples", "sample");
  if (room.broken) return errorMessage("unavailable", "the game is being reloaded; try again", "sample");
  if (room.over) return errorMessage("game-over", "the game is over", "sample");
  if (!decksKnown(room))
    return errorMessage(
      "samples-unavailable",
      "this game's deck lists are private, and a sample is dealt from them; a game created with openDecks: true (or with the preset's own decks) answers",
      "sample",
    );
  const game = room.game;
  const d = game.decision;
  if (!d || d.player !== seat)
    return errorMessage(
      "not-your-decision",
      "samples are dealt only at your own pending decision",
      "sample.decision",
    );
  if (d.id !== msg.decision)
    return errorMessage(
      "stale-decision",
      `decision ${msg.decision} is not pending; the pending one is ${d.id}`,
      "sample.decision",
    );
  const bySeat = spent.get(room) ?? new Map<PlayerId, Dealt>();
  spent.set(room, bySeat);
  const used = bySeat.get(seat);
  const before = used?.decision === d.id ? used.count : 0;
  const left = WIRE_LIMITS.samplesPerDecision - before;
  if (left <= 0)
    return errorMessage(
      "rate-limited",
      `at most ${WIRE_LIMITS.samplesPerDecision} samples per decision; this one has had them`,
      "sample.count",
    );
  // What is hidden from the seat and what it remembers, read once per decision (a decision's id
  // names one state: any response makes a new decision).
  const sampler = used?.decision === d.id ? used.sampler : determinizer(game, seat, { log: false });
  if (sampler.unknown.pinned.length > 0)
    return errorMessage(
      "samples-unavailable",
      "a card hidden from you is in use by the rules now (its identity is committed); ask at a later decision",
      "sample",
    );
  const rng = seedRng(JSON.stringify(["turnkit/samples", msg.seed, d.id, seat]));
  const saves: string[] = [];
  let bytes = 0;
  const count = Math.min(msg.count, left);
  for (let i = 0; i < count && bytes < WIRE_LIMITS.samplesBytes; i++) {
    let save: string;
    try {
      save = sampler.deal(rng).serialize();
    } catch (e) {
      if (e instanceof DeterminizeError) return errorMessage("samples-unavailable", e.message, "sample");
      throw e;
    }
    saves.push(save);
    bytes += save.length;
  }
  bySeat.set(seat, { decision: d.id, count: before + saves.length, sampler });
  // The saves are the kernel's JSON text already: put in as they are, not parsed and written again.
  return `{"type":"samples","decision":${d.id},"saves":[${saves.join(",")}]}`;
}
